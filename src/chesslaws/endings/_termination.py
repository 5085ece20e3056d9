"""How a game ends on the board (Articles 5 and 9), and the result that follows."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from chesslaws._color import Color

__all__ = ["Outcome", "Termination"]


class Termination(enum.Enum):
    """A way the board ends the game, with the Article that says so.

    ``result_kind`` is ``"win"`` (checkmate) or ``"draw"``; ``automatic`` tells the endings the
    arbiter must apply without a claim (5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2) from the draws a
    player has to claim (9.2, 9.3).

    >>> Termination.CHECKMATE.article
    '5.1.1'
    >>> Termination.THREEFOLD.automatic
    False
    """

    value: tuple[str, str, bool]

    CHECKMATE = ("5.1.1", "win", True)
    STALEMATE = ("5.2.1", "draw", True)
    DEAD_POSITION = ("5.2.2", "draw", True)
    FIVEFOLD = ("9.6.1", "draw", True)
    SEVENTY_FIVE_MOVES = ("9.6.2", "draw", True)
    THREEFOLD = ("9.2", "draw", False)
    FIFTY_MOVES = ("9.3", "draw", False)

    @property
    def article(self) -> str:
        """The Article of the Laws (2023) that ends the game this way."""
        return self.value[0]

    @property
    def result_kind(self) -> str:
        """``"win"`` for checkmate, ``"draw"`` for every other ending here."""
        return self.value[1]

    @property
    def automatic(self) -> bool:
        """True when the game ends without a claim (Articles 5, 9.6)."""
        return self.value[2]

    @property
    def is_draw(self) -> bool:
        """True when this ending draws the game."""
        return self.value[1] == "draw"

    @property
    def reason(self) -> str:
        """A lower-case name for output: ``"checkmate"``, ``"seventy_five_moves"``, ..."""
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game's result: how it ended and who won (None for a draw).

    >>> Outcome(Termination.CHECKMATE, Color.BLACK).result
    '0-1'
    """

    termination: Termination
    winner: Color | None

    @property
    def result(self) -> str:
        """The result as in PGN: ``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == Color.WHITE else "0-1"

    @property
    def article(self) -> str:
        """The Article that ended the game."""
        return self.termination.article
