"""The arbiter's hold on the chess clock (Article 6, 7.1): a thin layer over ``clock.Clock``.

The arbiter does with the clock what the Laws let him: start it (6.6), let players press it
(6.2.1), pause and resume it (6.11), add or set time and the move counter (6.10.2, 7.5.5, 9.5.3,
12.9), stop it when the game ends, and, when a move is taken back (7.1, 7.5.1, 4.3 on a claim),
give the move back to the offender: his clock runs again with the time he had when he pressed,
without the increment that press earned (Arbiters' Manual on 7.5), and his move counter is
restored. The opponent keeps what his clock showed.
"""

from __future__ import annotations

from dataclasses import dataclass

from chesslaws._color import Color
from chesslaws.clock import Clock, TimeControl

from ._events import Mode
from ._time import Millis

__all__ = ["ClockFace"]


@dataclass(frozen=True, slots=True)
class _LastPress:
    color: Color
    at: Millis
    before: int
    moves_before: int


class ClockFace:
    """The game clock as the arbiter handles it; every instant is given explicitly (ms)."""

    __slots__ = ("_clock", "_last_press", "mode")

    def __init__(self, clock: Clock, mode: Mode) -> None:
        self._clock = clock
        self._last_press: _LastPress | None = None
        self.mode = mode

    @classmethod
    def create(cls, time_control: str, first: Color) -> ClockFace | None:
        """A started clock for ``time_control`` (``first``'s clock runs), or None for ``-``/``?``.

        Raises ``TimeControlError`` for a string that is no time control.
        """
        tc = TimeControl.parse(time_control)
        if not tc.has_clock:
            return None
        category = tc.category()
        mode = Mode(category.value) if category is not None else Mode.STANDARD
        clock = Clock(tc, source=None)
        clock.start(0, color=first)
        return cls(clock, mode)

    @property
    def clock(self) -> Clock:
        return self._clock

    @property
    def paused(self) -> bool:
        return self._clock.paused

    @property
    def time_control(self) -> TimeControl:
        return self._clock.time_control

    def press(self, color: Color, at: Millis) -> None:
        clock = self._clock
        before = clock.remaining(color, at)
        moves = clock.moves_completed(color)
        clock.press(color, at)
        self._last_press = _LastPress(color, at, before, moves)

    def take_back(self, color: Color, at: Millis) -> None:
        """Give the move back to ``color`` after his completed move is undone (7.1, 7.5.1)."""
        clock = self._clock
        if clock.stopped:
            return
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
        last = self._last_press
        if last is not None and last.color is color:
            clock.set_time(color, last.before, at)
            clock.set_moves(color, last.moves_before)
            self._last_press = None
        if paused:
            clock.pause(at)

    def add_time(self, color: Color, ms: int, at: Millis) -> None:
        self._clock.add_time(color, ms, at)

    def set_time(self, color: Color, ms: int, at: Millis) -> None:
        self._clock.set_time(color, ms, at)

    def set_moves(self, color: Color, moves: int, at: Millis) -> None:
        del at
        self._clock.set_moves(color, moves)

    def add_increment(self, ms: int, at: Millis) -> None:
        """Give both players a Fischer increment of ``ms`` from the next completed move (III.4)."""
        del at
        self._clock.set_time_control(self._clock.time_control.with_increment(ms))

    def pause(self, at: Millis) -> None:
        self._clock.pause(at)

    def resume(self, at: Millis) -> None:
        self._clock.resume(at)

    def stop(self, at: Millis) -> None:
        if not self._clock.stopped:
            self._clock.stop(at)

    def remaining(self, color: Color, at: Millis) -> Millis:
        return Millis(self._clock.remaining(color, at))

    def first_flag(self, at: Millis) -> Color | None:
        """Whose flag fell first by ``at``, as the clock's first-flag indicator shows (6.10.1)."""
        return self._clock.first_flag(at)

    def snapshot(self) -> tuple[object, ...]:
        """The clock's state as a comparable value (as of the latest instant it was given)."""
        c = self._clock
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
