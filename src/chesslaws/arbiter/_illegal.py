"""Illegal moves as facts on the board (Article 7.5): what was made, and the board it leaves.

An illegal move cannot be made on a :class:`~chesslaws.core.Position` (the rules engine only
makes legal moves), so the arbiter keeps it aside as a :class:`PendingIllegal` until it is
replaced (before the press), ruled on (7.5, A.4, A.5.2), or, in rapid and blitz without full
supervision, stands because nobody claimed it in time (A.5.2). :func:`board_after` writes the
FEN of the board an illegal move leaves, for that last case, and :func:`board_after_fen` the
board a reply leaves on a board that is no position (A.5.4).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from chesslaws._color import Color
from chesslaws.core import Move, Position

from ._time import Millis

__all__ = [
    "PASS",
    "IllegalKind",
    "PendingIllegal",
    "board_after",
    "board_after_fen",
    "board_passed",
    "piece_on",
]


class IllegalKind(enum.Enum):
    """Which sub-rule of 7.5 makes the completed move illegal."""

    ILLEGAL = "7.5.1"  # against Article 3
    UNPROMOTED = "7.5.2"  # pawn on the last rank, not exchanged
    NO_MOVE = "7.5.3"  # clock pressed without a move
    TWO_HANDS = "7.5.4"  # move made with two hands


@dataclass(frozen=True, slots=True)
class PendingIllegal:
    """A move made on the board that the arbiter will rule on once it is completed.

    ``move`` is the raw move (from and to squares) when the text gave them, ``None`` for SAN
    that fits no legal move; ``legal`` is the legal move a two-handed move stands for, or the
    queen promotion of an unexchanged pawn (7.5.2). ``completed_at`` is set once the clock was
    pressed while nobody saw it (A.5.2), and
    ``clock_after`` is then the offender's time after that press. ``left`` is set for a reply
    made on a board that an unclaimed illegal move left and that is no position: the FEN of the
    board after the reply, still no position, on which the arbiter waits until the reply is
    completed and then declares the game drawn (A.5.4).
    """

    by: Color
    text: str
    kind: IllegalKind
    move: Move | None
    legal: Move | None
    made_at: Millis
    completed_at: Millis | None = None
    clock_after: Millis | None = None
    left: str | None = None


PASS = "--"
"""The scoresheet's text for a press without a move that stood unclaimed (A.5.2, 7.5.3): the
player passed (PGN's null move; its UCI is ``0000``)."""

_LETTERS = "pnbrqk"


def _board(fen: str) -> list[str]:
    squares = ["."] * 64
    for rank_index, row in enumerate(fen.split(" ")[0].split("/")):
        file = 0
        for char in row:
            if char.isdigit():
                file += int(char)
            else:
                squares[(7 - rank_index) * 8 + file] = char
                file += 1
    return squares


def piece_on(fen: str, square: int) -> str:
    """The FEN letter of the man on ``square`` of the board ``fen`` (``.`` for none), whether
    or not the board is a position."""
    return _board(fen)[square]


def _placement(squares: list[str]) -> str:
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            char = squares[rank * 8 + file]
            if char == ".":
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += char
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def board_after(position: Position, move: Move) -> str:
    """The FEN of the board after ``move`` is made as it stands, legal or not (see
    :func:`board_after_fen`)."""
    return board_after_fen(position.fen(), move, chess960=position.chess960)


def board_passed(position: Position) -> str:
    """The FEN of the board after a press without a move stood (A.5.2, 7.5.3): the same men,
    the other side to move, no en passant, the halfmove clock counting on."""
    fields = position.fen().split(" ")
    white = fields[1] != "b"
    fields[1] = "b" if white else "w"
    fields[3] = "-"
    fields[4] = str(int(fields[4]) + 1)
    fields[5] = str(int(fields[5]) + (0 if white else 1))
    return " ".join(fields)


def board_after_fen(fen: str, move: Move, *, chess960: bool = False) -> str:
    """The FEN of the board ``fen`` after ``move`` is made on it as it stands, legal or not,
    whether or not ``fen`` is a position the Laws allow (a reply made on a board an unclaimed
    illegal move left, A.5.2, A.5.4).

    The piece on the from-square goes to the to-square (replacing what stood there; a promotion
    letter exchanges it); a king that moves two files along its first rank takes the rook of
    that side with it (castling, 3.8.2; standard chess only); the other side has the move;
    castling rights go for a king or rook that moved or was taken; no en passant; the halfmove
    clock restarts. The caller checks whether the result is a position at all
    (``Position.from_fen``).
    """
    fields = fen.split(" ")
    squares = _board(fen)
    piece = squares[move.from_square]
    squares[move.from_square] = "."
    if move.promotion is not None:
        letter = _LETTERS[move.promotion - 1]
        piece = letter.upper() if piece.isupper() else letter
    squares[move.to_square] = piece
    white = fields[1] != "b"
    if not chess960 and piece.lower() == "k":
        _castle_rook(squares, move)
    rights = fields[2]
    if not chess960 and rights != "-":
        keep = []
        for char in rights:
            back = 0 if char.isupper() else 56
            king_home = back + 4
            rook_home = back + (7 if char.lower() == "k" else 0)
            king, rook = ("K", "R") if char.isupper() else ("k", "r")
            if squares[king_home] == king and squares[rook_home] == rook:
                keep.append(char)
        rights = "".join(keep) or "-"
    elif rights != "-" and piece.lower() in "kr":
        side = "ABCDEFGHKQ" if white else "abcdefghkq"
        rights = "".join(c for c in rights if c not in side) or "-"
    turn = "b" if white else "w"
    fullmove = int(fields[5]) + (0 if white else 1)
    return f"{_placement(squares)} {turn} {rights} - 0 {fullmove}"


def _castle_rook(squares: list[str], move: Move) -> None:
    """A king moved two files along its first rank castles: the rook of that side goes to the
    square the king crossed (3.8.2), if it stands in its corner."""
    rank = move.from_square >> 3
    if move.to_square >> 3 != rank or rank not in (0, 7) or move.from_square & 7 != 4:
        return
    step = (move.to_square & 7) - 4
    if abs(step) != 2:
        return
    corner = rank * 8 + (7 if step > 0 else 0)
    rook = squares[corner]
    if rook.lower() != "r" or rook.isupper() != squares[move.to_square].isupper():
        return
    squares[corner] = "."
    squares[move.from_square + step // 2] = rook
