"""Time controls as people write them: "5+3", "90+30", "40/90+30:30+30" (Article 6.3).

Players and organisers write the base time in **minutes** and the increment in seconds ("5+3":
5 minutes and 3 seconds a move); a PGN ``TimeControl`` tag and the event log write both in
seconds ("300+3"). A bare form such as "60+0" reads both ways (an hour, or a minute), so
:func:`read_spoken` gives every reading that makes a plausible game, in words and with its
category (A.1, B.1), and says when there is more than one: the reader then asks which was
meant. The chosen reading's :attr:`Reading.pgn` is what the log and the API keep.

A reading is plausible in minutes when no period gives more than two and a half hours, and in
seconds when every period gives at least a minute and a whole number of minutes (as PGN tags
are written: "300+2", "5400+30"). Forms only one syntax can write ("3|2", "G/90;inc30",
"90'+30\"", "3 min + 2 s", "-") have one reading.

>>> [(r.pgn, r.words, r.category) for r in read_spoken("5+3")]
[('300+3', '5 min for all moves + 3 s per move', 'blitz')]
>>> [r.pgn for r in read_spoken("60+0")]
['3600', '60']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chesslaws._errors import TimeControlError
from chesslaws._words import Words, words_json

from ._kind import TimeControlKind
from ._period import DelayMode, Period
from ._timecontrol import TimeControl

__all__ = ["Reading", "describe", "read_spoken"]

_MINUTE = 60_000
_MOST_MINUTES = 150 * _MINUTE


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of a written time control: the control, its PGN form (seconds), its words
    and its category (``standard``, ``rapid``, ``blitz``, or None without a clock)."""

    control: TimeControl
    pgn: str
    words: Words
    category: str | None

    def to_json(self) -> dict[str, Any]:
        """``pgn``, ``words`` (English), ``category``, and ``i18n``: the words' code and
        parameters, for a page to render them in its reader's language."""
        return {"pgn": self.pgn, "words": self.words, "category": self.category,
                "i18n": words_json(words=self.words)}  # fmt: skip


def read_spoken(text: str) -> list[Reading]:
    """The plausible readings of ``text``, minutes first; more than one when ``text`` is
    ambiguous. Raises :class:`~chesslaws.TimeControlError` when it reads neither way."""
    if not isinstance(text, str):
        raise TypeError(f"a time control is read from a str, got {text!r}")
    found: dict[TimeControl, bool] = {}  # each control read, and whether read in minutes
    errors: list[TimeControlError] = []
    for shorthand in (True, False):
        try:
            control = TimeControl.parse(text.strip(), shorthand=shorthand)
        except TimeControlError as error:
            errors.append(error)
            continue
        found.setdefault(control, shorthand)
    if not found:
        raise max(errors, key=lambda e: e.index)
    plausible = [c for c, minutes in found.items() if _plausible(c, minutes=minutes)]
    return [_reading(c) for c in (plausible or list(found))]


def _plausible(control: TimeControl, *, minutes: bool) -> bool:
    """Whether ``control`` makes a game people play (see the module docstring)."""
    if control.kind is not TimeControlKind.PERIODS:
        return True
    times = [p.time for p in control.periods]
    if minutes:
        return all(t <= _MOST_MINUTES for t in times)
    return all(t >= _MINUTE and t % _MINUTE == 0 for t in times)


def _reading(control: TimeControl) -> Reading:
    category = control.category()
    return Reading(control, control.canonical(), describe(control),
                   category.value if category is not None else None)  # fmt: skip


def describe(control: TimeControl) -> Words:
    """``control`` in words: "90 min for 40 moves + 30 s per move, then 30 min for the rest
    of the game + 30 s per move" (kept as :class:`~chesslaws._words.Words`, each part a code
    and its numbers, so that a reader sees it in his language)."""
    words = _KINDS.get(control.kind)
    if words is not None:
        return words
    if control.kind is TimeControlKind.SANDCLOCK:
        return Words("sandclock of {time}", time=_duration(control.sandclock))
    periods = control.periods
    parts = [_period(p, alone=len(periods) == 1) for p in periods]
    if periods[-1].moves is not None:
        parts[-1] = Words("{period}, repeated", period=parts[-1])
    said = parts[0]
    for part in parts[1:]:
        said = Words("{first}, then {then}", first=said, then=part)
    return said


_KINDS = {
    TimeControlKind.NONE: Words("no clock"),
    TimeControlKind.UNKNOWN: Words("time control unknown"),
}


def _period(period: Period, *, alone: bool) -> Words:
    time = _duration(period.time)
    if period.moves is not None:
        words = Words("{time} for {moves} moves", time=time, moves=period.moves)
    elif alone:
        words = Words("{time} for all moves", time=time)
    else:
        words = Words("{time} for the rest of the game", time=time)
    if period.increment:
        increment = _duration(period.increment)
        if period.increment_from > 1:
            words = Words("{period} + {increment} per move from move {move}", period=words,
                          increment=increment, move=period.increment_from)  # fmt: skip
        else:
            words = Words("{period} + {increment} per move", period=words, increment=increment)
    if period.delay:
        delay = _duration(period.delay)
        if period.delay_mode is DelayMode.BRONSTEIN:
            words = Words("{period} + {delay} Bronstein delay per move", period=words, delay=delay)
        else:
            words = Words("{period} + {delay} delay per move", period=words, delay=delay)
    return words


def _duration(ms: int) -> Words:
    """``ms`` as a player says it: "90 min", "1 min 30 s", "3 s", "0.5 s"."""
    minutes, rest = divmod(ms, _MINUTE)
    seconds: int | str = rest // 1000 if rest % 1000 == 0 else f"{rest / 1000:g}"
    if not minutes:
        return Words("{seconds} s", seconds=seconds)
    if not rest:
        return Words("{minutes} min", minutes=minutes)
    return Words("{minutes} min {seconds} s", minutes=minutes, seconds=seconds)
