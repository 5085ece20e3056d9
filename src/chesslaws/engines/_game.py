"""One engine game refereed by the arbiter.

Every engine move becomes a ``move`` and a ``press`` of a :class:`chesslaws.arbiter.Game`, at the
game's own instants: the time between ``go`` sent and ``bestmove`` read is what the mover's clock
is charged, so the driver's own work between moves costs neither engine anything. The arbiter
rules everything the Laws decide (checkmate, stalemate, dead positions, fivefold and 75 moves,
flags under 6.9, claims under 9.2/9.3, resignations, agreements, illegal moves under 7.5.5); the
faults the Laws have no words for (a crash, a stall, an answer that is no move) are declared by
the arbiter as a loss (12.9.6), with the reason kept for the PGN.

A flag is seen when ``bestmove`` comes too late, or when the engine has not answered by the
instant its flag falls plus the ``grace``: a ``tick`` at that instant and the arbiter rules 6.9
(lost, or drawn if the opponent cannot checkmate by any series of legal moves). A move that
arrives after the flag but within the grace is charged as if it came 1 ms before the flag, and
its comment says how much grace it used.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from chesslaws._color import Color
from chesslaws._errors import EngineError
from chesslaws.arbiter import (
    Accept,
    Arbiter,
    ArbiterActionKind,
    Claim,
    ClaimKind,
    Event,
    Game,
    Millis,
    MoveMade,
    Offer,
    Press,
    Resign,
    Ruling,
    RulingKind,
    Start,
    Tick,
)
from chesslaws.clock import TimeControl

from ._openings import Opening
from ._settings import ClaimPolicy, IllegalMovePolicy, MatchSettings
from ._timecontrol import go_arguments
from ._uci import Info, Reply, ReplyKind, UciEngine

__all__ = ["GameReport", "MoveNote", "play_game"]

_WIN = {Color.WHITE: "1-0", Color.BLACK: "0-1"}
_FAULT_TERMINATION = {
    ReplyKind.CRASH: "abandoned",
    ReplyKind.STALL: "abandoned",
    ReplyKind.GARBAGE: "rules infraction",
}
_TERMINATION = {
    "flag": "time forfeit",
    "flag_cannot_checkmate": "time forfeit",
    "second_illegal_move": "rules infraction",
    "illegal_move_cannot_checkmate": "rules infraction",
}


@dataclass(frozen=True, slots=True)
class MoveNote:
    """What the PGN says about one engine move: clock after it, time used, score, depth."""

    uci: str
    color: Color
    clock: int | None
    elapsed: int
    info: Info | None = None
    note: str = ""


@dataclass(slots=True)
class GameReport:
    """A finished game: result, why (the arbiter's reason and Article), and its record."""

    white: str
    black: str
    opening: Opening
    start_fen: str
    result: str = "*"
    reason: str = ""
    article: str = ""
    termination: str = "normal"
    detail: str = ""
    moves: list[MoveNote] = field(default_factory=list)
    claimed_move: str | None = None
    rulings: list[Ruling] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    faulty: list[int] = field(default_factory=list)
    overheads_ns: list[int] = field(default_factory=list)

    def score_of(self, color: Color) -> float:
        """1, ½ or 0 for ``color`` (a ``0-0`` double loss is 0 for both)."""
        if self.result == "1/2-1/2":
            return 0.5
        return 1.0 if self.result == _WIN[color] else 0.0


def _score(info: Info | None) -> int | None:
    """The engine's own score in centipawns, mates as ±100,000 minus the distance."""
    if info is None:
        return None
    if info.mate is not None:
        return 100_000 - abs(info.mate) if info.mate > 0 else -100_000 + abs(info.mate)
    return info.score_cp


class _Referee:
    """Feeds one game's events to the arbiter and keeps what the PGN needs."""

    def __init__(self, settings: MatchSettings, report: GameReport, controls: list[TimeControl]):
        self.settings = settings
        self.report = report
        self.game = Game(mate_budget=settings.mate_budget)
        self.at = Millis(0)
        self.low = [0, 0]  # moves in a row below the resign score, per colour
        self.quiet = 0  # plies in a row within the draw score
        self._start(controls)

    def feed(self, event: Event) -> list[Ruling]:
        self.report.events.append(event)
        rulings = self.game.handle(event)
        self.report.rulings.extend(rulings)
        for ruling in rulings:
            if ruling.kind is RulingKind.REJECTED:  # a driver bug, never an engine's fault
                raise AssertionError(f"the arbiter rejected {event!r}: {ruling.reason}")
        return rulings

    def _start(self, controls: list[TimeControl]) -> None:
        """The start event: one control for both, or each engine's own (time odds)."""
        white, black = controls
        fen = None if self.report.start_fen == _INITIAL else self.report.start_fen
        if white == black:
            self.feed(Start(time_control=str(white), fen=fen))
        else:
            self.feed(Start(time_controls=(str(white), str(black)), fen=fen))

    def advance(self, ms: int) -> None:
        """The game's time moves on by ``ms``: the mover's thinking time."""
        self.at = Millis(self.at + ms)

    @property
    def over(self) -> bool:
        return self.game.is_over

    def declare_loss(self, loser: Color, termination: str, detail: str) -> None:
        """A fault the Laws have no words for: the arbiter declares the game lost (12.9.6)."""
        self.feed(
            Arbiter(
                self.at,
                ArbiterActionKind.DECLARE,
                result=_WIN[loser.other],
                reason="arbiter",
                article="12.9.6",
            )
        )
        self.report.termination = termination
        self.report.detail = detail

    def declare_draw(self, detail: str) -> None:
        self.feed(
            Arbiter(
                self.at,
                ArbiterActionKind.DECLARE,
                result="1/2-1/2",
                reason="arbiter",
            )
        )
        self.report.termination = "adjudication"
        self.report.detail = detail

    def claim_on_board(self, color: Color) -> bool:
        """The engine to move claims a draw the position on the board gives (9.2.2, 9.3.2)."""
        if self.settings.claims is ClaimPolicy.NEVER:
            return False
        record = self.game.record
        for kind, can in (
            (ClaimKind.THREEFOLD, record.can_claim_threefold()),
            (ClaimKind.FIFTY, record.can_claim_fifty()),
        ):
            if can:
                self.feed(Claim(self.at, color, kind))
                return self.over
        return False

    def claim_with_move(self, color: Color, uci: str) -> bool:
        """The engine claims with its move written, not played (9.2.1.1, 9.3.1)."""
        if self.settings.claims is ClaimPolicy.NEVER:
            return False
        record = self.game.record
        try:
            move = record.position.parse_uci(uci)
        except ValueError:
            return False
        for kind, can in (
            (ClaimKind.THREEFOLD, record.can_claim_threefold(move)),
            (ClaimKind.FIFTY, record.can_claim_fifty(move)),
        ):
            if can:
                self.feed(Claim(self.at, color, kind, move=uci))
                if self.over:
                    self.report.claimed_move = uci
                return self.over
        return False


_INITIAL = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def _position_command(report: GameReport, moves: list[str]) -> str:
    opening = report.opening
    head = "position startpos" if opening.fen is None else f"position fen {opening.fen}"
    played = [*opening.moves, *moves]
    return f"{head} moves {' '.join(played)}" if played else head


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

    Each engine is sent ``ucinewgame`` first. The report's ``faulty`` lists the indices (into
    ``engines``) of engines that crashed or stalled and need a new process.
    """
    by_color = {
        Color.WHITE: engines[white_index],
        Color.BLACK: engines[1 - white_index],
    }
    index_of = {Color.WHITE: white_index, Color.BLACK: 1 - white_index}
    start = opening.position()
    names = (by_color[Color.WHITE].name, by_color[Color.BLACK].name)
    report = GameReport(names[0], names[1], opening, start.fen())
    referee = _Referee(settings, report, list(controls))
    for color in (Color.WHITE, Color.BLACK):
        try:
            await by_color[color].new_game()
        except EngineError as error:
            report.faulty.append(index_of[color])
            referee.declare_loss(color, "abandoned", f"{by_color[color].name}: {error}")
            return _finish(report, referee)
    played: list[str] = []
    while not referee.over:
        color = referee.game.position.side_to_move
        if referee.claim_on_board(color):
            break
        clock = referee.game.clock
        assert clock is not None
        due = clock.flag_due(color)
        to_flag = (due - referee.at) if due is not None else 0
        engine = by_color[color]
        reply = await engine.search(
            _position_command(report, played),
            go_arguments(clock, referee.at),
            (to_flag + settings.grace) / 1000 + 0.001,
        )
        if reply.kind is ReplyKind.MOVE and reply.info is not None and reply.info.time is not None:
            report.overheads_ns.append(reply.elapsed_ns - reply.info.time * 1_000_000)
        if _rule_reply(referee, reply, color, to_flag, played, engine.name):
            if reply.kind in (ReplyKind.CRASH, ReplyKind.STALL) or not engine.alive:
                report.faulty.append(index_of[color])
            break
        _adjudicate(referee, color, reply)
    return _finish(report, referee)


def _rule_reply(
    referee: _Referee, reply: Reply, color: Color, to_flag: int, played: list[str], name: str
) -> bool:
    """Feed the engine's answer to the arbiter; True when the game is over."""
    settings = referee.settings
    if reply.kind is ReplyKind.TIMEOUT or (
        reply.kind is ReplyKind.MOVE and reply.elapsed >= to_flag + settings.grace
    ):
        referee.advance(max(reply.elapsed, to_flag))
        referee.feed(Tick(referee.at))
        referee.report.termination = "time forfeit"
        referee.report.detail = f"{name} ({color.label}): {reply.detail or 'moved too late'}"
        return True
    if reply.kind is not ReplyKind.MOVE:
        referee.advance(min(reply.elapsed, max(to_flag - 1, 0)))
        termination = _FAULT_TERMINATION[reply.kind]
        referee.declare_loss(color, termination, f"{name} ({color.label}): {reply.detail}")
        return True
    assert reply.move is not None
    charged = reply.elapsed
    note = ""
    if charged >= to_flag:
        note = f"grace: {charged - to_flag + 1} ms over"
        charged = to_flag - 1
    referee.advance(charged)
    if referee.claim_with_move(color, reply.move):
        return True
    rulings = referee.feed(MoveMade(referee.at, color, reply.move))
    if not referee.over:
        rulings = referee.feed(Press(referee.at, color))
    if any(r.kind is RulingKind.ILLEGAL_MOVE for r in rulings):
        detail = f"{name} ({color.label}): illegal move {reply.move}"
        if referee.over:
            referee.report.termination = "rules infraction"
            referee.report.detail = detail
            return True
        if settings.illegal is IllegalMovePolicy.LOSE:
            referee.declare_loss(color, "rules infraction", detail + " (loses at once)")
            return True
        return False  # 7.5.5: the position before it stands; the engine moves again
    played.append(reply.move)
    _note(referee, reply, color, note)
    return referee.over


def _note(referee: _Referee, reply: Reply, color: Color, note: str) -> None:
    assert reply.move is not None
    referee.report.moves.append(
        MoveNote(reply.move, color, referee.game.remaining(color), reply.elapsed, reply.info, note)
    )


def _adjudicate(referee: _Referee, color: Color, reply: Reply) -> None:
    """Resignation and draw by score, and the move limit (settings; all off by default)."""
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
            referee.report.termination = "adjudication"
            referee.report.detail = (
                f"{referee.report.white if color is Color.WHITE else referee.report.black} "
                f"resigns: score below -{resign.score} cp for {resign.movecount} moves"
            )
            return
    draw = settings.draw
    if draw is not None:
        referee.quiet = referee.quiet + 1 if score is not None and abs(score) <= draw.score else 0
        number = referee.game.position.fullmove_number
        if referee.quiet >= 2 * draw.movecount and number > draw.movenumber:
            referee.feed(Offer(referee.at, color))
            referee.feed(Accept(referee.at, color.other))
            if referee.over:
                referee.report.termination = "adjudication"
                referee.report.detail = (
                    f"draw agreed by adjudication: scores within {draw.score} cp for "
                    f"{draw.movecount} moves"
                )
                return
    if settings.maxmoves is not None:
        plies = len(referee.report.opening.moves) + len(referee.game.moves)
        if plies >= 2 * settings.maxmoves:
            referee.declare_draw(f"move limit: {settings.maxmoves} moves")


def _finish(report: GameReport, referee: _Referee) -> GameReport:
    game = referee.game
    report.result = game.result or "*"
    report.reason = game.reason or ""
    report.article = game.article or ""
    if report.termination == "normal" and report.reason in _TERMINATION:
        report.termination = _TERMINATION[report.reason]
    return report
