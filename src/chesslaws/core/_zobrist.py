"""Zobrist keys: one random 62-bit number per (piece, square), castling right, en passant file
and side to move, XOR-ed together. The numbers come from a fixed-seed generator (SplitMix64), so
keys are the same in every process and run (Article 9.2.3 repetition candidates).

62 bits, not 64: in the compiled build (docs/compiled.md) an int of up to 62 bits is a machine
word and a larger one a boxed object; the pure build is as fast with either. Keys only propose
repetition candidates (Article 9.2.3 is then checked exactly), so the two bits are not missed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from chesslaws.core._bitboards import bit_length

if TYPE_CHECKING:
    from chesslaws.core._bitboards import Bitboard

__all__ = ["Z_CASTLING", "Z_EP_FILE", "Z_PIECE_SQUARE", "Z_TURN", "castling_key"]

_MASK = (1 << 64) - 1
_KEY_BITS = (1 << 62) - 1


def _splitmix64(seed: int, count: int) -> list[int]:
    out = []
    state = seed
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        out.append((z ^ (z >> 31)) & _KEY_BITS)
    return out


_numbers = _splitmix64(0x43484553534C4157, 16 * 64 + 64 + 8 + 1)  # seed spells "CHESSLAW"
#: ``Z_PIECE_SQUARE[piece_code * 64 + square]`` (piece code ``type | color << 3``).
Z_PIECE_SQUARE: Final[tuple[int, ...]] = tuple(_numbers[: 16 * 64])
#: ``Z_CASTLING[square]``: the right to castle with the rook on ``square``.
Z_CASTLING: Final[tuple[int, ...]] = tuple(_numbers[16 * 64 : 16 * 64 + 64])
Z_EP_FILE: Final[tuple[int, ...]] = tuple(_numbers[16 * 64 + 64 : 16 * 64 + 72])
Z_TURN: Final[int] = _numbers[-1]
del _numbers


def castling_key(rights: Bitboard) -> int:
    """XOR of the keys of every castling right in ``rights`` (a bitboard of rook squares)."""
    key = 0
    while rights:
        bit = rights & -rights
        key ^= Z_CASTLING[bit_length(bit) - 1]
        rights ^= bit
    return key
