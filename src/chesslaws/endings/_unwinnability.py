"""Can a player still checkmate? (Articles 5.1.2, 5.2.2, 6.9, 7.5.5.)

The Laws ask whether a player "can checkmate the opponent's king by any possible series of legal
moves": a helpmate, the opponent cooperating. :func:`can_checkmate` answers

* ``WINNABLE`` with a witness: legal moves from the position ending in that checkmate;
* ``UNWINNABLE`` only with a proof: a static argument (:mod:`._static`: material, blocked
  pawns; at the root also :mod:`._semistatic`: where every man may ever go, after the forced
  moves and after every first move) or an exhaustive search of every position reachable by
  legal moves, in which static arguments close branches for good;
* ``UNDETERMINED`` when the effort budget ran out first.

The search works on a private copy of the position, in phases sharing one budget (positions
expanded). Greedy *dives* walk from the position along the most promising moves, slightly
blurred by a seeded random number generator, trying every checking move for mate on the
attacker's turns: the attacker's king and pieces head for the defending king, pawns advance and
promote to a queen, pawn captures open the structure; the defender's king heads for the
attacking king and the edge, and his other men crowd round their own king or offer themselves
to the attacker's pawns. A short iterative-deepening search (a dozen positions) catches quick
mates, and the greedy best-first search of :mod:`._bestfirst` (a priority queue on an estimate
of the distance to mate) and the directed search of :mod:`._helpmate` (iterative deepening in
which progress costs no depth) the long ones of blocked positions. These phases take a tenth of
the first 20,000 positions (and 1,500 more when the budget is larger) and only find mates. The
exhaustive depth-first search, in the same move order with progress first, visits every
position reachable by legal moves, each once (a set of exact position keys), and tests each for
checkmate. A position is closed (not expanded) when the game is over there or a static argument
shows the attacker can never mate from it; if the search runs out of positions without finding
a mate, the position is unwinnable. It runs in slices (a first one before the dives end, as it
finds the mates of open positions fast), visiting the same positions in the same order as in
one go.

Soundness rests on the static arguments being closed under play (nothing reachable from a
closed position can be a mate), on every position reached by the exhaustive search being tested
for checkmate, and on exact position keys (no hash collision can hide a position); the
mate-finding phases and their Zobrist-keyed tables never take part in a proof. The 50- and
75-move rules and repetitions are ignored, as in the Laws' "any possible series of legal moves".
"""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass

from chesslaws._color import Color
from chesslaws.core import BB_FILES, BETWEEN, Move, Position, bishop_attacks, rook_attacks
from chesslaws.endings._bestfirst import BestFirstSearch
from chesslaws.endings._helpmate import HelpmateSearch, progress_classes
from chesslaws.endings._semistatic import reach_proof
from chesslaws.endings._shortcut import PositionKey, exact_key, shorten
from chesslaws.endings._static import (
    EDGE_DISTANCE,
    KING_DISTANCE,
    KING_STEPS,
    KNIGHT_JUMPS,
    Material,
    _squares,
    frozen_cannot_mate,
    material_cannot_mate,
    material_of,
    pawn_attacks,
    pawns_blocked,
    pawns_in_tension,
    pawns_surely_change,
)

__all__ = [
    "MATE_BUDGET",
    "MateAnalysis",
    "Winnability",
    "can_checkmate",
    "is_dead",
    "pawn_walk_proof",
]

MATE_BUDGET = 200_000
"""The library's one default effort (positions expanded) of the search "can the opponent still
checkmate?" (5.1.2, 6.9, 7.5.5), before it answers UNDETERMINED: the arbiter's (written into a
``start`` event's ``rules.mate_budget`` so that a replay rules the same), the auditor's and the
command line's."""
#: The first round of the search's phases (see :meth:`_Search.run`): what real games need.
_FIRST_ROUND = 20_000

_QUICK_NODES = 12  # effort of the short iterative-deepening helpmate search
# Shares of the first round (positions expanded). The mate-finding phases (quick search, dives,
# best-first and directed searches) take _FINDER_SHARE in all and prove nothing; the exhaustive
# search keeps the rest for its proofs, however it is sliced.
_FINDER_SHARE = 0.1
_PROBE = 40  # greedy dives before the reachability argument: most mates of real games
_FIRST_DIVES = 0.01  # greedy dives first, the probe included
_EXHAUSTIVE_FIRST = 0.05  # then a slice of the exhaustive search (mates of open positions)
_DIVE_SHARE = 0.03  # the dives in all (the rest of them after the first slice of exhaustive)
_BEST_FIRST_SHARE = 0.0175  # the best-first search (long mates of blocked positions)
_CLASS_WEIGHT = 3  # weight of a move's progress class against its score in the move order
_DIRECTED_SLICE = 400  # positions per iteration of the directed helpmate search
_DIVE_LENGTH = 80  # plies per dive
_NOISE = 12  # how much the dives blur the move scores
_STATIC_TRIES = 2  # failed blocked-pawn analyses per pawn structure before the search stops trying
# Move keys (:meth:`_Search.scored`): the score above the move code, so that the best key is
# the best move (ties: the higher code).
_KEY_SHIFT = 20
_CODE_MASK = (1 << _KEY_SHIFT) - 1
_NO_BLUR = itertools.repeat(0)  # no blur: zero for every move
_SECOND_DIRECTED = 1_500  # the directed search of the second round (see _Search.second_round)
_QUICK_DEPTH = 6  # plies of the iterative-deepening helpmate search before the exhaustive one
_ALL = (1 << 64) - 1
_RANK_1 = 0xFF
_NOT_FILE_A = _ALL ^ 0x0101010101010101
_NOT_FILE_H = _ALL ^ 0x8080808080808080
_NEIGHBOUR_FILES = tuple(
    (BB_FILES[f - 1] if f > 0 else 0) | (BB_FILES[f + 1] if f < 7 else 0) for f in range(8)
)


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


def static_cannot_mate(position: Position, color: int) -> str:
    """The static argument proving ``color`` can never checkmate here, or "" (Article 6.9)."""
    pieces = position.pieces
    material: Material | None = None
    if not (pieces(1, color) | pieces(4, color) | pieces(5, color)) and not (
        pieces(2, color) and pieces(3, color)
    ):
        material = material_of(position)
        if material_cannot_mate(material, color):
            return "material"
    white_pawns, black_pawns = pieces(1, 0), pieces(1, 1)
    others = position.occupied & ~(white_pawns | black_pawns)
    if position.ep_square is None and pawns_blocked(white_pawns, black_pawns, others):
        if material is None:
            material = material_of(position)
        if frozen_cannot_mate(material, color, _castlers(position)):
            return "blocked pawns"
    return ""


def neither_can_mate(position: Position) -> bool:
    """``static_cannot_mate(position, 0) and static_cannot_mate(position, 1)``, the test of
    5.2.2 after every move, with early answers that are the same answer, cheaply.

    A side with a pawn, a rook or a queen can be stopped only by the blocked-pawn argument
    (:func:`material_cannot_mate` is False for it), and the tests below show that argument
    False for both sides at once: then such a side cannot be stopped (with pawns on the board,
    the side that has them), and the position is not dead. The argument needs pawns; and then
    none of the refutations :func:`frozen_cannot_mate` starts with (:func:`pawns_blocked`,
    :func:`pawns_surely_change`, with the men that may castle taken for no walls), a legal
    en passant square (a capture the placement does not show), a pawn attacking an enemy man
    other than the king (:func:`pawns_in_tension`), or a piece reaching an enemy pawn
    (:func:`_piece_reaches_pawn`). The first test, done on the bitboards at once, is
    :func:`pawns_surely_change` with every man taken for a wall: a promotion or capture it
    finds is found with fewer walls too, and it settles most positions of a game.
    """
    bb = position.piece_bitboards()  # index type | colour << 3: pawns 1 and 9, kings 6 and 14
    white_pawns, black_pawns = bb[1], bb[9]
    if not white_pawns | black_pawns:
        if bb[4] | bb[5] | bb[12] | bb[13]:
            return False
        return bool(static_cannot_mate(position, 0)) and bool(static_cannot_mate(position, 1))
    occupied = position.occupied
    if _walk_proof(white_pawns, black_pawns, occupied):
        return False
    # Here every pawn is blocked on its file, as pawns_blocked asks: the frontmost pawn of a
    # file with no enemy pawn nor piece ahead would have walked to its last rank.
    if position.ep_square is not None:
        return False
    kings = bb[6] | bb[14]
    white_men = position.occupied_by(0) & ~kings
    if pawns_in_tension(white_pawns, black_pawns, white_men, occupied & ~white_men & ~kings):
        return False
    if position.castling_rights:  # without castling rights, the walls were those walked
        walls = occupied & ~(white_pawns | black_pawns | _castlers(position))
        if pawns_surely_change(white_pawns, black_pawns, walls):
            return False
    if _piece_reaches_pawn(bb, occupied):
        return False
    return bool(static_cannot_mate(position, 0)) and bool(static_cannot_mate(position, 1))


def pawn_walk_proof(position: Position) -> int:
    """The squares that show, by :func:`neither_can_mate`'s first test, that the position is
    not dead (Article 5.2.2), or 0 when that test does not show it.

    The test walks every pawn over the empty squares towards its last rank: the position is not
    dead when a walk reaches that rank, or a White walk attacks a Black one (see
    :func:`neither_can_mate`). The squares returned are the walks, on the files that show it, of
    the pawns standing there: while no man comes or goes on any of them, the same walks reach
    the same squares (a man leaving another square only lengthens a walk), so the test shows it
    again; a caller that knows which squares a move changed may keep the proof of the position
    before it (:class:`chesslaws.arbiter.BoardState` does).
    """
    bb = position.piece_bitboards()
    return _walk_proof(bb[1], bb[9], position.occupied)


def _walk_proof(white_pawns: int, black_pawns: int, occupied: int) -> int:
    """:func:`pawn_walk_proof` of these pawns among the ``occupied`` squares."""
    if not white_pawns | black_pawns:
        return 0
    # _walk_north and _walk_south over the empty squares, in three doubling steps (1, 2, then
    # 4 ranks at a time); the White walk first, as it alone often reaches the end.
    empty = _ALL ^ occupied
    ahead = empty & empty << 8
    white = white_pawns | empty & white_pawns << 8
    white |= ahead & white << 16
    white |= ahead & ahead << 16 & white << 32
    files = white >> 56
    if files:
        return white & BB_FILES[(files & -files).bit_length() - 1]
    ahead = empty & empty >> 8
    black = black_pawns | empty & black_pawns >> 8
    black |= ahead & black >> 16
    black |= ahead & ahead >> 16 & black >> 32
    files = black & _RANK_1
    if files:
        return black & BB_FILES[(files & -files).bit_length() - 1]
    # A White walk attacking a Black one (as a Black walk attacks a White one: a pawn on x
    # attacks y diagonally ahead exactly when one of the other colour on y attacks x).
    met = black & ((white & _NOT_FILE_A) << 7 | (white & _NOT_FILE_H) << 9)
    if met:
        file = ((met & -met).bit_length() - 1) & 7
        return black & BB_FILES[file] | white & _NEIGHBOUR_FILES[file]
    return 0


def _piece_reaches_pawn(bb: tuple[int, ...], occupied: int) -> bool:
    """Whether a knight, bishop, rook or queen stands, or can go in one move to an empty
    square, where an enemy pawn attacks it or where it attacks an enemy pawn (``bb``: the
    piece bitboards, ``occupied``: every man; a slider attacks a pawn from exactly the squares
    the pawn's square attacks as that slider).

    :func:`frozen_cannot_mate` is then False for either attacker. In each round of its
    invariant (:func:`_frozen_once`) the enemy pawn's square is on its path, and its attacks
    are among the capture squares; the walls and fixed pawns are men of the position, so the
    piece's region and attacks there hold those found here with every man in the way. A piece
    that can move to an empty square is no wall (:func:`_wall_candidates`): its region holds
    the squares it moves to, and the round answers False. A piece that cannot is either no
    wall, and the round answers False too, or a wall (its region its square) found to be a
    mover, and the round answers no True but the next assumption; walls only ever shrink, so
    in the end it is no wall, or an earlier test answers False."""
    empty = _ALL ^ occupied
    for base in (0, 8):  # White's pieces, then Black's
        pawns = bb[9 - base]  # the other side's
        knights, bishops, rooks, queens = bb[2 | base], bb[3 | base], bb[4 | base], bb[5 | base]
        if not pawns or not knights | bishops | rooks | queens:
            continue
        captures = pawn_attacks(1 - (base >> 3), pawns)
        by_knight = by_bishop = by_rook = 0
        diagonal, straight = bishops | queens, rooks | queens
        for square in _squares(pawns):
            if knights:
                by_knight |= KNIGHT_JUMPS[square]
            if diagonal:
                by_bishop |= bishop_attacks(square, occupied)
            if straight:
                by_rook |= rook_attacks(square, occupied)
        for square in _squares(knights):
            if (1 << square | KNIGHT_JUMPS[square] & empty) & (captures | by_knight):
                return True
        for square in _squares(bishops):
            if (1 << square | bishop_attacks(square, occupied) & empty) & (captures | by_bishop):
                return True
        for square in _squares(rooks):
            if (1 << square | rook_attacks(square, occupied) & empty) & (captures | by_rook):
                return True
        for square in _squares(queens):
            lines = bishop_attacks(square, occupied) | rook_attacks(square, occupied)
            if (1 << square | lines & empty) & (captures | by_bishop | by_rook):
                return True
    return False


def _castlers(position: Position) -> int:
    """The kings and rooks that may still castle (they may move where the placement says they
    cannot), for :func:`frozen_cannot_mate`."""
    rights = position.castling_rights
    if not rights:
        return 0
    return rights | 1 << position.king(0) | 1 << position.king(1)


class _OutOfBudget(Exception):
    pass


class _Search:
    """One helpmate search for ``winner`` on a private copy of the position."""

    def __init__(self, position: Position, winner: int, budget: int) -> None:
        self.pos = position
        self.root = position.ply
        self.winner = winner
        self.loser = winner ^ 1
        self.budget = budget
        self.nodes = 0
        self.tt: dict[Hashable, int] = {}
        self.path: list[int] = []
        self.static_failures: dict[tuple[tuple[int, ...], tuple[int, ...], int], int] = {}
        # The exhaustive search's state between slices of budget: (path, visited, frames),
        # and whether the position at the end of the path still has to be opened.
        self.dfs_state: tuple[list[int], set[PositionKey], list[list[int]]] | None = None
        self.dfs_opening = True
        # The dives' blur: deterministic, one generator shared by the dive phases, so that a
        # phase walks new lines, not those of the phase before.
        self.rng = random.Random(0x5EED)
        self.reason = ""  # what the verdict rests on (see MateAnalysis.reason)

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
        others = pos.occupied & ~(white_pawns | black_pawns)
        if pos.ep_square is None and pawns_blocked(white_pawns, black_pawns, others):
            # Skipping a static test is always sound (it only prunes): after a few failures
            # with the same pawns and pieces (the kings aside), stop trying it.
            bitboards = pos.piece_bitboards()  # index type | colour << 3; kings are 6 and 14
            structure = (bitboards[1:6], bitboards[9:14], pos.castling_rights)
            failures = self.static_failures.get(structure, 0)
            if failures >= _STATIC_TRIES:
                return False
            if frozen_cannot_mate(material_of(pos), w, _castlers(pos)):
                return True
            self.static_failures[structure] = failures + 1
        return False

    # -- move ordering ------------------------------------------------------------------------

    def check_masks(self) -> tuple[int, tuple[int, ...]]:
        """Where the winner's moves may give check, for :meth:`mates_now`: the squares of his
        men whose leaving discovers a check (each stands alone between the loser's king and a
        bishop, rook or queen of the winner's), and per kind of piece (indexed by piece type)
        the squares from which it would check the king directly."""
        pos = self.pos
        target = pos.king(self.loser)
        occupied = pos.occupied
        diagonal = bishop_attacks(target, occupied)
        straight = rook_attacks(target, occupied)
        own = pos.occupied_by(self.winner)
        pieces = pos.pieces
        w = self.winner
        discovering = 0
        for rays, attacks, sliders in (
            (diagonal, bishop_attacks, pieces(3, w) | pieces(5, w)),
            (straight, rook_attacks, pieces(4, w) | pieces(5, w)),
        ):
            blockers = rays & own
            if not blockers or not sliders:
                continue
            behind = attacks(target, occupied ^ blockers) & sliders & ~rays
            while behind:
                bit = behind & -behind
                behind ^= bit
                discovering |= BETWEEN[target * 64 + bit.bit_length() - 1] & blockers
        pawn = pawn_attacks(self.loser, 1 << target)
        direct = (0, pawn, KNIGHT_JUMPS[target], diagonal, straight, diagonal | straight, 0)
        return discovering, direct

    def ordered(self, codes: list[int]) -> list[int]:
        """The moves, most promising for a helpmate first: by score, less
        :data:`_CLASS_WEIGHT` per step of progress class (:func:`progress_classes`: progress,
        ordinary, undoing progress). Any order is sound: the exhaustive search visits every
        move; ties keep the move generator's order."""
        classes = progress_classes(self.pos, self.winner, codes)
        weight = _CLASS_WEIGHT
        keyed = [
            (weight * cls - (key >> _KEY_SHIFT), i)
            for i, (cls, key) in enumerate(zip(classes, self.scored(codes), strict=True))
        ]
        keyed.sort()
        return [codes[i] for _, i in keyed]

    def scored(self, codes: list[int], blur: Iterable[int] = _NO_BLUR) -> list[int]:
        """The moves keyed by score (``score << _KEY_SHIFT | code``; the higher, the more
        promising for a helpmate), each score raised by the matching value of ``blur``."""
        pos = self.pos
        board = pos.board_codes()
        edge = EDGE_DISTANCE
        shift = _KEY_SHIFT
        keys = []
        if pos.turn == self.winner:
            near = KING_DISTANCE[pos.king(self.loser)]  # distances to the loser's king
            forward = 8 if self.winner == 0 else -8
            for code, noise in zip(codes, blur, strict=False):
                frm, to = code & 63, code >> 6 & 63
                kind = board[frm] & 7
                if kind == 6:
                    score = 5 * (near[frm] - near[to]) if near[to] > 1 else 0
                elif kind == 1:
                    score = 6 + (to - frm) // forward
                    if board[to]:
                        score += 15  # a pawn capture opens the pawn structure
                else:
                    score = 3 * (near[frm] - near[to])
                if code >> 12 & 7:  # a promotion: to a queen, or the others last
                    score += 40 if code >> 12 & 7 == 5 else -40
                if board[to]:
                    score += 6
                keys.append((score + noise) << shift | code)
        else:
            home = KING_DISTANCE[pos.king(self.loser)]  # distances to his own king
            other = KING_DISTANCE[pos.king(self.winner)]  # and to the winner's
            # Squares where a man of the loser's may be taken by a winner's pawn, which opens
            # the structure for the winner.
            offered = pawn_attacks(self.winner, pos.pieces(1, self.winner))
            for code, noise in zip(codes, blur, strict=False):
                frm, to = code & 63, code >> 6 & 63
                kind = board[frm] & 7
                if kind == 6:
                    score = 3 * (other[frm] - other[to]) + 2 * (edge[frm] - edge[to])
                else:
                    score = 2 * (home[frm] - home[to])
                    if code >> 12 & 7 in (2, 3):  # a promotion to a knight or a bishop
                        score += 10
                    if offered >> to & 1:
                        score += 15
                if board[to]:
                    score -= 30
                keys.append((score + noise) << shift | code)
        return keys

    def blur(self, count: int) -> list[int]:
        """``count`` values in ``range(_NOISE)`` from the search's generator, for the dives."""
        draw = self.rng.random
        return [int(_NOISE * draw()) for _ in range(count)]

    # -- the search ---------------------------------------------------------------------------

    def mates_now(self, codes: list[int]) -> int | None:
        """A move among ``codes`` (the winner's) that checkmates at once, if any."""
        pos = self.pos
        board = pos.board_codes()
        discovering, direct = self.check_masks()
        for code in codes:
            # Only moves that may give check (a cheap over-approximation): from a square
            # that discovers one, to a square that checks directly, and every promotion,
            # castling and en passant capture (code >> 12).
            if not (
                code >> 12
                or discovering >> (code & 63) & 1
                or direct[board[code & 63] & 7] >> (code >> 6 & 63) & 1
            ):
                continue
            pos.push_code(code)
            mate = pos.is_checkmate()
            pos.pop_code()
            if mate:
                return code
        return None

    def may_be_mated(self) -> bool:
        """A heuristic for the dives only (they prove nothing): whether the loser's king looks
        short enough of flight squares for a mate in one to be worth looking for."""
        pos = self.pos
        loser = self.loser
        king = pos.king(loser)
        free = 0
        flights = KING_STEPS[king] & ~pos.occupied_by(loser)
        while flights:
            bit = flights & -flights
            flights ^= bit
            if not pos.is_attacked(bit.bit_length() - 1, self.winner):
                free += 1
                if free >= 4:
                    return False
        return True

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget

    def dfs(self, depth: int) -> bool:
        """Look for a helpmate within ``depth`` plies; True (with ``self.path``) if found."""
        self._tick()
        pos = self.pos
        codes = pos.legal_codes()
        if not codes:
            return False  # checkmate of the winner, or stalemate: the game is over
        if pos.turn == self.winner:
            code = self.mates_now(codes)
            if code is not None:
                self.path.append(code)
                return True
            if depth <= 1:
                return False
        key = pos.zobrist_key()
        if self.tt.get(key, -1) >= depth:
            return False
        self.tt[key] = depth
        if self.hopeless():
            return False
        for code in self.ordered(codes):
            pos.push_code(code)
            self.path.append(code)
            found = self.dfs(depth - 1)
            pos.pop_code()
            if found:
                return True
            self.path.pop()
        return False

    def _open(
        self, frames: list[list[int]], visited: set[PositionKey], key: PositionKey | None = None
    ) -> bool:
        """Visit the current position (its ``key`` if already computed): True if it is the
        loser checkmated, or if the winner mates at once (path extended); otherwise push a
        frame of moves to explore (none if the position was seen before, the game is over, or
        a static argument closes it).

        Every position reached is tested for checkmate here, so the search misses no mate; the
        one-move lookahead on the winner's turns only finds mates sooner."""
        if key is None:
            key = exact_key(self.pos)
        if key in visited:
            frames.append([])
            return False
        self._tick()
        visited.add(key)
        pos = self.pos
        codes = pos.legal_codes()
        if not codes:
            if pos.turn == self.loser and pos.is_check():
                return True  # the loser is checkmated: the path ends with the mating move
            frames.append([])
            return False
        if self.hopeless():
            frames.append([])
            return False
        if pos.turn == self.winner and self.may_be_mated():
            code = self.mates_now(codes)
            if code is not None:
                self.path.append(code)
                return True
        order = self.ordered(codes)
        order.reverse()
        frames.append(order)
        return False

    def exhaustive(self) -> bool:
        """Visit every position reachable from here (depth first, best moves first).

        True (with ``self.path``) when a helpmate turns up; False when every reachable position
        was visited, or closed by a static argument, without one: a proof of unwinnability.

        Resumable: when the budget runs out (:class:`_OutOfBudget`), the search keeps its
        stack of moves to explore, its visited keys and its path; the caller takes the position
        back to the root, and the next call replays the path and goes on where it stopped
        (the position it was opening when interrupted is opened again: it was not yet marked
        visited). So the search visits the same positions, in the same order, however its
        budget is sliced.
        """
        pos = self.pos
        if self.dfs_state is None:
            self.dfs_state = ([], set(), [])
        path, visited, frames = self.dfs_state
        for code in path:
            pos.push_code(code)
        self.path = path
        if self.dfs_opening:
            if self._open(frames, visited):
                return True
            self.dfs_opening = False
        while frames:
            todo = frames[-1]
            if not todo:
                frames.pop()
                if path:
                    pos.pop_code()
                    path.pop()
                continue
            code = todo.pop()
            pos.push_code(code)
            key = exact_key(pos)
            if key in visited:  # a transposition: nothing new behind this move
                pos.pop_code()
                continue
            path.append(code)
            self.dfs_opening = True
            if self._open(frames, visited, key):
                return True
            self.dfs_opening = False
        return False

    def dives(self, until: int) -> bool:
        """Greedy walks from the root with blurred move ordering, no backtracking, trying every
        checking move for mate on the attacker's turns; True (with ``self.path``) on a mate.
        Deterministic (a fixed seed). Only finds mates: proves nothing."""
        pos = self.pos
        budget = self.budget
        self.budget = until
        try:
            while self.nodes < until:
                path: list[int] = []
                seen: set[int] = set()
                for _ in range(_DIVE_LENGTH):
                    self._tick()
                    codes = pos.legal_codes()
                    if not codes:
                        break
                    if pos.turn == self.winner and self.may_be_mated():
                        code = self.mates_now(codes)
                        if code is not None:
                            path.append(code)
                            self.path = path
                            return True
                    scored = self.scored(codes, self.blur(len(codes)))
                    while scored:
                        best = max(scored)
                        code = best & _CODE_MASK
                        pos.push_code(code)
                        key = pos.zobrist_key()
                        if key not in seen:
                            seen.add(key)
                            path.append(code)
                            break
                        pos.pop_code()
                        scored.remove(best)
                    else:
                        break
                for _ in path:
                    pos.pop_code()
        finally:
            self.budget = budget
        return False

    def quick(self, until: int) -> bool:
        """A short iterative-deepening search for quick mates (until ``until`` nodes, a dozen
        positions)."""
        depth = 1 if self.pos.turn == self.winner else 2
        while depth <= _QUICK_DEPTH:
            self.tt.clear()
            self.path = []
            if self.dfs(depth):
                return True
            depth += 2
        return False

    def directed(self, until: int) -> bool:
        """The directed helpmate search of :mod:`._helpmate` until ``until`` nodes in all."""
        if self.nodes >= until:
            return False
        finder = HelpmateSearch(self.pos, self.winner, until - self.nodes, self.mates_now)
        finder.scores = lambda codes: [key >> _KEY_SHIFT for key in self.scored(codes)]
        path = finder.find(_DIRECTED_SLICE)
        self.nodes += finder.nodes
        if path is None:
            return False
        self.path = path
        return True

    def best_first(self, until: int) -> bool:
        """The greedy best-first helpmate search of :mod:`._bestfirst` until ``until`` nodes in
        all."""
        if self.nodes >= until:
            return False
        finder = BestFirstSearch(self.pos, self.winner, until - self.nodes, self.mates_now)
        path = finder.find()
        self.nodes += finder.nodes
        if path is None:
            return False
        self.path = path
        return True

    def run(self) -> tuple[Winnability, list[int]]:
        """The phases in turn, sharing the budget (nodes: positions expanded), in two rounds.

        First :data:`_PROBE` positions of greedy dives, which find most mates of real games,
        then the reachability argument of :mod:`._semistatic` on the root (a proof, of a
        millisecond or two where pawns are blocked: less than the rest of the first dives
        cost where it succeeds). Then the first round, of :data:`_FIRST_ROUND` positions (what
        real games need): the rest of the first dives, a slice of the exhaustive search (its
        depth-first order finds many mates of open positions fast), quick mates, more dives,
        the best-first search and the directed search (the mate-finding phases take
        :data:`_FINDER_SHARE` of the round), then the exhaustive search to the end of the
        round. When the budget is larger, the second round runs a short directed search, then
        the exhaustive search to the end of the budget (see :meth:`second_round`). Only the
        exhaustive search and the reachability argument prove anything; slicing the
        exhaustive search changes nothing in what it visits."""
        full = self.budget
        first = min(full, _FIRST_ROUND)
        probe = min(_PROBE, int(first * _FIRST_DIVES))
        if self.phase(probe, self.dives):
            self.reason = "helpmate"
            return Winnability.WINNABLE, self.path
        if reach_proof(self.pos, self.winner):
            self.reason = "reachability"  # where every man may ever go
            return Winnability.UNWINNABLE, []
        rounds = [(first, self.first_round(first, probe))]
        if full > _FIRST_ROUND:
            rounds.append((full, self.second_round()))
        end = max(probe, self.nodes)
        for size, phases in rounds:
            for search, nodes in phases:
                end = size if nodes < 0 else min(size, end + nodes)
                if search is not None:
                    if self.phase(end, search):
                        self.reason = "helpmate"
                        return Winnability.WINNABLE, self.path
                    end = max(end, self.nodes)
                    continue
                self.budget = end
                try:
                    found = self.exhaustive()
                except _OutOfBudget:
                    self.unwind()
                    continue
                self.reason = "helpmate" if found else "exhaustive search"
                if found:
                    return Winnability.WINNABLE, self.path
                return Winnability.UNWINNABLE, []
        return Winnability.UNDETERMINED, []

    def first_round(self, size: int, probe: int) -> list[tuple[Callable[[int], bool] | None, int]]:
        """The phases of the first round of ``size`` positions, after the ``probe`` positions
        of dives: (search, positions to run it for), where None stands for the exhaustive
        search, and -1 for "to the end of the round"."""
        finders = int(size * _FINDER_SHARE)
        first_dives = int(size * _FIRST_DIVES)
        best_first = int(size * _BEST_FIRST_SHARE)
        return [
            (self.dives, first_dives - probe),
            (None, int(size * _EXHAUSTIVE_FIRST)),
            (self.quick, _QUICK_NODES),
            (self.dives, int(size * _DIVE_SHARE) - first_dives),
            (self.best_first, best_first),
            (self.directed, max(finders - int(size * _DIVE_SHARE) - _QUICK_NODES - best_first, 0)),
            (None, -1),
        ]

    def second_round(self) -> list[tuple[Callable[[int], bool] | None, int]]:
        """The phases of the second round: a short directed search, then the exhaustive search
        to the end of the budget.

        The exhaustive search is the one that decides what the first round left open: it
        proves, and its progress-first order finds the long helpmates of blocked positions.
        Measured on CHA's test vector at the default budget, giving it the positions that
        more dives, the best-first search and a longer directed search took (a tenth of the
        budget) decides 6 more pairs; the short directed search keeps the one pair those
        found that the exhaustive search does not."""
        return [(self.directed, _SECOND_DIRECTED), (None, -1)]

    def phase(self, until: int, search: Callable[[int], bool]) -> bool:
        """Run a mate-finding phase until ``until`` nodes in all; True (with ``self.path``)
        on a mate."""
        if self.nodes >= until:
            return False
        self.budget = until
        try:
            if search(until):
                return True
        except _OutOfBudget:
            pass
        self.unwind()
        return False

    def unwind(self) -> None:
        """Take the position back to the root after an interrupted search."""
        pos = self.pos
        while pos.ply > self.root:
            pos.pop_code()


def can_checkmate(
    position: Position, color: Color | int, *, budget: int = MATE_BUDGET
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
        path = shorten(position, path)
        replay = position.copy()
        for code in path:
            moves.append(replay.move_of(code))
            replay.push_code(code)
    return MateAnalysis(color, verdict, tuple(moves), search.nodes, search.reason)


def is_dead(
    position: Position,
    *,
    budget: int = MATE_BUDGET,
    quick: bool = False,
    legal_count: int | None = None,
    walk_proof: int = 0,
) -> bool:
    """Whether the position is dead: neither player can checkmate (Article 5.2.2).

    Sound: True only when both players are proved unable to checkmate; False when either can,
    or when unsure (the arbiter then decides). The static arguments always run. With ``quick``
    (the mode for a check after every move) a forced move is followed to the end of the forced
    line, where the static arguments run again. Otherwise a search (of at most ``budget``
    positions per player) runs after a forced move or in a blocked-looking position: no queen
    or rook, and no pawn that could promote without a capture.

    ``legal_count`` (quick mode), when the caller has counted the legal moves already (any
    number from 2 up may be given as 2), saves counting them again: the answer is the same.
    So does ``walk_proof`` (quick mode), a :func:`pawn_walk_proof` of the position: it shows the
    static arguments do not stop both players, here and after forced moves that change none of
    its squares.

    >>> is_dead(Position.from_fen("4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1"))
    True
    """
    if quick:
        # Dead when a static argument stops both players; else only if the move is forced and
        # the line of forced moves ends in a stalemate or where a static argument stops both.
        if not walk_proof and neither_can_mate(position):
            return True
        if legal_count is None:
            legal_count = position.count_legal_moves(enough=2)
        return legal_count == 1 and _forced_line_is_dead(position, walk_proof)
    needs_search = [c for c in (Color.WHITE, Color.BLACK) if not static_cannot_mate(position, c)]
    if needs_search and position.count_legal_moves() != 1 and not _looks_blocked(position):
        return False
    for color in needs_search:
        if can_checkmate(position, color, budget=budget).verdict is not Winnability.UNWINNABLE:
            return False
    return True


def _forced_line_is_dead(position: Position, walk_proof: int = 0, limit: int = 16) -> bool:
    """Whether the line of forced moves from ``position`` (which has one legal move), at most
    ``limit`` of them, leads to a stalemate or to a position where a static argument shows that
    neither player can ever checkmate (the line of :func:`play_forced_moves`, counting no
    further than two moves where there is a choice). ``walk_proof``: a :func:`pawn_walk_proof`
    of ``position``, kept along the line while no move changes one of its squares."""
    line = position.copy()
    for made in range(limit):
        if made:
            count = line.count_legal_moves(enough=2)
            if not count:  # the game ended: a stalemate ends it, a checkmate is a mate
                return not line.is_check()
            if count > 1:
                break
        code = line.legal_codes()[0]
        if walk_proof & line.squares_changed(code):
            walk_proof = 0
        line.push_code(code)
    return not walk_proof and neither_can_mate(line)


def _looks_blocked(position: Position) -> bool:
    """A cheap filter for positions where a dead-position search may pay off: no queen or rook,
    and pawns that cannot promote without a capture (each faces an enemy pawn on its file)."""
    pieces = position.pieces
    if pieces(5, 0) | pieces(5, 1) | pieces(4, 0) | pieces(4, 1):
        return False
    return pawns_blocked(pieces(1, 0), pieces(1, 1))
