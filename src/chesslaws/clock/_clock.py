"""``Clock``: a two-sided chess clock in integer milliseconds (Article 6).

The clock is mutable (a press changes it in place, in a few microseconds); a
:class:`~chesslaws.clock.TimeControl` is its frozen configuration. It never reads the system
clock by itself: every operation takes an instant ``now`` (integer milliseconds) or asks the
injected :class:`~chesslaws.clock.TimeSource`.

Model, per Article 6:

* One side's clock runs at a time (6.1). ``start`` starts White's (6.6) or the given side's.
* Each player may have his own control (time odds, e.g. Armageddon): ``black_time_control``.
  A player's periods, move counts, increments and delays are then his own (6.2, 6.3 per
  player); with one control for both (the default) the two are the same.
* ``press(color)`` completes ``color``'s move (6.2.1): the time used is taken off, the period's
  increment is added (from the period's ``increment_from`` move on), a Bronstein delay gives back
  the time used up to the delay, the move is counted, and when the period's moves are completed
  the next period's time is added to what is left (6.3.1, 6.3.2). Then the opponent's clock runs.
* A simple delay (6.3.2): each move, the main time runs only once the delay is used up.
* The flag falls (6.1.1) at the instant the remaining time reaches zero; a press at that instant
  or later is too late. The clock records the exact instant, keeps showing 0 and keeps counting
  moves. It adds no increment (nor Bronstein refund) after the flag in the final period (the
  FIDE clock standard); after a flag in an earlier period it still adds increments and the next
  period's time, because whether the flag counts is for the arbiter (6.4, 6.8, 6.9).
* ``pause``/``resume`` (6.11) freeze and restart the running clock; a pause mid-delay keeps the
  unused part of the delay for the rest of the move.
* Arbiter corrections (6.10.2): ``add_time``, ``set_time``, ``set_moves``, ``set_time_control``,
  ``clear_flag``.
* A sandclock (``*60``): each side starts with the sandclock's time; time one side uses is
  added to the other's (the hourglass mode of electronic clocks; an interpretation of the PGN
  ``*`` field).

Instants never go backwards: an instant earlier than the last one an operation used raises
:class:`~chesslaws.ClockError`. When ``now`` is omitted the time source is read; a clock made with
``source=None`` has none, and then operations that change it need ``now``, while questions
(``remaining``, ``flag_instant``, …) answer as of the latest instant the clock was given.
"""

from __future__ import annotations

from typing import TypeVar

from chesslaws._color import BLACK, WHITE, Color
from chesslaws._errors import ClockError
from chesslaws._words import Words
from chesslaws.clock._kind import TimeControlKind
from chesslaws.clock._period import DelayMode, Period
from chesslaws.clock._source import MonotonicTimeSource, TimeSource
from chesslaws.clock._timecontrol import TimeControl

__all__ = ["MONOTONIC", "Clock"]

MONOTONIC: TimeSource = MonotonicTimeSource()
"""The default time source of a :class:`Clock`: the system's monotonic clock."""

_OTHER = (BLACK, WHITE)
_T = TypeVar("_T")
#: The slots that make a clock's running state (beside its controls: see Clock._value).
_COMPARED = (
    "_delay_left",
    "_end",
    "_flag",
    "_flag_order",
    "_last",
    "_main",
    "_moves",
    "_out",
    "_paused",
    "_period",
    "_side",
    "_started",
    "_stopped",
    "_t0",
    "_turn_elapsed",
)


def _periods_of(tc: TimeControl) -> tuple[Period, ...]:
    if tc.kind is TimeControlKind.SANDCLOCK:
        return (Period(None, tc.sandclock),)
    if tc.kind is not TimeControlKind.PERIODS:
        raise ClockError(
            Words(
                "a clock cannot run with the time control {control} ({kind})",
                control=repr(tc.canonical()),
                kind=tc.kind.value,
            )
        )
    return tc.periods


def _control(time_control: TimeControl | str) -> TimeControl:
    if isinstance(time_control, str):
        return TimeControl.parse(time_control)
    return time_control


def _pair(
    white: TimeControl | str, black: TimeControl | str | None
) -> tuple[tuple[TimeControl, TimeControl], tuple[tuple[Period, ...], tuple[Period, ...]]]:
    """Both players' controls and periods; a sandclock for one side only is refused."""
    w = _control(white)
    b = w if black is None else _control(black)
    sand = (w.kind is TimeControlKind.SANDCLOCK, b.kind is TimeControlKind.SANDCLOCK)
    if sand[0] != sand[1]:
        raise ClockError(
            Words(
                "time odds {white} against {black}: a sandclock runs for both players or for "
                "neither",
                white=repr(w.canonical()),
                black=repr(b.canonical()),
            )
        )
    return (w, b), (_periods_of(w), _periods_of(b))


def _put(pair: tuple[_T, _T], color: int, value: _T) -> tuple[_T, _T]:
    """``pair`` with ``color``'s entry replaced by ``value``.

    A clock keeps each per-player value (time, move counter, period, flag, ...) as a pair
    indexed by colour that it replaces and never changes in place, so a copy of the clock shares
    the pairs and copying costs no list copies.
    """
    return (pair[0], value) if color else (value, pair[1])


class _Setup:
    """What a clock runs, apart from its running state (configuration apart from state).

    Both players' controls and periods (indexed by colour), what a press reads from them, the
    sandclock mode and the time source. Shared by a clock and its copies and never changed:
    :meth:`Clock.set_time_control` installs a new one.
    """

    __slots__ = ("controls", "periods", "press_terms", "sand", "simple_delays", "source")

    def __init__(
        self,
        controls: tuple[TimeControl, TimeControl],
        periods: tuple[tuple[Period, ...], tuple[Period, ...]],
        source: TimeSource | None,
    ) -> None:
        self.controls = controls
        self.periods = periods
        self.sand = controls[0].kind is TimeControlKind.SANDCLOCK
        self.source = source
        #: Per player and period, the simple delay (6.3.2) each move of the period starts with.
        self.simple_delays = tuple(tuple(p.simple_delay for p in own) for own in periods)
        #: Per player and period, what a press adds: the increment, the first move that earns
        #: it, the Bronstein delay (0 if none), and whether the period is the final one.
        self.press_terms = tuple(
            tuple(
                (
                    p.increment,
                    p.increment_from,
                    p.delay if p.delay_mode is DelayMode.BRONSTEIN else 0,
                    p.moves is None,
                )
                for p in own
            )
            for own in periods
        )


def _misuse(what: str, said: Words) -> Words:
    """What the clock says when ``what`` (a method's name: code, not translated) is misused."""
    return Words("{what}: {said}", what=what, said=said)


def _check_ms(what: str, ms: object) -> int:
    if type(ms) is not int:
        raise ClockError(
            Words("{what} must be integer milliseconds, got {value}", what=what, value=repr(ms))
        )
    return ms


class Clock:
    """A chess clock for two players, driven by explicit instants or a time source (Article 6).

    ``Clock(time_control, source=MONOTONIC)``: ``time_control`` is a :class:`TimeControl` or a
    string for :meth:`TimeControl.parse`. ``source`` is read when an operation is given no
    ``now``; ``None`` means the caller always passes instants (see the module docstring).
    ``black_time_control`` gives Black his own control (time odds); ``time_control`` is then
    White's. Each player's clock runs his own periods, increments and delays.

    All times and instants are integer milliseconds. Colours are :class:`~chesslaws.Color`.

    >>> from chesslaws import WHITE, BLACK
    >>> clock = Clock("300+2", source=None)
    >>> clock.start(now=0)
    >>> clock.press(WHITE, now=10_000)   # White used 10 s, gets 2 s back
    292000
    >>> clock.remaining(BLACK, now=15_000), clock.running
    (295000, <Color.BLACK: 1>)
    >>> odds = Clock("300", black_time_control="240+2@61", source=None)  # Armageddon
    >>> odds.remaining(WHITE), odds.remaining(BLACK)
    (300000, 240000)
    """

    __slots__ = (
        "_delay_left",
        "_end",
        "_flag",
        "_flag_order",
        "_last",
        "_main",
        "_moves",
        "_out",
        "_paused",
        "_period",
        "_setup",
        "_side",
        "_started",
        "_stopped",
        "_t0",
        "_turn_elapsed",
    )

    def __init__(
        self,
        time_control: TimeControl | str,
        *,
        black_time_control: TimeControl | str | None = None,
        source: TimeSource | None = MONOTONIC,
    ) -> None:
        controls, periods = _pair(time_control, black_time_control)
        self._setup = _Setup(controls, periods, source)
        white, black = periods[0][0], periods[1][0]
        # Per player, indexed by colour: pairs replaced, never changed in place (see _put).
        self._main = (white.time, black.time)
        self._moves = (0, 0)
        self._period = (0, 0)
        self._end: tuple[int | None, int | None] = (white.moves, black.moves)
        self._flag: tuple[int | None, int | None] = (None, None)
        self._flag_order: tuple[Color, ...] = ()
        self._out = (False, False)
        self._side: Color | None = None
        self._paused = False
        self._started = False
        self._stopped = False
        self._t0 = 0
        self._delay_left = 0
        self._turn_elapsed = 0
        self._last: int | None = None

    # --- instants -----------------------------------------------------------------------------

    def _now(self, now: int | None, change: bool, what: str) -> int:
        """Validate ``now`` (or read the source); ``change`` records it as the latest instant."""
        if now is None:
            source = self._setup.source
            if source is not None:
                now = source.now()
            elif change:
                raise ClockError(
                    _misuse(what, Words("this clock has no time source, so give now="))
                )
            elif self._last is not None:
                return self._last
            else:
                return self._t0
        elif type(now) is not int:
            said = Words("now must be integer milliseconds, got {value}", value=repr(now))
            raise ClockError(_misuse(what, said))
        last = self._last
        if last is not None and now < last:
            said = Words("time went backwards (now={now} is before {last})", now=now, last=last)
            raise ClockError(_misuse(what, said))
        if change:
            self._last = now
        return now

    def _ticking(self) -> bool:
        return self._side is not None and not self._paused and not self._stopped

    def _settle(self, now: int) -> None:
        """Charge the running side for the time from the last settled instant to ``now``."""
        c = self._side
        assert c is not None
        elapsed = now - self._t0
        self._t0 = now
        self._turn_elapsed += elapsed
        if self._out[c]:
            return
        delay = self._delay_left
        main = self._main[c]
        if elapsed >= delay + main:
            # The flag fell (6.1.1) at the instant the delay and the main time were used up.
            self._delay_left = 0
            self._main = _put(self._main, c, 0)
            self._out = _put(self._out, c, True)
            if self._flag[c] is None:
                self._flag = _put(self._flag, c, now - elapsed + delay + main)
                self._flag_order = (*self._flag_order, c)
            used = main
        elif elapsed <= delay:
            self._delay_left = delay - elapsed
            used = 0
        else:
            self._delay_left = 0
            used = elapsed - delay
            self._main = _put(self._main, c, main - used)
        if self._setup.sand and used:
            other = _OTHER[c]
            self._main = _put(self._main, other, self._main[other] + used)

    # --- running the clock --------------------------------------------------------------------

    def start(self, now: int | None = None, *, color: Color = WHITE) -> None:
        """Start the game: White's clock runs (Article 6.6), or ``color``'s if given."""
        if self._started:
            raise ClockError(_misuse("start", Words("the clock has already been started")))
        now = self._now(now, True, "start")
        self._started = True
        self._side = color
        self._t0 = now
        self._turn_elapsed = 0
        self._delay_left = self._setup.simple_delays[color][self._period[color]]

    def press(self, color: Color, now: int | None = None) -> int:
        """``color`` presses the clock, completing his move (Article 6.2.1); his time after it.

        Takes the time used, adds the increment or Bronstein refund of the move's period (not
        after the flag in the final period), counts the move, and adds the next period's time
        when this move completes the period (6.3.1). Then the opponent's clock runs.
        Raises :class:`~chesslaws.ClockError` unless ``color``'s clock is running.
        """
        # Fast path: an int instant not before the last one (always set once started).
        last = self._last
        if type(now) is int and last is not None and now >= last:
            self._last = now
        else:
            now = self._now(now, True, "press")
        if self._side is not color or self._paused or self._stopped:
            said = Words(
                "{player}'s clock is not running ({state})",
                player=Color(color).words,
                state=self._state_text(),
            )
            raise ClockError(_misuse("press", said))
        i = 1 if color else 0  # a plain int indexes the pairs faster than the enum
        left = self._main[i]
        elapsed = now - self._t0
        delay = self._delay_left
        if self._out[i] or self._setup.sand or elapsed >= delay + left:
            self._settle(now)  # flags and sandclocks: the general case
            self._complete(self, i, now, self._main[i], self._turn_elapsed)
        else:
            if elapsed > delay:
                left -= elapsed - delay
            self._complete(self, i, now, left, elapsed + self._turn_elapsed)
        return self._main[i]

    def pressed(self, color: Color, now: int | None = None) -> tuple[Clock, int, int]:
        """A new clock: this one once ``color`` has pressed it (6.2.1); this one is not changed.

        Returns the new clock, ``color``'s time as he pressed (what :meth:`remaining` showed at
        ``now``, before any increment) and his time once the press is made (what :meth:`press`
        returns). The same as ``c = clock.copy()``, ``c.remaining(color, now)``,
        ``c.press(color, now)`` (the source, if read, is read once), in one pass: for callers
        that keep clock states as values (the arbiter presses at every move).

        >>> from chesslaws import WHITE
        >>> clock = Clock("300+2", source=None)
        >>> clock.start(now=0)
        >>> after, shown, kept = clock.pressed(WHITE, now=10_000)
        >>> shown, kept, after.remaining(WHITE), clock.remaining(WHITE, now=10_000)
        (290000, 292000, 292000, 290000)
        """
        last = self._last
        i = 1 if color else 0  # a plain int indexes the pairs faster than the enum
        setup = self._setup
        if (
            type(now) is not int
            or last is None
            or now < last
            or self._side is not color
            or self._paused
            or self._stopped
            or self._out[i]
            or setup.sand
        ):
            return self._pressed_in_general(color, now)
        left = self._main[i]
        elapsed = now - self._t0
        delay = self._delay_left
        if elapsed >= delay + left or self._moves[i] + 1 == self._end[i]:
            # The flag falls, or the move reaches the control (6.3.1): the general case.
            return self._pressed_in_general(color, now)
        # The common case: the time used (after a simple delay) is taken off; the rest of the
        # press (increment, Bronstein refund, the move counted, a control reached, the
        # opponent's clock started) is the press's own, written into the new clock.
        if elapsed > delay:
            left -= elapsed - delay
        new = Clock.__new__(Clock)
        new._setup = setup
        new._flag = self._flag
        new._flag_order = self._flag_order
        new._paused = False
        new._started = True
        new._stopped = False
        new._last = now
        self._complete(new, i, now, left, elapsed + self._turn_elapsed)
        return new, left, new._main[i]

    def _pressed_in_general(self, color: Color, now: int | None) -> tuple[Clock, int, int]:
        """:meth:`pressed` by its definition: copy, read, press the copy."""
        clock = self.copy()
        now = clock._now(now, True, "press")  # a bad instant is the press's error
        shown = clock.remaining(color, now)
        return clock, shown, clock.press(color, now)

    def _complete(self, into: Clock, i: int, now: int, left: int, used: int) -> None:
        """The rest of a press at ``now`` by the player of index ``i`` (6.2.1, 6.3.1).

        ``left`` is his time once the move is charged and ``used`` the whole time of the move.
        Reads this clock and writes what the press changes ``into`` a clock: this one (a press)
        or a new one (:meth:`pressed`), whose other slots the caller sets (the flags, the
        setup, and that the clock runs).
        """
        setup = self._setup
        p = self._period[i]
        increment, increment_from, refund, final = setup.press_terms[i][p]
        moves = self._moves
        n = moves[i] + 1
        out = self._out
        if not (final and out[i]):
            add = increment if n >= increment_from else 0
            if refund:
                add += refund if used > refund else used
            if add:
                left += add
                if out[i]:
                    out = _put(out, i, False)
        periods = self._period
        ends = self._end
        if n == ends[i]:
            own = setup.periods[i]
            q = p + 1 if p + 1 < len(own) else p
            following = own[q]
            periods = _put(periods, i, q)
            ends = _put(ends, i, None if following.moves is None else n + following.moves)
            if following.time:
                left += following.time
                if out[i]:
                    out = _put(out, i, False)
        main = self._main
        if i:
            into._main = (main[0], left)
            into._moves = (moves[0], n)
            into._side = WHITE
            into._delay_left = setup.simple_delays[0][periods[0]]
        else:
            into._main = (left, main[1])
            into._moves = (n, moves[1])
            into._side = BLACK
            into._delay_left = setup.simple_delays[1][periods[1]]
        into._out = out
        into._period = periods
        into._end = ends
        into._t0 = now
        into._turn_elapsed = 0

    def pause(self, now: int | None = None) -> None:
        """Stop the running clock (Article 6.11.1, 6.11.2, 6.10.2); :meth:`resume` restarts it."""
        now = self._now(now, True, "pause")
        if not self._ticking():
            said = Words("no clock is running ({state})", state=self._state_text())
            raise ClockError(_misuse("pause", said))
        self._settle(now)
        self._paused = True

    def resume(self, now: int | None = None) -> None:
        """Restart the paused clock (Article 6.11.3): the same side's time runs again."""
        now = self._now(now, True, "resume")
        if not self._paused or self._stopped:
            said = Words("the clock is not paused ({state})", state=self._state_text())
            raise ClockError(_misuse("resume", said))
        self._paused = False
        self._t0 = now

    def switch(self, color: Color, now: int | None = None) -> None:
        """Make ``color``'s clock the one that runs, **without** completing a move.

        For the arbiter, who decides where the clock goes (6.5) and restarts the clock of a
        player whose completed move is taken back (7.1, 7.5.1): the running side is charged up
        to ``now``; no move is counted and no increment is added. ``color``'s move starts
        afresh (a new simple delay). If the clock is paused it stays paused, on ``color``'s
        move. Nothing happens if ``color``'s clock already runs.
        """
        now = self._now(now, True, "switch")
        if not self._started or self._stopped:
            said = Words("the clock is {state}", state=self._state_text())
            raise ClockError(_misuse("switch", said))
        if self._side is color:
            return
        if not self._paused:
            self._settle(now)
        self._side = color
        self._t0 = now
        self._turn_elapsed = 0
        self._delay_left = self._setup.simple_delays[color][self._period[color]]

    def stop(self, now: int | None = None) -> None:
        """Stop the clock for good (the game is over); corrections and questions still work."""
        now = self._now(now, True, "stop")
        if self._stopped:
            raise ClockError(_misuse("stop", Words("the clock is already stopped")))
        if self._ticking():
            self._settle(now)
        self._stopped = True

    def _state_text(self) -> Words:
        if not self._started:
            return Words("not started")
        if self._stopped:
            return Words("stopped")
        assert self._side is not None
        if self._paused:
            return Words("paused on {player}'s move", player=self._side.words)
        return Words("{player}'s clock is running", player=self._side.words)

    # --- questions ----------------------------------------------------------------------------

    @property
    def time_control(self) -> TimeControl:
        """The time control the clock runs for both players (changed by :meth:`set_time_control`).

        Under time odds there is none for both: :class:`~chesslaws.ClockError`; ask
        :meth:`time_control_of` or :attr:`time_controls`.
        """
        white, black = self._setup.controls
        if white != black:
            raise ClockError(
                Words(
                    "the players have different time controls ({white} for White, {black} for "
                    "Black): ask time_control_of(color)",
                    white=str(white),
                    black=str(black),
                )
            )
        return white

    @property
    def time_controls(self) -> tuple[TimeControl, TimeControl]:
        """White's and Black's time controls (the same one unless the game is at odds)."""
        return self._setup.controls

    def time_control_of(self, color: Color) -> TimeControl:
        """The time control ``color``'s clock runs."""
        return self._setup.controls[color]

    @property
    def odds(self) -> bool:
        """Whether the players have different time controls (time odds)."""
        white, black = self._setup.controls
        return white != black

    @property
    def running(self) -> Color | None:
        """Whose clock is running; ``None`` before the start, while paused and once stopped."""
        return self._side if self._ticking() else None

    @property
    def turn(self) -> Color | None:
        """Whose clock runs, or would run on :meth:`resume`; ``None`` before the start."""
        return self._side

    @property
    def started(self) -> bool:
        return self._started

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def stopped(self) -> bool:
        return self._stopped

    @property
    def last_instant(self) -> int | None:
        """The latest instant an operation gave the clock (``None`` before the first)."""
        return self._last

    def moves_completed(self, color: Color) -> int:
        """How many moves ``color`` has completed (pressed), as the move counter shows."""
        return self._moves[color]

    def period(self, color: Color) -> int:
        """Index into the control's periods of the period ``color`` is playing now."""
        return self._period[color]

    def period_of(self, color: Color) -> Period:
        """The period ``color`` is playing now, from his own control."""
        return self._setup.periods[color][self._period[color]]

    def moves_to_control(self, color: Color) -> int | None:
        """Moves ``color`` must still complete in the current period (``None``: rest of game)."""
        end = self._end[color]
        return None if end is None else end - self._moves[color]

    def _ticking_side(self, color: Color) -> bool:
        return self._side is color and self._ticking()

    def remaining(self, color: Color, now: int | None = None) -> int:
        """``color``'s main time at ``now`` in ms (what the display shows; 0 once out).

        With a simple delay the main time does not run while the delay lasts; see
        :meth:`delay_remaining`.
        """
        side = self._side
        if side is None or self._paused or self._stopped:
            return self._main[color]
        last = self._last
        if type(now) is not int or last is None or now < last:
            now = self._now(now, False, "remaining")
        if side is color:
            if self._out[color]:
                return 0
            used = now - self._t0 - self._delay_left
            return self._main[color] if used <= 0 else max(0, self._main[color] - used)
        if self._setup.sand and not self._out[side]:
            used = min(max(0, now - self._t0 - self._delay_left), self._main[side])
            return self._main[color] + used
        return self._main[color]

    def delay_remaining(self, color: Color, now: int | None = None) -> int:
        """What is left of ``color``'s simple delay for the current move (0 if not his move)."""
        if not self._ticking_side(color):
            return self._delay_left if self._side is color else 0
        now = self._now(now, False, "delay_remaining")
        return max(0, self._delay_left - (now - self._t0))

    def flag_instant(self, color: Color, now: int | None = None) -> int | None:
        """The exact instant ``color``'s flag fell (6.1.1), if it has fallen by ``now``.

        A fallen flag stays recorded (corrections do not undo the past) until
        :meth:`clear_flag`. While ``color``'s clock runs, a flag that falls before ``now`` is
        reported with its exact instant, however late it is asked.
        """
        instant = self._flag[color]
        if instant is not None or not self._ticking_side(color) or self._out[color]:
            return instant
        now = self._now(now, False, "flag_instant")
        due = self._t0 + self._delay_left + self._main[color]
        return due if due <= now else None

    def flag_fallen(self, color: Color, now: int | None = None) -> bool:
        """Whether ``color``'s time has run out by ``now`` (6.1.1; whether it counts is 6.8)."""
        return self.flag_instant(color, now) is not None

    def first_flag(self, now: int | None = None) -> Color | None:
        """The side whose flag fell first (the FIDE clock's first-flag indicator), if any."""
        if self._flag_order:
            return self._flag_order[0]
        side = self._side
        if side is not None and self.flag_instant(side, now) is not None:
            return side
        return None

    def flag_due(self, color: Color) -> int | None:
        """The instant ``color``'s flag will fall if his clock keeps running, else ``None``.

        Useful to schedule a look at the clock (a ``tick`` event) exactly when a flag falls.
        """
        if not self._ticking_side(color) or self._out[color]:
            return None
        return self._t0 + self._delay_left + self._main[color]

    # --- arbiter corrections (6.10.2) ---------------------------------------------------------

    def _settle_for(self, color: Color, now: int | None, what: str) -> None:
        """Bring the running side up to date before a correction touching ``color``."""
        if not self._ticking():
            return
        if self._side is not color and not self._setup.sand:
            if now is not None:
                self._now(now, True, what)
            return
        if now is None and self._setup.source is None:
            said = Words("{state}; give now= (or pause first, 6.10.2)", state=self._state_text())
            raise ClockError(_misuse(what, said))
        self._settle(self._now(now, True, what))

    def add_time(self, color: Color, ms: int, now: int | None = None) -> None:
        """Add ``ms`` (negative to take time away) to ``color``'s time; never below zero.

        For penalties (7.5.5, 9.5.3, 12.9) and corrections (6.10.2). A flag that has fallen
        stays recorded. If ``color``'s clock is running the change applies at ``now``.
        """
        _check_ms("add_time: ms", ms)
        self._settle_for(color, now, "add_time")
        value = max(0, self._main[color] + ms)
        self._main = _put(self._main, color, value)
        if value > 0:
            self._out = _put(self._out, color, False)

    def set_time(self, color: Color, ms: int, now: int | None = None) -> None:
        """Set ``color``'s time to ``ms`` (6.10.1, 6.10.2). A fallen flag stays recorded."""
        _check_ms("set_time: ms", ms)
        if ms < 0:
            said = Words("a time cannot be negative, got {value}", value=ms)
            raise ClockError(_misuse("set_time", said))
        self._settle_for(color, now, "set_time")
        self._main = _put(self._main, color, ms)
        self._out = _put(self._out, color, False)

    def set_moves(self, color: Color, moves: int) -> None:
        """Set ``color``'s move counter to ``moves`` completed moves (6.10.2, 7.1, 8.6).

        The period follows the counter; times are not changed (use :meth:`add_time`).
        """
        if type(moves) is not int or moves < 0:
            said = Words("a number of completed moves >= 0, got {value}", value=repr(moves))
            raise ClockError(_misuse("set_moves", said))
        self._moves = _put(self._moves, color, moves)
        self._place(color)

    def _place(self, color: Color) -> None:
        """Put ``color`` in the period his move counter is in (and its closing move count)."""
        period, end = self._locate(color, self._moves[color])
        self._period = _put(self._period, color, period)
        self._end = _put(self._end, color, end)

    def _locate(self, color: Color, moves: int) -> tuple[int, int | None]:
        """Index of ``color``'s period and its closing move count once he completed ``moves``."""
        done = 0
        periods = self._setup.periods[color]
        for i, period in enumerate(periods):
            if period.moves is None:
                return i, None
            if moves < done + period.moves:
                return i, done + period.moves
            done += period.moves
        last = periods[-1]
        assert last.moves is not None
        start = done - last.moves
        laps = (moves - start) // last.moves
        return len(periods) - 1, start + (laps + 1) * last.moves

    def set_time_control(
        self,
        time_control: TimeControl | str,
        *,
        black_time_control: TimeControl | str | None = None,
    ) -> None:
        """Install another control (6.10.2; Guidelines III.4), keeping times and move counters.

        ``time_control`` is for both players, or White's when ``black_time_control`` is given.
        Each side's period is found again from his move counter. The change applies from the
        next completed move; the current move's delay is kept.
        """
        controls, periods = _pair(time_control, black_time_control)
        setup = _Setup(controls, periods, self._setup.source)
        if setup.sand != self._setup.sand:
            said = Words("cannot switch between a sandclock and periods")
            raise ClockError(_misuse("set_time_control", said))
        self._setup = setup
        for color in (WHITE, BLACK):
            self._place(color)

    def clear_flag(self, color: Color) -> None:
        """Forget ``color``'s fallen flag: the arbiter has ruled it void (6.4, 6.10)."""
        if self._flag[color] is not None:
            self._flag = _put(self._flag, color, None)
            order = self._flag_order
            i = order.index(color)
            self._flag_order = order[:i] + order[i + 1 :]

    # --- values -------------------------------------------------------------------------------

    def copy(self) -> Clock:
        """An independent clock in the same state (same time source); it shares the per-player
        pairs, which neither clock changes in place (see ``_put``).

        For callers that keep clock states as values (the arbiter's ``GameState``): copy, then
        change the copy.
        """
        other = Clock.__new__(Clock)
        other._setup = self._setup
        other._delay_left = self._delay_left
        other._last = self._last
        other._paused = self._paused
        other._side = self._side
        other._started = self._started
        other._stopped = self._stopped
        other._t0 = self._t0
        other._turn_elapsed = self._turn_elapsed
        other._main = self._main
        other._moves = self._moves
        other._period = self._period
        other._end = self._end
        other._flag = self._flag
        other._flag_order = self._flag_order
        other._out = self._out
        return other

    def _value(self) -> tuple[object, ...]:
        setup = self._setup
        state = tuple(getattr(self, name) for name in _COMPARED)
        return (setup.controls, setup.periods, setup.sand, *state)

    def __eq__(self, other: object) -> bool:
        """Two clocks are equal when they are in the same state (the time source aside)."""
        if not isinstance(other, Clock):
            return NotImplemented
        return self._value() == other._value()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        white, black = self._setup.controls
        control = repr(white.canonical())
        if white != black:
            control = f"{control} against {black.canonical()!r}"
        return (
            f"<Clock {control} white={self._main[WHITE]} "
            f"black={self._main[BLACK]} moves={self._moves[WHITE]}/{self._moves[BLACK]} "
            f"{self._state_text()}>"
        )
