"""The arbiter's hold on the chess clock (Article 6, 7.1), as a value: :class:`ClockState`.

The arbiter does with the clock what the Laws let him: start it (6.6), let players press it
(6.2.1), pause and resume it (6.11), add or set time and the move counter (6.10.2, 7.5.5, 9.5.3,
12.9), stop it when the game ends, and, when a move is taken back (7.1, 7.5.1, 4.3 on a claim),
give the move back to the offender: his clock runs again with the time he had when he pressed,
without the increment that press earned (Arbiters' Manual on 7.5), and his move counter is
restored. The opponent keeps what his clock showed.

A :class:`ClockState` never changes: every operation returns a new state. Inside it holds a
:class:`~chesslaws.clock.Clock` that it never changes either (copy on write: an operation copies
the clock, a few lists, and changes the copy), so states can be kept and shared freely.
"""

from __future__ import annotations

from dataclasses import dataclass

from chesslaws._color import Color
from chesslaws.clock import Clock, TimeControl

from ._events import Mode
from ._time import Millis

__all__ = ["ClockState"]


@dataclass(frozen=True, slots=True)
class LastPress:
    """The last press, so that a taken-back move can be given back (7.1, 7.5.1)."""

    color: Color
    at: Millis
    before: int
    moves_before: int


@dataclass(frozen=True, slots=True)
class ClockState:
    """The game clock as the arbiter handles it; every instant is given explicitly (ms)."""

    clock: Clock
    """The clock in this state (read it; it is never changed: operations work on a copy)."""
    mode: Mode
    last_press: LastPress | None = None

    @classmethod
    def create(cls, time_control: str, first: Color) -> ClockState | None:
        """A started clock for ``time_control`` (``first``'s clock runs), or None for ``-``/``?``.

        Raises ``TimeControlError`` for a string that is no time control.
        """
        tc = TimeControl.parse(time_control)
        if not tc.has_clock:
            return None
        category = tc.category()
        clock = Clock(tc, source=None)
        clock.start(0, color=first)
        return cls(clock, category if category is not None else Mode.STANDARD)

    # -- reading -------------------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        return self.clock.paused

    @property
    def time_control(self) -> TimeControl:
        return self.clock.time_control

    def remaining(self, color: Color, at: Millis) -> Millis:
        return Millis(self.clock.remaining(color, at))

    def first_flag(self, at: Millis) -> Color | None:
        """Whose flag fell first by ``at``, as the clock's first-flag indicator shows (6.10.1)."""
        return self.clock.first_flag(at)

    def snapshot(self) -> tuple[object, ...]:
        """The clock's reading as a comparable value (as of the latest instant it was given)."""
        c = self.clock
        return (
            c.remaining(Color.WHITE),
            c.remaining(Color.BLACK),
            c.moves_completed(Color.WHITE),
            c.moves_completed(Color.BLACK),
            c.turn,
            c.paused,
            c.stopped,
            c.flag_instant(Color.WHITE),
            c.flag_instant(Color.BLACK),
        )

    # -- new states ----------------------------------------------------------------------------

    def press(self, color: Color, at: Millis) -> ClockState:
        """``color`` completes his move (6.2.1)."""
        clock = self.clock.copy()
        before = clock.remaining(color, at)
        moves = clock.moves_completed(color)
        clock.press(color, at)
        last = _LastPressDraft()  # LastPress(color, at, before, moves), built fast
        last.color = color
        last.at = at
        last.before = before
        last.moves_before = moves
        last.__class__ = LastPress  # type: ignore[assignment]
        state = _ClockStateDraft()  # ClockState(clock, self.mode, last), built fast
        state.clock = clock
        state.mode = self.mode
        state.last_press = last  # type: ignore[assignment]
        state.__class__ = ClockState  # type: ignore[assignment]
        return state  # type: ignore[return-value]

    def take_back(self, color: Color, at: Millis) -> ClockState:
        """Give the move back to ``color`` after his completed move is undone (7.1, 7.5.1)."""
        if self.clock.stopped:
            return self
        clock = self.clock.copy()
        paused = clock.paused
        if paused:
            clock.resume(at)
        if clock.turn is not color:
            other = color.other
            kept = clock.remaining(other, at)
            other_moves = clock.moves_completed(other)
            clock.press(other, at)  # the arbiter restarts the offender's clock
            clock.set_time(other, kept, at)
            clock.set_moves(other, other_moves)
        last = self.last_press
        if last is not None and last.color is color:
            clock.set_time(color, last.before, at)
            clock.set_moves(color, last.moves_before)
            last = None
        if paused:
            clock.pause(at)
        return ClockState(clock, self.mode, last)

    def _with(self, clock: Clock) -> ClockState:
        return ClockState(clock, self.mode, self.last_press)

    def add_time(self, color: Color, ms: int, at: Millis) -> ClockState:
        clock = self.clock.copy()
        clock.add_time(color, ms, at)
        return self._with(clock)

    def set_time(self, color: Color, ms: int, at: Millis) -> ClockState:
        clock = self.clock.copy()
        clock.set_time(color, ms, at)
        return self._with(clock)

    def set_moves(self, color: Color, moves: int) -> ClockState:
        clock = self.clock.copy()
        clock.set_moves(color, moves)
        return self._with(clock)

    def add_increment(self, ms: int) -> ClockState:
        """Both players get a Fischer increment of ``ms`` from the next completed move (III.4)."""
        clock = self.clock.copy()
        clock.set_time_control(clock.time_control.with_increment(ms))
        return self._with(clock)

    def pause(self, at: Millis) -> ClockState:
        clock = self.clock.copy()
        clock.pause(at)
        return self._with(clock)

    def resume(self, at: Millis) -> ClockState:
        clock = self.clock.copy()
        clock.resume(at)
        return self._with(clock)

    def stop(self, at: Millis) -> ClockState:
        if self.clock.stopped:
            return self
        clock = self.clock.copy()
        clock.stop(at)
        return self._with(clock)


class _LastPressDraft:
    """The slots of a :class:`LastPress`, set one by one before the value takes its class
    (plain stores instead of the frozen ``__init__``'s ``object.__setattr__`` calls: a press
    is on the hot path of every game)."""

    __slots__ = LastPress.__slots__

    color: Color
    at: Millis
    before: int
    moves_before: int


class _ClockStateDraft:
    """The slots of a :class:`ClockState` (see :class:`_LastPressDraft`)."""

    __slots__ = ClockState.__slots__

    clock: Clock
    mode: Mode
    last_press: LastPress | None
