"""Round-robin by the Berger tables (FIDE C.05 Annex 1): rounds copied by hand from the
published tables, and the tables' properties for every size from 3 to 24 players."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from chesslaws.tournament import TournamentError
from chesslaws.tournament.berger import berger_round, berger_rounds, cycle_length

#: Rounds written out from the published tables ("white-black", board 1 first).
PUBLISHED = {
    (4, 1): "1-4 2-3",
    (4, 2): "4-3 1-2",
    (4, 3): "2-4 3-1",
    (6, 3): "2-6 3-1 4-5",
    (6, 5): "3-6 4-2 5-1",
    (8, 2): "8-5 6-4 7-3 1-2",
    (8, 7): "4-8 5-3 6-2 7-1",
    (10, 4): "10-7 8-6 9-5 1-4 2-3",
    (12, 10): "12-11 1-10 2-9 3-8 4-7 5-6",
    (12, 11): "6-12 7-5 8-4 9-3 10-2 11-1",
    (14, 2): "14-8 9-7 10-6 11-5 12-4 13-3 1-2",
}


@pytest.mark.parametrize(("players", "round_"), sorted(PUBLISHED))
def test_rounds_as_published(players: int, round_: int) -> None:
    games = tuple(tuple(map(int, g.split("-"))) for g in PUBLISHED[players, round_].split())
    assert berger_round(players, round_) == games


def test_an_odd_number_plays_the_next_table_with_the_highest_as_bye() -> None:
    for players in range(3, 24, 2):
        for round_ in range(1, players + 1):
            even = berger_round(players + 1, round_)
            games = tuple(g for g in even if players + 1 not in g)
            (bye,) = (w if b == players + 1 else b for w, b in even if players + 1 in (w, b))
            assert berger_round(players, round_) == (*games, (bye, 0))


def _colours(rounds: tuple[tuple[tuple[int, int], ...], ...], player: int) -> str:
    out = ""
    for games in rounds:
        for white, black in games:
            if player == white and black:
                out += "w"
            elif player == black:
                out += "b"
    return out


@pytest.mark.parametrize("players", range(3, 25))
def test_every_pair_meets_once_and_colours_balance(players: int) -> None:
    rounds = berger_rounds(players)
    assert len(rounds) == cycle_length(players) == players - 1 + players % 2
    for games in rounds:
        seated = [p for game in games for p in game if p]
        assert sorted(seated) == list(range(1, players + 1))
    met = Counter(frozenset(g) for games in rounds for g in games if 0 not in g)
    assert len(met) == players * (players - 1) // 2 and set(met.values()) == {1}
    for player in range(1, players + 1):
        colours = _colours(rounds, player)
        run = max(len(list(same)) for _, same in itertools.groupby(colours))
        if players % 2:  # the bye absorbs the imbalance: colours alternate strictly
            assert colours.count("w") == colours.count("b") and run == 1
        else:
            assert abs(colours.count("w") - colours.count("b")) == 1 and run <= 2


@pytest.mark.parametrize("players", range(3, 25))
def test_double_round_robin(players: int) -> None:
    cycle = cycle_length(players)
    rounds = berger_rounds(players, double=True)
    assert len(rounds) == 2 * cycle
    first = rounds[:cycle]
    assert sorted(first) == sorted(berger_rounds(players))  # the same rounds, reordered
    if cycle > 2:
        assert first[-2:] == (berger_round(players, cycle), berger_round(players, cycle - 1))
    for r in range(1, cycle + 1):  # the second cycle: the table again, colours reversed
        reversed_ = tuple((b, w) if b else (w, b) for w, b in berger_round(players, r))
        assert rounds[cycle + r - 1] == reversed_
    for player in range(1, players + 1):
        colours = _colours(rounds, player)
        assert "www" not in colours and "bbb" not in colours


def test_bad_sizes_and_rounds() -> None:
    for players in (2, 25):
        with pytest.raises(TournamentError, match="3 to 24 players"):
            berger_round(players, 1)
    with pytest.raises(TournamentError, match=r"out of 1\.\.7"):
        berger_round(8, 8)
    assert berger_round(8, 14, double=True)
