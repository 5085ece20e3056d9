"""The canonical time-control syntax of ``docs/events.md`` and the PGN ``TimeControl`` tag.

Grammar (times in seconds, decimals allowed down to the millisecond)::

    control  := "-" | "?" | "*" SECONDS | period (":" period)*
    period   := [MOVES "/"] SECONDS ["+" INC ["@" FROM]] [("d" | "b") DELAY]

``-`` is a game without a clock, ``?`` an unknown control, ``*60`` a sandclock (hourglass) of 60
seconds. ``@FROM`` (an extension of this project) says from which of the player's moves the
increment is added; it is written only when it is not 1. ``d`` is a simple delay (Article 6.3.2),
``b`` a Bronstein delay. Only the last period may leave out ``MOVES/`` (the rest of the game);
if the last period has a move count it repeats.
"""

from __future__ import annotations

import re

from chesslaws._words import Words
from chesslaws.clock._kind import TimeControlKind
from chesslaws.clock._period import DelayMode, Period
from chesslaws.clock._reader import Reader
from chesslaws.clock._units import seconds_text

__all__ = ["format_period", "read_canonical"]


def format_period(period: Period) -> str:
    """One period in canonical form: ``40/5400+30``, ``300d5``, ``1800+30@41``."""
    parts = []
    if period.moves is not None:
        parts.append(f"{period.moves}/")
    parts.append(seconds_text(period.time))
    if period.increment:
        parts.append(f"+{seconds_text(period.increment)}")
        if period.increment_from != 1:
            parts.append(f"@{period.increment_from}")
    if period.delay:
        parts.append(f"{period.delay_mode.letter}{seconds_text(period.delay)}")
    return "".join(parts)


# Whole seconds, the usual case, read without the general reader.
_PLAIN = re.compile(
    r"(?:([1-9]\d*)/)?(\d+)(?:\+(\d+)(?:@([1-9]\d*))?)?(?:([db])(\d+))?\Z", re.ASCII
)


def _read_plain(text: str) -> tuple[Period, ...] | None:
    """Periods of whole seconds; ``None`` when the text needs the general reader."""
    if len(text) > 64:
        return None  # long numbers are refused, with their index, by the general reader
    parts = text.split(":")
    last = len(parts) - 1
    periods = []
    for i, part in enumerate(parts):
        match = _PLAIN.match(part)
        if match is None:
            return None
        moves, time, increment, start, letter, delay = match.groups()
        if moves is None and i != last:
            return None
        periods.append(
            Period(
                None if moves is None else int(moves),
                int(time) * 1000,
                0 if increment is None else int(increment) * 1000,
                1 if start is None else int(start),
                0 if delay is None else int(delay) * 1000,
                DelayMode.BRONSTEIN if letter == "b" else DelayMode.SIMPLE,
            )
        )
    return tuple(periods)


def read_canonical(text: str) -> tuple[TimeControlKind, tuple[Period, ...], int]:
    """Read the canonical/PGN syntax: ``(kind, periods, sandclock ms)``.

    Surrounding whitespace is ignored; anything else out of place raises
    :class:`~chesslaws.TimeControlError` naming the index and what was expected.
    """
    if "0" <= text[:1] <= "9":
        plain = _read_plain(text)
        if plain is not None:
            return TimeControlKind.PERIODS, plain, 0
    r = Reader(text)
    r.skip_space()
    end = len(text.rstrip())
    if r.pos >= end:
        r.fail(Words("a time control ('-', '?', '*SECONDS' or [MOVES/]SECONDS[+INC][dDELAY])"))
    r.n = end
    if r.accept("-"):
        if not r.at_end():
            r.fail(Words("the end after '-' (a game without a clock)"))
        return TimeControlKind.NONE, (), 0
    if r.accept("?"):
        if not r.at_end():
            r.fail(Words("the end after '?' (an unknown time control)"))
        return TimeControlKind.UNKNOWN, (), 0
    if r.accept("*"):
        sand = r.number(Words("the seconds of a sandclock"))
        if not r.at_end():
            r.fail(Words("the end after a sandclock '*SECONDS'"))
        if sand == 0:
            r.fail(Words("a sandclock of more than 0 seconds"), r.pos - 1)
        return TimeControlKind.SANDCLOCK, (), sand

    periods: list[Period] = []
    while True:
        start = r.pos
        moves: int | None = None
        digits = r.pos
        while digits < r.n and "0" <= r.text[digits] <= "9":
            digits += 1
        if digits > r.pos and digits < r.n and r.text[digits] == "/":
            moves = r.uint(Words("a number of moves"))
            if moves < 1:
                r.fail(Words("a number of moves of at least 1"), start)
            r.pos += 1
        time = r.number(Words("a number of seconds"))
        increment = 0
        increment_from = 1
        delay = 0
        mode = DelayMode.SIMPLE
        if r.accept("+"):
            increment = r.number(Words("an increment in seconds"))
            if r.accept("@"):
                at = r.pos
                increment_from = r.uint(Words("the move number from which the increment is added"))
                if increment_from < 1:
                    r.fail(Words("a move number of at least 1"), at)
        letter = r.peek()
        if letter in ("d", "b"):
            r.pos += 1
            delay = r.number(Words("a delay in seconds"))
            mode = DelayMode.SIMPLE if letter == "d" else DelayMode.BRONSTEIN
        periods.append(Period(moves, time, increment, increment_from, delay, mode))
        if r.at_end():
            break
        if r.peek() != ":":
            r.fail(Words("':' (next period), '+' (increment), 'd'/'b' (delay) or the end"))
        if moves is None:
            r.fail(
                Words(
                    "'MOVES/' before the time (only the last period may be for the rest of "
                    "the game)"
                ),
                start,
            )
        r.pos += 1
    return TimeControlKind.PERIODS, tuple(periods), 0
