"""Bitboards as machine words: one bit a square (a1 = bit 0, h8 = bit 63), in both builds.

The public value of a bitboard is a non-negative int below ``2**64`` (what :class:`Position`
and the tables of :mod:`chesslaws.core` hand out). Inside the core a bitboard is a
:data:`Bitboard`: typed ``i64`` for mypyc, so that the compiled build (docs/compiled.md) keeps
every bitboard in a machine word, h8 being the sign bit; an int of up to 64 bits would be a
heap object there whenever g8 or h8 is set. The pure build runs the same code on the
non-negative ints, as fast as ever. Both hold the same 64 bits; the core only uses the
operations on which the two agree:

- ``&``, ``|``, ``^`` of two bitboards, ``x & -x`` (the lowest square), ``x & (x - 1)``,
  ``a & ~b`` (never a bare ``~b``: use ``ALL ^ b``), truthiness and ``==``;
- ``x >> n`` only under a mask that drops what a signed shift drags in (``x >> n & 1``), and
  ``x << n`` only when no square falls off the board;
- :func:`popcount` and :func:`bit_length` instead of the int methods (a negative word has
  other answers), ``ONE << square`` for one square, :func:`word` and :func:`unsigned` at the
  edges (tables built from public values; values handed out).

Never ``<``, ``>`` or ``bit_length()`` on a bitboard with h8, nor a constant shifted in place
(``1 << square`` is an int, and mypy 2.4.1's mypyc emits ``1 << n`` for an i64 with a C
``int`` 1, wrong from bit 31 on: hence :data:`ONE`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from typing import TypeAlias

    from mypy_extensions import i64

    #: A bitboard inside the core: ``i64`` for mypyc (annotations only: no run-time import).
    Bitboard: TypeAlias = i64

__all__ = ["ALL", "ONE", "SIGNED_WORDS", "bit_length", "popcount", "unsigned", "word"]

_ALL_SQUARES = (1 << 64) - 1


def _words_wrap() -> bool:
    """Whether bitboards are signed 64-bit words here (compiled) or ints (pure)."""
    half: Bitboard = 0x4000_0000_0000_0000
    return half + half < 0


#: True in the compiled build: a bitboard with h8 is a negative ``i64`` there.
SIGNED_WORDS: Final = _words_wrap()


def word(value: int) -> Bitboard:
    """The bitboard of a public value (a non-negative int below ``2**64``)."""
    return value - (1 << 64) if SIGNED_WORDS and value >> 63 else value


def unsigned(bb: Bitboard) -> int:
    """The public value of a bitboard: a non-negative int below ``2**64``."""
    return int(bb) & _ALL_SQUARES


#: Every square, and a1 (``ONE << square`` is that square).
ALL: Final = word(_ALL_SQUARES)
ONE: Final = word(1)


def popcount(bb: Bitboard) -> int:
    """How many squares ``bb`` holds (compiled: a word's bits summed in place, no object)."""
    bb -= bb >> 1 & 0x5555_5555_5555_5555
    bb = (bb & 0x3333_3333_3333_3333) + (bb >> 2 & 0x3333_3333_3333_3333)
    bb = (bb + (bb >> 4)) & 0x0F0F_0F0F_0F0F_0F0F
    return int((bb * 0x0101_0101_0101_0101) >> 56 & 0xFF)


def bit_length(bb: Bitboard) -> int:
    """One more than the highest square of ``bb`` (0 when empty): ``bit_length(x & -x) - 1`` is
    its lowest square."""
    if bb < 0:
        return 64
    return int(bb).bit_length()


if not SIGNED_WORDS:
    # The pure build: the int methods themselves, as fast as ``bb.bit_count()`` (the compiled
    # build calls the functions above natively).
    popcount = int.bit_count  # type: ignore[assignment]
    bit_length = int.bit_length  # type: ignore[assignment]
    unsigned = int  # type: ignore[assignment]
