"""The players' arrival and the default time (Article 6.7; scenario A67)."""

from __future__ import annotations

from tests.arbiter._log import run


def _start(default: int) -> str:
    rules = f'"rules": {{"arrivals": true, "default_time": {default}}}'
    return f'start {{"time_control": "5400+30", {rules}}}'


def test_a67_both_absent_white_arrives_within_the_default_time() -> None:
    # A67 [6.7.2]: default 30 min, both absent; White arrives at 10:00: his clock shows ten
    # minutes used; Black's clock starts when White completes his first move.
    game, rulings = run(f"""
        {_start(1800)}
        600 white arrive
        610 white move e2e4
        612 white press
        900 black arrive
        1000 black move e7e5
        1001 black press
    """)
    assert rulings == []
    assert game.remaining(0) == 5400_000 - 612_000 + 30_000
    assert game.remaining(1) == 5400_000 - (1001_000 - 612_000) + 30_000


def test_6_7_1_a_player_arriving_after_the_default_time_loses() -> None:
    _, rulings = run(f"""
        {_start(1800)}
        10 white arrive
        20 white move e2e4
        21 white press
        1801 black arrive
    """)
    assert rulings == [
        {
            "event": 4,
            "at": 1801.0,
            "ruling": "game_over",
            "result": "1-0",
            "reason": "default",
            "article": "6.7.1",
            "note": "black was not at the board at the default time (1800 s); unless the "
            "arbiter decides otherwise (6.7.1)",
        }
    ]


def test_6_7_1_default_time_zero_any_lateness_loses() -> None:
    # 6.7.1: the default time is 0 unless the regulations say otherwise.
    game, rulings = run("""
        start {"time_control": "5400+30", "rules": {"arrivals": true}}
        0 white arrive
        0.5 black arrive
    """)
    assert (game.result, game.reason, rulings[0]["article"]) == ("1-0", "default", "6.7.1")


def test_6_7_1_absence_ruled_when_the_arbiter_looks_and_both_absent_lose() -> None:
    _, rulings = run(f"""
        {_start(900)}
        899 tick
        901 tick
    """)
    assert rulings == [
        {
            "event": 2,
            "at": 901.0,
            "ruling": "game_over",
            "result": "0-0",
            "reason": "default",
            "article": "6.7.1",
            "note": "neither player was at the board at the default time (900 s): both lose; "
            "unless the arbiter decides otherwise (6.7.1)",
        }
    ]


def test_a_player_not_at_the_board_does_nothing_but_arrive() -> None:
    game, rulings = run(f"""
        {_start(900)}
        5 white move e2e4
        6 black offer
        7 white arrive
        8 white arrive
    """)
    assert [r["ruling"] for r in rulings] == ["rejected", "rejected", "rejected"]
    assert "has not arrived" in rulings[0]["reason"]
    assert "already at the board" in rulings[2]["reason"]
    assert game.moves == ()


def test_arrive_without_the_rule_is_a_note_of_presence_and_rules_nothing() -> None:
    """Without ``arrivals`` an arrival (as a live server logs its seats) rules nothing and
    keeps nobody from playing; with or without it, a game without arrivals is unchanged."""
    game, rulings = run("""
        start {"time_control": "5400+30"}
        1 white arrive
        2 white move e2e4
        3 white arrive
    """)
    assert rulings == []
    assert game.moves == ("e4",)
