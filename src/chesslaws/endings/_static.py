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

from chesslaws.core import DARK_SQUARES, KING_ATTACKS, KNIGHT_ATTACKS, LIGHT_SQUARES, Position

__all__ = [
    "DARK_SQUARES",
    "EDGE_DISTANCE",
    "KING_DISTANCE",
    "LIGHT_SQUARES",
    "Material",
    "frozen_cannot_mate",
    "material_cannot_mate",
    "material_of",
    "pawns_blocked",
    "pawns_in_tension",
    "pawns_surely_change",
    "play_forced_moves",
]

_ALL = (1 << 64) - 1
_FILE_A = 0x0101010101010101
_FILE_H = _FILE_A << 7
_RANK_1 = 0xFF
_RANK_8 = 0xFF << 56

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = 1, 2, 3, 4, 5, 6

#: King moves between two squares on an empty board, per (from, to).
KING_DISTANCE = tuple(
    tuple(max(abs((a & 7) - (b & 7)), abs((a >> 3) - (b >> 3))) for b in range(64))
    for a in range(64)
)
#: King moves from each square to the nearest edge of the board.
EDGE_DISTANCE = tuple(min(sq & 7, 7 - (sq & 7), sq >> 3, 7 - (sq >> 3)) for sq in range(64))


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
KING_STEPS = KING_ATTACKS  # the core's tables, under the names this module reads best with
KNIGHT_JUMPS = KNIGHT_ATTACKS
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


def material_of(position: Position) -> Material:
    """The placement of ``position`` as bitboards, for the static arguments."""
    bb = position.piece_bitboards()  # indexed by piece code: 1-6 White's, 9-14 Black's
    return Material(((0, *bb[1:7]), (0, *bb[9:15])))


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


def pawns_blocked(white_pawns: int, black_pawns: int, pieces: int = 0) -> bool:
    """Cheap pre-test for :func:`frozen_cannot_mate`: there are pawns, and every pawn has an
    enemy pawn or one of the ``pieces`` somewhere ahead on its file."""
    if not (white_pawns | black_pawns):
        return False
    ahead_of_white = _fill_south((black_pawns | pieces) >> 8)
    ahead_of_black = _fill_north((white_pawns | pieces) << 8)
    return not (white_pawns & ~ahead_of_white or black_pawns & ~ahead_of_black)


def pawns_in_tension(white_pawns: int, black_pawns: int, white_men: int, black_men: int) -> bool:
    """Whether a pawn attacks an enemy man other than the king now (``*_men``: each side's
    men, kings left out). :func:`frozen_cannot_mate` is then False for either attacker: an
    attacked pawn stands on its own path inside the attacker's capture squares, so no structure
    is found; an attacked piece stands inside its region (a wall's region is its square) on a
    capture square, so it is either no wall and refuted at once, or a wall found to be a mover,
    dropped, and refuted in the next round (walls only ever shrink)."""
    return bool(
        pawn_attacks(0, white_pawns) & black_men or pawn_attacks(1, black_pawns) & white_men
    )


def _walk_north(men: int, open_: int) -> int:
    """``men`` and every square each reaches stepping north over ``open_`` squares only (a fill
    in three doubling steps: 1, 2, then 4 ranks at a time)."""
    men |= open_ & men << 8
    open_ &= open_ << 8
    men |= open_ & men << 16
    open_ &= open_ << 16
    return men | (open_ & men << 32)


def _walk_south(men: int, open_: int) -> int:
    """:func:`_walk_north` towards the first rank."""
    men |= open_ & men >> 8
    open_ &= open_ >> 8
    men |= open_ & men >> 16
    open_ &= open_ >> 16
    return men | (open_ & men >> 32)


def pawns_surely_change(white_pawns: int, black_pawns: int, walls: int) -> bool:
    """A cheap proof that ``_structure(white_pawns, black_pawns, 0, walls)`` is None: some pawn
    can promote or capture a pawn even if the men on ``walls`` never move.

    Each pawn walks ahead here until any pawn or wall stops it: a part of the path
    ``_structure_of`` gives it, which only an enemy pawn, a wall or a fixed own pawn right
    ahead stops. So a walk that reaches the last rank, or a square a walk of the other side
    attacks, shows a promotion or a capture that ``_structure_of`` finds too.
    """
    open_ = _ALL & ~(white_pawns | black_pawns | walls)
    white = _walk_north(white_pawns, open_)
    black = _walk_south(black_pawns, open_)
    if white & _RANK_8 or black & _RANK_1:
        return True
    return bool(pawn_attacks(0, white) & black or pawn_attacks(1, black) & white)


_PawnPath = tuple[int, int, int]  # (colour, square, squares the pawn may ever stand on)
_Structure = tuple[int, tuple[int, int], tuple[int, int], tuple[int, int], tuple[_PawnPath, ...]]


def _structure(
    white_pawns: int, black_pawns: int, optional: int = 0, walls: int = 0
) -> _Structure | None:
    """:func:`_structure_of` for the walls that can stop a pawn: only squares ahead of a pawn
    on its file are ever looked at, so the others are dropped and the cache is hit whatever the
    other pieces do (the same answer, from far fewer distinct keys)."""
    ahead = _fill_north(white_pawns << 8) | _fill_south(black_pawns >> 8)
    return _structure_of(white_pawns, black_pawns, optional, walls & ahead)


@lru_cache(maxsize=4096)
def _structure_of(
    white_pawns: int, black_pawns: int, optional: int = 0, walls: int = 0
) -> _Structure | None:
    """What the pawns allow, assuming no pawn ever captures, only the ``optional`` pawns may
    ever be captured (they block nothing, since they may be gone), and the pieces on ``walls``
    never move.

    None when some pawn could promote or capture another pawn. Otherwise (fixed, paths, captures,
    fixed_attacks, pawn_paths): ``fixed`` are the pawns that can never move nor be captured
    (blocked by an enemy pawn, a wall, or an own pawn that is fixed); per colour, ``paths`` are
    the squares its pawns may ever stand on, ``captures`` the squares they may ever attack,
    ``fixed_attacks`` those the fixed pawns attack; ``pawn_paths`` gives each pawn's path.
    """
    by_color = (white_pawns, black_pawns)
    solid = (white_pawns & ~optional, black_pawns & ~optional)
    fixed = [0, 0]
    paths = [0, 0]
    captures = [0, 0]
    pawn_paths: list[_PawnPath] = []
    for color in (0, 1):
        own, stop = by_color[color], solid[1 - color] | walls
        step = 8 if color == 0 else -8
        # Front pawns first, so that a pawn behind a fixed own pawn is known to be fixed.
        for square in sorted(_squares(own), reverse=(color == 0)):
            ahead = square + step
            path = 1 << square
            if stop >> ahead & 1 or fixed[color] >> ahead & 1:
                if not optional >> square & 1:
                    fixed[color] |= 1 << square
            else:
                while not stop >> ahead & 1:
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


def frozen_cannot_mate(material: Material, attacker: int, movable: int = 0) -> bool:
    """True when the pawn structure can never change (but by kings taking pawns) and
    ``attacker`` can still never checkmate (Articles 5.2.2 and 6.9, for blocked positions).

    The argument is an invariant of play, checked to be inductive: *walls* (men that never move
    and are never captured), pawns confined to paths, pieces confined to regions. It holds when
    no pawn can promote, no pawn can ever capture (no enemy man can ever stand where a pawn may
    capture), no piece but a king can ever attack a square a pawn may stand on, and every wall
    has no move (its every target is an own wall or fixed pawn, or for a king a square attacked
    for good) and can never be captured. Pawns that can still advance are accounted for square
    by square along their paths; pawns a king may capture are treated as possibly there and
    possibly gone. Each other piece is confined to the region it reaches around the walls and
    fixed pawns, treating every other piece as removable. The attacker can then mate only on a
    square of the defending king's region that one of his men may attack and whose every flight
    square may be covered or blocked.

    Sound: False whenever unsure. The caller must ensure that no en passant capture is legal
    in the position (a pawn capture the placement alone does not show), and must name in
    ``movable`` the squares of men that may move in ways the placement does not show (a king
    and its rooks that may still castle): they are never taken for walls.
    """
    white, black = material.pieces
    white_pawns, black_pawns = white[PAWN], black[PAWN]
    pieces = (
        white[KNIGHT] | white[BISHOP] | white[ROOK] | white[QUEEN] | white[KING]
        | black[KNIGHT] | black[BISHOP] | black[ROOK] | black[QUEEN] | black[KING]
    )  # fmt: skip
    if not pawns_blocked(white_pawns, black_pawns, pieces):
        return False
    if pawns_surely_change(white_pawns, black_pawns, pieces & ~movable):
        return False  # the next test's answer, proved cheaply
    if _structure(white_pawns, black_pawns, 0, pieces & ~movable) is None:
        return False  # even if every piece stood for good, some pawn could promote or capture
    optional = 0
    # The greatest invariant: start from every piece that cannot move now, drop the movers.
    walls = _wall_candidates(material) & ~movable
    men = (_men(material, 0), _men(material, 1))
    while True:
        verdict = _frozen_once(material, attacker, optional, walls, men)
        if isinstance(verdict, bool):
            return verdict
        new_optional, new_walls = verdict
        if new_optional == optional and new_walls == walls:
            return False  # cannot happen: a fixed point is decided in _frozen_once
        optional, walls = new_optional, new_walls


def _wall_candidates(material: Material) -> int:
    """The pieces that have no move now, whatever the other pieces do: every square a knight,
    bishop, rook or queen steps to holds an own man, and every square next to a king holds an
    own man or is attacked by an enemy pawn, knight or king or next to an enemy piece."""
    men = (_men(material, 0), _men(material, 1))
    candidates = 0
    for color in (0, 1):
        own = men[color]
        for piece_type, steps in (
            (KNIGHT, KNIGHT_JUMPS),
            (BISHOP, _DIAG_STEPS),
            (ROOK, _ORTHO_STEPS),
            (QUEEN, KING_STEPS),
        ):
            for sq in _squares(material.of(color, piece_type)):
                if not steps[sq] & ~own:
                    candidates |= 1 << sq
        enemy = 1 - color
        guarded = _permanent_attacks(material, enemy, men[enemy], _ALL)
        king = material.king(color)
        if not KING_STEPS[king] & ~own & ~guarded:
            candidates |= 1 << king
    return candidates


def _permanent_attacks(material: Material, color: int, walls: int, fixed: int) -> int:
    """Squares ``color``'s walls and fixed pawns attack whatever else moves: pawn and knight
    attacks, a king's neighbours, and a slider's adjacent squares (nothing can come between)."""
    attacks = pawn_attacks(color, material.of(color, PAWN) & fixed)
    for sq in _squares(material.of(color, KNIGHT) & walls):
        attacks |= KNIGHT_JUMPS[sq]
    for sq in _squares(material.of(color, KING) & walls):
        attacks |= KING_STEPS[sq]
    for sq in _squares(material.of(color, BISHOP) & walls):
        attacks |= _DIAG_STEPS[sq]
    for sq in _squares(material.of(color, ROOK) & walls):
        attacks |= _ORTHO_STEPS[sq]
    for sq in _squares(material.of(color, QUEEN) & walls):
        attacks |= KING_STEPS[sq]
    return attacks


def _frozen_once(
    material: Material, attacker: int, optional: int, walls: int, men: tuple[int, int]
) -> bool | tuple[int, int]:
    """One round of :func:`frozen_cannot_mate`: the verdict, or the next assumption
    (optional pawns, walls) when the current one is not inductive yet."""
    white_pawns, black_pawns = material.of(0, PAWN), material.of(1, PAWN)
    structure = _structure(white_pawns, black_pawns, optional, walls)
    if structure is None:
        return False  # (with fewer walls, pawns would only have more freedom)
    fixed, paths, captures, fixed_attacks, pawn_paths = structure
    blockers = fixed | walls
    free = _ALL & ~blockers
    own_men = [(material.of(c, PAWN) & fixed) | (walls & men[c]) for c in (0, 1)]
    permanent = [_permanent_attacks(material, c, walls, fixed) for c in (0, 1)]
    reach = [0, 0]  # per colour: squares its non-king pieces may ever stand on
    attacks_of = [0, 0]  # per colour: squares its non-king pieces may ever attack
    movers = 0  # walls found to have a move: not walls after all
    places: list[list[int]] = [[], []]  # per colour: the squares each piece may stand on
    for color in (0, 1):
        enemy = 1 - color
        for piece_type in (KNIGHT, BISHOP, ROOK, QUEEN):
            for sq in _squares(material.of(color, piece_type)):
                if walls >> sq & 1:
                    region, attacks = 1 << sq, _reach_and_attacks(piece_type, sq, blockers)[1]
                    if attacks & ~own_men[color]:
                        movers |= 1 << sq  # it has a move (or a capture)
                else:
                    region, attacks = _reach_and_attacks(piece_type, sq, blockers)
                # A piece that may stand where an enemy pawn captures, or may attack a square
                # where an enemy pawn may stand, could change the structure.
                if region & captures[enemy] or attacks & paths[enemy]:
                    if walls >> sq & 1:
                        movers |= 1 << sq
                        continue
                    return False
                reach[color] |= region
                attacks_of[color] |= attacks
                places[color].append(region)
    king_region = [0, 0]
    king_near = [0, 0]
    for color in (0, 1):
        king = material.king(color)
        if walls >> king & 1:
            targets = KING_STEPS[king] & ~own_men[color] & ~permanent[1 - color]
            if targets:
                movers |= 1 << king
            king_region[color], king_near[color] = 1 << king, KING_STEPS[king]
        else:
            safe = free & ~fixed_attacks[1 - color] & ~permanent[1 - color]
            king_region[color], king_near[color] = _king_region(king, safe)
    # Walls must never be captured: no enemy piece may attack them, no enemy king may come
    # next to them unless they are guarded for good.
    for color in (0, 1):
        enemy = 1 - color
        exposed = attacks_of[enemy] | captures[enemy] | king_near[enemy] & ~permanent[color]
        movers |= walls & men[color] & exposed & ~material.of(color, KING)
    if movers & walls:
        return optional, walls & ~movers
    capturable = 0
    for color in (0, 1):
        enemy = 1 - color
        # A king next to an enemy pawn that is not guarded for good may capture it.
        for pawn_color, square, path in pawn_paths:
            if pawn_color == enemy and king_near[color] & path & ~(fixed & permanent[enemy]):
                capturable |= 1 << square
    if capturable & ~optional:
        return capturable | optional, walls
    defender = 1 - attacker
    covered = attacks_of[attacker] | captures[attacker] | king_near[attacker]
    checks = attacks_of[attacker] | captures[attacker]
    # A flight square the attacker cannot cover must hold one of the defender's own men (an
    # attacker's man there would be taken unless covered), each man on one square at a time.
    own_men_places = places[defender] + [path for c, _, path in pawn_paths if c == defender]
    for k in _squares(king_region[defender] & checks):
        flights = KING_STEPS[k] & free & ~fixed_attacks[attacker] & ~permanent[attacker]
        if _can_block(_squares(flights & ~covered), own_men_places):
            return False  # a mate on k cannot be ruled out
    return True


def _can_block(squares: list[int], men: list[int]) -> bool:
    """Whether distinct men (each given by the squares it may stand on) can stand on all the
    ``squares`` at once: a bipartite matching, found by augmenting paths."""
    if len(squares) > len(men):
        return False
    owner: dict[int, int] = {}  # man index -> square it blocks

    def assign(square: int, tried: set[int]) -> bool:
        for index, places in enumerate(men):
            if places >> square & 1 and index not in tried:
                tried.add(index)
                if index not in owner or assign(owner[index], tried):
                    owner[index] = square
                    return True
        return False

    return all(assign(square, set()) for square in squares)


def _men(material: Material, color: int) -> int:
    """Every square ``color``'s men stand on."""
    men = 0
    for piece_type in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING):
        men |= material.of(color, piece_type)
    return men


def play_forced_moves(position: Position, color: int, limit: int) -> bool | None:
    """Play the forced moves (one legal move each) on ``position`` (a private copy): True when
    the game ends there without ``color`` checkmating, False when it ends in ``color``'s
    checkmate, None when a position with a choice is reached, or after ``limit`` forced moves
    (the position reached is left in ``position``)."""
    for _ in range(limit):
        codes = position.legal_codes()
        if not codes:
            return not (position.is_check() and position.turn != color)
        if len(codes) > 1:
            return None
        position.push_code(codes[0])
    return None
