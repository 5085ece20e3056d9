"""The early answers of the dead-position test after every move (Article 5.2.2) are the answers
of the full static arguments: ``neither_can_mate`` against ``static_cannot_mate`` for both
sides, and each cheap refutation against the test it stands for, on CHA's test vectors (many
blocked positions), the self-play games and random continuations of both."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from chesslaws import pgn
from chesslaws.core import Position
from chesslaws.endings import Termination, _static, automatic_ending, is_dead
from chesslaws.endings._unwinnability import (
    _castlers,
    _piece_reaches_pawn,
    neither_can_mate,
    static_cannot_mate,
)
from tests.conftest import shared_data
from tests.endings._helpers import composed, read_test_vector


def _continuations(position: Position, rng: random.Random, plies: int) -> Iterator[Position]:
    board = position.copy()
    for _ in range(plies):
        codes = board.legal_codes()
        if not codes:
            return
        board.push_code(rng.choice(codes))
        yield board.copy()


def _positions() -> list[Position]:
    rng = random.Random(5_2_2)
    found: list[Position] = []
    for _, fen in read_test_vector():
        try:
            position = composed(fen)
        except ValueError:
            continue
        found.append(position)
        found.extend(_continuations(position, rng, 3))
    for game in pgn.read_games(shared_data("pgn", "selfplay.pgn"), max_games=12):
        if not game.ok:
            continue
        position = game.start()
        for move in game.moves:
            position.push(move)
            found.append(position.copy())
            if rng.random() < 0.05:
                found.extend(_continuations(position, rng, 4))
    return found


@pytest.fixture(scope="module")
def positions() -> list[Position]:
    return _positions()


def _parts(position: Position) -> tuple[int, int, int]:
    white_pawns, black_pawns = position.pieces(1, 0), position.pieces(1, 1)
    return white_pawns, black_pawns, position.occupied & ~(white_pawns | black_pawns)


def test_neither_can_mate_is_both_static_arguments(positions: list[Position]) -> None:
    dead = 0
    for position in positions:
        expected = bool(static_cannot_mate(position, 0)) and bool(static_cannot_mate(position, 1))
        assert neither_can_mate(position) is expected, position.fen()
        dead += expected
    assert dead >= 100  # the vectors' dead positions are among them, not only live ones


def test_a_pawn_walk_that_changes_the_structure_means_no_structure(
    positions: list[Position],
) -> None:
    refuted = 0
    for position in positions:
        white_pawns, black_pawns, others = _parts(position)
        for walls in (others, others & ~_castlers(position), 0):
            if _static.pawns_surely_change(white_pawns, black_pawns, walls):
                refuted += 1
                assert _static._structure(white_pawns, black_pawns, 0, walls) is None
    assert refuted >= 1000


def test_a_pawn_attacking_a_man_refutes_the_blocked_pawn_argument(
    positions: list[Position],
) -> None:
    tense = 0
    for position in positions:
        white_pawns, black_pawns, others = _parts(position)
        kings = position.pieces(6, 0) | position.pieces(6, 1)
        white, black = position.occupied_by(0) & ~kings, position.occupied_by(1) & ~kings
        if not _static.pawns_in_tension(white_pawns, black_pawns, white, black):
            continue
        if not _static.pawns_blocked(white_pawns, black_pawns, others):
            continue
        tense += 1
        material = _static.material_of(position)
        for attacker in (0, 1):
            assert not _static.frozen_cannot_mate(material, attacker, _castlers(position))
    assert tense >= 50


def test_frozen_argument_is_the_same_without_the_pretest(
    positions: list[Position], monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = [p for p in positions if _static.pawns_blocked(*_parts(p)) and p.ep_square is None]
    with_pretest = [
        [_static.frozen_cannot_mate(_static.material_of(p), c, _castlers(p)) for c in (0, 1)]
        for p in blocked
    ]
    monkeypatch.setattr(_static, "pawns_surely_change", lambda *_: False)
    without = [
        [_static.frozen_cannot_mate(_static.material_of(p), c, _castlers(p)) for c in (0, 1)]
        for p in blocked
    ]
    assert with_pretest == without
    assert any(any(pair) for pair in without)


def _game_positions(path: str, max_games: int) -> list[Position]:
    found = []
    for game in pgn.read_games(shared_data("pgn", path), max_games=max_games):
        if not game.ok or game.start().chess960:
            continue
        position = game.start()
        found.append(position.copy())
        for move in game.moves:
            position.push(move)
            found.append(position.copy())
    return found


def test_neither_can_mate_on_every_position_of_real_games() -> None:
    # The early answers settle almost every position of a game: each must be the full answer.
    positions = _game_positions("selfplay.pgn", 150)
    for name in ("kasparov-deep-blue-1997.pgn", "nepomniachtchi-liren-game1.pgn"):
        positions += _game_positions(f"python-chess/{name}", 50)
    assert len(positions) > 15_000
    for position in positions:
        expected = bool(static_cannot_mate(position, 0)) and bool(static_cannot_mate(position, 1))
        assert neither_can_mate(position) is expected, position.fen()


def test_a_piece_reaching_an_enemy_pawn_refutes_the_blocked_pawn_argument(
    positions: list[Position],
) -> None:
    reaching = 0
    for position in positions:
        white_pawns, black_pawns, others = _parts(position)
        if position.ep_square is not None or not _static.pawns_blocked(
            white_pawns, black_pawns, others
        ):
            continue
        if not _piece_reaches_pawn(position.piece_bitboards(), position.occupied):
            continue
        reaching += 1
        material = _static.material_of(position)
        for attacker in (0, 1):
            assert not _static.frozen_cannot_mate(material, attacker, _castlers(position))
    assert reaching >= 200


def _quick_dead_as_defined(position: Position) -> bool:
    """The quick dead-position test as written before its early answers: both static
    arguments; else, after a forced move, the forced line to its end."""
    if static_cannot_mate(position, 0) and static_cannot_mate(position, 1):
        return True
    if position.count_legal_moves() != 1:
        return False
    line = position.copy()
    if _static.play_forced_moves(line, 0, 16) is not None:
        return not line.is_check()
    return bool(static_cannot_mate(line, 0) and static_cannot_mate(line, 1))


def test_the_automatic_ending_asks_the_quick_dead_test_as_defined(
    positions: list[Position],
) -> None:
    # Forced moves too: the vectors' and the games' positions with one legal move, some of them
    # dead only at the end of their forced line.
    checked = dead = forced = by_line = 0
    for position in positions + _game_positions("selfplay.pgn", 40):
        count = position.count_legal_moves()
        if count == 0:
            continue
        expected = _quick_dead_as_defined(position)
        assert is_dead(position, quick=True) is expected, position.fen()
        for given in (count, min(count, 2)):
            assert is_dead(position, quick=True, legal_count=given) is expected, position.fen()
            ending = automatic_ending(position, given, 1)
            assert (ending is Termination.DEAD_POSITION) is expected, position.fen()
        checked += 1
        dead += expected
        forced += count == 1
        by_line += expected and not neither_can_mate(position)
    assert checked > 8_000 and dead >= 100 and forced >= 500 and by_line >= 20
