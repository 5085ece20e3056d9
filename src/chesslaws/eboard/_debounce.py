"""Debouncing: from raw sensor readings to the square changes a hand really made.

Sensors flicker: a piece wobbling on its square, or set down across two squares, reports a
square emptied and filled again within a few milliseconds. The debouncer holds each reading
for ``window`` milliseconds; a change undone within the window (a square back to what it
showed before) is dropped with its undoing. Whatever survives is released in time order,
each with the time it happened. Lifts of two or more squares within ``knock`` milliseconds of
each other cannot be one hand's deliberate touches (4.1: one hand): they are marked
*knocked* (pieces knocked over, 7.4). Time is only what the readings say, so replays are exact.

:class:`Sensors` is the delay line as a frozen value; :func:`sense`, :func:`release` and
:func:`flush` return the next one and what is released.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from chesslaws.arbiter import Millis

from ._readings import OCCUPIED, BoardSnapshot, Button, Flag, Lever, Lift, Place, Reading

__all__ = ["Change", "Released", "Sensors", "Snapshot", "flush", "release", "sense"]


@dataclass(frozen=True, slots=True)
class Change:
    """A square's content changed: ``code`` 0 (emptied) or the piece code now on it.

    ``knocked``: the square emptied together with others (knocked over); ``snapshot``: the
    change was seen in a whole-board snapshot, not as it happened (no hand to attribute).
    """

    at: Millis
    square: int
    code: int
    knocked: bool = False
    snapshot: bool = False


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The changes a whole-board snapshot showed at once (no hand to attribute them to)."""

    at: Millis
    changes: tuple[Change, ...]


Released = Change | Snapshot | Lever | Button | Flag


def _same(a: int, b: int) -> bool:
    """Whether two square states read alike (an unidentified piece is like any piece)."""
    return a == b or (a != 0 and b != 0 and OCCUPIED in (a, b))


class _Pending(NamedTuple):
    """A reading held for the window; ``before``: what its square showed before it."""

    item: Released
    before: int = 0


class Sensors(NamedTuple):
    """The delay line between the sensors and the reader (see the module docstring).

    ``last``: what each square shows, pending changes included; ``queue``: the readings held,
    in time order; ``lifts``: the recent lifts (time, square), to tell pieces knocked over.
    """

    window: int
    knock: int
    last: tuple[int, ...]
    queue: tuple[_Pending, ...] = ()
    lifts: tuple[tuple[int, int], ...] = ()

    @classmethod
    def start(cls, board: tuple[int, ...], *, window: int = 80, knock: int = 25) -> Sensors:
        """The sensors showing ``board``, nothing pending."""
        return cls(window, knock, tuple(board))


def sense(sensors: Sensors, reading: Reading) -> tuple[Sensors, list[Released]]:
    """Take one reading; returns the next sensors and what is now final (earlier readings), in
    time order."""
    sensors, out = release(sensors, reading.at)
    if isinstance(reading, BoardSnapshot):
        sensors, flushed = flush(sensors)
        last = list(sensors.last)
        changes = []
        for square, code in enumerate(reading.codes):
            if not _same(code, last[square]):
                last[square] = code
                changes.append(Change(reading.at, square, code, snapshot=True))
        if changes:
            flushed.append(Snapshot(reading.at, tuple(changes)))
        return _new(sensors, tuple(last), sensors.queue, sensors.lifts), out + flushed
    if isinstance(reading, Lever | Button | Flag):
        return _new(sensors, sensors.last, (*sensors.queue, _Pending(reading)), sensors.lifts), out
    return _square(sensors, reading), out


def _square(sensors: Sensors, reading: Lift | Place) -> Sensors:
    square = reading.square
    code = 0 if isinstance(reading, Lift) else reading.code
    last = sensors.last
    if _same(code, last[square]):
        return sensors  # no change: a repeated report
    queue = sensors.queue
    found = _last_change(queue, square)
    if found is not None and _same(code, queue[found].before):  # undone in the window: flicker
        undone = queue[found]
        lifts = sensors.lifts
        if isinstance(undone.item, Change) and undone.item.code == 0:
            lifts = tuple(lift for lift in lifts if lift != (undone.item.at, square))
        return _new(sensors, _with(last, square, undone.before), _without(queue, found), lifts)
    pending = _Pending(Change(reading.at, square, code), last[square])
    lifts = sensors.lifts
    if code == 0:
        horizon = reading.at - 2 * sensors.window - sensors.knock  # too old to be knocked with it
        lifts = (*(lift for lift in lifts if lift[0] > horizon), (reading.at, square))
    return _new(sensors, _with(last, square, code), (*queue, pending), lifts)


def _new(
    sensors: Sensors,
    last: tuple[int, ...],
    queue: tuple[_Pending, ...],
    lifts: tuple[tuple[int, int], ...],
) -> Sensors:
    return Sensors(sensors.window, sensors.knock, last, queue, lifts)


def _without(queue: tuple[_Pending, ...], index: int) -> tuple[_Pending, ...]:
    return queue[:index] + queue[index + 1 :]


def _last_change(queue: tuple[_Pending, ...], square: int) -> int | None:
    """The index of the last change of ``square`` still held, if any."""
    for index in range(len(queue) - 1, -1, -1):
        item = queue[index].item
        if isinstance(item, Change) and item.square == square:
            return index
    return None


def _with(board: tuple[int, ...], square: int, code: int) -> tuple[int, ...]:
    return (*board[:square], code, *board[square + 1 :])


def release(sensors: Sensors, now: int) -> tuple[Sensors, list[Released]]:
    """Release what happened at least ``window`` ms before ``now``."""
    queue = sensors.queue
    count = 0
    while count < len(queue) and queue[count].item.at + sensors.window <= now:
        count += 1
    if not count:
        return sensors, []
    return _released(sensors, count)


def flush(sensors: Sensors) -> tuple[Sensors, list[Released]]:
    """Release everything pending (end of the readings)."""
    if not sensors.queue:
        return sensors, []
    return _released(sensors, len(sensors.queue))


def _released(sensors: Sensors, count: int) -> tuple[Sensors, list[Released]]:
    out: list[Released] = []
    for pending in sensors.queue[:count]:
        item = pending.item
        if isinstance(item, Change) and item.code == 0:
            item = replace(item, knocked=_knocked(sensors, item))
        out.append(item)
    return _new(sensors, sensors.last, sensors.queue[count:], sensors.lifts), out


def _knocked(sensors: Sensors, lift: Change) -> bool:
    """Another square emptied within ``knock`` ms of this one: pieces knocked over (4.1).
    ``knock`` 0: none are (a tactile board's pieces are fixed in their holes, D.1)."""
    return sensors.knock > 0 and any(
        square != lift.square and abs(at - lift.at) <= sensors.knock for at, square in sensors.lifts
    )
