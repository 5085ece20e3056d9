"""The arbiter's press of the clock: one pass (``Clock.pressed``) beside copy-then-press.

The press instants of recorded games (the ``[%clk]`` comments of
``../shared/data/pgn/selfplay.pgn``, 180+2) are replayed through ``ClockState``; then every
press is timed again from the state before it, side by side in one run: the copy-then-press
that ``Clock.pressed`` replaces (copy the clock, read the mover's time, press the copy; the copy
shares the clock's pairs, so it is already cheaper than the list copies of before), the one
pass, the arbiter's whole ``ClockState.press``, and the ``[%clk]`` read after it
(``ClockState.remaining`` of the mover). CPU time, best of ``--rounds`` interleaved rounds, µs
per press; the states are many and spread in memory, as in ``bench_arbiter_parts.py``.

Usage: ``python benchmarks/bench_clock_press.py [--games N] [--rounds R]``
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path

from bench_arbiter import DEFAULT_DATA
from bench_arbiter_parts import timed
from chesslaws import WHITE, Clock, Color, pgn
from chesslaws.arbiter._clockface import ClockState
from chesslaws.clock import parse_clock_comment

Press = tuple[ClockState, Color, int]


def recorded_presses(path: Path, games: int) -> list[Press]:
    """(state before, mover, instant) of every press of the first ``games`` games."""
    presses: list[Press] = []
    for game in pgn.read_games(path, max_games=games):
        if not game.ok:
            continue
        state = ClockState.create("180+2", WHITE)
        assert state is not None
        left, at, color = [180_000, 180_000], 0, WHITE
        for ply in range(len(game.moves)):
            clk, _ = parse_clock_comment(game.main.comments.get(ply, ""))
            if clk is not None:
                at += max(0, left[color] + 2_000 - clk)
                left[color] = clk
            presses.append((state, color, at))
            state = state.press(color, at)
            color = color.other
    return presses


def copy_then_press(clock: Clock, color: Color, at: int) -> tuple[Clock, int, int]:
    new = clock.copy()
    shown = new.remaining(color, at)
    return new, shown, new.press(color, at)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
    presses = recorded_presses(DEFAULT_DATA / "selfplay.pgn", args.games)
    after = [(s.press(c, at), c, at) for s, c, at in presses]
    parts: list[tuple[str, Callable[[Press], object], Sequence[Press]]] = [
        (
            "copy, read, press the copy (the definition)",
            lambda p: copy_then_press(p[0].clock, p[1], p[2]),
            presses,
        ),
        ("`Clock.pressed` (one pass)", lambda p: p[0].clock.pressed(p[1], p[2]), presses),
        ("`ClockState.press` (the arbiter's press)", lambda p: p[0].press(p[1], p[2]), presses),
        (
            "`ClockState.remaining` of the mover after it",
            lambda p: p[0].remaining(p[1], p[2]),
            after,
        ),
        ("nothing (the loop and a call)", lambda p: None, presses),
    ]
    best = [seconds for seconds, _ in timed([(f, items) for _, f, items in parts], args.rounds)]
    n = len(presses)
    old = best[0]
    print(f"the clock press, {n} presses of {args.games} games, best of {args.rounds} (CPU time)")
    print("| part | µs per press | vs copy-then-press |")
    print("| --- | ---: | ---: |")
    for k, ((label, _, _), seconds) in enumerate(zip(parts, best, strict=True)):
        ratio = f"{old / seconds:.2f}×" if k < 2 else ""
        print(f"| {label} | {seconds / n * 1e6:.2f} | {ratio} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
