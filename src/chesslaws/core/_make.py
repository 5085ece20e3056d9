"""Making and unmaking moves in place (Article 3; Article 4.7 for when a move is made).

One undo tuple per move holds what cannot be recomputed: the move code, the captured piece, the
castling rights, the en passant square, the halfmove clock and the Zobrist key, as they were
before the move, and the undo tuple of the move before it (the history is a chain of values that
copies of the position share). Unmaking restores them and moves the pieces back: O(1), no board
snapshot.
These functions are :class:`~chesslaws.core.Position` methods (``push_code``, ``pop_code``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from chesslaws.core._attacks import RANK_BB
from chesslaws.core._bitboards import ONE
from chesslaws.core._move import CASTLING, EN_PASSANT
from chesslaws.core._zobrist import Z_PIECE_SQUARE, Z_TURN, castling_key

if TYPE_CHECKING:
    from chesslaws.core._position import Position

__all__ = ["pop_code", "push_code"]

_BACK_RANK: Final = (RANK_BB[0], RANK_BB[7])


def push_code(self: Position, code: int) -> None:
    """Make the move with this code (from :meth:`legal_codes`); trusts the caller."""
    frm = code & 63
    to = code >> 6 & 63
    board = self._board
    bb = self._bb
    occ_c = self._occ_c
    us = self._turn
    them = us ^ 1
    piece = board[frm]
    captured = board[to]
    castling = self.castling
    key = self._key ^ Z_TURN
    self._stack = (code, captured, castling, self._ep, self.halfmove_clock, self._key, self._stack)
    self._ply += 1
    self._ep = -1
    self.halfmove_clock += 1
    frombit = ONE << frm
    tobit = ONE << to
    flag = code >> 15
    if flag == CASTLING:
        king_to, rook_to, _, _ = self._castling_paths[to]
        rook = board[to]
        board[frm] = 0
        board[to] = 0
        board[king_to] = piece
        board[rook_to] = rook
        king_move = frombit ^ ONE << king_to
        rook_move = tobit ^ ONE << rook_to
        bb[piece] ^= king_move
        bb[rook] ^= rook_move
        occ_c[us] ^= king_move ^ rook_move
        key ^= (
            Z_PIECE_SQUARE[piece * 64 + frm]
            ^ Z_PIECE_SQUARE[piece * 64 + king_to]
            ^ Z_PIECE_SQUARE[rook * 64 + to]
            ^ Z_PIECE_SQUARE[rook * 64 + rook_to]
        )
        self._kings[us] = king_to
        castling &= ~_BACK_RANK[us]
    else:
        if captured:
            bb[captured] ^= tobit
            occ_c[them] ^= tobit
            key ^= Z_PIECE_SQUARE[captured * 64 + to]
            self.halfmove_clock = 0
            castling &= ~tobit
        move = frombit | tobit
        bb[piece] ^= move
        occ_c[us] ^= move
        board[frm] = 0
        board[to] = piece
        key ^= Z_PIECE_SQUARE[piece * 64 + frm] ^ Z_PIECE_SQUARE[piece * 64 + to]
        kind = piece & 7
        if kind == 1:
            self.halfmove_clock = 0
            promotion = code >> 12 & 7
            if flag == EN_PASSANT:
                square = to - 8 if us == 0 else to + 8
                pawn = 1 | them << 3
                board[square] = 0
                bb[pawn] ^= ONE << square
                occ_c[them] ^= ONE << square
                key ^= Z_PIECE_SQUARE[pawn * 64 + square]
            elif promotion:
                new = promotion | us << 3
                bb[piece] ^= tobit
                bb[new] |= tobit
                board[to] = new
                key ^= Z_PIECE_SQUARE[piece * 64 + to] ^ Z_PIECE_SQUARE[new * 64 + to]
            elif to - frm == 16 or frm - to == 16:
                self._ep = (frm + to) >> 1
        elif kind == 6:
            self._kings[us] = to
            castling &= ~_BACK_RANK[us]
        castling &= ~frombit
    if castling != self.castling:
        key ^= castling_key(castling ^ self.castling)
        self.castling = castling
    self._key = key
    if us:
        self.fullmove_number += 1
    self._turn = them


def pop_code(self: Position) -> int:
    """Unmake the last move; returns its code. Raises IndexError when no move was made."""
    undo = self._stack
    if undo is None:
        raise IndexError("pop from a position with no moves made")
    code, captured, castling, ep, halfmove, key, self._stack = undo
    self._ply -= 1
    self.castling = castling
    self._ep = ep
    self.halfmove_clock = halfmove
    self._key = key
    them = self._turn
    us = them ^ 1
    self._turn = us
    if us:
        self.fullmove_number -= 1
    frm = code & 63
    to = code >> 6 & 63
    board = self._board
    bb = self._bb
    occ_c = self._occ_c
    flag = code >> 15
    if flag == CASTLING:
        king_to, rook_to, _, _ = self._castling_paths[to]
        king = board[king_to]
        rook = board[rook_to]
        board[king_to] = 0
        board[rook_to] = 0
        board[frm] = king
        board[to] = rook
        king_move = ONE << frm ^ ONE << king_to
        rook_move = ONE << to ^ ONE << rook_to
        bb[king] ^= king_move
        bb[rook] ^= rook_move
        occ_c[us] ^= king_move ^ rook_move
        self._kings[us] = frm
        return code
    piece = board[to]
    frombit = ONE << frm
    tobit = ONE << to
    if code >> 12 & 7:
        pawn = 1 | us << 3
        bb[piece] ^= tobit
        bb[pawn] |= tobit
        piece = pawn
    move = frombit | tobit
    bb[piece] ^= move
    occ_c[us] ^= move
    board[frm] = piece
    board[to] = captured
    if captured:
        bb[captured] |= tobit
        occ_c[them] |= tobit
    elif flag == EN_PASSANT:
        square = to - 8 if us == 0 else to + 8
        pawn = 1 | them << 3
        board[square] = pawn
        bb[pawn] |= ONE << square
        occ_c[them] |= ONE << square
    if piece & 7 == 6:
        self._kings[us] = frm
    return code
