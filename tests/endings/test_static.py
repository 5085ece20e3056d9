"""The static unwinnability arguments (Articles 5.2.2, 6.9): material, blocked pawns, walls."""

from __future__ import annotations

import pytest

from chesslaws.endings._static import _can_block, material_cannot_mate, material_of, pawns_blocked
from chesslaws.endings._unwinnability import static_cannot_mate
from tests.endings._helpers import composed


def cannot(fen: str, color: int) -> str:
    return static_cannot_mate(composed(fen), color)


@pytest.mark.parametrize(
    ("fen", "white", "black"),
    [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", True, True),  # bare kings
        ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", True, True),  # K+N v K
        ("4k3/8/8/8/8/8/8/4KN1q w - - 0 1", True, False),  # K+N v K+Q: no blocker for a knight
        ("4k3/8/8/8/8/8/8/4KN1r w - - 0 1", False, False),  # a rook can block its own king
        ("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", False, True),  # bishops on both colours
        ("4k3/8/8/8/8/8/8/3BKB2 w - - 0 1", True, True),  # d1 and f1 are both light
        ("4k3/8/8/8/8/8/B7/4KB2 w - - 0 1", True, True),  # both light-squared
        ("4k3/8/8/8/8/8/B7/4KB1b w - - 0 1", True, True),  # opposite colour needed, not same
        ("4k3/8/8/8/8/8/B7/4KBb1 w - - 0 1", False, False),  # g1 is dark: each side blocks
        ("4k3/8/8/8/8/8/8/4KNN1 w - - 0 1", False, True),  # two knights (helpmate exists)
        ("4k3/8/8/8/8/8/8/4KNB1 w - - 0 1", False, True),
        ("4k3/8/8/8/8/8/7P/4K3 w - - 0 1", False, True),  # a pawn may promote
    ],
)
def test_material(fen: str, white: bool, black: bool) -> None:
    material = material_of(composed(fen))
    assert material_cannot_mate(material, 0) is white
    assert material_cannot_mate(material, 1) is black


def test_pawns_blocked_pre_test() -> None:
    position = composed("4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1")
    assert pawns_blocked(position.pieces(1, 0), position.pieces(1, 1))
    assert not pawns_blocked(1 << 8, 0)  # a lone pawn runs free
    assert pawns_blocked(1 << 8, 0, 1 << 48)  # unless a piece stands somewhere ahead


@pytest.mark.parametrize(
    "fen",
    [
        "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1",  # B25: a full wall
        "3k4/p1p1p1p1/P1P1P1P1/8/8/8/P1P1P1P1/3K1B2 w - - 0 1",  # pawns still to advance
        "4k3/8/3p1p2/3PbP2/3pBp2/3P1P2/8/4K3 w - - 0 1",  # caged bishops guard their pawns
        "1b1k4/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/3K4 w - - 0 1",  # a walled-in bishop
    ],
)
def test_blocked_positions_are_proved_dead(fen: str) -> None:
    assert cannot(fen, 0) == "blocked pawns" or cannot(fen, 0) == "material"
    assert cannot(fen, 1) in ("blocked pawns", "material")


@pytest.mark.parametrize(
    ("fen", "color"),
    [
        ("4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4KQ2 w - - 0 1", 0),  # a queen can take a pawn
        ("4k3/8/8/1p1p1p1p/1PpPpPpP/p1P1P1P1/8/4K3 w - - 0 1", 0),  # a4 has gone: a3 may fall
        ("4k3/8/8/p7/P7/8/8/4K2R w K - 0 1", 0),  # castling and a rook
        ("4k3/8/8/pp6/PP6/8/8/4K3 w - - 0 1", 0),  # pawns may capture pawns
    ],
)
def test_not_proved_when_the_structure_may_change(fen: str, color: int) -> None:
    assert cannot(fen, color) != "blocked pawns"


def test_en_passant_right_disables_the_argument() -> None:
    fen = "4k3/8/8/p1p1p3/P1PpPp1p/3P1P1P/8/4K3 b - e3 0 1"
    position = composed(fen)
    assert position.ep_square is not None
    assert cannot(fen, 0) != "blocked pawns"


def test_blocking_needs_distinct_men() -> None:
    a, b = 1 << 10, 1 << 11
    assert _can_block([10, 11], [a | b, a | b])
    assert not _can_block([10, 11], [a | b])  # one man, two squares
    assert not _can_block([10, 11], [a, a])
    assert _can_block([10, 11], [a, a | b])  # needs the augmenting path
    assert _can_block([], [])
