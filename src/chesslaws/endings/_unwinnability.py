"""Can a player still checkmate? (Articles 5.1.2, 5.2.2, 6.9, 7.5.5.)

The Laws ask whether a player "can checkmate the opponent's king by any possible series of legal
moves": a helpmate, the opponent cooperating. :func:`can_checkmate` answers

* ``WINNABLE`` with a witness: legal moves from the position ending in that checkmate;
* ``UNWINNABLE`` only with a proof: a static argument (:mod:`._static`: material, frozen pawn
  walls) or an exhaustive search of every position reachable by legal moves, in which static
  arguments close branches for good;
* ``UNDETERMINED`` when the effort budget ran out first.

The search is an iterative-deepening depth-first search with a transposition table (position
key -> depth searched). Moves are ordered so that likely helpmates come first: the attacker's
pieces head for the defending king, promote to a queen, check; the defender's king heads for
its attacker and his other men crowd round their own king. An iteration that is never cut off by
its depth limit has visited every reachable position (each child of an expanded node is either
expanded or already expanded with as much depth), so if it found no mate the position is
unwinnable; the last iterations run without a practical depth limit for that purpose.

Soundness rests on the static arguments being closed under play, and on a cut-off iteration never
being taken as a proof. The 50- and 75-move rules and repetitions are ignored, as in the Laws'
"any possible series of legal moves".
"""

from __future__ import annotations

import enum
from collections.abc import Hashable
from dataclasses import dataclass

from chesslaws._color import Color
from chesslaws.core import Move, Position, bishop_attacks, rook_attacks
from chesslaws.endings._static import (
    KNIGHT_JUMPS,
    Material,
    frozen_cannot_mate,
    material_cannot_mate,
    pawns_blocked,
)

__all__ = [
    "DEFAULT_BUDGET",
    "MateAnalysis",
    "Winnability",
    "can_checkmate",
    "is_dead",
]

#: Default effort: positions expanded by the search before it answers UNDETERMINED.
DEFAULT_BUDGET = 100_000

_DIST = tuple(
    tuple(max(abs((a & 7) - (b & 7)), abs((a >> 3) - (b >> 3))) for b in range(64))
    for a in range(64)
)
_UNBOUNDED = 400  # depth of the exhaustive iterations (deeper lines count as cut off)


class Winnability(enum.Enum):
    """The answer to "can this player still checkmate?"."""

    WINNABLE = "winnable"
    UNWINNABLE = "unwinnable"
    UNDETERMINED = "undetermined"


@dataclass(frozen=True, slots=True)
class MateAnalysis:
    """The verdict for one player, with a helpmate when it is WINNABLE.

    ``helpmate`` holds legal moves from the analysed position, the last one checkmating the
    opponent of ``color`` (empty if that opponent is already checkmated). ``nodes`` is the
    effort spent.
    """

    color: Color
    verdict: Winnability
    helpmate: tuple[Move, ...] = ()
    nodes: int = 0
    reason: str = ""

    @property
    def winnable(self) -> bool:
        """True for a proved WINNABLE verdict."""
        return self.verdict is Winnability.WINNABLE

    @property
    def unwinnable(self) -> bool:
        """True for a proved UNWINNABLE verdict."""
        return self.verdict is Winnability.UNWINNABLE


def material_of(position: Position) -> Material:
    """The placement as bitboards for the static arguments."""
    pieces = position.pieces
    return Material(
        (
            (0, *(pieces(t, 0) for t in range(1, 7))),
            (0, *(pieces(t, 1) for t in range(1, 7))),
        )
    )


def static_cannot_mate(position: Position, color: int) -> str:
    """The static argument proving ``color`` can never checkmate here, or "" (Article 6.9)."""
    material = material_of(position)
    if material_cannot_mate(material, color):
        return "material"
    if (
        position.ep_square is None
        and pawns_blocked(material.of(0, 1), material.of(1, 1))
        and frozen_cannot_mate(material, color)
    ):
        return "blocked pawns"
    return ""


class _OutOfBudget(Exception):
    pass


class _Search:
    """One helpmate search for ``winner`` on a private copy of the position."""

    def __init__(self, position: Position, winner: int, budget: int) -> None:
        self.pos = position
        self.winner = winner
        self.loser = winner ^ 1
        self.budget = budget
        self.nodes = 0
        self.tt: dict[Hashable, int] = {}
        self.cut = False
        self.path: list[int] = []
        self.static_cache: dict[tuple[int, ...], bool] = {}
        self.exact = False

    # -- static pruning ---------------------------------------------------------------------

    def hopeless(self) -> bool:
        """True when a static argument shows the winner can never mate from here."""
        pos = self.pos
        w = self.winner
        pieces = pos.pieces
        # A cheap pre-test (no pawn, rook or queen, not both minor kinds), then the full one.
        if (
            not (pieces(1, w) | pieces(4, w) | pieces(5, w))
            and not (pieces(2, w) and pieces(3, w))
            and material_cannot_mate(material_of(pos), w)
        ):
            return True
        white_pawns, black_pawns = pieces(1, 0), pieces(1, 1)
        if pos.ep_square is None and pawns_blocked(white_pawns, black_pawns):
            key = tuple(pieces(t, c) for c in (0, 1) for t in range(1, 7))
            cached = self.static_cache.get(key)
            if cached is None:
                cached = frozen_cannot_mate(material_of(pos), w)
                self.static_cache[key] = cached
            return cached
        return False

    # -- move ordering ------------------------------------------------------------------------

    def ordered(self, codes: list[int]) -> list[int]:
        pos = self.pos
        piece_at = pos.piece_code_at
        dist = _DIST
        if pos.turn == self.winner:
            target = pos.king(self.loser)
            scored = []
            for code in codes:
                frm, to = code & 63, code >> 6 & 63
                kind = piece_at(frm) & 7
                score = 4 * (dist[frm][target] - dist[to][target])
                if kind == 6:
                    score = 2 * (dist[frm][target] - dist[to][target]) - 2
                promotion = code >> 12 & 7
                if promotion:
                    score += 60 if promotion == 5 else -40
                elif kind == 1:
                    score += 6 + (to >> 3 if self.winner == 0 else 7 - (to >> 3))
                if piece_at(to):
                    score += 8
                if self._may_check(code, kind, target):
                    score += 40
                scored.append((score, code))
        else:
            own_king = pos.king(self.loser)
            their_king = pos.king(self.winner)
            scored = []
            for code in codes:
                frm, to = code & 63, code >> 6 & 63
                kind = piece_at(frm) & 7
                if kind == 6:
                    score = 3 * (dist[frm][their_king] - dist[to][their_king])
                else:
                    score = 2 * (dist[frm][own_king] - dist[to][own_king])
                    promotion = code >> 12 & 7
                    if promotion:
                        score += 10 if promotion in (2, 3) else 0
                if piece_at(to):
                    score -= 30
                scored.append((score, code))
        scored.sort(reverse=True)
        return [code for _, code in scored]

    def _may_check(self, code: int, kind: int, target: int) -> bool:
        """A cheap over-approximation of "this move gives check"."""
        frm, to = code & 63, code >> 6 & 63
        if code >> 12:
            return True  # promotion, castling, en passant: do not guess
        occupied = self.pos.occupied ^ (1 << frm) | (1 << to)
        if kind == 2:
            if KNIGHT_JUMPS[to] >> target & 1:
                return True
        elif kind == 1:
            file_to = to & 7
            if abs(file_to - (target & 7)) == 1 and (target >> 3) - (to >> 3) == (
                1 if self.winner == 0 else -1
            ):
                return True
        elif kind in (3, 5) and bishop_attacks(to, occupied) >> target & 1:
            return True
        if kind in (4, 5) and rook_attacks(to, occupied) >> target & 1:
            return True
        # discovered check: the piece leaves a line that runs from the target king
        position = self.pos
        lines = bishop_attacks(target, position.occupied) | rook_attacks(target, position.occupied)
        return bool(lines >> frm & 1)

    # -- the search ---------------------------------------------------------------------------

    def mates_now(self) -> int | None:
        """A move that checkmates at once, if the winner is to move and has one."""
        pos = self.pos
        target = pos.king(self.loser)
        piece_at = pos.piece_code_at
        for code in pos.legal_codes():
            if not self._may_check(code, piece_at(code & 63) & 7, target):
                continue
            pos.push_code(code)
            mate = pos.is_checkmate()
            pos.pop_code()
            if mate:
                return code
        return None

    def dfs(self, depth: int) -> bool:
        """Search ``depth`` plies; True (with ``self.path``) when a helpmate is found."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        pos = self.pos
        if pos.turn == self.winner and depth == 1:
            code = self.mates_now()
            if code is not None:
                self.path.append(code)
                return True
            if pos.legal_codes():
                self.cut = True
            return False
        key: Hashable = pos.repetition_key() if self.exact else pos.zobrist_key()
        if self.tt.get(key, -1) >= depth:
            return False
        self.tt[key] = depth
        if self.hopeless():
            return False
        codes = pos.legal_codes()
        if not codes:
            return False  # checkmate of the winner, or stalemate: the game is over
        if depth <= 0:
            self.cut = True
            return False
        winner_moves = pos.turn == self.winner
        for code in self.ordered(codes):
            pos.push_code(code)
            self.path.append(code)
            if winner_moves and pos.is_check() and pos.is_checkmate():
                pos.pop_code()
                return True
            found = self.dfs(depth - 1)
            if found:
                pos.pop_code()
                return True
            self.path.pop()
            pos.pop_code()
        return False

    def run(self) -> tuple[Winnability, list[int]]:
        pos = self.pos
        depth = 1 if pos.turn == self.winner else 2
        try:
            while True:
                self.tt.clear()
                self.cut = False
                self.path = []
                if self.dfs(depth):
                    return Winnability.WINNABLE, self.path
                if not self.cut:
                    if self.exact:
                        return Winnability.UNWINNABLE, []
                    # A proof must not rest on a Zobrist collision: repeat with exact keys.
                    self.exact = True
                    continue
                if depth >= _UNBOUNDED:
                    return Winnability.UNDETERMINED, []
                depth = depth + 2 if depth < 9 else _UNBOUNDED
        except _OutOfBudget:
            return Winnability.UNDETERMINED, []


def can_checkmate(
    position: Position, color: Color | int, *, budget: int = DEFAULT_BUDGET
) -> MateAnalysis:
    """Whether ``color`` can checkmate by some series of legal moves (Articles 5.2.2, 6.9).

    Sound: UNWINNABLE is answered only with a proof; WINNABLE comes with the helpmate;
    UNDETERMINED when ``budget`` (positions searched) runs out. The position is not changed.

    >>> p = Position.from_fen("4k3/8/8/8/8/8/8/4K2Q b - - 0 1")
    >>> can_checkmate(p, Color.BLACK).verdict
    <Winnability.UNWINNABLE: 'unwinnable'>
    >>> can_checkmate(p, Color.WHITE).verdict
    <Winnability.WINNABLE: 'winnable'>
    """
    color = Color(color)
    pos = position.copy()
    winner = int(color)
    if pos.turn != winner and pos.is_checkmate():
        return MateAnalysis(color, Winnability.WINNABLE, (), 0, "checkmate on the board")
    if not pos.legal_codes():
        return MateAnalysis(color, Winnability.UNWINNABLE, (), 0, "the game is over")
    reason = static_cannot_mate(pos, winner)
    if reason:
        return MateAnalysis(color, Winnability.UNWINNABLE, (), 0, reason)
    search = _Search(pos, winner, budget)
    verdict, path = search.run()
    moves: list[Move] = []
    if verdict is Winnability.WINNABLE:
        replay = position.copy()
        for code in path:
            moves.append(replay.move_of(code))
            replay.push_code(code)
    reason = "helpmate" if verdict is Winnability.WINNABLE else ""
    if verdict is Winnability.UNWINNABLE:
        reason = "exhaustive search"
    return MateAnalysis(color, verdict, tuple(moves), search.nodes, reason)


def is_dead(position: Position, *, budget: int = DEFAULT_BUDGET) -> bool:
    """Whether the position is dead: neither player can checkmate (Article 5.2.2).

    Sound: True only when both players are proved unable to checkmate; False when either can,
    or when ``budget`` runs out first (the arbiter then decides).

    >>> is_dead(Position.from_fen("4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1"))
    True
    """
    needs_search = [c for c in (Color.WHITE, Color.BLACK) if not static_cannot_mate(position, c)]
    if needs_search and not _looks_blocked(position):
        return False  # only a blocked-looking position is worth a search
    for color in needs_search:
        if can_checkmate(position, color, budget=budget).verdict is not Winnability.UNWINNABLE:
            return False
    return True


def _looks_blocked(position: Position) -> bool:
    """A cheap filter for positions where a dead-position search may pay off."""
    pieces = position.pieces
    if pieces(5, 0) | pieces(5, 1) | pieces(4, 0) | pieces(4, 1):
        return False
    white_pawns, black_pawns = pieces(1, 0), pieces(1, 1)
    pawns = white_pawns | black_pawns
    blocked = white_pawns << 8 & pawns | black_pawns >> 8 & pawns
    return bool(pawns) and bin(blocked).count("1") * 2 >= bin(pawns).count("1")
