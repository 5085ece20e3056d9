"""The result signal of e-boards at broadcasts: after the game, both kings on the centre squares.

It is no rule of the Laws but the convention of electronic boards, which have no result button:
once a game has ended, the arbiter or the players put both kings on two of the centre squares
d4, d5, e4, e5. Both on light squares (d5, e4): White won, 1-0; both on dark squares (d4, e5):
Black won, 0-1; one on each: a draw. Two kings on centre squares are always next to each
other, which no position of a game allows (3.8.2: a king never moves to a square attacked by
the other), so the signal can never be a move; the reader says what it signals and the arbiter
confirms it: it is never recorded as moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from chesslaws.endings import Result

__all__ = ["CENTRE", "result_signal"]

#: The centre squares (a1 = 0) and whether each is a light square.
CENTRE = {27: False, 28: True, 35: True, 36: False}  # d4 dark, e4 light, d5 light, e5 dark

_WHITE_KING, _BLACK_KING = 6, 14  # the core's piece codes


def result_signal(codes: Sequence[int]) -> Result | None:
    """The result the kings signal on a board of 64 piece codes (a1 first), or None: each king
    once on the board, both on centre squares."""
    centre = {codes[27], codes[28], codes[35], codes[36]}
    if _WHITE_KING not in centre or _BLACK_KING not in centre:
        return None  # (every reading asks: the four centre squares answer most at once)
    kings = [square for square, code in enumerate(codes) if code in (_WHITE_KING, _BLACK_KING)]
    if len(kings) != 2 or codes[kings[0]] == codes[kings[1]]:
        return None
    if not all(square in CENTRE for square in kings):
        return None
    light = sum(CENTRE[square] for square in kings)
    return (Result.BLACK_WINS, Result.DRAW, Result.WHITE_WINS)[light]
