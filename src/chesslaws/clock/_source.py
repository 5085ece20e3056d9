"""Where a clock reads "now": an injected time source in integer milliseconds."""

from __future__ import annotations

import time
from typing import Protocol, runtime_checkable

__all__ = ["ManualTimeSource", "MonotonicTimeSource", "TimeSource"]


@runtime_checkable
class TimeSource(Protocol):
    """Anything with ``now() -> int``: the current instant in integer milliseconds.

    Instants only need to be comparable with each other (never decreasing); their origin does
    not matter.
    """

    def now(self) -> int:
        """The current instant, in integer milliseconds."""
        ...


class MonotonicTimeSource:
    """The system's monotonic clock (``time.monotonic_ns``), truncated to milliseconds."""

    __slots__ = ()

    def now(self) -> int:
        return time.monotonic_ns() // 1_000_000

    def __repr__(self) -> str:
        return "MonotonicTimeSource()"


class ManualTimeSource:
    """Virtual time that only moves when told to: for tests and for replaying event logs.

    >>> source = ManualTimeSource()
    >>> source.advance(1_500)
    1500
    >>> source.set(60_000); source.now()
    60000
    """

    __slots__ = ("_now",)

    def __init__(self, start: int = 0) -> None:
        if not isinstance(start, int) or isinstance(start, bool):
            raise TypeError(f"a time source counts integer milliseconds, got {start!r}")
        self._now = start

    def now(self) -> int:
        return self._now

    def advance(self, ms: int) -> int:
        """Move time forward by ``ms`` (not negative); returns the new instant."""
        if not isinstance(ms, int) or isinstance(ms, bool):
            raise TypeError(f"time advances by integer milliseconds, got {ms!r}")
        if ms < 0:
            raise ValueError(f"time cannot go backwards (advance by {ms} ms)")
        self._now += ms
        return self._now

    def set(self, instant: int) -> None:
        """Jump to ``instant`` (not earlier than now)."""
        if not isinstance(instant, int) or isinstance(instant, bool):
            raise TypeError(f"an instant is integer milliseconds, got {instant!r}")
        if instant < self._now:
            raise ValueError(f"time cannot go backwards (from {self._now} to {instant} ms)")
        self._now = instant

    def __repr__(self) -> str:
        return f"ManualTimeSource({self._now})"
