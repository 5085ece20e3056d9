"""Audit throughput: games per second in one process, on 2 local workers and on a local Dask
cluster of 2 processes, reading one zstandard-compressed file; and, side by side in the same
run, python-chess's ``read_game`` on the same games.

Usage: ``python benchmarks/bench_audit.py [FILE] [--repeat K] [--rounds N] [--workers N]``
(default: the shared ``selfplay.pgn``, 1,500 games). The file is written ``--repeat`` times into
one temporary ``.pgn.zst`` (a zstandard frame per copy, as a real download is one file) so that
a run lasts long enough for the start of worker processes not to count. One process reads that
compressed file once, from its start; the workers and the Dask cluster read it once between
them, each judge its own frames when there are at least two per judge (it prints how the file
was shared), else from one reader in the client. The backends are timed in turn, ``--rounds``
times each, and the best of each is kept (the machine's noise only slows a run). The Dask cluster
(``distributed.LocalCluster`` of worker processes, one thread each) is started once, untimed;
``--dask ADDRESS`` times an existing cluster instead. The load average is printed before and
after: on a shared machine the ratios mean little unless it stays below the number of cores.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import resource
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from chesslaws.audit import audit_files

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "pgn" / "selfplay.pgn"


@contextmanager
def compressed(path: Path, repeat: int) -> Iterator[Path]:
    """``path`` written ``repeat`` times into a temporary ``.pgn.zst``, one frame per copy."""
    import zstandard

    data = path.read_bytes()
    compressor = zstandard.ZstdCompressor(level=3)
    with tempfile.TemporaryDirectory(prefix="bench-audit-") as folder:
        target = Path(folder) / (path.stem + ".pgn.zst")
        with open(target, "wb") as out:
            for _ in range(repeat):
                out.write(compressor.compress(data))
        yield target


def cpu_seconds(dask: Any = None) -> float:
    """CPU seconds used so far by this process, its finished children (the local workers, once
    their pool is shut down) and, given a ``distributed.Client``, the Dask workers."""
    mine = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime
    if dask is not None and not isinstance(dask, str):
        total += sum(dask.run(time.process_time).values())
    return total


def timed(path: Path, **backend: Any) -> tuple[int, float, float]:
    """Games, wall seconds and CPU seconds (all processes) of one audit of ``path``."""
    cpu = cpu_seconds(backend.get("dask"))
    start = time.perf_counter()
    games = sum(1 for _ in audit_files([path], **backend))
    wall = time.perf_counter() - start
    return games, wall, cpu_seconds(backend.get("dask")) - cpu


def python_chess(path: Path) -> tuple[int, float, float]:
    """python-chess's ``read_game`` over the same compressed file (decompressed as a stream)."""
    import chess.pgn
    import zstandard

    cpu = time.process_time()
    start = time.perf_counter()
    games = 0
    with open(path, "rb") as raw:
        stream = zstandard.ZstdDecompressor().stream_reader(raw, read_across_frames=True)
        text = io.TextIOWrapper(io.BufferedReader(stream), encoding="utf-8", errors="replace")
        while chess.pgn.read_game(text) is not None:
            games += 1
    return games, time.perf_counter() - start, time.process_time() - cpu


def shared(path: Path, judges: int) -> str:
    """How the workers share the file: spans of frames each judge reads, or one reader."""
    try:
        from chesslaws.audit._spans import plan_spans
    except ImportError:  # before the judges read their own part
        return "shared by one reader in the client"
    spans = plan_spans(str(path), str(path), "zstd", judges)
    if spans is None:
        return "shared by one reader in the client"
    return f"shared as {len(spans)} spans of frames, each read by its judge"


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--repeat", type=int, default=4, help="copies of FILE in the input")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2, help="local workers and Dask processes")
    parser.add_argument("--chunk", type=int, default=64, help="games per unit of work")
    parser.add_argument("--dask", metavar="ADDRESS", help="an existing Dask scheduler")
    parser.add_argument("--no-python-chess", action="store_true")
    parser.add_argument(
        "--single", action="store_true", help="only one process and python-chess (no workers)"
    )
    args = parser.parse_args()
    print(
        f"{args.file.name} ×{args.repeat} (.pgn.zst), {platform.python_implementation()} "
        f"{platform.python_version()}, {os.cpu_count()} CPUs, {time.strftime('%Y-%m-%d %H:%M')}"
    )
    print("before:", load())
    with compressed(args.file, args.repeat) as path, _dask(args) as dask:
        print(shared(path, args.workers))
        backends: dict[str, dict[str, Any]] = {"1 process": {}}
        if dask is not None:
            backends[f"{args.workers} local workers"] = {
                "workers": args.workers,
                "games_per_chunk": args.chunk,
            }
            backends[dask[0]] = {"dask": dask[1], "games_per_chunk": args.chunk}
        runs: dict[str, list[tuple[int, float, float]]] = {name: [] for name in backends}
        if not args.no_python_chess:
            runs["python-chess read_game (1 process)"] = []
        for _ in range(args.rounds):
            for name, backend in backends.items():
                runs[name].append(timed(path, **backend))
            if not args.no_python_chess:
                runs["python-chess read_game (1 process)"].append(python_chess(path))
    print("after: ", load())
    best = {name: min(found, key=lambda run: run[1]) for name, found in runs.items()}
    games, seconds, cpu = best["1 process"]
    single = games / seconds
    single_cpu = min(run[2] for run in runs["1 process"]) / games
    print(
        f"{'backend':36} {'games':>6} {'seconds':>8} {'games/s':>8} {'× 1 process':>12} "
        f"{'CPU s':>7} {'CPU ms/game':>12}"
    )
    for name, (games, seconds, cpu) in best.items():
        rate = games / seconds
        print(
            f"{name:36} {games:6d} {seconds:8.2f} {rate:8.1f} {rate / single:11.2f}× "
            f"{cpu:7.2f} {1000 * cpu / games:12.3f}"
        )
    print(
        f"per core: {1 / single_cpu:,.0f} games per CPU second (the 1-process run's least CPU "
        "time); a backend's CPU ms/game over that is its overhead (reading, cutting, pickling)"
    )


@contextmanager
def _dask(args: argparse.Namespace) -> Iterator[tuple[str, Any] | None]:
    if args.single:
        yield None
        return
    if args.dask:
        yield f"Dask {args.dask}", args.dask
        return
    from distributed import Client, LocalCluster

    with (
        LocalCluster(n_workers=args.workers, threads_per_worker=1, dashboard_address=None) as c,
        Client(c) as client,
    ):
        yield f"Dask LocalCluster ({args.workers} processes)", client


if __name__ == "__main__":
    main()
