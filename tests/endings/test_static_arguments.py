"""The reachability (semi-static) argument of ``_semistatic`` (Articles 5.2.2, 6.9): what it
proves, what it must never claim, and that real games never leave the reach it computes."""

from __future__ import annotations

import random

import pytest

from chesslaws.core import KING, Position, parse_square
from chesslaws.endings._semistatic import (
    placement_cannot_mate,
    reach_of,
    reach_proof,
)
from tests.endings._helpers import composed, read_test_vector


def _man(position: Position, square: str) -> int:
    """Index of the man standing on ``square`` in the saturation of ``position``."""
    reach = reach_of(position)
    sq = parse_square(square)
    return next(i for i, (_, _, start) in enumerate(reach.men) if start == sq)


# Unwinnable per CHA's test vector, undetermined by the search alone (20,000 positions).
PROVED = [
    # White's king is boxed on h3/h4: Kxg2 or Kh2 by Black only ever stalemates White.
    ("1k6/b1b5/7p/5p1P/5p2/5PpK/6P1/8 w - - 0 1", 0),
    ("1k6/b1b5/7p/5p1P/5p2/5PpK/6P1/8 w - - 0 1", 1),
    ("8/8/7p/2b2p1P/1bkb1p1K/2b2Pp1/6P1/8 b - - 0 1", 1),
    # Pawn walls with single-colour bishops locked in.
    ("1k6/8/3p1p2/3PbP2/3pBp2/3P1P2/4B3/3K4 w - - 0 1", 0),
    ("4K3/2p1p3/2PbP3/2pBp3/2PbP3/2pBp3/2PbP3/4k3 b - - 0 1", 1),
    # Knights and bishops behind a blocked chain; Kxc8 only ever stalemates Black.
    ("k1b5/1p1p4/1PpP4/2Pp4/N1pP4/1pP1B3/1P1B4/K7 w - - 0 1", 0),
    ("k1b5/1p1p4/1PpP4/2Pp4/N1pP4/1pP1B3/1P1B4/K7 w - - 0 1", 1),
    ("N1b1N1N1/1pPpPpPp/1P1P1P1P/8/8/8/8/kb4K1 w - - 0 1", 1),
    # Seven bishops shuffling along eight squares: whatever square is empty, a6, c6, e6 and g6
    # stay guarded, so Black's king never takes a pawn.
    ("2B1B1B1/pBpBpBpB/P1P1P1P1/8/8/8/8/k1K5 w - - 0 1", 0),
    ("B1B1B1B1/pBpBpBp1/P1P1P1P1/8/8/8/8/k1K5 w - - 0 1", 1),
    # A castling right that can never be used.
    ("2k5/8/8/8/2Bp1p1p/1BpP1P1P/2P1BPBP/3BKBNR w K - 0 1", 0),
    ("2k5/8/8/8/2Bp1p1p/1BpP1P1P/2P1BPBP/3BKBNR w K - 0 1", 1),
]


@pytest.mark.parametrize(("fen", "color"), PROVED)
def test_proves_unwinnable(fen: str, color: int) -> None:
    code = dict((f, c) for c, f in read_test_vector()).get(fen)
    if code is not None:  # the vector agrees (most of these positions are in it)
        assert code[color] == "-"
    assert reach_proof(composed(fen), color)


def test_boxed_king_stalemate_squares() -> None:
    position = composed("1k6/b1b5/7p/5p1P/5p2/5PpK/6P1/8 w - - 0 1")
    reach = reach_of(position)
    white_king = reach.king_reach(0)
    assert white_king == 1 << parse_square("h3") | 1 << parse_square("h4")
    black_king = reach.king_reach(1)
    # Black's king may walk round to g1, but h2 and the capture on g2 would stalemate White.
    assert black_king >> parse_square("g1") & 1
    assert not black_king >> parse_square("h2") & 1
    assert not reach.captured[_man(position, "g2")]
    stalemating = reach.stalemating[1]
    assert stalemating >> parse_square("h2") & 1 and stalemating >> parse_square("g2") & 1
    # The g3 pawn can never advance, so its reach is its square.
    assert reach.reach[_man(position, "g3")] == 1 << parse_square("g3")


def test_crowd_of_bishops_guards_for_good() -> None:
    position = composed("B1B1B1B1/pBpBpBp1/P1P1P1P1/8/8/8/8/k1K5 w - - 0 1")
    reach = reach_of(position)
    assert not reach.captured[_man(position, "a6")]  # b7, or c8 through an empty b7
    assert reach.reach[_man(position, "b7")] == sum(
        1 << parse_square(name) for name in ("a8", "b7", "c8", "d7", "e8", "f7", "g8", "h7")
    )
    assert not reach.king_reach(1) >> parse_square("a6") & 1


def test_castling_needs_the_squares_cleared() -> None:
    locked = composed("2k5/8/8/8/2Bp1p1p/1BpP1P1P/2P1BPBP/3BKBNR w K - 0 1")
    reach = reach_of(locked)
    assert reach.reach[_man(locked, "h1")] == 1 << parse_square("h1")  # f1, g1 never clear
    free = composed("4k3/8/8/8/8/8/7P/4K2R w K - 0 1")
    reach = reach_of(free)
    assert reach.reach[_man(free, "e1")] >> parse_square("g1") & 1
    assert reach.reach[_man(free, "h1")] >> parse_square("f1") & 1


def test_en_passant_square_counts_as_visited() -> None:
    # Black's d-pawn has just made a double step: White's e5 pawn may take it on d6.
    position = composed("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
    reach = reach_of(position)
    assert reach.reach[_man(position, "e5")] >> parse_square("d6") & 1
    assert reach.captured[_man(position, "d5")]


@pytest.mark.parametrize(
    ("fen", "color"),
    [
        ("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4KB2 w - - 0 1", 0),  # the bishop can check
        ("k7/8/1PK5/8/8/8/8/8 w - - 0 1", 0),  # a passed pawn promotes
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1),
    ],
)
def test_does_not_claim_winnable_positions(fen: str, color: int) -> None:
    position = composed(fen)
    assert not placement_cannot_mate(position, color)
    assert not reach_proof(position, color)


@pytest.mark.slow
def test_never_wrong_on_the_test_vector() -> None:
    """No pair the vector marks winnable is ever declared unwinnable."""
    proved = 0
    for code, fen in read_test_vector():
        position = composed(fen)
        for color in (0, 1):
            claim = reach_proof(position, color)
            assert not (claim and code[color] != "-"), (fen, color)
            proved += claim
    assert proved > 1000  # the argument does prove a good part of the unwinnable pairs


def _playout_leaves_reach(position: Position, rng: random.Random, plies: int) -> str:
    """Play random legal moves; report a move the saturation did not foresee (a move into a
    square outside the man's reach, a capture of a man it said is never captured), unless
    that move stalemates the opponent with the king (the stalemating moves are left out)."""
    reach = reach_of(position)
    where = {start: i for i, (_, _, start) in enumerate(reach.men)}
    for _ in range(plies):
        codes = position.legal_codes()
        if not codes:
            return ""
        code = rng.choice(codes)
        frm, to, kind = code & 63, code >> 6 & 63, code >> 15
        mover = where.pop(frm)
        problems = []
        if kind == 2:
            rook = where.pop(to)
            back = 0 if reach.men[mover][0] == 0 else 56
            king_to, rook_to = (back + 6, back + 5) if to > frm else (back + 2, back + 3)
            where[king_to], where[rook_to] = mover, rook
            if not reach.reach[mover] >> king_to & 1 or not reach.reach[rook] >> rook_to & 1:
                problems.append("castling")
        else:
            victim = where.pop(to, None)
            if kind == 1:
                victim = where.pop(to + (-8 if reach.men[mover][0] == 0 else 8))
            if victim is not None and not reach.captured[victim]:
                problems.append("capture")
            if not reach.reach[mover] >> to & 1:
                problems.append("reach")
            where[to] = mover
        position.push_code(code)
        stalemate = not position.legal_codes() and not position.is_check()
        if problems and not (stalemate and reach.men[mover][1] == KING):
            return f"{problems} after {position.fen()}"
    return ""


@pytest.mark.parametrize("fen", [fen for fen, _ in PROVED[::2]] + [PROVED[-1][0]])
def test_random_games_stay_in_the_reach(fen: str) -> None:
    rng = random.Random(fen)
    for _ in range(20):
        assert _playout_leaves_reach(composed(fen), rng, 150) == ""


@pytest.mark.slow
def test_random_games_from_the_vector_stay_in_the_reach() -> None:
    rng = random.Random(2026)
    for _, fen in read_test_vector():
        assert _playout_leaves_reach(composed(fen), rng, 60) == "", fen
