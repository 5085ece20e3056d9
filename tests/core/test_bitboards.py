"""Bitboards as machine words (core/_bitboards.py): the same 64 bits in both builds.

The compiled build holds a bitboard in a signed 64-bit word (h8 the sign bit), the pure build
in a non-negative int. These tests run in both (CI runs tests/core against the compiled wheel):
the word functions give the public squares, the core's own loops reach h8, and every bitboard
handed out is the public value, a non-negative int below 2**64, whatever the build. (The
arithmetic written here is the interpreter's, not the compiled core's: ``-x`` or ``x - 1`` of
the word of h8 alone leaves 64 bits here, so only what both agree on is asserted directly.)
"""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from chesslaws.core import (
    BB_ALL,
    COMPOSED,
    Position,
    _bitboards,
    bishop_attacks,
    parse_square,
    rook_attacks,
)
from chesslaws.core._bitboards import ALL, ONE, SIGNED_WORDS, bit_length, popcount, unsigned, word

values = st.integers(min_value=0, max_value=BB_ALL) | st.sampled_from(
    [0, 1, 1 << 62, 1 << 63, (1 << 63) | 1, BB_ALL, BB_ALL ^ (1 << 63)]
)


def sq(name: str) -> int:
    return parse_square(name)


def bits(*names: str) -> int:
    return sum(1 << sq(name) for name in names)


def test_signed_words_exactly_in_the_compiled_build() -> None:
    compiled = Path(_bitboards.__file__ or "").suffix in (".so", ".pyd")
    assert SIGNED_WORDS is compiled
    assert (word(1 << 63) < 0) is compiled  # h8 is the sign bit there
    assert unsigned(ALL) == BB_ALL
    assert ONE == word(1) == 1


def test_i64_is_for_the_type_checker_only() -> None:
    """``Bitboard`` is mypyc's ``i64`` in annotations; importing the core imports no
    ``mypy_extensions`` (no run-time dependency), in either build."""
    code = "import sys, chesslaws.core; print('mypy_extensions' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@given(values, values)
def test_word_operations_give_the_public_squares(a: int, b: int) -> None:
    x, y = word(a), word(b)
    assert unsigned(x) == a
    assert unsigned(x & y) == a & b
    assert unsigned(x | y) == a | b
    assert unsigned(x ^ y) == a ^ b
    assert unsigned(x & ~y) == a & ~b
    assert unsigned(ALL ^ x) == BB_ALL ^ a
    assert bool(x) == bool(a)
    assert (x == y) == (a == b)
    assert popcount(x) == a.bit_count()
    assert bit_length(x) == a.bit_length()
    for n in (1, 7, 8, 9, 63):
        assert unsigned(x) >> n & 1 == a >> n & 1
        assert x >> n & 1 == a >> n & 1


def test_one_square_and_its_index() -> None:
    for square in range(64):
        bit = word(1 << square)  # what ``ONE << square`` gives in the core
        assert unsigned(bit) == 1 << square
        assert bit_length(bit) - 1 == square
        assert popcount(bit) == 1


def test_the_core_loops_over_squares_up_to_h8() -> None:
    pos = Position.from_fen("6qr/8/8/8/8/8/8/K6k b - - 0 1")
    moves = {m.uci() for m in pos.legal_moves() if m.from_square in (sq("g8"), sq("h8"))}
    rook = {f"h8h{r}" for r in range(2, 8)}
    queen = {f"g8{f}8" for f in "abcdef"} | {f"g8g{r}" for r in range(1, 8)}
    queen |= {"g8f7", "g8e6", "g8d5", "g8c4", "g8b3", "g8a2", "g8h7"}
    assert moves == rook | queen
    assert pos.perft(1) == len(rook | queen) + 3  # and the king to g1, g2 and h2


def test_public_bitboards_are_non_negative_with_men_on_g8_and_h8() -> None:
    pos = Position()
    assert pos.castling_rights == bits("a1", "h1", "a8", "h8")
    assert pos.occupied == 0xFFFF00000000FFFF
    assert pos.occupied_by(1) == 0xFFFF << 48
    assert pos.pieces(4, 1) == bits("a8", "h8")
    table = pos.piece_bitboards()  # indexed by piece code: type | colour << 3
    assert table[4] == bits("a1", "h1") and table[12] == bits("a8", "h8")
    assert table[13] == bits("d8") and table[14] == bits("e8")
    assert all(0 <= bb <= BB_ALL for bb in table)
    checked = Position.from_fen("7r/8/8/8/8/8/8/k6K w - - 0 1", allow=COMPOSED)
    assert checked.checkers() == bits("h8")


def test_public_slider_attacks_from_the_corner() -> None:
    assert rook_attacks(sq("h8"), 0) == (0xFF << 56 | 0x8080808080808080) ^ bits("h8")
    assert bishop_attacks(sq("h8"), 0) == 0x8040201008040201 ^ bits("h8")
    assert bishop_attacks(sq("a1"), bits("h8")) == 0x8040201008040201 ^ bits("a1")
    assert rook_attacks(sq("g8"), BB_ALL) == bits("f8", "h8", "g7")


def test_legal_codes_to_a_public_mask_with_h8() -> None:
    pos = Position.from_fen("6k1/8/8/8/8/8/8/K6R w - - 0 1")
    codes = pos.legal_codes(bits("h8"))
    assert [(code & 63, code >> 6 & 63) for code in codes] == [(sq("h1"), sq("h8"))]
    assert pos.legal_codes() == pos.legal_codes(BB_ALL)


def test_a_pickle_holds_public_values_in_either_build() -> None:
    pos = Position.from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1")
    pos.push_uci("h8g8")
    state = pos.__getstate__()
    assert state["castling"] == pos.castling_rights == bits("a1", "h1", "a8")
    assert state["_bb"] == list(pos.piece_bitboards())
    assert all(undo[2] >= 0 for undo in state["_stack"])  # type: ignore[attr-defined]
    assert state["_stack"][0][2] == bits("a1", "h1", "a8", "h8")  # type: ignore[index]
    again = pickle.loads(pickle.dumps(pos))
    assert again == pos and again.fen() == pos.fen()
    assert again.pop().uci() == "h8g8"
    assert again.castling_rights == bits("a1", "h1", "a8", "h8")
    assert again.perft(2) == Position.from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").perft(2)
