"""PGN reading throughput: chesslaws against python-chess's ``read_game``, side by side.

Usage: ``python benchmarks/bench_pgn.py [FILE] [--repeat N]`` (default: the shared
``selfplay.pgn``). Prints plies per second for python-chess, for chesslaws with replay (every
move checked by the rules engine, as python-chess does) and for chesslaws reading the syntax
only, and the ratios. Times are CPU seconds of this process (``time.process_time``), which a
busy machine disturbs less than wall time; each reader runs ``--repeat`` times and the best
run counts.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable
from pathlib import Path

import chess.pgn

from chesslaws import pgn

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "pgn" / "selfplay.pgn"


def python_chess(path: Path) -> int:
    plies = 0
    with open(path, encoding="utf-8-sig") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            plies += sum(1 for _ in game.mainline_moves())
    return plies


def chesslaws_replay(path: Path) -> int:
    return sum(len(game.moves) for game in pgn.read_games(path))


def chesslaws_syntax(path: Path) -> int:
    return sum(len(game.sans) for game in pgn.read_games(path, replay=False))


def best(reader: Callable[[Path], int], path: Path, repeat: int) -> tuple[int, float]:
    times = []
    plies = 0
    for _ in range(repeat):
        start = time.process_time()
        plies = reader(path)
        times.append(time.process_time() - start)
    return plies, min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{args.file.name}, {platform.python_implementation()} {platform.python_version()}")
    rows = []
    for name, reader in [
        ("python-chess read_game", python_chess),
        ("chesslaws read_games", chesslaws_replay),
        ("chesslaws read_games(replay=False)", chesslaws_syntax),
    ]:
        plies, seconds = best(reader, args.file, args.repeat)
        rows.append((name, plies, seconds, plies / seconds))
    base = rows[0][3]
    print(f"{'reader':36} {'plies':>9} {'CPU s':>8} {'plies/s':>10} {'ratio':>6}")
    for name, plies, seconds, rate in rows:
        print(f"{name:36} {plies:9d} {seconds:8.2f} {rate:10.0f} {rate / base:6.2f}")


if __name__ == "__main__":
    main()
