"""The next state while an event is ruled on, and the helpers every ruling uses.

:func:`chesslaws.arbiter.step` opens a :class:`Draft` on the state it was given: a scratch copy
of the state's fields, each still one of the state's frozen values. A handler replaces fields of
the draft by new values (a new board, a new clock state, a longer scoresheet), never changing a
value itself; ``step`` then freezes the draft into the next :class:`GameState`. A handler that
raises :class:`Rejected` leaves nothing behind: the draft is dropped. The state's particulars
(:class:`~._state.Particulars`) are one field of the draft too; a handler sets one of them as
if it were the draft's own (``d.offers = ...``), which gives the draft new particulars.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeVar

from chesslaws._color import WHITE, Color
from chesslaws._words import Words
from chesslaws.endings import (
    Reason,
    Result,
    Termination,
    Winnability,
    edition_ending,
    ending_article,
    lone_king,
)

from ._appendix_d import Announcement
from ._board import BoardState
from ._clockface import ClockState
from ._envelope import Adjournment
from ._events import Edition, Start
from ._illegal import PendingIllegal
from ._profile import Profile
from ._rulings import Penalty, PenaltyKind, Ruling, RulingKind, RulingStatus
from ._scoresheet import Scoresheet
from ._search import loss_or_draw_now
from ._state import (
    NO_TOUCH,
    Breach,
    Ending,
    GameState,
    Particular,
    Particulars,
    PlayersRecord,
    TouchState,
    current_obligation,
    moves_made,
    on_move,
)
from ._time import Millis
from ._touch import Obligation

__all__ = ["Draft", "Rejected", "open_draft"]


class Rejected(Exception):
    """Raised when an event cannot be taken; the draft is dropped, the state stays as it was."""


T = TypeVar("T")


class _Settable(Particular[T]):
    """A field of the draft's :class:`~._state.Particulars`, read and set as if it were the
    draft's own: setting it gives the draft new particulars (the state's stay as they were)."""

    def __set__(self, d: Draft, value: T) -> None:
        changes: dict[str, Any] = {self.name: value}
        d.particulars = replace(d.particulars, **changes)


class Draft:
    """The fields of the next :class:`GameState` while one event is ruled on.

    A draft (:func:`open_draft`) has exactly the slots of a :class:`GameState`, in the same
    order, so that :meth:`freeze` can turn the draft itself into the state (an object's class
    may be changed between two classes of the same layout) instead of copying its fields into
    a new frozen value: the one step that made the draft is its only holder, and it drops it.
    The particulars read and set as fields of the draft (``d.start``, ``d.offers = ...``); the
    paths every move takes read them at ``d.particulars``, a call shorter.
    """

    __slots__ = GameState.__slots__

    index: int
    board: BoardState
    clock: ClockState | None
    running: Color | None
    last_at: Millis
    sheet: Scoresheet
    touch: TouchState
    uncompleted: tuple[bool, bool]
    breach: Breach | None
    pending: PendingIllegal | None
    particulars: Particulars

    start = _Settable[Start | None]("The ``start`` event.")
    profile = _Settable[Profile | None]("The rules the ``start`` event set.")
    mate_budget = _Settable[int]("The search effort when the rules set none.")
    offers = _Settable[tuple[bool, bool]]("Whether each player's draw offer stands.")
    illegal = _Settable[tuple[int, int]]("Completed illegal moves ruled on, per player.")
    penalties = _Settable[tuple[Ruling, ...]]("Every ruling that carried a penalty.")
    ending = _Settable[Ending | None]("How the game ended.")
    players = _Settable[PlayersRecord]("What the players did beside the board.")
    adjourned = _Settable[Adjournment | None]("The adjournment in progress.")
    blind = _Settable[Announcement | None]("Appendix D: the announcement awaited, if any.")

    def freeze(self) -> GameState:
        """The state this draft describes: the draft itself, now a frozen :class:`GameState`
        (the draft must not be used afterwards)."""
        self.__class__ = GameState  # type: ignore[assignment]
        return self  # type: ignore[return-value]

    # -- reading, as on a state ----------------------------------------------------------------

    @property
    def rules(self) -> Profile:
        profile = self.particulars.profile
        assert profile is not None
        return profile

    @property
    def on_move(self) -> Color:
        return on_move(self.board, self.pending)

    @property
    def moved(self) -> tuple[int, int]:
        return moves_made(self.sheet, self.particulars.start)

    def obligation(self) -> Obligation:
        return current_obligation(self.board, self.touch)


_new = object.__new__


def open_draft(s: GameState) -> Draft:
    """A draft of ``s``: every field of the state, each still the state's value (one is opened
    at every event: a function, whose call costs less than a class's with its ``__init__``)."""
    self: Draft = _new(Draft)
    self.index = s.index
    self.board = s.board
    self.clock = s.clock
    self.running = s.running
    self.last_at = s.last_at
    self.sheet = s.sheet
    self.touch = s.touch
    self.uncompleted = s.uncompleted
    self.breach = s.breach
    self.pending = s.pending
    self.particulars = s.particulars
    return self


def pair(values: tuple[bool, bool], color: Color, value: bool) -> tuple[bool, bool]:
    """``values`` with ``color``'s entry replaced."""
    return (value, values[1]) if color is WHITE else (values[0], value)


def count(values: tuple[int, int], color: Color, change: int) -> tuple[int, int]:
    """``values`` with ``change`` added to ``color``'s entry."""
    if color is WHITE:
        return (values[0] + change, values[1])
    return (values[0], values[1] + change)


def ruling(idx: int, at: Millis, kind: RulingKind, **fields: object) -> Ruling:
    """A ruling; a ``status`` given as its text is read as its :class:`RulingStatus`."""
    status = fields.get("status")
    if type(status) is str:
        fields["status"] = RulingStatus(status)
    return Ruling(idx, at, kind, **fields)  # type: ignore[arg-type]


def give_time(
    d: Draft, idx: int, at: Millis, kind: RulingKind, player: Color, ms: Millis, **fields: object
) -> Ruling:
    """A ruling that adds ``ms`` to ``player``'s clock (7.5.5, 9.5.3, 12.9), noted as a penalty."""
    if d.clock is not None:
        d.clock = d.clock.add_time(player, ms, at)
    given = ruling(idx, at, kind, penalty=Penalty(PenaltyKind.ADD_TIME, player, ms), **fields)
    d.penalties = (*d.penalties, given)
    return given


def decline_offer_of(d: Draft, offerer: Color, idx: int, at: Millis) -> list[Ruling]:
    """The opponent of ``offerer`` touched or moved: the offer is rejected (9.1.2.1)."""
    if not d.offers[offerer]:
        return []
    d.offers = pair(d.offers, offerer, False)
    article = "10.7" if d.rules.edition is Edition.PRE1997 else "9.1.2.1"
    return [
        ruling(
            idx,
            at,
            RulingKind.DRAW_OFFER,
            by=offerer,
            status=RulingStatus.DECLINED,
            article=article,
        )
    ]


def lose_claim_right(d: Draft, player: Color) -> None:
    """4.8: touching a piece with intent ends the right to claim the opponent's breach."""
    b = d.breach
    if b is not None and b.by is player.other:
        d.breach = Breach(b.by, b.move, b.allowed, b.pressed, True, b.ending)


def end(
    d: Draft, result: Result, reason: Reason, article: str, at: Millis, idx: int, **fields: object
) -> list[Ruling]:
    """The game is over: offers lapse, the clock stops, nothing touched binds any more (the
    ruling writes the result and reason as the spec's text)."""
    rulings: list[Ruling] = []
    for color in (Color.WHITE, Color.BLACK):
        if d.offers[color]:
            rulings.append(
                ruling(
                    idx,
                    at,
                    RulingKind.DRAW_OFFER,
                    by=color,
                    status=RulingStatus.LAPSED,
                    article="9.1.2.1",
                )
            )
    d.offers = (False, False)
    d.ending = Ending(result, reason, article)
    if d.clock is not None:
        d.clock = d.clock.stop(at)
    d.running = None
    d.touch = NO_TOUCH
    rulings.append(
        ruling(
            idx,
            at,
            RulingKind.GAME_OVER,
            result=result,
            reason=reason.value,
            article=article,
            **fields,
        )
    )
    return rulings


def known_reason(text: str) -> Reason:
    """The reason code ``text`` of an arbiter's act (``declare``, ``amend_result``), or
    :class:`Rejected` naming the known ones."""
    try:
        return Reason(text)
    except ValueError:
        known = ", ".join(r.value for r in Reason)
        raise Rejected(
            Words("unknown reason {text} (known: {known})", text=repr(text), known=known)
        ) from None


def lone_king_draw(d: Draft, draw: Reason, instead_of: str, at: Millis, idx: int) -> list[Ruling]:
    """Pre-1997 10.5: "a player with only a king does not win": the game his opponent would
    have lost (``instead_of``: the Article of that loss, 2023's number) is drawn."""
    note = Words(
        "a player with only a king does not win (10.5; in place of {instead_of})",
        instead_of=instead_of,
    )
    return end(d, Result.DRAW, draw, "10.5", at, idx, note=note)


def end_by_loss(
    d: Draft, loser: Color, win: Reason, draw: Reason, at: Millis, idx: int, article: str
) -> list[Ruling]:
    """``loser`` loses, unless the opponent cannot checkmate by any series of legal moves
    (5.1.2, 6.9, 7.5.5, A.5.3: :func:`chesslaws.endings.loss_or_draw`, or the answerer given
    to :func:`~chesslaws.arbiter.step`, see :mod:`._search`); under pre-1997, unless the
    opponent has only a king (10.5)."""
    if d.rules.edition is Edition.PRE1997 and lone_king(d.board._position, loser.other):
        return lone_king_draw(d, draw, article, at, idx)
    result, verdict = loss_or_draw_now(d.board._position, loser, budget=d.rules.mate_budget)
    if result is Result.DRAW:
        return end(d, result, draw, article, at, idx)
    note = None
    if verdict is Winnability.UNDETERMINED:
        note = Words("whether the opponent can checkmate is undetermined; the arbiter confirms")
    return end(d, result, win, article, at, idx, note=note)


def board_ending(d: Draft, board: BoardState) -> Termination | None:
    """The automatic ending on ``board`` under the game's edition (5.1.1, 5.2, 9.6; pre-1997
    10.1, 10.3, 10.4; 2014 5.1.a, 5.2, 9.6.a)."""
    if d.rules.modern_endings:
        return board.ending()
    edition = d.rules.edition
    keys = board.recent_keys(17) if edition is Edition.E2014 else []
    position = board._position
    return edition_ending(edition.value, position, board.legal_count, board.repetitions, keys)


def edition_article(d: Draft, reason: Reason, article: str | None = None) -> dict[str, str]:
    """``article`` (default: the 2023 one of ``reason``) as the game's edition numbers it, with
    the 2023 number in a note where they differ: fields for :func:`end`."""
    modern = article if article is not None else reason.article
    found = ending_article(d.rules.edition.value, reason, modern)
    if found == modern:
        return {"article": found}
    return {"article": found, "note": f"2023: {modern}"}


def end_by_board(d: Draft, ending: Termination, at: Millis, idx: int) -> list[Ruling]:
    """The board ended the game (5.1.1, 5.2.1, 5.2.2, 9.6)."""
    if ending is Reason.CHECKMATE:
        result = Result.win_for(d.board._position.side_to_move.other)
    else:
        result = Result.DRAW
    fields = edition_article(d, ending)
    article = fields.pop("article")
    return end(d, result, ending, article, at, idx, **fields)
