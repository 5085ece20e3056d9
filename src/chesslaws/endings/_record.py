"""A game record: the position and every position since the start (Articles 5, 9).

It knows the automatic endings (checkmate 5.1.1, stalemate 5.2.1, dead position 5.2.2, fivefold
repetition 9.6.1, seventy-five moves 9.6.2) and the draws a player must claim (threefold
repetition 9.2, fifty moves 9.3), on the board or with a written intended move (9.2.1, 9.3.1).

Repetition is counted incrementally: each ply stores its Zobrist key, and the count of the new
position is found by looking back two plies at a time, no further than the last pawn move or
capture (nothing before it can recur). A key match is confirmed with the exact key of Article
9.2.3 (placement, side to move, castling rights, en passant only when the capture is legal), so
a hash collision never decides a claim.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable

from chesslaws._color import Color
from chesslaws._errors import IllegalMove
from chesslaws.core import Move, Position
from chesslaws.endings._outcome import Outcome, Termination
from chesslaws.endings._unwinnability import is_dead, neither_can_mate

__all__ = ["DEAD_POSITION_BUDGET", "GameRecord", "automatic_ending", "repetition_counts"]

#: Effort allowed to the dead-position test run after every move (Article 5.2.2).
DEAD_POSITION_BUDGET = 300


def automatic_ending(
    position: Position,
    legal_count: int,
    repetitions: int,
    *,
    dead_position_budget: int = DEAD_POSITION_BUDGET,
    walk_proof: int = 0,
) -> Termination | None:
    """The ending the board gives after a move, in the order of the Laws, or None.

    Checkmate (5.1.1), which stands even on the 75th move (9.6.2); stalemate (5.2.1); dead
    position (5.2.2, proved by :func:`is_dead` in its quick mode: static arguments, and a
    search of at most ``dead_position_budget`` positions after a forced move); fivefold
    repetition (9.6.1, ``repetitions`` counts the current position); seventy-five moves (9.6.2).
    ``legal_count`` is the number of legal moves of ``position`` (any number from 2 up may be
    given as 2: only none, one or more matter). ``walk_proof``, when the caller has one, is a
    :func:`~chesslaws.endings.pawn_walk_proof` of ``position``: it shows that
    :func:`neither_can_mate` is False.
    """
    if legal_count == 0:
        return Termination.CHECKMATE if position.is_check() else Termination.STALEMATE
    if legal_count != 1:  # no forced move: is_dead's quick mode is neither_can_mate then
        if not walk_proof and neither_can_mate(position):
            return Termination.DEAD_POSITION
    elif is_dead(
        position, budget=dead_position_budget, quick=True, legal_count=1, walk_proof=walk_proof
    ):
        return Termination.DEAD_POSITION
    if repetitions >= 5:
        return Termination.FIVEFOLD
    if position.halfmove_clock >= 150:
        return Termination.SEVENTY_FIVE_MOVES
    return None


def repetition_counts(
    position: Position, *, least: int = 2, history: tuple[list[int], list[int]] | None = None
) -> list[int]:
    """For the position before each move made on ``position`` since it was created, and for
    the position now, how many times it had occurred by then, itself included (Article 9.2.3):
    the counts of a :class:`GameRecord` fed the same moves, found without making a move.

    The Zobrist keys of the history (:meth:`Position.key_history`) give the candidates: equal
    keys since the last pawn move or capture (nothing before it can recur). Each candidate is
    confirmed with the exact key (:meth:`Position.repetition_key`: placement, side to move,
    castling rights, en passant only when the capture is legal) of both positions, found by
    taking moves back on a copy, no further back than the earliest candidate. A game in which
    no key recurs takes no move back.

    With ``least`` above 2, a position whose key occurs fewer than ``least`` times in the whole
    history is given the count 1 unexamined: every count of ``least`` or more is still exact
    and found (what the claims and endings of 9.2 and 9.6.1 need: ``least=3``). ``history``
    is ``position.key_history()`` when the caller has it already.
    """
    keys, clocks = position.key_history() if history is None else history
    counts = [1] * len(keys)
    often = {key for key, times in Counter(keys).items() if times >= least}
    if not often:
        return counts
    groups: list[list[int]] = []  # the indices of one key since one pawn move or capture
    window: dict[int, list[int]] = {}
    for index, key in enumerate(keys):
        if not clocks[index]:
            window = {}
        if key in often:
            group = window.get(key)
            if group is None:
                group = window[key] = []
                groups.append(group)
            group.append(index)
    groups = [group for group in groups if len(group) >= least]
    if not groups:
        return counts
    needed = {index for group in groups for index in group}
    exact: dict[int, Hashable] = {}
    probe = position.copy()
    lowest = min(needed)
    for index in range(len(keys) - 1, lowest - 1, -1):
        if index in needed:
            exact[index] = probe.repetition_key()
        if index > lowest:
            probe.pop_code()
    for group in groups:
        for at in range(1, len(group)):
            index = group[at]
            for before in reversed(group[:at]):  # the latest occurrence carries the count
                if exact[before] == exact[index]:
                    counts[index] = counts[before] + 1
                    break
    return counts


class GameRecord:
    """A :class:`Position` with its history since the start of the game.

    The record keeps its own copy of the position: read it through :attr:`position`, and make
    and unmake moves through :meth:`push` and :meth:`pop` only.

    >>> record = GameRecord()
    >>> for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]:
    ...     _ = record.push_uci(uci)
    >>> record.can_claim_threefold()
    False
    >>> record.can_claim_threefold(Move.from_uci("f6g8"))  # Article 9.2.1
    True
    """

    __slots__ = ("_exact", "_keys", "_position", "_reps", "_start_fen")

    def __init__(self, position: Position | None = None) -> None:
        start = Position() if position is None else position.copy()
        codes: list[int] = []
        while start.ply:
            codes.append(start.pop_code())
        self._start_fen = start.fen()
        self._position = start
        self._keys: list[int] = [start.zobrist_key()]
        self._exact: list[Hashable] = [start.repetition_key()]
        self._reps: list[int] = [1]
        for code in reversed(codes):
            self.push_code(code)

    __hash__ = None  # type: ignore[assignment]  # mutable: no hash, not even by identity

    @classmethod
    def from_fen(cls, fen: str, moves: Iterable[str] = (), *, chess960: bool = False) -> GameRecord:
        """A record starting from ``fen`` with the UCI ``moves`` played (each checked)."""
        record = cls(Position.from_fen(fen, chess960=chess960))
        for text in moves:
            record.push_uci(text)
        return record

    # -- the position and its history -----------------------------------------------------------

    @property
    def position(self) -> Position:
        """The current position (read it; do not push on it directly)."""
        return self._position

    @property
    def start_fen(self) -> str:
        """The FEN of the position the record starts from."""
        return self._start_fen

    @property
    def moves(self) -> list[Move]:
        """The moves made since the start, oldest first."""
        return self._position.move_stack

    @property
    def ply(self) -> int:
        """Half-moves made since the start."""
        return len(self._keys) - 1

    def push(self, move: Move) -> None:
        """Make ``move``; raises :class:`IllegalMove` (record unchanged) if it is not legal."""
        position = self._position
        if not position.is_legal(move):
            raise IllegalMove(
                f"illegal move {move.uci()} in {position.fen()}",
                text=move.uci(),
                fen=position.fen(),
            )
        self.push_code(position.code_of(move))

    def push_uci(self, text: str) -> Move:
        """Make the move written in UCI (either castling spelling); returns it. Raises
        :class:`IllegalMove` (record unchanged) if it is not legal."""
        move = self._position.parse_uci(text)  # only ever returns a legal move
        self.push_code(self._position.code_of(move))
        return move

    def push_san(self, text: str) -> Move:
        """Make the move written in SAN (Appendix C); returns it. Raises :class:`IllegalMove`
        or :class:`AmbiguousMove` (record unchanged) if it is not one legal move."""
        move = self._position.parse_san(text)  # only ever returns a legal move
        self.push_code(self._position.code_of(move))
        return move

    def pop(self) -> Move:
        """Take back the last move and return it; IndexError at the start of the record."""
        if len(self._keys) == 1:
            raise IndexError("pop from a game record with no moves")
        self._keys.pop()
        self._exact.pop()
        self._reps.pop()
        return self._position.pop()

    def push_code(self, code: int) -> None:
        """Make the move with this packed code (from ``position.legal_codes()``), trusting
        that it is legal: the fast path for moves already checked. Use :meth:`push` otherwise."""
        position = self._position
        position.push_code(code)
        key = position.zobrist_key()
        exact = position.repetition_key()
        keys = self._keys
        ply = len(keys)
        keys.append(key)
        self._exact.append(exact)
        count = 1
        oldest = max(0, ply - position.halfmove_clock)
        index = ply - 2
        while index >= oldest:
            if keys[index] == key and self._exact[index] == exact:
                count = self._reps[index] + 1
                break
            index -= 2
        self._reps.append(count)

    # -- repetition and counters ---------------------------------------------------------------

    def repetitions(self) -> int:
        """How many times the current position has occurred in the game, this time included
        (Article 9.2.3: same player to move, same pieces on the same squares, same possible
        moves: castling rights, and en passant only when the capture is legal)."""
        return self._reps[-1]

    def _threefold_after(self, code: int) -> bool:
        self.push_code(code)
        try:
            return self._reps[-1] >= 3
        finally:
            self.pop()

    def can_claim_threefold(self, intended: Move | None = None) -> bool:
        """Whether the player having the move can claim a draw by repetition (Article 9.2).

        Without ``intended``: the current position has occurred at least three times (9.2.2).
        With ``intended``: the written move is legal and the position it would produce would
        occur for at least the third time (9.2.1); the move is not made (a correct claim draws
        at once, 9.5.2). An illegal intended move makes the claim incorrect (9.5.3).
        """
        position = self._position
        if intended is None:
            return self._reps[-1] >= 3 and position.count_legal_moves() > 0
        position = self._position
        if not position.is_legal(intended):
            return False
        return self._threefold_after(position.code_of(intended))

    def threefold_claim_moves(self) -> list[Move]:
        """Every legal move that could be written down for a correct 9.2.1 claim."""
        position = self._position
        reps = self._reps
        ply = len(reps) - 1
        oldest = max(0, ply - position.halfmove_clock)
        # The position after a reversible move has the opponent to move, like ply - 1, ply - 3...
        if not any(reps[index] >= 2 for index in range(ply - 1, oldest - 1, -2)):
            return []
        moves = []
        for code in position.legal_codes():
            if self._is_reversible(code) and self._threefold_after(code):
                moves.append(position.move_of(code))
        return moves

    def _is_reversible(self, code: int) -> bool:
        position = self._position
        frm, to = code & 63, code >> 6 & 63
        if position.piece_code_at(frm) & 7 == 1:
            return False
        return code >> 15 == 2 or not position.piece_code_at(to)  # castling or no capture

    def can_claim_fifty(self, intended: Move | None = None) -> bool:
        """Whether the player having the move can claim a draw by the fifty-move rule (9.3).

        Without ``intended``: the last 50 moves by each player were made without any pawn move
        or capture (9.3.2). With ``intended``: the written move is legal and would complete such
        a series (9.3.1), even if it would checkmate or stalemate (the move is not made; a
        correct claim draws at once, 9.5.2). No claim once the game has ended by checkmate or
        stalemate (Articles 5.1.1, 5.2.1).
        """
        position = self._position
        if intended is None:
            return position.halfmove_clock >= 100 and position.count_legal_moves() > 0
        if not position.is_legal(intended):
            return False
        if position.is_zeroing(intended):
            return False
        return position.halfmove_clock + 1 >= 100

    def fifty_claim_moves(self) -> list[Move]:
        """Every legal move that could be written down for a correct 9.3.1 claim."""
        position = self._position
        if position.halfmove_clock + 1 < 100:
            return []
        return [
            position.move_of(code) for code in position.legal_codes() if self._is_reversible(code)
        ]

    # -- endings --------------------------------------------------------------------------------

    def termination(
        self, *, dead_position_budget: int = DEAD_POSITION_BUDGET
    ) -> Termination | None:
        """The automatic ending of the game after the last move, or None while it goes on.

        In the order of the Laws: checkmate (5.1.1), which stands even on the 75th move
        (9.6.2); stalemate (5.2.1); dead position (5.2.2, proved by :func:`is_dead` in its quick
        mode: static arguments, and a search of at most ``dead_position_budget`` positions after
        a forced move); fivefold repetition (9.6.1); seventy-five moves (9.6.2).
        """
        position = self._position
        return automatic_ending(
            position,
            position.count_legal_moves(),
            self._reps[-1],
            dead_position_budget=dead_position_budget,
        )

    def outcome(self, *, dead_position_budget: int = DEAD_POSITION_BUDGET) -> Outcome | None:
        """The result if the game has ended automatically, or None."""
        termination = self.termination(dead_position_budget=dead_position_budget)
        if termination is None:
            return None
        winner = None
        if termination is Termination.CHECKMATE:
            winner = Color(self._position.turn ^ 1)
        return Outcome(termination, winner)
