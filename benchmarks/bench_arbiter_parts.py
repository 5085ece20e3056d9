"""Where a move-and-press pair through the arbiter spends its time: each part timed alone.

The same event logs as ``bench_arbiter.py`` (self-play games of ``../shared/data/pgn``). Every
part of the pair is run alone over the same plies (the states, boards and moves of a replay
taken beforehand): reading the two JSON lines, reading the move, the new board and its pieces,
the SAN, the automatic endings, the clock press, the drafts. CPU time, best of ``--rounds``,
in µs per ply. The parts overlap a little and leave out the handlers' own bookkeeping, so they
do not add up exactly to the pair.

Usage: ``python benchmarks/bench_arbiter_parts.py [--games N] [--rounds R]``
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import Any

from bench_arbiter import DEFAULT_DATA, event_logs
from chesslaws import Game
from chesslaws.arbiter import MoveMade, parse_event
from chesslaws.arbiter._draft import Draft
from chesslaws.arbiter._moves import read_move
from chesslaws.core import _notation
from chesslaws.endings import automatic_ending


def _best(part: Callable[[Any], object], items: Sequence[Any], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for item in items:
            part(item)
        best = min(best, time.process_time() - start)
    return best


def _copy_and_make(board_code: tuple[Any, int]) -> None:
    position = board_code[0].position.copy()
    position.push_code(board_code[1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    logs = event_logs(DEFAULT_DATA / "selfplay.pgn", args.games, [])
    lines = [line for log in logs for line in log[1:]]
    plies = sum((len(log) - 1) // 2 for log in logs)
    states, moves = [], []
    for log in logs:
        game = Game()
        for line in log:
            event = parse_event(line)
            if isinstance(event, MoveMade):
                moves.append((game.state().board, event.move))
            states.append(game.state())
            game.handle(event)
    codes = []
    for board, text in moves:
        legal = read_move(board, text)[0]
        assert legal is not None
        codes.append((board, board.position.code_of(legal)))
    afters = [board.after(code) for board, code in codes]
    pressing = [s for s in states if s.clock is not None and s.running is not None][::2]
    parts: list[tuple[str, Callable[[Any], object], Sequence[Any]]] = [
        ("reading the two JSON lines (`parse_event`)", parse_event, lines),
        ("reading the move (`read_move`: UCI text, legality)", lambda m: read_move(*m), moves),
        ("the new board (`BoardState.after`)", lambda c: c[0].after(c[1]), codes),
        ("of which: copying the position and making the move", _copy_and_make, codes),
        (
            "of which: legal moves (none, one or more) and check, in one pass",
            lambda a: a.position.count_legal_moves_and_check(enough=2),
            afters,
        ),
        (
            "of which: the Zobrist key (9.2.3; the exact key is compared only on a match)",
            lambda a: a.position.zobrist_key(),
            afters,
        ),
        ("the SAN of the move", lambda c: _notation.san_body(c[0].position, c[1]), codes),
        (
            "the automatic endings (5.1.1, 5.2, 9.6)",
            lambda a: automatic_ending(a.position, a.legal_count, a.keys[2]),
            afters,
        ),
        (
            "the clock press (`ClockState.press`)",
            lambda s: s.clock.press(s.running, s.last_at + 10),
            pressing,
        ),
        ("two drafts and the two states they become", lambda s: Draft(s).freeze(), states),
    ]
    print(f"the parts of a move-and-press pair, {plies} plies, best of {args.rounds} (CPU time)")
    print("| part | µs per ply |")
    print("| --- | ---: |")
    for label, part, items in parts:
        seconds = _best(part, items, args.rounds)
        print(f"| {label} | {seconds / plies * 1e6:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
