"""Standard, rapid and blitz: classifying a time control (Appendices A.1 and B.1)."""

from __future__ import annotations

import enum

__all__ = ["Category"]

_TEN_MINUTES = 600_000
_SIXTY_MINUTES = 3_600_000


class Category(enum.Enum):
    """The kind of game a time control makes (Appendix A.1, Appendix B.1).

    The Laws measure the time each player has for 60 moves: the allotted time plus 60 times
    the increment. Blitz is 10 minutes or less (B.1), rapid more than 10 and less than 60 minutes
    (A.1), and anything of 60 minutes or more is a standard game.
    """

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"

    @classmethod
    def for_time(cls, ms: int) -> Category:
        """The category of a game in which each player has ``ms`` milliseconds for 60 moves.

        >>> [Category.for_time(m * 60_000).value for m in (10, 11, 59, 60)]
        ['blitz', 'rapid', 'rapid', 'standard']
        >>> Category.for_time(600_001).value
        'rapid'
        """
        if ms <= _TEN_MINUTES:
            return cls.BLITZ
        if ms < _SIXTY_MINUTES:
            return cls.RAPID
        return cls.STANDARD
