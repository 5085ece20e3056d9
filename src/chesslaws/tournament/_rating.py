"""The FIDE rating table that performance rests on (FIDE Rating Regulations B.02, table 8.1.a).

``DP[p]`` is the rating difference ``dp`` for a fractional score of ``p`` percent; the table
gives ``p`` from 50 to 100, and below 50 the difference is the opposite of ``100 - p``'s.
"""

from __future__ import annotations

__all__ = ["DP", "round_half_up"]

_UPPER_HALF = (  # p = 50, 51, ..., 100
    *(0, 7, 14, 21, 29, 36, 43, 50, 57, 65),
    *(72, 80, 87, 95, 102, 110, 117, 125, 133, 141),
    *(149, 158, 166, 175, 184, 193, 202, 211, 220, 230),
    *(240, 251, 262, 273, 284, 296, 309, 322, 336, 351),
    *(366, 383, 401, 422, 444, 470, 501, 538, 589, 677),
    800,
)

DP: tuple[int, ...] = (*(-d for d in reversed(_UPPER_HALF[1:])), *_UPPER_HALF)


def round_half_up(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded to the nearest integer, halves up (positive values)."""
    return (2 * numerator + denominator) // (2 * denominator)
