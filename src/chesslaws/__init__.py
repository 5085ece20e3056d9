"""chesslaws: the FIDE Laws of Chess as a Python library.

The everyday names are re-exported here; the layers live in sub-packages (``core``, ``endings``,
``clock``, ``arbiter``, ``pgn``, ``audit``), each importing only from those below it.
"""

from __future__ import annotations

from chesslaws._color import BLACK as BLACK
from chesslaws._color import WHITE as WHITE
from chesslaws._color import Color as Color
from chesslaws._errors import AmbiguousMove as AmbiguousMove
from chesslaws._errors import ChessLawsError as ChessLawsError
from chesslaws._errors import ClockError as ClockError
from chesslaws._errors import IllegalMove as IllegalMove
from chesslaws._errors import IllegalPosition as IllegalPosition
from chesslaws._errors import InvalidEvent as InvalidEvent
from chesslaws._errors import InvalidFen as InvalidFen
from chesslaws._errors import InvalidNotation as InvalidNotation
from chesslaws._errors import PgnError as PgnError
from chesslaws._errors import PositionProblem as PositionProblem
from chesslaws._errors import TimeControlError as TimeControlError
from chesslaws.arbiter import Game as Game
from chesslaws.clock import Clock as Clock
from chesslaws.clock import TimeControl as TimeControl
from chesslaws.core import Move as Move
from chesslaws.core import Position as Position
from chesslaws.endings import GameRecord as GameRecord
from chesslaws.endings import Termination as Termination
from chesslaws.endings import can_checkmate as can_checkmate
from chesslaws.endings import is_dead as is_dead

__version__ = "0.1.0"

__all__ = [
    "BLACK",
    "WHITE",
    "AmbiguousMove",
    "ChessLawsError",
    "Clock",
    "ClockError",
    "Color",
    "Game",
    "GameRecord",
    "IllegalMove",
    "IllegalPosition",
    "InvalidEvent",
    "InvalidFen",
    "InvalidNotation",
    "Move",
    "PgnError",
    "Position",
    "PositionProblem",
    "Termination",
    "TimeControl",
    "TimeControlError",
    "can_checkmate",
    "is_dead",
    "pgn",
]


def __getattr__(name: str) -> object:
    """``chesslaws.pgn`` is imported on first use, so that ``import chesslaws`` stays cheap."""
    if name == "pgn":
        import importlib

        return importlib.import_module("chesslaws.pgn")
    raise AttributeError(f"module 'chesslaws' has no attribute {name!r}")
