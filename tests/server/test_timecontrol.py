"""Time controls as people write them (issue 25, point 2): "5+3" is 5 minutes and 3 seconds a
move; the API, the log and ``--new-game`` keep the PGN seconds."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse

import pytest

from chesslaws import TimeControlError
from chesslaws.clock import read_spoken
from chesslaws.server.testing import ServerProcess, http_json


@pytest.mark.parametrize(
    ("text", "pgn", "words", "category"),
    [
        ("5+3", "300+3", "5 min for all moves + 3 s per move", "blitz"),
        ("90+30", "5400+30", "90 min for all moves + 30 s per move", "standard"),
        ("15+10", "900+10", "15 min for all moves + 10 s per move", "rapid"),
        ("3|2", "180+2", "3 min for all moves + 2 s per move", "blitz"),
        ("300+2", "300+2", "5 min for all moves + 2 s per move", "blitz"),
        ("5400+30", "5400+30", "90 min for all moves + 30 s per move", "standard"),
        (
            "40/90+30:30+30",
            "40/5400+30:1800+30",
            "90 min for 40 moves + 30 s per move, then 30 min for the rest of the game + 30 s "
            "per move",
            "standard",
        ),
        ("-", "-", "no clock", None),
    ],
)
def test_a_form_people_write_reads_one_way(
    text: str, pgn: str, words: str, category: str | None
) -> None:
    (reading,) = read_spoken(text)
    assert (reading.pgn, reading.words, reading.category) == (pgn, words, category)


@pytest.mark.parametrize(
    ("text", "pgns"), [("60+0", ["3600", "60"]), ("120+30", ["7200+30", "120+30"])]
)
def test_a_form_that_reads_two_ways_gives_both(text: str, pgns: list[str]) -> None:
    assert [r.pgn for r in read_spoken(text)] == pgns


def test_text_that_reads_neither_way_is_an_error() -> None:
    with pytest.raises(TimeControlError):
        read_spoken("ninety minutes")


def test_the_api_reads_a_time_control_for_the_home_page(server: ServerProcess) -> None:
    def ask(text: str) -> dict[str, object]:
        query = urllib.parse.urlencode({"text": text})
        answer: dict[str, object] = http_json("GET", f"{server.url}/api/timecontrol?{query}")
        return answer

    (reading,) = read_spoken("5+3")
    assert ask("5+3") == {
        "text": "5+3",
        "readings": [
            {"pgn": "300+3", "words": "5 min for all moves + 3 s per move", "category": "blitz",
             "i18n": {"words": reading.words.to_json()}}  # the words' code, for the pages
        ],
        "ambiguous": False,
    }
    assert ask("60+0")["ambiguous"] is True
    with pytest.raises(urllib.error.HTTPError) as refused:
        ask("ninety")
    answer = json.loads(refused.value.read())
    assert refused.value.code == 400 and "ninety" in answer["error"]
    # why, as words the home page shows in its reader's language (issue 31)
    assert answer["i18n"]["error"]["id"] == (
        "{label} {text}: expected {expected} at index {index}, found {found}"
    )
