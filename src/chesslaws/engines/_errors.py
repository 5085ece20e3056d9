"""Errors of engine matches: bad match options, and engines that cannot be driven.

Both belong to the project's one family (:class:`~chesslaws.ChessLawsError`, a ``ValueError``)::

    ChessLawsError
    ├── MatchError      a match option that cannot be read (``option`` names it)
    └── EngineError     an engine that cannot be started or does not speak UCI (``engine``)
"""

from __future__ import annotations

from chesslaws._errors import ChessLawsError

__all__ = ["EngineError", "MatchError"]


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
