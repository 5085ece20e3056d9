"""Clock times as text: ``h:mm:ss(.fff)`` and the PGN comment commands ``[%clk]``, ``[%emt]``.

``[%clk 1:30:00]`` is the mover's remaining time after the move; ``[%emt 0:00:12.3]`` is the time
the move took (elapsed move time). Both write hours, two-digit minutes and two-digit seconds,
with a decimal fraction of a second only when it is not zero (at most three digits: the clock
counts milliseconds).
"""

from __future__ import annotations

import re

from chesslaws._errors import TimeControlError
from chesslaws._words import Words
from chesslaws.clock._reader import Reader

__all__ = ["format_clk", "format_emt", "format_hms", "parse_clock_comment", "parse_hms"]

#: What a clock time's reader names when it fails (words built once: times are read often).
_CLOCK_TIME = Words("clock time")
_NUMBER = Words("a number of hours, minutes or seconds")
_TWO_DIGITS = Words("two digits after ':'")
_SECONDS = Words("seconds")


def format_hms(ms: int, *, places: int | None = None) -> str:
    """``h:mm:ss`` with the fraction of a second: exact by default, or to ``places`` digits.

    With ``places`` (0 to 3) the time is truncated toward zero, as a clock display never shows
    more time than is left. Negative times get a leading ``-``.

    >>> format_hms(5_400_000), format_hms(12_300), format_hms(12_345), format_hms(12_345, places=1)
    ('1:30:00', '0:00:12.3', '0:00:12.345', '0:00:12.3')
    """
    if type(ms) is not int:
        raise TypeError(f"a clock time is integer milliseconds, got {ms!r}")
    if places is not None and not 0 <= places <= 3:
        raise ValueError(f"places must be 0 to 3, got {places}")
    sign = "-" if ms < 0 else ""
    seconds, frac = divmod(abs(ms), 1000)
    hours, seconds = divmod(seconds, 3600)
    minutes, seconds = divmod(seconds, 60)
    text = f"{sign}{hours}:{minutes:02d}:{seconds:02d}"
    if places is None:
        if frac:
            text += f".{frac:03d}".rstrip("0")
    elif places:
        text += "." + f"{frac:03d}"[:places]
    return text


def parse_hms(text: str) -> int:
    """Read ``h:mm:ss(.f)`` (also ``m:ss(.f)`` or ``ss(.f)``) as whole milliseconds.

    Minutes and seconds after a colon must be below 60; a fraction has at most three digits
    (trailing zeros aside). Raises :class:`~chesslaws.TimeControlError` naming the index.

    >>> parse_hms("1:30:00"), parse_hms("0:00:12.3"), parse_hms("2:05"), parse_hms("7.25")
    (5400000, 12300, 125000, 7250)
    """
    r = Reader(text, label=_CLOCK_TIME)
    return _read_hms(r, len(text.rstrip()))


def _read_hms(r: Reader, end: int) -> int:
    """Read a time between the cursor (leading spaces skipped) and ``end``."""
    r.skip_space()
    r.n = end
    if r.at_end():
        r.fail(Words("a time h:mm:ss"))
    starts = [r.pos]
    values = [r.uint(_NUMBER)]
    while r.peek() == ":" and len(values) < 3:
        r.pos += 1
        starts.append(r.pos)
        values.append(r.uint(_TWO_DIGITS))
    for at, value in zip(starts[1:], values[1:], strict=True):
        if value >= 60:
            r.fail(Words("minutes or seconds below 60"), at)
    total = 0
    if r.peek() == ".":
        r.pos = starts[-1]
        total = r.number(_SECONDS) - values[-1] * 1000
    if not r.at_end():
        r.fail(
            Words("the end of the time")
            if len(values) == 3
            else Words("':', '.' or the end of the time")
        )
    for value, unit in zip(reversed(values), (1000, 60_000, 3_600_000), strict=False):
        total += value * unit
    return total


def format_clk(ms: int) -> str:
    """The PGN comment command for remaining time: ``[%clk 1:30:00]``.

    >>> format_clk(5_400_000), format_clk(59_500)
    ('[%clk 1:30:00]', '[%clk 0:00:59.5]')
    """
    return f"[%clk {format_hms(ms)}]"


def format_emt(ms: int) -> str:
    """The PGN comment command for elapsed move time: ``[%emt 0:00:12.3]``.

    >>> format_emt(12_300)
    '[%emt 0:00:12.3]'
    """
    return f"[%emt {format_hms(ms)}]"


_COMMAND = re.compile(r"\[%(clk|emt)(?=[\s\]])\s*([^\]]*)\]", re.IGNORECASE)
# The usual spelling, read without the general reader: h:mm:ss with up to 3 decimals.
_PLAIN = re.compile(r"(\d{1,9}):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?\s*\Z", re.ASCII)


def parse_clock_comment(comment: str, *, strict: bool = True) -> tuple[int | None, int | None]:
    """The ``[%clk ...]`` and ``[%emt ...]`` times of a PGN comment, in ms (``None`` if absent).

    The first of each command counts. With ``strict`` (default) a command whose time cannot be
    read raises :class:`~chesslaws.TimeControlError` whose ``index`` is the offset in
    ``comment``; otherwise it is ignored.

    >>> parse_clock_comment("good move [%clk 1:29:40] [%emt 0:00:20.5]")
    (5380000, 20500)
    >>> parse_clock_comment("no clock here")
    (None, None)
    """
    found: dict[str, int] = {}
    r: Reader | None = None
    if "[%" not in comment:
        return None, None
    for match in _COMMAND.finditer(comment):
        name = match.group(1).lower()
        if name in found:
            continue
        plain = _PLAIN.match(match.group(2))
        if plain is not None:
            hours, minutes, seconds, fraction = plain.groups()
            ms = (int(hours) * 3600 + int(minutes) * 60 + int(seconds)) * 1000
            if fraction:
                ms += int(fraction.ljust(3, "0"))
            found[name] = ms
            continue
        if r is None:
            r = Reader(comment, label=Words("clock comment"))
        r.pos = match.start(2)
        try:
            found[name] = _read_hms(r, match.start(2) + len(match.group(2).rstrip()))
        except TimeControlError:
            if strict:
                raise
    return found.get("clk"), found.get("emt")
