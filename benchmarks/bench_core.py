"""Benchmark of the rules engine against python-chess, side by side in one run.

Two measurements, each printed as ours / python-chess / ratio:

* **perft** (leaf nodes per second, counting the last ply in bulk): ours is
  ``Position.perft(depth)``; python-chess is the recursion of its own perft example, with
  ``board.legal_moves.count()`` at depth 1. Positions: the initial position, Kiwipete, and the
  tricky suite of ``../shared/data/perft/tricky.perft`` (each position at the deepest depth listed
  there with at most ``--tricky-nodes`` leaves). Both engines must agree with the file.
* **SAN replay** (plies per second): every game of ``../shared/data/pgn/**/*.pgn``. The SAN of each
  move is extracted with python-chess *before* timing; then ``Position().push_san`` and
  ``chess.Board().push_san`` replay the lists. Best of ``--rounds`` rounds each, interleaved.

Times are CPU seconds of the benchmark process (``time.process_time``): both engines are
single-threaded pure Python, and CPU time keeps the ratio fair on a busy machine.

Run from the repository root: ``python benchmarks/bench_core.py`` (``--quick`` for a smoke run).
It prints a plain table, then the same table in Markdown for the README's Performance section.
"""

from __future__ import annotations

import argparse
import datetime
import io
import os
import platform
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.pgn

from chesslaws.core import COMPOSED, Position

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@dataclass(frozen=True)
class PerftCase:
    name: str
    fen: str
    chess960: bool
    depth: int
    nodes: int | None  # expected, when known


@dataclass(frozen=True)
class Row:
    name: str
    unit: str
    work: int
    ours: float  # seconds, best round
    theirs: float

    @property
    def ratio(self) -> float:
        return self.theirs / self.ours


def python_chess_perft(board: chess.Board, depth: int) -> int:
    """python-chess's own perft recursion: bulk count at depth 1."""
    if depth == 1:
        return board.legal_moves.count()
    if depth < 1:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += python_chess_perft(board, depth - 1)
        board.pop()
    return total


def read_tricky(max_nodes: int, path: Path = DATA / "perft" / "tricky.perft") -> list[PerftCase]:
    cases: list[PerftCase] = []
    name = fen = ""
    best: tuple[int, int] | None = None

    def flush() -> None:
        if fen and best is not None:
            chess960 = name.startswith(("xfen-", "hside-"))
            cases.append(PerftCase(f"tricky {name}", fen, chess960, best[0], best[1]))

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("id "):
            flush()
            name, fen, best = line[3:].strip(), "", None
        elif line.startswith("epd "):
            fen = line[4:].strip()
        elif line.startswith("perft "):
            depth, nodes = (int(x) for x in line.split()[1:])
            if nodes <= max_nodes and (best is None or depth > best[0]) and depth <= 10:
                best = (depth, nodes)
    flush()
    return cases


def best_of(
    rounds: int, runs: Iterable[tuple[str, Callable[[], object]]]
) -> dict[str, tuple[float, object]]:
    """Run each callable ``rounds`` times, interleaved: its best time and last result.

    Time is the CPU time of this process (``time.process_time``), so that other work on a
    shared machine does not tilt the comparison; both engines are single-threaded."""
    runs = list(runs)
    best: dict[str, tuple[float, object]] = {name: (float("inf"), None) for name, _ in runs}
    for _ in range(rounds):
        for name, run in runs:
            start = time.process_time()
            result = run()
            elapsed = time.process_time() - start
            best[name] = (min(best[name][0], elapsed), result)
    return best


def bench_perft(cases: list[PerftCase], rounds: int) -> tuple[list[Row], int, float, float]:
    rows: list[Row] = []
    total_nodes = 0
    total_ours = total_theirs = 0.0
    for case in cases:
        ours_pos = Position.from_fen(case.fen, chess960=case.chess960, allow=COMPOSED)
        board = chess.Board(case.fen, chess960=case.chess960)
        depth = case.depth
        times = best_of(
            rounds,
            [
                ("ours", lambda p=ours_pos, d=depth: p.perft(d)),
                ("theirs", lambda b=board, d=depth: python_chess_perft(b, d)),
            ],
        )
        (ours_time, ours_nodes), (theirs_time, theirs_nodes) = times["ours"], times["theirs"]
        if ours_nodes != theirs_nodes or (case.nodes is not None and ours_nodes != case.nodes):
            sys.exit(f"perft mismatch on {case.name}: {ours_nodes} {theirs_nodes} {case.nodes}")
        nodes = int(ours_nodes)  # type: ignore[call-overload]
        rows.append(Row(f"{case.name} (d{depth})", "nodes", nodes, ours_time, theirs_time))
        total_nodes += nodes
        total_ours += ours_time
        total_theirs += theirs_time
    return rows, total_nodes, total_ours, total_theirs


def extract_games() -> list[tuple[str, bool, list[str]]]:
    """(starting FEN, chess960, SAN list) of every game of the PGN files, via python-chess."""
    games = []
    for path in sorted((DATA / "pgn").rglob("*.pgn")):
        text = path.read_text(encoding="utf-8-sig", errors="replace")
        stream = io.StringIO(text)
        while (game := chess.pgn.read_game(stream)) is not None:
            if game.errors:
                continue
            board = game.board()
            start = (board.fen(), board.chess960)
            sans = []
            for move in game.mainline_moves():
                if not move:  # a null move ("--"): not a move under the Laws
                    sans = []
                    break
                sans.append(board.san(move))
                board.push(move)
            if sans:
                games.append((start[0], start[1], sans))
    return games


def bench_replay(rounds: int) -> Row:
    games = extract_games()
    plies = sum(len(sans) for _, _, sans in games)
    starts_ours = [Position.from_fen(fen, chess960=c960) for fen, c960, _ in games]
    starts_theirs = [chess.Board(fen, chess960=c960) for fen, c960, _ in games]

    def ours() -> list[Position]:
        done = []
        for start, (_, _, sans) in zip(starts_ours, games, strict=True):
            pos = start.copy()
            push = pos.push_san
            for san in sans:
                push(san)
            done.append(pos)
        return done

    def theirs() -> list[chess.Board]:
        done = []
        for start, (_, _, sans) in zip(starts_theirs, games, strict=True):
            board = start.copy(stack=False)
            push = board.push_san
            for san in sans:
                push(san)
            done.append(board)
        return done

    times = best_of(rounds, [("ours", ours), ("theirs", theirs)])
    ours_fens = [p.fen() for p in times["ours"][1]]  # type: ignore[attr-defined]
    theirs_fens = [b.fen() for b in times["theirs"][1]]  # type: ignore[attr-defined]
    if ours_fens != theirs_fens:
        sys.exit("SAN replay: final positions differ between the engines")
    return Row(
        f"SAN replay ({len(games):,} games, {plies:,} plies)",
        "plies",
        plies,
        times["ours"][0],
        times["theirs"][0],
    )


def fmt_rate(work: int, seconds: float) -> str:
    return f"{work / seconds:,.0f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small depths, one round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds for the SAN replay")
    parser.add_argument("--perft-rounds", type=int, default=1, help="rounds for perft")
    parser.add_argument("--tricky-nodes", type=int, default=400_000)
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds = args.perft_rounds = 1
        args.tricky_nodes = 20_000

    start_depth, kiwipete_depth = (3, 2) if args.quick else (5, 4)
    cases = [
        PerftCase("initial position", chess.STARTING_FEN, False, start_depth, None),
        PerftCase("Kiwipete", KIWIPETE, False, kiwipete_depth, None),
        *read_tricky(args.tricky_nodes),
    ]
    perft_rows, nodes, ours_s, theirs_s = bench_perft(cases, args.perft_rounds)
    tricky_rows = perft_rows[2:]
    tricky = Row(
        f"tricky suite ({len(tricky_rows)} positions)",
        "nodes",
        sum(r.work for r in tricky_rows),
        sum(r.ours for r in tricky_rows),
        sum(r.theirs for r in tricky_rows),
    )
    total = Row("perft, all of the above", "nodes", nodes, ours_s, theirs_s)
    replay = bench_replay(args.rounds)

    headline = [perft_rows[0], perft_rows[1], tricky, total, replay]
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    machine = (
        f"{platform.platform()}, {platform.machine()}, {os.cpu_count()} CPUs, "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"python-chess {chess.__version__}"
    )
    print(f"chesslaws core benchmark, {when}")
    print(machine)
    print()
    print("per-position perft:")
    for row in perft_rows:
        print(
            f"  {row.name:<46} {row.work:>10,} {row.unit}  ours {row.ours:7.2f}s  "
            f"python-chess {row.theirs:7.2f}s  x{row.ratio:4.2f}"
        )
    print()
    width = max(len(r.name) for r in headline)
    print(f"{'':<{width}}  {'ours /s':>12}  {'python-chess /s':>16}  {'ratio':>6}")
    for row in headline:
        print(
            f"{row.name:<{width}}  {fmt_rate(row.work, row.ours):>12}  "
            f"{fmt_rate(row.work, row.theirs):>16}  {row.ratio:>5.2f}x"
        )
    print()
    print("Markdown:")
    print()
    print(f"Measured {when} on {machine} (CPU time); `python benchmarks/bench_core.py`.")
    print()
    print("| benchmark | unit | chesslaws | python-chess | ratio |")
    print("| --- | --- | ---: | ---: | ---: |")
    for row in headline:
        print(
            f"| {row.name} | {row.unit}/s | {fmt_rate(row.work, row.ours)} | "
            f"{fmt_rate(row.work, row.theirs)} | {row.ratio:.2f}× |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
