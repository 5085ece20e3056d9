"""The tournament layer's errors, in the ``ChessLawsError`` family (``chesslaws._errors``).

::

    ChessLawsError (ValueError)
    ├── TrfError          a tournament report file that cannot be read (``line``, ``column``)
    └── TournamentError   an action the event cannot take (an unknown player, a result for a
                          game that was not paired, a round-robin of 2 or 25 players, ...)
"""

from __future__ import annotations

from chesslaws._errors import ChessLawsError

__all__ = ["TournamentError", "TrfError"]


class TrfError(ChessLawsError):
    """A TRF line that cannot be read; ``line`` and ``column`` are 1-based (column 0: the line)."""

    def __init__(self, message: str, *, line: int = 0, column: int = 0, text: str = "") -> None:
        where = f"line {line}" + (f", column {column}" if column else "")
        super().__init__(f"{where}: {message}" if line else message)
        self.line = line
        self.column = column
        self.text = text


class TournamentError(ChessLawsError):
    """An action the event cannot take; ``field`` names what was wrong (``player``, ``round``)."""

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(message)
        self.field = field
