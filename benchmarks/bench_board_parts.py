"""The board's share of a ply, part by part, with the one-pass paths beside the calls they replace.

The same plies as ``bench_arbiter_parts.py`` (self-play games of ``../shared/data/pgn``): the
boards and move texts of a replay taken beforehand, then each part run over all of them, the
parts interleaved round by round, CPU time, best of ``--rounds``, µs per ply.

Usage: ``python benchmarks/bench_board_parts.py [--games N] [--rounds R]``
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import Any

from bench_arbiter import DEFAULT_DATA, event_logs
from chesslaws import Game
from chesslaws.arbiter import MoveMade, parse_event
from chesslaws.arbiter._moves import read_move
from chesslaws.core import _notation


def _copy_and_make(item: tuple[Any, int]) -> None:
    position = item[0].position.copy()
    position.push_code(item[1])


def _san(item: tuple[Any, int]) -> str:
    return _notation.san_body(item[0].position, item[1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
    moves = []
    for log in event_logs(DEFAULT_DATA / "selfplay.pgn", args.games, []):
        game = Game()
        for line in log:
            event = parse_event(line)
            if isinstance(event, MoveMade):
                moves.append((game.state().board, event.move))
            game.handle(event)
    codes = []
    for board, text in moves:
        legal = read_move(board, text)[0]
        assert legal is not None
        codes.append((board, board.position.code_of(legal)))
    afters = [board.after(code) for board, code in codes]
    parts: list[tuple[str, Callable[[Any], object], Sequence[Any]]] = [
        ("reading the move (`read_move`)", lambda m: read_move(*m), moves),
        (
            "of which: `Position.legal_uci_move`, check known",
            lambda m: m[0].position.legal_uci_move(m[1], in_check=m[0].in_check),
            moves,
        ),
        ("`parse_uci` (the general reading)", lambda m: m[0].position.parse_uci(m[1]), moves),
        ("the new board (`BoardState.after`)", lambda c: c[0].after(c[1]), codes),
        ("of which: copying the position and making the move", _copy_and_make, codes),
        (
            "of which: legal moves and check, one pass (`count_legal_moves_and_check`)",
            lambda a: a.position.count_legal_moves_and_check(enough=2),
            afters,
        ),
        (
            "the same as two calls (`count_legal_moves` + `is_check`)",
            lambda a: (a.position.count_legal_moves(enough=2), a.position.is_check()),
            afters,
        ),
        ("the SAN of the move (`san_body`)", _san, codes),
    ]
    best = [float("inf")] * len(parts)
    for _ in range(args.rounds):
        for index, (_, part, items) in enumerate(parts):
            start = time.process_time()
            for item in items:
                part(item)
            best[index] = min(best[index], time.process_time() - start)
    print(f"the board's parts of a ply, {len(moves)} plies, best of {args.rounds} (CPU time)")
    print("| part | µs per ply |")
    print("| --- | ---: |")
    for (label, _, _), seconds in zip(parts, best, strict=True):
        print(f"| {label} | {seconds / len(moves) * 1e6:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
