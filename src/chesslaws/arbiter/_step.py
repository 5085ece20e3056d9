"""The arbiter as a function: ``step(state, event) -> (next state, rulings)``.

:func:`step` never changes the state it is given, reads no clock and does no I/O: time comes
from the events, so folding the same events over the same state always gives the same states and
the same rulings. The handler of an event is found by the event's type in one table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from chesslaws._errors import ChessLawsError, InvalidEvent
from chesslaws._words import Words, joined, said
from chesslaws.core import Position

from ._adjourn import on_adjourn, while_adjourned
from ._after import on_sign
from ._appendix_d import ANNOUNCED
from ._arrival import absent_lose, check_present, on_arrive
from ._blind import on_announce, on_feel, on_request_time, with_appendix_d
from ._board import BoardState, starting_board
from ._claims import (
    on_accept,
    on_arbiter,
    on_claim,
    on_decline,
    on_offer,
    on_pause,
    on_resign,
    on_spectator,
    on_tick,
)
from ._clockface import ClockState
from ._draft import Draft, Rejected, board_ending, end_by_board, open_draft, pair
from ._events import (
    AFTER_THE_GAME,
    Accept,
    Adjourn,
    Adjust,
    AgreeCorrection,
    Announce,
    Arbiter,
    Arrive,
    Claim,
    ClaimKind,
    Decline,
    Depart,
    Event,
    Feel,
    Mode,
    MoveMade,
    Offer,
    OpenEnvelope,
    Pause,
    Press,
    Record,
    RequestScoresheet,
    RequestTime,
    Resign,
    ResumeSession,
    Seal,
    Sign,
    SpectatorRemark,
    Start,
    Tick,
    Touch,
    Variant,
    parse_event,
)
from ._moves import complete_record, on_adjust, on_move, on_press, on_touch
from ._profile import Profile
from ._recording import on_record, on_request
from ._restore import on_agree_correction
from ._rulings import Ruling, RulingKind, brief
from ._search import LossOrDraw, answering
from ._state import BOTH_PRESENT, GameState
from ._time import Millis, ms_to_seconds

__all__ = ["HANDLERS", "step", "step_at", "step_line", "unreadable"]


def _on_start(d: Draft, event: Start, idx: int) -> list[Ruling]:
    """The game starts: the position, the clock (White's runs, 6.6) and the rules are set."""
    if d.start is not None:
        raise Rejected(Words("the game has already started"))
    chess960 = event.variant is Variant.CHESS960
    try:
        if event.fen is not None:
            board = BoardState.start(Position.from_fen(event.fen, chess960=chess960))
        elif chess960:
            raise Rejected(Words("a chess960 game needs its starting 'fen' (Guidelines II.1)"))
        else:
            board = starting_board()
    except ChessLawsError as error:
        raise Rejected(Words("bad 'fen': {error}", error=error)) from None
    position = board._position
    clock: ClockState | None = None
    mode = event.mode
    if event.time_controls is not None:
        white, black = event.time_controls
        try:
            clock = ClockState.create(white, position.side_to_move, black)
        except ChessLawsError as error:
            raise Rejected(Words("bad 'time_controls': {error}", error=error)) from None
    elif event.time_control is not None:
        try:
            clock = ClockState.create(event.time_control, position.side_to_move)
        except ChessLawsError as error:
            raise Rejected(Words("bad 'time_control': {error}", error=error)) from None
    if mode is None and clock is not None:
        mode = clock.mode
    d.start = event
    d.profile = Profile(mode or Mode.STANDARD, event.rules, d.mate_budget)
    d.board = board
    d.clock = clock
    d.running = position.side_to_move
    d.last_at = Millis(0)
    if event.rules.appendix_d is not None:  # D.1: a visually disabled player plays
        d.blind = ANNOUNCED
    if event.rules.arrivals:  # 6.7: the players are not at the board until they arrive
        d.players = replace(d.players, present=(False, False))
    ending = board_ending(d, d.board)
    if ending is not None:
        return end_by_board(d, ending, Millis(0), idx)
    return []


def _on_presence(d: Draft, event: Arrive | Depart, idx: int) -> list[Ruling]:
    """A player arrives or leaves (6.6, 6.7): logged, nothing to rule."""
    del d, event, idx
    return []


_Handler = Callable[[Draft, Any, int], list[Ruling]]


def _not_adjourned(d: Draft, event: Event, idx: int) -> list[Ruling]:
    """Sealing and resumption events in a game that is not adjourned (Guidelines I)."""
    raise Rejected(
        Words(
            "the game is not adjourned: no {kind} (Guidelines I.1)", kind=type(event).__name__
        )
    )


HANDLERS: dict[type, _Handler] = {
    MoveMade: on_move,
    Press: on_press,
    Touch: on_touch,
    Adjust: on_adjust,
    Offer: on_offer,
    Accept: on_accept,
    Decline: on_decline,
    Claim: on_claim,
    Resign: on_resign,
    Tick: on_tick,
    Arbiter: on_arbiter,
    Pause: on_pause,
    Arrive: on_arrive,
    Depart: _on_presence,
    Record: on_record,
    Sign: on_sign,
    RequestScoresheet: on_request,
    AgreeCorrection: on_agree_correction,
    SpectatorRemark: on_spectator,
    Adjourn: on_adjourn,
    Seal: _not_adjourned,
    ResumeSession: _not_adjourned,
    OpenEnvelope: _not_adjourned,
    Feel: on_feel,
    Announce: on_announce,
    RequestTime: on_request_time,
}
"""The handler of each kind of event after the start: a function of (draft, event, index)."""


def step(
    state: GameState,
    event: Event,
    *,
    index: int | None = None,
    loss_or_draw: LossOrDraw | None = None,
) -> tuple[GameState, list[Ruling]]:
    """The state after ``event`` and the rulings it causes (often none).

    ``index`` is the event's 0-based line number in its log (default: ``state.index``). An
    event that cannot be taken gets a single ``rejected`` ruling and changes nothing but the
    index. ``state`` is not changed. ``loss_or_draw`` answers "can the opponent still
    checkmate?" when a player loses by a rule (default :func:`chesslaws.endings.loss_or_draw`;
    see :mod:`chesslaws.arbiter._search`: an answerer may raise to have the search run
    elsewhere, and the exception passes through, the state unchanged).

    >>> from chesslaws.arbiter import GameState, parse_event
    >>> state, rulings = step(GameState(), parse_event('{"type": "start", "time_control": "60"}'))
    >>> state, rulings = step(state, parse_event('{"type": "resign", "at": 5, "by": "white"}'))
    >>> state.result, state.reason, rulings[0].reason
    (<Result.BLACK_WINS: '0-1'>, <Reason.RESIGNATION: 'resignation'>, 'resignation')
    """
    idx = state.index if index is None else index
    if loss_or_draw is None:
        return step_at(state, event, idx)
    with answering(loss_or_draw):
        return step_at(state, event, idx)


def step_at(state: GameState, event: Event, idx: int) -> tuple[GameState, list[Ruling]]:
    """:func:`step` for the event numbered ``idx`` (the call :class:`~._game.Game` makes).

    Most events go straight to their handler: the game is under way, not adjourned, both
    players are at the board and no Appendix D announcement is pending
    (:attr:`~._state.Particulars.ordinary`), the event is not earlier than the last, and no
    touch-move breach that ended the game awaits its claim. :func:`_rule_in_general` takes the
    others.
    """
    draft = open_draft(state)
    draft.index = idx + 1
    at = event.at
    handler = HANDLERS.get(type(event))
    breach = draft.breach
    try:
        if (
            draft.particulars.ordinary
            and handler is not None
            and at >= draft.last_at
            and (breach is None or breach.ending is None)
        ):
            rulings = handler(draft, event, idx)
            draft.last_at = at
        else:
            rulings = _rule_in_general(draft, event, idx)
    except Rejected as rejection:
        rejected = Ruling(idx, at, RulingKind.REJECTED, reason=brief(said(rejection)))
        return _skipped(state, idx), [rejected]
    draft.__class__ = GameState  # type: ignore[assignment]  # draft.freeze(), inline
    return draft, rulings  # type: ignore[return-value]


def _rule_in_general(draft: Draft, event: Event, idx: int) -> list[Ruling]:
    """The rulings of ``event`` on ``draft`` (changed in place), or :class:`Rejected`, for any
    event (:func:`step_at` hands most to their handler at once): the start, an event the game's
    time or phase refuses, and the adjournment, an absent player, a breach that ended the game
    and Appendix D."""
    at = event.at
    if type(event) is Start:
        return _on_start(draft, event, idx)
    if draft.start is None or draft.ending is not None or at < draft.last_at:
        _check_time(draft, at, event)  # a rejection, unless an act allowed after the game
    handler = HANDLERS.get(type(event))
    if handler is None:
        raise Rejected(Words("unknown event {event}", event=repr(event)))
    if draft.adjourned is not None:  # Guidelines I takes every event
        rulings = while_adjourned(draft, event, idx, handler)
        draft.last_at = at
        return rulings
    if draft.players.present is not BOTH_PRESENT:
        rulings = _absence(draft, event, idx)
        if rulings:
            return rulings
    breach = draft.breach
    if breach is not None and breach.ending is not None:
        rulings = _after_ending_breach(draft, event, idx, handler)
    elif draft.blind is not None:  # Appendix D: D.2.3-D.2.4
        rulings = with_appendix_d(draft, event, idx, handler)
    else:
        rulings = handler(draft, event, idx)
    draft.last_at = at
    return rulings


def _absence(d: Draft, event: Event, idx: int) -> list[Ruling]:
    """6.7.1 while a player is not at the board: a look at the clock after the default time
    rules the absence; a player who has not arrived does nothing but arrive."""
    if isinstance(event, Tick):
        return absent_lose(d, event.at, idx)
    by = getattr(event, "by", None)
    if by is not None and not isinstance(event, (Arrive, Depart)):
        check_present(d, by)
    return []


def _after_ending_breach(d: Draft, event: Event, idx: int, handler: _Handler) -> list[Ruling]:
    """Claim mode: the last move broke touch-move and mated, stalemated or left a dead position.

    It ends the game (5.1.1, 5.2.1, 5.2.2) only once the opponent lets the claim go (4.8): his
    claim of the breach (or the arbiter's observing it) takes the move back; any other act of
    his (a touch, a move, a press, an offer, another claim, resigning, pausing) ends the game
    as the board stood, before that act is taken. Acts of the mover and of the arbiter, and
    ticks, are taken as usual.
    """
    breach = d.breach
    assert breach is not None and breach.ending is not None
    by = getattr(event, "by", None)
    claims_it = isinstance(event, Claim) and event.kind is ClaimKind.TOUCH_MOVE
    if by is not breach.by.other or claims_it or type(event) in (Arrive, Depart):
        return handler(d, event, idx)
    ending = breach.ending
    mover = breach.by
    d.breach = None
    complete_record(d, mover, event.at)
    d.uncompleted = pair(d.uncompleted, mover, False)
    rulings = end_by_board(d, ending, event.at, idx)
    last = rulings[-1]
    note = Words("the touch-move breach was not claimed (4.8)")
    rulings[-1] = replace(last, note=joined(last.note, note) if last.note else note)
    return rulings


def step_line(
    state: GameState, line: str, *, index: int | None = None
) -> tuple[GameState, list[Ruling]]:
    """:func:`step` for one JSON line of an event log; a line that cannot be read gets a
    ``rejected`` ruling naming the line and the field, and changes nothing but the index."""
    idx = state.index if index is None else index
    try:
        event = parse_event(line, idx)
    except InvalidEvent as error:
        return unreadable(state, idx, error)
    return step(state, event, index=idx)


def unreadable(state: GameState, idx: int, error: InvalidEvent) -> tuple[GameState, list[Ruling]]:
    """Line ``idx`` of the log is no event: a ``rejected`` ruling naming the line and field."""
    rejected = Ruling(idx, None, RulingKind.REJECTED, reason=brief(said(error)))
    return _skipped(state, idx), [rejected]


def _skipped(state: GameState, idx: int) -> GameState:
    """``state`` with only its index moved past a rejected event."""
    draft = open_draft(state)
    draft.index = idx + 1
    return draft.freeze()


def _after_the_game(event: Event) -> bool:
    """Whether ``event`` may come once the game is over: the arbiter amending the result or
    ruling on a device found after it, the players signing (8.7, 11.3.2, 11.10, 12.9)."""
    if isinstance(event, Sign):
        return True
    return isinstance(event, Arbiter) and event.action in AFTER_THE_GAME


def _check_time(d: Draft, at: Millis, event: Event) -> None:
    """Raise :class:`Rejected` if the game has not started, is over (unless ``event`` is one
    of the arbiter's acts after the game), or ``at`` is earlier than the last event."""
    if d.start is None:
        raise Rejected(Words("the game has not started (the first event must be 'start')"))
    if d.ending is not None and not _after_the_game(event):
        raise Rejected(
            Words(
                "the game is over ({result}, {reason})",
                result=d.ending.result.value,
                reason=d.ending.reason.value,
            )
        )
    if at < d.last_at:
        raise Rejected(
            Words(
                "time goes backwards: {at} s after {last_at} s",
                at=ms_to_seconds(at),
                last_at=ms_to_seconds(d.last_at),
            )
        )
