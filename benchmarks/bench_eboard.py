"""Inference cost per e-board reading: from a lift, place or lever press to the arbiter's events.

The self-play games of ``../shared/data/pgn/selfplay.pgn`` are played as readings: for every
move the hand lifts the piece (for a capture, half the time the captured piece first), sets it
down, and presses the lever; one move in five has a sensor flicker on another square first.
Each reading is timed through :meth:`chesslaws.eboard.BoardGame.feed`, which includes the
arbiter ruling on the events it lets out (the ``Game`` of the e-board); the same event log is
then timed through a fresh ``Game`` alone, to show what the e-board layer adds.

Beside it, the way other e-board programs read a board: match the whole position the sensors
show against every legal move's resulting position (python-chess: push each legal move and
compare placements) after each reading.

Usage: ``python benchmarks/bench_eboard.py [--games N] [--data PATH]``.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

import chess

from chesslaws import pgn
from chesslaws.arbiter import Game
from chesslaws.core import Position
from chesslaws.eboard import BoardGame, Lever, Lift, Place, Reading

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pgn"


def readings_of(moves: list[str], rng: random.Random) -> list[Reading]:
    """The readings of a game played on the board (times 150–600 ms apart)."""
    position = Position()
    out: list[Reading] = []
    now = 0

    def at() -> int:
        nonlocal now
        now += rng.randint(150, 600)
        return now

    for uci in moves:
        move = position.parse_uci(uci)
        codes = position.board_codes()
        mover = position.turn
        if rng.random() < 0.2:
            square = rng.choice([sq for sq, c in enumerate(codes) if c])
            t = at()
            out += [Lift(t, square), Place(t + 20, square, codes[square])]  # type: ignore[arg-type]
        position.push(move)
        after = position.board_codes()
        changed = [sq for sq in range(64) if after[sq] != codes[sq]]
        lifts = [sq for sq in changed if codes[sq] and (not after[sq] or sq != move.to_square)]
        if move.from_square in lifts:
            lifts.remove(move.from_square)
        lifts.insert(rng.randint(0, len(lifts)) if len(lifts) else 0, move.from_square)
        if codes[move.to_square] and after[move.to_square]:
            lifts.insert(rng.randint(0, 1), move.to_square)  # a capture, either piece first
        for sq in dict.fromkeys(lifts):
            out.append(Lift(at(), sq))  # type: ignore[arg-type]
        for sq in changed:
            if after[sq]:
                out.append(Place(at(), sq, after[sq]))  # type: ignore[arg-type]
        out.append(Lever(at(), mover))  # type: ignore[arg-type]
    return out


class WholeBoardMatcher:
    """The usual e-board method: after each reading, compare the sensed placement with the
    placement after every legal move (python-chess)."""

    def __init__(self) -> None:
        self.board = chess.Board()
        self.sensed = self.board.piece_map()

    def feed(self, reading: Reading) -> None:
        if isinstance(reading, Lift):
            self.sensed.pop(reading.square, None)
        elif isinstance(reading, Place):
            letter = "PNBRQK"[(reading.code & 7) - 1]
            self.sensed[reading.square] = chess.Piece.from_symbol(
                letter if reading.code < 8 else letter.lower()
            )
        else:
            return
        for move in self.board.legal_moves:
            self.board.push(move)
            same = self.board.piece_map() == self.sensed
            self.board.pop()
            if same:
                self.board.push(move)
                return


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA / "selfplay.pgn")
    args = parser.parse_args()
    if not args.data.exists():
        print(f"no data: {args.data}", file=sys.stderr)
        return 2
    rng = random.Random(1)
    games = []
    for game in pgn.read_games(args.data, max_games=args.games):
        if game.ok and game.fen is None:
            games.append(_ucis(game))
    ours: list[int] = []
    arbiter_only: list[int] = []
    peer: list[int] = []
    per_kind: dict[str, list[int]] = {"lift": [], "place": [], "lever": []}
    readings_total = 0
    for moves in games:
        readings = readings_of(moves, rng)
        readings_total += len(readings)
        board = BoardGame('{"type": "start", "time_control": "5400+30"}')
        for reading in readings:
            t0 = time.perf_counter_ns()
            board.feed(reading)
            spent = time.perf_counter_ns() - t0
            ours.append(spent)
            per_kind[type(reading).__name__.lower()].append(spent)
        board.finish()
        assert list(board.game.uci_moves) == moves[: len(board.game.uci_moves)], "misread"
        game = Game()
        lines = board.event_lines()
        t0 = time.perf_counter_ns()
        for line in lines:
            game.handle_json(line)
        arbiter_only.append(time.perf_counter_ns() - t0)
        matcher = WholeBoardMatcher()
        for reading in readings[:400]:
            t0 = time.perf_counter_ns()
            matcher.feed(reading)
            peer.append(time.perf_counter_ns() - t0)

    def us(values: list[int], q: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] / 1000

    print(
        f"# {len(games)} games, {readings_total:,} readings; Python {platform.python_version()}"
        f" on {platform.machine()}"
    )
    print(f"{'per reading':32} {'median':>10} {'p90':>10} {'p99':>10} {'max':>10}")
    rows = [("chesslaws.eboard (with arbiter)", ours)]
    rows += [(f"  {kind}", values) for kind, values in per_kind.items()]
    rows += [("python-chess whole-board match", peer)]
    for name, values in rows:
        print(
            f"{name:32} {us(values, 0.5):>8.1f}us {us(values, 0.9):>8.1f}us "
            f"{us(values, 0.99):>8.1f}us {max(values) / 1000:>8.1f}us"
        )
    arbiter_per_reading = sum(arbiter_only) / readings_total / 1000
    mean = sum(ours) / len(ours) / 1000
    print(
        f"mean per reading {mean:.1f}us, of which the arbiter (same events through Game alone)"
        f" {arbiter_per_reading:.1f}us"
    )
    ratio = statistics.median(peer) / statistics.median(ours)
    print(f"median ratio python-chess / chesslaws: {ratio:.1f}x")
    return 0


def _ucis(game: pgn.Game) -> list[str]:
    position = game.start()
    out = []
    for move in game.moves:
        out.append(position.uci(move))
        position.push(move)
    return out


if __name__ == "__main__":
    raise SystemExit(main())
