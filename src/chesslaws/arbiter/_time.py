"""Exact event time: seconds as written in an event log, integer milliseconds inside.

An event's ``at`` is a JSON number of seconds. It is read from its decimal text (never through a
binary float) and rounded half-to-even to whole milliseconds, so ``0.0005`` is 0 ms, ``0.0015``
is 2 ms and ``641.5`` is 641,500 ms on every machine. Written back, whole milliseconds print as
the shortest decimal that reads back the same (``641.5``, ``1730.0``).
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation
from typing import NewType

from chesslaws._words import Words

__all__ = ["MAX_SECONDS", "Millis", "instant_to_json", "ms_to_seconds", "seconds_to_ms"]

Millis = NewType("Millis", int)
"""A duration or an instant in whole milliseconds (instants count from the ``start`` event)."""

_THOUSAND = Decimal(1000)
_ONE = Decimal(1)

MAX_SECONDS = 10**9
"""The largest number of seconds an event may give (about 31 years): a game's times, penalties
and controls are far below it, and anything larger is a broken log, refused."""


def _out_of_range(value: object) -> Words:
    text = str(value)
    shown = text if len(text) <= 40 else f"{text[:20]}...{text[-8:]} ({len(text)} characters)"
    most = format(MAX_SECONDS, ",")
    return Words("{value} seconds is out of range (at most {most})", value=shown, most=most)


def _not_seconds(value: object) -> Words:
    return Words("not a number of seconds: {value}", value=repr(value))


def seconds_to_ms(value: object) -> Millis:
    """Whole milliseconds of ``value`` seconds, rounded half-to-even on its decimal text.

    ``value`` may be an ``int``, a ``Decimal`` (as ``json.loads(..., parse_float=Decimal)``
    gives), a ``str`` of decimal digits, or a ``float`` (converted through its shortest repr, so
    ``0.1`` means exactly one tenth). Raises ``ValueError`` for anything else, for infinities and
    NaN.

    >>> seconds_to_ms("641.5"), seconds_to_ms(2), seconds_to_ms("0.0015"), seconds_to_ms("0.0025")
    (641500, 2000, 2, 2)
    """
    if isinstance(value, bool):
        raise ValueError(_not_seconds(value))
    if isinstance(value, int):
        if abs(value) > MAX_SECONDS:
            raise ValueError(_out_of_range(value))
        return Millis(value * 1000)
    if isinstance(value, Decimal):
        number = value
    elif isinstance(value, float):
        number = Decimal(repr(value))
    elif isinstance(value, str):
        try:
            number = Decimal(value.strip())
        except InvalidOperation:
            raise ValueError(_not_seconds(value)) from None
    else:
        raise ValueError(_not_seconds(value))
    if not number.is_finite():
        raise ValueError(Words("not a finite number of seconds: {value}", value=repr(value)))
    if abs(number) > MAX_SECONDS:
        raise ValueError(_out_of_range(value))
    millis = (number * _THOUSAND).quantize(_ONE, rounding=ROUND_HALF_EVEN)
    return Millis(int(millis))


def ms_to_seconds(ms: int) -> float | int:
    """Seconds for JSON output: an ``int`` for whole seconds of a penalty, else a ``float``.

    Whole milliseconds below 2**53 / 1000 seconds print exactly (``ms / 1000`` is the nearest
    double, and its repr is the short decimal).

    >>> ms_to_seconds(641500), ms_to_seconds(120000)
    (641.5, 120)
    """
    if ms % 1000 == 0:
        return ms // 1000
    return ms / 1000


def instant_to_json(ms: int) -> float:
    """An event instant for JSON output, always a float (``1730.0``), as the spec writes it."""
    return ms / 1000
