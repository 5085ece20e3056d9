"""The pawn-walk proof that a position is not dead (5.2.2), kept from move to move.

``pawn_walk_proof`` gives the squares of the walks by which ``neither_can_mate``'s first test
shows a position not dead; while a move changes none of them the proof stands (the arbiter's
board keeps it). Checked on CHA's test vectors, the self-play games and random continuations:
a proof is only ever given for a live position, a proof kept across a move is a proof of the
new position, and ``Position.squares_changed`` names exactly the squares a move changes.
"""

from __future__ import annotations

import random

import chess
import pytest

from chesslaws import pgn
from chesslaws.core import Position
from chesslaws.endings import automatic_ending, is_dead, pawn_walk_proof
from chesslaws.endings._unwinnability import _walk_proof, neither_can_mate
from tests.conftest import shared_data
from tests.endings._helpers import composed, read_test_vector


def _lines() -> list[tuple[Position, int]]:
    """(position, legal move code) pairs: every move of a dozen self-play games, of random
    continuations of them and of the test vectors (castling, en passant and promotions among
    them)."""
    rng = random.Random(5_2_2)
    starts: list[Position] = []
    for _, fen in read_test_vector():
        try:
            starts.append(composed(fen))
        except ValueError:
            continue
    pairs: list[tuple[Position, int]] = []
    for game in pgn.read_games(shared_data("pgn", "selfplay.pgn"), max_games=12):
        if not game.ok:
            continue
        position = game.start()
        for move in game.moves:
            pairs.append((position.copy(), position.code_of(move)))
            position.push(move)
            if rng.random() < 0.1:
                starts.append(position.copy())
    for start in starts:
        board = start.copy()
        for _ in range(12):
            codes = board.legal_codes()
            if not codes:
                break
            code = rng.choice(codes)
            pairs.append((board.copy(), code))
            board.push_code(code)
    for fen, uci in _SPECIAL:
        position = Position.from_fen(fen, chess960="w - -" not in fen and "KQkq" not in fen)
        pairs.append((position, position.code_of(position.parse_uci(uci))))
    return pairs


# En passant both ways (the captured pawn beside the to-square), castling both sides in both
# kinds of game (Chess960: king and rook swapping squares, or the king staying put).
_SPECIAL = [
    ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"),
    ("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 2", "d4e3"),
    ("4k3/8/8/PpP5/8/8/8/4K3 w - b6 0 2", "c5b6"),
    ("4k3/8/8/8/1pPp4/8/8/4K3 b - c3 0 2", "b4c3"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"),
    ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8"),
    ("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", "g1h1"),
    ("1rk4r/8/8/8/8/8/8/1RK4R w HBhb - 0 1", "c1b1"),
    ("4k3/8/8/8/8/8/8/1R1K3R w HB - 0 1", "d1b1"),
]


@pytest.fixture(scope="module")
def lines() -> list[tuple[Position, int]]:
    return _lines()


def _after(position: Position, code: int) -> Position:
    after = position.copy()
    after.push_code(code)
    return after


def test_squares_changed_are_the_squares_whose_content_changes(
    lines: list[tuple[Position, int]],
) -> None:
    kinds = {"castling": 0, "en passant": 0, "promotion": 0}
    for position, code in lines:
        before, after = position.board_codes(), _after(position, code).board_codes()
        changed = sum(1 << sq for sq in range(64) if before[sq] != after[sq])
        assert position.squares_changed(code) == changed, (position.fen(), code)
        move = chess.Move.from_uci(position.uci(position.move_of(code), chess960=True))
        board = chess.Board(position.fen(), chess960=position.chess960)
        kinds["castling"] += board.is_castling(move)
        kinds["en passant"] += board.is_en_passant(move)
        kinds["promotion"] += move.promotion is not None
    assert min(kinds.values()) >= 6, kinds  # the special moves are among them


def test_a_proof_is_given_only_for_a_live_position(lines: list[tuple[Position, int]]) -> None:
    proved = 0
    for position, _ in lines:
        proof = pawn_walk_proof(position)
        if proof:
            proved += 1
            assert not neither_can_mate(position), position.fen()
            # the proof's squares are pawns and the empty squares they walk over
            pawns = position.pieces(1, 0) | position.pieces(1, 1)
            assert proof & ~(pawns | ~position.occupied) == 0, position.fen()
            assert proof & pawns, position.fen()
    assert proved > len(lines) // 4  # most positions of a game have one (the vectors: few)


def test_a_proof_kept_across_a_move_proves_the_new_position(
    lines: list[tuple[Position, int]],
) -> None:
    kept = 0
    for position, code in lines:
        proof = pawn_walk_proof(position)
        if not proof or proof & position.squares_changed(code):
            continue
        kept += 1
        after = _after(position, code)
        bb = after.piece_bitboards()
        # the walk test succeeds on the new position with the same squares, and finds a proof
        assert _walk_proof(bb[1], bb[9], after.occupied), after.fen()
        assert not neither_can_mate(after), after.fen()
        # the pawns and empty squares of the proof are still there
        assert proof & after.occupied == proof & position.occupied
    assert kept > len(lines) // 5


def test_the_ending_with_a_proof_is_the_ending_without(lines: list[tuple[Position, int]]) -> None:
    forced = dead = 0
    for position, _ in lines:
        count, _check = position.count_legal_moves_and_check(enough=2)
        expected = automatic_ending(position, count, 1)
        proof = pawn_walk_proof(position)
        assert automatic_ending(position, count, 1, walk_proof=proof) == expected, position.fen()
        if count == 1:  # the forced line keeps the proof while its moves leave its squares alone
            forced += bool(proof)
            quick = is_dead(position, quick=True, legal_count=1)
            assert is_dead(position, quick=True, legal_count=1, walk_proof=proof) is quick
            dead += quick
    assert forced >= 20 and dead >= 5, (forced, dead)


def test_no_pawns_no_proof() -> None:
    assert pawn_walk_proof(Position.from_fen("8/8/4k3/8/8/3BK3/8/8 w - - 0 1")) == 0
    # every pawn blocked head to head: no walk reaches the end or meets another
    assert pawn_walk_proof(Position.from_fen("4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1")) == 0


def test_a_free_pawn_is_its_file() -> None:
    position = Position.from_fen("4k3/8/8/3p4/3P4/8/P7/4K3 w - - 0 1")
    a_file = 0x0101010101010101
    # the a-pawn walks from a2 to a8: the proof is its walk, a2 to a8
    assert pawn_walk_proof(position) == a_file & ~0xFF
