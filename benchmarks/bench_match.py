"""Engine-match driver overhead per move, beside python-chess's ``chess.engine``.

Run: ``python benchmarks/bench_match.py [--games N]``. Not a test.

Both engines are the tests' scripted engine in ``--script`` mode: it replays a game of
``../shared/data/pgn/selfplay.pgn`` and answers ``go`` at once with the script's move (no move
generation, ``info time 0``), so what is measured is the driver. Rows:

* **go → bestmove, minus the engine's time**: per move, the wall time from ``go`` written to
  ``bestmove`` read (what the mover's clock is charged) minus the engine's own reported time
  (``info time``, 0 here): pipe latency, the event loop and our line reading. The figure the
  issue bounds (median under 1 ms).
* **whole driver, per move**: the wall time of ``play_game`` divided by its moves: the above plus
  the arbiter's rulings (move and press events, the automatic endings, claims), building
  ``position``/``go`` and the PGN notes; not charged to any clock.
* **python-chess ``engine.play``**: one ``play()`` call per move of the same games with the same
  engine (``position`` + ``go`` with clock times, ``bestmove`` read), no arbiter; the peer of the
  whole-driver row.

Against a real engine the same subtraction is no good measure: Stockfish's last ``info time``
is that of its last completed depth, often milliseconds before its ``bestmove``.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

from chesslaws import pgn
from chesslaws.engines import (
    EngineSpec,
    MatchSettings,
    Opening,
    UciEngine,
    play_game,
    read_match_tc,
)

ROOT = Path(__file__).resolve().parents[1]
FAKE = ROOT / "tests" / "engines" / "fake_engine.py"
SELFPLAY = ROOT.parent / "shared" / "data" / "pgn" / "selfplay.pgn"


def _scripts(count: int) -> list[list[str]]:
    games = []
    for game in pgn.read_games(str(SELFPLAY), max_games=count * 3):
        if game.fen is None and game.ok and len(game.main.moves) >= 40:
            position = game.start()
            moves = []
            for move in game.main.moves:
                moves.append(position.uci(move))
                position.push(move)
            games.append(moves)
        if len(games) == count:
            break
    return games


async def _ours(scripts: list[list[str]], folder: Path) -> tuple[list[int], list[float], int]:
    per_move_ns: list[int] = []
    driver_us: list[float] = []
    moves = 0
    tc = read_match_tc("600+1")
    for number, script in enumerate(scripts):
        path = folder / f"s{number}.txt"
        path.write_text(" ".join(script))
        command = f"{sys.executable} {FAKE} --script {path}"
        engines = (UciEngine(command, name="a"), UciEngine(command, name="b"))
        for engine in engines:
            await engine.start()
        settings = MatchSettings(engines=(EngineSpec(command), EngineSpec(command)))
        start = time.perf_counter_ns()
        report = await play_game(engines, settings, Opening(), (tc, tc))
        wall = time.perf_counter_ns() - start
        for engine in engines:
            await engine.quit()
        per_move_ns.extend(report.overheads_ns)
        moves += len(report.moves)
        driver_us.append(wall / 1000 / max(1, len(report.moves)))
    return per_move_ns, driver_us, moves


def _python_chess(scripts: list[list[str]], folder: Path) -> list[int]:
    import chess
    import chess.engine

    per_move: list[int] = []
    for number, script in enumerate(scripts):
        path = folder / f"p{number}.txt"
        path.write_text(" ".join(script))
        engine = chess.engine.SimpleEngine.popen_uci(
            [sys.executable, str(FAKE), "--script", str(path)]
        )
        board = chess.Board()
        try:
            for uci in script:
                start = time.perf_counter_ns()
                result = engine.play(board, chess.engine.Limit(white_clock=600, black_clock=600))
                per_move.append(time.perf_counter_ns() - start)
                assert result.move is not None and result.move.uci() == uci
                board.push(result.move)
        finally:
            engine.quit()
    return per_move


def _row(name: str, values_us: list[float]) -> str:
    values = sorted(values_us)
    p90 = values[int(len(values) * 0.9)]
    return (
        f"| {name} | {len(values):,} | {statistics.median(values):,.0f} µs | {p90:,.0f} µs "
        f"| {statistics.mean(values):,.0f} µs |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    scripts = _scripts(args.games)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        ours, driver, moves = asyncio.run(_ours(scripts, folder))
        peer = _python_chess(scripts, folder)
    print(f"# {platform.platform()}, {platform.machine()}, CPython {platform.python_version()}")
    print(f"# {len(scripts)} self-play games replayed by the scripted engine, {moves:,} moves")
    print("| measure | moves | median | p90 | mean |")
    print("| --- | ---: | ---: | ---: | ---: |")
    print(_row("go → bestmove minus engine time (ours)", [n / 1000 for n in ours]))
    print(_row("whole driver per move, arbiter included (ours; per game)", driver))
    print(_row("python-chess engine.play() per move", [n / 1000 for n in peer]))


if __name__ == "__main__":
    main()
