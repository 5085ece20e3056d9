"""``TimeControl``: the periods of a game's time control (Article 6.3, Appendices A.1, B.1)."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any

from chesslaws._errors import TimeControlError
from chesslaws._words import Words
from chesslaws.clock._canonical import format_period, read_canonical
from chesslaws.clock._category import Category
from chesslaws.clock._kind import TimeControlKind
from chesslaws.clock._period import Period
from chesslaws.clock._shorthand import read_shorthand
from chesslaws.clock._units import seconds_text

__all__ = ["TimeControl"]


def _json_seconds(ms: int) -> int | float:
    """Seconds for JSON: an int when whole, else the float whose repr is the exact decimal."""
    return ms // 1000 if ms % 1000 == 0 else ms / 1000


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A game's time control: an ordered tuple of :class:`Period` (Article 6.3).

    Also represents the other values of the PGN ``TimeControl`` tag: no clock (``-``), an unknown
    control (``?``) and a sandclock (``*60``), told apart by ``kind``. ``sandclock`` is the
    sandclock's time in ms (0 for other kinds).

    Reading (:meth:`parse`) accepts the syntax of ``docs/events.md`` and the PGN tag, and the
    common shorthand; writing (``str(tc)``, :meth:`canonical`) is canonical, and reading what was
    written gives an equal control back.

    >>> tc = TimeControl.parse("40/5400+30:1800+30")
    >>> tc.periods[0].moves, tc.periods[1].time, str(tc), tc.category().value
    (40, 1800000, '40/5400+30:1800+30', 'standard')
    >>> str(TimeControl.parse("90+30", shorthand=True)), str(TimeControl.parse("3|2"))
    ('5400+30', '180+2')
    """

    periods: tuple[Period, ...] = ()
    kind: TimeControlKind = TimeControlKind.PERIODS
    sandclock: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.periods, tuple):
            object.__setattr__(self, "periods", tuple(self.periods))
        if not isinstance(self.kind, TimeControlKind):
            raise TypeError(f"TimeControl.kind must be a TimeControlKind, got {self.kind!r}")
        if self.kind is TimeControlKind.PERIODS:
            if not self.periods:
                raise ValueError("a time control needs at least one period")
            for i, period in enumerate(self.periods):
                if not isinstance(period, Period):
                    raise TypeError(f"TimeControl.periods[{i}] is not a Period: {period!r}")
                if period.moves is None and i != len(self.periods) - 1:
                    raise ValueError(
                        f"TimeControl.periods[{i}] is for the rest of the game but is not the "
                        "last period"
                    )
        elif self.periods:
            raise ValueError(f"a {self.kind.value} time control has no periods")
        if self.kind is TimeControlKind.SANDCLOCK:
            if not isinstance(self.sandclock, int) or self.sandclock <= 0:
                raise ValueError(f"a sandclock needs a positive time in ms, got {self.sandclock!r}")
        elif self.sandclock:
            raise ValueError(f"a {self.kind.value} time control has no sandclock time")

    # --- constructors -------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str, *, shorthand: bool | None = None) -> TimeControl:
        """Read a time control.

        * ``shorthand=False``: only the canonical/PGN syntax (``40/9000:300``, ``300+2``,
          ``300d5``, ``*60``, ``-``, ``?``; times in seconds; see ``_canonical``).
        * ``shorthand=True``: only the common shorthand, where a bare time means **minutes**
          (``90+30``, ``G/90;inc30``, ``40/90, SD/30 +30s``, ``3|2``; see ``_shorthand``).
        * ``None`` (default): the canonical syntax if the text is written in it, else the
          shorthand. So ``"90+30"`` is 90 **seconds** plus 30 (as in a PGN tag), while
          ``"90+30s"``, ``"3|2"`` and ``"G/90;inc30"`` are shorthand.

        A bad string raises :class:`~chesslaws.TimeControlError` whose ``index`` is the offset in
        the string and whose message says what was expected there.
        """
        if not isinstance(text, str):
            raise TypeError(f"a time control is read from a str, got {text!r}")
        return _parse(text, shorthand)

    @classmethod
    def _read(cls, text: str, shorthand: bool | None) -> TimeControl:
        if shorthand:
            return _with_time(cls(read_shorthand(text)), text)
        try:
            kind, periods, sand = read_canonical(text)
        except TimeControlError as canonical_error:
            if shorthand is False:
                raise
            _refuse_damaged_canonical(text, canonical_error)
            try:
                return _with_time(cls(read_shorthand(text)), text)
            except TimeControlError as shorthand_error:
                # Report the reader that understood more of the text.
                if shorthand_error.index > canonical_error.index:
                    raise shorthand_error from None
                raise canonical_error from None
        return _with_time(cls(periods, kind, sand), text)

    @classmethod
    def fischer(cls, time: int, increment: int = 0, *, delay: int = 0) -> TimeControl:
        """One period for the whole game: ``time`` plus ``increment`` per move (ms)."""
        return cls((Period(None, time, increment, delay=delay),))

    @classmethod
    def no_clock(cls) -> TimeControl:
        """``-``: a game played without a clock."""
        return cls((), TimeControlKind.NONE)

    @classmethod
    def unknown(cls) -> TimeControl:
        """``?``: the time control is not known."""
        return cls((), TimeControlKind.UNKNOWN)

    @classmethod
    def hourglass(cls, time: int) -> TimeControl:
        """``*SECONDS``: a sandclock of ``time`` ms."""
        return cls((), TimeControlKind.SANDCLOCK, time)

    # --- writing ------------------------------------------------------------------------------

    def canonical(self) -> str:
        """The canonical string: ``40/5400+30:1800+30``, ``300d5``, ``*60``, ``-``, ``?``."""
        if self.kind is TimeControlKind.NONE:
            return "-"
        if self.kind is TimeControlKind.UNKNOWN:
            return "?"
        if self.kind is TimeControlKind.SANDCLOCK:
            return f"*{seconds_text(self.sandclock)}"
        return ":".join(format_period(p) for p in self.periods)

    def __str__(self) -> str:
        return self.canonical()

    # --- questions ----------------------------------------------------------------------------

    @property
    def has_clock(self) -> bool:
        """Whether a clock can be run with this control (periods or a sandclock)."""
        return self.kind in (TimeControlKind.PERIODS, TimeControlKind.SANDCLOCK)

    @property
    def has_increment(self) -> bool:
        """Whether any period adds time per move (increment or delay): Guidelines III.2.2 apply
        only to games without."""
        return any(p.increment or p.delay for p in self.periods)

    def period_index(self, move: int) -> int:
        """Index of the period in which a player's ``move``-th move (1-based) is played.

        A repeating last period (one with a move count) keeps its index.

        >>> TimeControl.parse("40/5400:20/3600:900").period_index(41)
        1
        """
        if move < 1:
            raise ValueError(f"move numbers start at 1, got {move}")
        done = 0
        for i, period in enumerate(self.periods):
            if period.moves is None or move <= done + period.moves:
                return i
            done += period.moves
        if not self.periods:
            raise ValueError(f"a {self.kind.value} time control has no periods")
        return len(self.periods) - 1

    def time_for_moves(self, moves: int = 60) -> int | None:
        """Time in ms each player has to complete his first ``moves`` moves.

        The base times of the periods that start within those moves, plus every increment and
        delay those moves earn (a delay counted in full, as clocks are classified in practice).
        ``None`` without a clock; a sandclock counts its time.

        >>> TimeControl.parse("300+2").time_for_moves(60)
        420000
        """
        return _time_for_moves(self, moves)

    def _count_time_for_moves(self, moves: int) -> int | None:
        """:meth:`time_for_moves`, counted move by move."""
        if self.kind is TimeControlKind.SANDCLOCK:
            return self.sandclock
        if self.kind is not TimeControlKind.PERIODS:
            return None
        index = 0
        period = self.periods[0]
        total = period.time
        end = period.moves
        for move in range(1, moves + 1):
            if period.increment and move >= period.increment_from:
                total += period.increment
            total += period.delay
            if end is not None and move == end and move < moves:
                if index + 1 < len(self.periods):
                    index += 1
                period = self.periods[index]
                total += period.time
                end = None if period.moves is None else move + period.moves
        return total

    def category(self) -> Category | None:
        """Standard, rapid or blitz by the time for 60 moves (Appendices A.1 and B.1).

        ``T`` is the time each player has for 60 moves (:meth:`time_for_moves`): blitz if
        ``T <= 10 min``, rapid if ``10 min < T < 60 min``, else standard. For several periods,
        the periods that start within the first 60 moves count (an interpretation: the Laws give
        the one-period formula). ``None`` for no clock or an unknown control.

        >>> [TimeControl.parse(s).category().value for s in ("180+2", "600+1", "2700+15")]
        ['blitz', 'rapid', 'standard']
        """
        time = self.time_for_moves(60)
        return None if time is None else Category.for_time(time)

    # --- changes ------------------------------------------------------------------------------

    def with_increment(self, increment: int) -> TimeControl:
        """This control with a Fischer ``increment`` (ms) per move in every period, from move 1.

        For Guidelines III.4 (a 5-second increment granted for both players): install the result
        with :meth:`Clock.set_time_control`; increments count from the next completed move.
        """
        if self.kind is not TimeControlKind.PERIODS:
            raise ValueError(f"a {self.kind.value} time control has no periods to change")
        return TimeControl(
            tuple(
                dataclasses.replace(p, increment=increment, increment_from=1) for p in self.periods
            )
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready description: canonical string, kind, category, periods (in seconds)."""
        category = self.category()
        data: dict[str, Any] = {
            "canonical": self.canonical(),
            "kind": self.kind.value,
            "category": None if category is None else category.value,
            "periods": [
                {
                    "moves": p.moves,
                    "time": _json_seconds(p.time),
                    "increment": _json_seconds(p.increment),
                    "increment_from": p.increment_from,
                    "delay": _json_seconds(p.delay),
                    "delay_mode": p.delay_mode.value,
                }
                for p in self.periods
            ],
        }
        if self.kind is TimeControlKind.SANDCLOCK:
            data["sandclock"] = _json_seconds(self.sandclock)
        time = self.time_for_moves(60)
        data["time_for_60_moves"] = None if time is None else _json_seconds(time)
        return data


def _refuse_damaged_canonical(text: str, error: TimeControlError) -> None:
    """Refuse PGN syntax with something out of place rather than read it again as shorthand,
    where bare times are minutes: ``300+ 2``, ``300\\n+2`` or ``5 + 3`` (white space inside;
    never 300 minutes, nor 5 minutes + 3), ``5400:`` or ``300+2,`` (a separator with nothing
    after it)."""
    squeezed = "".join(text.split())
    if squeezed != text.strip() and squeezed[:1].isdigit():
        try:
            read_canonical(squeezed)
        except TimeControlError:
            pass
        else:
            lead = len(text) - len(text.lstrip())
            at = lead + next(i for i, c in enumerate(text.strip()) if c.isspace())
            raise TimeControlError(
                Words(
                    "time control {text}: white space at index {at} inside a PGN time control "
                    "(seconds); write {squeezed}, or give units for the shorthand ('5m+3s')",
                    text=repr(text),
                    at=at,
                    squeezed=repr(squeezed),
                ),
                text=text,
                index=at,
            ) from None
    stripped = text.rstrip()
    if stripped[-1:] in (",", ";", ":") and stripped[:1].isdigit():
        try:
            read_canonical(stripped[:-1])
        except TimeControlError:
            return
        raise TimeControlError(
            Words(
                "time control {text}: {separator} at index {at} separates periods, but no "
                "period follows",
                text=repr(text),
                separator=repr(stripped[-1]),
                at=len(stripped) - 1,
            ),
            text=text,
            index=len(stripped) - 1,
        ) from None
    del error


def _with_time(control: TimeControl, text: str) -> TimeControl:
    """``control``, unless one of its periods gives no time at all (``0``, ``G/0``,
    ``40/0:0``): no time, increment or delay, so the flag would fall at once (Article 6.1)."""
    for index, period in enumerate(control.periods):
        if not (period.time or period.increment or period.delay):
            at = max(len(text.rstrip()) - 1, 0)
            raise TimeControlError(
                Words(
                    "time control {text}: period {number} gives no time at all (no time, "
                    "increment or delay; index {at})",
                    text=repr(text),
                    number=index + 1,
                    at=at,
                ),
                text=text,
                index=at,
            )
    return control


@functools.lru_cache(maxsize=1024)
def _time_for_moves(control: TimeControl, moves: int) -> int | None:
    """Cached :meth:`TimeControl.time_for_moves` (each game's start asks it for its category)."""
    return control._count_time_for_moves(moves)


@functools.lru_cache(maxsize=1024)
def _parse(text: str, shorthand: bool | None) -> TimeControl:
    """Cached reading: controls are frozen values, and a PGN file repeats the same tag."""
    return TimeControl._read(text, shorthand)
