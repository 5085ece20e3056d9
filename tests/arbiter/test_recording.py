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
