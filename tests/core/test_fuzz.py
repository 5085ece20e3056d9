"""Hypothesis fuzzing of every text input of the rules engine: FEN, SAN and UCI. Whatever the
text, the only exceptions are the documented :class:`ChessLawsError` subclasses (``InvalidFen``,
``IllegalPosition``, ``InvalidNotation``, ``IllegalMove``, ``AmbiguousMove``), and whatever is
accepted is consistent (a FEN read is a legal position that writes back to itself; a move read is
one of the legal moves and its SAN/UCI reads back to it).

Example counts are modest (a few hundred per test) to keep the default run short."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chesslaws import AmbiguousMove, IllegalMove, IllegalPosition, InvalidFen, InvalidNotation
from chesslaws.core import Move, Position, parse_square
from tests.strategies import fen_like, random_boards, reachable_positions, san_like, uci_like

FUZZ = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _check_position(pos: Position) -> None:
    """What every accepted position must satisfy (Articles 2.3, 3.7, 3.10.3)."""
    fen = pos.fen()
    again = Position.from_fen(fen, chess960=pos.chess960)
    assert again.fen() == fen
    assert again.fen(shredder=True) == pos.fen(shredder=True)
    assert again.zobrist_key() == pos.zobrist_key()
    assert pos.king(0) != pos.king(1)
    assert not pos.is_attacked(pos.king(pos.turn ^ 1), pos.turn)  # not-to-move side not in check
    moves = pos.legal_moves()
    assert pos.count_legal_moves() == len(moves)
    assert pos.is_checkmate() == (pos.is_check() and not moves)
    assert pos.is_stalemate() == (not pos.is_check() and not moves)


@FUZZ
@given(text=fen_like(), chess960=st.booleans())
def test_from_fen_raises_only_invalid_fen(text: str, chess960: bool) -> None:
    try:
        pos = Position.from_fen(text, chess960=chess960)
    except IllegalPosition as error:
        assert error.reasons
        assert error.field == "position"
        return
    except InvalidFen as error:
        assert error.field in {
            "board",
            "turn",
            "castling",
            "en passant",
            "halfmove clock",
            "fullmove number",
            "counters",
        }
        assert error.field in str(error)
        return
    _check_position(pos)


@FUZZ
@given(text=random_boards(), chess960=st.booleans())
def test_random_boards_are_read_or_refused_with_reasons(text: str, chess960: bool) -> None:
    try:
        pos = Position.from_fen(text, chess960=chess960)
    except IllegalPosition as error:
        assert error.reasons
        return
    _check_position(pos)
    # Reading succeeded, so the placement has one king a side and no pawn on a back rank.
    placement = text.split()[0]
    assert placement.count("K") == placement.count("k") == 1
    ranks = placement.split("/")
    assert not {"p", "P"} & set(ranks[0] + ranks[7])


@FUZZ
@given(pos=reachable_positions(), text=san_like())
def test_parse_san_returns_a_legal_move_or_a_documented_error(pos: Position, text: str) -> None:
    before = pos.fen()
    try:
        move = pos.parse_san(text)
    except AmbiguousMove as error:
        assert error.text == text
        assert error.fen == before
        return
    except IllegalMove as error:
        assert error.text == text
        return
    except InvalidNotation as error:
        assert error.text in (text, repr(text))
        return
    finally:
        assert pos.fen() == before
    assert move in pos.legal_moves()
    assert pos.parse_san(pos.san(move)) == move


@FUZZ
@given(pos=reachable_positions(), data=st.data())
def test_san_of_every_move_reads_back(pos: Position, data: st.DataObject) -> None:
    moves = pos.legal_moves()
    if not moves:
        return
    move = data.draw(st.sampled_from(moves))
    san = pos.san(move)
    assert pos.parse_san(san) == move
    decorated = san.rstrip("+#") + data.draw(st.sampled_from(["", "!", "?", "!?", "+", "#"]))
    assert pos.parse_san(decorated) == move


@FUZZ
@given(pos=reachable_positions(), text=uci_like())
def test_parse_uci_returns_a_legal_move_or_a_documented_error(pos: Position, text: str) -> None:
    before = pos.fen()
    try:
        move = pos.parse_uci(text)
    except InvalidNotation as error:  # IllegalMove is a subclass
        assert error.fen == before
        return
    finally:
        assert pos.fen() == before
    assert move in pos.legal_moves()
    assert pos.parse_uci(pos.uci(move)) == move
    assert pos.parse_uci(pos.uci(move, chess960=not pos.chess960)) == move


@FUZZ
@given(text=st.text(max_size=8) | uci_like())
def test_move_from_uci_is_syntax_only(text: str) -> None:
    try:
        move = Move.from_uci(text)
    except InvalidNotation as error:
        assert error.text == text
        return
    assert move.uci() == text[:4] + text[4:].lower()


@FUZZ
@given(text=st.text(max_size=4))
def test_parse_square_raises_only_invalid_notation(text: str) -> None:
    try:
        square = parse_square(text)
    except InvalidNotation:
        return
    assert 0 <= square < 64


@pytest.mark.parametrize("bad", [None, 3, b"e4", ["e4"]])
def test_non_text_input_is_refused_with_a_documented_error(bad: object) -> None:
    pos = Position()
    with pytest.raises(InvalidNotation):
        pos.parse_san(bad)
    with pytest.raises(InvalidNotation):
        pos.parse_uci(bad)
    with pytest.raises(InvalidFen):
        Position.from_fen(bad)
