"""Audit throughput: games per second in this process, on 2 local workers, and on Dask; and,
side by side in the same run and process, python-chess's ``read_game`` on the same file.

Usage: ``python benchmarks/bench_audit.py [FILE] [--dask-workers N] [--rounds N]`` (default:
the shared ``selfplay.pgn``). The one-process audit and python-chess are timed alternately,
``--rounds`` times each, and the best of each is kept (the machine's noise only slows a run).
The Dask run uses a ``distributed.LocalCluster`` of worker processes (its start-up is not
timed); pass ``--dask ADDRESS`` to time an existing cluster instead.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from pathlib import Path
from typing import Any

from chesslaws.audit import audit_files

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "pgn" / "selfplay.pgn"


def timed(path: Path, **backend: Any) -> tuple[int, float]:
    start = time.perf_counter()
    games = sum(1 for _ in audit_files([path], **backend))
    return games, time.perf_counter() - start


def python_chess(path: Path) -> tuple[int, float]:
    import chess.pgn

    start = time.perf_counter()
    games = 0
    with open(path, encoding="utf-8", errors="replace") as handle:
        while chess.pgn.read_game(handle) is not None:
            games += 1
    return games, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--dask", metavar="ADDRESS", help="an existing Dask scheduler")
    parser.add_argument("--dask-workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(
        f"{args.file.name}, {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} CPUs"
    )
    ours: list[tuple[int, float]] = []
    theirs: list[tuple[int, float]] = []
    for _ in range(args.rounds):
        ours.append(timed(args.file))
        theirs.append(python_chess(args.file))
    best_ours = min(ours, key=lambda run: run[1])
    best_theirs = min(theirs, key=lambda run: run[1])
    rows = [
        ("1 process", *best_ours),
        ("python-chess read_game (1 process)", *best_theirs),
        ("2 workers", *timed(args.file, workers=2)),
    ]
    if args.dask:
        rows.append((f"Dask {args.dask}", *timed(args.file, dask=args.dask)))
    else:
        from distributed import Client, LocalCluster

        with (
            LocalCluster(
                n_workers=args.dask_workers, threads_per_worker=1, dashboard_address=None
            ) as cluster,
            Client(cluster) as client,
        ):
            label = f"Dask LocalCluster ({args.dask_workers} processes)"
            rows.append((label, *timed(args.file, dask=client)))
    print(f"{'backend':36} {'games':>6} {'seconds':>8} {'games/s':>8}")
    for name, games, seconds in rows:
        print(f"{name:36} {games:6d} {seconds:8.2f} {games / seconds:8.1f}")
    ratio = (best_ours[0] / best_ours[1]) / (best_theirs[0] / best_theirs[1])
    print(f"audit / python-chess read_game, one process: {ratio:.2f}x (games per second)")


if __name__ == "__main__":
    main()
