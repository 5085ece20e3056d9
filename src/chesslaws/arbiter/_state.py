"""The arbiter's state of one game, and the helpers every ruling uses.

:class:`GameBase` holds what a FIDE arbiter keeps track of during a game (Articles 4, 6, 7, 9): the
position and its history, the clock, the move record with each move's clock time, the
touch-move obligation, the draw offers, the illegal moves and penalties, and the result. The
rulings themselves live in :mod:`._board` (touches, moves, presses, illegal moves) and
:mod:`._claims` (offers, claims, resignation, flags, the arbiter's actions); :class:`Game` in
:mod:`._game` takes the events.
"""

from __future__ import annotations

from dataclasses import dataclass

from chesslaws._color import Color
from chesslaws.clock import Clock
from chesslaws.core import Move, Position
from chesslaws.endings import GameRecord, Winnability, can_checkmate

from ._clockface import ClockFace
from ._events import (
    Event,
    Start,
)
from ._illegal import PendingIllegal
from ._profile import Profile
from ._rulings import Penalty, PenaltyKind, Reason, Ruling, RulingKind
from ._time import Millis
from ._touch import FREE, Obligation, Touched, obligation

__all__ = ["GameBase", "GameState"]


class _Rejected(Exception):
    """Raised before any state changes when an event cannot be taken."""


@dataclass(frozen=True, slots=True)
class _Breach:
    """A move that broke a touch-move obligation, left on the board until claimed (4.8)."""

    by: Color
    move: Move
    allowed: Obligation
    pressed: bool
    claim_lost: bool = False


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything that decides what happens next, as one comparable value (for replay checks)."""

    fen: str
    moves: tuple[str, ...]
    result: str | None
    reason: str | None
    clock: tuple[object, ...] | None
    running: Color | None
    touches: tuple[Touched, ...]
    obligation: frozenset[Move] | None
    illegal_moves: tuple[int, int]
    offers: tuple[bool, bool]
    uncompleted: tuple[bool, bool]
    pending_illegal: PendingIllegal | None
    last_at: int
    events: int


_WINS = {Color.WHITE: "1-0", Color.BLACK: "0-1"}
_DRAW = "1/2-1/2"


class GameBase:
    """The state of a game under the Laws, its public reading, and the helpers every ruling uses.

    Not used alone: :class:`chesslaws.arbiter.Game` adds the rulings and takes the events.
    ``mate_budget`` bounds each "can the opponent still checkmate?" search (5.1.2, 6.9, 7.5.5).
    """

    def __init__(self, *, mate_budget: int = 5_000) -> None:
        self._mate_budget = mate_budget
        self._index = 0
        self._events: list[Event | str] = []
        self._start: Start | None = None
        self._profile: Profile | None = None
        self._record: GameRecord = GameRecord()
        self._clock: ClockFace | None = None
        self._running: Color | None = None
        self._last_at = Millis(0)
        self._result: str | None = None
        self._reason: str | None = None
        self._end_article: str | None = None
        self._touches: list[Touched] = []
        self._castle_attempt = False
        self._promotion: tuple[int, int] | None = None
        self._forced: Obligation | None = None
        self._uncompleted = [False, False]
        self._moved = [0, 0]
        self._illegal = [0, 0]
        self._pending: PendingIllegal | None = None
        self._breach: _Breach | None = None
        self._offers = [False, False]
        self._sans: list[str] = []
        self._ucis: list[str] = []
        self._made: list[Move | None] = []
        self._clocks: list[Millis | None] = []
        self._penalties: list[Ruling] = []

    # -- public reading -----------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self._start is not None

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> str | None:
        """``1-0``, ``0-1``, ``1/2-1/2``, ``0-0``, or ``None`` while the game goes on."""
        return self._result

    @property
    def reason(self) -> str | None:
        """The ``reason`` code of the ending (``checkmate``, ``flag``, …), or ``None``."""
        return self._reason

    @property
    def article(self) -> str | None:
        """The Article that ended the game, or ``None``."""
        return self._end_article

    @property
    def position(self) -> Position:
        """A copy of the position on the board (legal moves only; see ``pending_illegal``)."""
        return self._record.position.copy()

    @property
    def record(self) -> GameRecord:
        """The record of the moves standing on the board since the start (read it; do not push:
        the arbiter keeps it in step with the clock and the rulings)."""
        return self._record

    @property
    def clock(self) -> Clock | None:
        """The game's chess clock (``None`` without one); read it, correct it through events."""
        return self._clock.clock if self._clock is not None else None

    @property
    def start_event(self) -> Start | None:
        return self._start

    @property
    def profile(self) -> Profile | None:
        return self._profile

    @property
    def moves(self) -> tuple[str, ...]:
        """The moves made and standing, in SAN (Appendix C), oldest first."""
        return tuple(self._sans)

    @property
    def uci_moves(self) -> tuple[str, ...]:
        return tuple(self._ucis)

    @property
    def legal_moves_made(self) -> tuple[Move, ...]:
        """The moves standing on the board from the start, up to any illegal move that stood
        unclaimed (A.5.2), which no :class:`~chesslaws.core.Move` can stand for."""
        out: list[Move] = []
        for move in self._made:
            if move is None:
                break
            out.append(move)
        return tuple(out)

    @property
    def move_clocks(self) -> tuple[Millis | None, ...]:
        """Each move's mover's remaining time once it was completed (``None``: no clock yet)."""
        return tuple(self._clocks)

    @property
    def illegal_moves(self) -> tuple[int, int]:
        """Completed illegal moves ruled on, per colour (White, Black) (7.5.5)."""
        return (self._illegal[0], self._illegal[1])

    @property
    def penalties(self) -> tuple[Ruling, ...]:
        """Every ruling that carried a penalty, in order."""
        return tuple(self._penalties)

    @property
    def draw_offer(self) -> Color | None:
        """The player whose draw offer stands, if any (9.1.2.1)."""
        for color in (Color.WHITE, Color.BLACK):
            if self._offers[color]:
                return color
        return None

    @property
    def pending_illegal(self) -> PendingIllegal | None:
        return self._pending

    @property
    def events(self) -> tuple[Event | str, ...]:
        """The events handled so far (a line that could not be read is kept as its text)."""
        return tuple(self._events)

    def obligation(self) -> Obligation:
        """What the player having the move must play: touched pieces, claims, 7.5.1 (4.3–4.5)."""
        if self._forced is not None:
            return self._forced
        if not self._touches and self._promotion is None:
            return FREE
        promotion = None
        if self._promotion is not None:
            square, piece = self._promotion
            from chesslaws.core import PieceType

            promotion = (square, PieceType(piece))
        found = obligation(self._record.position, self._touches, promotion=promotion)
        if self._castle_attempt and found.article == "4.3.1":
            # 4.7.2: the king was released on a castling square, but that castling is illegal.
            return Obligation(found.moves, "4.7.2")
        return found

    def remaining(self, color: Color, at: int | None = None) -> Millis | None:
        """``color``'s time left at instant ``at`` (default: the last event), or None (no clock)."""
        if self._clock is None:
            return None
        return self._clock.remaining(Color(color), self._last_at if at is None else Millis(at))

    def state(self) -> GameState:
        """The whole state as a value: equal for two games fed the same events."""
        return GameState(
            fen=self._record.position.fen(),
            moves=tuple(self._ucis),
            result=self._result,
            reason=self._reason,
            clock=self._clock.snapshot() if self._clock is not None else None,
            running=self._running,
            touches=tuple(self._touches),
            obligation=self.obligation().moves if self._start and not self.is_over else None,
            illegal_moves=self.illegal_moves,
            offers=(self._offers[0], self._offers[1]),
            uncompleted=(self._uncompleted[0], self._uncompleted[1]),
            pending_illegal=self._pending,
            last_at=self._last_at,
            events=self._index,
        )

    # -- helpers -------------------------------------------------------------------------------

    @property
    def _on_move_color(self) -> Color:
        """Who has the move (1.3): the board's side to move, unless an unseen illegal move was
        completed (A.5.2), which passed the move to the opponent."""
        if self._pending is not None and self._pending.completed_at is not None:
            return self._pending.by.other
        return self._record.position.side_to_move

    def _rules(self) -> Profile:
        assert self._profile is not None
        return self._profile

    def _ruling(self, idx: int, at: Millis, kind: RulingKind, **fields: object) -> Ruling:
        return Ruling(idx, at, kind, **fields)  # type: ignore[arg-type]

    def _give_time(
        self, idx: int, at: Millis, kind: RulingKind, player: Color, ms: Millis, **fields: object
    ) -> Ruling:
        if self._clock is not None:
            self._clock.add_time(player, ms, at)
        ruling = self._ruling(
            idx, at, kind, penalty=Penalty(PenaltyKind.ADD_TIME, player, ms), **fields
        )
        self._penalties.append(ruling)
        return ruling

    def _decline_offer_of(self, offerer: Color, idx: int, at: Millis) -> list[Ruling]:
        """The opponent of ``offerer`` touched or moved: the offer is rejected (9.1.2.1)."""
        if not self._offers[offerer]:
            return []
        self._offers[offerer] = False
        return [
            self._ruling(
                idx, at, RulingKind.DRAW_OFFER, by=offerer, status="declined", article="9.1.2.1"
            )
        ]

    def _can_checkmate(self, color: Color) -> Winnability:
        position = self._record.position
        return can_checkmate(position, color, budget=self._mate_budget).verdict

    def _end(
        self, result: str, reason: str, article: str, at: Millis, idx: int, **fields: object
    ) -> list[Ruling]:
        rulings: list[Ruling] = []
        for color in (Color.WHITE, Color.BLACK):
            if self._offers[color]:
                self._offers[color] = False
                rulings.append(
                    self._ruling(
                        idx, at, RulingKind.DRAW_OFFER, by=color, status="lapsed", article="9.1.2.1"
                    )
                )
        self._result, self._reason, self._end_article = result, reason, article
        if self._clock is not None:
            self._clock.stop(at)
        self._running = None
        self._touches.clear()
        self._castle_attempt = False
        self._forced = None
        self._promotion = None
        rulings.append(
            self._ruling(
                idx,
                at,
                RulingKind.GAME_OVER,
                result=result,
                reason=reason,
                article=article,
                **fields,
            )
        )
        return rulings

    def _loss_or_draw(
        self, loser: Color, win: Reason, draw: Reason, at: Millis, idx: int, article: str
    ) -> list[Ruling]:
        """``loser`` loses, unless the opponent cannot checkmate by any series of legal moves."""
        verdict = self._can_checkmate(loser.other)
        if verdict is Winnability.UNWINNABLE:
            return self._end(_DRAW, draw.value, article, at, idx)
        note = None
        if verdict is Winnability.UNDETERMINED:
            note = "whether the opponent can checkmate is undetermined; the arbiter confirms"
        return self._end(_WINS[loser.other], win.value, article, at, idx, note=note)

    def _end_by_termination(self, ending: object, at: Millis, idx: int) -> list[Ruling]:
        name = getattr(ending, "name", str(ending))
        article = str(getattr(ending, "article", ""))
        reason = {
            "CHECKMATE": Reason.CHECKMATE,
            "STALEMATE": Reason.STALEMATE,
            "DEAD_POSITION": Reason.DEAD_POSITION,
            "FIVEFOLD": Reason.FIVEFOLD,
            "FIVEFOLD_REPETITION": Reason.FIVEFOLD,
            "SEVENTY_FIVE_MOVES": Reason.SEVENTY_FIVE_MOVES,
        }.get(name)
        if reason is None:
            raise AssertionError(f"unexpected automatic ending {ending!r}")
        if reason is Reason.CHECKMATE:
            result = _WINS[self._record.position.side_to_move.other]
        else:
            result = _DRAW
        return self._end(result, reason.value, article or reason.article, at, idx)

    def _lose_claim_right(self, player: Color) -> None:
        """4.8: touching a piece with intent ends the right to claim the opponent's breach."""
        if self._breach is not None and self._breach.by is player.other:
            b = self._breach
            self._breach = _Breach(b.by, b.move, b.allowed, b.pressed, claim_lost=True)


def _name(square: int) -> str:
    from chesslaws.core import square_name

    return square_name(square)


def _ucis(position: Position, moves: frozenset[Move]) -> tuple[str, ...]:
    return tuple(sorted(position.uci(m) for m in moves))
