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

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace

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
    """The game clock as the arbiter handles it; every instant is given explicitly (ms).

    Beside the clock, the state keeps the last press that can still be given back (7.1, 7.5.1)
    in its own fields (one value made at a press, not two): ``pressed_by`` (``None``: no such
    press), ``pressed_at``, ``time_before`` (his time as he pressed), ``moves_before`` (his move
    counter before it) and ``time_after`` (his time once the press was made, the clock noted
    against his move, 6.2.1); :attr:`last_press` reads them as one :class:`LastPress`.
    """

    _clock: Clock
    """The clock in this state: never changed (operations work on a copy), shared between
    states, so read through :attr:`clock` (a copy) and the methods below."""
    mode: Mode
    pressed_by: Color | None = None
    pressed_at: Millis = 0  # type: ignore[assignment]
    time_before: int = 0
    moves_before: int = 0
    time_after: int = 0

    @classmethod
    def create(
        cls, time_control: str, first: Color, black_time_control: str | None = None
    ) -> ClockState | None:
        """A started clock for ``time_control`` (``first``'s clock runs), or None for ``-``/``?``.

        With ``black_time_control`` the game is at time odds: ``time_control`` is White's and
        each player's clock runs his own control; both must have a clock. Raises
        ``TimeControlError`` for a string that is no time control and ``ClockError`` for a
        pair of controls no clock can run (a sandclock for one player only). A state never
        changes, so every game that starts with the same controls and the same first mover
        gets the same one (as every game from the starting position shares its board).
        """
        return _started(time_control, first, black_time_control)

    # -- reading -------------------------------------------------------------------------------

    @property
    def clock(self) -> Clock:
        """A copy of the clock in this state: the caller's own (the state's never changes)."""
        return self._clock.copy()

    @property
    def paused(self) -> bool:
        return self._clock.paused

    @property
    def last_press(self) -> LastPress | None:
        """The last press, while it can still be given back (7.1, 7.5.1), else ``None``."""
        if self.pressed_by is None:
            return None
        return LastPress(
            self.pressed_by, self.pressed_at, self.time_before, self.moves_before, self.time_after
        )

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
        return _new_clock_state(clock, self.mode, color, at, before, moves, after)

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
        given_back = self.pressed_by is color
        if given_back:
            clock.set_time(color, self.time_before, at)
            clock.set_moves(color, self.moves_before)
        if paused:
            clock.pause(at)
        if given_back:
            return ClockState(clock, self.mode)  # no press left to give back
        return self.with_clock(clock)

    def with_clock(self, clock: Clock) -> ClockState:
        """This state with ``clock`` (the caller's, given up to the state: a correction made
        on a copy, 6.10.2) in place of its clock; the last press is kept."""
        return replace(self, _clock=clock)

    def add_time(self, color: Color, ms: int, at: Millis) -> ClockState:
        clock = self._clock.copy()
        clock.add_time(color, ms, at)
        return self.with_clock(clock)

    def set_time(self, color: Color, ms: int, at: Millis) -> ClockState:
        clock = self._clock.copy()
        clock.set_time(color, ms, at)
        return self.with_clock(clock)

    def set_moves(self, color: Color, moves: int) -> ClockState:
        clock = self._clock.copy()
        clock.set_moves(color, moves)
        return self.with_clock(clock)

    def add_increment(self, ms: int) -> ClockState:
        """Both players get a Fischer increment of ``ms`` from the next completed move (III.4)."""
        clock = self._clock.copy()
        white, black = clock.time_controls
        clock.set_time_control(
            white.with_increment(ms), black_time_control=black.with_increment(ms)
        )
        return self.with_clock(clock)

    def pause(self, at: Millis) -> ClockState:
        clock = self._clock.copy()
        clock.pause(at)
        return self.with_clock(clock)

    def resume(self, at: Millis) -> ClockState:
        clock = self._clock.copy()
        clock.resume(at)
        return self.with_clock(clock)

    def stop(self, at: Millis) -> ClockState:
        if self._clock.stopped:
            return self
        clock = self._clock.copy()
        clock.stop(at)
        return self.with_clock(clock)


@functools.lru_cache(maxsize=256)
def _started(time_control: str, first: Color, black_time_control: str | None) -> ClockState | None:
    """:meth:`ClockState.create`, made once for each controls and first mover."""
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
    return ClockState(clock, _mode(tc, black))


# ``ClockState(...)``, built fast (the same value: a press is on the hot path of every game).
_new_clock_state: Callable[[Clock, Mode, Color | None, Millis, int, int, int], ClockState] = (
    builder(ClockState)
)
