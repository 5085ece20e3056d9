"""The clock and flags (Articles 6.2–6.11, A.5.3): time in, flags observed, results out."""

from __future__ import annotations

from tests.arbiter._log import moves, run


def test_a35_flag_when_the_opponent_cannot_checkmate_is_a_draw() -> None:
    # A35 [6.9]: White's flag falls; Black has a bare king: 1/2-1/2.
    game, rulings = run("""
        start {"time_control": "60", "fen": "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"}
        61 tick
    """)
    assert rulings == [
        {"event": 1, "at": 61.0, "ruling": "flag", "by": "white", "article": "6.8"},
        {
            "event": 1,
            "at": 61.0,
            "ruling": "game_over",
            "result": "1/2-1/2",
            "reason": "flag_cannot_checkmate",
            "article": "6.9",
        },
    ]
    assert game.result == "1/2-1/2"


def test_a37_flag_lost_when_opposite_bishops_can_still_mate() -> None:
    # A37 [6.9]: opposite-coloured bishops: White can mate (H3 pattern), so Black loses.
    _, rulings = run("""
        start {"time_control": "60", "fen": "4k3/8/8/8/4b3/8/7K/2B5 b - - 0 1"}
        60 tick
    """)
    assert rulings[-1]["result"] == "1-0"
    assert rulings[-1]["reason"] == "flag"
    assert rulings[0]["by"] == "black"


def test_a39_stalemate_made_before_the_flag_stands() -> None:
    # A39 [5.2.1, 6.2.1.1, 6.9]: 1.Qf7 stalemate at 59.9 s; the display reaches 0:00 later.
    game, rulings = run("""
        start {"time_control": "60", "fen": "7k/8/6K1/8/8/8/5Q2/8 w - - 0 1"}
        59.9 white move f2f7
        61 tick
        62 black claim flag
    """)
    assert rulings[0] == {
        "event": 1,
        "at": 59.9,
        "ruling": "game_over",
        "result": "1/2-1/2",
        "reason": "stalemate",
        "article": "5.2.1",
    }
    assert [r["ruling"] for r in rulings[1:]] == ["rejected", "rejected"]
    assert game.result == "1/2-1/2"


def test_a41_flag_observed_before_the_move() -> None:
    # A41 [6.9]: the flag is seen before White moves; Black's pawn can still promote and mate.
    _, rulings = run("""
        start {"time_control": "60", "fen": "7k/8/6K1/8/8/8/p4Q2/8 w - - 0 1"}
        60.5 tick
        61 white move f2f7
    """)
    assert rulings[1]["result"] == "0-1"
    assert rulings[1]["reason"] == "flag"
    assert rulings[2]["ruling"] == "rejected"


def test_flag_counts_only_when_seen_a_mate_before_that_stands() -> None:
    # 6.8 + Manual: Black's time ran out at 62 s, unnoticed; his mate at 70 s stands (5.1.1).
    _, rulings = run(f"""
        start {{"time_control": "60"}}
        {moves("f3 e5 g4", at=1)}
        70 black move d8h4
        71 tick
    """)
    assert rulings[0] == {
        "event": 7,
        "at": 70.0,
        "ruling": "game_over",
        "result": "0-1",
        "reason": "checkmate",
        "article": "5.1.1",
    }
    assert rulings[1]["ruling"] == "rejected"


def test_a43_move_made_but_not_completed_at_the_end_of_a_period() -> None:
    # A43 [6.3.1, 6.9]: two moves in 60 s; White has made his second move but not pressed
    # when his time runs out: a flag fall in period 1, 0-1.
    _, rulings = run("""
        start {"time_control": "2/60:60"}
        10 white move e2e4
        10.5 white press
        12 black move e7e5
        12.5 black press
        70 white move g1f3
        71 tick
    """)
    assert rulings[0] == {"event": 6, "at": 71.0, "ruling": "flag", "by": "white", "article": "6.8"}
    assert rulings[1]["result"] == "0-1"


def test_period_completed_in_time_adds_the_next_periods_time() -> None:
    # 6.3.1 worked example: move 2 completed with 7 s left gives the next period's 60 s.
    game, rulings = run("""
        start {"time_control": "2/60:60"}
        10 white move e2e4
        10.5 white press
        12 black move e7e5
        12.5 black press
        55 white move g1f3
        55 white press
        75 tick
    """)
    assert rulings == []
    assert game.remaining(0) == 7_000 + 60_000


def test_a47_both_flags_down_the_first_one_counts() -> None:
    # A47 [6.10.1 + Manual]: both displays at 0:00; White's flag fell first: 0-1.
    _, rulings = run("""
        start {"time_control": "60"}
        65 white move e2e4
        65.5 white press
        130 tick
    """)
    assert rulings[0]["by"] == "white"
    assert rulings[1]["result"] == "0-1"


def test_a49_delay_mode() -> None:
    # A49 [6.3.2]: 5:00 + 5 s delay: pressing after 3 s keeps 5:00; after 8 s leaves 4:57.
    game, _ = run("""
        start {"time_control": "300d5"}
        3 white move e2e4
        3 white press
        11 black move e7e5
        11 black press
    """)
    assert game.remaining(0, 11_000) == 300_000
    assert game.remaining(1, 11_000) == 297_000


def test_flag_claimed_by_the_opponent() -> None:
    # 6.8: a player may claim the opponent's flag; the claim is checked against the clock.
    _, rulings = run("""
        start {"time_control": "60"}
        30 black claim flag
        61 black claim flag
    """)
    assert rulings[0] == {
        "event": 1,
        "at": 30.0,
        "ruling": "claim_refused",
        "by": "black",
        "article": "6.8",
        "note": "no flag has fallen",
    }
    assert rulings[1] == {
        "event": 2,
        "at": 61.0,
        "ruling": "flag",
        "by": "white",
        "article": "6.8",
        "note": "claimed",
    }
    assert rulings[2]["result"] == "0-1"


def test_a5_3_rapid_claim_draw_if_the_claimant_cannot_checkmate() -> None:
    # A.5.3: the claimant has a bare king: the flag gives a draw.
    rules = '"rules": {"supervision": "partial"}'
    _, rulings = run(f"""
        start {{"time_control": "900", "fen": "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", {rules}}}
        901 black claim flag
    """)
    assert rulings[-1] == {
        "event": 1,
        "at": 901.0,
        "ruling": "game_over",
        "result": "1/2-1/2",
        "reason": "flag_cannot_checkmate",
        "article": "A.5.3",
    }


def test_arbiter_observes_a_flag() -> None:
    _, rulings = run("""
        start {"time_control": "60"}
        59 arbiter observe_flag
        61 arbiter observe_flag
    """)
    assert [r["ruling"] for r in rulings] == ["flag", "game_over"]
    assert rulings[0]["at"] == 61.0


def test_pause_and_resume() -> None:
    # 6.11: the arbiter pauses the clock; no time runs; a press while paused is not taken.
    game, rulings = run("""
        start {"time_control": "60"}
        10 arbiter pause
        20 white move e2e4
        25 white press
        40 arbiter resume
        45 white press
        100 tick
    """)
    assert rulings[0] == {
        "event": 1,
        "at": 10.0,
        "ruling": "clock",
        "status": "paused",
        "article": "6.11.1",
    }
    assert rulings[1]["ruling"] == "rejected"
    assert rulings[1]["reason"] == "the clock is paused (6.11)"
    assert rulings[2] == {
        "event": 4,
        "at": 40.0,
        "ruling": "clock",
        "status": "resumed",
        "article": "6.11.3",
    }
    assert len(rulings) == 3  # Black's clock runs from 45 s: at 100 s he has 5 s left
    assert game.remaining(0, 100_000) == 60_000 - 10_000 - 5_000
    assert game.remaining(1, 100_000) == 5_000


def test_arbiter_time_corrections() -> None:
    # 6.10.2, 12.9: add time, set time and the move counter, each a ruling with its penalty.
    game, rulings = run("""
        start {"time_control": "5400+30"}
        5 arbiter add_time player=black seconds=60 article=12.5
        6 arbiter set_time player=white seconds=3000
        7 arbiter set_moves player=white moves=3
        8 arbiter add_time player=white seconds=-100
    """)
    assert rulings == [
        {
            "event": 1,
            "at": 5.0,
            "ruling": "penalty",
            "article": "12.5",
            "penalty": {"add_time": {"player": "black", "seconds": 60}},
        },
        {
            "event": 2,
            "at": 6.0,
            "ruling": "penalty",
            "article": "6.10.2",
            "penalty": {"set_time": {"player": "white", "seconds": 3000}},
        },
        {
            "event": 3,
            "at": 7.0,
            "ruling": "penalty",
            "article": "6.10.2",
            "penalty": {"set_moves": {"player": "white", "moves": 3}},
        },
        {
            "event": 4,
            "at": 8.0,
            "ruling": "penalty",
            "article": "12.9",
            "penalty": {"add_time": {"player": "white", "seconds": -100}},
        },
    ]
    assert game.remaining(1) == 5460_000
    assert game.remaining(0, 8_000) == 3000_000 - 2_000 - 100_000


def test_game_end_stops_the_clock() -> None:
    game, _ = run(f"""
        start {{"time_control": "300+2"}}
        {moves("e4", at=1)}
        10 black resign
    """)
    assert game.remaining(1, 10_000) == game.remaining(1, 500_000) == 300_000 - 8_500


def test_a73_quickplay_increment_granted() -> None:
    # A73 [III.4]: 60 min without increment, Guidelines III announced; White (to move, under two
    # minutes) asks for a 5 s increment; Black declines the offer it counts as; the arbiter grants
    # it: both get +5 s per move from now on, and Black gets two extra minutes.
    game, rulings = run("""
        start {"time_control": "3600"}
        3500 white offer
        3501 black decline
        3502 arbiter quickplay_increment player=white
        3510 white move e2e4
        3510 white press
    """)
    assert rulings[2] == {
        "event": 3,
        "at": 3502.0,
        "ruling": "penalty",
        "article": "III.4",
        "penalty": {"add_time": {"player": "black", "seconds": 120}},
        "note": "5 s increment for both players from now; the request counted as a draw "
        "offer, refused",
    }
    assert game.remaining(0) == 3600_000 - 3510_000 + 5_000
    assert game.remaining(1) == 3600_000 + 120_000


def test_iii_4_only_the_player_to_move_may_ask_and_the_offer_is_answered_first() -> None:
    # III.4: "A player to move": White, who has just pressed and does not have the move, cannot
    # ask. The request counts as a draw offer: while Black's offer stands, White answers it
    # first, and may accept the draw (5.2.3 needs a move each: played here).
    opening = """
        start {"time_control": "3600", "fen": "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"}
        1 black move e8d8
        3490 black press
        3491 white move e2e4
        3495 white press
    """
    _, rulings = run(opening + "3496 arbiter quickplay_increment player=white")
    assert rulings[0]["ruling"] == "scoresheet"  # Black went under five minutes (8.4)
    assert rulings[1]["ruling"] == "rejected"
    assert "does not have the move" in rulings[1]["reason"]
    game, rulings = run(opening + """
        3500 black offer
        3501 arbiter quickplay_increment player=black
        3502 white accept
    """)
    assert rulings[2]["ruling"] == "rejected"
    assert "accepts or refuses it first (III.4)" in rulings[2]["reason"]
    assert (game.result, game.reason) == ("1/2-1/2", "agreement")


def test_iii_2_1_guidelines_iii_only_if_announced() -> None:
    # III.2.1: "These guidelines shall only be used ... if their use has been announced
    # beforehand." The event says they were not: the request cannot be granted.
    _, rulings = run("""
        start {"time_control": "3600", "rules": {"guidelines_iii": false}}
        3500 arbiter quickplay_increment player=white
    """)
    assert rulings[0]["ruling"] == "rejected"
    assert "III.2.1" in rulings[0]["reason"]
    _, rulings = run("""
        start {"time_control": "3600", "rules": {"guidelines_iii": true}}
        3500 arbiter quickplay_increment player=white
    """)
    assert rulings[0]["article"] == "III.4"


def test_quickplay_increment_not_in_blitz_or_with_increment() -> None:
    # III.2.2: never for blitz, and only for games without increment.
    for control in ("180", "3600+30"):
        _, rulings = run(f"""
            start {{"time_control": "{control}"}}
            179 arbiter quickplay_increment player=white
        """)
        assert rulings[0]["ruling"] == "rejected"


def test_clock_notes_follow_the_fens_side_to_move_not_a_b_anywhere() -> None:
    # A Chess960 Shredder-FEN whose castling field is "b" (Black's rook on the b-file): White
    # has the move, and each player's [%clk] goes on his own move (8.1.4).
    fen = "1r2k3/8/8/8/8/8/8/4K3 w b - 0 1"
    game, rulings = run(f"""
        start {{"time_control": "300", "fen": "{fen}", "variant": "chess960"}}
        1 white move e1e2
        2 white press
        3 black move e8e7
        5 black press
    """)
    assert rulings == []
    assert [(ply.san, ply.clock) for ply in game.state().sheet] == [
        ("Ke2", 298_000),
        ("Ke7", 297_000),
    ]


# -- 6.4 with 6.2.1.2: moves completed without a press count toward the control ----------------


def test_a_move_completed_by_the_next_move_counts_toward_the_control() -> None:
    # 2/10:60 (two moves in 10 s, then 60 s). White plays e4 without pressing; Black replies;
    # White's Nf3 completes e4 (6.2.1.2) and his press at 4 s completes Nf3: two moves
    # completed in time (6.3.1), so the next period's minute is his. The flag check of 6.4
    # counts both; before, the clock counted one press and ruled the flag at 13 s 0-1.
    game, rulings = run("""
        start {"time_control": "2/10:60"}
        0.5 white move e2e4
        1 black move e7e5
        4 white move g1f3
        4 white press
        5 black press
        13 tick
    """)
    assert rulings == []
    assert game.remaining(0) == 10_000 - 4_000 + 60_000 - 8_000
    assert game.state().clock.clock.moves_completed(0) == 2
    assert game.result is None


def test_the_control_move_completed_by_the_next_move_adds_the_period_time_then() -> None:
    # 1/10:60: e4 is the control move; White's Nf3 at 6 s completes it within the period
    # (6.2.1.2), so the minute is added at 6 s; no increment (there was no press).
    game, rulings = run("""
        start {"time_control": "1/10:60"}
        1 white move e2e4
        2 black move e7e5
        6 white move g1f3
        20 tick
    """)
    assert rulings == []
    assert game.remaining(0) == 10_000 + 60_000 - 20_000
    assert game.result is None


def test_a_move_made_after_the_flag_completes_the_control_too_late() -> None:
    # 1/10:60: White's flag fell at 10 s before his next move completed e4 at 12 s: the
    # control was not reached in time (6.3.1, 6.4); the flag is seen at the tick (6.8, 6.9).
    game, rulings = run("""
        start {"time_control": "1/10:60"}
        1 white move e2e4
        2 black move e7e5
        12 white move g1f3
        12.5 tick
    """)
    assert [(r["ruling"], r.get("by"), r["article"]) for r in rulings] == [
        ("flag", "white", "6.8"),
        ("game_over", None, "6.9"),
    ]
    assert game.result == "0-1"


def test_a_made_move_not_yet_completed_does_not_count() -> None:
    # The digest's worked example: White's second (control) move is made, Black replies, and
    # White's time runs out before he makes his next move: the move is not completed, the flag
    # counts (6.2.1, 6.9).
    game, rulings = run("""
        start {"time_control": "2/10:60"}
        1 white move e2e4
        1.5 white press
        2 black move e7e5
        2.5 black press
        4 white move g1f3
        5 black move b8c6
        12 tick
    """)
    assert [r["ruling"] for r in rulings] == ["flag", "game_over"]
    assert game.result == "0-1"
