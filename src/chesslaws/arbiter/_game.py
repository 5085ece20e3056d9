"""The game under the Laws: events in, rulings out (Articles 4, 5, 6, 7, 9, 12; A, B).

:class:`Game` is the arbiter's state machine. It takes one event at a time
(:meth:`Game.handle`, or :meth:`Game.handle_json` for a line of an event log) and returns the
rulings it causes. It holds the position and its history, the clock, the move record, the draw
offers, the touch-move obligation, the illegal moves and penalties given, and the result. It
does no I/O and reads no clock of its own: time comes from the events, so replaying the same
events always gives the same state and the same rulings.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from chesslaws._color import Color
from chesslaws._errors import AmbiguousMove, ChessLawsError, IllegalMove, InvalidEvent
from chesslaws.core import KING, PAWN, Move, Position
from chesslaws.endings import GameRecord, Winnability, can_checkmate

from ._clockface import ClockFace
from ._events import (
    Accept,
    Adjust,
    Arbiter,
    ArbiterActionKind,
    Claim,
    ClaimKind,
    Decline,
    Edition,
    Event,
    Mode,
    MoveMade,
    Offer,
    Press,
    Resign,
    Start,
    Tick,
    Touch,
    TouchMoveEnforcement,
    Variant,
    parse_event,
)
from ._illegal import IllegalKind, PendingIllegal, board_after
from ._profile import Profile
from ._rulings import Penalty, PenaltyKind, Reason, Ruling, RulingKind
from ._time import Millis, ms_to_seconds
from ._touch import FREE, Obligation, Touched, captured_square, obligation

__all__ = ["Game", "GameState"]


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


class Game:
    """A game conducted by the Laws, driven by events (``spec/events.md``).

    >>> game = Game()
    >>> game.handle_json('{"type": "start", "time_control": "300+2"}')
    []
    >>> game.handle_json('{"type": "move", "at": 3, "by": "white", "move": "e4"}')
    []
    >>> [r.to_json() for r in game.handle_json('{"type": "resign", "at": 5, "by": "black"}')]
    [{'event': 2, 'at': 5.0, 'ruling': 'game_over', 'result': '1-0', 'reason': 'resignation', \
'article': '5.1.2'}]

    The game is mutable; every other value it hands out is frozen. ``handle`` never raises for
    an event it cannot take: it answers with a ``rejected`` ruling and leaves the state as it was.
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

    @classmethod
    def replay(
        cls, events: Iterable[Event | str], *, mate_budget: int = 5_000
    ) -> tuple[Game, list[Ruling]]:
        """A new game fed ``events`` (objects or JSON lines) in order, with all its rulings."""
        game = cls(mate_budget=mate_budget)
        rulings: list[Ruling] = []
        for event in events:
            if isinstance(event, str):
                rulings.extend(game.handle_json(event))
            else:
                rulings.extend(game.handle(event))
        return game, rulings

    # -- taking events -------------------------------------------------------------------------

    def handle_json(self, line: str, *, index: int | None = None) -> list[Ruling]:
        """Take one JSON line of an event log; a line that cannot be read is ``rejected``."""
        idx = self._index if index is None else index
        try:
            event = parse_event(line, idx)
        except InvalidEvent as error:
            self._index = idx + 1
            self._events.append(line)
            return [Ruling(idx, None, RulingKind.REJECTED, reason=str(error))]
        return self.handle(event, index=idx)

    def handle(self, event: Event, *, index: int | None = None) -> list[Ruling]:
        """Take one event and return the rulings it causes (often none).

        ``index`` is the event's 0-based line number in its log (default: one more than the
        last). An event that cannot be taken gets a single ``rejected`` ruling and changes
        nothing else.
        """
        idx = self._index if index is None else index
        self._index = idx + 1
        self._events.append(event)
        at = event.at
        try:
            if isinstance(event, Start):
                return self._on_start(event, idx)
            self._check_time(at)
            rulings = self._dispatch(event, idx)
        except _Rejected as rejection:
            return [Ruling(idx, at, RulingKind.REJECTED, reason=str(rejection))]
        self._last_at = at
        return rulings

    def _check_time(self, at: Millis) -> None:
        if self._start is None:
            raise _Rejected("the game has not started (the first event must be 'start')")
        if self._result is not None:
            raise _Rejected(f"the game is over ({self._result}, {self._reason})")
        if at < self._last_at:
            raise _Rejected(
                f"time goes backwards: {ms_to_seconds(at)} s after {ms_to_seconds(self._last_at)} s"
            )

    def _dispatch(self, event: Event, idx: int) -> list[Ruling]:
        if isinstance(event, MoveMade):
            return self._on_move(event, idx)
        if isinstance(event, Press):
            return self._on_press(event, idx)
        if isinstance(event, Touch):
            return self._on_touch(event, idx)
        if isinstance(event, Adjust):
            return self._on_adjust(event, idx)
        if isinstance(event, Offer):
            return self._on_offer(event, idx)
        if isinstance(event, Accept):
            return self._on_accept(event, idx)
        if isinstance(event, Decline):
            return self._on_decline(event, idx)
        if isinstance(event, Claim):
            return self._on_claim(event, idx)
        if isinstance(event, Resign):
            return self._on_resign(event, idx)
        if isinstance(event, Tick):
            return self._observe_flag(event.at, idx)
        if isinstance(event, Arbiter):
            return self._on_arbiter(event, idx)
        raise _Rejected(f"unknown event {event!r}")  # pragma: no cover - typed union

    # -- start (6.6) ---------------------------------------------------------------------------

    def _on_start(self, event: Start, idx: int) -> list[Ruling]:
        if self._start is not None:
            raise _Rejected("the game has already started")
        chess960 = event.variant is Variant.CHESS960
        try:
            if event.fen is not None:
                position = Position.from_fen(event.fen, chess960=chess960)
            elif chess960:
                raise _Rejected("a chess960 game needs its starting 'fen' (Guidelines II.1)")
            else:
                position = Position()
        except ChessLawsError as error:
            raise _Rejected(f"bad 'fen': {error}") from None
        clock: ClockFace | None = None
        mode = event.mode
        if event.time_control is not None:
            try:
                clock = ClockFace.create(event.time_control, position.side_to_move)
            except ChessLawsError as error:
                raise _Rejected(f"bad 'time_control': {error}") from None
            if mode is None and clock is not None:
                mode = clock.mode
        self._start = event
        self._profile = Profile(mode or Mode.STANDARD, event.rules)
        self._record = GameRecord(position)
        self._clock = clock
        self._running = position.side_to_move
        self._last_at = Millis(0)
        ending = self._record.termination()
        if ending is not None:
            return self._end_by_termination(ending, Millis(0), idx)
        return []

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

    # -- touching and adjusting (4.2–4.4, 4.8) -------------------------------------------------

    def _on_touch(self, event: Touch, idx: int) -> list[Ruling]:
        position = self._record.position
        mover = self._on_move_color
        if event.piece is not None:
            last_rank = 7 if event.by is Color.WHITE else 0
            if event.square >> 3 != last_rank:
                raise _Rejected(
                    f"a new piece ('piece') can touch only a promotion square, not rank "
                    f"{(event.square >> 3) + 1}"
                )
            if event.by is mover and self._pending is None and self._promotion is None:
                self._promotion = (event.square, int(event.piece))
            return []
        piece = position.piece_at(event.square)
        if piece is None and self._pending is None:
            raise _Rejected(f"no piece on {_name(event.square)} to touch")
        if event.by is not mover or self._pending is not None or piece is None:
            return []  # only the player having the move is bound by his touches (4.3)
        rulings = self._decline_offer_of(mover.other, idx, event.at)
        self._lose_claim_right(mover)
        touched = Touched(event.square, piece.color == mover, piece.type)
        if all(t.square != touched.square for t in self._touches):
            self._touches.append(touched)
        return rulings

    def _lose_claim_right(self, player: Color) -> None:
        """4.8: touching a piece with intent ends the right to claim the opponent's breach."""
        if self._breach is not None and self._breach.by is player.other:
            b = self._breach
            self._breach = _Breach(b.by, b.move, b.allowed, b.pressed, claim_lost=True)

    def _on_adjust(self, event: Adjust, idx: int) -> list[Ruling]:
        if self._record.position.piece_at(event.square) is None:
            raise _Rejected(f"no piece on {_name(event.square)} to adjust")
        if event.by is self._on_move_color and self._running in (event.by, None):
            return []
        ruling = self._ruling(
            idx,
            event.at,
            RulingKind.PENALTY,
            by=event.by,
            article="4.2.1",
            penalty=Penalty(PenaltyKind.WARNING, event.by),
            note="only the player having the move, with his clock running, may adjust (6.2.5)",
        )
        self._penalties.append(ruling)
        return [ruling]

    # -- making moves (4.7, 6.2.1.2) -----------------------------------------------------------

    def _read_move(self, text: str) -> tuple[Move | None, Move | None]:
        """(legal move, raw illegal move) for move text; raises _Rejected if it is no move."""
        position = self._record.position
        try:
            return position.parse_uci(text), None
        except AmbiguousMove as error:
            raise _Rejected(f"ambiguous move {text!r}: {error}") from None
        except IllegalMove:
            raw = Move.from_uci(text)
            return None, raw
        except ChessLawsError:
            pass
        try:
            return position.parse_san(text), None
        except AmbiguousMove as error:
            raise _Rejected(f"ambiguous move {text!r}: {error}") from None
        except IllegalMove:
            return None, None
        except ChessLawsError:
            raise _Rejected(f"not a move (UCI or SAN): {text!r}") from None

    def _on_move(self, event: MoveMade, idx: int) -> list[Ruling]:
        rulings: list[Ruling] = []
        if self._pending is not None and self._pending.completed_at is not None:
            if event.by is self._pending.by:
                raise _Rejected(f"{event.by.label} does not have the move (1.3)")
            rulings, stood = self._illegal_move_stands(event, idx)
            if not stood or self.is_over:
                # The arbiter stepped in (the illegal move left no position), or the board it
                # left ends the game: this move is not taken.
                return rulings
            try:
                return rulings + self._on_move(event, idx)
            except _Rejected as rejection:  # the illegal move stood all the same
                return [*rulings, Ruling(idx, event.at, RulingKind.REJECTED, reason=str(rejection))]
        mover = self._record.position.side_to_move
        if event.by is not mover:
            raise _Rejected(
                f"{event.by.label} does not have the move: a released piece cannot be moved "
                "again (1.3, 4.7)"
            )
        legal, raw = self._read_move(event.move)
        if raw is not None and self._record.position.piece_at(raw.from_square) is None:
            raise _Rejected(f"no piece on {_name(raw.from_square)} to move")
        rulings += self._decline_offer_of(mover.other, idx, event.at)
        self._lose_claim_right(mover)
        if legal is None or event.hands == 2:
            return rulings + self._made_illegal(event, legal, raw)
        allowed = self.obligation()
        if allowed.moves is not None and legal not in allowed.moves:
            if self._rules().touch_move is TouchMoveEnforcement.ARBITER:
                self._touch_squares(legal)
                return [
                    *rulings,
                    self._ruling(
                        idx,
                        event.at,
                        RulingKind.TOUCH_MOVE,
                        by=mover,
                        move=self._record.position.uci(legal),
                        must_move=_ucis(self._record.position, allowed.moves),
                        article=allowed.article,
                    ),
                ]
            self._breach = _Breach(mover, legal, allowed, pressed=False)
        else:
            self._breach = None
        self._pending = None
        return rulings + self._make(legal, mover, event.at, idx)

    def _touch_squares(self, move: Move) -> None:
        position = self._record.position
        mover = position.side_to_move
        for square in (move.from_square, captured_square(position, move)):
            if square is None:
                continue
            piece = position.piece_at(square)
            if piece is not None and all(t.square != square for t in self._touches):
                self._touches.append(Touched(square, piece.color == mover, piece.type))

    def _made_illegal(self, event: MoveMade, legal: Move | None, raw: Move | None) -> list[Ruling]:
        """An illegal (or two-handed) move released on the board: nothing to rule yet (7.5.1)."""
        position = self._record.position
        kind = IllegalKind.TWO_HANDS if event.hands == 2 else IllegalKind.ILLEGAL
        stand_in = legal
        if legal is None and raw is not None and raw.promotion is None:
            piece = position.piece_at(raw.from_square)
            if piece is not None and piece.type == PAWN and raw.to_square >> 3 in (0, 7):
                queen = Move(raw.from_square, raw.to_square, 5)  # type: ignore[arg-type]
                if position.is_legal(queen):
                    kind = IllegalKind.UNPROMOTED if kind is IllegalKind.ILLEGAL else kind
                    stand_in = queen
        if legal is not None:
            self._touch_squares(legal)
            if position.is_castling(legal):
                rook_side = legal.to_square
                if not position.chess960:
                    rook_side = (legal.from_square & ~7) | (7 if legal.to_square & 7 > 4 else 0)
                rook = position.piece_at(rook_side)
                if rook is not None and all(t.square != rook_side for t in self._touches):
                    self._touches.append(Touched(rook_side, True, rook.type))
        elif raw is not None:
            self._touch_squares_raw(raw)
            piece = position.piece_at(raw.from_square)
            if (
                piece is not None
                and piece.type == KING
                and not position.chess960
                and abs((raw.to_square & 7) - (raw.from_square & 7)) == 2
                and raw.to_square >> 3 == raw.from_square >> 3
            ):
                self._castle_attempt = True
        self._pending = PendingIllegal(
            event.by, event.move, kind, raw if raw is not None else legal, stand_in, event.at
        )
        return []

    def _touch_squares_raw(self, raw: Move) -> None:
        position = self._record.position
        mover = position.side_to_move
        for square in (raw.from_square, raw.to_square):
            piece = position.piece_at(square)
            if piece is None or any(t.square == square for t in self._touches):
                continue
            if square == raw.to_square and piece.color == mover:
                continue
            self._touches.append(Touched(square, piece.color == mover, piece.type))

    def _make(self, move: Move, mover: Color, at: Millis, idx: int) -> list[Ruling]:
        """Make a legal move on the board (4.7); it may end the game at once (5.1, 5.2, 9.6)."""
        position = self._record.position
        if self._uncompleted[mover]:
            self._complete_record(mover, at)  # 6.2.1.2: the previous move is now completed
        self._sans.append(position.san_of_code(position.code_of(move)))  # legal: checked
        self._ucis.append(position.uci(move))
        self._made.append(move)
        self._clocks.append(None)
        self._record.push(move)
        self._moved[mover] += 1
        self._uncompleted[mover] = True
        self._touches.clear()
        self._castle_attempt = False
        self._promotion = None
        self._forced = None
        ending = self._record.termination()
        if ending is not None:
            self._complete_record(mover, at)  # 6.2.1.1: a move that ends the game is completed
            self._uncompleted[mover] = False
            return self._end_by_termination(ending, at, idx)
        return []

    def _complete_record(self, mover: Color, at: Millis) -> None:
        """Note the mover's time against his last made move (for ``[%clk]``)."""
        if self._clock is None:
            return
        for i in range(len(self._clocks) - 1, -1, -1):
            if self._mover_of(i) is mover:
                if self._clocks[i] is None:
                    self._clocks[i] = self._clock.remaining(mover, at)
                return

    def _mover_of(self, ply: int) -> Color:
        assert self._start is not None
        first = Color.BLACK if " b " in (self._start.fen or " w ") else Color.WHITE
        return first if ply % 2 == 0 else first.other

    # -- pressing the clock (6.2, 7.5.3) -------------------------------------------------------

    def _on_press(self, event: Press, idx: int) -> list[Ruling]:
        player = event.by
        if self._running is not player:
            raise _Rejected(f"{player.label}'s clock is not running")
        if self._clock is not None and self._clock.paused:
            raise _Rejected("the clock is paused (6.11)")
        pending = self._pending
        if pending is not None and pending.by is player and pending.completed_at is None:
            return self._complete_illegal(pending, event.at, idx)
        if not self._uncompleted[player]:
            if self._pending is not None:
                raise _Rejected(
                    f"{player.label} has made no move since {player.other.label}'s illegal move: "
                    "claim it or make a move (A.5.2)"
                )
            return self._rule_illegal(player, IllegalKind.NO_MOVE, None, event.at, idx)
        self._press(player, event.at)
        if self._breach is not None and self._breach.by is player:
            b = self._breach
            self._breach = _Breach(b.by, b.move, b.allowed, True, b.claim_lost)
        return []

    def _press(self, player: Color, at: Millis) -> None:
        if self._clock is not None:
            self._clock.press(player, at)
        self._complete_record(player, at)
        self._uncompleted[player] = False
        self._running = player.other

    def _complete_illegal(self, pending: PendingIllegal, at: Millis, idx: int) -> list[Ruling]:
        player = pending.by
        if self._rules().arbiter_sees_illegal_moves:
            return self._rule_illegal(player, pending.kind, pending, at, idx)
        # A.5.2: nobody has seen it yet; the clock runs for the opponent, who may claim.
        if self._clock is not None:
            self._clock.press(player, at)
        self._running = player.other
        self._pending = PendingIllegal(
            pending.by,
            pending.text,
            pending.kind,
            pending.move,
            pending.legal,
            pending.made_at,
            completed_at=at,
            clock_after=self._clock.remaining(player, at) if self._clock is not None else None,
        )
        return []

    # -- illegal moves (7.5, A.4, A.5.2) -------------------------------------------------------

    def _rule_illegal(
        self,
        player: Color,
        kind: IllegalKind,
        pending: PendingIllegal | None,
        at: Millis,
        idx: int,
        *,
        claimed: bool = False,
    ) -> list[Ruling]:
        """A completed illegal move by ``player`` is ruled on: 7.5.1–7.5.5 with A.3–A.5, B."""
        profile = self._rules()
        after_press = pending is not None and pending.completed_at is not None
        if after_press and kind is not IllegalKind.UNPROMOTED:
            if self._clock is not None:
                self._clock.take_back(player, at)  # the arbiter restarts the offender's clock
            self._running = player
        self._pending = None
        self._illegal[player] += 1
        if profile.mode is not Mode.STANDARD:
            article = profile.illegal_move_article
        else:
            article = "7.5.5" if kind is IllegalKind.ILLEGAL else kind.value
        text = pending.text if pending is not None else None
        note = {
            IllegalKind.ILLEGAL: "position before the move restored; the same piece must move "
            "if it can (7.5.1, 4.3)",
            IllegalKind.UNPROMOTED: "the pawn is replaced by a queen (7.5.2)",
            IllegalKind.NO_MOVE: "clock pressed without a move (7.5.3)",
            IllegalKind.TWO_HANDS: "move made with two hands; position restored (7.5.4)",
        }[kind]
        if profile.mode is not Mode.STANDARD:
            note = f"{note}; {profile.illegal_move_article}"
        if claimed:
            note += "; on the opponent's claim"
        if kind is IllegalKind.UNPROMOTED and pending is not None and pending.legal is not None:
            # 7.5.2: the move stands with a queen; it is completed by the press.
            self._touches.clear()
            self._castle_attempt = False
            rulings = self._make(pending.legal, player, at, idx)
            if self.is_over:
                return [
                    self._ruling(
                        idx,
                        at,
                        RulingKind.ILLEGAL_MOVE,
                        by=player,
                        move=text,
                        article="7.5.2",
                        note=note,
                    ),
                    *rulings,
                ]
            if after_press:
                self._complete_record(player, at)
                self._uncompleted[player] = False
            else:
                self._press(player, at)
        if self._illegal[player] >= 2:
            first = self._ruling(
                idx,
                at,
                RulingKind.ILLEGAL_MOVE,
                by=player,
                move=text,
                article=article,
                note=note + "; second completed illegal move",
            )
            return [
                first,
                *self._loss_or_draw(
                    player,
                    Reason.SECOND_ILLEGAL_MOVE,
                    Reason.ILLEGAL_MOVE_CANNOT_CHECKMATE,
                    at,
                    idx,
                    "7.5.5",
                ),
            ]
        must = self.obligation()
        return [
            self._give_time(
                idx,
                at,
                RulingKind.ILLEGAL_MOVE,
                player.other,
                profile.illegal_move_penalty,
                by=player,
                move=text,
                article=article,
                must_move=(
                    _ucis(self._record.position, must.moves) if must.moves is not None else None
                ),
                note=note,
            )
        ]

    def _illegal_move_stands(self, event: MoveMade, idx: int) -> tuple[list[Ruling], bool]:
        """A.5.2: the opponent moves without a claim; the completed illegal move stands.

        Returns the rulings and whether the move stood (``False``: the board it leaves is no
        position under the Laws, so the arbiter rules on it after all).
        """
        pending = self._pending
        assert pending is not None
        fen = None
        if pending.kind is IllegalKind.TWO_HANDS and pending.legal is not None:
            standing: Move | None = pending.legal
        else:
            standing = pending.move
        if standing is not None:
            try:
                fen = board_after(self._record.position, standing)
                position = Position.from_fen(fen, chess960=self._record.position.chess960)
            except ChessLawsError:
                fen = None
        if fen is None:
            # The board it leaves is no position under the Laws: the arbiter must step in.
            return self._rule_illegal(pending.by, pending.kind, pending, event.at, idx), False
        mover = pending.by
        self._sans.append(pending.text)
        self._ucis.append(pending.text)
        self._made.append(None)
        self._clocks.append(pending.clock_after)
        self._record = GameRecord(position)
        self._moved[mover] += 1
        self._pending = None
        self._touches.clear()
        self._castle_attempt = False
        self._promotion = None
        self._forced = None
        stood = [
            self._ruling(
                idx,
                event.at,
                RulingKind.ILLEGAL_MOVE,
                by=mover,
                move=pending.text,
                status="stands",
                article="A.5.2",
                note="not claimed before the opponent's next move: the illegal move stands",
            )
        ]
        ending = self._record.termination()
        if ending is not None:
            stood += self._end_by_termination(ending, event.at, idx)
        return stood, True

    # -- draw offers (9.1, 5.2.3) --------------------------------------------------------------

    def _move_number(self, player: Color) -> int:
        position = self._record.position
        number = position.fullmove_number
        if position.side_to_move is not player and player is Color.BLACK:
            number -= 1
        return number

    def _on_offer(self, event: Offer, idx: int) -> list[Ruling]:
        player = event.by
        limit = self._rules().rules.draw_offers_from_move
        if limit is not None and self._move_number(player) < limit:
            return [
                self._ruling(
                    idx,
                    event.at,
                    RulingKind.DRAW_OFFER,
                    by=player,
                    status="not_allowed",
                    article="9.1.1",
                    note=f"no draw offers before move {limit}",
                )
            ]
        proper = (
            self._uncompleted[player]
            and self._running is player
            and self._on_move_color is not player
        )
        self._offers[player] = True
        note = None
        if not proper:
            note = (
                "offered at another time than after making a move and before pressing: the "
                "offer stands; the arbiter notes it (11.5, 12.9)"
            )
        return [
            self._ruling(
                idx,
                event.at,
                RulingKind.DRAW_OFFER,
                by=player,
                status="standing",
                article="9.1.2.1",
                note=note,
            )
        ]

    def _on_accept(self, event: Accept, idx: int) -> list[Ruling]:
        offerer = event.by.other
        if not self._offers[offerer]:
            raise _Rejected(f"no draw offer by {offerer.label} stands to accept")
        if self._moved[0] < 1 or self._moved[1] < 1:
            return [
                self._ruling(
                    idx,
                    event.at,
                    RulingKind.DRAW_OFFER,
                    by=offerer,
                    status="standing",
                    article="5.2.3",
                    note="no agreement before both players have made at least one move",
                )
            ]
        self._offers[offerer] = False
        return self._end(_DRAW, Reason.AGREEMENT.value, "5.2.3", event.at, idx)

    def _on_decline(self, event: Decline, idx: int) -> list[Ruling]:
        offerer = event.by.other
        if not self._offers[offerer]:
            raise _Rejected(f"no draw offer by {offerer.label} stands to decline")
        self._offers[offerer] = False
        return [
            self._ruling(
                idx,
                event.at,
                RulingKind.DRAW_OFFER,
                by=offerer,
                status="declined",
                article="9.1.2.1",
            )
        ]

    # -- claims (9.2–9.5, 6.8, 4.8, A.5.2) -----------------------------------------------------

    def _on_claim(self, event: Claim, idx: int) -> list[Ruling]:
        if event.kind in (ClaimKind.THREEFOLD, ClaimKind.FIFTY):
            return self._claim_draw(event, idx)
        if event.kind is ClaimKind.FLAG:
            rulings = self._observe_flag(event.at, idx, claimant=event.by)
            if rulings:
                return rulings
            return [self._refuse(event, idx, "6.8", "no flag has fallen")]
        if event.kind is ClaimKind.TOUCH_MOVE:
            return self._claim_touch_move(event.by, event.at, idx, by_arbiter=False, event=event)
        return self._claim_illegal(event.by, event.at, idx, by_arbiter=False, event=event)

    def _refuse(self, event: Claim, idx: int, article: str, note: str) -> Ruling:
        return self._ruling(
            idx,
            event.at,
            RulingKind.CLAIM_REFUSED,
            by=event.by,
            article=article,
            note=note,
            move=event.move,
        )

    def _claim_draw(self, event: Claim, idx: int) -> list[Ruling]:
        player = event.by
        threefold = event.kind is ClaimKind.THREEFOLD
        base = "9.2" if threefold else "9.3"
        if self._on_move_color is not player or self._pending is not None:
            return [self._refuse(event, idx, base, "only the player having the move may claim")]
        if self._touches or self._promotion is not None:
            return [self._refuse(event, idx, "9.4", "a piece was touched on this move")]
        intended: Move | None = None
        raw: Move | None = None
        if event.move is not None:
            intended, raw = self._read_move(event.move)
        if event.move is not None and intended is None:
            correct = False
        elif threefold:
            correct = self._record.can_claim_threefold(intended)
        else:
            correct = self._record.can_claim_fifty(intended)
        if threefold:
            article = "9.2.1" if event.move is not None else "9.2.2"
        else:
            article = "9.3.1" if event.move is not None else "9.3.2"
        if correct:
            reason = Reason.THREEFOLD if threefold else Reason.FIFTY_MOVES
            return self._end(_DRAW, reason.value, article, event.at, idx, by=player)
        profile = self._rules()
        if intended is not None:
            self._forced = Obligation(frozenset((intended,)), "9.5.3")
        elif raw is not None:
            self._touch_squares_raw(raw)
        must = self.obligation()
        rulings = [
            self._give_time(
                idx,
                event.at,
                RulingKind.INCORRECT_CLAIM,
                player.other,
                profile.incorrect_claim_penalty,
                by=player,
                move=event.move,
                must_move=(
                    _ucis(self._record.position, must.moves) if must.moves is not None else None
                ),
                article=profile.incorrect_claim_article,
                note=f"claim under {article} is incorrect",
            )
        ]
        if not self._offers[player]:
            self._offers[player] = True
            rulings.append(
                self._ruling(
                    idx,
                    event.at,
                    RulingKind.DRAW_OFFER,
                    by=player,
                    status="standing",
                    article="9.1.2.3",
                )
            )
        return rulings

    def _claim_touch_move(
        self, claimant: Color | None, at: Millis, idx: int, *, by_arbiter: bool, event: Claim | None
    ) -> list[Ruling]:
        breach = self._breach
        if breach is None or (claimant is not None and breach.by is not claimant.other):
            if event is None:
                return []
            return [self._refuse(event, idx, "4.3", "no move broke a touch-move obligation")]
        if breach.claim_lost and not by_arbiter:
            assert event is not None
            return [self._refuse(event, idx, "4.8", "the claimant has touched a piece")]
        offender = breach.by
        position = self._record.position
        if position.peek() != breach.move:
            if event is None:
                return []
            return [self._refuse(event, idx, "4.3", "the move is no longer the last one")]
        # Take the move back (7.1): the offender is to play from his obligation again.
        self._record.pop()
        self._sans.pop()
        self._ucis.pop()
        self._made.pop()
        self._clocks.pop()
        self._moved[offender] -= 1
        self._uncompleted[offender] = False
        if breach.pressed and self._clock is not None:
            self._clock.take_back(offender, at)
        self._running = offender
        self._breach = None
        self._touches.clear()
        self._castle_attempt = False
        self._forced = breach.allowed
        position = self._record.position
        return [
            self._ruling(
                idx,
                at,
                RulingKind.TOUCH_MOVE,
                by=offender,
                move=position.uci(breach.move),
                must_move=_ucis(position, breach.allowed.moves or frozenset()),
                article=breach.allowed.article,
                note="ruled by the arbiter" if by_arbiter else "on the opponent's claim",
            )
        ]

    def _claim_illegal(
        self, claimant: Color | None, at: Millis, idx: int, *, by_arbiter: bool, event: Claim | None
    ) -> list[Ruling]:
        pending = self._pending
        if (
            pending is None
            or pending.completed_at is None
            or (claimant is not None and pending.by is not claimant.other)
        ):
            if event is None:
                return []
            return [self._refuse(event, idx, "A.5.2", "no completed illegal move to claim")]
        return self._rule_illegal(
            pending.by, pending.kind, pending, at, idx, claimed=not by_arbiter
        )

    # -- resignation (5.1.2) -------------------------------------------------------------------

    def _on_resign(self, event: Resign, idx: int) -> list[Ruling]:
        player = event.by
        if self._rules().edition is Edition.E2018:
            return self._end(_WINS[player.other], Reason.RESIGNATION.value, "5.1.2", event.at, idx)
        return self._loss_or_draw(
            player, Reason.RESIGNATION, Reason.RESIGNATION_CANNOT_CHECKMATE, event.at, idx, "5.1.2"
        )

    # -- flags (6.8, 6.9, A.5.3) ---------------------------------------------------------------

    def _observe_flag(self, at: Millis, idx: int, *, claimant: Color | None = None) -> list[Ruling]:
        if self._clock is None:
            return []
        flagged = self._clock.first_flag(at)
        if flagged is None:
            return []
        article = "6.8"
        note = "claimed" if claimant is not None else None
        flag = self._ruling(idx, at, RulingKind.FLAG, by=flagged, article=article, note=note)
        ending_article = "6.9"
        if claimant is not None and self._rules().mode is not Mode.STANDARD:
            ending_article = "A.5.3" if claimant is flagged.other else "6.9"
        return [
            flag,
            *self._loss_or_draw(
                flagged, Reason.FLAG, Reason.FLAG_CANNOT_CHECKMATE, at, idx, ending_article
            ),
        ]

    # -- the arbiter (6.10, 6.11, 12) ----------------------------------------------------------

    def _on_arbiter(self, event: Arbiter, idx: int) -> list[Ruling]:
        action = event.action
        at = event.at
        clock = self._clock
        if action is ArbiterActionKind.DECLARE:
            assert event.result is not None and event.reason is not None
            try:
                reason = Reason(event.reason)
            except ValueError:
                known = ", ".join(r.value for r in Reason)
                raise _Rejected(f"unknown reason {event.reason!r} (known: {known})") from None
            return self._end(event.result, reason.value, event.article or reason.article, at, idx)
        if action is ArbiterActionKind.OBSERVE_FLAG:
            return self._observe_flag(at, idx)
        if action is ArbiterActionKind.OBSERVE_ILLEGAL_MOVE:
            return self._claim_illegal(None, at, idx, by_arbiter=True, event=None)
        if action is ArbiterActionKind.OBSERVE_TOUCH_MOVE:
            return self._claim_touch_move(None, at, idx, by_arbiter=True, event=None)
        if action is ArbiterActionKind.WARNING:
            assert event.player is not None
            ruling = self._ruling(
                idx,
                at,
                RulingKind.PENALTY,
                by=event.player,
                article=event.article or "12.9.1",
                penalty=Penalty(PenaltyKind.WARNING, event.player),
            )
            self._penalties.append(ruling)
            return [ruling]
        if clock is None:
            raise _Rejected(f"{action.value}: the game has no clock")
        if action is ArbiterActionKind.PAUSE:
            if clock.paused:
                raise _Rejected("the clock is already paused")
            clock.pause(at)
            return [
                self._ruling(
                    idx, at, RulingKind.CLOCK, status="paused", article=event.article or "6.11.1"
                )
            ]
        if action is ArbiterActionKind.RESUME:
            if not clock.paused:
                raise _Rejected("the clock is not paused")
            clock.resume(at)
            return [
                self._ruling(
                    idx, at, RulingKind.CLOCK, status="resumed", article=event.article or "6.11.3"
                )
            ]
        assert event.player is not None
        if action is ArbiterActionKind.ADD_TIME:
            assert event.seconds is not None
            if clock.remaining(event.player, at) + event.seconds < 0 and event.seconds < 0:
                raise _Rejected("removing more time than the player has left")
            return [
                self._give_time(
                    idx,
                    at,
                    RulingKind.PENALTY,
                    event.player,
                    event.seconds,
                    article=event.article or "12.9",
                )
            ]
        if action is ArbiterActionKind.SET_TIME:
            assert event.seconds is not None
            clock.set_time(event.player, event.seconds, at)
            ruling = self._ruling(
                idx,
                at,
                RulingKind.PENALTY,
                article=event.article or "6.10.2",
                penalty=Penalty(PenaltyKind.SET_TIME, event.player, event.seconds),
            )
            self._penalties.append(ruling)
            return [ruling]
        assert action is ArbiterActionKind.SET_MOVES and event.moves is not None
        clock.set_moves(event.player, event.moves, at)
        ruling = self._ruling(
            idx,
            at,
            RulingKind.PENALTY,
            article=event.article or "6.10.2",
            penalty=Penalty(PenaltyKind.SET_MOVES, event.player, moves=event.moves),
        )
        self._penalties.append(ruling)
        return [ruling]


def _name(square: int) -> str:
    from chesslaws.core import square_name

    return square_name(square)


def _ucis(position: Position, moves: frozenset[Move]) -> tuple[str, ...]:
    return tuple(sorted(position.uci(m) for m in moves))
