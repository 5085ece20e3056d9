"""The automatic endings after a move (Articles 5.1.1, 5.2, 9.6), the dead-position test most of
all, on the plies of the self-play games, side by side with python-chess.

The same plies as ``bench_arbiter_parts.py`` ("the automatic endings"): the boards after every
move of ``--games`` self-play games of ``../shared/data/pgn``, made beforehand. Each ply is put in
the group of what settles its dead-position test: a pawn-walk proof that the board kept from the
move before or found anew (most plies), no pawns, the other early answers or the static
arguments themselves, a forced move (its line is played out), or no move at all (mate or
stalemate). The board's ending (``BoardState.ending``, as the arbiter asks it after every move)
is timed per group and on all plies, and ``automatic_ending`` without the kept proof on all
plies; python-chess's material-only ``is_insufficient_material()`` (no dead-position test of
5.2.2) on the same positions is the peer. CPU time in µs per ply, best of ``--rounds``
interleaved rounds, and the first round alone (the static arguments' caches cold).

Usage: ``python benchmarks/bench_dead_position.py [--games N] [--rounds R]``
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

import chess

from bench_arbiter_parts import recorded_plies, timed
from chesslaws.endings import automatic_ending


def _group(board: Any) -> str:
    position = board.position
    if board.legal_count == 0:
        return "no move (mate, stalemate)"
    if board.legal_count == 1:
        return "a forced move"
    if board.walk:
        return "a pawn-walk proof (kept or found)"
    white, black = position.pieces(1, 0), position.pieces(1, 1)
    if not white | black:
        return "no pawns"
    return "the other early answers, the static arguments"


def _ours(board: Any) -> object:
    return board.ending()


def _without_proof(board: Any) -> object:
    return automatic_ending(board.position, board.legal_count, board.repetitions)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    boards = recorded_plies(args.games).afters
    peers = [chess.Board(board.position.fen()) for board in boards]
    groups: dict[str, list[Any]] = {}
    for board in boards:
        groups.setdefault(_group(board), []).append(board)
    parts: dict[str, tuple[Callable[[Any], object], Sequence[Any]]] = {
        "all plies": (_ours, boards),
        "all plies, no proof kept (`automatic_ending`)": (_without_proof, boards),
        "python-chess is_insufficient_material()": (
            lambda peer: peer.is_insufficient_material(),
            peers,
        ),
    }
    for name, items in sorted(groups.items(), key=lambda item: -len(item[1])):
        parts[name] = (_ours, items)
    times = dict(zip(parts, timed(list(parts.values()), args.rounds), strict=True))
    print(f"automatic_ending, {len(boards)} plies, best of {args.rounds} (CPU time)")
    print("| plies | count | µs per ply | first round | share of all plies (µs) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, (_, items) in parts.items():
        best, first = times[name]
        per_ply = best / len(items) * 1e6
        share = best / len(boards) * 1e6
        print(f"| {name} | {len(items)} | {per_ply:.2f} | {first / len(items) * 1e6:.2f} |"
              f" {share:.2f} |")
    ours, peer = times["all plies"][0], times["python-chess is_insufficient_material()"][0]
    print(f"python-chess's material test / chesslaws' automatic endings: {peer / ours:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
