"""Endings benchmarks: unwinnability per (position, colour), and game status after every ply.

1. ``can_checkmate`` on positions from real games: those of ``perft/lichess-games.perft`` (final
   positions of lichess games lost on time) and of CHA's ``unwinnability/test-vector.txt``, both
   colours each. Prints the verdict counts and the distribution of the time per pair (target:
   median at most 2 ms, 99th percentile at most 50 ms).
2. Checking a game's status after every ply, as an arbiter must (automatic endings of Articles
   5 and 9.6, and whether the player to move may claim under 9.2 or 9.3, intended moves
   included), side by side with python-chess's ``Board.outcome(claim_draw=True)`` on the
   self-play games of ``pgn/selfplay.pgn`` (target: at least 1.5 times faster).

Run: ``python benchmarks/bench_endings.py [--pairs N] [--only lichess|test-vector] [--games N]
[--budget N]``. Not a test: timings are noisy.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

import chess
import chess.pgn

from chesslaws.core import Position
from chesslaws.endings import GameRecord, Winnability, can_checkmate
from chesslaws.endings._unwinnability import MATE_BUDGET

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
_DEFAULTS = ("w", "-", "-", "0", "1")


def _full_fen(fen: str) -> str:
    words = fen.split()
    while len(words) < 6:
        words.append(_DEFAULTS[len(words) - 1])
    return " ".join(words)


def real_game_positions() -> list[tuple[str, str]]:
    """(source, FEN) of the lichess-games perft positions and the test-vector positions."""
    positions = []
    for line in (DATA / "perft" / "lichess-games.perft").read_text().splitlines():
        if line.startswith("epd "):
            positions.append(("lichess", _full_fen(line[4:])))
    for line in (DATA / "unwinnability" / "test-vector.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            positions.append(("test-vector", _full_fen(line.split(" ", 1)[1])))
    return positions


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def bench_unwinnability(pairs: int, budget: int, only: str = "") -> None:
    positions = [(src, fen) for src, fen in real_game_positions() if not only or src == only]
    items = [(src, fen, color) for src, fen in positions for color in (0, 1)]
    if pairs:
        step = max(1, len(items) // pairs)
        items = items[::step][:pairs]
    times: dict[str, list[float]] = {"lichess": [], "test-vector": []}
    verdicts: dict[str, int] = {}
    for src, fen, color in items:
        position = Position.from_fen(fen)
        start = time.perf_counter()
        analysis = can_checkmate(position, color, budget=budget)
        times[src].append(time.perf_counter() - start)
        key = analysis.verdict.value
        verdicts[key] = verdicts.get(key, 0) + 1
    every = times["lichess"] + times["test-vector"]
    print(f"can_checkmate on {len(every)} (position, colour) pairs, budget {budget} nodes")
    print("verdicts: " + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())))
    print(f"{'set':<14}{'pairs':>7}{'median':>10}{'p90':>10}{'p99':>10}{'max':>10}  (ms)")
    for name, values in (*times.items(), ("all", every)):
        if not values:
            continue
        ms = [1000 * v for v in values]
        print(
            f"{name:<14}{len(ms):>7}{statistics.median(ms):>10.2f}{_percentile(ms, 0.9):>10.2f}"
            f"{_percentile(ms, 0.99):>10.2f}{max(ms):>10.2f}"
        )
    buckets = [1, 2, 5, 10, 50, 200, 1000, float("inf")]
    counts = [0] * len(buckets)
    for v in every:
        ms = 1000 * v
        counts[next(i for i, b in enumerate(buckets) if ms <= b)] += 1
    print(
        "distribution: " + ", ".join(f"<={b}ms: {c}" for b, c in zip(buckets, counts, strict=True))
    )
    if verdicts.get(Winnability.UNDETERMINED.value):
        print(f"undetermined: {verdicts[Winnability.UNDETERMINED.value]}")


def _games(count: int) -> list[tuple[str, list[str]]]:
    games = []
    with open(DATA / "pgn" / "selfplay.pgn", encoding="utf-8") as handle:
        while len(games) < count:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            board = game.board()
            games.append((board.fen(), [move.uci() for move in game.mainline_moves()]))
    return games


def _ours(fen: str, moves: list[str]) -> int:
    record = GameRecord(Position.from_fen(fen))
    ended = 0
    for uci in moves:
        record.push_uci(uci)
        # The same questions, in the same order, as outcome(claim_draw=True): the automatic
        # endings, then a fifty-move claim, then a threefold claim (intended moves included).
        if (
            record.termination() is not None
            or record.can_claim_fifty()
            or record.fifty_claim_moves()
            or record.can_claim_threefold()
            or record.threefold_claim_moves()
        ):
            ended += 1
    return ended


def _python_chess(fen: str, moves: list[str]) -> int:
    board = chess.Board(fen)
    ended = 0
    for uci in moves:
        board.push_uci(uci)
        if board.outcome(claim_draw=True) is not None:
            ended += 1
    return ended


def bench_status(count: int) -> None:
    games = _games(count)
    plies = sum(len(moves) for _, moves in games)
    results = []
    for name, run in (("chesslaws", _ours), ("python-chess", _python_chess)):
        start = time.perf_counter()
        for fen, moves in games:
            run(fen, moves)
        results.append((name, time.perf_counter() - start))
    print(f"\nstatus after every ply: {len(games)} games, {plies} plies")
    print(f"{'':<14}{'seconds':>10}{'us/ply':>10}")
    for name, seconds in results:
        print(f"{name:<14}{seconds:>10.2f}{1e6 * seconds / plies:>10.1f}")
    print(f"ratio (python-chess / chesslaws): {results[1][1] / results[0][1]:.2f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=0, help="sample this many pairs (0: all)")
    parser.add_argument("--games", type=int, default=40, help="self-play games for the status run")
    parser.add_argument("--budget", type=int, default=MATE_BUDGET, help="search budget")
    parser.add_argument("--only", choices=["lichess", "test-vector"], default="")
    parser.add_argument("--skip-unwinnability", action="store_true")
    parser.add_argument("--skip-status", action="store_true")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]} on {platform.machine()} ({platform.platform()})")
    if not args.skip_unwinnability:
        bench_unwinnability(args.pairs, args.budget, args.only)
    if not args.skip_status:
        bench_status(args.games)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
