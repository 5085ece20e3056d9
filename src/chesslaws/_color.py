"""The two sides, White and Black (Article 2.1), shared by the core and the clock."""

from __future__ import annotations

import enum

from chesslaws._words import Words

__all__ = ["BLACK", "WHITE", "Color"]


class Color(enum.IntEnum):
    """A side: ``WHITE`` (0) moves first (Article 1.2), ``BLACK`` (1)."""

    WHITE = 0
    BLACK = 1

    other: Color
    """The opponent: an attribute of each member, set below (read on every move and press)."""

    @property
    def label(self) -> str:
        """``"white"`` or ``"black"``, as in event logs and JSON output."""
        return "white" if self is Color.WHITE else "black"

    @property
    def words(self) -> Words:
        """The side in a sentence a person reads, translated where shown ("white", "black")."""
        return Words("white") if self is Color.WHITE else Words("black")

    @classmethod
    def parse(cls, text: str) -> Color:
        """Read ``"white"``/``"black"`` (or ``"w"``/``"b"``), any case; ``ValueError`` otherwise."""
        key = text.strip().lower()
        if key in ("white", "w"):
            return cls.WHITE
        if key in ("black", "b"):
            return cls.BLACK
        raise ValueError(f"not a colour: {text!r} (expected 'white' or 'black')")


WHITE = Color.WHITE
BLACK = Color.BLACK
WHITE.other = BLACK
BLACK.other = WHITE
