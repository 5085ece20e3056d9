"""Guidelines III: flags in an unknown order (III.3.1) and the quickplay claim (III.5, III.6)."""

from __future__ import annotations

from tests.arbiter._log import run


def test_iii_3_1_2_both_flags_order_unknown_in_the_last_period_drawn() -> None:
    # Black's flag fell while White had pressed after his own flag: both down.
    _, rulings = run("""
        start {"time_control": "900", "fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}
        901 white move e2e4
        902 white press
        1900 arbiter flags_unordered
    """)
    assert rulings[-1] == {
        "event": 3,
        "at": 1900.0,
        "ruling": "game_over",
        "result": "1/2-1/2",
        "reason": "arbiter",
        "article": "III.3.1.2",
        "note": "both flags have fallen, which first cannot be established, in the last period",
    }


def test_iii_3_1_1_before_the_last_period_play_continues() -> None:
    game, rulings = run("""
        start {"time_control": "40/900:900", "fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}
        901 white move e2e4
        902 white press
        1900 arbiter flags_unordered
        1901 arbiter set_time player=black seconds=60
        1901 arbiter set_time player=white seconds=60
        1902 arbiter resume
        1903 tick
    """)
    assert (rulings[0]["status"], rulings[0]["article"]) == ("paused", "III.3.1.1")
    assert game.remaining(1) == 59_000
    assert not game.is_over


def test_iii_3_1_needs_both_flags_down() -> None:
    _, rulings = run("""
        start {"time_control": "900"}
        901 arbiter flags_unordered
    """)
    assert rulings[0]["ruling"] == "rejected" and "both flags" in rulings[0]["reason"]


def test_iii_5_the_claim_pauses_the_clocks_for_the_arbiter() -> None:
    game, rulings = run("""
        start {"time_control": "3600"}
        3500 white claim quickplay
        3510 arbiter add_time player=black seconds=120 article=III.5.3
        3511 arbiter resume
    """)
    assert rulings[0] == {
        "event": 1,
        "at": 3500.0,
        "ruling": "clock",
        "by": "white",
        "status": "paused",
        "article": "III.5",
        "note": "draw claimed: the arbiter agrees (declare, III.5.1), postpones (III.5.2) or "
        "rejects it (two minutes to the opponent, III.5.3)",
    }
    assert game.remaining(0) == 100_000
    assert game.remaining(1) == 3720_000


def test_iii_6_with_no_arbiter_present_the_claim_ends_the_game() -> None:
    game, rulings = run("""
        start {"time_control": "3600", "rules": {"arbiter_present": false}}
        3500 white claim quickplay
        4000 arbiter amend_result result=1/2-1/2 reason=arbiter article=III.6
    """)
    assert (rulings[0]["ruling"], rulings[0]["result"], rulings[0]["article"]) == (
        "game_over",
        "*",
        "III.6",
    )
    assert rulings[0]["by"] == "white"
    assert game.result == "1/2-1/2"


def test_iii_5_conditions() -> None:
    for log in (
        'start {"time_control": "3600"}\n100 white claim quickplay',  # two minutes or more
        'start {"time_control": "180"}\n100 white claim quickplay',  # blitz (III.2.2)
        'start {"time_control": "3600"}\n3500 black claim quickplay',  # not to move
        'start {"time_control": "3600"}\n3601 white claim quickplay',  # after the flag
    ):
        _, rulings = run(log)
        assert rulings[0]["ruling"] == "rejected", log
