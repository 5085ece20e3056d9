"""What a hostile or broken engine cannot do to a match: outlast its deadline, fill the driver's
memory, be charged for the driver's reading, or leave processes behind."""

from __future__ import annotations

import asyncio
import os
import shlex
import subprocess
import sys
import time
import tracemalloc
from dataclasses import replace
from pathlib import Path

from chesslaws.engines import EngineError, MatchResult, MatchSettings, UciEngine, run_match

from ._helpers import FAKE, fake, settings

_LIMIT = 30.0  # seconds: a test whose match outlives this has failed, not hung


def _play(match: MatchSettings) -> tuple[MatchResult, float]:
    started = time.monotonic()
    result = asyncio.run(asyncio.wait_for(run_match(match), _LIMIT))
    return result, time.monotonic() - started


def _only(result: MatchResult):  # type: ignore[no-untyped-def]
    assert len(result.reports) == 1
    return result.reports[0][1]


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie left for its new parent to reap has)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def test_an_engine_deaf_to_stop_is_killed_at_one_deadline_and_loses_on_time() -> None:
    streaming = fake("--stream-at", "1")  # info and noise without end; the stall timeout 10 s
    result, seconds = _play(settings(streaming, fake(), tc="1+0"))
    game = _only(result)
    assert seconds < 6.0  # the flag at 1 s, 'stop' unanswered for 1 s more: killed
    assert (game.result, game.reason, game.article) == ("0-1", "flag", "6.9")
    assert game.termination == "time forfeit"
    assert "no answer to 'stop' within 1000 ms" in game.detail
    assert "crashed or stalled" in result.stopped  # killed: the match stops without -recover


def test_a_shorter_stall_timeout_shortens_the_wait_for_stop() -> None:
    streaming = replace(fake("--stream-at", "1"), stall=300)
    game = _only(_play(settings(streaming, fake(), tc="0.5+0"))[0])
    assert "no answer to 'stop' within 300 ms" in game.detail


def test_an_engine_that_never_ends_its_answer_to_uci_is_refused_in_time() -> None:
    async def start() -> str:
        engine = UciEngine([sys.executable, str(FAKE), "--stream-at", "0"], startup=3_000)
        try:
            await engine.start()
        except EngineError as error:
            return str(error)
        finally:
            await engine.kill()
        return "started"

    started = time.monotonic()
    message = asyncio.run(asyncio.wait_for(start(), _LIMIT))
    assert time.monotonic() - started < 10.0
    assert "no 'uciok' within 3000 ms" in message or "lines before 'uciok'" in message


def test_lines_the_protocol_does_not_know_do_not_pile_up() -> None:
    async def search() -> tuple[str, int, int]:
        engine = UciEngine([sys.executable, str(FAKE), "--flood-at", "1", "--noise",
                            "--flood-mb", "6"])  # fmt: skip
        await engine.start()
        try:
            tracemalloc.start()
            reply = await engine.search("position startpos", "go movetime 1", 20.0)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
            await engine.quit()
        return reply.kind.value, len(reply.ignored), peak

    kind, kept, peak = asyncio.run(search())
    assert kind == "move" and kept == 5
    assert peak < 2_000_000  # 6 MB of lines read; a few chunks held at a time


def test_a_verbose_engine_is_charged_its_own_time_not_the_reading(tmp_path: Path) -> None:
    verbose = fake("--flood-at", "1", "--flood-mb", "20")  # 20 MB of info on its first move
    result, _ = _play(settings(verbose, verbose, tc="10+0", maxmoves=1))
    game = _only(result)
    assert game.termination == "adjudication", game.detail  # the move limit, not a flag
    assert [note.info is not None for note in game.notes] == [True, True]
    assert max(note.elapsed for note in game.notes) < 3_000  # written in well under a second


def test_nothing_an_engine_started_outlives_the_match(tmp_path: Path) -> None:
    child = tmp_path / "child.pid"
    result, _ = _play(settings(fake("--child", str(child)), fake(), maxmoves=1))
    assert _only(result).termination == "adjudication"
    pid = int(child.read_text())
    deadline = time.monotonic() + 5
    while not _gone(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(pid)


def test_the_command_line_leaves_no_child_and_no_event_loop_error(tmp_path: Path) -> None:
    child = tmp_path / "child.pid"
    engine = " ".join(shlex.quote(w) for w in (sys.executable, str(FAKE), "--child", str(child)))
    done = subprocess.run(
        [sys.executable, "-m", "chesslaws", "match", "-engine", f"cmd={engine}",
         "-engine", f"cmd={engine}", "-each", "tc=10+0", "-maxmoves", "1"],
        capture_output=True, text=True, timeout=60, env={**os.environ},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Event loop is closed" not in done.stderr
    assert "Exception ignored" not in done.stderr
    assert _gone(int(child.read_text()))
