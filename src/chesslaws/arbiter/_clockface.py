"""The arbiter's hold on the chess clock (Article 6, 7.1), as a value: :class:`ClockState`.

The arbiter does with the clock what the Laws let him: start it (6.6), let players press it
(6.2.1), pause and resume it (6.11), add or set time and the move counter (6.10.2, 7.5.5, 9.5.3,
12.9), stop it when the game ends, and, when a move is taken back (7.1, 7.5.1, 4.3 on a claim),
give the move back to the offender: his clock runs again with the time he had when he pressed,
without the increment that press earned (Arbiters' Manual on 7.5), and his move counter is
restored. The opponent keeps what his clock showed.

A :class:`ClockState` never changes: every operation returns a new state. Inside it holds a
:class:`~chesslaws.clock.Clock` that it never changes either (copy on write: an operation copies
the clock and changes the copy; a press builds the pressed clock in one pass, ``Clock.pressed``)
nor hands out (:attr:`ClockState.clock` is a copy), so states can be kept and shared freely.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from chesslaws._color import Color
from chesslaws._errors import ClockError, TimeControlError
from chesslaws._words import Words, said
from chesslaws.clock import Clock, TimeControl

from ._events import Mode
from ._time import Millis
from ._values import builder

__all__ = ["ClockState"]


def _read(text: str, player: Words) -> TimeControl:
    try:
        return TimeControl.parse(text)
    except TimeControlError as error:
        words = Words("{player}'s control: {error}", player=player, error=said(error))
        raise TimeControlError(words, text=error.text, index=error.index) from None


_FASTER = (Mode.BLITZ, Mode.RAPID, Mode.STANDARD)


def _mode(white: TimeControl, black: TimeControl) -> Mode:
    """The category of the game (A.1, B.1): rapid and blitz are defined by the time "for each
    player", so under time odds that put the players in different categories the Laws name
    none; chesslaws takes the faster one, whose rules the player with less time needs (the
    ``start`` event's ``mode`` may say otherwise)."""
    found = [c for c in (white.category(), black.category()) if c is not None]
    if not found:
        return Mode.STANDARD
    return min(found, key=_FASTER.index)


@dataclass(frozen=True, slots=True)
class LastPress:
    """The last press, so that a taken-back move can be given back (7.1, 7.5.1)."""

    color: Color
    at: Millis
    before: int
    moves_before: int
    after: int
    """The player's time once the press was made: the clock noted against his move (6.2.1)."""


@dataclass(frozen=True, slots=True)
class ClockState:
    """The game clock as the arbiter handles it; every instant is given explicitly (ms)."""

    _clock: Clock
    """The clock in this state: never changed (operations work on a copy), shared between
    states, so read through :attr:`clock` (a copy) and the methods below."""
    mode: Mode
    last_press: LastPress | None = None

    @classmethod
    def create(
        cls, time_control: str, first: Color, black_time_control: str | None = None
    ) -> ClockState | None:
        """A started clock for ``time_control`` (``first``'s clock runs), or None for ``-``/``?``.

        With ``black_time_control`` the game is at time odds: ``time_control`` is White's and
        each player's clock runs his own control; both must have a clock. Raises
        ``TimeControlError`` for a string that is no time control and ``ClockError`` for a
        pair of controls no clock can run (a sandclock for one player only).
        """
        if black_time_control is None:
            tc = black = TimeControl.parse(time_control)
        else:
            tc = _read(time_control, Words("White"))
            black = _read(black_time_control, Words("Black"))
        if not (tc.has_clock and black.has_clock):
            if black_time_control is None:
                return None
            white_lacks = not tc.has_clock
            raise ClockError(
                Words(
                    "time odds need a clock for each player: {player}'s control is {control}",
                    player=Words("White") if white_lacks else Words("Black"),
                    control=repr((tc if white_lacks else black).canonical()),
                )
            )
        clock = Clock(tc, black_time_control=black, source=None)
        clock.start(0, color=first)
        return cls(clock, _mode(tc, black))

    # -- reading -------------------------------------------------------------------------------

    @property
    def clock(self) -> Clock:
        """A copy of the clock in this state: the caller's own (the state's never changes)."""
        return self._clock.copy()

    @property
    def paused(self) -> bool:
        return self._clock.paused

    @property
    def time_control(self) -> TimeControl:
        """The control of both players (``ClockError`` under time odds: see time_controls)."""
        return self._clock.time_control

    @property
    def time_controls(self) -> tuple[TimeControl, TimeControl]:
        """White's and Black's controls (the same one unless the game is at odds)."""
        return self._clock.time_controls

    def remaining(self, color: Color, at: Millis) -> Millis:
        """``color``'s time at ``at`` (after a press, the mover's ``[%clk]``: on every move)."""
        return self._clock.remaining(color, at)  # type: ignore[return-value]  # Millis is an int

    def flag_due(self, color: Color) -> Millis | None:
        """The instant ``color``'s flag falls if his clock keeps running, else ``None`` (6.1.1;
        read without a copy of the clock)."""
        return self._clock.flag_due(color)  # type: ignore[return-value]  # Millis is an int

    def first_flag(self, at: Millis) -> Color | None:
        """Whose flag fell first by ``at``, as the clock's first-flag indicator shows (6.10.1)."""
        return self._clock.first_flag(at)

    def snapshot(self) -> tuple[object, ...]:
        """The clock's reading as a comparable value (as of the latest instant it was given)."""
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

    # -- new states ----------------------------------------------------------------------------

    def press(self, color: Color, at: Millis) -> ClockState:
        """``color`` completes his move (6.2.1).

        The clock is pressed in one pass (``Clock.pressed``: the copy, the mover's time as he
        pressed, the press), not copied and then changed.
        """
        clock, before, after = self._clock.pressed(color, at)
        moves = self._clock.moves_completed(color)
        last = _new_last_press(color, at, before, moves, after)
        return _new_clock_state(clock, self.mode, last)

    def take_back(self, color: Color, at: Millis) -> ClockState:
        """Give the move back to ``color`` after his completed move is undone (7.1, 7.5.1)."""
        if self._clock.stopped:
            return self
        clock = self._clock.copy()
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
        clock = self._clock.copy()
        clock.add_time(color, ms, at)
        return self._with(clock)

    def set_time(self, color: Color, ms: int, at: Millis) -> ClockState:
        clock = self._clock.copy()
        clock.set_time(color, ms, at)
        return self._with(clock)

    def set_moves(self, color: Color, moves: int) -> ClockState:
        clock = self._clock.copy()
        clock.set_moves(color, moves)
        return self._with(clock)

    def add_increment(self, ms: int) -> ClockState:
        """Both players get a Fischer increment of ``ms`` from the next completed move (III.4)."""
        clock = self._clock.copy()
        white, black = clock.time_controls
        clock.set_time_control(
            white.with_increment(ms), black_time_control=black.with_increment(ms)
        )
        return self._with(clock)

    def pause(self, at: Millis) -> ClockState:
        clock = self._clock.copy()
        clock.pause(at)
        return self._with(clock)

    def resume(self, at: Millis) -> ClockState:
        clock = self._clock.copy()
        clock.resume(at)
        return self._with(clock)

    def stop(self, at: Millis) -> ClockState:
        if self._clock.stopped:
            return self
        clock = self._clock.copy()
        clock.stop(at)
        return self._with(clock)


# ``LastPress(...)`` and ``ClockState(...)``, built fast (the same values: a press is on the hot
# path of every game).
_new_last_press: Callable[[Color, Millis, int, int, int], LastPress] = builder(LastPress)
_new_clock_state: Callable[[Clock, Mode, LastPress | None], ClockState] = builder(ClockState)
