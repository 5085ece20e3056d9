"""Semi-static unwinnability: where each man may ever go (Articles 5.2.2, 6.9).

:func:`reach_cannot_mate` computes, for every man on the board, an *over-approximation* of the
squares it may ever stand on in any series of legal moves from the position (its *reach*), and
whether it may ever be captured, by saturation (growing reaches until nothing changes):

* a square may ever be empty unless it holds a *permanent* man (one whose reach is its own
  square and that may never be captured);
* a pawn may push to the square ahead unless a permanent man stands there (a double step is two
  single steps in this account, so its reach holds the square it skips, where it may be taken
  en passant), and may capture diagonally onto a square where an enemy man other than the king
  may ever stand; a pawn that may reach its last rank may become anything and go anywhere;
* a knight jumps, a bishop, rook or queen slides through squares that may be empty, onto any
  square but one held by a permanent man of its own colour;
* a king steps likewise, but never onto a square that a permanent enemy man attacks for good
  (a pawn's or knight's target, a king's neighbour, a slider's adjacent square: nothing can ever
  come between), nor one that a crowd of enemy pieces attacks in every arrangement it may take
  (:func:`_crowd_guard`), nor one where the step would surely stalemate the opponent
  (:func:`_stalemating`: the game ends there, Article 5.2.1); castling is allowed once every
  square between the king, the rook and their destinations may be empty;
* a man may be captured when its reach meets a square an enemy man may ever move to capturing
  (a piece's reach once it may move at all, a pawn's diagonal captures).

*Why the reach is an over-approximation* (soundness): the saturation stops in a state closed
under every rule above, each rule evaluated on that state. By induction along any series of
legal moves, every square a man stands on is in its reach and every man that left its square
or was captured is recorded as such: a legal move needs its squares empty at that moment, and
a square initially held by a man is empty only once that man moved or was captured, which the
induction hypothesis has already recorded; each rule is implied by the Laws' conditions for the
move (Articles 3.1 to 3.8) as long as the reaches hold for the moves before, which is again
the induction hypothesis. The one exception, the stalemating king steps, end the game at once
in a position that is no checkmate: the reach covers every other position of every game.

The mate test then rules out every square ``k`` of the defending king's reach: a checkmate on
``k`` needs (Article 5.1.1) a check, so an attacker's man other than the king that may attack
``k``, and every flight square covered: a neighbour of ``k`` outside the king's reach is never
a flight (if it were free and unattacked in a reachable position with the king on ``k``, the
king could step there, so it would be in the reach or among its stalemating steps, which are
kept as flights); a neighbour that may be a flight must be attacked by an attacker's man (the
attacker's king counts only from one square of its reach, not next to ``k``) or hold one of
the defender's men (distinct men for distinct squares). When no square qualifies, the attacker
can never checkmate.

Squares are 0..63 with a1 = 0, bitboards are ints, colours 0 (White) and 1 (Black), piece types
as in the core (PAWN = 1 ... KING = 6).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from chesslaws.core import (
    BETWEEN,
    DARK_SQUARES,
    KING_ATTACKS,
    KNIGHT_ATTACKS,
    Position,
    bishop_attacks,
    rook_attacks,
)
from chesslaws.endings._static import (
    _can_block,
    _squares,
    material_of,
    pawn_attacks,
    pawns_blocked,
    play_forced_moves,
)

__all__ = [
    "Reach",
    "placement_cannot_mate",
    "reach_cannot_mate",
    "reach_of",
    "reach_proof",
    "saturate",
]

_ALL = (1 << 64) - 1
_RANK_1 = 0xFF
_RANK_8 = 0xFF << 56
_FILE_A = 0x0101010101010101
_FILE_H = _FILE_A << 7
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = 1, 2, 3, 4, 5, 6

# Squares next to a square along the diagonals / the ranks and files (a slider attacks them for
# good while it stands: nothing can come between).
_DIAG_NEAR = tuple(
    KING_ATTACKS[sq] & ~(0xFF << (sq & 56)) & ~(_FILE_A << (sq & 7)) for sq in range(64)
)
_ORTHO_NEAR = tuple(KING_ATTACKS[sq] & ~_DIAG_NEAR[sq] for sq in range(64))


def _beyond_table() -> tuple[tuple[tuple[int, ...], bool], ...]:
    """Per (a, b): the squares on the ray from ``a`` through ``b`` strictly beyond ``b``, in
    order (empty when not on a line), and whether that line is a diagonal."""
    table: list[tuple[tuple[int, ...], bool]] = []
    for a in range(64):
        for b in range(64):
            df, dr = (b & 7) - (a & 7), (b >> 3) - (a >> 3)
            if a == b or (df and dr and abs(df) != abs(dr)):
                table.append(((), False))
                continue
            step_f, step_r = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
            ray: list[int] = []
            f, r = (b & 7) + step_f, (b >> 3) + step_r
            while 0 <= f < 8 and 0 <= r < 8:
                ray.append(r * 8 + f)
                f, r = f + step_f, r + step_r
            table.append((tuple(ray), bool(df and dr)))
    return tuple(table)


_BEYOND = _beyond_table()


def _union(table: tuple[int, ...], bb: int) -> int:
    out = 0
    while bb:
        low = bb & -bb
        out |= table[low.bit_length() - 1]
        bb ^= low
    return out


def _push(color: int, bb: int) -> int:
    return (bb << 8) & _ALL if color == 0 else bb >> 8


@dataclass(frozen=True, slots=True)
class Reach:
    """The saturated reachability of every man (see the module docstring).

    ``men`` lists (colour, piece type, initial square); ``reach[i]`` the squares man ``i`` may
    ever stand on (all 64 for a pawn that may promote); ``captured[i]`` whether it may ever be
    captured; ``permanent`` the squares of men that can never move nor be captured;
    ``stalemating[color]`` the squares ``color``'s king could step to only by stalemating the
    opponent (legal moves, left out of the reach because the game ends there).
    """

    men: tuple[tuple[int, int, int], ...]
    reach: tuple[int, ...]
    captured: tuple[bool, ...]
    permanent: int
    stalemating: tuple[int, int] = (0, 0)

    def king_reach(self, color: int) -> int:
        """The squares ``color``'s king may ever stand on."""
        for (c, piece_type, _), reach in zip(self.men, self.reach, strict=True):
            if c == color and piece_type == KING:
                return reach
        return 0


def _permanent_guard(men: list[tuple[int, int, int]], perm: int, color: int) -> int:
    """Squares ``color``'s permanent men attack at every moment (nothing can come between)."""
    guard = 0
    for c, piece_type, sq in men:
        if c != color or not perm >> sq & 1:
            continue
        if piece_type == PAWN:
            guard |= pawn_attacks(color, 1 << sq)
        elif piece_type == KNIGHT:
            guard |= KNIGHT_ATTACKS[sq]
        elif piece_type in (KING, QUEEN):
            guard |= KING_ATTACKS[sq]
        elif piece_type == BISHOP:
            guard |= _DIAG_NEAR[sq]
        else:
            guard |= _ORTHO_NEAR[sq]
    return guard


def _crowds(men: list[tuple[int, int, int]]) -> list[tuple[int, int, tuple[int, ...]]]:
    """(colour, piece type, man indices) per kind of piece: knights, rooks, queens, and bishops
    of each square colour, per colour."""
    crowds: dict[tuple[int, int, int], list[int]] = {}
    for i, (c, piece_type, sq) in enumerate(men):
        if piece_type in (KNIGHT, BISHOP, ROOK, QUEEN):
            shade = bool(DARK_SQUARES >> sq & 1) if piece_type == BISHOP else False
            crowds.setdefault((c, piece_type, shade), []).append(i)
    return [(c, t, tuple(indices)) for (c, t, _), indices in crowds.items()]


def _crowd_guard(
    crowds: list[tuple[int, int, tuple[int, ...]]],
    reach: list[int],
    captured: list[bool],
    color: int,
) -> int:
    """Squares attacked at every moment by a crowd: ``color``'s bishops (or knights, rooks,
    queens) of one kind, none of which may be captured, confined together to a few squares
    that no other man may ever enter, with at most two of those squares empty.

    Sound: at every moment those men stand on distinct squares of their joint reach ``U`` and
    nothing else stands there, so the occupied part of ``U`` is one of the subsets of ``U`` of
    their number; a square attacked in every such configuration (along lines whose inner
    squares lie in ``U``, empty in that configuration) is attacked at every moment (while the
    reaches hold, which the saturation's fixed point guarantees: see :func:`saturate`).
    """
    guard = 0
    for c, piece_type, crowd in crowds:
        if c != color or any(captured[i] for i in crowd):
            continue
        joint = 0
        for i in crowd:
            joint |= reach[i]
        holes = joint.bit_count() - len(crowd)
        if holes > 2 or joint.bit_count() > 12:
            continue
        if any(reach[i] & joint for i in range(len(reach)) if i not in crowd):
            continue
        guard |= _attacked_in_every_configuration(piece_type, joint, holes)
    return guard


@lru_cache(maxsize=1024)
def _attacked_in_every_configuration(piece_type: int, joint: int, holes: int) -> int:
    """Squares outside ``joint`` attacked by a man of ``piece_type`` whatever ``holes`` squares
    of ``joint`` are empty (the others each holding such a man)."""
    squares = _squares(joint)
    empties: list[int] = [0]
    for _ in range(holes):
        empties = [e | 1 << sq for e in empties for sq in squares if not e >> sq & 1]
    result = _ALL & ~joint
    for empty in empties:
        attacked = 0
        for sq in _squares(joint & ~empty):
            if piece_type == KNIGHT:
                attacked |= KNIGHT_ATTACKS[sq]
                continue
            # Sliders: only along lines whose inner squares are empty squares of the crowd.
            blockers = _ALL & ~empty
            if piece_type != ROOK:
                attacked |= bishop_attacks(sq, blockers)
            if piece_type != BISHOP:
                attacked |= rook_attacks(sq, blockers)
        result &= attacked
        if not result:
            return 0
    return result


def _slide_closure(piece_type: int, reach: int, blockers: int, closed: int) -> int:
    """Every square a slider may reach from ``reach`` moving through non-blockers."""
    frontier = reach
    while frontier:
        new = _slider_attacks(piece_type, frontier, blockers) & ~closed & ~reach
        reach |= new
        frontier = new
    return reach


def _leap_closure(table: tuple[int, ...], reach: int, allowed: int) -> int:
    frontier = reach
    while frontier:
        new = _union(table, frontier) & allowed & ~reach
        reach |= new
        frontier = new
    return reach


def _pawn_closure(color: int, reach: int, perm: int, enemy_stand: int) -> int:
    """A pawn's pushes (onto squares that may be empty) and captures (onto squares where an
    enemy man other than the king may stand), until its last rank (then: everywhere)."""
    last = _RANK_8 if color == 0 else _RANK_1
    while True:
        grown = reach | _push(color, reach) & ~perm | pawn_attacks(color, reach) & enemy_stand
        if grown & last:
            return _ALL
        if grown == reach:
            return reach
        reach = grown


def _castling_moves(men: list[tuple[int, int, int]], rights: int, perm: int) -> dict[int, int]:
    """Squares castling may bring a king or a rook to, per man index, when every square the
    king and that rook cross or land on (but their own squares) may be empty."""
    extra: dict[int, int] = {}
    kings = {c: i for i, (c, t, _) in enumerate(men) if t == KING}
    for i, (c, piece_type, sq) in enumerate(men):
        if piece_type != ROOK or not rights >> sq & 1:
            continue
        king_index = kings[c]
        king_sq = men[king_index][2]
        back = 0 if c == 0 else 56
        if king_sq >> 3 != back >> 3:
            continue
        king_to, rook_to = (back + 6, back + 5) if sq > king_sq else (back + 2, back + 3)
        span = 0
        for a, b in ((king_sq, king_to), (sq, rook_to)):
            low, high = min(a, b), max(a, b)
            span |= ((1 << (high + 1)) - 1) ^ ((1 << low) - 1)
        span &= ~(1 << king_sq | 1 << sq)
        if span & perm:
            continue
        extra[king_index] = extra.get(king_index, 0) | 1 << king_to
        extra[i] = extra.get(i, 0) | 1 << rook_to
    return extra


def saturate(
    placement: tuple[tuple[int, ...], tuple[int, ...]], castling: int = 0, ep_square: int = -1
) -> Reach:
    """The reach of every man (see the module docstring for the rules and why they are sound).

    ``placement[color][piece_type]`` is a bitboard (index 0 unused); ``castling`` the squares
    of the rooks that may still castle; ``ep_square`` the square behind a pawn that has just
    made a double step (-1 if none): that pawn counts as having stood there.
    """
    men: list[tuple[int, int, int]] = []
    for color in (0, 1):
        for piece_type in range(1, 7):
            men.extend((color, piece_type, sq) for sq in _squares(placement[color][piece_type]))
    reach = [1 << sq for _, _, sq in men]
    if ep_square >= 0:
        for i, (c, piece_type, sq) in enumerate(men):
            if piece_type == PAWN and sq == ep_square + (8 if c == 0 else -8):
                reach[i] |= 1 << ep_square
    captured = [False] * len(men)
    crowds = _crowds(men)
    while True:
        perm = 0
        closed = [0, 0]  # per colour: squares its men can never enter
        for i, (c, piece_type, sq) in enumerate(men):
            if reach[i] == 1 << sq and not captured[i]:
                perm |= 1 << sq
                closed[c] |= 1 << sq
                if piece_type == KING:
                    closed[1 - c] |= 1 << sq  # a king is never captured
        stand = [0, 0]  # where each colour's men other than the king may ever stand
        for i, (c, piece_type, _) in enumerate(men):
            if piece_type != KING:
                stand[c] |= reach[i]
        guard = (
            _permanent_guard(men, perm, 0) | _crowd_guard(crowds, reach, captured, 0),
            _permanent_guard(men, perm, 1) | _crowd_guard(crowds, reach, captured, 1),
        )
        castles = _castling_moves(men, castling, perm) if castling else {}
        dead = [0, 0] if castling else [_stalemating(men, reach, perm, c) for c in (0, 1)]
        changed = False
        for i, (c, piece_type, _) in enumerate(men):
            old = reach[i]
            if old == _ALL:
                continue
            if piece_type == PAWN:
                new = _pawn_closure(c, old, perm, stand[1 - c])
            elif piece_type == KNIGHT:
                new = _leap_closure(KNIGHT_ATTACKS, old, ~closed[c])
            elif piece_type == KING:
                allowed = ~closed[c] & ~guard[1 - c] & ~dead[c]
                new = _leap_closure(KING_ATTACKS, old | castles.get(i, 0), allowed)
            else:
                new = _slide_closure(piece_type, old | castles.get(i, 0), perm, closed[c])
            if new != old:
                reach[i] = new
                changed = True
        capture_on = [0, 0]  # squares where each colour may ever capture
        for i, (c, piece_type, sq) in enumerate(men):
            if piece_type == PAWN:
                capture_on[c] |= pawn_attacks(c, reach[i]) & stand[1 - c]
                if reach[i] == _ALL:
                    capture_on[c] = _ALL
            elif reach[i] != 1 << sq:
                capture_on[c] |= reach[i]
        for i, (c, piece_type, _) in enumerate(men):
            if not captured[i] and piece_type != KING and reach[i] & capture_on[1 - c]:
                captured[i] = True
                changed = True
        if not changed:
            return Reach(tuple(men), tuple(reach), tuple(captured), perm, (dead[0], dead[1]))


def _stalemating(men: list[tuple[int, int, int]], reach: list[int], perm: int, color: int) -> int:
    """Squares ``color``'s king can only step to (or capture on) by stalemating the opponent
    (Article 5.2.1: the game ends there, without a checkmate); they are left out of its reach.

    Sound, because right after such a move: (a) every man of the opponent's but the king is
    permanent (a captured one must be permanent too), so none has a move: the occupied squares
    are a superset of the permanent ones, the king's new square holds a king, which is never
    captured, and no en passant capture follows a king move; (b) wherever the opponent's king
    may stand (not next to ``color``'s king), each of its neighbours holds one of its own
    permanent men, or is attacked for good by a permanent man of ``color``'s other than the
    king, or is next to ``color``'s king; (c) the opponent is not in check: it was not before
    (``color`` was to move), and the king's move discovers no check, since from every square
    it may come from (not a permanent man's, not one the opponent attacks for good) no slider
    of ``color``'s may stand beyond it on a line to the opponent's king with no permanent man
    between. Every position before such a move is covered by the saturation, and the move
    ends the game in a stalemate (the moves after it never happen).
    """
    enemy = 1 - color
    enemy_king = 0
    own_perm = 0  # the opponent's permanent men
    sliders: list[tuple[int, int]] = []  # (piece type, reach) of color's possible sliders
    guard = 0
    for i, (c, piece_type, sq) in enumerate(men):
        if c == enemy:
            if piece_type == KING:
                enemy_king = reach[i]
            elif perm >> sq & 1:
                own_perm |= 1 << sq
            else:
                return 0  # a man of the opponent's that may move: (a) fails
        elif piece_type != KING:
            if piece_type in (BISHOP, ROOK, QUEEN) or reach[i] == _ALL:
                sliders.append((QUEEN if reach[i] == _ALL else piece_type, reach[i]))
            if perm >> sq & 1:
                guard |= _permanent_guard([men[i]], perm, color)
    # (b): for each square of the opponent's king, the squares t from which color's king
    # covers its every free neighbour (or t is next to it or on it: not allowed anyway).
    candidates = _ALL
    for kq in _squares(enemy_king):
        free = KING_ATTACKS[kq] & ~own_perm & ~guard
        cover = KING_ATTACKS[kq] | 1 << kq
        if free:
            cover |= _ALL
            for f in _squares(free):
                cover &= KING_ATTACKS[f] | KING_ATTACKS[kq] | 1 << kq
        candidates &= cover
        if not candidates:
            return 0
    candidates &= ~(perm & ~own_perm)  # not onto a permanent man of color's, nor a king
    enemy_guard = _permanent_guard(men, perm, enemy)
    dead = 0
    for t in _squares(candidates):
        # Where the king may come from: not a permanent man's square, nor one the
        # opponent's permanent men attack (a captured man still stands before the capture).
        froms = KING_ATTACKS[t] & ~perm & ~enemy_guard
        kings = enemy_king & ~KING_ATTACKS[t] & ~(1 << t)
        if not any(_may_discover(kq, froms, sliders, perm) for kq in _squares(kings)):
            dead |= 1 << t
    return dead


def _may_discover(kq: int, froms: int, sliders: list[tuple[int, int]], perm: int) -> bool:
    """Whether a king leaving one of ``froms`` may uncover a slider's line to ``kq``: a slider
    of the right kind may stand beyond it, with no permanent man in between."""
    for s in _squares(froms):
        ray, diagonal = _BEYOND[kq * 64 + s]
        if not ray or BETWEEN[kq * 64 + s] & perm:
            continue
        beyond = 0
        for sq in ray:
            beyond |= 1 << sq
            if perm >> sq & 1:
                break  # a permanent man: the line ends here
        for piece_type, squares in sliders:
            if squares & beyond and (piece_type == QUEEN or (piece_type == BISHOP) == diagonal):
                return True
    return False


def _attacks(reach: Reach, index: int, occupied: int) -> int:
    """Every square man ``index`` may ever attack (sliders see through all but ``occupied``)."""
    color, piece_type, _ = reach.men[index]
    squares = reach.reach[index]
    if squares == _ALL:
        return _ALL
    if piece_type == PAWN:
        return pawn_attacks(color, squares)
    if piece_type == KNIGHT:
        return _union(KNIGHT_ATTACKS, squares)
    if piece_type == KING:
        return _union(KING_ATTACKS, squares)
    return _slider_attacks(piece_type, squares, occupied)


def _slider_attacks(piece_type: int, squares: int, occupied: int) -> int:
    """Every square a bishop, rook or queen standing on any of ``squares`` attacks."""
    out = 0
    for sq in _squares(squares):
        if piece_type != ROOK:
            out |= bishop_attacks(sq, occupied)
        if piece_type != BISHOP:
            out |= rook_attacks(sq, occupied)
    return out


def reach_cannot_mate(reach: Reach, attacker: int) -> bool:
    """True when no reachable position can be a checkmate of ``attacker``'s opponent
    (Articles 5.1.1, 5.2.2, 6.9), by the mate test of the module docstring.

    Sound: every condition ruled out is necessary for a checkmate in a reachable position.
    """
    defender = 1 - attacker
    kings = 0
    for (_, piece_type, _), squares in zip(reach.men, reach.reach, strict=True):
        if piece_type == KING:
            kings |= squares
    # Sliders' attacks are computed through every square but the permanent men other than the
    # kings: fewer blockers, more attacks (and a king never shields the squares behind it).
    occupied = reach.permanent & ~kings
    checks = 0  # squares the attacker's men other than the king may ever attack
    blockers: list[int] = []  # per defender's man other than the king: where it may stand
    for i, (c, piece_type, _) in enumerate(reach.men):
        if piece_type == KING:
            continue
        if c == attacker:
            checks |= _attacks(reach, i, occupied)
        else:
            blockers.append(reach.reach[i])
    king_region = reach.king_reach(defender)
    attacker_king = reach.king_reach(attacker)
    # A stalemating step is still a legal move: such squares stay flight squares.
    steps = king_region | reach.stalemating[defender]
    for k in _squares(king_region & checks):
        flights = KING_ATTACKS[k] & steps & ~checks
        if not flights:
            return False
        # The attacker's king covers flights from one square of its reach, not next to k.
        stands = attacker_king & ~KING_ATTACKS[k] & ~(1 << k)
        if _can_block(_squares(flights), blockers):
            return False
        for q in _squares(stands & _near2(k)):
            if _can_block(_squares(flights & ~KING_ATTACKS[q]), blockers):
                return False
    return True


def _near2(square: int) -> int:
    """Squares within two king steps of ``square`` (where a king may cover a neighbour)."""
    return _union(KING_ATTACKS, KING_ATTACKS[square])


# --- entry points on positions ----------------------------------------------------------------


def reach_of(position: Position) -> Reach:
    """The saturated reach of every man of ``position`` (castling rights and the en passant
    square taken into account)."""
    ep = position.ep_square
    return saturate(
        material_of(position).pieces, position.castling_rights, -1 if ep is None else ep
    )


def placement_cannot_mate(position: Position, color: int) -> bool:
    """True when the saturation shows that ``color`` can never checkmate from ``position``
    (Articles 5.2.2, 6.9). Sound (see the module docstring); False when unsure.

    Tried only when it may pay (it costs about half a millisecond): with pawns on the board,
    each facing an enemy pawn or a piece somewhere ahead on its file. Without pawns every piece
    roams free and the material argument of :mod:`._static` says all there is to say; a pawn
    with an open file ahead usually promotes, and then every man may go anywhere.
    """
    if not _worth_trying(position):
        return False
    return reach_cannot_mate(reach_of(position), color)


def _worth_trying(position: Position) -> bool:
    white_pawns, black_pawns = position.pieces(PAWN, 0), position.pieces(PAWN, 1)
    others = position.occupied & ~(white_pawns | black_pawns)
    return pawns_blocked(white_pawns, black_pawns, others)


def reach_proof(position: Position, color: int, *, split: bool = True, limit: int = 32) -> bool:
    """True when ``color`` can never checkmate from ``position`` (Articles 5.2.2, 6.9), by
    :func:`placement_cannot_mate` after the forced moves and, with ``split``, in every
    position after one more move. For the root of an analysis: nothing when a pawn has an
    open file ahead (most real-game positions), else about a millisecond, a few at most.

    Sound: forced moves are the only continuations, so a mate reachable from ``position`` is
    reachable from the end of the forced line (the positions on the line each have a legal
    move, so none is a checkmate); and a mate reachable from a position with a choice is
    reachable from one of the positions after its legal moves.
    """
    if not _worth_trying(position):
        return False
    line = position.copy()
    over = play_forced_moves(line, color, limit)
    if over is not None:
        return over
    if placement_cannot_mate(line, color):
        return True
    if not split:
        return False
    for code in line.legal_codes():
        child = line.copy()
        child.push_code(code)
        over = play_forced_moves(child, color, limit)
        if over is None:
            over = placement_cannot_mate(child, color)
        if not over:
            return False
    return True
