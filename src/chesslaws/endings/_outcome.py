"""The one vocabulary of how games end: results, reasons with their Articles, and the rule that
a loss is a draw when the opponent cannot checkmate (Articles 5, 6.9, 7.5.5, 9, A.5.3).

Everything above ``endings`` (the arbiter, the auditor, the command line) names an ending with
these values, so that a reason is spelled, cited and exported to PGN in one place only.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from chesslaws._color import Color
from chesslaws.core import Position
from chesslaws.endings._unwinnability import MATE_BUDGET, Winnability, can_checkmate

__all__ = ["MATE_BUDGET", "Outcome", "Reason", "Result", "Termination", "loss_or_draw"]


class Result(enum.Enum):
    """The result of a game (``value``, as the arbiter's rulings write it): ``0-0`` is a loss
    for both (6.9 and the arbiter's declaration after both players' faults); ``1/2-0`` and
    ``0-1/2`` are scores an arbiter may give (10.2, 12.9.5: a player's points reduced, the
    opponent's half point kept); ``*`` is a game that ended without a result of its own (a
    game cancelled and replayed, 7.2.1, 7.3; a claim left to the designated arbiter, III.6).
    PGN writes ``*`` for every one of these but the first three."""

    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2-1/2"
    BOTH_LOSE = "0-0"
    WHITE_HALF = "1/2-0"
    BLACK_HALF = "0-1/2"
    NONE = "*"

    @classmethod
    def win_for(cls, winner: Color) -> Result:
        """``1-0`` for White, ``0-1`` for Black.

        >>> Result.win_for(Color.BLACK).value
        '0-1'
        """
        return cls.WHITE_WINS if winner is Color.WHITE else cls.BLACK_WINS

    @property
    def pgn(self) -> str:
        """The PGN ``Result`` text (``0-0``, ``1/2-0`` and ``0-1/2`` are written ``*``: PGN
        has no such result)."""
        return self.value if self in _PGN_RESULTS else "*"

    @classmethod
    def pgn_of(cls, result: Result | str | None) -> str:
        """The PGN ``Result`` text of a result, or of its text: ``*`` for none, for ``0-0`` and
        for any text that is no result (a game still going on, or unknown).

        >>> [Result.pgn_of(r) for r in (Result.DRAW, "0-1", "0-0", None, "?")]
        ['1/2-1/2', '0-1', '*', '*', '*']
        """
        if isinstance(result, str):
            try:
                result = cls(result)
            except ValueError:
                return "*"
        return "*" if result is None else result.pgn

    @property
    def winner(self) -> Color | None:
        """The winner, or ``None`` for a draw or a loss for both."""
        if self is Result.WHITE_WINS:
            return Color.WHITE
        if self is Result.BLACK_WINS:
            return Color.BLACK
        return None


_PGN_RESULTS = frozenset({Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW})


class Reason(enum.Enum):
    """Why a game ended (the ``reason`` of a ``game_over`` ruling, ``value``), with its Article.

    ``automatic`` tells the endings the arbiter applies without a claim (5.1.1, 5.2.1, 5.2.2,
    9.6.1, 9.6.2); ``result_kind`` is ``"win"``, ``"draw"`` or ``"declared"`` (the arbiter's
    declaration says which); ``pgn_termination`` is the PGN ``Termination`` tag value.

    >>> Reason.CHECKMATE.article, Reason.THREEFOLD.automatic, Reason.FLAG.pgn_termination
    ('5.1.1', False, 'time forfeit')
    """

    CHECKMATE = "checkmate"
    RESIGNATION = "resignation"
    RESIGNATION_CANNOT_CHECKMATE = "resignation_cannot_checkmate"
    STALEMATE = "stalemate"
    DEAD_POSITION = "dead_position"
    AGREEMENT = "agreement"
    THREEFOLD = "threefold"
    FIFTY_MOVES = "fifty_moves"
    FIVEFOLD = "fivefold"
    SEVENTY_FIVE_MOVES = "seventy_five_moves"
    FLAG = "flag"
    FLAG_CANNOT_CHECKMATE = "flag_cannot_checkmate"
    SECOND_ILLEGAL_MOVE = "second_illegal_move"
    ILLEGAL_MOVE_CANNOT_CHECKMATE = "illegal_move_cannot_checkmate"
    ILLEGAL_MOVE = "illegal_move"  # 2014 A.4.b: the first one loses without full supervision
    DEFAULT = "default"
    ARBITER = "arbiter"

    @property
    def article(self) -> str:
        """The Article (2023) that ends the game for this reason."""
        return _FACTS[self][0]

    @property
    def result_kind(self) -> str:
        """``"win"``, ``"draw"``, or ``"declared"`` (default and the arbiter's declaration)."""
        return _FACTS[self][1]

    @property
    def automatic(self) -> bool:
        """True when the game ends without a claim (Articles 5.1.1, 5.2.1, 5.2.2, 9.6)."""
        return self in _AUTOMATIC

    @property
    def is_draw(self) -> bool:
        """True when this ending always draws the game."""
        return _FACTS[self][1] == "draw"

    @property
    def reason(self) -> str:
        """The lower-case code of the reason (its ``value``): ``"checkmate"``, ..."""
        return self.value

    @property
    def pgn_termination(self) -> str:
        """The PGN standard's ``Termination`` tag value (8.1.1): ``normal``, ``time forfeit``,
        ``rules infraction``, ``abandoned`` or ``adjudication``."""
        return _FACTS[self][2]


_FACTS: dict[Reason, tuple[str, str, str]] = {
    Reason.CHECKMATE: ("5.1.1", "win", "normal"),
    Reason.RESIGNATION: ("5.1.2", "win", "normal"),
    Reason.RESIGNATION_CANNOT_CHECKMATE: ("5.1.2", "draw", "normal"),
    Reason.STALEMATE: ("5.2.1", "draw", "normal"),
    Reason.DEAD_POSITION: ("5.2.2", "draw", "normal"),
    Reason.AGREEMENT: ("5.2.3", "draw", "normal"),
    Reason.THREEFOLD: ("9.2", "draw", "normal"),
    Reason.FIFTY_MOVES: ("9.3", "draw", "normal"),
    Reason.FIVEFOLD: ("9.6.1", "draw", "normal"),
    Reason.SEVENTY_FIVE_MOVES: ("9.6.2", "draw", "normal"),
    Reason.FLAG: ("6.9", "win", "time forfeit"),
    Reason.FLAG_CANNOT_CHECKMATE: ("6.9", "draw", "time forfeit"),
    Reason.SECOND_ILLEGAL_MOVE: ("7.5.5", "win", "rules infraction"),
    Reason.ILLEGAL_MOVE_CANNOT_CHECKMATE: ("7.5.5", "draw", "rules infraction"),
    Reason.ILLEGAL_MOVE: ("A.4.b", "win", "rules infraction"),
    Reason.DEFAULT: ("6.7.1", "declared", "abandoned"),
    Reason.ARBITER: ("12", "declared", "adjudication"),
}
_AUTOMATIC = frozenset(
    {
        Reason.CHECKMATE,
        Reason.STALEMATE,
        Reason.DEAD_POSITION,
        Reason.FIVEFOLD,
        Reason.SEVENTY_FIVE_MOVES,
    }
)

Termination = Reason
"""The endings the board itself gives (:meth:`GameRecord.termination`): the same enum as
:class:`Reason`, under the name the endings layer has always used."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game's result: how it ended and who won (None for a draw).

    >>> Outcome(Reason.CHECKMATE, Color.BLACK).result
    <Result.BLACK_WINS: '0-1'>
    """

    termination: Reason
    winner: Color | None

    @property
    def result(self) -> Result:
        """The result: a win for the winner, else a draw (PGN writes ``result.pgn``)."""
        if self.winner is None:
            return Result.DRAW
        return Result.win_for(self.winner)

    @property
    def article(self) -> str:
        """The Article that ended the game."""
        return self.termination.article


def loss_or_draw(
    position: Position, loser: Color, *, budget: int = MATE_BUDGET
) -> tuple[Result, Winnability]:
    """The result when ``loser`` loses (resigns 5.1.2, flag 6.9, second illegal move 7.5.5,
    A.5.3): a win for the opponent, unless the opponent cannot checkmate by any possible series
    of legal moves, which makes it a draw. Also returns the verdict of that question
    (``UNDETERMINED`` when ``budget`` positions did not decide it: the loss stands and the
    arbiter confirms).

    >>> p = Position.from_fen("4k3/8/8/8/8/8/8/4K2Q b - - 0 1")
    >>> loss_or_draw(p, Color.WHITE)[0].value, loss_or_draw(p, Color.BLACK)[0].value
    ('1/2-1/2', '1-0')
    """
    verdict = can_checkmate(position, loser.other, budget=budget).verdict
    if verdict is Winnability.UNWINNABLE:
        return Result.DRAW, verdict
    return Result.win_for(loser.other), verdict
