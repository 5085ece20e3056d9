"""What real files say, read with a note, and what cannot arise, refused with a reason code
(issue 18): fullmove number 0, impossible castling rights (lenient or strict), nine pawns, more
promoted pieces than missing pawns, impossible checks; SAN with two file letters; the SAN cache
bounded by size."""

from __future__ import annotations

import pytest

from chesslaws import IllegalPosition, InvalidNotation, PositionProblem
from chesslaws.core import LENIENT, Position, _notation, parse_fen

# -- fullmove number 0 ---------------------------------------------------------------------------


def test_fullmove_number_zero_is_read_as_one_with_a_note() -> None:
    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 1 0"
    assert Position.from_fen(fen).fullmove_number == 1
    assert "fullmove number 0 read as 1" in parse_fen(fen).notes[0]
    position, notes = Position.read_fen(fen)
    assert position.fen() == "4k3/8/8/8/8/8/4P3/4K3 w - - 1 1"
    assert len(notes) == 1 and "fullmove number 0" in notes[0]
    assert Position.read_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 1 7")[1] == ()


# -- castling rights the position cannot have -----------------------------------------------------

NO_ROOKS = "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1"


def test_impossible_castling_rights_are_refused_by_default() -> None:
    with pytest.raises(IllegalPosition) as info:
        Position.from_fen(NO_ROOKS)
    assert info.value.problems == PositionProblem.CASTLING_RIGHTS
    assert len(info.value.reasons) == 4


@pytest.mark.parametrize(
    "make",
    [
        lambda fen: Position.from_fen(fen, lenient=True),
        lambda fen: Position.from_fen(fen, allow=PositionProblem.CASTLING_RIGHTS),
        lambda fen: Position.read_fen(fen)[0],
    ],
)
def test_impossible_castling_rights_are_dropped_when_lenient(make: object) -> None:
    position = make(NO_ROOKS)  # type: ignore[operator]
    assert position.fen() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    assert position.castling_rights == 0


def test_only_the_impossible_rights_are_dropped_and_each_is_noted() -> None:
    position, notes = Position.read_fen("r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert position.fen() == "r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1"
    assert len(notes) == 1 and "'k'" in notes[0] and "dropped" in notes[0]


def test_an_unexplained_en_passant_square_is_dropped_when_lenient() -> None:
    fen = "4k3/8/8/8/8/8/8/4K3 w - e6 0 1"
    with pytest.raises(IllegalPosition) as info:
        Position.from_fen(fen)
    assert info.value.problems == PositionProblem.EN_PASSANT
    position, notes = Position.read_fen(fen)
    assert position.ep_square is None and "en passant" in notes[0]
    assert LENIENT == PositionProblem.CASTLING_RIGHTS | PositionProblem.EN_PASSANT


def test_lenient_never_forgives_a_missing_king_or_opposite_check() -> None:
    with pytest.raises(IllegalPosition) as info:
        Position.from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1", allow=~PositionProblem(0))
    assert PositionProblem.KINGS in info.value.problems
    with pytest.raises(IllegalPosition) as info:
        Position.from_fen("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", lenient=True)
    assert PositionProblem.OPPOSITE_CHECK in info.value.problems


# -- positions that cannot arise -----------------------------------------------------------------

IMPOSSIBLE = [
    # nine white pawns
    ("4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1", PositionProblem.TOO_MANY_PAWNS, "9 pawns"),
    # two queens and eight pawns: a promoted queen with no pawn missing
    ("4k3/8/8/8/8/Q7/PPPPPPPP/3QK3 w - - 0 1", PositionProblem.TOO_MUCH_MATERIAL, "promoted"),
    # three dark-squared bishops, seven pawns: two promoted, one pawn missing
    ("4k3/8/8/8/8/8/BPPPPPPP/2B1KB1B w - - 0 1", PositionProblem.TOO_MUCH_MATERIAL, "promoted"),
    # triple check: rook e8, bishop b4, knight d3 on the white king e1
    ("4r2k/8/8/8/1b6/3n4/8/4K3 w - - 0 1", PositionProblem.IMPOSSIBLE_CHECK, "3 pieces"),
    # two rooks checking along one rank from both sides of the king
    ("7k/8/8/8/8/8/8/r3K2r w - - 0 1", PositionProblem.IMPOSSIBLE_CHECK, "one line"),
    # pawn and knight both checking: neither can have been uncovered
    ("7k/8/8/8/8/3n4/5p2/4K3 w - - 0 1", PositionProblem.IMPOSSIBLE_CHECK, "none a line piece"),
    # black just played d7-d5 (en passant square d6), yet a knight gives check
    ("4k3/8/8/3p4/8/8/2n5/4K3 w - d6 0 2", PositionProblem.IMPOSSIBLE_CHECK, "double step"),
]


@pytest.mark.parametrize(("fen", "problem", "words"), IMPOSSIBLE)
def test_positions_that_cannot_arise_are_refused_with_a_reason_code(
    fen: str, problem: PositionProblem, words: str
) -> None:
    with pytest.raises(IllegalPosition) as info:
        Position.from_fen(fen)
    assert info.value.problems == problem
    assert any(words in reason for reason in info.value.reasons), info.value.reasons
    # the caller may allow that reason (a perft suite, a composed study): the position is built
    position = Position.from_fen(fen, allow=problem)
    assert position.fen().split()[0] == fen.split()[0]
    # lenient reading of real files does not forgive it
    with pytest.raises(IllegalPosition):
        Position.read_fen(fen)


@pytest.mark.parametrize(
    "fen",
    [
        # a discovered double check: the knight moved from e5 uncovering the bishop
        "7k/8/8/8/1b6/8/2n5/4K3 w - - 0 1",
        # the pawn that just double-stepped (d7-d5) uncovered the bishop's check through d7
        "2b4k/8/8/3p1K2/8/8/8/8 w - d6 0 2",
        # eight pawns, a queen, two rooks, two bishops of each colour cannot be: but two bishops
        # on different colours with one pawn promoted to a third is fine
        "4k3/8/8/8/8/8/1PPPPPPP/B1B1KB2 w - - 0 1",
    ],
)
def test_positions_a_game_can_reach_are_accepted(fen: str) -> None:
    Position.from_fen(fen)


# -- SAN -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["Ncge2", "Nc1g1e2", "N11e2", "Ngce2"])
def test_san_with_two_files_or_two_ranks_is_an_error_not_a_guess(text: str) -> None:
    position = Position.from_fen("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1")
    with pytest.raises(InvalidNotation, match="not a move in SAN"):
        position.parse_san(text)
    assert position.parse_san("Nce2") != position.parse_san("Nge2")


def test_the_san_cache_is_bounded_by_size_not_only_by_count() -> None:
    position = Position()
    _notation._SYNTAX_CACHE.clear()
    for index in range(200):
        bogus = f"{index:05d}" + "x" * 10_000 + "e4"
        with pytest.raises(InvalidNotation):
            position.parse_san(bogus)
    position.parse_san("e4")
    assert "e4" in _notation._SYNTAX_CACHE
    assert sum(len(text) for text in _notation._SYNTAX_CACHE) < 1_000
