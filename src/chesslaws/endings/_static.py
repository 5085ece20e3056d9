"""Static unwinnability arguments on bitboards (Articles 5.2.2, 6.9): no move generation.

Two arguments, both *sound* (they only ever say "cannot checkmate" when no series of legal moves
can end in that checkmate), both closed under play (once true, true in every later position):

* **Material** (:func:`material_cannot_mate`): a lone king never gives check; a lone knight mates
  only a king that has a pawn, knight, bishop or rook to block its own flight squares; bishops
  all on one square colour mate only a king that has a pawn, a knight or a bishop of the other
  colour.  Without pawns no side ever gains material, so the verdict holds for good.
* **Blocked pawns** (:func:`frozen_cannot_mate`): when no pawn can ever promote or capture and
  no pawn can ever be captured except by a king (every pawn faces an enemy pawn on its file, no
  piece can ever stand where a pawn may capture or ever attack a square a pawn may stand on),
  each pawn is confined to its path and each piece to a region of the board computed once by
  flood fill around the pawns that can never move, treating every other piece as removable.
  Pawns a king may capture are treated as possibly there and possibly gone; pieces that can
  never move nor be captured guard the squares they attack. The defender's king can then be
  mated only on a square that an attacker's man can attack and whose every flight square can
  be covered (by an attacker's man or king) or blocked (by any man). If no square of the king's
  region qualifies, the attacker can never checkmate.

Squares are 0..63 with a1 = 0; bitboards are ints; piece types follow the core (PAWN = 1 ...
KING = 6); colours are 0 (White) and 1 (Black).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

__all__ = [
    "DARK_SQUARES",
    "LIGHT_SQUARES",
    "Material",
    "frozen_cannot_mate",
    "material_cannot_mate",
    "pawns_blocked",
]

_ALL = (1 << 64) - 1
_FILE_A = 0x0101010101010101
_FILE_H = _FILE_A << 7
DARK_SQUARES = 0xAA55AA55AA55AA55  # a1 is dark
LIGHT_SQUARES = _ALL ^ DARK_SQUARES

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = 1, 2, 3, 4, 5, 6


def _steps(deltas: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    table = []
    for sq in range(64):
        f, r = sq & 7, sq >> 3
        bb = 0
        for df, dr in deltas:
            if 0 <= f + df < 8 and 0 <= r + dr < 8:
                bb |= 1 << ((r + dr) * 8 + f + df)
        table.append(bb)
    return tuple(table)


_ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KING_STEPS = _steps(_ORTHO + _DIAG)
KNIGHT_JUMPS = _steps(((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)))
_ORTHO_STEPS = _steps(_ORTHO)
_DIAG_STEPS = _steps(_DIAG)


def _rays(deltas: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    table = []
    for sq in range(64):
        f, r = sq & 7, sq >> 3
        rays = []
        for df, dr in deltas:
            ray = []
            nf, nr = f + df, r + dr
            while 0 <= nf < 8 and 0 <= nr < 8:
                ray.append(nr * 8 + nf)
                nf, nr = nf + df, nr + dr
            rays.append(tuple(ray))
        table.append(tuple(rays))
    return tuple(table)


_ORTHO_RAYS = _rays(_ORTHO)
_DIAG_RAYS = _rays(_DIAG)


def _slide(sq: int, blockers: int, rays: tuple[tuple[tuple[int, ...], ...], ...]) -> int:
    bb = 0
    for ray in rays[sq]:
        for t in ray:
            bb |= 1 << t
            if blockers >> t & 1:
                break
    return bb


def pawn_attacks(color: int, pawns: int) -> int:
    """Squares attacked by ``color``'s pawns."""
    if color == 0:
        return ((pawns & ~_FILE_A) << 7 | (pawns & ~_FILE_H) << 9) & _ALL
    return (pawns & ~_FILE_A) >> 9 | (pawns & ~_FILE_H) >> 7


def _squares(bb: int) -> list[int]:
    out = []
    while bb:
        low = bb & -bb
        out.append(low.bit_length() - 1)
        bb ^= low
    return out


@dataclass(frozen=True, slots=True)
class Material:
    """Where the pieces stand, as bitboards: ``pieces[color][piece_type]`` (index 0 unused)."""

    pieces: tuple[tuple[int, ...], tuple[int, ...]]

    def of(self, color: int, piece_type: int) -> int:
        """Bitboard of ``color``'s pieces of ``piece_type``."""
        return self.pieces[color][piece_type]

    def king(self, color: int) -> int:
        """``color``'s king square."""
        return self.pieces[color][KING].bit_length() - 1


def material_cannot_mate(material: Material, attacker: int) -> bool:
    """True when ``attacker``'s material alone can never checkmate (Articles 5.2.2, 6.9).

    Closed under play: the attacker has no pawns in every case where this says True, and the
    defender's relevant material cannot grow.

    >>> lone = ((0, 0, 0, 0, 0, 0, 1 << 4), (0, 0, 0, 0, 0, 0, 1 << 60))
    >>> material_cannot_mate(Material(lone), 0)
    True
    """
    mine = material.pieces[attacker]
    theirs = material.pieces[1 - attacker]
    if mine[PAWN] or mine[ROOK] or mine[QUEEN]:
        return False
    knights, bishops = mine[KNIGHT], mine[BISHOP]
    if not knights and not bishops:
        return True  # a lone king never gives check
    if knights and not bishops:
        if knights & (knights - 1):
            return False  # two knights mate (helpmate) a bare king
        # A lone knight's mate needs a defender's pawn, knight, bishop or rook as a blocker.
        return not (theirs[PAWN] or theirs[KNIGHT] or theirs[BISHOP] or theirs[ROOK])
    if knights:
        return False  # bishop and knight
    if bishops & DARK_SQUARES and bishops & LIGHT_SQUARES:
        return False
    other_colour = LIGHT_SQUARES if bishops & DARK_SQUARES else DARK_SQUARES
    return not (theirs[PAWN] or theirs[KNIGHT] or theirs[BISHOP] & other_colour)


# --- frozen pawn structures -------------------------------------------------------------------


def _component(start: int, allowed: int, steps: tuple[int, ...]) -> int:
    """Flood fill from ``start`` (a bitboard) through ``allowed`` squares, one step at a time."""
    region = start
    frontier = start
    while frontier:
        grow = 0
        for sq in _squares(frontier):
            grow |= steps[sq]
        grow &= allowed & ~region
        region |= grow
        frontier = grow
    return region


@lru_cache(maxsize=65536)
def _reach_and_attacks(piece_type: int, square: int, pawns: int) -> tuple[int, int]:
    """Squares a piece may ever stand on while pawns stay put, and squares it may ever attack."""
    free = _ALL & ~pawns
    start = 1 << square
    if piece_type == KNIGHT:
        region = _component(start, free, KNIGHT_JUMPS)
        attacks = 0
        for sq in _squares(region):
            attacks |= KNIGHT_JUMPS[sq]
        return region, attacks
    if piece_type == BISHOP:
        region = _component(start, free, _DIAG_STEPS)
    elif piece_type == ROOK:
        region = _component(start, free, _ORTHO_STEPS)
    else:
        region = _component(start, free, KING_STEPS)
    attacks = 0
    for sq in _squares(region):
        if piece_type != ROOK:
            attacks |= _slide(sq, pawns, _DIAG_RAYS)
        if piece_type != BISHOP:
            attacks |= _slide(sq, pawns, _ORTHO_RAYS)
    return region, attacks


@lru_cache(maxsize=65536)
def _king_region(king: int, safe: int) -> tuple[int, int]:
    """The squares a king may walk to through ``safe`` squares, and the squares next to them."""
    region = _component(1 << king, safe, KING_STEPS)
    near = 0
    for sq in _squares(region):
        near |= KING_STEPS[sq]
    return region, near


def _fill_north(bb: int) -> int:
    bb |= bb << 8
    bb |= bb << 16
    bb |= bb << 32
    return bb & _ALL


def _fill_south(bb: int) -> int:
    bb |= bb >> 8
    bb |= bb >> 16
    bb |= bb >> 32
    return bb


def pawns_blocked(white_pawns: int, black_pawns: int) -> bool:
    """Cheap pre-test for :func:`frozen_cannot_mate`: there are pawns, and every pawn has an
    enemy pawn somewhere ahead on its file (so none can promote without a capture)."""
    if not (white_pawns | black_pawns):
        return False
    return not (
        white_pawns & ~_fill_south(black_pawns >> 8) or black_pawns & ~_fill_north(white_pawns << 8)
    )


_PawnPath = tuple[int, int, int]  # (colour, square, squares the pawn may ever stand on)
_Structure = tuple[int, tuple[int, int], tuple[int, int], tuple[int, int], tuple[_PawnPath, ...]]


@lru_cache(maxsize=4096)
def _structure(white_pawns: int, black_pawns: int, optional: int = 0) -> _Structure | None:
    """What the pawns allow, assuming no pawn ever captures and only the ``optional`` pawns may
    ever be captured (they block nothing, since they may be gone).

    None when some pawn could promote or capture another pawn. Otherwise (fixed, paths, captures,
    fixed_attacks, pawn_paths): ``fixed`` are the pawns that can never move nor be captured
    (blocked by an enemy pawn, or by an own pawn that is fixed); per colour, ``paths`` are the
    squares its pawns may ever stand on, ``captures`` the squares they may ever attack,
    ``fixed_attacks`` those the fixed pawns attack; ``pawn_paths`` gives each pawn's path.
    """
    by_color = (white_pawns, black_pawns)
    solid = (white_pawns & ~optional, black_pawns & ~optional)
    fixed = [0, 0]
    paths = [0, 0]
    captures = [0, 0]
    pawn_paths: list[_PawnPath] = []
    for color in (0, 1):
        own, enemy = by_color[color], solid[1 - color]
        step = 8 if color == 0 else -8
        # Front pawns first, so that a pawn behind a fixed own pawn is known to be fixed.
        for square in sorted(_squares(own), reverse=(color == 0)):
            ahead = square + step
            path = 1 << square
            if enemy >> ahead & 1 or fixed[color] >> ahead & 1:
                if not optional >> square & 1:
                    fixed[color] |= 1 << square
            else:
                while not enemy >> ahead & 1:
                    if not 8 <= ahead < 56:
                        return None  # this pawn may promote
                    path |= 1 << ahead
                    ahead += step
            paths[color] |= path
            captures[color] |= pawn_attacks(color, path)
            pawn_paths.append((color, square, path))
    if captures[0] & paths[1] or captures[1] & paths[0]:
        return None  # a pawn may capture a pawn
    fixed_attacks = (pawn_attacks(0, fixed[0]), pawn_attacks(1, fixed[1]))
    return (
        fixed[0] | fixed[1],
        (paths[0], paths[1]),
        (captures[0], captures[1]),
        fixed_attacks,
        tuple(pawn_paths),
    )


def frozen_cannot_mate(material: Material, attacker: int) -> bool:
    """True when no pawn can ever promote or capture, no pawn can ever be captured but by a
    king, and ``attacker`` can still never checkmate.

    Articles 5.2.2 and 6.9 for blocked positions (pawn walls). Pawns that can still advance are
    accounted for square by square along their paths, and pawns a king may capture are treated
    as possibly gone (blocking nothing) and possibly still there. The structure holds when no
    pawn can promote, no pawn can ever capture (no enemy pawn or piece can ever stand where a
    pawn may capture), no piece but a king can ever attack a square a pawn may stand on. Each
    piece is then confined to the region it reaches around the pawns that never move, and the
    attacker can mate only on a square of the defending king's region that one of his men may
    attack and whose every flight square may be covered or blocked.

    Sound: False whenever unsure. The caller must ensure that no en passant capture is legal
    in the position (a pawn capture the pawn placement alone does not show).
    """
    white_pawns, black_pawns = material.of(0, PAWN), material.of(1, PAWN)
    if not pawns_blocked(white_pawns, black_pawns):
        return False
    optional = 0
    while True:
        verdict = _frozen_once(material, attacker, optional)
        if isinstance(verdict, bool):
            return verdict
        if verdict & ~optional == 0:
            return False  # cannot happen: a fixed point is decided above
        optional |= verdict


def _frozen_once(material: Material, attacker: int, optional: int) -> bool | int:
    """One round of :func:`frozen_cannot_mate` with ``optional`` pawns; returns the verdict, or
    the bitboard of pawns (by starting square) that kings may capture, when that grows."""
    white_pawns, black_pawns = material.of(0, PAWN), material.of(1, PAWN)
    structure = _structure(white_pawns, black_pawns, optional)
    if structure is None:
        return False
    fixed, paths, captures, fixed_attacks, pawn_paths = structure
    free = _ALL & ~fixed
    reach = [0, 0]  # per colour: squares its non-king pieces may ever stand on
    attacks_of = [0, 0]  # per colour: squares its non-king pieces may ever attack
    stuck: list[list[tuple[int, int]]] = [[], []]  # per colour: (square, attacks) of pieces
    for color in (0, 1):  # that can never move
        enemy = 1 - color
        for piece_type in (KNIGHT, BISHOP, ROOK, QUEEN):
            for sq in _squares(material.of(color, piece_type)):
                region, attacks = _reach_and_attacks(piece_type, sq, fixed)
                # A piece that may stand where an enemy pawn captures, or may attack a square
                # where an enemy pawn may stand, could change the structure.
                if region & captures[enemy] or attacks & paths[enemy]:
                    return False
                reach[color] |= region
                attacks_of[color] |= attacks
                if region == 1 << sq:
                    stuck[color].append((sq, attacks))
    king_region = [0, 0]
    king_near = [0, 0]
    for color in (0, 1):
        region, near = _king_region(material.king(color), free & ~fixed_attacks[1 - color])
        king_region[color] = region
        king_near[color] = near
    capturable = 0
    for color in (0, 1):
        enemy = 1 - color
        # Squares the enemy pawns' side protects for good: fixed pawns, and pieces that can
        # never move and can never be captured (no enemy piece may attack them, no king may
        # come next to them unless a fixed pawn protects them).
        guarded = fixed_attacks[enemy]
        for sq, attacks in stuck[enemy]:
            exposed = attacks_of[color] | (king_near[color] & ~fixed_attacks[enemy])
            if not exposed >> sq & 1:
                guarded |= attacks
        # A king next to an enemy pawn that is not guarded for good may capture it.
        for pawn_color, square, path in pawn_paths:
            if pawn_color == enemy and king_near[color] & path & ~(fixed & guarded):
                capturable |= 1 << square
    if capturable & ~optional:
        return capturable | optional
    defender = 1 - attacker
    king_cover = _king_region(material.king(attacker), free & ~fixed_attacks[defender])[1]
    checks = attacks_of[attacker] | captures[attacker]
    coverable = checks | king_cover | reach[defender] | paths[0] | paths[1]
    for k in _squares(king_region[defender] & checks):
        flights = KING_STEPS[k] & free & ~fixed_attacks[attacker]
        if not flights & ~coverable:
            return False  # a mate on k cannot be ruled out
    return True
