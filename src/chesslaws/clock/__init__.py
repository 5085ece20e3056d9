"""chesslaws.clock: time controls and the chess clock (Article 6, Appendices A.1, B.1).

Knows nothing of pieces; imports only ``chesslaws._color`` and ``chesslaws._errors``. All times
and instants are integer milliseconds.

API summary
-----------
Time controls (frozen values)::

    tc = TimeControl.parse("40/5400+30:1800+30")   # docs/events.md and PGN TimeControl syntax
    TimeControl.parse("G/90;inc30")                 # shorthand (bare times are minutes)
    TimeControl.parse("90+30", shorthand=True)      # force shorthand: 90 min + 30 s
    str(tc) == tc.canonical() == "40/5400+30:1800+30"; TimeControl.parse(str(tc)) == tc
    tc.periods -> tuple[Period, ...]   Period(moves | None, time, increment, increment_from,
                                              delay, delay_mode: DelayMode.SIMPLE | BRONSTEIN)
    tc.kind -> TimeControlKind.PERIODS | NONE ("-") | UNKNOWN ("?") | SANDCLOCK ("*60")
    tc.category() -> Category.STANDARD | RAPID | BLITZ | None   (A.1, B.1: time for 60 moves)
    tc.time_for_moves(60), tc.period_index(move), tc.has_increment, tc.to_json()
    TimeControl.fischer(time, increment), .no_clock(), .unknown(), .hourglass(time)
    syntax: [MOVES/]SECONDS[+INC[@FROM]][dDELAY|bDELAY] joined by ":"; "-", "?", "*SECONDS"

The clock (mutable, driven by explicit ``now`` instants or a TimeSource)::

    clock = Clock(tc, source=MONOTONIC)    # or source=ManualTimeSource(), or None (always now=)
    Clock("300", black_time_control="240+2@61")   # time odds: each player's own control
    clock.start(now=None, color=WHITE)     # 6.6
    clock.press(color, now=None) -> int    # completes the move (6.2.1): increment, move count,
                                           # next period's time; returns the presser's time
    clock.remaining(color, now=None) -> int, clock.delay_remaining(color, now=None) -> int
    clock.flag_fallen(color, now=None) -> bool, clock.flag_instant(color, now=None) -> int|None
    clock.first_flag(now=None) -> Color|None, clock.flag_due(color) -> int|None
    clock.pause(now), clock.resume(now), clock.stop(now)                    # 6.11
    clock.switch(color, now)               # hand the clock over without a move (6.5, 7.1)
    clock.add_time(color, ms, now=None), clock.set_time(color, ms, now=None)  # 6.10.2
    clock.set_moves(color, n), clock.set_time_control(tc, black_time_control=None)
    clock.clear_flag(color)
    clock.moves_completed(color), clock.period(color), clock.moves_to_control(color)
    clock.period_of(color) -> Period, clock.time_control_of(color), clock.time_controls,
    clock.odds, clock.time_control (both players'; ClockError under odds)
    clock.running (Color | None), clock.turn, clock.paused, clock.started, clock.stopped

PGN clock comments::

    format_clk(5_400_000) == "[%clk 1:30:00]";  format_emt(12_300) == "[%emt 0:00:12.3]"
    parse_clock_comment("[%clk 1:29:40] [%emt 0:00:20.5]") == (5_380_000, 20_500)
    format_hms(ms, places=None), parse_hms("1:30:00")

Time controls as people write them (base in minutes: "5+3", "90+30", "40/90+30:30+30")::

    read_spoken("5+3") -> [Reading(control, pgn="300+3", words="5 min for all moves + 3 s per
                           move", category="blitz")]   # two readings when ambiguous ("60+0")
    describe(tc) -> "90 min for 40 moves + 30 s per move, then 30 min for the rest of the game"

Errors: :class:`~chesslaws.TimeControlError` (bad text, with ``index``) and
:class:`~chesslaws.ClockError` (a clock used against its state).
"""

from __future__ import annotations

from chesslaws.clock._category import Category as Category
from chesslaws.clock._clock import MONOTONIC as MONOTONIC
from chesslaws.clock._clock import Clock as Clock
from chesslaws.clock._comments import format_clk as format_clk
from chesslaws.clock._comments import format_emt as format_emt
from chesslaws.clock._comments import format_hms as format_hms
from chesslaws.clock._comments import parse_clock_comment as parse_clock_comment
from chesslaws.clock._comments import parse_hms as parse_hms
from chesslaws.clock._kind import TimeControlKind as TimeControlKind
from chesslaws.clock._period import DelayMode as DelayMode
from chesslaws.clock._period import Period as Period
from chesslaws.clock._source import ManualTimeSource as ManualTimeSource
from chesslaws.clock._source import MonotonicTimeSource as MonotonicTimeSource
from chesslaws.clock._source import TimeSource as TimeSource
from chesslaws.clock._spoken import Reading as Reading
from chesslaws.clock._spoken import describe as describe
from chesslaws.clock._spoken import read_spoken as read_spoken
from chesslaws.clock._timecontrol import TimeControl as TimeControl

__all__ = [
    "MONOTONIC",
    "Category",
    "Clock",
    "DelayMode",
    "ManualTimeSource",
    "MonotonicTimeSource",
    "Period",
    "Reading",
    "TimeControl",
    "TimeControlKind",
    "TimeSource",
    "describe",
    "format_clk",
    "format_emt",
    "format_hms",
    "parse_clock_comment",
    "parse_hms",
    "read_spoken",
]
