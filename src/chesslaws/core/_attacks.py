"""Attack tables, built once at import (Article 3.2–3.7: how each piece attacks).

Method: leapers (knight, king, pawn captures) are plain 64-entry tuples. Sliders use occupancy
lookup: for each square a dict maps the blockers on the relevant lines (occupancy masked to the
squares that can block, edges excluded) to the attacked squares. Bishops use one dict per square
keyed by both diagonals (at most 2**9 keys); rooks one dict keyed by rank and file together (at
most 2**12 keys), built as the product of the rank and file tables. Import cost: about 0.1 s and
a few MB, paid once, for a slider attack that is one dict lookup.

``BETWEEN[a * 64 + b]`` holds the squares strictly between two aligned squares, ``LINE[a * 64 + b]``
the whole line through them (0 when not aligned): evasions and pins use them.

The public tables (``KNIGHT_ATTACKS``, ``BETWEEN``, ...) hold public values, non-negative ints;
the core's own code reads the same tables as bitboards of :mod:`._bitboards` (``KNIGHT_BB``,
``BETWEEN_BB``, ...; the very same tuples in the pure build, signed words in the compiled one).
The slider tables are the core's own and hold bitboards; :func:`bishop_attacks` and
:func:`rook_attacks` hand out public values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from chesslaws.core._bitboards import SIGNED_WORDS, unsigned, word

if TYPE_CHECKING:
    from chesslaws.core._bitboards import Bitboard

__all__ = [
    "BB_ALL",
    "BB_FILES",
    "BB_RANKS",
    "BETWEEN",
    "BETWEEN_BB",
    "BISHOP_MASKS",
    "BISHOP_TABLES",
    "DARK_SQUARES",
    "FILE_BB",
    "KING_ATTACKS",
    "KING_BB",
    "KNIGHT_ATTACKS",
    "KNIGHT_BB",
    "LIGHT_SQUARES",
    "LINE",
    "LINE_BB",
    "PAWN_ATTACKS",
    "PAWN_BB",
    "RANK_BB",
    "ROOK_MASKS",
    "ROOK_TABLES",
    "bishop_attacks",
    "bitboards",
    "rook_attacks",
]

BB_ALL = (1 << 64) - 1
BB_FILES: tuple[int, ...] = tuple(0x0101010101010101 << f for f in range(8))
BB_RANKS: tuple[int, ...] = tuple(0xFF << (8 * r) for r in range(8))
DARK_SQUARES = 0xAA55AA55AA55AA55  # a1 is dark (Article 2.1: h1 is a light square)
LIGHT_SQUARES = BB_ALL ^ DARK_SQUARES

_ROOK_DIRS = ((0, 1), (0, -1), (1, 0), (-1, 0))
_BISHOP_DIRS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _step_attacks(square: int, deltas: tuple[tuple[int, int], ...]) -> int:
    file, rank = square & 7, square >> 3
    bb = 0
    for df, dr in deltas:
        f, r = file + df, rank + dr
        if 0 <= f < 8 and 0 <= r < 8:
            bb |= 1 << (r * 8 + f)
    return bb


def _ray_attacks(square: int, dirs: tuple[tuple[int, int], ...], occupied: int) -> int:
    file, rank = square & 7, square >> 3
    bb = 0
    for df, dr in dirs:
        f, r = file + df, rank + dr
        while 0 <= f < 8 and 0 <= r < 8:
            bit = 1 << (r * 8 + f)
            bb |= bit
            if occupied & bit:
                break
            f, r = f + df, r + dr
    return bb


def _blocker_mask(square: int, dirs: tuple[tuple[int, int], ...]) -> int:
    """Squares on the rays from ``square`` whose occupancy can change the attacks (no edges)."""
    file, rank = square & 7, square >> 3
    bb = 0
    for df, dr in dirs:
        f, r = file + df, rank + dr
        while 0 <= f + df < 8 and 0 <= r + dr < 8:
            bb |= 1 << (r * 8 + f)
            f, r = f + df, r + dr
    return bb


def _subsets(mask: int) -> list[int]:
    """Every subset of ``mask`` (carry-rippler enumeration)."""
    result = []
    subset = 0
    while True:
        result.append(subset)
        subset = (subset - mask) & mask
        if subset == 0:
            return result


def _slider_table(square: int, dirs: tuple[tuple[int, int], ...]) -> tuple[int, dict[int, int]]:
    mask = _blocker_mask(square, dirs)
    return mask, {occ: _ray_attacks(square, dirs, occ) for occ in _subsets(mask)}


def _rook_table(square: int) -> tuple[int, dict[int, int]]:
    rank_mask, rank_table = _slider_table(square, ((1, 0), (-1, 0)))
    file_mask, file_table = _slider_table(square, ((0, 1), (0, -1)))
    table = {
        r_occ | f_occ: r_att | f_att
        for r_occ, r_att in rank_table.items()
        for f_occ, f_att in file_table.items()
    }
    return rank_mask | file_mask, table


KNIGHT_ATTACKS: tuple[int, ...] = tuple(
    _step_attacks(sq, ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)))
    for sq in range(64)
)
KING_ATTACKS: tuple[int, ...] = tuple(
    _step_attacks(sq, _ROOK_DIRS + _BISHOP_DIRS) for sq in range(64)
)
#: ``PAWN_ATTACKS[color][square]``: the squares a pawn of ``color`` on ``square`` attacks (3.7.4).
PAWN_ATTACKS: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(_step_attacks(sq, ((-1, 1), (1, 1))) for sq in range(64)),
    tuple(_step_attacks(sq, ((-1, -1), (1, -1))) for sq in range(64)),
)


def bitboards(values: tuple[int, ...]) -> tuple[Bitboard, ...]:
    """A table of public values as bitboards (in the pure build: the same tuple)."""
    if SIGNED_WORDS:
        return tuple([word(value) for value in values])
    return values


def _word_table(table: dict[int, int]) -> dict[Bitboard, Bitboard]:
    """A slider table with bitboard values (its keys, blocker masks, never hold h8: a corner is
    the edge of every line through it)."""
    if SIGNED_WORDS:
        return {occ: word(attacks) for occ, attacks in table.items()}
    return table


_bishop = [_slider_table(sq, _BISHOP_DIRS) for sq in range(64)]
_rook = [_rook_table(sq) for sq in range(64)]
BISHOP_MASKS: Final[tuple[int, ...]] = tuple(m for m, _ in _bishop)
BISHOP_TABLES: Final = tuple(_word_table(t) for _, t in _bishop)
ROOK_MASKS: Final[tuple[int, ...]] = tuple(m for m, _ in _rook)
ROOK_TABLES: Final = tuple(_word_table(t) for _, t in _rook)
del _bishop, _rook


def bishop_attacks(square: int, occupied: int) -> int:
    """Squares a bishop on ``square`` attacks, given the occupied squares (Article 3.2)."""
    return unsigned(BISHOP_TABLES[square][occupied & BISHOP_MASKS[square]])


def rook_attacks(square: int, occupied: int) -> int:
    """Squares a rook on ``square`` attacks, given the occupied squares (Article 3.3)."""
    return unsigned(ROOK_TABLES[square][occupied & ROOK_MASKS[square]])


def _between_and_line() -> tuple[tuple[int, ...], tuple[int, ...]]:
    between = [0] * 4096
    line = [0] * 4096
    for a in range(64):
        for dirs in (_ROOK_DIRS, _BISHOP_DIRS):
            for d in dirs:
                ray = _ray_attacks(a, (d,), 0)
                back = _ray_attacks(a, ((-d[0], -d[1]),), 0)
                full = ray | back | 1 << a
                bb = ray
                while bb:
                    b = (bb & -bb).bit_length() - 1
                    line[a * 64 + b] = full
                    between[a * 64 + b] = _ray_attacks(a, (d,), 1 << b) & ~(1 << b)
                    bb &= bb - 1
    return tuple(between), tuple(line)


BETWEEN, LINE = _between_and_line()


# The same tables as bitboards, for the core's own code. Final: compiled, a module that
# imports one reads it as a C variable, not by name from a dict at each use.
KNIGHT_BB: Final = bitboards(KNIGHT_ATTACKS)
KING_BB: Final = bitboards(KING_ATTACKS)
PAWN_BB: Final = (bitboards(PAWN_ATTACKS[0]), bitboards(PAWN_ATTACKS[1]))
BETWEEN_BB: Final = bitboards(BETWEEN)
LINE_BB: Final = bitboards(LINE)
FILE_BB: Final = bitboards(BB_FILES)
RANK_BB: Final = bitboards(BB_RANKS)
