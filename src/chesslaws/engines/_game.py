"""One engine game refereed by the arbiter: a fold of :func:`chesslaws.arbiter.step`.

Every engine move becomes a ``move`` and a ``press`` event at the game's own instants: the time
between ``go`` sent and ``bestmove`` read is what the mover's clock is charged, so the driver's
own work between moves costs neither engine anything. The referee keeps the arbiter's state
(:class:`~chesslaws.arbiter.GameState`) and the events it folded, nothing else of the game: the
moves, their clocks and the ending are the state's. The arbiter rules everything the Laws decide
(checkmate, stalemate, dead positions, fivefold and 75 moves, flags under 6.9, claims under
9.2/9.3, resignations, agreements, illegal moves under 7.5.5); the faults the Laws have no words
for (a crash, a stall, an answer that is no move) are declared by the arbiter as a loss
(12.9.6), with the reason kept for the PGN. The events are a log ``chesslaws arbitrate`` rules
the same way: the ``start`` event carries the match's mate budget.

A flag is seen when ``bestmove`` comes too late, or when the engine has not answered by the
instant its flag falls plus the ``grace``: a ``tick`` at that instant and the arbiter rules 6.9
(lost, or drawn if the opponent cannot checkmate by any series of legal moves). A move that
arrives after the flag but within the grace is charged as if it came 1 ms before the flag, and
its comment says how much grace it used.

Claims (9.2, 9.3) are tried on the state, which no trial changes: a claim the arbiter would
refuse is never made, so the log holds only the claims that ended games.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from chesslaws._color import Color
from chesslaws._errors import EngineError
from chesslaws.arbiter import (
    Accept,
    Arbiter,
    ArbiterActionKind,
    Claim,
    ClaimKind,
    Event,
    GameState,
    Millis,
    MoveMade,
    Offer,
    Press,
    Reason,
    Resign,
    Rules,
    Ruling,
    RulingKind,
    Start,
    Tick,
    step,
)
from chesslaws.clock import Clock, TimeControl, format_emt

from ._openings import Opening
from ._settings import ClaimPolicy, IllegalMovePolicy, MatchSettings
from ._timecontrol import go_arguments
from ._uci import Info, Reply, ReplyKind, UciEngine

__all__ = ["GameReport", "MoveNote", "ending_text", "play_game"]

_WIN = {Color.WHITE: "1-0", Color.BLACK: "0-1"}
_FAULT_TERMINATION = {
    ReplyKind.CRASH: "abandoned",
    ReplyKind.STALL: "abandoned",
    ReplyKind.GARBAGE: "rules infraction",
}
_REASONS = {reason.value: reason for reason in Reason}


@dataclass(frozen=True, slots=True)
class MoveNote:
    """What the arbiter does not know of one engine move: the time from ``go`` to ``bestmove``
    (``[%emt]``), the engine's last score and depth, and a note (the grace it used)."""

    elapsed: int
    info: Info | None = None
    note: str = ""

    def comment(self) -> str:
        """``[%emt 0:00:01.2] +0.23/12``, and the note: what the PGN says after ``[%clk]``."""
        parts = [format_emt(self.elapsed)]
        info = self.info
        if info is not None and info.has_score:
            depth = f"/{info.depth}" if info.depth is not None else ""
            parts.append(f"{info.score_text()}{depth}")
        if self.note:
            parts.append(self.note)
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class GameReport:
    """A finished engine game: the arbiter's final state, the events it was folded from and
    the rulings they caused, and what the arbiter does not know: the engines' names, the book,
    one :class:`MoveNote` per move standing on the scoresheet, how a fault ended the game.

    ``termination`` is the PGN ``Termination`` of an ending the arbiter's reason does not name
    (an engine's crash is ``abandoned``, an adjudicated resignation ``adjudication``), else that
    of the reason. ``faulty`` lists the indices (into the engines given to :func:`play_game`)
    of engines that crashed or stalled and need a new process.
    """

    white: str
    black: str
    opening: Opening
    state: GameState
    events: tuple[Event, ...]
    rulings: tuple[Ruling, ...]
    notes: tuple[MoveNote, ...]
    fault_termination: str | None = None
    detail: str = ""
    faulty: tuple[int, ...] = ()
    overheads_ns: tuple[int, ...] = ()

    @property
    def result(self) -> str:
        result = self.state.result
        return "*" if result is None else result.value

    @property
    def reason(self) -> str:
        reason = self.state.reason
        return "" if reason is None else reason.value

    @property
    def article(self) -> str:
        ending = self.state.ending
        return ending.article if ending is not None else ""

    @property
    def moves(self) -> tuple[str, ...]:
        """The moves standing on the scoresheet, in UCI (the book's not included)."""
        return self.state.moves

    @property
    def termination(self) -> str:
        if self.fault_termination is not None:
            return self.fault_termination
        reason = _REASONS.get(self.reason)
        return reason.pgn_termination if reason is not None else "unterminated"

    @property
    def claimed_move(self) -> str | None:
        """The move written with the claim that ended the game (9.2.1.1, 9.3.1), not played."""
        last = self.events[-1] if self.events else None
        return last.move if isinstance(last, Claim) and self.state.is_over else None

    def score_of(self, color: Color) -> float:
        """1, ½ or 0 for ``color`` (a ``0-0`` double loss is 0 for both)."""
        if self.result == "1/2-1/2":
            return 0.5
        return 1.0 if self.result == _WIN[color] else 0.0

    def event_log(self) -> str:
        """The game's event log, one JSON object a line (``chesslaws arbitrate`` reads it)."""
        return "".join(json.dumps(event.to_json()) + "\n" for event in self.events)


def ending_text(report: GameReport) -> str:
    """How the game ended, for people: the detail, the reason and the Article."""
    reason = report.reason.replace("_", " ") or "unfinished"
    text = f"{reason} ({report.article})" if report.article else reason
    return f"{report.detail}: {text}" if report.detail else text


def _score(info: Info | None) -> int | None:
    """The engine's own score in centipawns, mates as ±100,000 minus the distance."""
    if info is None:
        return None
    if info.mate is not None:
        return 100_000 - abs(info.mate) if info.mate > 0 else -100_000 + abs(info.mate)
    return info.score_cp


def _clock(state: GameState) -> Clock:
    """The arbiter's clock, read only (the engines are told its times)."""
    face = state.clock
    assert face is not None, "an engine game has a clock"
    return face.clock


def _counters(state: GameState) -> tuple[int, int]:
    """The halfmove clock (9.3) and the move number of the position on the board."""
    position = state.board.position
    return position.halfmove_clock, position.fullmove_number


def _start_event(settings: MatchSettings, opening: Opening, controls: list[TimeControl]) -> Start:
    """The start: one control for both, or each engine's own (time odds); the position after
    the book; the match's mate budget, so that the log replays alone."""
    white, black = controls
    fen = None if not opening.moves and opening.fen is None else opening.position().fen()
    rules = Rules(mate_budget=settings.mate_budget)
    if white == black:
        return Start(time_control=str(white), fen=fen, rules=rules)
    return Start(time_controls=(str(white), str(black)), fen=fen, rules=rules)


class _Referee:
    """Folds the game's events over the arbiter's state, and keeps what the PGN needs."""

    def __init__(self, settings: MatchSettings, opening: Opening, start: Start) -> None:
        self.settings = settings
        self.opening = opening
        self.state = GameState()
        self.events: list[Event] = []
        self.rulings: list[Ruling] = []
        self.notes: list[MoveNote] = []
        self.termination: str | None = None
        self.detail = ""
        self.at = Millis(0)
        self.low = [0, 0]  # moves in a row below the resign score, per colour
        self.quiet = 0  # plies in a row within the draw score
        # The UCI 'position' command of the position on the board: the book, then each move
        # as it comes to stand on the scoresheet.
        head = "position startpos" if opening.fen is None else f"position fen {opening.fen}"
        self.command = f"{head} moves {' '.join(opening.moves)}" if opening.moves else head
        self.told_moves = bool(opening.moves)
        self.feed(start)

    @property
    def over(self) -> bool:
        return self.state.ending is not None

    def feed(self, event: Event) -> list[Ruling]:
        """The arbiter takes ``event``: the next state, and the rulings it caused."""
        self.state, rulings = step(self.state, event)
        self._took(event, rulings)
        return rulings

    def _took(self, event: Event, rulings: list[Ruling]) -> None:
        self.events.append(event)
        if rulings:
            self.rulings.extend(rulings)
            for ruling in rulings:
                if ruling.kind is RulingKind.REJECTED:  # a driver bug, never an engine's fault
                    raise AssertionError(f"the arbiter rejected {event!r}: {ruling.reason}")

    def advance(self, ms: int) -> None:
        """The game's time moves on by ``ms``: the mover's thinking time."""
        self.at = Millis(self.at + ms)

    def end_with(self, termination: str | None, detail: str) -> None:
        self.termination = termination
        self.detail = detail

    def declare_loss(self, loser: Color, termination: str, detail: str) -> None:
        """A fault the Laws have no words for: the arbiter declares the game lost (12.9.6)."""
        declare = ArbiterActionKind.DECLARE
        self.feed(
            Arbiter(self.at, declare, result=_WIN[loser.other], reason="arbiter", article="12.9.6")
        )
        self.end_with(termination, detail)

    def declare_draw(self, detail: str) -> None:
        self.feed(Arbiter(self.at, ArbiterActionKind.DECLARE, result="1/2-1/2", reason="arbiter"))
        self.end_with("adjudication", detail)

    # -- claims (9.2, 9.3) -----------------------------------------------------------------------

    def _claim(self, claim: Claim) -> bool:
        """Make ``claim`` if the arbiter grants it (the trial leaves the state as it was)."""
        state, rulings = step(self.state, claim)
        if state.ending is None:
            return False
        self.state = state
        self._took(claim, rulings)
        return True

    def claim_on_board(self, color: Color) -> bool:
        """The engine to move claims a draw the position on the board gives (9.2.2, 9.3.2)."""
        if self.settings.claims is ClaimPolicy.NEVER:
            return False
        at = self.at
        if self.state.board.repetitions >= 3 and self._claim(Claim(at, color, ClaimKind.THREEFOLD)):
            return True
        return _counters(self.state)[0] >= 100 and self._claim(Claim(at, color, ClaimKind.FIFTY))

    def _claim_with(self, after: GameState, color: Color, uci: str) -> bool:
        """The engine claims with its move written, not played (9.2.1.1, 9.3.1), when the move
        would repeat the position a third time or complete the fifty moves (``after``: the state
        had it been made)."""
        if self.settings.claims is ClaimPolicy.NEVER:
            return False
        at = self.at
        if after.board.repetitions >= 3 and self._claim(
            Claim(at, color, ClaimKind.THREEFOLD, move=uci)
        ):
            return True
        return _counters(after)[0] >= 100 and self._claim(
            Claim(at, color, ClaimKind.FIFTY, move=uci)
        )

    # -- a move ----------------------------------------------------------------------------------

    def move(self, color: Color, uci: str, note: MoveNote) -> list[Ruling] | None:
        """The engine's move, made and its clock pressed: the rulings of its last event (the
        ``note`` kept if the move stands); ``None`` when it was written with a claim that ended
        the game instead."""
        made = MoveMade(self.at, color, uci)
        after, rulings = step(self.state, made)
        if self._claim_with(after, color, uci):
            return None
        before = self.state.sheet.length
        self.state = after
        self._took(made, rulings)
        if not self.over:
            rulings = self.feed(Press(self.at, color))
        if self.state.sheet.length > before:  # it stands: the engines are told it from now on
            self.notes.append(note)
            self.command += f" {uci}" if self.told_moves else f" moves {uci}"
            self.told_moves = True
        return rulings


async def play_game(
    engines: tuple[UciEngine, UciEngine],
    settings: MatchSettings,
    opening: Opening,
    controls: tuple[TimeControl, TimeControl],
    *,
    white_index: int = 0,
) -> GameReport:
    """Play one game: ``engines[white_index]`` has White; ``controls`` are (White's, Black's),
    each engine's own clock (different ones are time odds: each side is told its own).

    Each engine is sent ``ucinewgame`` first.
    """
    by_color = {Color.WHITE: engines[white_index], Color.BLACK: engines[1 - white_index]}
    index_of = {Color.WHITE: white_index, Color.BLACK: 1 - white_index}
    referee = _Referee(settings, opening, _start_event(settings, opening, list(controls)))
    faulty: list[int] = []
    overheads: list[int] = []
    for color in (Color.WHITE, Color.BLACK):
        try:
            await by_color[color].new_game()
        except EngineError as error:
            faulty.append(index_of[color])
            referee.declare_loss(color, "abandoned", f"{by_color[color].name}: {error}")
            return _finish(referee, by_color, faulty, overheads)
    while not referee.over:
        color = referee.state.on_move
        if referee.claim_on_board(color):
            break
        clock = _clock(referee.state)
        due = clock.flag_due(color)
        to_flag = (due - referee.at) if due is not None else 0
        engine = by_color[color]
        reply = await engine.search(
            referee.command,
            go_arguments(clock, referee.at),
            (to_flag + settings.grace) / 1000 + 0.001,
        )
        if reply.kind is ReplyKind.MOVE and reply.info is not None and reply.info.time is not None:
            overheads.append(reply.elapsed_ns - reply.info.time * 1_000_000)
        if _rule_reply(referee, reply, color, to_flag, engine.name):
            if reply.kind in (ReplyKind.CRASH, ReplyKind.STALL) or not engine.alive:
                faulty.append(index_of[color])
            break
        _adjudicate(referee, color, reply, engine.name)
    return _finish(referee, by_color, faulty, overheads)


def _rule_reply(referee: _Referee, reply: Reply, color: Color, to_flag: int, name: str) -> bool:
    """Feed the engine's answer to the arbiter; True when the game is over."""
    settings = referee.settings
    who = f"{name} ({color.label})"
    if reply.kind is ReplyKind.TIMEOUT or (
        reply.kind is ReplyKind.MOVE and reply.elapsed >= to_flag + settings.grace
    ):
        referee.advance(max(reply.elapsed, to_flag))
        referee.feed(Tick(referee.at))  # the flag has fallen: the arbiter rules 6.9
        referee.end_with(None, f"{who}: {reply.detail or 'moved too late'}")
        return True
    if reply.kind is not ReplyKind.MOVE:
        referee.advance(min(reply.elapsed, max(to_flag - 1, 0)))
        referee.declare_loss(color, _FAULT_TERMINATION[reply.kind], f"{who}: {reply.detail}")
        return True
    assert reply.move is not None
    charged = reply.elapsed
    note = ""
    if charged >= to_flag:
        note = f"grace: {charged - to_flag + 1} ms over"
        charged = to_flag - 1
    referee.advance(charged)
    rulings = referee.move(color, reply.move, MoveNote(reply.elapsed, reply.info, note))
    if rulings is None:
        referee.end_with(None, f"{who} claims with {reply.move} written, not played")
        return True
    if any(r.kind is RulingKind.ILLEGAL_MOVE for r in rulings):
        detail = f"{who}: illegal move {reply.move}"
        if referee.over:
            referee.end_with(None, detail)
            return True
        if settings.illegal is IllegalMovePolicy.LOSE:
            referee.declare_loss(color, "rules infraction", detail + " (loses at once)")
            return True
        return False  # 7.5.5: the position before it stands; the engine moves again
    return referee.over


def _adjudicate(referee: _Referee, color: Color, reply: Reply, name: str) -> None:
    """Resignation and draw by score, and the move limit (settings; all off by default)."""
    if referee.over:
        return
    settings = referee.settings
    score = _score(reply.info)
    resign = settings.resign
    if resign is not None:
        if score is not None and score <= -resign.score:
            referee.low[color] += 1
        else:
            referee.low[color] = 0
        if referee.low[color] >= resign.movecount:
            referee.feed(Resign(referee.at, color))
            referee.end_with(
                "adjudication",
                f"{name} resigns: score below -{resign.score} cp for "
                f"{resign.movecount} moves",
            )
            return
    draw = settings.draw
    if draw is not None:
        referee.quiet = referee.quiet + 1 if score is not None and abs(score) <= draw.score else 0
        number = _counters(referee.state)[1]
        if referee.quiet >= 2 * draw.movecount and number > draw.movenumber:
            referee.feed(Offer(referee.at, color))
            referee.feed(Accept(referee.at, color.other))
            if referee.over:
                referee.end_with(
                    "adjudication",
                    f"draw agreed by adjudication: scores within {draw.score} cp for "
                    f"{draw.movecount} moves",
                )
                return
    if settings.maxmoves is not None:
        plies = len(referee.opening.moves) + referee.state.sheet.length
        if plies >= 2 * settings.maxmoves:
            referee.declare_draw(f"move limit: {settings.maxmoves} moves")


def _finish(
    referee: _Referee,
    by_color: dict[Color, UciEngine],
    faulty: list[int],
    overheads: list[int],
) -> GameReport:
    return GameReport(
        white=by_color[Color.WHITE].name,
        black=by_color[Color.BLACK].name,
        opening=referee.opening,
        state=referee.state,
        events=tuple(referee.events),
        rulings=tuple(referee.rulings),
        notes=tuple(referee.notes),
        fault_termination=referee.termination,
        detail=referee.detail,
        faulty=tuple(faulty),
        overheads_ns=tuple(overheads),
    )
