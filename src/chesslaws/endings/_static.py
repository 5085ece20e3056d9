"""Static unwinnability arguments on bitboards (Articles 5.2.2, 6.9): no move generation.

Two arguments, both *sound* (they only ever say "cannot checkmate" when no series of legal moves
can end in that checkmate), both closed under play (once true, true in every later position):

* **Material** (:func:`material_cannot_mate`): a lone king never gives check; a lone knight mates
  only a king that has a pawn, knight, bishop or rook to block its own flight squares; bishops
  all on one square colour mate only a king that has a pawn, a knight or a bishop of the other
  colour.  Without pawns no side ever gains material, so the verdict holds for good.
* **Frozen pawns** (:func:`frozen_cannot_mate`): when no pawn can ever move again (every pawn is
  blocked by a pawn, no piece can ever reach a square a pawn could capture on, and no piece can
  ever capture a pawn), each piece is confined to a region of the board that is computed once by
  flood fill, treating every other piece as removable.  The loser's king can then be mated only
  on a square that some attacker's piece can attack and whose every flight square can be covered
  (by an attacker's piece or king) or blocked (by one of the defender's own pieces).  If no square
  of the king's region qualifies, the attacker can never checkmate.

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


def pawns_blocked(white_pawns: int, black_pawns: int) -> bool:
    """True when there are pawns and every pawn has a pawn right in front of it (cheap test)."""
    pawns = white_pawns | black_pawns
    return bool(pawns) and not (white_pawns << 8 & ~pawns | black_pawns >> 8 & ~pawns) & _ALL


@lru_cache(maxsize=65536)
def _king_region(king: int, safe: int) -> tuple[int, int]:
    """The squares a king may walk to through ``safe`` squares, and the squares next to them."""
    region = _component(1 << king, safe, KING_STEPS)
    near = 0
    for sq in _squares(region):
        near |= KING_STEPS[sq]
    return region, near


def frozen_cannot_mate(material: Material, attacker: int) -> bool:
    """True when the pawns can never move again and ``attacker`` can still never checkmate.

    Article 5.2.2 / 6.9 for blocked positions (pawn walls). Sound: False whenever unsure, e.g.
    when some pawn might move, some pawn might be captured, or a mating square cannot be ruled
    out. The caller must ensure the position is legal and that the side to move is not in a
    position where an en passant capture is legal (a pawn move now).
    """
    pawns_by = (material.of(0, PAWN), material.of(1, PAWN))
    pawns = pawns_by[0] | pawns_by[1]
    if not pawns:
        return False
    # 1. Every pawn is blocked by a pawn.
    ahead = (pawns_by[0] << 8 & _ALL, pawns_by[1] >> 8)
    if ahead[0] & ~pawns or ahead[1] & ~pawns:
        return False
    pawn_att = (pawn_attacks(0, pawns_by[0]), pawn_attacks(1, pawns_by[1]))
    # Pawns capture pawns now?
    if pawn_att[0] & pawns_by[1] or pawn_att[1] & pawns_by[0]:
        return False
    free = _ALL & ~pawns
    reach: list[list[int]] = [[], []]  # per colour: regions of non-king pieces
    attacks_of = [0, 0]  # per colour: squares its non-king pieces may ever attack
    king_region = [0, 0]
    for color in (0, 1):
        enemy = 1 - color
        for piece_type in (KNIGHT, BISHOP, ROOK, QUEEN):
            for sq in _squares(material.of(color, piece_type)):
                region, attacks = _reach_and_attacks(piece_type, sq, pawns)
                # 2. A piece that may reach a square where an enemy pawn captures, or may attack an
                # enemy pawn, can unfreeze the structure.
                if region & pawn_att[enemy] or attacks & pawns_by[enemy]:
                    return False
                reach[color].append(region)
                attacks_of[color] |= attacks
        king = material.king(color)
        if (1 << king) & pawn_att[enemy]:
            return False  # in check by a pawn
        region, near = _king_region(king, free & ~pawn_att[enemy])
        king_region[color] = region
        # 3. A king next to an enemy pawn that no pawn protects may capture it.
        if near & pawns_by[enemy] & ~pawn_att[enemy]:
            return False
    defender = 1 - attacker
    king_cover = _king_region(material.king(attacker), free & ~pawn_att[defender])[1]
    blockers = 0
    for region in reach[defender]:
        blockers |= region
    coverable = attacks_of[attacker] | king_cover | blockers
    for k in _squares(king_region[defender] & attacks_of[attacker]):
        flights = KING_STEPS[k] & free & ~pawn_att[attacker]
        if not flights & ~coverable:
            return False  # a mate on k cannot be ruled out
    return True
