"""Pairing the next round: round-robins by Berger, the first round of a Dutch-system Swiss as
bbpPairings pairs it; later Swiss rounds refused with a clear error."""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal
from pathlib import Path

import pytest

from chesslaws.tournament import Acceleration, Event, Player, TournamentError, write_trf
from chesslaws.tournament.pairing import next_pairings, pairs_text
from tests.tournament import _oracles


def _swiss(ratings: list[int], colour: str = "W") -> Event:
    players = tuple(Player(n, f"P{n}", r) for n, r in enumerate(ratings, 1))
    return Event(system="FIDE_DUTCH_2025", total_rounds=5, initial_colour=colour, players=players)


def test_first_round_by_hand() -> None:
    event = _swiss([2400, 2300, 2200, 2100, 2000])
    # 5 has the bye; 1-3 (1 white), board 2: 2 (top) has black against 4
    assert next_pairings(event) == (1, ((1, 3), (4, 2), (5, 0)))
    assert next_pairings(dataclasses.replace(event, initial_colour="B"))[1][:2] == ((3, 1), (2, 4))
    asked = event.request_bye(1, 1, "H")  # 1 is left out: 2-4, 5-3
    assert next_pairings(asked)[1] == ((2, 4), (5, 3))
    assert pairs_text(next_pairings(event)[1]) == "3\n1 3\n4 2\n5 0\n"


def test_what_is_not_paired_yet() -> None:
    event = _swiss([2400, 2300, 2200, 2100])
    with pytest.raises(TournamentError, match="needs the initial colour"):
        next_pairings(dataclasses.replace(event, initial_colour=""))
    accelerated = (Acceleration(Decimal("1.0"), 1, 2, 1, 2),)
    with pytest.raises(TournamentError, match="Dutch pairing not implemented yet"):
        next_pairings(dataclasses.replace(event, accelerations=accelerated))


@pytest.mark.parametrize("seed", range(12))
def test_first_round_as_bbppairings(tmp_path: Path, seed: int) -> None:
    rnd = random.Random(seed)
    count = rnd.randint(1, 40)
    event = _swiss([rnd.randint(1000, 2800) for _ in range(count)], rnd.choice("WB"))
    for _ in range(rnd.randint(0, 3)):
        event = event.request_bye(rnd.randint(1, count), 1, rnd.choice("HFZ"))
    path = tmp_path / "r1.trf"
    path.write_text(write_trf(event.rescored()))
    done = _oracles.bbp(path, "-p")
    assert done.returncode == 0, done.stderr
    assert pairs_text(next_pairings(event)[1]) == done.stdout


def test_the_system_named() -> None:
    kinds = {
        text: Event(system=text).system_kind
        for text in ("FIDE_DUTCH_2025", "Torre Swiss", "Round robin", "Berger", "RR", "Open", "")
    }
    assert kinds == {
        "FIDE_DUTCH_2025": "swiss",
        "Torre Swiss": "swiss",
        "Round robin": "round-robin",
        "Berger": "round-robin",
        "RR": "round-robin",
        "Open": None,
        "": None,
    }
