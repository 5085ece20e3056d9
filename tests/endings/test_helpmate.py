"""The mate-finding side of can_checkmate (Articles 5.2.2, 6.9): the directed helpmate search,
its progress classes, the phases sharing the budget, and the exhaustive search in slices.

Every helpmate found is replayed with python-chess (and the core) and must end in checkmate by
the right colour.
"""

from __future__ import annotations

import pytest

from chesslaws.endings import Winnability, can_checkmate
from chesslaws.endings._helpmate import NORMAL, PUNISH, REWARD, HelpmateSearch, progress_classes
from chesslaws.endings._unwinnability import _OutOfBudget, _Search
from tests.endings._helpers import assert_helpmate, composed, moves_of_codes

WHITE, BLACK = 0, 1


def _classes(fen: str, winner: int) -> dict[str, int]:
    position = composed(fen)
    codes = position.legal_codes()
    classes = progress_classes(position, winner, codes)
    return {position.move_of(code).uci(): cls for code, cls in zip(codes, classes, strict=True)}


def test_progress_of_the_winner() -> None:
    classes = _classes("4k3/1P6/8/4P3/8/8/P7/4K3 w - - 0 1", WHITE)
    assert classes["b7b8q"] == REWARD  # a queen
    assert classes["b7b8n"] == PUNISH  # an under-promotion
    assert classes["e5e6"] == REWARD  # a pawn beyond the fourth rank
    assert classes["a2a3"] == NORMAL
    # No bishops: the mate is aimed at the light corner a8, the king at a6.
    assert classes["e1d2"] == REWARD
    assert classes["e1f1"] == NORMAL


def test_progress_of_the_loser() -> None:
    classes = _classes("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", WHITE)
    assert classes["e8d8"] == REWARD  # towards the light corner a8
    assert classes["e8f8"] == NORMAL
    classes = _classes("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1", WHITE)
    assert classes["e8e7"] == PUNISH  # taking the winner's rook undoes progress


def test_directed_search_finds_a_long_helpmate_and_restores_the_position() -> None:
    # The white king must take a black pawn before a white pawn can run and mate on the
    # eighth rank (about twenty plies): beyond the quick search.
    fen = "1k6/1P3p1p/BP1p4/1P6/3P4/8/5PKP/8 w - - 0 1"
    position = composed(fen)
    finder = HelpmateSearch(position, WHITE, 3_000, _Search(position, WHITE, 0).mates_now)
    path = finder.find(400)
    assert path is not None
    assert len(path) > 10
    assert finder.nodes <= 3_000
    assert position.fen() == fen
    assert_helpmate(fen, WHITE, moves_of_codes(fen, path))


def test_directed_search_gives_up_within_its_limit() -> None:
    fen = "8/8/4k3/8/8/4KB2/8/8 b - - 0 1"  # a lone bishop never mates
    position = composed(fen)
    finder = HelpmateSearch(position, WHITE, 500, _Search(position, WHITE, 0).mates_now)
    assert finder.find(100) is None
    assert finder.nodes <= 500
    assert position.fen() == fen


def test_exhaustive_search_in_slices_visits_the_same_positions() -> None:
    fen = "2k5/6p1/6P1/6PK/6P1/6PR/7P/8 b - - 0 1"  # a few hundred positions, no mate
    whole = _Search(composed(fen), WHITE, 100_000)
    assert whole.exhaustive() is False
    position = composed(fen)
    sliced = _Search(position, WHITE, 0)
    slices = 0
    while True:
        sliced.budget += 37
        try:
            result = sliced.exhaustive()
            break
        except _OutOfBudget:
            sliced.unwind()
            assert position.fen() == fen
            slices += 1
    assert result is False
    assert slices > 3
    assert whole.dfs_state is not None and sliced.dfs_state is not None
    assert sliced.dfs_state[1] == whole.dfs_state[1]  # the same positions visited
    assert sliced.nodes == whole.nodes + slices  # each interrupted position is opened again


@pytest.mark.parametrize("budget", [1, 50, 300, 2_000])
def test_small_budgets_keep_the_verdicts_sound(budget: int) -> None:
    fen = "2k5/6p1/6P1/6PK/6P1/6PR/7P/8 b - - 0 1"
    analysis = can_checkmate(composed(fen), WHITE, budget=budget)
    assert analysis.verdict in (Winnability.UNWINNABLE, Winnability.UNDETERMINED)
    assert analysis.nodes <= budget + 3


@pytest.mark.parametrize(
    ("fen", "color"),
    [
        # CHA's test vector, winnable, undetermined at the default budget before the directed
        # search and the progress-first move order:
        # a pawn must run once the king has taken a blocking pawn (the exhaustive search),
        ("1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - - 0 1", WHITE),
        ("1k6/1P1p3p/BP3p2/1P5p/8/8/3P1PKP/8 b - - 0 1", WHITE),
        # a blocked structure of pawns and bishops (the exhaustive search),
        ("8/b1k3b1/5b2/p1p1p1p1/P1P1P1P1/2K2B2/5bB1/8 w - - 0 1", BLACK),
        # crowded bishops and pawn walls with bishops (the directed search),
        ("4B3/1k3B1B/7b/4bB2/1p1p1pBp/bPpP1P1P/2Pb2K1/N1b1b3 b - - 0 1", WHITE),
        ("4k3/8/3p1p2/3PbP2/3pBp2/3PbP2/4B3/4K3 w - - 0 1", BLACK),
        ("8/8/8/8/2b5/1kB5/1B6/BKB5 w - - 0 1", WHITE),
        # a pawn race where the kings are boxed in (the directed search),
        ("5k2/p1p1p3/8/8/8/6p1/P1P1P1Pp/7K w - - 0 1", BLACK),
        # and, before the best-first search: crowded bishops (the kings walk round the wall
        # of pawns and bishops to a corner),
        ("4K3/8/3pBp2/3PbP2/3pBp2/3PbP2/8/4k3 b - - 0 1", BLACK),
        ("4k3/4b3/3p1p2/3PbP2/3pBp2/3P1P2/4B3/4K3 b - - 0 1", WHITE),
        ("8/8/3p1p2/3PbP2/3pBp1b/3P1P1B/8/5K1k w - - 0 1", WHITE),
        # knights on the eighth rank behind a pawn chain,
        ("N1b1N1N1/1pPpPpPp/1P1P1P1P/8/8/8/8/kb2B1K1 w - - 0 1", BLACK),
        # the black king takes the white pawn in front of a black pawn, which promotes and
        # mates the white king stuck on h1 before White runs out of pawn moves.
        ("8/p1p1p3/8/4k3/8/6p1/P1P1P1Pp/7K w - - 0 1", BLACK),
    ],
)
def test_hard_helpmates_of_the_test_vector(fen: str, color: int) -> None:
    analysis = can_checkmate(composed(fen), color)
    assert analysis.verdict is Winnability.WINNABLE
    assert analysis.nodes <= 20_000
    assert_helpmate(fen, color, analysis.helpmate)
