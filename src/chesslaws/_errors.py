"""The one error family of chesslaws.

Every error a caller can provoke with bad input is a ``ValueError``, so generic handlers keep
working, and carries what went wrong as data (the input, where in it, and why)::

    ChessLawsError (ValueError)
    ├── InvalidFen          a FEN that cannot be read (``field`` names which one)
    │   └── IllegalPosition a readable setup that cannot arise under the Laws (``reasons``,
    │                       ``problems``: :class:`PositionProblem` flags)
    ├── InvalidNotation     move text that is not SAN or UCI at all
    │   └── IllegalMove     a move that is not legal in the position (Article 3, 7.5)
    │       └── AmbiguousMove  SAN that fits more than one legal move (Appendix C)
    ├── PgnError            a PGN game that cannot be read (``line``, ``column``)
    ├── InvalidEvent        an event-log line the arbiter cannot take (``line``, ``field``)
    ├── InvalidReading      an e-board reading that cannot be read (``line``, ``field``)
    ├── TimeControlError    a time-control string that cannot be read (``index``)
    ├── ClockError          a clock used against its state (a press by the side not on move,
    │                       time running backwards, a control that cannot drive a clock)
    ├── MatchError          an engine-match option that cannot be read (``option`` names it)
    └── EngineError         an engine that cannot be started or does not speak UCI (``engine``)
"""

from __future__ import annotations

import enum

__all__ = [
    "AmbiguousMove",
    "ChessLawsError",
    "ClockError",
    "EngineError",
    "IllegalMove",
    "IllegalPosition",
    "InvalidEvent",
    "InvalidFen",
    "InvalidNotation",
    "InvalidReading",
    "MatchError",
    "PgnError",
    "PositionProblem",
    "TimeControlError",
]


class ChessLawsError(ValueError):
    """Root of every error chesslaws raises for bad input."""


class InvalidFen(ChessLawsError):
    """A FEN string that cannot be read; ``field`` names the FEN field at fault."""

    def __init__(self, message: str, *, fen: str = "", field: str = "") -> None:
        super().__init__(message)
        self.fen = fen
        self.field = field


class PositionProblem(enum.Flag):
    """Why a setup cannot arise under the Laws (Article 3.10.3), one flag per reason.

    :class:`IllegalPosition` carries all of them (``problems``). A caller may allow some with
    ``Position.from_setup(..., allow=...)``: the *recoverable* ones are then mended (castling
    rights and an en passant square that the position cannot have are dropped), the *tolerable*
    ones accepted as they are (perft suites hold such positions on purpose). A missing king, a
    pawn on its first or last rank and the side not to move in check are never allowed: moves
    could not be generated.
    """

    KINGS = enum.auto()
    """A side without exactly one king (Article 2.3). Never allowed."""
    PAWN_ON_BACK_RANK = enum.auto()
    """A pawn on the first or last rank (Article 3.7). Never allowed."""
    OPPOSITE_CHECK = enum.auto()
    """The side not to move is in check (Article 3.10.3). Never allowed."""
    CASTLING_RIGHTS = enum.auto()
    """A castling right without king and rook on their squares (3.8.2.1). Recoverable: dropped."""
    EN_PASSANT = enum.auto()
    """An en passant square no double step explains (3.7.3.1). Recoverable: dropped."""
    TOO_MANY_PAWNS = enum.auto()
    """More than eight pawns of one side (Article 2.3). Tolerable."""
    TOO_MUCH_MATERIAL = enum.auto()
    """More promoted pieces than missing pawns (3.7.5: only a pawn becomes another piece).
    Tolerable."""
    IMPOSSIBLE_CHECK = enum.auto()
    """Checkers no last move can give: three or more, two on one line through the king, two
    that cannot be a discovered check, or a check the last double step cannot explain. Tolerable."""


class IllegalPosition(InvalidFen):
    """A setup that cannot arise under the Laws (Article 3.10.3); ``reasons`` lists them all.

    ``problems`` holds the same reasons as :class:`PositionProblem` flags, for callers to branch
    on. A subclass of :class:`InvalidFen` (with ``field == "position"``), so that callers who
    only care whether a FEN gave a playable position catch one error.
    """

    def __init__(
        self,
        message: str,
        *,
        fen: str = "",
        reasons: tuple[str, ...] = (),
        problems: PositionProblem | None = None,
    ) -> None:
        super().__init__(message, fen=fen, field="position")
        self.reasons = reasons
        self.problems = PositionProblem(0) if problems is None else problems


class InvalidNotation(ChessLawsError):
    """Move text that cannot be read as SAN or UCI."""

    def __init__(self, message: str, *, text: str = "", fen: str = "") -> None:
        super().__init__(message)
        self.text = text
        self.fen = fen


class IllegalMove(InvalidNotation):
    """A move that is not legal in the given position."""


class AmbiguousMove(IllegalMove):
    """SAN that matches more than one legal move (Appendix C.10: disambiguation needed)."""


class PgnError(ChessLawsError):
    """A PGN game or token that cannot be read; ``line`` and ``column`` are 1-based."""

    def __init__(self, message: str, *, line: int = 0, column: int = 0, text: str = "") -> None:
        super().__init__(message)
        self.line = line
        self.column = column
        self.text = text


class InvalidEvent(ChessLawsError):
    """An event (``docs/events.md``) that cannot be taken; ``line`` is 0-based, ``field`` named."""

    def __init__(self, message: str, *, line: int | None = None, field: str = "") -> None:
        super().__init__(message)
        self.line = line
        self.field = field


class InvalidReading(ChessLawsError):
    """An e-board reading (``docs/eboard.md``) that cannot be read: ``line`` 0-based, ``field``."""

    def __init__(self, message: str, *, line: int | None = None, field: str = "") -> None:
        super().__init__(message)
        self.line = line
        self.field = field


class TimeControlError(ChessLawsError):
    """A time-control string that cannot be read; ``index`` is the 0-based offset at fault."""

    def __init__(self, message: str, *, text: str = "", index: int = 0) -> None:
        super().__init__(message)
        self.text = text
        self.index = index


class ClockError(ChessLawsError):
    """A chess clock used against its state (Article 6): e.g. a press by the side whose clock is
    not running, an instant earlier than one already seen, or a control with no clock (``-``)."""


class MatchError(ChessLawsError):
    """A match option that cannot be read; ``option`` names it (``-engine``, ``tc``, ...)."""

    def __init__(self, message: str, *, option: str = "") -> None:
        super().__init__(message)
        self.option = option


class EngineError(ChessLawsError):
    """An engine that cannot be started, or that does not answer as UCI requires."""

    def __init__(self, message: str, *, engine: str = "") -> None:
        super().__init__(message)
        self.engine = engine
