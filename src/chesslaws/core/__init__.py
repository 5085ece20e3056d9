"""The rules engine (Articles 1–3, Appendix C, Guidelines II): positions, legal moves, FEN,
SAN/UCI and Chess960. It knows nothing of games, clocks or people.
"""

from __future__ import annotations

from chesslaws._color import BLACK as BLACK
from chesslaws._color import WHITE as WHITE
from chesslaws._color import Color as Color
from chesslaws._errors import PositionProblem as PositionProblem
from chesslaws.core._attacks import BB_ALL as BB_ALL
from chesslaws.core._attacks import BB_FILES as BB_FILES
from chesslaws.core._attacks import BETWEEN as BETWEEN
from chesslaws.core._attacks import DARK_SQUARES as DARK_SQUARES
from chesslaws.core._attacks import KING_ATTACKS as KING_ATTACKS
from chesslaws.core._attacks import KNIGHT_ATTACKS as KNIGHT_ATTACKS
from chesslaws.core._attacks import LIGHT_SQUARES as LIGHT_SQUARES
from chesslaws.core._attacks import PAWN_ATTACKS as PAWN_ATTACKS
from chesslaws.core._attacks import bishop_attacks as bishop_attacks
from chesslaws.core._attacks import rook_attacks as rook_attacks
from chesslaws.core._fen import STARTING_FEN as STARTING_FEN
from chesslaws.core._fen import Setup as Setup
from chesslaws.core._fen import parse_fen as parse_fen
from chesslaws.core._languages import LANGUAGES as LANGUAGES
from chesslaws.core._languages import Letters as Letters
from chesslaws.core._languages import san_languages as san_languages
from chesslaws.core._languages import to_english as san_to_english
from chesslaws.core._move import Move as Move
from chesslaws.core._position import COMPOSED as COMPOSED
from chesslaws.core._position import LENIENT as LENIENT
from chesslaws.core._position import Position as Position
from chesslaws.core._squares import BISHOP as BISHOP
from chesslaws.core._squares import KING as KING
from chesslaws.core._squares import KNIGHT as KNIGHT
from chesslaws.core._squares import PAWN as PAWN
from chesslaws.core._squares import QUEEN as QUEEN
from chesslaws.core._squares import ROOK as ROOK
from chesslaws.core._squares import SQUARE_NAMES as SQUARE_NAMES
from chesslaws.core._squares import Piece as Piece
from chesslaws.core._squares import PieceType as PieceType
from chesslaws.core._squares import parse_square as parse_square
from chesslaws.core._squares import square_name as square_name

__all__ = [
    "BB_ALL",
    "BB_FILES",
    "BETWEEN",
    "BISHOP",
    "BLACK",
    "COMPOSED",
    "DARK_SQUARES",
    "KING",
    "KING_ATTACKS",
    "KNIGHT",
    "KNIGHT_ATTACKS",
    "LANGUAGES",
    "LENIENT",
    "LIGHT_SQUARES",
    "PAWN",
    "PAWN_ATTACKS",
    "QUEEN",
    "ROOK",
    "SQUARE_NAMES",
    "STARTING_FEN",
    "WHITE",
    "Color",
    "Letters",
    "Move",
    "Piece",
    "PieceType",
    "Position",
    "PositionProblem",
    "Setup",
    "bishop_attacks",
    "parse_fen",
    "parse_square",
    "rook_attacks",
    "san_languages",
    "san_to_english",
    "square_name",
]
