"""Recording the moves (Article 8): the players' own scoresheets and when the duty lapses.

8.1.1: each player records his own moves and his opponent's, move after move. A ``record``
event is what a player writes, the next entry of his sheet; it is compared with the moves
standing (the arbiter's record): a different entry is noted, an entry for a move not yet made
is a move written in advance (8.1.2) and not counted. 8.1.3: "The player must record his/her
previous move before making another" — with the ``scoresheets`` rule, a move made while the
player's previous move is not on his sheet is noted (the arbiter acts under 12.9 as he
judges), unless 8.4 frees him or the game is rapid or blitz (A.2, B.3).

8.4: "If a player has less than five minutes left on his/her clock during an allotted period
of time and does not have additional time of 30 seconds or more added with each move, then
for the remainder of the period he/she is not obliged to meet the requirements of Article
8.1.1." The arbiter notes the moment it begins: at the press of the move during which the
player's time went under five minutes (standard play only: rapid and blitz players need not
record at all, A.2, B.3).
"""

from __future__ import annotations

from dataclasses import replace

from chesslaws._color import Color
from chesslaws._words import Words, joined

from ._clockface import ClockState
from ._draft import Draft, Rejected, count, ruling
from ._events import Arbiter, Mode, Record, RequestScoresheet, Start, Supervision
from ._rulings import Penalty, PenaltyKind, Ruling, RulingKind
from ._scoresheet import Scoresheet
from ._state import GameState
from ._time import Millis, ms_to_seconds

__all__ = [
    "last_of",
    "on_reconstruct",
    "on_record",
    "on_request",
    "other_hand",
    "record_before_moving",
    "recording_exempt",
    "recording_exemption",
]

_FIVE_MINUTES = 300_000
_THIRTY_SECONDS = 30_000


def recording_exemption(
    d: Draft, player: Color, own: Scoresheet | None, at: Millis, idx: int
) -> list[Ruling]:
    """8.4 as it begins, at ``player``'s press: his time as he pressed is under five minutes,
    it was not as he pressed his previous move (``own`` ends with the move just completed),
    and his period gives less than 30 s a move. A press that reached the control starts a new
    period: nothing then."""
    state = d.clock
    assert state is not None
    if state.pressed_by is not player or state.time_before >= _FIVE_MINUTES:
        return []
    clock = state.clock
    increment = clock.period_of(player).increment
    if increment >= _THIRTY_SECONDS or state.time_after > state.time_before + increment:
        return []
    earlier = own.before.before if own is not None and own.before is not None else None
    if earlier is not None and earlier.san is not None:
        # His time as he pressed his previous move: what it showed after it, less the
        # increment that press earned (the lowest his clock showed during that move).
        had = earlier.clock - increment if earlier.clock is not None else None
    else:  # his first move: the time his control began with (a sandclock's is its own)
        periods = clock.time_control_of(player).periods
        had = periods[0].time if periods else clock.time_control_of(player).sandclock
    if had is None or had < _FIVE_MINUTES:
        return []
    return [
        ruling(
            idx,
            at,
            RulingKind.SCORESHEET,
            by=player,
            status="exempt",
            article="8.4",
            note=Words(
                "less than five minutes left and no increment of 30 s or more: no duty to record "
                "the moves for the rest of the period"
            ),
        )
    ]


def _same(written: str, san: str, uci: str) -> bool:
    """Whether a scoresheet entry names the move (SAN without check marks, zeros for the
    castling O's, or UCI)."""
    plain = written.replace("0", "O").rstrip("+#!?")
    return plain == san.rstrip("+#") or written == uci


def on_record(d: Draft, event: Record, idx: int) -> list[Ruling]:
    """A player writes the next entry of his scoresheet (8.1.1, 8.1.2)."""
    player = event.by
    entry = d.players.recorded[player]
    if entry >= d.sheet.length:
        note: str = Words(
            "{move} written before the move is made: not counted, struck out (8.1.2)",
            move=repr(event.move),
        )
        return [_noted(event.at, idx, player, "in_advance", "8.1.2", note, event.move)]
    d.players = replace(d.players, recorded=count(d.players.recorded, player, 1))
    ply = d.sheet[entry]
    if _same(event.move, ply.san, ply.uci):
        return []
    note = Words(
        "entry {entry} reads {move}; the move standing is {san}",
        entry=entry + 1,
        move=repr(event.move),
        san=ply.san,
    )
    return [_noted(event.at, idx, player, "differs", "8.1.1", note, event.move)]


def record_before_moving(
    d: Draft, player: Color, own: Scoresheet | None, at: Millis, idx: int
) -> list[Ruling]:
    """8.1.3 at ``player``'s move: his previous move (``own`` ends with it) must be on his
    sheet, unless 8.4 frees him (his clock under five minutes now or as he pressed that move,
    no increment of 30 s) or the game is rapid or blitz."""
    if own is None or own.san is None or d.rules.mode is not Mode.STANDARD:
        return []
    if d.players.recorded[player] >= own.length:
        return []
    if _under_five_minutes(d.clock, player, own, at):
        return []
    note = Words(
        "his move {san} is not on his scoresheet: the arbiter may act under 12.9", san=own.san
    )
    return [_noted(at, idx, player, "not_recorded", "8.1.3", note)]


def _under_five_minutes(
    state: ClockState | None, player: Color, own: Scoresheet | None, at: Millis
) -> bool:
    """8.4 as 8.1.3 is judged: ``player``'s clock is under five minutes at ``at`` or was as he
    pressed his last move (``own`` ends with it), and his period adds less than 30 s a move."""
    if state is None:
        return False
    clock = state.clock
    increment = clock.period_of(player).increment
    if increment >= _THIRTY_SECONDS:
        return False
    pressed_at = own.clock - increment if own is not None and own.clock is not None else None
    return clock.remaining(player, at) < _FIVE_MINUTES or (
        pressed_at is not None and pressed_at < _FIVE_MINUTES
    )


def recording_exempt(state: GameState, player: Color) -> bool:
    """Whether 8.4 frees ``player`` from recording now (at the state's last event), judged as
    the arbiter judges 8.1.3: standard play (rapid and blitz players need not record at all,
    A.2, B.3, so no period of exemption begins there), his clock under five minutes now or as he
    pressed his last move, and less than 30 s added a move. What a page shows (8.4)."""
    profile = state.profile
    if profile is None or profile.mode is not Mode.STANDARD or state.ending is not None:
        return False
    own = last_of(state.sheet, state.start, player)
    return _under_five_minutes(state.clock, player, own, state.last_at)


def last_of(sheet: Scoresheet, start: Start | None, player: Color) -> Scoresheet | None:
    """The sheet ending with ``player``'s last move: the last move is his, or the one before
    it is (the players alternate); ``None`` on an empty sheet."""
    if sheet.san is None:
        return None
    first = start.first_mover if start is not None else Color.WHITE
    return sheet if ((sheet.length - 1) % 2 == 0) is (first is player) else sheet.before


def _noted(
    at: Millis,
    idx: int,
    player: Color,
    status: str,
    article: str,
    note: str,
    move: str | None = None,
) -> Ruling:
    return ruling(
        idx,
        at,
        RulingKind.SCORESHEET,
        by=player,
        status=status,
        article=article,
        move=move,
        note=note,
    )


def on_reconstruct(d: Draft, event: Arbiter, idx: int) -> list[Ruling]:
    """8.5: the scoresheets are brought up to date (8.5.1, 8.5.2, after a flag while the
    players were not recording) or the game is reconstructed on a second board (8.5.3). The
    clocks are paused (the arbiter resumes them) and what 8.5.3 has noted first is logged:
    the position, the clock times, whose clock was running and the moves made."""
    position = d.board.position.fen()
    white, black = d.moved
    note = Words(
        "position {position}; moves made: White {white}, Black {black}",
        position=position,
        white=white,
        black=black,
    )
    state = d.clock
    if state is not None:
        clock = state.clock
        turn = clock.turn if not clock.paused else None
        clocks = Words(
            "clocks: white {white} s, black {black} s; running: {running}; move counters "
            "{white_moves}, {black_moves}",
            white=ms_to_seconds(clock.remaining(Color.WHITE, event.at)),
            black=ms_to_seconds(clock.remaining(Color.BLACK, event.at)),
            running=turn.words if turn is not None else Words("none"),
            white_moves=clock.moves_completed(Color.WHITE),
            black_moves=clock.moves_completed(Color.BLACK),
        )
        note = joined(note, clocks)
        if not state.paused:
            d.clock = state.pause(event.at)
    article = event.article or "8.5.3"
    return [
        ruling(
            idx,
            event.at,
            RulingKind.SCORESHEET,
            status="reconstruction",
            article=article,
            note=note,
        )
    ]


_REQUESTS = 5


def on_request(d: Draft, event: RequestScoresheet, idx: int) -> list[Ruling]:
    """A.4.3 (B.2.3 in blitz): where the arbiter or his assistant records the game, a player may
    ask to see that scoresheet on his own move, at most five times a game; more requests are
    a distraction of the opponent (11.5): warned."""
    profile = d.rules
    if profile.mode is Mode.STANDARD or profile.supervision is not Supervision.FULL:
        raise Rejected(Words("A.4.3 and B.2.3 concern rapid and blitz games the arbiter records"))
    player = event.by
    if d.on_move is not player:
        raise Rejected(Words("{player} may ask only on his own move (A.4.3)", player=player.words))
    requests = count(d.players.requests, player, 1)
    d.players = replace(d.players, requests=requests)
    if requests[player] <= _REQUESTS:
        return []
    article = "A.4.3" if profile.mode is Mode.RAPID else "B.2.3"
    return [
        _warned(
            d,
            event.at,
            idx,
            player,
            article,
            "more than five requests to see the scoresheet: a distraction of the opponent (11.5)",
        )
    ]


def other_hand(d: Draft, player: Color, at: Millis, idx: int) -> list[Ruling]:
    """6.2.3: the clock pressed with the other hand than the one that moved: no illegal move
    (Arbiters' Manual), the arbiter's penalty under 12.9: warned."""
    note = Words("the clock pressed with the other hand than the one that moved (6.2.3; 12.9)")
    return [_warned(d, at, idx, player, "6.2.3", note)]


def _warned(d: Draft, at: Millis, idx: int, player: Color, article: str, note: str) -> Ruling:
    warning = ruling(
        idx,
        at,
        RulingKind.PENALTY,
        by=player,
        article=article,
        penalty=Penalty(PenaltyKind.WARNING, player),
        note=note,
    )
    d.penalties = (*d.penalties, warning)
    return warning
