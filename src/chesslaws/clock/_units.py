"""Exact decimal seconds: reading ``"0.05"`` as 50 ms and writing 50 ms as ``"0.05"``.

Time controls and clock comments write seconds in decimal; the clock counts whole milliseconds.
Text is converted digit by digit (never through a binary float), so every value is exact, and
a value finer than a millisecond is refused rather than rounded.
"""

from __future__ import annotations

from chesslaws._words import Words

__all__ = ["MAX_DIGITS", "scan_seconds", "scan_uint", "seconds_text"]

MAX_DIGITS = 15
"""Longest run of digits read as a number (about 30,000 years in ms): longer text is refused,
never handed to ``int`` (which refuses over 4,300 digits with a message about Python limits)."""

_DIGITS = frozenset("0123456789")


def seconds_text(ms: int) -> str:
    """Seconds as the shortest exact decimal: ``5400000 -> "5400"``, ``50 -> "0.05"``.

    >>> seconds_text(5_400_000), seconds_text(1_500), seconds_text(50), seconds_text(0)
    ('5400', '1.5', '0.05', '0')
    """
    sign = "-" if ms < 0 else ""
    whole, frac = divmod(abs(ms), 1000)
    if frac == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole}.{frac:03d}".rstrip("0")


def scan_uint(text: str, start: int) -> int:
    """End index of the run of ASCII digits starting at ``start`` (``start`` itself if none)."""
    end = start
    n = len(text)
    while end < n and text[end] in _DIGITS:
        end += 1
    return end


def scan_seconds(text: str, start: int, scale: int = 1000) -> tuple[int, int, str]:
    """Read ``DIGITS[.DIGITS]`` at ``start`` as whole milliseconds, ``scale`` ms per unit.

    ``scale`` is the number of milliseconds in one unit of the number (1000 for seconds, 60000
    for minutes). Returns ``(ms, end, "")``, or ``(0, index, problem)`` saying what was wanted
    at ``index``: a number, digits after the point, or no fraction finer than a millisecond.

    >>> scan_seconds("12.5+3", 0), scan_seconds("1.5", 0, 60_000), scan_seconds("1.0001", 0)
    ((12500, 4, ''), (90000, 3, ''), (0, 5, 'a time in whole milliseconds (too many decimals)'))
    """
    end = scan_uint(text, start)
    if end == start:
        return 0, start, Words("a number")
    if end - start > MAX_DIGITS:
        return 0, start, Words("a number of at most {digits} digits", digits=MAX_DIGITS)
    value = int(text[start:end]) * scale
    if end < len(text) and text[end] == ".":
        frac_start = end + 1
        frac_end = scan_uint(text, frac_start)
        if frac_end == frac_start:
            return 0, frac_start, Words("digits after the decimal point")
        if frac_end - frac_start > MAX_DIGITS:
            return (
                0,
                frac_start,
                Words("at most {digits} digits after the decimal point", digits=MAX_DIGITS),
            )
        digits = text[frac_start:frac_end].rstrip("0")
        if digits:
            numerator = int(digits) * scale
            denominator = 10 ** len(digits)
            if numerator % denominator:
                k = 1
                while int(digits[:k]) * scale % 10**k == 0:
                    k += 1
                return (
                    0,
                    frac_start + k - 1,
                    Words("a time in whole milliseconds (too many decimals)"),
                )
            value += numerator // denominator
        end = frac_end
    return value, end, ""
