"""Shortening a helpmate found by a search (Articles 5.2.2, 6.9: any series of legal moves).

The exhaustive search of :mod:`._unwinnability` goes depth first, so the line it finds to a
checkmate can be thousands of plies long, wandering through positions it did not need. A line
is made of legal moves from position to position; whenever one of its positions has a legal
move straight to a *later* position of the line, the plies in between can be skipped. Taking
at every step the move that lands furthest along gives a line that is still legal move by move
and ends in the same checkmate, often a hundred times shorter.

Positions are compared by :func:`exact_key` (pieces, side to move, castling rights, en
passant square), which fixes the legal moves and so everything that can follow.
"""

from __future__ import annotations

from chesslaws.core import Position

__all__ = ["SHORTEN_FROM", "PositionKey", "exact_key", "shorten"]

#: Lines at least this long are shortened (shorter ones, as the dives find, are left as they
#: are: shortening costs about one move generation per ply of the result).
SHORTEN_FROM = 200


#: The exact identity of a position (see :func:`exact_key`).
PositionKey = tuple[tuple[int, ...], int, int, int | None]


def exact_key(position: Position) -> PositionKey:
    """The position's exact identity, for the searches' sets of positions seen: every piece
    bitboard, the side to move, the castling rights and the en passant square (no hash, so
    no collision). Equal keys mean the same legal moves, so the same futures."""
    return (
        position.piece_bitboards(),
        position.turn,
        position.castling_rights,
        position.ep_square,
    )


def shorten(position: Position, line: list[int]) -> list[int]:
    """``line`` (move codes legal in turn from ``position``) with every detour cut out: at
    each position, the legal move that reaches the latest position of the line. The result
    ends in the same position, so a helpmate stays a helpmate. ``position`` is not changed."""
    if len(line) < SHORTEN_FROM:
        return line
    board = position.copy()
    index = {exact_key(board): 0}
    for ply, code in enumerate(line, 1):
        board.push_code(code)
        index[exact_key(board)] = ply  # the latest ply at which the position stands on the line
    board = position.copy()
    here = 0
    short: list[int] = []
    while here < len(line):
        best, best_code = here + 1, line[here]
        for code in board.legal_codes():
            board.push_code(code)
            ply = index.get(exact_key(board), -1)
            board.pop_code()
            if ply > best:
                best, best_code = ply, code
        board.push_code(best_code)
        short.append(best_code)
        here = best
    return short
