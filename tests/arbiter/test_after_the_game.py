"""The arbiter after the game and the electronic device (8.7, 11.3.2, 11.10, 12.9).

Before, nothing was taken once the game was over; a result that stood could not be changed.
"""

from __future__ import annotations

from chesslaws.arbiter import game_to_pgn
from tests.arbiter._log import run

RESIGNED = """
    start {"time_control": "5400+30"}
    1 white move e2e4
    2 white press
    3 black resign
"""


def test_8_7_the_arbiter_amends_a_result_after_the_game() -> None:
    # 8.7: "even if incorrect, the result shall stand unless the arbiter decides otherwise".
    game, rulings = run(RESIGNED + """
        100 arbiter amend_result result=1/2-1/2 reason=agreement
    """)
    assert rulings[-1] == {
        "event": 4,
        "at": 100.0,
        "ruling": "result_amended",
        "result": "1/2-1/2",
        "reason": "agreement",
        "article": "8.7",
        "note": "the arbiter decides otherwise (8.7); was 1-0 (resignation, 5.1.2)",
    }
    assert (game.result, game.reason) == ("1/2-1/2", "agreement")


def test_12_9_5_points_reduced_half_nought_is_a_lawful_score() -> None:
    # 10.2: a score normally given for the game; 12.9.5 reduces the offender's points.
    game, rulings = run(RESIGNED + """
        100 arbiter amend_result result=1/2-0 reason=arbiter article=12.9.5
    """)
    assert rulings[-1]["result"] == "1/2-0"
    assert rulings[-1]["article"] == "12.9.5"
    assert rulings[-1]["note"] == "was 1-0 (resignation, 5.1.2)"
    assert game.result == "1/2-0"
    # PGN has no marker for it: the movetext ends with *, and the last comment names the score.
    assert game_to_pgn(game.state()).rstrip().endswith(
        "1/2-0, the arbiter's score (10.2): arbiter (12.9.5)} *"
    )


def test_11_3_2_a_device_during_the_game_loses_it() -> None:
    _, rulings = run("""
        start {"time_control": "5400+30"}
        1 white move e2e4
        2 white press
        3 arbiter device player=black
    """)
    assert rulings == [
        {
            "event": 3,
            "at": 3.0,
            "ruling": "game_over",
            "by": "black",
            "result": "1-0",
            "reason": "arbiter",
            "article": "11.3.2.1",
            "note": "black had an electronic device in the playing venue: the opponent wins",
        }
    ]


def test_11_3_2_a_device_found_after_the_game_amends_the_result() -> None:
    game, rulings = run(RESIGNED + """
        50 white move d2d4
        60 arbiter device player=white
    """)
    assert rulings[-2]["ruling"] == "rejected"  # nothing else is taken after the end
    assert rulings[-1] == {
        "event": 5,
        "at": 60.0,
        "ruling": "result_amended",
        "by": "white",
        "result": "0-1",
        "reason": "arbiter",
        "article": "11.3.2.1",
        "note": "white had an electronic device in the playing venue: the opponent wins; was "
        "1-0 (resignation, 5.1.2)",
    }
    assert game.result == "0-1"


def test_amending_needs_an_ended_game_and_a_known_result() -> None:
    game, rulings = run("""
        start {"time_control": "5400+30"}
        1 arbiter amend_result result=1-0
        2 arbiter amend_result result=3/4-1/4
    """)
    assert [r["ruling"] for r in rulings] == ["rejected", "rejected"]
    assert "has not ended" in rulings[0]["reason"]
    assert "'result' must be one of" in rulings[1]["reason"]
    assert not game.is_over


def test_12_9_fines_exclusions_and_expulsions_are_recorded_during_or_after_the_game() -> None:
    # 12.9.7-12.9.9: recorded as penalties with their Articles; taken after the game too
    # (11.2: leaving the playing area is the arbiter's 12.9 decision, e.g. a warning).
    game, rulings = run("""
        start {"time_control": "5400+30"}
        1 arbiter warning player=white article=11.2.3
        2 arbiter fine player=white
        3 black resign
        4 arbiter exclusion player=black
        5 arbiter expulsion player=black article=12.9.9
    """)
    penalties = [(r["article"], r["penalty"]) for r in rulings if r["ruling"] == "penalty"]
    assert penalties == [
        ("11.2.3", {"warning": {"player": "white"}}),
        ("12.9.7", {"fine": {"player": "white"}}),
        ("12.9.8", {"exclusion": {"player": "black"}}),
        ("12.9.9", {"expulsion": {"player": "black"}}),
    ]
    assert game.result == "1-0"
    assert len(game.state().penalties) == 4


def test_8_7_a_wrong_result_both_players_sign_stands() -> None:
    # 8.7: "Even if incorrect, this result shall stand, unless the arbiter decides otherwise."
    # Black resigned; both players sign a draw: the draw stands; the arbiter may amend it.
    game, rulings = run(RESIGNED + """
        10 white sign 1/2-1/2
        11 black sign 1/2-1/2
        12 arbiter amend_result result=1-0 reason=resignation article=5.1.2
    """)
    assert rulings[-2] == {
        "event": 5,
        "at": 11.0,
        "ruling": "result_amended",
        "result": "1/2-1/2",
        "reason": "resignation",
        "article": "8.7",
        "note": "both players signed this result: it stands unless the arbiter decides "
        "otherwise; was 1-0 (resignation, 5.1.2)",
    }
    assert rulings[-1]["result"] == "1-0"
    assert game.result == "1-0"


def test_8_7_signatures_that_agree_with_the_ruling_or_with_each_other_not() -> None:
    game, rulings = run(RESIGNED + """
        10 white sign 1-0
        11 black sign 1-0
    """)
    assert [r["ruling"] for r in rulings] == ["game_over"]
    game, rulings = run(RESIGNED + """
        9 white move d2d4
        10 white sign 1-0
        11 black sign 0-1
        12 black sign 0-1
    """)
    assert rulings[-3]["ruling"] == "rejected"  # no move after the end
    assert rulings[-2] == {
        "event": 6,
        "at": 11.0,
        "ruling": "scoresheet",
        "status": "signed",
        "article": "8.7",
        "note": "the players signed different results (1-0, 0-1): the arbiter decides",
    }
    assert "already signed" in rulings[-1]["reason"]
    assert game.result == "1-0"
    _, rulings = run("""
        start {"time_control": "5400+30"}
        1 white sign 1-0
    """)
    assert "not over" in rulings[0]["reason"]
