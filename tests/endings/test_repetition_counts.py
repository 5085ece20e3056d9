"""Repetition counts from a position's history (Article 9.2.3), without making a move again:
the counts of a GameRecord fed the same moves, en passant and hash collisions included."""

from __future__ import annotations

import itertools
import random

import pytest

from chesslaws import pgn
from chesslaws.core import Position
from chesslaws.endings import GameRecord
from chesslaws.endings._record import repetition_counts
from tests.conftest import shared_data


def record_counts(position: Position) -> list[int]:
    """The counts a GameRecord keeps, replaying the moves of ``position`` from its start."""
    moves = position.move_stack
    start = position.copy()
    while start.ply:
        start.pop_code()
    record = GameRecord(start)
    counts = [record.repetitions()]
    for move in moves:
        record.push(move)
        counts.append(record.repetitions())
    return counts


def played(sans: str, fen: str | None = None) -> Position:
    position = Position() if fen is None else Position.from_fen(fen)
    for text in sans.split():
        position.push_san(text)
    return position


def shuffling_game(rng: random.Random, plies: int) -> Position:
    """A random game that often plays back the move before last (repetitions, 9.2)."""
    position = Position()
    for _ in range(plies):
        codes = position.legal_codes()
        if not codes:
            break
        code = rng.choice(codes)
        if position.ply >= 2 and rng.random() < 0.6:
            move = position.move_stack[-2]
            back = position.code_of(type(move)(move.to_square, move.from_square))
            if back in codes:
                code = back
        position.push_code(code)
    return position


def test_a_knight_dance_counts_each_return() -> None:
    position = played("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3")
    assert repetition_counts(position) == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3]
    assert position.ply == 9  # nothing left made or taken back


def test_a_pawn_move_or_capture_closes_the_window() -> None:
    position = played("Nf3 Nf6 Ng1 Ng8 e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3")
    counts = repetition_counts(position)
    assert counts == record_counts(position)
    assert counts[4] == 2 and counts[5] == 1  # after 3. e4 nothing before can recur


def test_an_en_passant_capture_makes_a_different_position() -> None:
    # After 3. e4 Black may take en passant (d4xe3): 5. Nf3 gives the same placement without it.
    position = played("Nf3 d5 Nc3 d4 e4 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3")
    counts = repetition_counts(position)
    assert counts == record_counts(position)
    assert counts[5] == 1 and counts[9] == 1 and counts[13] == 2


def test_a_hash_collision_never_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    position = shuffling_game(random.Random(3), 80)
    expected = record_counts(position)
    real = Position.key_history

    def colliding(self: Position) -> tuple[list[int], list[int]]:
        keys, clocks = real(self)
        return [0] * len(keys), clocks  # every key the same: only the exact key decides

    monkeypatch.setattr(Position, "key_history", colliding)
    assert repetition_counts(position) == expected


def test_a_position_set_up_from_fen_counts_from_there() -> None:
    fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 37 60"
    position = played("Ra2 Kd8 Ra1 Ke8 Ra2 Kd8 Ra1 Ke8", fen)
    counts = repetition_counts(position)
    assert counts == record_counts(position)
    assert counts[4] == 1 and counts[8] == 2  # Ra2 moved the rook off a1: the right is lost


@pytest.mark.parametrize("seed", range(40))
def test_random_shuffling_games_agree_with_the_record(seed: int) -> None:
    rng = random.Random(seed)
    position = shuffling_game(rng, rng.choice([30, 120, 400]))
    assert repetition_counts(position) == record_counts(position)


@pytest.mark.parametrize("name", ["selfplay.pgn", "eco.pgn"])
def test_the_games_of_the_shared_files_agree_with_the_record(name: str) -> None:
    path = shared_data("pgn", name)
    with open(path, "rb") as handle:
        for game in itertools.islice(pgn.read_games(handle), 300):
            position = game.end()
            assert repetition_counts(position) == record_counts(position), game.number


@pytest.mark.parametrize("seed", range(10))
def test_from_three_the_counts_are_exact(seed: int) -> None:
    rng = random.Random(100 + seed)
    position = shuffling_game(rng, 200)
    expected = record_counts(position)
    assert max(expected) >= 3
    counts = repetition_counts(position, least=3)
    assert [c >= 3 for c in counts] == [c >= 3 for c in expected]
    assert [c for c in counts if c >= 3] == [c for c in expected if c >= 3]
    assert all(c in (1, e) for c, e in zip(counts, expected, strict=True))
