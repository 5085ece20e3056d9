"""The board as a value: the position, its repetition history, its legal moves (Articles 3, 5, 9).

A :class:`BoardState` never changes. Making a move gives a new one: the position is copied (a
few small lists; its move history is a chain the copies share) and the move made on the copy,
the legal moves of the new position are counted once, up to two, together with check (none, one
or more decide checkmate, stalemate, the check mark of the move's SAN and the forced-move test
of the dead-position rule), and the repetition count comes from the keys since the last
irreversible move (a chain of small tuples shared with the earlier states). A position's exact
identity under 9.2.3 (:meth:`Position.repetition_key`) is compared only where the Zobrist keys
agree, so a hash collision never decides and a position that never recurs costs no exact key:
the earlier position is then found by taking moves back from the one on the board (the chain
holds no positions, so a board keeps only its own alive, not every position of the game).

The ending after a move is :func:`chesslaws.endings.automatic_ending`, the function
``GameRecord.termination`` uses, given the legal-move count already known.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TypeAlias

from chesslaws._color import Color
from chesslaws.core import Move, Position
from chesslaws.endings import GameRecord, Termination, automatic_ending, pawn_walk_proof

from ._values import builder

__all__ = ["BoardState", "Ply", "starting_board"]

# (Zobrist key, times the position has occurred, the chain before it): one link per position
# of the record, the newest first.
_Keys: TypeAlias = tuple[int, int, "_Keys | None"]


@dataclass(frozen=True, slots=True)
class Ply:
    """One move standing on the scoresheet: its SAN and UCI, the move (``None`` for an illegal
    move that stood, A.5.2), and the mover's clock once the move was completed (``[%clk]``)."""

    san: str
    uci: str
    move: Move | None
    clock: int | None = None


@dataclass(frozen=True, slots=True, eq=False)
class BoardState:
    """The position, its repetition keys and its legal moves.

    The position is the board's own and never changes: it is read through :attr:`position`, a
    copy (the caller's to push on), or through the board's methods; boards share positions (every
    game from the starting position shares one), so none is handed out.
    """

    _position: Position
    keys: _Keys
    legal_count: int
    """How many legal moves the position has: 0, 1, or 2 for two or more."""
    in_check: bool
    walk: int = 0
    """The squares of a pawn walk showing the position is not dead (5.2.2), or 0 (none known):
    :func:`chesslaws.endings.pawn_walk_proof`, kept from move to move while no move changes
    one of its squares."""

    @classmethod
    def start(cls, position: Position) -> BoardState:
        """The board at the start of a record (the position's own move history is not looked
        at: a record starts where the position stands, as ``GameRecord`` does for a FEN)."""
        keys: _Keys = (position.zobrist_key(), 1, None)
        legal_count, in_check = position.count_legal_moves_and_check(enough=2)
        return cls(position, keys, legal_count, in_check, pawn_walk_proof(position))

    # -- reading -------------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        """A copy of the position on the board: the caller's own (the board's never changes)."""
        return self._position.copy()

    @property
    def fen(self) -> str:
        """The FEN of the position on the board."""
        return self._position.fen()

    @property
    def side_to_move(self) -> Color:
        """Whose move it is on the board (1.3)."""
        return self._position.side_to_move

    @property
    def repetitions(self) -> int:
        """How many times the position has occurred in the record, this time included (9.2.3)."""
        return self.keys[1]

    def ending(self) -> Termination | None:
        """The automatic ending of the game on this board, or None (5.1.1, 5.2, 9.6)."""
        if (
            self.walk
            and self.legal_count == 2
            and self.keys[1] < 5
            and self._position.halfmove_clock < 150
        ):
            return None  # most moves: automatic_ending's answer, its tests passed without a call
        return automatic_ending(
            self._position, self.legal_count, self.keys[1], walk_proof=self.walk
        )

    def recent_keys(self, count: int) -> list[Hashable]:
        """The repetition keys of up to the last ``count`` positions, oldest first (the 2014
        fivefold rule, :func:`chesslaws.endings.alternate_fivefold`): the Zobrist key, with the
        exact key of 9.2.3 beside it where the Zobrist key occurs twice or more among them (keys
        that occur once equal no other)."""
        zobrists: list[int] = []
        node: _Keys | None = self.keys
        while node is not None and len(zobrists) < count:
            zobrists.append(node[0])
            node = node[2]
        twice = {key for key in zobrists if zobrists.count(key) > 1}
        found: list[Hashable] = []
        earlier = self._position.copy() if twice else self._position
        for back, key in enumerate(zobrists):  # newest first: take the moves back one by one
            if back and twice:
                earlier.pop_code()
            found.append((key, earlier.repetition_key() if key in twice else None))
        found.reverse()
        return found

    def record(self) -> GameRecord:
        """A new :class:`GameRecord` of the moves standing since the record began (for claims
        and for readers; built by replay, so it is the caller's own)."""
        return GameRecord(self._position)

    # -- new boards ----------------------------------------------------------------------------

    def after(self, code: int) -> BoardState:
        """The board after the legal move ``code``."""
        position = self._position.copy()
        position.push_code(code)
        key = position.zobrist_key()
        count = 1
        # The nearest position that can be the same (9.2.3) is four plies back: two plies back
        # the same side is to move, but the opponent's one move cannot undo the mover's (a
        # capture, the one move that changes the mover's pieces, is irreversible: the chain
        # goes back no further than it).
        before = self.keys[2]
        node = before[2][2] if before is not None and before[2] is not None else None
        distance = 4
        reach = position.halfmove_clock
        while node is not None and distance <= reach:
            if node[0] == key and _occurred(position, distance):  # exact, on a Zobrist match
                count = node[1] + 1
                break
            before = node[2]
            node = before[2] if before is not None else None
            distance += 2
        keys: _Keys = (key, count, self.keys)
        legal_count, in_check = position.count_legal_moves_and_check(enough=2)
        walk = self.walk
        if not walk or walk & self._position.squares_changed(code):
            walk = pawn_walk_proof(position)  # else the same walk stands: see the field
        return _new_board(position, keys, legal_count, in_check, walk)

    def taken_back(self) -> BoardState:
        """The board before the last move (7.1: a move taken back)."""
        previous = self.keys[2]
        assert previous is not None, "no move to take back"
        position = self._position.copy()
        position.pop_code()
        legal_count, in_check = position.count_legal_moves_and_check(enough=2)
        return BoardState(position, previous, legal_count, in_check, pawn_walk_proof(position))

    # -- pickling ------------------------------------------------------------------------------

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled as the position, the Zobrist keys and counts of the chain, oldest first, and
        the legal-move count and check (the chain is pickled flat: one nesting level per move
        would reach the recursion limit in a long game)."""
        counts = []
        node: _Keys | None = self.keys
        while node is not None:
            counts.append((node[0], node[1]))
            node = node[2]
        counts.reverse()
        return (_restore_board, (self._position, tuple(counts), self.legal_count, self.in_check))

    # -- comparing -----------------------------------------------------------------------------

    def _value(self) -> tuple[object, ...]:
        chain = []
        node: _Keys | None = self.keys
        while node is not None:
            chain.append(node[:2])
            node = node[2]
        position = self._position
        return (
            position.fen(en_passant="fen"),
            position.chess960,
            tuple(position.move_stack),
            tuple(chain),
            self.legal_count,
            self.in_check,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BoardState):
            return NotImplemented
        return self is other or self._value() == other._value()

    def __hash__(self) -> int:
        return hash(self.keys[:2])


_new_board: Callable[[Position, _Keys, int, bool, int], BoardState] = builder(BoardState)
"""``BoardState(position, keys, legal_count, in_check, walk)``, built fast (the same value)."""


@functools.cache
def starting_board() -> BoardState:
    """The board of a game that starts from the starting position (2.3), made once: a board
    never changes, so every such game shares it."""
    return BoardState.start(Position())


def _restore_board(
    position: Position, counts: tuple[tuple[int, int], ...], legal_count: int, in_check: bool
) -> BoardState:
    """The board :meth:`BoardState.__reduce__` wrote."""
    keys: _Keys | None = None
    for key, count in counts:
        keys = (key, count, keys)
    assert keys is not None
    return _new_board(position, keys, legal_count, in_check, pawn_walk_proof(position))


def _occurred(position: Position, distance: int) -> bool:
    """Whether ``position`` is the position ``distance`` moves before it in its own history
    (9.2.3: the same placement, side to move, castling rights and en passant capture)."""
    earlier = position.copy()
    for _ in range(distance):
        earlier.pop_code()
    return earlier == position
