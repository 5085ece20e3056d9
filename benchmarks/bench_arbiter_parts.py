"""Where a move-and-press pair through the arbiter spends its time: each part timed alone.

The same event logs as ``bench_arbiter.py`` (self-play games of ``../shared/data/pgn``). Every
part of the pair is run alone over the same plies (the states, boards and moves of a replay
taken beforehand): reading the two JSON lines, reading the move, the new board and its pieces,
the SAN, the automatic endings, the clock press, the drafts, and beside some of them the plainer
calls they replaced (``parse_uci``; the legal-move count and check as two calls); and, once per
game, a game's start beside python-chess's new board. CPU time, best of ``--rounds``
interleaved rounds, in µs per ply (per game for the starts). The parts overlap a little and
leave out the handlers' own bookkeeping, so they do not add up exactly to the pair.

Usage: ``python benchmarks/bench_arbiter_parts.py [--games N] [--rounds R]``
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import chess

from bench_arbiter import DEFAULT_DATA, event_logs
from chesslaws import Game
from chesslaws.arbiter import GameState, MoveMade, parse_event
from chesslaws.arbiter._board import BoardState
from chesslaws.arbiter._draft import open_draft
from chesslaws.arbiter._moves import read_move
from chesslaws.core import _notation
from chesslaws.endings import automatic_ending

Part = tuple[Callable[[Any], object], Sequence[Any]]


def timed(parts: Sequence[Part], rounds: int) -> list[tuple[float, float]]:
    """(best, first) CPU seconds of each part run over all its items, the parts interleaved
    round by round (so that other work on the machine weighs on all of them alike)."""
    best = [float("inf")] * len(parts)
    first: list[float] = []
    for _ in range(rounds):
        for index, (part, items) in enumerate(parts):
            start = time.process_time()
            for item in items:
                part(item)
            seconds = time.process_time() - start
            if len(first) <= index:
                first.append(seconds)
            best[index] = min(best[index], seconds)
    return list(zip(best, first, strict=True))


@dataclass
class Plies:
    """The plies of a replay of the self-play logs, taken beforehand: the JSON lines, the state
    before each event, (board, move text) and (board, move code) of each move, and the board
    after it."""

    starts: list[str]
    lines: list[str]
    states: list[GameState]
    moves: list[tuple[BoardState, str]]
    codes: list[tuple[BoardState, int]]
    afters: list[BoardState]


def recorded_plies(games: int) -> Plies:
    logs = event_logs(DEFAULT_DATA / "selfplay.pgn", games, [])
    plies = Plies(
        [log[0] for log in logs], [line for log in logs for line in log[1:]], [], [], [], []
    )
    for log in logs:
        game = Game()
        for line in log:
            event = parse_event(line)
            if isinstance(event, MoveMade):
                board = game.state().board
                legal = read_move(board, event.move)[0]
                assert legal is not None
                code = board.position.code_of(legal)
                plies.moves.append((board, event.move))
                plies.codes.append((board, code))
                plies.afters.append(board.after(code))
            plies.states.append(game.state())
            game.handle(event)
    return plies


def _copy_and_make(board_code: tuple[Any, int]) -> None:
    position = board_code[0].position.copy()
    position.push_code(board_code[1])


def _ending(board: BoardState) -> object:
    return board.ending()


def _new_game(start: str) -> object:
    return Game().handle_json(start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    recorded = recorded_plies(args.games)
    starts, lines, states = recorded.starts, recorded.lines, recorded.states
    moves = recorded.moves
    codes, afters = recorded.codes, recorded.afters
    plies = len(moves)
    pressing = [s for s in states if s.clock is not None and s.running is not None][::2]
    parts: list[tuple[str, Callable[[Any], object], Sequence[Any]]] = [
        ("reading the two JSON lines (`parse_event`)", parse_event, lines),
        ("reading the move (`read_move`: UCI text, legality)", lambda m: read_move(*m), moves),
        ("`parse_uci` (the general reading)", lambda m: m[0].position.parse_uci(m[1]), moves),
        ("the new board (`BoardState.after`)", lambda c: c[0].after(c[1]), codes),
        ("of which: copying the position and making the move", _copy_and_make, codes),
        (
            "of which: legal moves (none, one or more) and check, in one pass",
            lambda a: a.position.count_legal_moves_and_check(enough=2),
            afters,
        ),
        (
            "the same as two calls (`count_legal_moves` + `is_check`)",
            lambda a: (a.position.count_legal_moves(enough=2), a.position.is_check()),
            afters,
        ),
        (
            "of which: the Zobrist key (9.2.3; the exact test only on a match)",
            lambda a: a.position.zobrist_key(),
            afters,
        ),
        ("the SAN of the move", lambda c: _notation.san_body(c[0].position, c[1]), codes),
        ("the automatic endings (5.1.1, 5.2, 9.6: `BoardState.ending`)", _ending, afters),
        (
            "the same without the board's pawn-walk proof (`automatic_ending`)",
            lambda a: automatic_ending(a.position, a.legal_count, a.repetitions),
            afters,
        ),
        (
            "the clock press (`ClockState.press`)",
            lambda s: s.clock.press(s.running, s.last_at + 10),
            pressing,
        ),
        ("two drafts and the two states they become", lambda s: open_draft(s).freeze(), states),
    ]
    beginnings: list[tuple[str, Callable[[Any], object], Sequence[Any]]] = [
        ("a game's start (`Game()` and its `start` line)", _new_game, starts),
        ("python-chess's new board (`chess.Board()`)", lambda _: chess.Board(), starts),
    ]
    times = timed([(part, items) for _, part, items in parts + beginnings], args.rounds)
    print(f"the parts of a move-and-press pair, {plies} plies, best of {args.rounds} (CPU time)")
    print("| part | µs per ply |")
    print("| --- | ---: |")
    for (label, _, _), (seconds, _) in zip(parts, times[: len(parts)], strict=True):
        print(f"| {label} | {seconds / plies * 1e6:.1f} |")
    print()
    print(f"once per game ({len(starts)} games, {plies / len(starts):.0f} plies each on average):")
    print("| part | µs per game |")
    print("| --- | ---: |")
    for (label, _, _), (seconds, _) in zip(beginnings, times[len(parts) :], strict=True):
        print(f"| {label} | {seconds / len(starts) * 1e6:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
