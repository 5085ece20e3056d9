"""Irregularities in the set-up, the colours and the clock setting (7.2, 7.3, 6.10.2, A.5.1)."""

from __future__ import annotations

from tests.arbiter._log import moves, run

TEN_EACH = "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6 O-O O-O h3 h6 Re1 Re8 Nbd2 Be6 Bb3 Bb6"


def test_7_2_1_an_incorrect_initial_position_cancels_the_game() -> None:
    game, rulings = run(f"""
        start {{"time_control": "5400+30"}}
        {moves(TEN_EACH)}
        100 arbiter set_up_wrong
    """)
    assert rulings == [
        {
            "event": 41,
            "at": 100.0,
            "ruling": "game_over",
            "result": "*",
            "reason": "arbiter",
            "article": "7.2.1",
            "note": "the initial position was incorrect: the game is cancelled, a new game is "
            "played",
        }
    ]
    assert game.is_over


def test_7_2_2_a_wrongly_placed_board_play_continues() -> None:
    game, rulings = run(f"""
        start {{"time_control": "5400+30"}}
        {moves("e4 e5")}
        10 arbiter board_orientation
    """)
    assert (rulings[0]["ruling"], rulings[0]["article"]) == ("clock", "7.2.2")
    assert not game.is_over


def test_a_5_1_2_after_ten_moves_each_no_claim_about_the_set_up() -> None:
    # Rapid without full supervision: after ten moves each, no claim; before, cancelled.
    partial = 'start {"time_control": "1500+10", "rules": {"supervision": "partial"}}'
    game, rulings = run(f"""
        {partial}
        {moves(TEN_EACH)}
        100 arbiter set_up_wrong
    """)
    assert rulings[0]["ruling"] == "rejected"
    assert "A.5.1.2" in rulings[0]["reason"]
    assert not game.is_over
    game, _ = run(f"""
        {partial}
        {moves("e4 e5")}
        100 arbiter set_up_wrong
    """)
    assert game.result == "*"


def test_7_3_colours_reversed_discontinued_before_ten_moves_each_else_continues() -> None:
    game, rulings = run(f"""
        start {{"time_control": "5400+30"}}
        {moves(TEN_EACH[:-4])}
        100 arbiter colours_reversed
    """)
    assert (game.result, rulings[0]["article"]) == ("*", "7.3")
    game, rulings = run(f"""
        start {{"time_control": "5400+30"}}
        {moves(TEN_EACH)}
        100 arbiter colours_reversed
    """)
    assert rulings[0]["status"] == "resumed"
    assert rulings[0]["note"].startswith("ten moves or more by both players")
    assert not game.is_over


def test_6_10_2_the_arbiter_installs_the_correct_control() -> None:
    # The clock was set to 90 min without increment; the event's control is 90 min + 30 s.
    game, rulings = run(f"""
        start {{"time_control": "5400"}}
        {moves("e4 e5")}
        10 arbiter set_control time_control=5400+30
        11 white move g1f3
        12 white press
    """)
    assert rulings[0] == {
        "event": 5,
        "at": 10.0,
        "ruling": "clock",
        "status": "corrected",
        "article": "6.10.2",
        "note": "the clock set to 5400+30",
    }
    assert game.remaining(0) == 5400_000 - 1_500 - 9_500 + 30_000  # the increment from now


def test_a_5_1_1_after_ten_moves_each_the_setting_stays_unless_the_schedule_suffers() -> None:
    partial = 'start {"time_control": "1500", "rules": {"supervision": "partial"}}'
    _, rulings = run(f"""
        {partial}
        {moves(TEN_EACH)}
        100 arbiter set_control time_control=1500+10
        101 arbiter set_control time_control=1500+10 article=A.5.1.1
    """)
    assert rulings[0]["ruling"] == "rejected" and "A.5.1.1" in rulings[0]["reason"]
    assert (rulings[1]["status"], rulings[1]["article"]) == ("corrected", "A.5.1.1")
