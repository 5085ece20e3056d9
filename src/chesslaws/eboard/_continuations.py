"""The legal continuations of a position, keyed by the squares each one changes.

A move made on the board (4.7) leaves the position before it with a few squares changed: two
for an ordinary move or capture, three for en passant, up to four for castling. The table maps
each such set of changes to its move, so the board the sensors show is matched to a legal move
by one dictionary look-up, whatever order the hand took. Boards that identify pieces are
matched on the codes; occupancy-only boards on which squares are filled, with captures told
apart by the square refilled after the capturing piece was lifted.
"""

from __future__ import annotations

from collections.abc import Mapping

from chesslaws.core import Move, Position

__all__ = ["Continuations", "changes_of"]


def _refilled_after(
    square: int,
    origins: tuple[int, ...],
    emptied_at: Mapping[int, int],
    filled_at: Mapping[int, int],
) -> bool:
    """``square`` was emptied and filled again after every other origin square was left."""
    filled = filled_at.get(square)
    if filled is None or square not in emptied_at:
        return False
    return all(filled >= emptied_at.get(sq, 1 << 62) for sq in origins if sq != square)


Changes = frozenset[tuple[int, int]]
Occupancy = frozenset[tuple[int, bool]]


def changes_of(before: tuple[int, ...], after: tuple[int, ...]) -> dict[int, int]:
    """The squares whose code differs between two boards, with the code in ``after``."""
    return {
        sq: code for sq, (old, code) in enumerate(zip(before, after, strict=True)) if old != code
    }


class Continuations:
    """The legal moves of ``position``, found from the squares they change.

    ``match(changes)`` takes the squares where the board differs from the position (square to
    the code now on it) and returns the legal move that leaves exactly that board, or None.
    """

    __slots__ = (
        "_after",
        "_by_changes",
        "_by_occupancy",
        "_codes_of",
        "_ucis",
        "codes",
        "position",
    )

    def __init__(self, position: Position) -> None:
        self.position = position
        self.codes = position.board_codes()
        self._by_changes: dict[Changes, int] = {}
        self._by_occupancy: (
            dict[Occupancy, list[tuple[int, tuple[int, ...], tuple[int, ...]]]] | None
        ) = None
        self._after: dict[Move, tuple[int, ...]] = {}
        self._ucis: set[str] | None = None
        by_changes = self._by_changes
        board = self.codes
        for code in position.legal_codes():
            if code >> 12:  # promotion, en passant or castling
                by_changes[frozenset(self._changes(position, code).items())] = code
            else:  # an ordinary move or capture: the piece leaves one square for another
                frm = code & 63
                by_changes[frozenset(((frm, 0), (code >> 6 & 63, board[frm])))] = code

    @property
    def moves(self) -> list[Move]:
        """The legal moves."""
        move_of = self.position.move_of
        return [move_of(code) for code in self._by_changes.values()]

    @property
    def ucis(self) -> set[str]:
        """The legal moves in UCI."""
        if self._ucis is None:
            uci = self.position.uci
            self._ucis = {uci(move) for move in self.moves}
        return self._ucis

    def promotes_to(self, square: int) -> bool:
        """Whether a legal promotion arrives on ``square``."""
        return any(
            code >> 12 & 7 and code >> 6 & 63 == square for code in self._by_changes.values()
        )

    def _changes(self, position: Position, code: int) -> dict[int, int]:
        frm, to, promotion, kind = code & 63, code >> 6 & 63, code >> 12 & 7, code >> 15
        board = self.codes
        piece = board[frm]
        if kind == 0:  # an ordinary move or capture, a promotion
            return {frm: 0, to: promotion | (piece & 8) if promotion else piece}
        if kind == 1:  # en passant: the captured pawn stands beside the arrival square
            return {frm: 0, to: piece, to - 8 if piece < 8 else to + 8: 0}
        position.push_code(code)  # castling: let the core place king and rook (Chess960 too)
        after = position.board_codes()
        position.pop_code()
        return changes_of(board, after)

    def match(self, changes: Mapping[int, int]) -> Move | None:
        """The legal move that changes exactly ``changes`` (square to new code), or None."""
        if not changes or len(changes) > 4:
            return None
        code = self._by_changes.get(frozenset(changes.items()))
        return None if code is None else self.position.move_of(code)

    def match_occupancy(
        self,
        changes: Mapping[int, bool],
        emptied_at: Mapping[int, int],
        filled_at: Mapping[int, int],
    ) -> list[tuple[Move, int]]:
        """The legal moves an occupancy-only board may show, each with how many of the squares
        it refills bear it out; ``changes`` maps the squares whose occupancy differs from the
        position to whether they are filled now.

        A square filled before and after a move (a capture's arrival square, the squares king
        and rook trade in Chess960 castling) must have been refilled (``filled_at``) after the
        move's other pieces left their squares (``emptied_at``). Promotions to different pieces
        look alike: all of them are returned.
        """
        if len(changes) > 4:
            return []
        table = self._by_occupancy
        if table is None:
            table = self._by_occupancy = self._occupancy_table()
        found = []
        move_of = self.position.move_of
        for code, refilled, origins in table.get(frozenset(changes.items()), ()):
            if all(_refilled_after(sq, origins, emptied_at, filled_at) for sq in refilled):
                found.append((move_of(code), len(refilled)))
        return found

    def _occupancy_table(
        self,
    ) -> dict[Occupancy, list[tuple[int, tuple[int, ...], tuple[int, ...]]]]:
        table: dict[Occupancy, list[tuple[int, tuple[int, ...], tuple[int, ...]]]] = {}
        codes = self.codes
        for changes, move in self._by_changes.items():
            occupancy = frozenset(
                (sq, bool(code)) for sq, code in changes if bool(code) != bool(codes[sq])
            )
            refilled = tuple(sq for sq, code in changes if code and codes[sq])
            origins = tuple(sq for sq, _ in changes if codes[sq])
            if occupancy or refilled:
                table.setdefault(occupancy, []).append((move, refilled, origins))
        return table

    def after(self, move: Move) -> tuple[int, ...]:
        """The board once ``move`` (legal here) is made."""
        board = self._after.get(move)
        if board is None:
            wanted = self.position.code_of(move)
            for changes, found in self._by_changes.items():
                if found == wanted:
                    codes = list(self.codes)
                    for sq, code in changes:
                        codes[sq] = code
                    board = self._after[move] = tuple(codes)
                    break
            else:
                raise ValueError(f"{move.uci()} is not a legal move here")
        return board

    def position_after(self, move: Move) -> Position:
        """A new position once ``move`` (legal here) is made."""
        position = self.position.copy()
        position.push(move)
        return position
