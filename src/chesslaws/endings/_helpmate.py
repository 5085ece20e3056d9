"""A directed helpmate search: iterative deepening where progress is free (Articles 5.2.2, 6.9).

A helpmate (the loser cooperating) is usually long in the positions where it is hard to find:
pawns must first capture their way through a blocked structure, promote, and only then can the
winner mate. A plain depth-first search cannot reach that far, so this search measures depth
not in plies but in *idle* moves. A move that makes progress towards a mate costs nothing:

* for the winner: a capture, a pawn push to the fifth rank or beyond, a promotion to a queen,
  the king approaching its post two squares from the mating corner, a knight approaching the
  corner (under-promotions, which rarely help, cost three plies);
* for the loser: the king heading for the mating corner, a knight heading for the square beside
  it (it will block the king's flight), a pawn move when the winner needs the loser's promoted
  material (under-promotions only);

and the reply to a progressing move is free as well. Moves that undo progress (the loser
capturing the winner's men) cost three plies. The search deepens step by step, each iteration
limited to a slice of the nodes, with a transposition table keyed by Zobrist hash and the
remaining depth.

The search only finds mates: it proves nothing (its table may confuse two positions whose keys
collide, and its cut-offs are heuristics), so every mate it returns is a sequence of legal moves
ending in checkmate, and a failure to find one means nothing. The idea follows the
``find_mate`` search of Ambrona's Chess Unwinnability Analyzer; this is a separate
implementation.
"""

from __future__ import annotations

from collections.abc import Callable

from chesslaws.core import DARK_SQUARES, KNIGHT_ATTACKS, Position
from chesslaws.endings._static import KING_DISTANCE

__all__ = [
    "NORMAL",
    "PUNISH",
    "REWARD",
    "HelpmateSearch",
    "MateFinder",
    "mating_targets",
    "needs_loser_promotion",
    "progress_classes",
]

#: Classes of moves: progress (free in depth), ordinary, and undoing progress (dear).
REWARD, NORMAL, PUNISH = 0, 1, 2
_PUNISH_COST = 3  # plies a punished move costs


def _leaper_distances(steps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Moves a leaper needs between any two squares of an empty board (breadth first)."""
    table = []
    for start in range(64):
        dist = [99] * 64
        dist[start] = 0
        frontier = seen = 1 << start
        d = 0
        while frontier:
            d += 1
            reached = 0
            while frontier:
                bit = frontier & -frontier
                frontier ^= bit
                reached |= steps[bit.bit_length() - 1]
            frontier = reached & ~seen
            seen |= frontier
            probe = frontier
            while probe:
                bit = probe & -probe
                probe ^= bit
                dist[bit.bit_length() - 1] = d
        table.append(tuple(dist))
    return tuple(table)


_KNIGHT_DIST = _leaper_distances(tuple(KNIGHT_ATTACKS))


def mating_targets(pos: Position, winner: int) -> tuple[int, int, int]:
    """(square for the winner's king, mating corner, square beside it for a loser's man).

    The corner is on the loser's back rank; dark when the winner has a dark-squared bishop
    (which can give the check there) or has no bishop while the loser has a light-squared one
    (which can block the flight square beside the corner)."""
    winner_bishops = pos.pieces(3, winner)
    dark = bool(winner_bishops & DARK_SQUARES) or (
        not winner_bishops and bool(pos.pieces(3, winner ^ 1) & ~DARK_SQUARES)
    )
    # For a white winner: h8 (dark) or a8 (light), the king two squares below, the square beside.
    corner, king, beside = (63, 47, 62) if dark else (56, 40, 57)
    if winner == 1:
        corner, king, beside = 63 - corner, 63 - king, 63 - beside
    return king, corner, beside


def needs_loser_promotion(pos: Position, winner: int) -> bool:
    """Heuristic: the winner's men alone look unable to mate (a lone knight against pawns and
    queens, or bishops of one colour with no knight or other-coloured bishop to help), so the
    loser must promote to give the winner something to work with."""
    loser = winner ^ 1
    men = pos.occupied_by(winner).bit_count()
    if men == 2 and pos.pieces(2, winner):
        return not (pos.pieces(2, loser) | pos.pieces(3, loser) | pos.pieces(4, loser))
    bishops = pos.pieces(3, winner)
    if bishops and men == bishops.bit_count() + 1:
        colour = DARK_SQUARES if bishops & DARK_SQUARES else ~DARK_SQUARES
        others = (pos.pieces(3, 0) | pos.pieces(3, 1)) & ~colour
        return not others and not pos.pieces(2, loser)
    return False


def progress_classes(pos: Position, winner: int, codes: list[int]) -> list[int]:
    """The class (:data:`REWARD`, :data:`NORMAL`, :data:`PUNISH`) of each move of ``codes``
    (legal moves of the side to move) for a helpmate by ``winner``: a heuristic, never part of
    a proof."""
    board = pos.board_codes()
    king_target, corner, beside = mating_targets(pos, winner)
    kd = KING_DISTANCE
    nd = _KNIGHT_DIST
    out = []
    if pos.turn == winner:
        # Pushes to the fifth rank and beyond, and promotions to a queen, are progress.
        advanced = 0xFFFFFFFF00000000 if winner == 0 else 0x00000000FFFFFFFF
        for code in codes:
            frm, to = code & 63, code >> 6 & 63
            kind = board[frm] & 7
            promotion = code >> 12 & 7
            if board[to] or code >> 15 == 1:
                cls = REWARD  # a capture opens the structure or removes a defender
            elif kind == 1:
                if promotion:
                    cls = REWARD if promotion == 5 else PUNISH
                else:
                    cls = REWARD if advanced >> to & 1 else NORMAL
            elif kind == 6:
                cls = REWARD if kd[to][king_target] < kd[frm][king_target] else NORMAL
            elif kind == 2:
                cls = REWARD if nd[to][corner] < nd[frm][corner] else NORMAL
            else:
                cls = NORMAL
            out.append(cls)
        return out
    needs = needs_loser_promotion(pos, winner)
    for code in codes:
        frm, to = code & 63, code >> 6 & 63
        kind = board[frm] & 7
        cls = NORMAL
        if needs:
            # Under-promotions only: a queen or rook of the loser's rarely helps the winner.
            cls = REWARD if kind == 1 and (code >> 12 & 7) not in (4, 5) else PUNISH
        if kind == 6 and kd[to][corner] < kd[frm][corner]:
            cls = REWARD  # the king walks into the mating corner
        elif kind == 2 and nd[to][beside] < nd[frm][beside]:
            cls = REWARD  # a knight comes to block the corner's flight square
        if board[to]:
            cls = PUNISH  # taking the winner's men undoes progress
        out.append(cls)
    return out


class _Stop(Exception):
    """The node limit of the current iteration is reached."""


class MateFinder:
    """What the mate finders share: a search for ``winner``'s mate on ``position`` (changed
    during the search, restored after), expanding at most ``limit`` positions, counted in
    ``nodes``. ``mates_now`` returns a move among the winner's legal moves that checkmates at
    once, if any. A finder only finds: the caller replays the line it returns, and a failure
    proves nothing."""

    def __init__(
        self,
        position: Position,
        winner: int,
        limit: int,
        mates_now: Callable[[list[int]], int | None],
    ) -> None:
        self.pos = position
        self.winner = winner
        self.loser = winner ^ 1
        self.limit = limit
        self.mates_now = mates_now
        self.nodes = 0
        self.start()

    def start(self) -> None:
        """Set up the finder's own state (for the subclasses)."""


class HelpmateSearch(MateFinder):
    """Iterative-deepening helpmate search (see :class:`MateFinder` for the arguments)."""

    def start(self) -> None:
        self.scores: Callable[[list[int]], list[int]] | None = None
        self.path: list[int] = []
        self.tt: dict[int, int] = {}
        self.max_depth = 0
        self.stop_at = 0

    def find(self, slice_nodes: int, max_depth: int = 200) -> list[int] | None:
        """Deepen until a helpmate turns up (its moves as codes) or the nodes run out; each
        iteration expands at most ``slice_nodes`` positions."""
        pos = self.pos
        root = pos.ply
        depth = 1
        while depth <= max_depth and self.nodes < self.limit:
            self.tt = {}
            self.path = []
            self.max_depth = depth
            self.stop_at = min(self.nodes + slice_nodes, self.limit)
            try:
                if self._visit(0, False):
                    return self.path
            except _Stop:
                while pos.ply > root:
                    pos.pop_code()
            depth += 1
        return None

    def _visit(self, depth: int, past_progress: bool) -> bool:
        """Search below the current position, ``depth`` plies deep; True with ``self.path``
        ending in mate. Mates are found one ply early, by :attr:`mates_now` on the winner's
        turns, so the positions after the winner's moves need no test of their own."""
        pos = self.pos
        winners_turn = pos.turn == self.winner
        if depth >= self.max_depth:
            return False
        key = pos.zobrist_key()
        left = self.max_depth - depth
        if self.tt.get(key, -1) >= left:
            return False
        if self.nodes >= self.stop_at:
            raise _Stop
        self.tt[key] = left
        self.nodes += 1
        codes = pos.legal_codes()
        if not codes:
            return False
        if winners_turn:
            if pos.occupied_by(self.winner) == 1 << pos.king(self.winner):
                return False  # a lone king never mates
            code = self.mates_now(codes)
            if code is not None:
                self.path.append(code)
                return True
        classes = progress_classes(pos, self.winner, codes)
        if self.scores is not None:
            scores = self.scores(codes)
            order = sorted(range(len(codes)), key=lambda i: (classes[i], -scores[i]))
        else:
            order = sorted(range(len(codes)), key=classes.__getitem__)
        for i in order:
            cls = classes[i]
            if cls == REWARD:
                new_depth = depth
            elif cls == PUNISH:
                new_depth = min(self.max_depth, depth + _PUNISH_COST)
            else:
                new_depth = depth if past_progress else depth + 1
            if winners_turn and new_depth >= self.max_depth:
                continue  # every mate in one was tried above
            code = codes[i]
            pos.push_code(code)
            self.path.append(code)
            found = self._visit(new_depth, cls == REWARD)
            pos.pop_code()
            if found:
                return True
            self.path.pop()
        return False
