"""Legal move generation (Article 3) on packed int moves.

One pass per node: the king's checkers and the pinned pieces are computed once; a target mask
says where non-king pieces may go (anywhere not own in quiet positions; the checker or the squares
between it and the king in single check, Article 3.9; nowhere in double check). Pinned pieces
may only move along the pin line. Only king moves, en passant and castling get a full attack test.

:func:`generate` either appends move codes to a list or, with ``moves=None``, only counts them by
population count (perft's last ply, "bulk counting").
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from chesslaws.core._attacks import (
    BETWEEN_BB,
    BISHOP_MASKS,
    BISHOP_TABLES,
    FILE_BB,
    KING_BB,
    KNIGHT_BB,
    LINE_BB,
    PAWN_BB,
    RANK_BB,
    ROOK_MASKS,
    ROOK_TABLES,
)
from chesslaws.core._bitboards import ALL, ONE, bit_length, popcount
from chesslaws.core._move import CASTLING, EN_PASSANT

if TYPE_CHECKING:
    from chesslaws.core._bitboards import Bitboard
    from chesslaws.core._position import Position

__all__ = [
    "attackers",
    "castling_path",
    "count_and_check",
    "generate",
    "is_attacked",
    "is_legal_plain",
    "king_path_safe",
]

_NOT_FILE_A: Final = ALL ^ FILE_BB[0]
_NOT_FILE_H: Final = ALL ^ FILE_BB[7]
_RANK_3: Final = RANK_BB[2]
_RANK_6: Final = RANK_BB[5]
_BACK_RANKS: Final = RANK_BB[0] | RANK_BB[7]
_ROOK_EMPTY: Final[tuple[Bitboard, ...]] = tuple([ROOK_TABLES[sq][0] for sq in range(64)])
_BISHOP_EMPTY: Final[tuple[Bitboard, ...]] = tuple([BISHOP_TABLES[sq][0] for sq in range(64)])
_OFF_LINES: tuple[Bitboard, ...] = tuple(
    [ALL ^ (_ROOK_EMPTY[sq] | _BISHOP_EMPTY[sq] | ONE << sq) for sq in range(64)]
)
"""The squares on no line (rank, file, diagonal) through each square: no man there is pinned."""
_EP_FLAG = EN_PASSANT << 15
_CASTLE_FLAG = CASTLING << 15
_PROMO_CODES = (5 << 12, 4 << 12, 3 << 12, 2 << 12)  # queen, rook, bishop, knight


def attackers(pos: Position, color: int, square: int, occupied: Bitboard) -> Bitboard:
    """The pieces of ``color`` that attack ``square``, given the occupied squares."""
    bb = pos._bb
    sh = color << 3
    queens = bb[5 | sh]
    return (
        (KNIGHT_BB[square] & bb[2 | sh])
        | (PAWN_BB[color ^ 1][square] & bb[1 | sh])
        | (KING_BB[square] & bb[6 | sh])
        | (BISHOP_TABLES[square][occupied & BISHOP_MASKS[square]] & (bb[3 | sh] | queens))
        | (ROOK_TABLES[square][occupied & ROOK_MASKS[square]] & (bb[4 | sh] | queens))
    )


def is_attacked(pos: Position, color: int, square: int, occupied: Bitboard) -> bool:
    """Whether a piece of ``color`` attacks ``square`` (Article 3.1.3)."""
    bb = pos._bb
    sh = color << 3
    queens = bb[5 | sh]
    return bool(
        (KNIGHT_BB[square] & bb[2 | sh])
        or (PAWN_BB[color ^ 1][square] & bb[1 | sh])
        or (KING_BB[square] & bb[6 | sh])
        or (ROOK_TABLES[square][occupied & ROOK_MASKS[square]] & (bb[4 | sh] | queens))
        or (BISHOP_TABLES[square][occupied & BISHOP_MASKS[square]] & (bb[3 | sh] | queens))
    )


def is_legal_plain(pos: Position, code: int, in_check: bool = True) -> bool:
    """Whether the move ``code`` is legal, for a code without a castling or en passant flag
    (the same answer as generating the legal moves to its square, for a few table lookups).
    ``in_check=False`` says the side to move is known not to be in check (a shortcut below;
    the default makes no such assumption).

    The man on the from-square must be the mover's and able to go to the to-square (Article 3:
    a pawn's push, double step or capture, with a promotion piece exactly on the last rank,
    3.7.5); then the king must not be attacked after the move (3.9): a king's new square with
    the king gone from its old one, any other king with the moved man on its new square and the
    captured man gone. Out of check, only the line from the king through the from-square can
    open: a man on no line through its king uncovers nothing, nor does one that stays on that
    line (the king stands in its way to the far side), and one that leaves it uncovers at most
    the enemy line pieces that move along it (a rank or file, or a diagonal), so only those are
    looked for. A line piece's move is read from the tables of lines and of the squares between
    two squares, not from its attacks.
    """
    frm = code & 63
    to = code >> 6 & 63
    board = pos._board
    piece = board[frm]
    us = pos._turn
    if not piece or piece >> 3 != us:
        return False
    captured = board[to]
    if captured and captured >> 3 == us:
        return False
    kind = piece & 7
    promotion = code >> 12 & 7
    # (the bitboards, long integers, are read only where a move needs them)
    if kind == 1:
        if to >> 3 == (7 if us == 0 else 0):
            if not 2 <= promotion <= 5:  # a knight, bishop, rook or queen, and only here
                return False
        elif promotion:
            return False
        step = 8 if us == 0 else -8
        if to - frm == step:
            if captured:
                return False
        elif to - frm == 2 * step:
            if captured or board[frm + step] or frm >> 3 != (1 if us == 0 else 6):
                return False
        elif not (captured and PAWN_BB[us][frm] >> to & 1):
            return False
    elif promotion:
        return False
    elif kind == 2:
        if not KNIGHT_BB[frm] >> to & 1:
            return False
    elif kind == 6:
        if not KING_BB[frm] >> to & 1:
            return False
        occ = pos._occ_c[0] | pos._occ_c[1]
        return not is_attacked(pos, us ^ 1, to, occ ^ ONE << frm)
    else:  # a line piece: along its lines, nothing standing between the two squares
        if not LINE_BB[frm * 64 + to]:
            return False
        if frm & 7 == to & 7 or frm >> 3 == to >> 3:  # a rank or a file
            if kind == 3:
                return False
        elif kind == 4:
            return False
        between = BETWEEN_BB[frm * 64 + to]
        if between and between & (pos._occ_c[0] | pos._occ_c[1]):
            return False
    king = pos._kings[us]
    if not in_check:
        line = LINE_BB[king * 64 + frm]
        if not line or line >> to & 1:
            return True  # no line through the king and the man, or the man stays on it
        bb = pos._bb
        tsh = (us ^ 1) << 3
        occ = pos._occ_c[0] | pos._occ_c[1]
        after = occ ^ ONE << frm  # the man leaves the line: only its square is opened
        if _ROOK_EMPTY[king] >> frm & 1:
            sliders = (bb[4 | tsh] | bb[5 | tsh]) & line
            return not (sliders and ROOK_TABLES[king][after & ROOK_MASKS[king]] & sliders)
        sliders = (bb[3 | tsh] | bb[5 | tsh]) & line
        return not (sliders and BISHOP_TABLES[king][after & BISHOP_MASKS[king]] & sliders)
    tobit = ONE << to
    occ = pos._occ_c[0] | pos._occ_c[1]
    return not attackers(pos, us ^ 1, king, (occ ^ ONE << frm) | tobit) & ~tobit


@functools.cache
def castling_path(king: int, rook: int) -> tuple[int, int, Bitboard, Bitboard]:
    """For castling with these squares: king and rook destinations, the squares that must be
    empty (Article 3.8.2.1: between king and its destination, rook and its destination) and the
    squares the king crosses or lands on (which must not be attacked)."""
    rank = king & 56
    if rook > king:
        king_to, rook_to = rank | 6, rank | 5
    else:
        king_to, rook_to = rank | 2, rank | 3
    king_path = BETWEEN_BB[king * 64 + king_to] | ONE << king_to
    must_be_empty = (king_path | BETWEEN_BB[rook * 64 + rook_to] | ONE << rook_to) & ~(
        ONE << king | ONE << rook
    )
    return king_to, rook_to, must_be_empty, king_path | ONE << king


def count_and_check(pos: Position, enough: int = 2) -> tuple[int, bool]:
    """How many legal moves there are, up to ``enough`` (as :func:`generate` counts them), and
    whether the side to move is in check (Article 3.9.1): the checkers found once for both."""
    us = pos._turn
    bb = pos._bb
    own = pos._occ_c[us]
    occ = own | pos._occ_c[us ^ 1]
    ksq = pos._kings[us]
    tsh = (us ^ 1) << 3
    t_queens = bb[5 | tsh]
    # the enemy line pieces on the king's lines (on an empty board): only they can check along
    # a line, so the attack tables are looked up only when there are some
    diag = _BISHOP_EMPTY[ksq] & (bb[3 | tsh] | t_queens)
    orth = _ROOK_EMPTY[ksq] & (bb[4 | tsh] | t_queens)
    checkers = (KNIGHT_BB[ksq] & bb[2 | tsh]) | (PAWN_BB[us][ksq] & bb[1 | tsh])
    if diag:
        checkers |= BISHOP_TABLES[ksq][occ & BISHOP_MASKS[ksq]] & diag
    if orth:
        checkers |= ROOK_TABLES[ksq][occ & ROOK_MASKS[ksq]] & orth
    if checkers:
        return generate(pos, None, ALL, enough, checkers), True
    # generate's own first answer out of check ("quick" there), asked before its set-up
    if enough <= 2 and _free_moves(pos, ksq, own, occ, diag | orth, enough) >= enough:
        return enough, False
    return generate(pos, None, ALL, enough, 0), False


def generate(
    pos: Position,
    moves: list[int] | None,
    to_mask: Bitboard = ALL,
    enough: int = 1 << 30,
    checkers: Bitboard = -1,
) -> int:
    """Append the legal move codes to ``moves`` (only to squares in ``to_mask``), or count them
    when ``moves`` is None. Returns the number of legal moves found; when counting, it may stop
    as soon as ``enough`` are found (the count returned is then at least ``enough``).
    ``checkers``, when the caller has them, are the enemy men giving check (as computed here:
    knights, pawns and line pieces; a king never gives check in a legal position); the caller
    has then asked :func:`_free_moves` itself where it could answer; -1 (every square, which
    no checkers are) says the caller has not."""
    us = pos._turn
    them = us ^ 1
    bb = pos._bb
    own = pos._occ_c[us]
    opp = pos._occ_c[them]
    occ = own | opp
    ksq = pos._kings[us]
    ush = us << 3
    tsh = them << 3
    t_queens = bb[5 | tsh]
    t_diag = bb[3 | tsh] | t_queens
    t_orth = bb[4 | tsh] | t_queens
    count = 0
    append: Callable[[int], None] | None = moves.append if moves is not None else None

    # Counting "two or more" out of check: the men that no pin can hold often answer at once
    # (a caller that brings the checkers has asked that already: count_and_check).
    quick = checkers == -1 and append is None and enough <= 2 and to_mask == ALL
    if checkers == -1:
        checkers = (
            (KNIGHT_BB[ksq] & bb[2 | tsh])
            | (PAWN_BB[us][ksq] & bb[1 | tsh])
            | (BISHOP_TABLES[ksq][occ & BISHOP_MASKS[ksq]] & t_diag)
            | (ROOK_TABLES[ksq][occ & ROOK_MASKS[ksq]] & t_orth)
        )
    quick = quick and not checkers
    snipers = (_ROOK_EMPTY[ksq] & t_orth) | (_BISHOP_EMPTY[ksq] & t_diag)
    if quick and _free_moves(pos, ksq, own, occ, snipers, enough) >= enough:
        return enough
    count = _king_moves(pos, ksq, own, occ, to_mask, t_diag, t_orth, append)
    if checkers & (checkers - 1) or count >= enough:  # double check: only the king may move
        return count
    if checkers:
        target = (BETWEEN_BB[ksq * 64 + bit_length(checkers) - 1] | checkers) & to_mask
    else:
        target = to_mask & ~own

    # Pins: own pieces alone between the king and an enemy slider.
    pinned = 0
    while snipers:
        bit = snipers & -snipers
        snipers ^= bit
        between = BETWEEN_BB[ksq * 64 + bit_length(bit) - 1] & occ
        if between and not between & (between - 1) and between & own:
            pinned |= between

    # Knights (a pinned knight can never move).
    pieces = bb[2 | ush] & ~pinned
    while pieces:
        bit = pieces & -pieces
        pieces ^= bit
        frm = bit_length(bit) - 1
        dests = KNIGHT_BB[frm] & target
        if append:
            while dests:
                d = dests & -dests
                dests ^= d
                append(frm | (bit_length(d) - 1) << 6)
        count += popcount(dests)
    if count >= enough:
        return count

    # Bishops, rooks and queens; pinned ones only along the pin line.
    queens = bb[5 | ush]
    for pieces, tables, masks in (
        (bb[3 | ush] | queens, BISHOP_TABLES, BISHOP_MASKS),
        (bb[4 | ush] | queens, ROOK_TABLES, ROOK_MASKS),
    ):
        while pieces:
            bit = pieces & -pieces
            pieces ^= bit
            frm = bit_length(bit) - 1
            dests = tables[frm][occ & masks[frm]] & target
            if bit & pinned:
                dests &= LINE_BB[ksq * 64 + frm]
            if append:
                while dests:
                    d = dests & -dests
                    dests ^= d
                    append(frm | (bit_length(d) - 1) << 6)
            count += popcount(dests)
    if count >= enough:
        return count

    # Pawns (Article 3.7): unpinned ones set-wise, pinned ones one by one.
    pawns = bb[1 | ush]
    free = pawns & ~pinned
    empty = ALL ^ occ
    if us == 0:
        single = (free << 8) & empty
        double = ((single & _RANK_3) << 8) & empty & target
        single &= target
        left = ((free & _NOT_FILE_A) << 7) & opp & target
        right = ((free & _NOT_FILE_H) << 9) & opp & target
        deltas = (8, 16, 7, 9)
    else:
        single = (free >> 8) & empty
        double = ((single & _RANK_6) >> 8) & empty & target
        single &= target
        left = ((free & _NOT_FILE_H) >> 7) & opp & target
        right = ((free & _NOT_FILE_A) >> 9) & opp & target
        deltas = (-8, -16, -7, -9)
    if single:
        count += _pawn_targets(single, deltas[0], append)
    if double:
        count += _pawn_targets(double, deltas[1], append)
    if left:
        count += _pawn_targets(left, deltas[2], append)
    if right:
        count += _pawn_targets(right, deltas[3], append)
    stuck = pawns & pinned
    while stuck:
        bit = stuck & -stuck
        stuck ^= bit
        frm = bit_length(bit) - 1
        line = LINE_BB[ksq * 64 + frm]
        dests = PAWN_BB[us][frm] & opp
        one = frm + deltas[0]
        if not occ & ONE << one:
            dests |= ONE << one
            two = frm + deltas[1]
            if (frm >> 3) == (1 if us == 0 else 6) and not occ & ONE << two:
                dests |= ONE << two
        dests &= line & target
        while dests:
            d = dests & -dests
            dests ^= d
            count += _pawn_targets(d, (bit_length(d) - 1) - frm, append)

    # En passant (Article 3.7.3.1): tested in full, as it removes two pieces from a line.
    ep = pos._ep
    if ep >= 0 and ONE << ep & to_mask:
        capturers = PAWN_BB[them][ep] & pawns
        captured = ep - 8 if us == 0 else ep + 8
        while capturers:
            bit = capturers & -capturers
            capturers ^= bit
            after = (occ ^ bit ^ ONE << captured) | ONE << ep
            if not (
                (BISHOP_TABLES[ksq][after & BISHOP_MASKS[ksq]] & t_diag)
                or (ROOK_TABLES[ksq][after & ROOK_MASKS[ksq]] & t_orth)
                or (KNIGHT_BB[ksq] & bb[2 | tsh])
                or (PAWN_BB[us][ksq] & bb[1 | tsh] & ~(ONE << captured))
            ):
                count += 1
                if append:
                    append((bit_length(bit) - 1) | ep << 6 | _EP_FLAG)

    # Castling (Article 3.8.2): never out of, through or into check.
    if not checkers:
        rights = pos.castling & RANK_BB[0 if us == 0 else 7]
        while rights:
            bit = rights & -rights
            rights ^= bit
            rook = bit_length(bit) - 1
            king_to, _, must_be_empty, _ = pos._castling_paths[rook]
            if occ & must_be_empty or not (ONE << king_to & to_mask or bit & to_mask):
                continue
            if king_path_safe(pos, rook, occ):
                count += 1
                if append:
                    append(ksq | rook << 6 | _CASTLE_FLAG)
    return count


def king_path_safe(pos: Position, rook: int, occ: Bitboard) -> bool:
    """For castling with the rook on ``rook`` (the squares between empty, the king not in
    check): whether the king crosses and reaches no attacked square, king and rook lifted
    (Article 3.8.2.2)."""
    us = pos._turn
    without = occ ^ ONE << pos._kings[us] ^ ONE << rook
    path = pos._castling_paths[rook][3]
    while path:
        low = path & -path
        path ^= low
        if is_attacked(pos, us ^ 1, bit_length(low) - 1, without):
            return False
    return True


def _free_moves(
    pos: Position, ksq: int, own: Bitboard, occ: Bitboard, snipers: Bitboard, enough: int
) -> int:
    """Out of check: the moves of the men that stand between their king and no enemy slider on
    that line, counted until ``enough``: the pawns' single steps (a promotion counted once) and
    the knights', bishops', rooks' and queens' moves. None of them can be pinned, so every move
    they have to a square without an own man is legal (Article 3.9): a quick answer to "are
    there two legal moves?" before any pin search (it counts no more moves than there are)."""
    bb = pos._bb
    ush = pos._turn << 3
    empty = ALL ^ occ
    # first the pawns on none of the king's lines, which no pin can hold, before any pin
    pawns = bb[1 | ush] & _OFF_LINES[ksq]
    count = popcount(((pawns << 8) if ush == 0 else (pawns >> 8)) & empty)
    if count >= enough:
        return count
    lines = 0  # the squares between the king and each enemy slider on one of its lines
    while snipers:  # the enemy line pieces on the king's lines, on an empty board
        bit = snipers & -snipers
        snipers ^= bit
        lines |= BETWEEN_BB[ksq * 64 + bit_length(bit) - 1]
    free = ~lines
    pawns = bb[1 | ush] & free  # single steps to empty squares (Article 3.7.1), one each
    count = popcount(((pawns << 8) if ush == 0 else (pawns >> 8)) & empty)
    if count >= enough:
        return count
    knights = bb[2 | ush] & free
    while knights:
        bit = knights & -knights
        knights ^= bit
        count += popcount(KNIGHT_BB[bit_length(bit) - 1] & ~own)
        if count >= enough:
            return count
    queens = bb[5 | ush] & free
    for pieces, tables, masks in (
        ((bb[3 | ush] & free) | queens, BISHOP_TABLES, BISHOP_MASKS),
        ((bb[4 | ush] & free) | queens, ROOK_TABLES, ROOK_MASKS),
    ):
        while pieces:
            bit = pieces & -pieces
            pieces ^= bit
            frm = bit_length(bit) - 1
            count += popcount(tables[frm][occ & masks[frm]] & ~own)
            if count >= enough:
                return count
    return count


def _king_moves(
    pos: Position,
    ksq: int,
    own: Bitboard,
    occ: Bitboard,
    to_mask: Bitboard,
    t_diag: Bitboard,
    t_orth: Bitboard,
    append: Callable[[int], None] | None,
) -> int:
    """The king's moves but castling, appended or counted (Article 3.9.2: never onto an
    attacked square; is_attacked, inlined, with the king gone from its square)."""
    dests = KING_BB[ksq] & ~own & to_mask
    if not dests:
        return 0
    bb = pos._bb
    tsh = (pos._turn ^ 1) << 3
    t_knights = bb[2 | tsh]
    t_pawns = bb[1 | tsh]
    t_king = bb[6 | tsh]
    pawn_attacks = PAWN_BB[pos._turn]
    occ_no_king = occ ^ ONE << ksq
    count = 0
    while dests:
        bit = dests & -dests
        dests ^= bit
        to = bit_length(bit) - 1
        if not (
            (KNIGHT_BB[to] & t_knights)
            or (pawn_attacks[to] & t_pawns)
            or (KING_BB[to] & t_king)
            or (ROOK_TABLES[to][occ_no_king & ROOK_MASKS[to]] & t_orth)
            or (BISHOP_TABLES[to][occ_no_king & BISHOP_MASKS[to]] & t_diag)
        ):
            count += 1
            if append:
                append(ksq | to << 6)
    return count


def _pawn_targets(dests: Bitboard, delta: int, append: Callable[[int], None] | None) -> int:
    """Append pawn moves to each square of ``dests`` from ``to - delta``; promotions fan out
    into queen, rook, bishop and knight (Article 3.7.5). Returns how many moves that is."""
    promoting = dests & _BACK_RANKS
    n = popcount(dests) + 3 * popcount(promoting)
    if append is not None:
        while dests:
            d = dests & -dests
            dests ^= d
            to = bit_length(d) - 1
            code = (to - delta) | to << 6
            if d & promoting:
                for promo in _PROMO_CODES:
                    append(code | promo)
            else:
                append(code)
    return n
