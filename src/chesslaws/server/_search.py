"""The mate search off the event loop: "can the opponent still checkmate?" in worker processes.

When a player loses by a rule (resignation 5.1.2, flag 6.9, second illegal move 7.5.5), the
arbiter asks whether the opponent can checkmate by any series of legal moves; in a composed
position that search may visit the game's whole ``mate_budget`` (about a minute at the default
budget). The server never runs it on its event loop: :func:`answerer` gives
:func:`chesslaws.arbiter.step` an answerer that looks the verdict up and raises
:class:`SearchNeeded` when it has none; the game then waits (its events queue in order behind
its lock) while :class:`MateSearches` runs :func:`chesslaws.endings.loss_or_draw` in a worker
process, and steps the event again with the answer. Other games go on meanwhile. The answer is
the one ``chesslaws arbitrate`` computes in place: the same function of the same position.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import multiprocessing.pool
import os
import threading
import time
from typing import Any

from chesslaws._color import Color
from chesslaws.arbiter import LossOrDraw
from chesslaws.core import Position
from chesslaws.endings import MATE_BUDGET, Result, Winnability, loss_or_draw

__all__ = ["MAX_MATE_BUDGET", "Answers", "MateSearches", "SearchNeeded", "answerer"]

#: The largest ``mate_budget`` a game on this server may set (five times the default): a game
#: asking more is refused when created, so that one search costs a worker minutes, not hours.
MAX_MATE_BUDGET = 5 * MATE_BUDGET

Answers = dict[tuple[str, Color, int], tuple[Result, Winnability]]
"""Verdicts found, by (FEN, loser, budget)."""


class SearchNeeded(Exception):
    """The step needs ``loss_or_draw(position, loser, budget=budget)``: run it, then step again."""

    def __init__(self, position: Position, loser: Color, budget: int) -> None:
        super().__init__(f"mate search for {position.fen()}")
        self.position = position
        self.loser = loser
        self.budget = budget

    @property
    def key(self) -> tuple[str, Color, int]:
        return (self.position.fen(), self.loser, self.budget)


def answerer(answers: Answers) -> LossOrDraw:
    """The answerer for :func:`~chesslaws.arbiter.step`: a verdict from ``answers``, or
    :class:`SearchNeeded`."""

    def answer(position: Position, loser: Color, *, budget: int) -> tuple[Result, Winnability]:
        found = answers.get((position.fen(), loser, budget))
        if found is None:
            raise SearchNeeded(position.copy(), loser, budget)
        return found

    return answer


class MateSearches:
    """A pool of worker processes for mate searches, started at the first search."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = workers
        self._pool: multiprocessing.pool.Pool | None = None
        self.running = 0

    def warm(self) -> None:
        """Start the workers now (a first flag is then ruled without waiting for them)."""
        self._get_pool()

    def _get_pool(self) -> multiprocessing.pool.Pool:
        if self._pool is None:
            methods = multiprocessing.get_all_start_methods()
            method = "forkserver" if "forkserver" in methods else "spawn"
            context = multiprocessing.get_context(method)
            self._pool = context.Pool(self.workers, initializer=_ready, initargs=(os.getpid(),))
        return self._pool

    async def run(self, need: SearchNeeded) -> tuple[Result, Winnability]:
        """The verdict ``need`` asks for, computed in a worker process."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[tuple[Result, Winnability]] = loop.create_future()

        def done(value: Any) -> None:
            loop.call_soon_threadsafe(_settle, future, value, None)

        def failed(error: BaseException) -> None:
            loop.call_soon_threadsafe(_settle, future, None, error)

        args = (need.position, need.loser)
        pool = self._get_pool()
        pool.apply_async(
            loss_or_draw, args, {"budget": need.budget}, callback=done, error_callback=failed
        )
        self.running += 1
        try:
            return await future
        finally:
            self.running -= 1

    def close(self) -> None:
        """Stop the workers at once (a search still running is abandoned)."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None


def _ready(server: int) -> None:
    """A worker starts: it yields the processor to the server's event loop (a search is never
    urgent), lets go of the server's standard output (a worker never writes there), ends when
    the server does, and imports the search's modules once, before the first search."""
    os.nice(10)
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    os.close(quiet)
    threading.Thread(target=_orphaned, args=(server,), daemon=True).start()
    import chesslaws.endings  # noqa: F401


def _orphaned(server: int) -> None:
    """End this worker once the server is gone (a killed server leaves no search running)."""
    while True:
        time.sleep(0.5)
        try:
            os.kill(server, 0)
        except ProcessLookupError:
            os._exit(0)


def _settle(future: asyncio.Future[Any], value: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(value)
