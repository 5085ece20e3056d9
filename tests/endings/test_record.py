"""GameRecord: automatic endings and claims (Articles 5.1.1, 5.2, 9.2, 9.3, 9.6)."""

from __future__ import annotations

import random

import chess
import pytest

from chesslaws import Color, IllegalMove
from chesslaws.core import Move, Position
from chesslaws.endings import GameRecord, Result, Termination
from tests.endings._helpers import composed

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def play(record: GameRecord, san: str) -> None:
    for text in san.split():
        record.push_san(text)


def test_fools_mate_B15() -> None:
    record = GameRecord()
    play(record, "f3 e5 g4 Qh4#")
    assert record.termination() is Termination.CHECKMATE
    outcome = record.outcome()
    assert outcome is not None and outcome.winner is Color.BLACK
    assert outcome.result is Result.BLACK_WINS


def test_stalemate_B17() -> None:
    record = GameRecord(composed("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1"))
    assert record.termination() is None
    play(record, "Qf7")
    assert record.termination() is Termination.STALEMATE
    assert record.outcome() is not None and record.outcome().result is Result.DRAW  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("fen", "dead"),
    [
        ("8/8/4k3/8/8/4KB2/8/8 b - - 0 1", True),  # B19: K+B v K
        ("8/4k2b/8/8/8/4KB2/8/8 w - - 0 1", True),  # B21: bishops on one colour
        ("8/4k1n1/8/8/8/4KN2/8/8 w - - 0 1", False),  # B23: K+N v K+N can be mated (H2)
        ("4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1", True),  # B25: pawn wall
        (START, False),
    ],
)
def test_dead_position_5_2_2(fen: str, dead: bool) -> None:
    record = GameRecord(composed(fen))
    assert (record.termination() is Termination.DEAD_POSITION) is dead


def test_seventy_five_moves_and_mate_precedence_9_6_2() -> None:
    record = GameRecord(composed("7k/8/6K1/8/8/8/8/R7 w - - 149 120"))
    assert record.termination() is None
    play(record, "Rb1")
    assert record.position.halfmove_clock == 150
    assert record.termination() is Termination.SEVENTY_FIVE_MOVES
    record.pop()
    play(record, "Ra8#")  # the 150th ply mates: checkmate takes precedence (9.6.2)
    assert record.termination() is Termination.CHECKMATE


def test_fifty_moves_claims_B29() -> None:
    record = GameRecord(composed("7k/8/6K1/8/8/8/8/R7 w - - 100 80"))
    assert record.can_claim_fifty()  # 9.3.2
    assert record.termination() is None  # a claim, not automatic
    record = GameRecord(composed("7k/8/6K1/8/8/8/8/R7 w - - 99 80"))
    assert not record.can_claim_fifty()
    assert record.can_claim_fifty(Move.from_uci("a1b1"))  # 9.3.1
    # an intended move that mates still completes the fifty moves (the move is not made)
    assert record.can_claim_fifty(Move.from_uci("a1a8"))
    assert not record.can_claim_fifty(Move.from_uci("a1b2"))  # illegal: claim incorrect
    assert len(record.fifty_claim_moves()) == len(record.position.legal_moves())


def test_fifty_claim_not_with_a_capture() -> None:
    record = GameRecord(composed("7k/8/6K1/8/8/8/8/R5n1 w - - 99 80"))
    assert not record.can_claim_fifty(Move.from_uci("a1g1"))  # captures: resets the count
    assert record.can_claim_fifty(Move.from_uci("a1a2"))
    assert Move.from_uci("a1g1") not in record.fifty_claim_moves()


def test_no_claim_once_checkmated() -> None:
    record = GameRecord(composed("6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 114 72"))
    play(record, "Re8#")
    assert record.position.halfmove_clock == 115
    assert record.termination() is Termination.CHECKMATE
    assert not record.can_claim_fifty()  # the game ended at once (5.1.1)
    assert record.fifty_claim_moves() == []


def test_threefold_B31() -> None:
    record = GameRecord()
    play(record, "Nf3 Nf6 Ng1 Ng8")
    assert record.repetitions() == 2
    assert not record.can_claim_threefold()  # 2nd occurrence only
    play(record, "Nf3 Nf6 Ng1")
    intended = Move.from_uci("f6g8")
    assert record.can_claim_threefold(intended)  # 9.2.1: Black writes Ng8
    assert record.threefold_claim_moves() == [intended]
    assert not record.can_claim_threefold(Move.from_uci("f6g4"))
    assert not record.can_claim_threefold(Move.from_uci("f6f4"))  # illegal (A61)
    assert record.ply == 7  # claims never change the record
    play(record, "Ng8")
    assert record.can_claim_threefold()  # 9.2.2
    assert record.termination() is None


def test_fivefold_B33() -> None:
    record = GameRecord()
    dance = "Nf3 Nf6 Ng1 Ng8"
    for _ in range(3):
        play(record, dance)
    assert record.repetitions() == 4
    assert record.termination() is None
    play(record, "Nf3 Nf6 Ng1")
    assert record.termination() is None
    play(record, "Ng8")
    assert record.repetitions() == 5
    assert record.termination() is Termination.FIVEFOLD


def test_en_passant_right_only_when_legal_B35() -> None:
    record = GameRecord()
    play(record, "e4 e5 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
    assert record.repetitions() == 3  # the position after 1...e5 counts (no capture possible)
    assert record.can_claim_threefold()


def test_en_passant_right_that_is_legal_makes_a_different_position_9_2_3_1() -> None:
    record = GameRecord(composed("4k3/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1"))
    play(record, "e4")  # d4xe3 e.p. is legal now
    play(record, "Ke7 Nf3 Ke8 Ng1 Ke7 Nf3 Ke8 Ng1")
    # The position after e4 had an en passant right: it never recurs.
    assert record.repetitions() == 2
    play(record, "Ke7 Nf3 Ke8 Ng1")
    assert record.repetitions() == 3


def test_lost_castling_right_makes_a_different_position_9_2_3_2() -> None:
    record = GameRecord(composed("4k3/8/8/8/8/8/8/4K2R w K - 0 1"))
    play(record, "Kf1 Kd8 Ke1 Ke8")
    assert record.repetitions() == 1  # same placement, but White cannot castle any more
    play(record, "Kf1 Kd8 Ke1 Ke8")
    assert record.repetitions() == 2


def test_pop_restores_counts() -> None:
    record = GameRecord()
    play(record, "Nf3 Nf6 Ng1 Ng8")
    assert record.pop() == Move.from_uci("f6g8")
    assert record.repetitions() == 1
    play(record, "Ng8")
    assert record.repetitions() == 2
    with pytest.raises(IndexError):
        GameRecord().pop()


def test_illegal_move_leaves_record_unchanged() -> None:
    record = GameRecord()
    with pytest.raises(IllegalMove):
        record.push(Move.from_uci("e2e5"))
    assert record.ply == 0


def test_history_of_the_given_position_counts() -> None:
    position = Position()
    for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"]:
        position.play(Move.from_uci(uci))
    record = GameRecord(position)
    assert record.repetitions() == 3
    assert record.start_fen == START
    assert position.ply == 8  # the caller's position is not touched


def _random_reversible_game(rng: random.Random, fen: str, plies: int) -> list[str]:
    board = chess.Board(fen)
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal or board.is_fivefold_repetition():
            break
        quiet = [m for m in legal if not board.is_zeroing(m)]
        move = rng.choice(quiet if quiet and rng.random() < 0.97 else legal)
        moves.append(move.uci())
        board.push(move)
    return moves


@pytest.mark.oracle
@pytest.mark.parametrize("seed", range(12))
def test_repetitions_and_claims_match_python_chess(seed: int) -> None:
    rng = random.Random(seed)
    fen = rng.choice(
        [
            "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "r3k3/8/8/3p4/8/8/4P3/4K2R w Kq - 0 1",
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 90 60",
            START,
        ]
    )
    moves = _random_reversible_game(rng, fen, 160)
    board = chess.Board(fen)
    record = GameRecord(composed(fen))
    for uci in moves:
        board.push_uci(uci)
        record.push_uci(uci)
        count = 1
        while board.is_repetition(count + 1):
            count += 1
        assert record.repetitions() == count, board.fen()
        claim = record.can_claim_threefold() or bool(record.threefold_claim_moves())
        assert claim == board.can_claim_threefold_repetition(), board.fen()
        fifty = record.can_claim_fifty() or bool(record.fifty_claim_moves())
        assert fifty == board.can_claim_fifty_moves(), board.fen()
        expected = None
        if board.is_checkmate():
            expected = Termination.CHECKMATE
        elif board.is_stalemate():
            expected = Termination.STALEMATE
        elif board.is_fivefold_repetition():
            expected = Termination.FIVEFOLD
        elif board.is_seventyfive_moves():
            expected = Termination.SEVENTY_FIVE_MOVES
        got = record.termination()
        if got is not Termination.DEAD_POSITION:
            assert got is expected, board.fen()
