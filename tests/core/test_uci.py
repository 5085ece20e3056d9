"""UCI move text in and out, both Chess960 castling spellings (king-to-destination ``e1g1`` and
king-to-rook ``e1h1``), and the syntax-only :meth:`Move.from_uci`."""

from __future__ import annotations

import pytest

from chesslaws import IllegalMove, InvalidNotation
from chesslaws.core import KNIGHT, QUEEN, Move, Position, parse_square, square_name

CASTLE_BOTH = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"


def sq(name: str) -> int:
    return parse_square(name)


def test_squares_are_numbered_a1_to_h8() -> None:
    assert parse_square("a1") == 0
    assert parse_square("b1") == 1
    assert parse_square("e2") == 12
    assert parse_square("h8") == 63
    assert [square_name(i) for i in (0, 7, 12, 56, 63)] == ["a1", "h1", "e2", "a8", "h8"]
    for index in range(64):
        assert parse_square(square_name(index)) == index


@pytest.mark.parametrize("name", ["", "e", "e9", "i1", "E2", "e22", " e2", "a0"])
def test_parse_square_refuses_non_squares(name: str) -> None:
    with pytest.raises(InvalidNotation) as info:
        parse_square(name)
    assert info.value.text == name


def test_move_from_uci_and_back() -> None:
    move = Move.from_uci("e7e8q")
    assert move == Move(sq("e7"), sq("e8"), QUEEN)
    assert move.uci() == str(move) == "e7e8q"
    assert Move.from_uci("g1f3") == Move(sq("g1"), sq("f3"))
    assert Move.from_uci("a2a1N").promotion == KNIGHT
    assert eval(repr(move), {"Move": Move}) == move


@pytest.mark.parametrize(
    "text", ["", "e2", "e2e", "e2e4e", "e2e4k", "e2e4p", "e2e2", "0000", "e2-e4", "e9e4", "E2E4"]
)
def test_move_from_uci_refuses_bad_syntax(text: str) -> None:
    with pytest.raises(InvalidNotation) as info:
        Move.from_uci(text)
    assert info.value.text == text
    assert repr(text) in str(info.value)


def test_parse_uci_plays_legal_moves() -> None:
    pos = Position()
    assert pos.parse_uci("e2e4") == Move(sq("e2"), sq("e4"))
    assert pos.push_uci("g1f3") == Move(sq("g1"), sq("f3"))
    assert pos.fen().startswith("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b")


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("e2e5", IllegalMove),  # not a legal pawn move
        ("e7e5", IllegalMove),  # Black's pawn, White to move
        ("e1e2", IllegalMove),  # own piece on e2
        ("a2a1", IllegalMove),
        ("e2e4q", IllegalMove),  # promotion letter on a move that does not promote
        ("e2", InvalidNotation),
        ("O-O", InvalidNotation),
        ("e2e4 ", InvalidNotation),
        ("0000", InvalidNotation),
    ],
)
def test_parse_uci_errors_name_the_text_and_the_position(
    text: str, error: type[InvalidNotation]
) -> None:
    pos = Position()
    before = pos.fen()
    with pytest.raises(error) as info:
        pos.parse_uci(text)
    assert type(info.value) is error
    assert info.value.text == text
    assert info.value.fen == before
    assert repr(text) in str(info.value)
    assert before in str(info.value)
    with pytest.raises(error):
        pos.push_uci(text)
    assert pos.fen() == before
    assert pos.ply == 0


@pytest.mark.parametrize("chess960", [False, True])
@pytest.mark.parametrize(
    ("king_to_destination", "king_to_rook", "after"),
    [
        ("e1g1", "e1h1", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"),
        ("e1c1", "e1a1", "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"),
    ],
)
def test_both_castling_spellings_are_read(
    chess960: bool, king_to_destination: str, king_to_rook: str, after: str
) -> None:
    for text in (king_to_destination, king_to_rook):
        pos = Position.from_fen(CASTLE_BOTH, chess960=chess960)
        move = pos.parse_uci(text)
        assert pos.is_castling(move)
        # UCI out: king-to-destination in standard chess, king-to-rook in Chess960.
        assert pos.uci(move) == (king_to_rook if chess960 else king_to_destination)
        assert pos.uci(move, chess960=True) == king_to_rook
        assert pos.uci(move, chess960=False) == king_to_destination
        assert move.uci() == pos.uci(move)
        pos.push(move)
        assert pos.fen() == after


def test_chess960_castling_where_the_king_stays_put() -> None:
    # King g1, rook h1: O-O leaves the king on g1 and puts the rook on f1 (Guidelines II.3.3).
    pos = Position.from_fen("1r4kr/8/8/8/8/8/8/1R4KR w Kk - 0 1", chess960=True)
    move = pos.parse_uci("g1h1")
    assert pos.is_castling(move)
    assert pos.san(move) == "O-O"
    pos.push(move)
    assert pos.fen() == "1r4kr/8/8/8/8/8/8/1R3RK1 b k - 1 1"
    with pytest.raises(InvalidNotation):
        Position.from_fen("1r4kr/8/8/8/8/8/8/1R4KR w Kk - 0 1", chess960=True).parse_uci("g1g1")


def test_chess960_king_step_is_not_castling_when_the_destination_is_one_square_away() -> None:
    # King b1, rook a1: b1c1 is a plain king move; O-O-O is spelt b1a1 (king to c1, rook to d1).
    pos = Position.from_fen("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", chess960=True)
    step = pos.parse_uci("b1c1")
    assert not pos.is_castling(step)
    assert pos.san(step) == "Kc1"
    castle = pos.parse_uci("b1a1")
    assert pos.is_castling(castle)
    assert pos.san(castle) == "O-O-O"
    pos.push(castle)
    assert pos.fen() == "rk5r/8/8/8/8/8/8/2KR3R b kq - 1 1"


def test_castling_uci_through_an_attacked_square_is_illegal() -> None:
    # A black rook on f8 attacks f1, which the king must cross (Article 3.8.2.2).
    pos = Position.from_fen("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    for text in ("e1g1", "e1h1"):
        with pytest.raises(IllegalMove):
            pos.parse_uci(text)
    assert pos.parse_uci("e1c1") == Move(sq("e1"), sq("c1"))


def test_promotion_in_uci() -> None:
    pos = Position.from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    for letter, san in (("q", "b8=Q+"), ("r", "b8=R+"), ("b", "b8=B"), ("n", "b8=N")):
        move = pos.parse_uci("b7b8" + letter)
        assert move.uci() == "b7b8" + letter
        assert pos.san(move) == san
    with pytest.raises(IllegalMove):
        pos.parse_uci("b7b8")  # a pawn reaching the last rank must promote (Article 3.7.5)


@pytest.mark.parametrize(
    ("fen", "text"),
    [
        (CASTLE_BOTH, "e1g1q"),  # castling with a promotion letter
        (CASTLE_BOTH, "e1h1n"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6q"),  # en passant with a promotion letter
        (CASTLE_BOTH, "a1a8q"),  # a rook does not promote
    ],
)
def test_a_promotion_letter_on_a_move_that_cannot_promote_is_illegal(fen: str, text: str) -> None:
    pos = Position.from_fen(fen)
    move = Move.from_uci(text)
    assert not pos.is_legal(move)
    with pytest.raises(IllegalMove):
        pos.parse_uci(text)
    with pytest.raises(IllegalMove):
        pos.play(move)
    assert pos.fen() == Position.from_fen(fen).fen()
