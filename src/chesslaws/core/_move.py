"""Moves: a frozen :class:`Move` at the API edge, a packed int in the hot path.

A move code is ``from | to << 6 | promotion << 12 | kind << 15`` where ``kind`` is
:data:`NORMAL`, :data:`EN_PASSANT` or :data:`CASTLING`. A castling code always goes from the king
to the castling rook's square, so Chess960 castling (Guidelines II) needs no special case; the
public :class:`Move` spells standard castling king-to-destination (``e1g1``) as UCI does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from chesslaws._errors import InvalidNotation
from chesslaws.core._squares import SQUARE_NAMES, PieceType, parse_square

__all__ = ["CASTLING", "EN_PASSANT", "NORMAL", "Move"]

NORMAL: Final = 0
EN_PASSANT: Final = 1
CASTLING: Final = 2

_PROMOTION_LETTERS = {
    "n": PieceType.KNIGHT,
    "b": PieceType.BISHOP,
    "r": PieceType.ROOK,
    "q": PieceType.QUEEN,
}

#: UCI text -> the Move it reads as (moves are values: one may stand for every reading). Only
#: texts that read as a move are kept, and at most this many, so a hostile log cannot grow it.
_FROM_UCI: dict[str, Move] = {}
_FROM_UCI_LIMIT = 50_000


@dataclass(frozen=True, slots=True)
class Move:
    """A move from one square to another, with the piece a pawn promotes to (Article 3.7.5).

    >>> Move.from_uci("e7e8q")
    Move.from_uci('e7e8q')
    """

    from_square: int
    to_square: int
    promotion: PieceType | None = None

    def uci(self) -> str:
        """The UCI spelling: ``e2e4``, ``e7e8q``."""
        text = SQUARE_NAMES[self.from_square] + SQUARE_NAMES[self.to_square]
        if self.promotion is not None:
            text += "pnbrqk"[self.promotion - 1]
        return text

    @classmethod
    def from_uci(cls, text: object) -> Move:
        """Read UCI syntax (not legality); raises :class:`InvalidNotation`."""
        if cls is Move:
            known = _FROM_UCI.get(text) if type(text) is str else None
            if known is not None:
                return known
        if not isinstance(text, str) or len(text) not in (4, 5):
            raise InvalidNotation(f"not a UCI move: {text!r}", text=str(text))
        try:
            from_square = parse_square(text[:2])
            to_square = parse_square(text[2:4])
        except InvalidNotation:
            raise InvalidNotation(f"not a UCI move: {text!r}", text=text) from None
        promotion = None
        if len(text) == 5:
            promotion = _PROMOTION_LETTERS.get(text[4].lower())
            if promotion is None:
                raise InvalidNotation(
                    f"not a UCI move: {text!r} (promotion must be one of n, b, r, q)", text=text
                )
        if from_square == to_square:
            raise InvalidNotation(f"not a UCI move: {text!r} (from and to are the same)", text=text)
        move = cls(from_square, to_square, promotion)
        if cls is Move and len(_FROM_UCI) < _FROM_UCI_LIMIT:
            _FROM_UCI[text] = move
        return move

    def __str__(self) -> str:
        return self.uci()

    def __repr__(self) -> str:
        return f"Move.from_uci({self.uci()!r})"
