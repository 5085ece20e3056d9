"""Recording the moves (Article 8): the duty to record lapses under five minutes (8.4; A77)."""

from __future__ import annotations

from tests.arbiter._log import run


def test_a77_under_five_minutes_with_a_10_s_increment_no_duty_to_record() -> None:
    # A77 [8.4]: 4:59 left and a 10 s increment: scoring may stop for the rest of the period.
    # Ruled once, at the press of the move during which the time went under five minutes;
    # not again at the next move though the increment lifted the clock over five minutes.
    _, rulings = run("""
        start {"time_control": "5400+10"}
        5101 white move e2e4
        5101 white press
        5102 black move e7e5
        5103 black press
        5104 white move g1f3
        5104.5 white press
    """)
    assert rulings == [
        {
            "event": 2,
            "at": 5101.0,
            "ruling": "scoresheet",
            "by": "white",
            "status": "exempt",
            "article": "8.4",
            "note": "less than five minutes left and no increment of 30 s or more: no duty to "
            "record the moves for the rest of the period",
        }
    ]


def test_a77_with_a_30_s_increment_scoring_remains_compulsory() -> None:
    _, rulings = run("""
        start {"time_control": "5400+30"}
        5101 white move e2e4
        5101 white press
    """)
    assert rulings == []


def test_8_4_a_new_period_brings_the_duty_back_and_a_later_drop_rules_again() -> None:
    # 2/600:5400, no increment: White's first move leaves 4:50 (exempt); his second completes
    # the period (the duty is back: 8.4 "for the remainder of the period"; no ruling for the
    # press that reaches the control); a drop under five minutes in the new period is ruled
    # again.
    _, rulings = run("""
        start {"time_control": "2/600:5400"}
        310 white move e2e4
        310 white press
        311 black move e7e5
        312 black press
        313 white move g1f3
        313 white press
        314 black move b8c6
        315 black press
        5715 white move f1b5
        5715 white press
    """)
    assert [(r["event"], r["by"], r["article"]) for r in rulings] == [
        (2, "white", "8.4"),
        (10, "white", "8.4"),
    ]


def test_8_4_not_in_rapid_or_blitz() -> None:
    # A.2, B.3: rapid and blitz players need not record at all: nothing to rule.
    _, rulings = run("""
        start {"time_control": "900+10"}
        700 white move e2e4
        700 white press
    """)
    assert rulings == []


# -- the players' own scoresheets (8.1) --------------------------------------------------------

SHEETS = 'start {"time_control": "5400+30", "rules": {"scoresheets": true}}'


def test_8_1_entries_compared_with_the_moves_standing() -> None:
    # 8.1.1: each player records both players' moves; an entry that names another move is
    # noted (the moves standing are the arbiter's record). 0-0 and O-O are the same castling.
    game, rulings = run(f"""
        {SHEETS}
        1 white move e2e4
        1.5 white record e4
        2 white press
        3 black move e7e5
        3.5 black record e4
        3.6 black record e6
        4 black press
    """)
    assert rulings == [
        {
            "event": 6,
            "at": 3.6,
            "ruling": "scoresheet",
            "by": "black",
            "status": "differs",
            "move": "e6",
            "article": "8.1.1",
            "note": "entry 2 reads 'e6'; the move standing is e5",
        }
    ]
    assert game.state().players.recorded == (1, 2)


def test_8_1_2_a_move_written_in_advance_is_not_counted() -> None:
    _, rulings = run(f"""
        {SHEETS}
        1 white record e4
        2 white move e2e4
        2.5 white record e4
    """)
    assert rulings == [
        {
            "event": 1,
            "at": 1.0,
            "ruling": "scoresheet",
            "by": "white",
            "status": "in_advance",
            "move": "e4",
            "article": "8.1.2",
            "note": "'e4' written before the move is made: not counted, struck out (8.1.2)",
        }
    ]


def test_8_1_3_record_the_previous_move_before_making_another() -> None:
    # 8.1.3: Black may reply before writing White's move, but White must write his own e4
    # before he makes his next move.
    game, rulings = run(f"""
        {SHEETS}
        1 white move e2e4
        2 white press
        3 black move e7e5
        4 black press
        5 white move g1f3
        6 white press
    """)
    assert rulings == [
        {
            "event": 5,
            "at": 5.0,
            "ruling": "scoresheet",
            "by": "white",
            "status": "not_recorded",
            "article": "8.1.3",
            "note": "his move e4 is not on his scoresheet: the arbiter may act under 12.9",
        }
    ]
    assert game.moves == ("e4", "e5", "Nf3")


def test_8_1_3_not_under_8_4_nor_in_rapid_nor_without_the_rule() -> None:
    logs = [
        """start {"time_control": "5400+10", "rules": {"scoresheets": true}}
        5101 white move e2e4
        5101 white press
        5102 black move e7e5
        5103 black press
        5104 white move g1f3""",
        """start {"time_control": "1500+10", "rules": {"scoresheets": true}}
        1 white move e2e4
        2 white press
        3 black move e7e5
        4 black press
        5 white move g1f3""",
        """start {"time_control": "5400+30"}
        1 white move e2e4
        2 white press
        3 black move e7e5
        4 black press
        5 white move g1f3""",
    ]
    for log in logs:
        _, rulings = run(log)
        assert [r for r in rulings if r["article"] == "8.1.3"] == []


def test_8_5_3_reconstruction_notes_the_position_clocks_and_moves_and_pauses() -> None:
    # 8.5: after a flag while the players were not recording, the clocks are paused and the
    # game reconstructed; 8.5.3 notes first the position, the clock times, whose clock was
    # running and the moves made.
    game, rulings = run("""
        start {"time_control": "5400+10"}
        1 white move e2e4
        2 white press
        3 black move e7e5
        4 black press
        10 arbiter reconstruct
        20 arbiter resume
    """)
    assert rulings[0] == {
        "event": 5,
        "at": 10.0,
        "ruling": "scoresheet",
        "status": "reconstruction",
        "article": "8.5.3",
        "note": "position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2; moves "
        "made: White 1, Black 1; clocks: white 5402 s, black 5408 s; running: white; move "
        "counters 1, 1",
    }
    assert game.remaining(0) == 5402_000  # paused from 10 s to 20 s


def test_a_4_3_a_sixth_request_to_see_the_scoresheet_is_a_distraction() -> None:
    # A.4.3: on his own move, at most five times; more requests distract the opponent (11.5).
    requests = "\n".join(f"{t} white request_scoresheet" for t in range(1, 7))
    game, rulings = run(f"""
        start {{"time_control": "1500+10"}}
        {requests}
        7 black request_scoresheet
    """)
    assert rulings[0] == {
        "event": 6,
        "at": 6.0,
        "ruling": "penalty",
        "by": "white",
        "article": "A.4.3",
        "penalty": {"warning": {"player": "white"}},
        "note": "more than five requests to see the scoresheet: a distraction of the "
        "opponent (11.5)",
    }
    assert "own move" in rulings[1]["reason"]
    assert game.state().players.requests == (6, 0)
    _, rulings = run("""
        start {"time_control": "1500+10", "rules": {"supervision": "partial"}}
        1 white request_scoresheet
    """)
    assert rulings[0]["ruling"] == "rejected"


def test_6_2_3_pressing_with_the_other_hand_is_no_illegal_move_but_warned() -> None:
    game, rulings = run("""
        start {"time_control": "5400+30"}
        1 white move e2e4
        {"type": "press", "at": 2, "by": "white", "hand": "other"}
    """)
    assert rulings == [
        {
            "event": 2,
            "at": 2.0,
            "ruling": "penalty",
            "by": "white",
            "article": "6.2.3",
            "penalty": {"warning": {"player": "white"}},
            "note": "the clock pressed with the other hand than the one that moved (6.2.3; 12.9)",
        }
    ]
    assert game.illegal_moves == (0, 0)
    assert game.moves == ("e4",)
