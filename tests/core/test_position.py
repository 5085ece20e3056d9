"""The position and the rules of movement (Articles 3, 5.1.1, 5.2.1, 9.3): make/unmake restores
everything exactly, ``play`` refuses illegal moves and leaves the position untouched, and the
rules for castling, en passant, promotion, check, checkmate and stalemate."""

from __future__ import annotations

import random

import pytest

from chesslaws import IllegalMove
from chesslaws.core import (
    BLACK,
    KNIGHT,
    PAWN,
    QUEEN,
    WHITE,
    Move,
    Piece,
    Position,
    parse_square,
)

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
CASTLE_BOTH = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"


def sq(name: str) -> int:
    return parse_square(name)


def m(text: str) -> Move:
    return Move.from_uci(text)


def snapshot(pos: Position) -> tuple[object, ...]:
    """Everything a move may change, the en passant square included even when no capture is
    legal."""
    return (
        pos.fen(en_passant="fen"),
        pos.fen(shredder=True),
        pos.zobrist_key(),
        pos.repetition_key(),
        pos.turn,
        pos.castling_rights,
        pos.ep_square,
        pos.halfmove_clock,
        pos.fullmove_number,
        pos.ply,
        pos.move_stack,
        sorted(m.uci() for m in pos.legal_moves()),
    )


# -- make / unmake -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "chess960"),
    [
        (Position().fen(), False),
        (KIWIPETE, False),
        ("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", False),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", False),
        ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9", True),
        ("1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1", True),
    ],
)
def test_push_then_pop_restores_everything_for_every_legal_move(fen: str, chess960: bool) -> None:
    pos = Position.from_fen(fen, chess960=chess960)
    before = snapshot(pos)
    for move in pos.legal_moves():
        pos.push(move)
        assert pos.ply == 1
        assert pos.peek() == move
        assert pos.pop() == move
        assert snapshot(pos) == before, move.uci()


def test_random_games_unwind_exactly() -> None:
    """200 plies of seeded random play, 20 games; popping every move retraces each position
    (FEN with the en passant square as set, Zobrist key, counters) in reverse order."""
    rng = random.Random(7)
    for game in range(20):
        pos = Position.from_chess960(rng.randrange(960)) if game % 2 else Position()
        trail = [snapshot(pos)[:10]]
        for _ in range(200):
            moves = pos.legal_moves()
            if not moves:
                break
            pos.push(rng.choice(moves))
            trail.append(snapshot(pos)[:10])
            # The incremental key equals one computed from scratch.
            fresh = Position.from_fen(pos.fen(en_passant="fen"), chess960=pos.chess960)
            assert fresh.zobrist_key() == pos.zobrist_key()
        while pos.ply:
            assert snapshot(pos)[:10] == trail.pop()
            pos.pop()
        assert snapshot(pos)[:10] == trail.pop()
        assert not trail


def test_pop_without_a_move_raises_index_error() -> None:
    pos = Position()
    with pytest.raises(IndexError):
        pos.pop()
    assert pos.peek() is None


def test_counters_follow_article_9_3_and_the_move_number() -> None:
    pos = Position()
    pos.push_san("Nf3")
    assert (pos.halfmove_clock, pos.fullmove_number, pos.turn) == (1, 1, BLACK)
    pos.push_san("Nf6")
    assert (pos.halfmove_clock, pos.fullmove_number, pos.turn) == (2, 2, WHITE)
    pos.push_san("e4")  # a pawn move resets the count
    assert pos.halfmove_clock == 0
    pos.push_san("Nxe4")  # so does a capture
    assert pos.halfmove_clock == 0
    assert pos.fullmove_number == 3


def test_move_stack_and_copy() -> None:
    pos = Position()
    for text in ("e4", "c5", "Nf3"):
        pos.push_san(text)
    assert [mv.uci() for mv in pos.move_stack] == ["e2e4", "c7c5", "g1f3"]
    other = pos.copy()
    assert other == pos
    assert other.move_stack == pos.move_stack
    other.push_san("d6")
    assert pos.ply == 3
    assert other.ply == 4
    assert pos.fen().split()[1] == "b"
    other.pop()
    other.pop()
    assert pos.ply == 3
    assert pos.piece_at(sq("f3")) == Piece(KNIGHT, WHITE)


def test_each_starting_position_is_its_own() -> None:
    """``Position()`` copies a starting position read once: it is that of the FEN in every
    field, and moves made on one new position leave every other new position as it was."""
    read = Position.from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    first = Position()
    assert first.__getstate__() == read.__getstate__()  # every field
    for text in ("e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "Bc4", "Nf6", "Nf3", "e6"):
        first.push_san(text)
    first.push_san("O-O")
    second = Position()
    assert second == read
    assert second.fen() == read.fen()
    assert second.move_stack == []
    assert [mv.uci() for mv in second.legal_moves()] == [mv.uci() for mv in read.legal_moves()]
    assert first.fen() == "rnb1kb1r/ppp2ppp/4pn2/q7/2B5/2N2N2/PPPP1PPP/R1BQ1RK1 b kq - 1 6"


# -- play(): checked moves (Article 3.10.1) -------------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "uci"),
    [
        (Position().fen(), "e2e5"),  # too far
        (Position().fen(), "e7e5"),  # the opponent's pawn
        (Position().fen(), "e3e4"),  # no piece there
        (Position().fen(), "d1d3"),  # queen blocked by its own pawn
        (Position().fen(), "e1g1"),  # castling through pieces
        (Position().fen(), "g1e2"),  # onto its own piece
        ("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3"),  # pinned knight (Article 3.9)
        ("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1f2"),  # king into check
        ("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1d1"),  # king stays in check on the rank
        ("4k3/8/8/8/8/8/3r4/R3K3 w Q - 0 1", "e1c1"),  # castling through check
        ("4k3/8/8/8/8/8/8/R3K1r1 w Q - 0 1", "e1c1"),  # castling out of check
        ("2r1k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"),  # castling into check
        ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8"),  # promotion piece missing
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d3"),  # no en passant right
    ],
)
def test_play_rejects_illegal_moves_and_leaves_the_position_unchanged(fen: str, uci: str) -> None:
    pos = Position.from_fen(fen)
    before = snapshot(pos)
    assert not pos.is_legal(m(uci))
    with pytest.raises(IllegalMove) as info:
        pos.play(m(uci))
    assert info.value.text == uci
    assert info.value.fen == pos.fen()
    assert uci in str(info.value)
    assert snapshot(pos) == before


def test_play_rejects_moves_off_the_board() -> None:
    pos = Position()
    before = snapshot(pos)
    assert not pos.is_legal(Move(12, 64))
    with pytest.raises(IllegalMove):
        pos.play(Move(-1, 20))
    assert snapshot(pos) == before


def test_play_makes_legal_moves() -> None:
    pos = Position()
    pos.play(m("e2e4"))
    assert pos.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    assert pos.ep_square == sq("e3")


# -- the rules of movement -----------------------------------------------------------------------


def legal_uci(fen: str, chess960: bool = False) -> set[str]:
    pos = Position.from_fen(fen, chess960=chess960)
    return {pos.uci(move) for move in pos.legal_moves()}


def test_initial_position_has_twenty_moves() -> None:
    moves = legal_uci(Position().fen())
    assert len(moves) == 20
    assert {"a2a3", "a2a4", "b1a3", "b1c3", "g1f3", "g1h3"} <= moves


class TestCastling:
    """Article 3.8.2: king and rook unmoved, squares between empty, and the king neither in
    check, nor crossing nor landing on an attacked square."""

    def test_both_sides_when_free(self) -> None:
        assert {"e1g1", "e1c1"} <= legal_uci(CASTLE_BOTH)

    def test_not_out_of_check(self) -> None:
        assert not {"e1g1", "e1c1"} & legal_uci("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1")

    def test_not_through_an_attacked_square(self) -> None:
        moves = legal_uci("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1")
        assert "e1g1" not in moves
        assert "e1c1" in moves

    def test_not_into_check(self) -> None:
        moves = legal_uci("1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1")
        assert "e1g1" not in moves
        assert "e1c1" in moves

    def test_allowed_when_only_the_rook_or_b1_is_attacked(self) -> None:
        # b1 is crossed by the rook only, and the rooks themselves may be attacked: 3.8.2.2
        # speaks of the squares the king stands on, crosses or reaches.
        assert "e1c1" in legal_uci("1r4k1/8/8/8/8/8/8/R3K2R w KQ - 0 1")
        assert "e1c1" in legal_uci("r5k1/8/8/8/8/8/8/R3K2R w KQ - 0 1")
        assert "e1g1" in legal_uci("6kr/8/8/8/8/8/8/R3K2R w KQ - 0 1")

    def test_not_with_a_piece_between(self) -> None:
        moves = legal_uci("4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1")
        assert not {"e1g1", "e1c1"} & moves

    def test_not_without_the_right(self) -> None:
        assert not {"e1g1", "e1c1"} & legal_uci("4k3/8/8/8/8/8/8/R3K2R w - - 0 1")
        moves = legal_uci("4k3/8/8/8/8/8/8/R3K2R w K - 0 1")
        assert "e1g1" in moves
        assert "e1c1" not in moves

    def test_rights_are_lost_when_king_or_rook_moves_or_the_rook_is_taken(self) -> None:
        pos = Position.from_fen(CASTLE_BOTH)
        pos.push(m("h1h2"))
        assert pos.fen().split()[2] == "Qkq"
        pos.push(m("e8d8"))
        assert pos.fen().split()[2] == "Q"
        pos.push(m("a1a8"))  # captures the rook on a8 too
        assert pos.fen().split()[2] == "-"

    def test_castling_moves_king_and_rook(self) -> None:
        pos = Position.from_fen(CASTLE_BOTH)
        pos.push(m("e1c1"))
        assert pos.piece_at(sq("c1")) == Piece.from_symbol("K")
        assert pos.piece_at(sq("d1")) == Piece.from_symbol("R")
        assert pos.piece_at(sq("a1")) is None
        assert pos.piece_at(sq("e1")) is None
        assert pos.king(WHITE) == sq("c1")

    def test_chess960_castling_where_the_rook_passes_the_king_square(self) -> None:
        # Chess960: king f1, rook g1; O-O puts the king on g1 and the rook on f1 (II.3.3).
        pos = Position.from_fen("r3k3/8/8/8/8/8/8/5KR1 w Kq - 0 1", chess960=True)
        move = pos.parse_san("O-O")
        assert pos.uci(move) == "f1g1"
        pos.push(move)
        assert pos.fen() == "r3k3/8/8/8/8/8/8/5RK1 b q - 1 1"

    def test_chess960_the_castling_rook_may_hide_an_attack_on_the_king_destination(self) -> None:
        # King f1, rook g1, a black rook on g8: once the white rook leaves g1 the king would
        # land in check there, so O-O is illegal (Article 3.8.2.2, Guidelines II.3).
        pos = Position.from_fen("5kr1/8/8/8/8/8/8/5KR1 w Kk - 0 1", chess960=True)
        assert "f1g1" not in {pos.uci(mv) for mv in pos.legal_moves()}
        with pytest.raises(IllegalMove):
            pos.parse_san("O-O")

    def test_chess960_castling_blocked_by_the_other_rook(self) -> None:
        # King b1, rooks a1 and c1: O-O-O needs c1 for the king and d1 for the rook; the c1
        # rook is in the way (Guidelines II.3.2: all squares between must be vacant).
        moves = legal_uci("1k6/8/8/8/8/8/8/RKR5 w A - 0 1", chess960=True)
        assert "b1a1" not in moves


class TestEnPassant:
    """Article 3.7.3.1: only on the move right after the double step, and only when it does
    not leave the king in check."""

    def test_available_right_after_the_double_step(self) -> None:
        pos = Position.from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
        pos.push(m("d7d5"))
        assert pos.ep_square == sq("d6")
        assert "e5d6" in {mv.uci() for mv in pos.legal_moves()}
        move = m("e5d6")
        assert pos.is_en_passant(move)
        assert pos.is_capture(move)
        pos.push(move)
        assert pos.piece_at(sq("d5")) is None
        assert pos.piece_at(sq("d6")) == Piece(PAWN, WHITE)
        assert pos.halfmove_clock == 0
        pos.pop()
        assert pos.piece_at(sq("d5")) == Piece(PAWN, BLACK)

    def test_gone_a_move_later(self) -> None:
        pos = Position.from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
        pos.push(m("d7d5"))
        pos.push(m("e1e2"))
        pos.push(m("e8e7"))
        assert pos.ep_square is None
        assert "e5d6" not in {mv.uci() for mv in pos.legal_moves()}

    def test_not_when_it_exposes_the_king_along_the_rank(self) -> None:
        assert "e5d6" not in legal_uci("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2")

    def test_not_when_the_capturing_pawn_is_pinned_diagonally(self) -> None:
        # The e5 pawn is pinned to the a1 king by the h8 bishop; d6 is off the pin line.
        assert "e5d6" not in legal_uci("4k2b/8/8/3pP3/8/8/8/K7 w - d6 0 2")

    def test_along_the_pin_line(self) -> None:
        # Pinned on the b8-h2 diagonal by the c7 bishop, the pawn may still take on d6, which
        # stays on that line.
        assert "e5d6" in legal_uci("4k3/2b5/8/3pP3/8/8/7K/8 w - d6 0 2")

    def test_to_remove_a_checking_pawn(self) -> None:
        # The pawn that just moved gives check; taking it en passant is the answer.
        moves = legal_uci("8/8/8/3pP3/4K3/8/8/7k w - d6 0 2")
        assert "e5d6" in moves


class TestPromotion:
    """Article 3.7.5: a pawn reaching the last rank becomes a queen, rook, bishop or knight."""

    def test_all_four_pieces(self) -> None:
        moves = legal_uci("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
        assert {"b7b8q", "b7b8r", "b7b8b", "b7b8n"} <= moves
        assert "b7b8" not in moves

    def test_promoted_piece_replaces_the_pawn(self) -> None:
        pos = Position.from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
        pos.push(m("b7b8n"))
        assert pos.piece_at(sq("b8")) == Piece(KNIGHT, WHITE)
        assert pos.pieces(PAWN, WHITE) == 0
        assert pos.pieces(KNIGHT, WHITE) == 1 << sq("b8")
        pos.pop()
        assert pos.piece_at(sq("b7")) == Piece(PAWN, WHITE)
        assert pos.pieces(QUEEN, WHITE) == 0


class TestCheckMateStalemate:
    def test_fools_mate(self) -> None:
        pos = Position()
        for text in ("f3", "e5", "g4"):
            pos.push_san(text)
        move = pos.parse_san("Qh4")
        assert pos.gives_check(move)
        assert pos.san(move) == "Qh4#"
        pos.push(move)
        assert pos.is_check()
        assert pos.is_checkmate()
        assert not pos.is_stalemate()
        assert pos.legal_moves() == []
        assert pos.checkers() == 1 << sq("h4")

    def test_stalemate(self) -> None:
        pos = Position.from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
        assert pos.is_stalemate()
        assert not pos.is_check()
        assert not pos.is_checkmate()
        assert pos.count_legal_moves() == 0

    def test_check_with_an_escape_is_not_mate(self) -> None:
        pos = Position.from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1")
        assert pos.is_check()
        assert not pos.is_checkmate()
        assert pos.checkers() == 1 << sq("e1")

    def test_double_check_only_the_king_moves(self) -> None:
        # Rook e1 and bishop b5 both check the king on e8; the queen on d8 could block or take
        # one of them, but never both (Article 3.9).
        pos = Position.from_fen("3qk3/8/8/1B6/8/8/8/4R1K1 b - - 0 1")
        assert pos.checkers().bit_count() == 2
        assert all(mv.from_square == sq("e8") for mv in pos.legal_moves())


def test_predicates() -> None:
    pos = Position.from_fen(KIWIPETE)
    assert pos.is_capture(m("e5f7"))
    assert not pos.is_capture(m("e5d3"))
    assert pos.is_castling(m("e1g1"))
    assert not pos.is_castling(m("e1f1"))
    assert pos.is_zeroing(m("a2a3"))
    assert pos.is_zeroing(m("e5f7"))
    assert not pos.is_zeroing(m("e5d3"))
    assert pos.gives_check(m("e5f7")) is False
    assert pos.gives_check(m("e5g6")) is False
    assert pos.gives_check(m("d5e6")) is False
    assert Position.from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").gives_check(m("a1a8"))


def test_board_accessors() -> None:
    pos = Position()
    assert pos.king(WHITE) == sq("e1")
    assert pos.king(BLACK) == sq("e8")
    assert pos.occupied == 0xFFFF00000000FFFF
    assert pos.occupied_by(WHITE) == 0xFFFF
    assert pos.pieces(PAWN, BLACK) == 0xFF << 48
    assert pos.piece_at(sq("d8")) == Piece(QUEEN, BLACK)
    assert Piece(QUEEN, BLACK).symbol() == "q"
    assert Piece.from_symbol("N") == Piece(KNIGHT, WHITE)
    assert len(pos.piece_map()) == 32


def test_equality_is_article_9_2_3_identity() -> None:
    a = Position()
    b = Position.from_fen(Position().fen().replace(" 0 1", " 37 80"))
    assert a == b  # the counters do not matter
    assert a.zobrist_key() == b.zobrist_key() and a.repetition_key() == b.repetition_key()
    c = Position.from_fen(Position().fen().replace(" w ", " b "))
    assert a != c
    # A position changes, so it is no key: its repetition key (9.2.3) is.
    assert len({p.repetition_key() for p in (a, b, c)}) == 2
    with pytest.raises(TypeError):
        hash(a)
