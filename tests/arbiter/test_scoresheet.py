"""The scoresheet chain reads as the tuple of its plies, whatever was added, noted or taken back."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from chesslaws.arbiter._board import Ply
from chesslaws.arbiter._scoresheet import EMPTY_SHEET, Scoresheet


def _ply(n: int, clock: int | None = None) -> Ply:
    return Ply(f"m{n}", f"u{n}", None, clock)


def test_random_edits_read_as_the_same_edits_on_a_tuple() -> None:
    rng = random.Random(7)
    for _ in range(200):
        sheet: Scoresheet = EMPTY_SHEET
        plain: tuple[Ply, ...] = ()
        kept: list[tuple[Scoresheet, tuple[Ply, ...]]] = []
        for n in range(rng.randrange(60)):
            action = rng.random()
            if action < 0.6 or not plain:
                sheet, plain = sheet.add(_ply(n)), (*plain, _ply(n))
            elif action < 0.85:
                sheet, plain = sheet.with_last(_ply(n, n)), (*plain[:-1], _ply(n, n))
            else:
                sheet, plain = sheet.without_last(), plain[:-1]
            kept.append((sheet, plain))
        for earlier, its_plies in kept:  # every sheet made on the way is unchanged
            assert tuple(earlier) == its_plies and len(earlier) == len(its_plies)
            assert list(reversed(earlier)) == list(reversed(its_plies))
            assert earlier[:] == its_plies and earlier[1:-1] == its_plies[1:-1]
            for i in range(-len(its_plies), len(its_plies)):
                assert earlier[i] == its_plies[i]
            assert earlier == Scoresheet.of(its_plies)
            assert hash(earlier) == hash(Scoresheet.of(its_plies))
    assert isinstance(EMPTY_SHEET, Sequence)


def test_an_index_past_either_end_raises_and_an_empty_sheet_has_no_last_move() -> None:
    sheet = EMPTY_SHEET.add(_ply(0))
    for index in (1, -2):
        with pytest.raises(IndexError):
            sheet[index]
    with pytest.raises(AssertionError):
        EMPTY_SHEET.without_last()


def test_sheets_differ_by_a_clock_or_a_move_and_long_ones_compare_without_recursion() -> None:
    long = Scoresheet.of(_ply(n) for n in range(20_000))
    again = Scoresheet.of(_ply(n) for n in range(20_000))
    assert long == again and long is not again
    assert long.with_last(_ply(19_999, 5)) != again
    assert long.add(_ply(1)) != again.add(_ply(2)) and long != long.without_last()
    assert long.add(_ply(1)) == long.add(_ply(1))
