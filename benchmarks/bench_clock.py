"""Clock benchmarks: a million presses, and time-control/comment reading beside python-chess.

Run: ``python benchmarks/bench_clock.py [--presses N]``. Prints one table; python-chess has no
clock, so press rows have no comparison. Not a test: timings are noisy.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable

from chesslaws import BLACK, WHITE, Clock
from chesslaws.clock import ManualTimeSource, TimeControl, parse_clock_comment
from chesslaws.clock._timecontrol import _parse as parse_cache

try:
    import chess.pgn
except ImportError:  # pragma: no cover - python-chess is a test dependency
    chess = None  # type: ignore[assignment]


def _best(run: Callable[[], int], repeat: int = 3) -> tuple[float, int]:
    """Best wall time of ``repeat`` runs, and the operation count."""
    best = float("inf")
    count = 0
    for _ in range(repeat):
        start = time.perf_counter()
        count = run()
        best = min(best, time.perf_counter() - start)
    return best, count


def presses_explicit(control: str, n: int) -> Callable[[], int]:
    def run() -> int:
        clock = Clock(control, source=None)
        clock.start(0)
        press = clock.press
        t = 0
        for _ in range(n // 2):
            t += 700
            press(WHITE, t)
            t += 900
            press(BLACK, t)
        assert clock.moves_completed(WHITE) + clock.moves_completed(BLACK) == n // 2 * 2
        return n // 2 * 2

    return run


def presses_source(control: str, n: int) -> Callable[[], int]:
    def run() -> int:
        source = ManualTimeSource()
        clock = Clock(control, source=source)
        clock.start()
        press = clock.press
        advance = source.advance
        for _ in range(n // 2):
            advance(700)
            press(WHITE)
            advance(900)
            press(BLACK)
        return n // 2 * 2

    return run


def remaining_queries(n: int) -> Callable[[], int]:
    def run() -> int:
        clock = Clock("5400+30", source=None)
        clock.start(0)
        remaining = clock.remaining
        for t in range(n):
            remaining(WHITE, t)
        return n

    return run


TAGS = ["40/7200:20/3600:900+30", "180+2", "10+0.05", "900+5", "40/9000:300", "300+2"]


def parse_ours(n: int, *, cached: bool) -> Callable[[], int]:
    def run() -> int:
        parse = TimeControl.parse
        clear = parse_cache.cache_clear
        for _ in range(n // len(TAGS)):
            for tag in TAGS:
                if not cached:
                    clear()
                parse(tag)
        return n // len(TAGS) * len(TAGS)

    return run


def parse_theirs(n: int) -> Callable[[], int]:
    def run() -> int:
        parse = chess.pgn.parse_time_control
        for _ in range(n // len(TAGS)):
            for tag in TAGS:
                parse(tag)
        return n // len(TAGS) * len(TAGS)

    return run


COMMENTS = ["[%clk 0:02:59]", "book [%emt 0:00:04.2] [%clk 1:29:40.5]", "no clock here"]


def comments_ours(n: int) -> Callable[[], int]:
    def run() -> int:
        for _ in range(n // len(COMMENTS)):
            for comment in COMMENTS:
                parse_clock_comment(comment)
        return n // len(COMMENTS) * len(COMMENTS)

    return run


def comments_theirs(n: int) -> Callable[[], int]:
    def run() -> int:
        node = chess.pgn.Game()
        for _ in range(n // len(COMMENTS)):
            for comment in COMMENTS:
                node.comment = comment
                node.clock()
                node.emt()
        return n // len(COMMENTS) * len(COMMENTS)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presses", type=int, default=1_000_000)
    parser.add_argument("--parses", type=int, default=60_000)
    args = parser.parse_args()
    n = args.presses
    print(
        f"chesslaws clock benchmark — {time.strftime('%Y-%m-%d')}, Python "
        f"{platform.python_version()}, {platform.machine()} {platform.processor() or ''}"
    )
    print("ratio = python-chess time / ours (above 1: ours is faster); python-chess has no clock")
    print()
    header = (
        f"{'operation':52} {'ours µs/op':>11} {'ops/s':>12} {'python-chess µs/op':>19} {'ratio':>7}"
    )
    print(header)
    print("-" * len(header))

    def row(name: str, ours: Callable[[], int], theirs: Callable[[], int] | None = None) -> None:
        seconds, count = _best(ours)
        us = seconds / count * 1e6
        line = f"{name:52} {us:11.3f} {count / seconds:12,.0f}"
        if theirs is not None and chess is not None:
            their_seconds, their_count = _best(theirs)
            their_us = their_seconds / their_count * 1e6
            line += f" {their_us:19.3f} {their_us / us:7.2f}"
        print(line)

    row(f"press, Fischer 5400+30, explicit now ({n:,})", presses_explicit("5400+30", n))
    row(f"press, 40/5400+30:1800+30, explicit ({n:,})", presses_explicit("40/5400+30:1800+30", n))
    row(f"press, simple delay 300d5 ({n:,})", presses_explicit("300d5", n))
    row(f"press, Bronstein 300b5 ({n:,})", presses_explicit("300b5", n))
    row(f"press + advance, ManualTimeSource ({n:,})", presses_source("5400+30", n))
    row(f"remaining(now) on a running clock ({n:,})", remaining_queries(n))
    row(
        f"TimeControl.parse PGN tags, uncached ({args.parses:,})",
        parse_ours(args.parses, cached=False),
        parse_theirs(args.parses),
    )
    row(
        f"TimeControl.parse PGN tags, cached ({args.parses:,})",
        parse_ours(args.parses, cached=True),
        parse_theirs(args.parses),
    )
    row(
        f"clock comment [%clk]/[%emt] ({args.parses:,})",
        comments_ours(args.parses),
        comments_theirs(args.parses),
    )


if __name__ == "__main__":
    main()
