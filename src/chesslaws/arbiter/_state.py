"""The state of one game under the Laws, as a frozen value: :class:`GameState`.

It holds everything that decides what happens next (Articles 4, 5, 6, 7, 9; A, B): the profile
(mode, supervision, edition, amounts), the board and its history, the scoresheet, the clock, the
touch-move state, the standing draw offers, the illegal moves and penalties given, and the
result. It is made of small frozen values, and a new state shares every part an event did not
change with the state before it, so keeping every state of a game costs little. What a move or
a press leaves alone (the start and the rules, the offers, the illegal moves and penalties, the
players' record, an adjournment, the ending) is one of those parts, :class:`Particulars`, so
the state after a move or a press is a handful of new fields and that one shared value.
:func:`chesslaws.arbiter.step` makes the next state; nothing changes a state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar, overload

from chesslaws._color import Color
from chesslaws.core import Move, PieceType, Position, square_name
from chesslaws.endings import MATE_BUDGET, Reason, Result, Termination

from ._appendix_d import Announcement
from ._board import BoardState, starting_board
from ._clockface import ClockState
from ._envelope import Adjournment
from ._events import Start
from ._illegal import PendingIllegal
from ._profile import Profile
from ._rulings import Ruling
from ._scoresheet import EMPTY_SHEET, Scoresheet
from ._time import Millis
from ._touch import FREE, Obligation, Touched, obligation

__all__ = [
    "BEFORE_THE_START",
    "BOTH_PRESENT",
    "NO_PLAYERS_RECORD",
    "Breach",
    "Ending",
    "GameState",
    "Particular",
    "Particulars",
    "PlayersRecord",
    "TouchState",
]


@dataclass(frozen=True, slots=True)
class Breach:
    """A move that broke a touch-move obligation, left on the board until claimed (4.8)."""

    by: Color
    move: Move
    allowed: Obligation
    pressed: bool
    claim_lost: bool = False
    ending: Termination | None = None
    """In claim mode, the mate, stalemate or dead position the move made: it ends the game only
    once the opponent lets the claim go (5.1.1, 5.2.1, 5.2.2 require 4.2–4.7)."""


@dataclass(frozen=True, slots=True)
class TouchState:
    """What the player having the move has touched this turn (4.2–4.4): the pieces in order,
    whether a released king tried an illegal castling (4.7.2), the promotion piece that touched
    its square (4.4.4), a move the arbiter imposed (an incorrect claim's move, 9.5.3, the
    obligation restored after a breach, 4.8, or the promotions of a pawn released on the last
    rank, 4.7), and whether the arbiter has just taken back a move that broke touch-move (the
    clock press that follows it completes nothing and is no illegal move)."""

    touches: tuple[Touched, ...] = ()
    castle_attempt: bool = False
    promotion: tuple[int, int] | None = None
    forced: Obligation | None = None
    taken_back: bool = False


NO_TOUCH = TouchState()

BOTH_PRESENT = (True, True)
"""Both players at the board (6.7): the state of every game that does not record arrivals."""


@dataclass(frozen=True, slots=True)
class PlayersRecord:
    """What the players did beside the board, kept as one value (most games never change it,
    and a state copies one field for it at every event).

    ``present``: whether White and Black are at the board (6.7; both unless the ``start``
    rules have them arrive). ``recorded``: the moves each player's own scoresheet holds (8.1,
    ``record`` events). ``signed``: the result each signed after the game (8.7). ``requests``:
    how often each asked to see the arbiter's scoresheet (A.4.3, B.2.3). ``offered``: the
    moves of the scoresheet after which a draw was offered, by their number (8.1.5: "=").
    """

    present: tuple[bool, bool] = BOTH_PRESENT
    recorded: tuple[int, int] = (0, 0)
    signed: tuple[str | None, str | None] = (None, None)
    requests: tuple[int, int] = (0, 0)
    offered: tuple[int, ...] = ()


NO_PLAYERS_RECORD = PlayersRecord()


@dataclass(frozen=True, slots=True)
class Ending:
    """How the game ended: the result, the reason and the Article applied (written as text
    only at the edges: rulings' JSON, PGN)."""

    result: Result
    reason: Reason
    article: str


@dataclass(frozen=True, slots=True)
class Particulars:
    """The part of a game's state that moves and presses leave alone, kept as one value: what
    the start fixed and what only some events change. The states of a game share it until such
    an event, so a move or a press copies one field for all of it.

    ``start`` and ``profile``: the ``start`` event and the rules it set (``None`` before it);
    ``mate_budget``: the search effort used when those rules set none. ``offers``: whether
    White's and Black's draw offers stand (9.1.2). ``illegal``: the completed illegal moves
    ruled on, per player (7.5.5). ``penalties``: every ruling that carried a penalty, in order.
    ``ending``: how the game ended. ``players``, ``adjourned``, ``blind``: see
    :class:`GameState`.
    """

    start: Start | None = None
    profile: Profile | None = None
    mate_budget: int = MATE_BUDGET
    offers: tuple[bool, bool] = (False, False)
    illegal: tuple[int, int] = (0, 0)
    penalties: tuple[Ruling, ...] = ()
    ending: Ending | None = None
    players: PlayersRecord = NO_PLAYERS_RECORD
    adjourned: Adjournment | None = None
    blind: Announcement | None = None
    ordinary: bool = field(init=False, repr=False, compare=False)
    """Whether an event goes straight to its handler: the game has started and is not over, it
    is not adjourned (Guidelines I), both players are at the board (6.7) and no announcement of
    Appendix D is pending (D.2.3). Read from the other fields when the value is made."""

    def __post_init__(self) -> None:
        ordinary = (
            self.start is not None
            and self.ending is None
            and self.adjourned is None
            and self.players.present is BOTH_PRESENT
            and self.blind is None
        )
        object.__setattr__(self, "ordinary", ordinary)


BEFORE_THE_START = Particulars()
"""The particulars of a game not yet started (with the default search budget)."""

T = TypeVar("T")


class Particular(Generic[T]):
    """A field of :class:`Particulars` read as if it were the state's own: ``state.offers`` is
    ``state.particulars.offers`` (the state's fields as they read before the particulars were
    kept apart, so that no reader needs to know where a field is kept)."""

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Particular[T]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...

    def __get__(self, obj: object, owner: type | None = None) -> T | Particular[T]:
        if obj is None:
            return self
        found: T = getattr(obj.particulars, self.name)  # type: ignore[attr-defined]
        return found


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything that decides what happens next in a game, as one value.

    ``index`` is the number the next event gets. The fields a move or a press changes are the
    state's own; the others are kept in its :class:`Particulars` (one value that successive
    states share) and read through the state all the same: ``start``, ``profile``,
    ``mate_budget``, ``offers``, ``illegal``, ``penalties``, ``ending``, ``players``,
    ``adjourned``, ``blind``. Read the state through its fields and properties; make the next
    one with :func:`chesslaws.arbiter.step`. Two states are equal when every part is: two
    games fed the same events have equal states.
    """

    index: int = 0
    board: BoardState = field(default_factory=starting_board)
    clock: ClockState | None = None
    running: Color | None = None
    last_at: Millis = 0  # type: ignore[assignment]
    sheet: Scoresheet = EMPTY_SHEET
    touch: TouchState = NO_TOUCH
    uncompleted: tuple[bool, bool] = (False, False)
    breach: Breach | None = None
    pending: PendingIllegal | None = None
    particulars: Particulars = BEFORE_THE_START
    """What the start fixed and what moves and presses leave alone (:class:`Particulars`)."""

    start = Particular[Start | None]("The ``start`` event (``None`` before it).")
    profile = Particular[Profile | None]("The rules the ``start`` event set.")
    mate_budget = Particular[int](
        "The search effort used when the ``start`` event's rules do not set one."
    )
    offers = Particular[tuple[bool, bool]]("Whether White's and Black's draw offers stand.")
    illegal = Particular[tuple[int, int]]("Completed illegal moves ruled on, per player (7.5.5).")
    penalties = Particular[tuple[Ruling, ...]]("Every ruling that carried a penalty, in order.")
    ending = Particular[Ending | None]("How the game ended (``None`` while it goes on).")
    players = Particular[PlayersRecord](
        "What the players did beside the board: arrival, their scoresheets, signatures, "
        "requests, offers marked (6.7, 8.1, 8.7, A.4.3, 8.1.5): one value, the same for most "
        "games."
    )
    adjourned = Particular[Adjournment | None](
        "The adjournment in progress (Guidelines I), if any; its sealed move reads as no move "
        "(``chesslaws.arbiter.sealed_move`` is the arbiter's accessor)."
    )
    blind = Particular[Announcement | None](
        "In a game under Appendix D (the ``appendix_d`` rule), whether the visually disabled "
        "player's last move awaits its announcement (D.2.3); ``None`` in other games."
    )

    # -- reading -------------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.particulars.start is not None

    @property
    def is_over(self) -> bool:
        return self.particulars.ending is not None

    @property
    def result(self) -> Result | None:
        ending = self.particulars.ending
        return ending.result if ending is not None else None

    @property
    def reason(self) -> Reason | None:
        ending = self.particulars.ending
        return ending.reason if ending is not None else None

    @property
    def fen(self) -> str:
        """The FEN of the position on the board."""
        return self.board.fen

    @property
    def moves(self) -> tuple[str, ...]:
        """The moves standing on the scoresheet, in UCI (an illegal move that stood as made)."""
        return tuple(ply.uci for ply in self.sheet)

    @property
    def on_move(self) -> Color:
        """Who has the move (1.3); see :func:`on_move`."""
        return on_move(self.board, self.pending)

    @property
    def moved(self) -> tuple[int, int]:
        """How many moves White and Black have standing on the scoresheet."""
        return moves_made(self.sheet, self.particulars.start)

    def obligation(self) -> Obligation:
        """What the player having the move must play: touched pieces, claims, 7.5.1 (4.3–4.5)."""
        return current_obligation(self.board, self.touch)

    def mover_of(self, ply: int) -> Color:
        """Who made the scoresheet's move number ``ply`` (0-based)."""
        start = self.particulars.start
        assert start is not None
        first = start.first_mover
        return first if ply % 2 == 0 else first.other


def on_move(board: BoardState, pending: PendingIllegal | None) -> Color:
    """Who has the move (1.3): the board's side to move, unless an unseen illegal move was
    completed (A.5.2), which passed the move to the opponent."""
    if pending is not None and pending.completed_at is not None:
        return pending.by.other
    return board._position.side_to_move


def moves_made(sheet: Scoresheet, start: Start | None) -> tuple[int, int]:
    """How many moves White and Black have on ``sheet``: the players alternate from the first
    mover of ``start`` (every move standing is on the sheet, and only those)."""
    made = sheet.length
    first, second = (made + 1) // 2, made // 2
    if start is None or start.first_mover is Color.WHITE:
        return (first, second)
    return (second, first)


def current_obligation(board: BoardState, touch: TouchState) -> Obligation:
    """What the player having the move must play: touched pieces, claims, 7.5.1 (4.3–4.5)."""
    if touch.forced is not None:
        return touch.forced
    if not touch.touches and touch.promotion is None:
        return FREE
    promotion = None
    if touch.promotion is not None:
        square, piece = touch.promotion
        promotion = (square, PieceType(piece))
    found = obligation(board._position, touch.touches, promotion=promotion)
    if touch.castle_attempt and found.article == "4.3.1":
        # 4.7.2: the king was released on a castling square, but that castling is illegal.
        return Obligation(found.moves, "4.7.2")
    return found


def square_label(square: int) -> str:
    return square_name(square)


def ucis(position: Position, moves: frozenset[Move]) -> tuple[str, ...]:
    return tuple(sorted(position.uci(m) for m in moves))
