"""Debouncing: from raw sensor readings to the square changes a hand really made.

Sensors flicker: a piece wobbling on its square, or set down across two squares, reports a
square emptied and filled again within a few milliseconds. The debouncer holds each reading
for ``window`` milliseconds; a change undone within the window (a square back to what it
showed before) is dropped with its undoing. Whatever survives is released in time order,
each with the time it happened. Lifts of two or more squares within ``knock`` milliseconds of
each other cannot be one hand's deliberate touches (4.1: one hand): they are marked
*knocked* (pieces knocked over, 7.4). Time is only what the readings say, so replays are exact.
"""

from __future__ import annotations

from dataclasses import dataclass

from chesslaws.arbiter import Millis

from ._readings import OCCUPIED, BoardSnapshot, Button, Flag, Lever, Lift, Reading

__all__ = ["Change", "Debouncer", "Released", "Snapshot"]


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


class _Pending:
    __slots__ = ("at", "before", "item", "live", "square")

    def __init__(self, item: Released, before: int) -> None:
        self.item = item
        self.at = item.at
        self.square = item.square if isinstance(item, Change) else -1
        self.before = before  # what the square showed before this change
        self.live = True


class Debouncer:
    """The delay line between the sensors and the interpreter (see the module docstring)."""

    __slots__ = ("_last", "_lifts", "_queue", "_square_pending", "knock", "window")

    def __init__(self, board: tuple[int, ...], *, window: int = 80, knock: int = 25) -> None:
        self.window = window
        self.knock = knock
        self._last = list(board)  # what each square shows, pending changes included
        self._queue: list[_Pending] = []
        self._square_pending: dict[int, list[_Pending]] = {}
        self._lifts: list[_Pending] = []

    def reset(self, board: tuple[int, ...]) -> None:
        """Forget everything pending and take ``board`` as what the squares show."""
        self._last = list(board)
        self._queue.clear()
        self._square_pending.clear()
        self._lifts.clear()

    def push(self, reading: Reading) -> list[Released]:
        """Take one reading; returns what is now final (earlier readings), in time order."""
        out = self.advance(reading.at)
        if isinstance(reading, BoardSnapshot):
            out += self.flush()
            changes = []
            for square, code in enumerate(reading.codes):
                if not _same(code, self._last[square]):
                    self._last[square] = code
                    changes.append(Change(reading.at, square, code, snapshot=True))
            if changes:
                out.append(Snapshot(reading.at, tuple(changes)))
            return out
        if isinstance(reading, Lever | Button | Flag):
            self._queue.append(_Pending(reading, 0))
            return out
        square = reading.square
        code = 0 if isinstance(reading, Lift) else reading.code
        if _same(code, self._last[square]):
            return out  # no change: a repeated report
        chain = self._square_pending.get(square)
        if chain:
            last = chain[-1]
            if _same(code, last.before):  # undone within the window: flicker
                last.live = False
                chain.pop()
                self._last[square] = last.before
                return out
        pending = _Pending(Change(reading.at, square, code), self._last[square])
        self._last[square] = code
        self._queue.append(pending)
        self._square_pending.setdefault(square, []).append(pending)
        if code == 0:
            horizon = reading.at - 2 * self.window - self.knock  # too old to be knocked with it
            self._lifts = [p for p in self._lifts if p.live and p.at > horizon]
            self._lifts.append(pending)
        return out

    def advance(self, now: int) -> list[Released]:
        """Release what happened at least ``window`` ms before ``now``."""
        out: list[Released] = []
        queue = self._queue
        while queue and queue[0].at + self.window <= now:
            out += self._release(queue.pop(0))
        return out

    def flush(self) -> list[Released]:
        """Release everything pending (end of the readings)."""
        out: list[Released] = []
        while self._queue:
            out += self._release(self._queue.pop(0))
        return out

    def _release(self, pending: _Pending) -> list[Released]:
        if not pending.live:
            return []
        item = pending.item
        if not isinstance(item, Change):
            return [item]
        chain = self._square_pending.get(item.square)
        if chain and chain[0] is pending:
            chain.pop(0)
        if item.code == 0:
            item = Change(item.at, item.square, 0, knocked=self._knocked(pending))
        return [item]

    def _knocked(self, lift: _Pending) -> bool:
        self._lifts = [
            p for p in self._lifts if p.live and p.at + 2 * self.window + self.knock > lift.at
        ]
        return any(
            p is not lift and p.square != lift.square and abs(p.at - lift.at) <= self.knock
            for p in self._lifts
        )
