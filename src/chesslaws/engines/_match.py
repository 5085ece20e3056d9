"""A match between two engines: games scheduled, played concurrently, scored, written as PGN.

Game ``k`` (0-based) of the ``games × rounds`` games gives White to the first engine when ``k``
is even, to the second when odd. It takes opening ``k // 2`` with ``repeat`` (each opening
played twice, colours swapped), else opening ``k``. ``concurrency`` games run at once, each
worker with its own two engine processes, reused from game to game (``ucinewgame``).

An engine that crashed or stalled is restarted for its worker's next game with ``recover``;
without it the match stops scheduling games (those under way finish) and says why. The SPRT,
when given, stops the match as soon as it accepts a hypothesis. Every game is written to the
PGN file as soon as it ends, by the arbiter's own writer (:func:`chesslaws.arbiter.game_to_pgn`),
and its event log to the events folder, which ``chesslaws arbitrate`` rules the same way.
"""

from __future__ import annotations

import asyncio
import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from chesslaws._errors import MatchError
from chesslaws._words import Words
from chesslaws.arbiter import game_to_pgn
from chesslaws.clock import MONOTONIC, TimeSource
from chesslaws.clock._units import seconds_text

from ._game import GameReport, play_game
from ._openings import Opening
from ._settings import MatchSettings
from ._stats import Summary, summarise
from ._uci import UciEngine

__all__ = ["MatchResult", "game_pgn", "run_match"]


@dataclass(slots=True)
class MatchResult:
    """The games played (in the order they ended), the summary, and why the match stopped early
    (``""`` when every game was played)."""

    reports: list[tuple[int, GameReport]] = field(default_factory=list)
    summary: Summary | None = None
    stopped: str = ""


class _Match:
    def __init__(
        self,
        settings: MatchSettings,
        source: TimeSource,
        on_game: Callable[[int, GameReport, Summary], None] | None,
    ) -> None:
        self.settings = settings
        self.source = source
        self.on_game = on_game
        self.result = MatchResult()
        self.next_game = 0
        self.scores: list[float] = []
        self.by_pair: dict[int, dict[int, float]] = {}
        self.pairs: list[tuple[float, float]] = []
        self.pgn: IO[str] | None = None
        if settings.eventsout is not None:
            _check_eventsout(settings.eventsout)
        if settings.pgnout:
            self.pgn = _open_pgnout(settings.pgnout)

    def engine(self, index: int) -> UciEngine:
        spec = self.settings.engines[index]
        return UciEngine(
            spec.command,
            name=spec.label,
            options=dict(spec.options),
            source=self.source,
            stall=spec.stall,
        )

    def take(self) -> int | None:
        if self.result.stopped or self.next_game >= self.settings.total_games:
            return None
        number = self.next_game
        self.next_game += 1
        return number

    def opening_of(self, number: int) -> Opening:
        book = self.settings.openings
        if book is None:
            return Opening()
        return book[number // 2 if self.settings.repeat else number]

    async def worker(self) -> None:
        engines = [self.engine(0), self.engine(1)]
        try:
            for engine in engines:
                await engine.start()
            while (number := self.take()) is not None:
                white = number % 2
                controls = (
                    self.settings.control_of(white),
                    self.settings.control_of(1 - white),
                )
                report = await play_game(
                    (engines[0], engines[1]),
                    self.settings,
                    self.opening_of(number),
                    controls,
                    white_index=white,
                )
                self.record(number, white, report)
                for index in sorted(set(report.faulty)):
                    await self.replace(engines, index)
        finally:
            for engine in engines:
                await engine.quit()

    async def replace(self, engines: list[UciEngine], index: int) -> None:
        name = engines[index].name
        await engines[index].kill()
        if not self.settings.recover:
            if not self.result.stopped:
                self.result.stopped = (
                    f"engine {name} crashed or stalled; the match stops (-recover restarts it)"
                )
            return
        engines[index] = self.engine(index)
        await engines[index].start()

    def record(self, number: int, white: int, report: GameReport) -> None:
        from chesslaws._color import Color

        first = Color.WHITE if white == 0 else Color.BLACK
        score = report.score_of(first)
        self.scores.append(score)
        self.result.reports.append((number, report))
        if self.settings.repeat:
            pair = self.by_pair.setdefault(number // 2, {})
            pair[number % 2] = score
            if len(pair) == 2:
                self.pairs.append((pair[0], pair[1]))
        if self.pgn is not None:
            self.pgn.write(game_pgn(report, self.settings, number))
            self.pgn.flush()
        if self.settings.eventsout is not None:
            path = Path(self.settings.eventsout) / f"game-{number + 1}.jsonl"
            path.write_text(report.event_log(), encoding="utf-8")
        summary = self.summary()
        if summary.sprt_result is not None and not self.result.stopped:
            self.result.stopped = f"SPRT: {summary.sprt_result} accepted"
        if self.on_game is not None:
            self.on_game(number, report, summary)

    def summary(self) -> Summary:
        pairs = self.pairs if self.settings.repeat else None
        return summarise(self.scores, pairs=pairs, sprt=self.settings.sprt)

    async def run(self) -> MatchResult:
        try:
            workers = min(self.settings.concurrency, self.settings.total_games)
            tasks = [asyncio.ensure_future(self.worker()) for _ in range(max(workers, 1))]
            try:
                await asyncio.gather(*tasks)
            except BaseException:
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
                raise
        finally:
            if self.pgn is not None:
                self.pgn.close()
        self.result.summary = self.summary()
        return self.result


def game_pgn(report: GameReport, settings: MatchSettings, number: int) -> str:
    """The game ``number`` (0-based) of the match in PGN, by the arbiter's writer: the tags the
    log does not know (the event, date, round, engines, grace, the ending of a fault), the book,
    and after each move's ``[%clk]`` its ``[%emt]`` and the engine's score and depth."""
    tags: dict[str, str] = {
        "Event": settings.event,
        "Date": datetime.datetime.now(datetime.UTC).strftime("%Y.%m.%d"),
        "Round": str(number + 1),
        "White": report.white,
        "Black": report.black,
        "Termination": report.termination,
    }
    if settings.grace:
        tags["Grace"] = seconds_text(settings.grace)
    tags["PlyCount"] = str(len(report.opening.moves) + report.state.sheet.length)
    tags.update(settings.extra_tags)
    opening = report.opening
    book = opening if opening.fen is not None or opening.moves else None
    notes = {index: note.comment() for index, note in enumerate(report.notes)}
    return game_to_pgn(report.state, tags, notes=notes, book=book, detail=report.detail)


def _check_eventsout(path: str) -> None:
    """The events folder, made if need be (each game's log is written there as it ends)."""
    try:
        Path(path).mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise MatchError(
            Words(
                "-eventsout {path}: cannot make the folder: {why}",
                path=path,
                why=error.strerror or error,
            ),
            option="-eventsout",
        ) from None


def _open_pgnout(path: str) -> IO[str]:
    """The PGN file, opened to add games to (closed when the match ends)."""
    try:
        return open(path, "a", encoding="utf-8")
    except OSError as error:
        raise MatchError(
            Words("-pgnout {path}: cannot write: {why}", path=path, why=error.strerror or error),
            option="-pgnout",
        ) from None


async def run_match(
    settings: MatchSettings,
    *,
    source: TimeSource = MONOTONIC,
    on_game: Callable[[int, GameReport, Summary], None] | None = None,
) -> MatchResult:
    """Play the match; ``on_game(number, report, summary)`` is called as each game ends.

    Raises :class:`EngineError` when an engine cannot be started or set up, and
    :class:`MatchError` when the PGN file or the events folder cannot be written.
    """
    for index in (0, 1):  # a missing control is refused before anything starts
        settings.control_of(index)
    return await _Match(settings, source, on_game).run()
