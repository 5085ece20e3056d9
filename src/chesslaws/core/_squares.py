"""Squares, files, ranks and pieces (Articles 2.1–2.3).

Squares are ints 0–63 with a1 = 0, b1 = 1, …, h8 = 63; a bitboard is an int whose bit *i* stands
for square *i*. Pieces are small ints in the hot path (``piece_type | color << 3``) and a frozen
:class:`Piece` at the API edge.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from chesslaws._color import BLACK, WHITE, Color
from chesslaws._errors import InvalidNotation

__all__ = [
    "BISHOP",
    "FILE_NAMES",
    "KING",
    "KNIGHT",
    "PAWN",
    "QUEEN",
    "RANK_NAMES",
    "ROOK",
    "SQUARE_NAMES",
    "Piece",
    "PieceType",
    "parse_square",
    "square_name",
]

FILE_NAMES = "abcdefgh"
RANK_NAMES = "12345678"
SQUARE_NAMES: tuple[str, ...] = tuple(f + r for r in RANK_NAMES for f in FILE_NAMES)
_SQUARE_BY_NAME = {name: index for index, name in enumerate(SQUARE_NAMES)}


class PieceType(enum.IntEnum):
    """The six kinds of piece (Article 2.2)."""

    PAWN = 1
    KNIGHT = 2
    BISHOP = 3
    ROOK = 4
    QUEEN = 5
    KING = 6

    @property
    def letter(self) -> str:
        """The English letter, upper case (Appendix C.2): ``P N B R Q K``."""
        return "PNBRQK"[self - 1]


PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = (
    PieceType.PAWN,
    PieceType.KNIGHT,
    PieceType.BISHOP,
    PieceType.ROOK,
    PieceType.QUEEN,
    PieceType.KING,
)

_PIECE_LETTERS = "PNBRQK"


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece of a colour, e.g. ``Piece(KNIGHT, BLACK)``."""

    type: PieceType
    color: Color

    def symbol(self) -> str:
        """FEN letter: upper case for White, lower case for Black (``"N"``, ``"n"``)."""
        letter = _PIECE_LETTERS[self.type - 1]
        return letter if self.color == WHITE else letter.lower()

    @classmethod
    def from_symbol(cls, symbol: str) -> Piece:
        """The piece for a FEN letter; ``ValueError`` for anything else."""
        index = _PIECE_LETTERS.find(symbol.upper()) if len(symbol) == 1 else -1
        if index < 0:
            raise ValueError(f"not a piece letter: {symbol!r}")
        return cls(PieceType(index + 1), WHITE if symbol.isupper() else BLACK)

    @property
    def code(self) -> int:
        """The int used in the hot path: ``type | color << 3``."""
        return int(self.type) | int(self.color) << 3

    def __str__(self) -> str:
        return self.symbol()


PIECES_BY_CODE: dict[int, Piece] = {
    int(t) | int(c) << 3: Piece(t, c) for t in PieceType for c in (WHITE, BLACK)
}


def square_name(square: int) -> str:
    """``square_name(12) == "e2"``."""
    return SQUARE_NAMES[square]


def parse_square(name: str) -> int:
    """``parse_square("e2") == 12``; raises :class:`InvalidNotation` for anything else."""
    try:
        return _SQUARE_BY_NAME[name]
    except (KeyError, TypeError):
        raise InvalidNotation(f"not a square: {name!r}", text=str(name)) from None
