"""What a time-control string describes: periods, no clock, an unknown control, a sandclock."""

from __future__ import annotations

import enum

__all__ = ["TimeControlKind"]


class TimeControlKind(enum.Enum):
    """The kinds of the PGN ``TimeControl`` tag (and of ``docs/events.md``).

    * ``PERIODS``: one or more periods (Article 6.3), e.g. ``40/5400+30:1800+30``.
    * ``NONE``: ``-``, a game played without a clock.
    * ``UNKNOWN``: ``?``, the control is not known.
    * ``SANDCLOCK``: ``*60``, a sandclock (hourglass): the time one player uses is added to the
      other's.
    """

    PERIODS = "periods"
    NONE = "none"
    UNKNOWN = "unknown"
    SANDCLOCK = "sandclock"
