"""A greedy best-first helpmate search over the graph of positions (Articles 5.2.2, 6.9).

Whether a player "can checkmate by any possible series of legal moves" (Article 5.2.2; the
same question for Article 6.9 after a flag fall) asks for a helpmate: both sides cooperate, so
finding one is a path-finding problem in the graph of positions, not a game search. In the
blocked positions where mates are hard to find, the helpmate is long (30 to 50 plies) and
follows a plan: a man blocking a pawn's file is captured (often by the winner's king), the
pawn runs and promotes, and only then can the loser's king, boxed in by his own men, be mated.
Depth-limited searches cannot see that far; this search walks towards the mate greedily.

It keeps a priority queue of positions ordered by an estimate of how far each is from a mate
by ``winner`` (:func:`distance_to_mate`: promotions the winner still needs, men standing in
front of his best pawn, the flight squares of the loser's king, the distance between the
kings; when the loser's king cannot move, the loser's pawn pushes as well, his only spare
moves), expands the most promising one (every legal move; on the loser's turns only the few
replies leading to the best estimates, as most of his moves are interchangeable tempo moves),
and remembers the positions seen (by Zobrist key) and each one's parent and move, so the line
to a mate is rebuilt from the links. The position is walked from one node to the next through
their common ancestor, so no copy of a position is kept.

The search only finds mates and proves nothing: it returns legal moves (from the move
generator) whose last one checkmates (tested by the caller's ``mates_now``), and a failure to
find one means nothing; its table of Zobrist keys may merge positions whose keys collide, which
can only hide a mate from it.
"""

from __future__ import annotations

import heapq

from chesslaws.core import KING_ATTACKS, Position
from chesslaws.endings._helpmate import MateFinder, mating_targets, needs_loser_promotion
from chesslaws.endings._static import EDGE_DISTANCE, KING_DISTANCE

__all__ = ["BestFirstSearch", "distance_to_mate"]

# Weights of the estimate (tuned on blocked-pawn test positions, checked on the others).
_PER_RANK = 3  # each rank the winner's best pawn still has to go to promote
_PAWN_AHEAD = 4  # each pawn standing in front of it on its file (a capture must remove it)
_KING_TO_BLOCKER = 2  # each step the winner's king needs to reach the nearest such pawn
_MAN_AHEAD = 1  # each other man in front of it (it may step aside)
_STUCK_KING_AHEAD = 20  # the loser's king in front of it with no flight square (it stays)
_FLIGHT = 2  # each free flight square of the loser's king
_LOSER_PROMOTION = 2  # each rank the loser's best pawn has to go, when he must promote
_REPLIES = 3  # replies of the loser's kept per position (the most promising ones)


def _file_ahead(color: int) -> tuple[int, ...]:
    """For each square, the squares in front of it on its file, from ``color``'s side."""
    out = []
    for square in range(64):
        mask = 0
        ahead = square + 8 if color == 0 else square - 8
        while 0 <= ahead < 64:
            mask |= 1 << ahead
            ahead += 8 if color == 0 else -8
        out.append(mask)
    return tuple(out)


_AHEAD = (_file_ahead(0), _file_ahead(1))


def _flights(pos: Position, winner: int) -> int:
    """Squares beside the loser's king that are neither his own nor attacked by the winner."""
    loser = winner ^ 1
    squares = KING_ATTACKS[pos.king(loser)] & ~pos.occupied_by(loser)
    free = 0
    while squares:
        bit = squares & -squares
        squares ^= bit
        if not pos.is_attacked(bit.bit_length() - 1, winner):
            free += 1
    return free


def _promotion_cost(pos: Position, winner: int, loser_king_free: int) -> int:
    """How far the winner's most advanced free pawn is from promoting, when he has no queen
    or rook (0 otherwise, or with no pawn): ranks to go, and the men standing in its way."""
    pieces = pos.pieces
    pawns = pieces(1, winner)
    if not pawns or pieces(5, winner) | pieces(4, winner):
        return 0
    all_pawns = pieces(1, 0) | pieces(1, 1)
    others = pos.occupied & ~all_pawns
    own_king = pos.king(winner)
    loser_king = pos.king(winner ^ 1)
    ahead_of = _AHEAD[winner]
    best = 1 << 30
    while pawns:
        bit = pawns & -pawns
        pawns ^= bit
        square = bit.bit_length() - 1
        rank = square >> 3
        cost = _PER_RANK * (7 - rank if winner == 0 else rank)
        blockers = ahead_of[square] & all_pawns
        if blockers:
            nearest = blockers & -blockers if winner == 0 else 1 << blockers.bit_length() - 1
            cost += _PAWN_AHEAD * blockers.bit_count()
            cost += _KING_TO_BLOCKER * KING_DISTANCE[own_king][nearest.bit_length() - 1]
        men = ahead_of[square] & others
        if men:
            cost += _MAN_AHEAD * men.bit_count()
            if not loser_king_free and men >> loser_king & 1:
                cost += _STUCK_KING_AHEAD
        best = min(best, cost)
    return best


def _pawn_ranks(pos: Position, color: int) -> list[int]:
    """For each pawn of ``color``'s, the ranks it stands from his own first rank (1 to 6)."""
    pawns = pos.pieces(1, color)
    ranks = []
    while pawns:
        bit = pawns & -pawns
        pawns ^= bit
        rank = (bit.bit_length() - 1) >> 3
        ranks.append(rank if color == 0 else 7 - rank)
    return ranks


def _loser_promotion_cost(pos: Position, winner: int) -> int:
    """Ranks the loser's most advanced pawn has to go, when the winner's men look unable to
    mate without a promoted piece of the loser's to block a flight square (0 otherwise)."""
    if not needs_loser_promotion(pos, winner):
        return 0
    return _LOSER_PROMOTION * (7 - max(_pawn_ranks(pos, winner ^ 1), default=-1))


def distance_to_mate(pos: Position, winner: int, *, short_of_moves: bool = False) -> int:
    """A heuristic estimate (no proof) of how far ``winner`` is from mating in ``pos``; lower
    is closer: the promotions the winner (:func:`_promotion_cost`) or the loser
    (:func:`_loser_promotion_cost`) still need, the flight squares of the loser's king, its
    distance to the winner's king, to the edge and to the mating corner of
    :func:`._helpmate.mating_targets`, and the winner's king's distance to its post there.

    With ``short_of_moves`` (the loser's king cannot move), every rank the loser's pawns have
    advanced counts as well: their pushes are the loser's only spare moves while the winner
    makes his, and a loser out of moves is stalemated before the mate."""
    loser_king = pos.king(winner ^ 1)
    own_king = pos.king(winner)
    free = _flights(pos, winner)
    post, corner, _ = mating_targets(pos, winner)
    spent = sum(_pawn_ranks(pos, winner ^ 1)) if short_of_moves else 0
    return (
        spent
        + _promotion_cost(pos, winner, free)
        + _loser_promotion_cost(pos, winner)
        + _FLIGHT * free
        + KING_DISTANCE[loser_king][own_king]
        + EDGE_DISTANCE[loser_king]
        + KING_DISTANCE[loser_king][corner]
        + KING_DISTANCE[own_king][post]
    )


class BestFirstSearch(MateFinder):
    """Greedy best-first helpmate search (see :class:`MateFinder` for the arguments)."""

    def start(self) -> None:
        # The search graph: each node's parent, the move leading to it and its depth.
        self.parent = [-1]
        self.move = [0]
        self.depth = [0]
        self.line = [0]  # the nodes along the moves now played on the position, root first

    def find(self) -> list[int] | None:
        """A helpmate (its moves as codes) or None when the nodes or positions run out."""
        pos = self.pos
        root = pos.ply
        try:
            return self._search()
        finally:
            while pos.ply > root:
                pos.pop_code()

    def _search(self) -> list[int] | None:
        pos = self.pos
        winner = self.winner
        seen = {pos.zobrist_key()}
        # A loser's king without a flight square at the start: his spare moves are scarce.
        short = _flights(pos, winner) == 0
        queue = [(0, 0, 0)]  # (estimate, order of creation: ties first come, node)
        created = 1
        while queue and self.nodes < self.limit:
            node = heapq.heappop(queue)[2]
            self._go_to(node)
            self.nodes += 1
            codes = pos.legal_codes()
            if not codes:
                continue  # the game is over: no mate beyond
            if pos.turn == winner:
                if pos.occupied_by(winner) == 1 << pos.king(winner):
                    continue  # a lone king never mates
                code = self.mates_now(codes)
                if code is not None:
                    return [self.move[n] for n in self.line[1:]] + [code]
            children = []
            for i, code in enumerate(codes):
                pos.push_code(code)
                key = pos.zobrist_key()
                if key not in seen:
                    estimate = distance_to_mate(pos, winner, short_of_moves=short)
                    children.append((estimate, i, code, key))
                pos.pop_code()
            if pos.turn != winner and len(children) > _REPLIES:
                children.sort()
                del children[_REPLIES:]
            depth = self.depth[node] + 1
            for estimate, _, code, key in children:
                seen.add(key)
                self.parent.append(node)
                self.move.append(code)
                self.depth.append(depth)
                heapq.heappush(queue, (estimate, created, len(self.parent) - 1))
                created += 1
        return None

    def _go_to(self, node: int) -> None:
        """Play the moves from the current node to ``node``, through their common ancestor."""
        pos = self.pos
        line = self.line
        depth = self.depth
        chain = []
        common = node
        while depth[common] >= len(line) or line[depth[common]] != common:
            chain.append(common)
            common = self.parent[common]
        while len(line) - 1 > depth[common]:
            pos.pop_code()
            line.pop()
        for step in reversed(chain):
            pos.push_code(self.move[step])
            line.append(step)
