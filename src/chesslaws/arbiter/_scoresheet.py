"""The scoresheet as a value: the moves standing, oldest first, each with its clock (8.1).

A :class:`Scoresheet` is a chain: each sheet holds its last move, the clock noted against it
and the sheet before it. A move adds one link and the clock noted against the last move (6.2.1,
for ``[%clk]``) replaces one, so the sheets of a game's successive states share every earlier
link instead of each copying the whole list, and making a move costs the same on move 1 and on
move 300. The clock is kept in the link, so noting it makes no new ply. It reads as a sequence
of :class:`~chesslaws.arbiter._board.Ply` (``len``, iteration, indexing, slicing to a tuple).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from chesslaws.core import Move

from ._board import Ply
from ._values import builder

__all__ = ["EMPTY_SHEET", "Scoresheet"]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Scoresheet:
    """The moves standing on the scoresheet (8.1), oldest first; never changed once made.

    A link holds its newest move as a :class:`~chesslaws.arbiter._board.Ply` holds it (read it
    through :attr:`last`), and the sheet before it.
    """

    san: str | None
    """The newest move's SAN (``None`` on an empty sheet)."""
    uci_text: str | None
    """The newest move's UCI, or ``None`` when it is the UCI of :attr:`move` (written on
    reading) or the sheet is empty."""
    move: Move | None
    """The newest move, ``None`` for an illegal move that stood (A.5.2) or an empty sheet."""
    clock: int | None
    """The clock noted against the newest move (6.2.1), or ``None``."""
    before: Scoresheet | None
    """The sheet without the newest move (``None`` on an empty sheet)."""
    length: int

    @property
    def last(self) -> Ply | None:
        """The newest move, with its clock (``None`` on an empty sheet)."""
        if self.san is None:
            return None
        return Ply(self.san, self._uci(), self.move, self.clock)

    def _uci(self) -> str:
        if self.uci_text is not None:
            return self.uci_text
        assert self.move is not None
        # A legal move read from the log is the position's own Move (castling as it writes
        # it), so its UCI is the position's UCI.
        return self.move.uci()

    @classmethod
    def of(cls, plies: Iterable[Ply]) -> Scoresheet:
        """The sheet of ``plies``, oldest first."""
        sheet = EMPTY_SHEET
        for ply in plies:
            sheet = sheet.add(ply)
        return sheet

    # -- new sheets ----------------------------------------------------------------------------

    def add(self, ply: Ply) -> Scoresheet:
        """This sheet with ``ply`` written after its last move."""
        return _new_sheet(ply.san, ply.uci, ply.move, ply.clock, self, self.length + 1)

    def add_move(self, san: str, move: Move) -> Scoresheet:
        """This sheet with the legal move ``move``, made on the board, written ``san`` after its
        last move; no clock yet."""
        return _new_sheet(san, None, move, None, self, self.length + 1)

    def with_last(self, ply: Ply) -> Scoresheet:
        """This sheet with its last move replaced by ``ply`` (its clock noted, 6.2.1)."""
        assert self.before is not None, "an empty sheet has no last move"
        return _new_sheet(ply.san, ply.uci, ply.move, ply.clock, self.before, self.length)

    def with_clock(self, clock: int | None) -> Scoresheet:
        """This sheet with ``clock`` noted against its last move (6.2.1)."""
        assert self.before is not None, "an empty sheet has no last move"
        return _new_sheet(self.san, self.uci_text, self.move, clock, self.before, self.length)

    def without_last(self) -> Scoresheet:
        """This sheet without its last move (a move taken back, 4.8, 7.1)."""
        assert self.before is not None, "an empty sheet has no last move"
        return self.before

    # -- reading -------------------------------------------------------------------------------

    def __len__(self) -> int:
        return self.length

    def __iter__(self) -> Iterator[Ply]:
        return iter(self._plies())

    def __reversed__(self) -> Iterator[Ply]:
        sheet: Scoresheet | None = self
        while sheet is not None and (ply := sheet.last) is not None:
            yield ply
            sheet = sheet.before

    def _plies(self) -> tuple[Ply, ...]:
        found = list(reversed(self))
        found.reverse()
        return tuple(found)

    @overload
    def __getitem__(self, index: int) -> Ply: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Ply, ...]: ...

    def __getitem__(self, index: int | slice) -> Ply | tuple[Ply, ...]:
        if isinstance(index, slice):
            return self._plies()[index]
        if index < 0:
            index += self.length
        if not 0 <= index < self.length:
            raise IndexError("scoresheet index out of range")
        sheet = self
        for _ in range(self.length - 1 - index):
            assert sheet.before is not None
            sheet = sheet.before
        assert sheet.last is not None
        return sheet.last

    # -- comparing -----------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        """Equal when the same moves stand with the same clocks (walked link by link, no deeper
        than the first link the two sheets share)."""
        if not isinstance(other, Scoresheet):
            return NotImplemented
        a: Scoresheet | None = self
        b: Scoresheet | None = other
        if self.length != other.length:
            return False
        while a is not b:
            assert a is not None and b is not None
            if a.last != b.last:
                return False
            a, b = a.before, b.before
        return True

    def __hash__(self) -> int:
        return hash(self._plies())

    def __reduce__(self) -> tuple[object, tuple[tuple[Ply, ...]]]:
        """Pickled as its plies (the chain would be pickled one nesting level per move)."""
        return (Scoresheet.of, (self._plies(),))

    def __repr__(self) -> str:
        return f"Scoresheet({list(self._plies())!r})"


_new_sheet: Callable[
    [str | None, str | None, Move | None, int | None, Scoresheet | None, int], Scoresheet
] = builder(Scoresheet)

Sequence.register(Scoresheet)  # a sequence of plies (no base class: see _values.builder)

EMPTY_SHEET = Scoresheet(None, None, None, None, None, 0)
"""The sheet before the first move."""
