"""TimeControl: the canonical and PGN syntax, round trips, errors, categories (A.1, B.1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chesslaws import TimeControl, TimeControlError
from chesslaws.clock import Category, DelayMode, Period, TimeControlKind
from tests.clock.strategies import time_controls

MIN = 60_000
SEC = 1_000


@pytest.mark.parametrize(
    ("text", "periods"),
    [
        ("5400+30", (Period(None, 5400 * SEC, 30 * SEC),)),
        (
            "40/5400+30:1800+30",
            (Period(40, 90 * MIN, 30 * SEC), Period(None, 30 * MIN, 30 * SEC)),
        ),
        ("300d5", (Period(None, 5 * MIN, delay=5 * SEC),)),
        ("300b5", (Period(None, 5 * MIN, delay=5 * SEC, delay_mode=DelayMode.BRONSTEIN),)),
        ("40/9000:300", (Period(40, 9000 * SEC), Period(None, 300 * SEC))),
        ("300+2", (Period(None, 300 * SEC, 2 * SEC),)),
        ("10+0.05", (Period(None, 10 * SEC, 50),)),
        (
            "40/7200:20/3600:900+30",
            (Period(40, 2 * 60 * MIN), Period(20, 60 * MIN), Period(None, 15 * MIN, 30 * SEC)),
        ),
        ("1800+30@41", (Period(None, 30 * MIN, 30 * SEC, increment_from=41),)),
        ("40/7200", (Period(40, 2 * 60 * MIN),)),
        ("60+1d2", (Period(None, MIN, SEC, delay=2 * SEC),)),
        ("  300+2 ", (Period(None, 300 * SEC, 2 * SEC),)),
    ],
)
def test_parse_periods(text: str, periods: tuple[Period, ...]) -> None:
    tc = TimeControl.parse(text, shorthand=False)
    assert tc.kind is TimeControlKind.PERIODS
    assert tc.periods == periods
    assert TimeControl.parse(str(tc)) == tc


@pytest.mark.parametrize(
    ("text", "kind"),
    [("-", TimeControlKind.NONE), ("?", TimeControlKind.UNKNOWN)],
)
def test_no_clock_and_unknown(text: str, kind: TimeControlKind) -> None:
    tc = TimeControl.parse(text)
    assert tc.kind is kind
    assert tc.periods == ()
    assert not tc.has_clock
    assert tc.category() is None
    assert str(tc) == text


def test_sandclock() -> None:
    tc = TimeControl.parse("*60")
    assert tc.kind is TimeControlKind.SANDCLOCK
    assert tc.sandclock == 60 * SEC
    assert tc.has_clock
    assert str(tc) == "*60"
    assert tc == TimeControl.hourglass(60_000)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("300+0", "300"),
        ("0300+002", "300+2"),
        ("300.500+1.250", "300.5+1.25"),
        ("300+0@7", "300"),
        ("300b0", "300"),
        ("300D5", "300d5"),
    ],
)
def test_writing_is_canonical(text: str, canonical: str) -> None:
    assert TimeControl.parse(text).canonical() == canonical


@given(time_controls)
def test_round_trip(tc: TimeControl) -> None:
    text = tc.canonical()
    assert TimeControl.parse(text) == tc
    assert TimeControl.parse(text, shorthand=False) == tc
    assert str(TimeControl.parse(text)) == text


@given(st.text(alphabet="0123456789/+:.d b*-?@|;,GSDinc'\"hms\u0663\u00b2", max_size=20))
def test_reading_never_crashes(text: str) -> None:
    try:
        tc = TimeControl.parse(text)
    except TimeControlError as error:
        assert 0 <= error.index <= len(text)
        assert repr(text) in str(error)
        assert f"index {error.index}" in str(error)
    else:
        assert TimeControl.parse(tc.canonical()) == tc


@pytest.mark.parametrize(
    ("text", "index", "expected"),
    [
        ("", 0, "a time control"),
        ("40/", 3, "a number of seconds"),
        ("40/abc", 3, "a number of seconds"),
        ("300+", 4, "an increment"),
        ("300x", 3, "':' (next period)"),
        ("300:40/60", 0, "'MOVES/' before the time"),
        ("40/300:30:20", 7, "'MOVES/' before the time"),
        ("0/300", 0, "at least 1"),
        ("1.0001", 5, "whole milliseconds"),
        ("300+2@0", 6, "a move number of at least 1"),
        ("*0", 1, "more than 0 seconds"),
        ("-5", 1, "the end after '-'"),
        ("?x", 1, "the end after '?'"),
        ("300.", 4, "digits after the decimal point"),
        ("\u0663\u0660\u0660", 0, "a number of seconds"),  # Arabic-Indic digits are not ASCII
    ],
)
def test_errors_name_position_and_expectation(text: str, index: int, expected: str) -> None:
    with pytest.raises(TimeControlError) as caught:
        TimeControl.parse(text, shorthand=False)
    assert caught.value.index == index
    assert caught.value.text == text
    assert expected in str(caught.value)


def test_default_reader_reports_the_reader_that_read_further() -> None:
    # Canonical stops at ',' (index 5); the shorthand reads up to the bad unit at index 14.
    with pytest.raises(TimeControlError) as caught:
        TimeControl.parse("40/90, SD/30 +x")
    assert caught.value.index == 14


def test_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="index 3"):
        TimeControl.parse("40/x")


def test_invalid_values_are_refused() -> None:
    with pytest.raises(ValueError, match="rest of the game but is not the last"):
        TimeControl((Period(None, 60_000), Period(40, 60_000)))
    with pytest.raises(ValueError, match="at least one period"):
        TimeControl(())
    with pytest.raises(ValueError, match="at least 1"):
        Period(0, 60_000)
    with pytest.raises(ValueError, match="negative"):
        Period(None, -1)
    with pytest.raises(TypeError, match="integer milliseconds"):
        Period(None, 1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        TimeControl.parse(300)  # type: ignore[arg-type]


# --- categories (Appendix A.1, B.1) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "category"),
    [
        # The digest's examples (section 3.1): base + 60 x increment.
        ("600", Category.BLITZ),
        ("180+2", Category.BLITZ),
        ("300+3", Category.BLITZ),
        ("600+1", Category.RAPID),
        ("600+5", Category.RAPID),
        ("900+10", Category.RAPID),
        ("3540", Category.RAPID),
        ("2700+15", Category.STANDARD),
        ("1800+30", Category.STANDARD),
        ("3600", Category.STANDARD),
        ("3000+10", Category.STANDARD),
        ("40/5400+30:1800+30", Category.STANDARD),
        ("10+0.05", Category.BLITZ),
        # Exactly on the boundaries.
        ("540+1", Category.BLITZ),
        ("540+1.001", Category.RAPID),
        ("3599.999", Category.RAPID),
        # A delay counts like an increment.
        ("300d5", Category.BLITZ),
        ("420d5", Category.RAPID),
        # Several periods: the time for the first 60 moves.
        ("30/300:600", Category.RAPID),
        ("60/300:3600", Category.BLITZ),
        ("*600", Category.BLITZ),
        ("*601", Category.RAPID),
    ],
)
def test_category(text: str, category: Category) -> None:
    assert TimeControl.parse(text).category() is category


def test_time_for_moves_counts_increments_only_from_their_move() -> None:
    tc = TimeControl.parse("40/7200:20/3600:900+30")
    # Periods 1 and 2 start within 60 moves; period 3 (and its increment) starts at move 61.
    assert tc.time_for_moves(60) == (7200 + 3600) * SEC
    assert tc.time_for_moves(61) == (7200 + 3600 + 900 + 30) * SEC
    late = TimeControl.parse("3000+10@31")
    assert late.time_for_moves(60) == 3000 * SEC + 30 * 10 * SEC
    repeating = TimeControl.parse("40/7200:20/3600")
    assert repeating.time_for_moves(80) == (7200 + 3600 + 3600) * SEC


def test_period_index() -> None:
    tc = TimeControl.parse("40/7200:20/3600")
    assert [tc.period_index(m) for m in (1, 40, 41, 60, 61, 200)] == [0, 0, 1, 1, 1, 1]
    with pytest.raises(ValueError):
        tc.period_index(0)


def test_with_increment_for_guidelines_iii_4() -> None:
    tc = TimeControl.parse("40/5400:1800").with_increment(5 * SEC)
    assert str(tc) == "40/5400+5:1800+5"
    assert tc.has_increment
    assert not TimeControl.parse("40/5400:1800").has_increment


def test_to_json() -> None:
    data = TimeControl.parse("40/5400+30:1800+30").to_json()
    assert data["canonical"] == "40/5400+30:1800+30"
    assert data["category"] == "standard"
    assert data["periods"][0] == {
        "moves": 40,
        "time": 5400,
        "increment": 30,
        "increment_from": 1,
        "delay": 0,
        "delay_mode": "simple",
    }
    assert data["periods"][1]["moves"] is None
    assert TimeControl.parse("10+0.05").to_json()["periods"][0]["increment"] == 0.05
    assert TimeControl.parse("*60").to_json()["sandclock"] == 60
    assert TimeControl.parse("-").to_json()["category"] is None
