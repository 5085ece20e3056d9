"""One period of a time control (Article 6.3): moves required, time, increment and delay."""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["DelayMode", "Period"]


class DelayMode(enum.Enum):
    """How a per-move delay is given (Article 6.3.2 and common clock modes).

    * ``SIMPLE`` ("US" delay, the FIDE *delay mode* of Article 6.3.2): each move the main time
      starts running only once the delay has been used up; pressing within the delay leaves the
      main time unchanged, and unused delay is not banked. Written ``dN``.
    * ``BRONSTEIN``: the main time runs at once, and at the press the time used for the move is
      given back, up to the delay. Written ``bN``.
    """

    SIMPLE = "simple"
    BRONSTEIN = "bronstein"

    @property
    def letter(self) -> str:
        """The suffix letter of the time-control syntax: ``"d"`` or ``"b"``."""
        return "d" if self is DelayMode.SIMPLE else "b"


def _check_ms(name: str, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"Period.{name} must be integer milliseconds, got {value!r}")
    if value < 0:
        raise ValueError(f"Period.{name} must not be negative, got {value}")


@dataclass(frozen=True, slots=True)
class Period:
    """A period of a time control (Articles 6.3.1 and 6.3.2); all times in integer milliseconds.

    * ``moves``: the number of moves to complete in this period, or ``None`` for all the rest of
      the game (sudden death). If the **last** period of a control has a move count, it repeats
      (e.g. ``40/7200:20/3600`` is 2 h for 40 moves, then 1 h for each further 20 moves).
    * ``time``: the time given at the start of the period, added to what is left over from the
      previous one (6.3.2: unused time carries over).
    * ``increment``: the Fischer increment added when a move of this period is completed (6.3.1,
      "including any per-move increment"), from the player's move number ``increment_from`` on.
    * ``delay`` and ``delay_mode``: a per-move delay (6.3.2), simple or Bronstein.

    Values are normalised so that equal controls compare equal: ``increment_from`` is 1 when
    there is no increment, and ``delay_mode`` is ``SIMPLE`` when there is no delay.

    >>> Period(40, 5_400_000, increment=30_000)
    Period(moves=40, time=5400000, increment=30000, increment_from=1, delay=0, delay_mode=<DelayMode.SIMPLE: 'simple'>)
    """  # noqa: E501

    moves: int | None
    time: int
    increment: int = 0
    increment_from: int = 1
    delay: int = 0
    delay_mode: DelayMode = DelayMode.SIMPLE

    def __post_init__(self) -> None:
        moves = self.moves
        if not (
            type(self.time) is int
            and type(self.increment) is int
            and type(self.delay) is int
            and type(self.increment_from) is int
            and self.time >= 0
            and self.increment >= 0
            and self.delay >= 0
            and self.increment_from >= 1
            and (moves is None or (type(moves) is int and moves >= 1))
            and type(self.delay_mode) is DelayMode
        ):
            self._explain()
        if self.increment == 0 and self.increment_from != 1:
            object.__setattr__(self, "increment_from", 1)
        if self.delay == 0 and self.delay_mode is not DelayMode.SIMPLE:
            object.__setattr__(self, "delay_mode", DelayMode.SIMPLE)

    def _explain(self) -> None:
        """Raise the error that says which field is wrong."""
        if self.moves is not None:
            if not isinstance(self.moves, int) or isinstance(self.moves, bool):
                raise TypeError(f"Period.moves must be an int or None, got {self.moves!r}")
            if self.moves < 1:
                raise ValueError(f"Period.moves must be at least 1, got {self.moves}")
        _check_ms("time", self.time)
        _check_ms("increment", self.increment)
        _check_ms("delay", self.delay)
        if (
            not isinstance(self.increment_from, int)
            or isinstance(self.increment_from, bool)
            or self.increment_from < 1
        ):
            raise ValueError(
                f"Period.increment_from must be a move number >= 1, got {self.increment_from!r}"
            )
        if not isinstance(self.delay_mode, DelayMode):
            raise TypeError(f"Period.delay_mode must be a DelayMode, got {self.delay_mode!r}")

    @property
    def bronstein(self) -> bool:
        """Whether this period has a Bronstein delay."""
        return self.delay > 0 and self.delay_mode is DelayMode.BRONSTEIN

    @property
    def simple_delay(self) -> int:
        """The simple (6.3.2) delay in ms, or 0 if the period has none or a Bronstein delay."""
        return self.delay if self.delay_mode is DelayMode.SIMPLE else 0
