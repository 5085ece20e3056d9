"""Reading the common shorthand of time controls, where a bare time means minutes.

Accepted forms (case-insensitive, spaces allowed)::

    3|2                   3 minutes, 2 s increment (online platforms)
    90+30                 90 minutes, 30 s increment
    G/90;inc30  G90 d5    US Chess: game in 90 min with a 30 s increment / 5 s delay
    40/90, SD/30 +30s     40 moves in 90 min, then 30 min sudden death, 30 s from move 1
    40/120, 20/60, 15+30  an increment attached to one period belongs to that period only
    1h30m+30s  90'+30"    units: h, m/min/', s/sec/"

A period is ``[MOVES/ | G/ | SD/] DURATION``. An increment (``+N``, ``incN``), a simple delay
(``dN``, ``delay N``) or a Bronstein delay (``bN``, ``bronstein N``) written right after a period's
time (no space) belongs to that period; written apart (after a space, ``,`` or ``;``) it applies
to every period that has none of its own. Periods are separated by ``,``, ``;``, ``:`` or ``then``.
Bare times of periods are minutes; bare increments and delays are seconds.
"""

from __future__ import annotations

from dataclasses import dataclass

from chesslaws._words import Words
from chesslaws.clock._period import DelayMode, Period
from chesslaws.clock._reader import Reader

__all__ = ["read_shorthand"]

_HOUR = 3_600_000
_MINUTE = 60_000
_SECOND = 1_000
_UNIT_WORDS = {
    "h": _HOUR,
    "hr": _HOUR,
    "hrs": _HOUR,
    "hour": _HOUR,
    "hours": _HOUR,
    "m": _MINUTE,
    "min": _MINUTE,
    "mins": _MINUTE,
    "minute": _MINUTE,
    "minutes": _MINUTE,
    "s": _SECOND,
    "sec": _SECOND,
    "secs": _SECOND,
    "second": _SECOND,
    "seconds": _SECOND,
}
_INCREMENT_WORDS = ("increment", "incr", "inc")
_DELAY_WORDS = {
    "delay": DelayMode.SIMPLE,
    "d": DelayMode.SIMPLE,
    "bronstein": DelayMode.BRONSTEIN,
    "b": DelayMode.BRONSTEIN,
}


@dataclass(slots=True)
class _Draft:
    moves: int | None
    time: int
    increment: int | None = None
    increment_from: int = 1
    delay: int | None = None
    delay_mode: DelayMode = DelayMode.SIMPLE


def _unit(r: Reader) -> int | None:
    """Consume a unit after a number (spaces allowed before a word unit); its ms, or None."""
    if r.accept("''") or r.accept('"'):
        return _SECOND
    if r.accept("'"):
        return _MINUTE
    save = r.pos
    r.skip_space()
    word = r.word()
    if word in _UNIT_WORDS:
        r.pos += len(word)
        return _UNIT_WORDS[word]
    r.pos = save
    return None


def _duration(r: Reader, default: int, what: str) -> int:
    """A time such as ``90``, ``1.5``, ``90min``, ``1h30``, ``1h30m``, ``30s``, ``90'``.

    A bare number takes ``default``; right after hours it is minutes, after minutes seconds.
    """
    total = 0
    last: int | None = None
    while True:
        value = r.number(what, _SECOND)
        unit = _unit(r)
        if unit is None:
            unit = default if last is None else (_MINUTE if last == _HOUR else _SECOND)
            return total + value * unit // _SECOND
        total += value * unit // _SECOND
        if unit == _SECOND or not _digit(r.peek()):
            return total
        last = unit


def _digit(ch: str) -> bool:
    return "0" <= ch <= "9"


def _increment_from(r: Reader) -> int:
    if r.accept("@"):
        at = r.pos
        n = r.uint(Words("the move number from which the increment is added"))
        if n < 1:
            r.fail(Words("a move number of at least 1"), at)
        return n
    return 1


def _modifier(r: Reader, draft: _Draft) -> bool:
    """Read one increment or delay into ``draft``; False (nothing consumed) if none is next."""
    save = r.pos
    word = "+" if r.peek() == "+" else r.word()
    if word == "+" or word in _INCREMENT_WORDS:
        if draft.increment is not None:
            r.fail(Words("no second increment (one increment per period)"))
        r.pos += len(word)
        r.skip_space()
        draft.increment = _duration(r, _SECOND, Words("an increment"))
        draft.increment_from = _increment_from(r)
        return True
    if word in _DELAY_WORDS:
        r.pos += len(word)
        r.skip_space()
        if not _digit(r.peek()):
            r.pos = save
            return False
        if draft.delay is not None:
            r.fail(Words("no second delay (one delay per period)"), save)
        draft.delay = _duration(r, _SECOND, Words("a delay"))
        draft.delay_mode = _DELAY_WORDS[word]
        return True
    return False


def _period(r: Reader) -> _Draft | None:
    """A period, with its attached modifiers; None (nothing consumed) if none is next."""
    moves: int | None = None
    word = r.word()
    if word in ("g", "sd", "game"):
        r.pos += len(word)
        r.skip_space()
        r.accept("/")
        r.skip_space()
        if not _digit(r.peek()):
            r.fail(Words("the time of a sudden-death period"))
    elif _digit(r.peek()):
        digits_end = r.pos
        while digits_end < r.n and _digit(r.text[digits_end]):
            digits_end += 1
        probe = digits_end
        while probe < r.n and r.text[probe].isspace():
            probe += 1
        if probe < r.n and r.text[probe] == "/":
            at = r.pos
            moves = r.uint(Words("a number of moves"))
            if moves < 1:
                r.fail(Words("a number of moves of at least 1"), at)
            r.pos = probe + 1
            r.skip_space()
    else:
        return None
    draft = _Draft(moves, _duration(r, _MINUTE, Words("the time of a period")))
    while _modifier(r, draft):
        pass
    return draft


def _separator(r: Reader) -> bool:
    spaced = r.skip_space()
    if r.accept(",") or r.accept(";") or r.accept(":"):
        r.skip_space()
        return True
    if r.word() == "then":
        r.pos += 4
        r.skip_space()
        return True
    return spaced


def read_shorthand(text: str) -> tuple[Period, ...]:
    """Read a shorthand time control (module docstring) into periods.

    Raises :class:`~chesslaws.TimeControlError` naming the index and what was expected.
    """
    r = Reader(text)
    r.skip_space()
    r.n = len(text.rstrip())
    if r.at_end():
        r.fail(Words("a time control such as '90+30', '3|2', 'G/90;inc30' or '40/90, SD/30 +30s'"))
    drafts: list[_Draft] = []
    starts: list[int] = []
    common = _Draft(None, 0)
    if "|" in text:
        base = _duration(r, _MINUTE, Words("the minutes before '|'"))
        r.skip_space()
        if not r.accept("|"):
            r.fail(Words("'|' between minutes and increment"))
        r.skip_space()
        increment = _duration(r, _SECOND, Words("the increment after '|'"))
        drafts.append(_Draft(None, base, increment))
        starts.append(0)
    while not r.at_end():
        before = r.pos
        if drafts and not _separator(r):
            r.fail(Words("',', ';', ':' or a space between periods, or the end"))
        if r.at_end():
            if r.text[before : r.n].strip():
                r.fail(
                    Words("a period after the separator"),
                    before + r.text[before:].index(r.text[before : r.n].strip()[0]),
                )
            break
        start = r.pos
        draft = _period(r)
        if draft is None:
            if not _modifier(r, common):
                r.fail(
                    Words(
                        "a period ('MOVES/TIME', 'G/TIME', 'SD/TIME', 'TIME') or an increment "
                        "('+N', 'incN') or delay ('dN', 'bN')"
                    )
                )
            if not drafts:
                r.fail(Words("a period before the increment or delay"), start)
            continue
        if drafts and drafts[-1].moves is None:
            r.fail(
                Words(
                    "'MOVES/' before the time (only the last period may be for the rest of "
                    "the game)"
                ),
                starts[-1],
            )
        drafts.append(draft)
        starts.append(start)
    periods = []
    for d in drafts:
        own_increment = d.increment is not None
        increment = (d.increment if own_increment else common.increment) or 0
        increment_from = d.increment_from if own_increment else common.increment_from
        own_delay = d.delay is not None
        delay = (d.delay if own_delay else common.delay) or 0
        mode = d.delay_mode if own_delay else common.delay_mode
        periods.append(Period(d.moves, d.time, increment, increment_from, delay, mode))
    return tuple(periods)
