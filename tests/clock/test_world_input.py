"""Time controls from real files (issue 18): PGN syntax with something extra is refused, never
read again as shorthand with minutes; a repeated modifier is refused; a control that gives no
time is refused; huge numbers are refused by index, never by Python's digit limit."""

from __future__ import annotations

import pytest

from chesslaws import TimeControl, TimeControlError
from chesslaws.clock import parse_clock_comment


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("5400:", "no period follows"),
        ("300+2,", "no period follows"),
        ("300+2:", "no period follows"),
        ("40/5400+30:1800+30:", "no period follows"),
        ("300+ 2", "inside a PGN time control"),
        ("300\n+2", "inside a PGN time control"),
        ("5 + 3", r"write '5\+3'"),
    ],
)
def test_pgn_syntax_with_something_extra_is_refused(text: str, words: str) -> None:
    with pytest.raises(TimeControlError, match=words):
        TimeControl.parse(text)


@pytest.mark.parametrize(
    "text", ["300+2+3", "300d5b3", "G/90 inc30 inc5", "90+30s+5s", "G/90 d5 d3"]
)
def test_a_repeated_modifier_is_refused(text: str) -> None:
    with pytest.raises(TimeControlError):
        TimeControl.parse(text)


@pytest.mark.parametrize("text", ["0", "G/0", "40/0:0", "40/5400:0", "0 min"])
def test_a_control_with_no_time_is_refused(text: str) -> None:
    with pytest.raises(TimeControlError, match="no time at all"):
        TimeControl.parse(text)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("0+1", "0+1"), ("5m + 3s", "300+3"), ("90 + 30s", "5400+30"), ("3|2", "180+2")],
)
def test_what_is_meant_is_still_read(text: str, canonical: str) -> None:
    assert str(TimeControl.parse(text)) == canonical


def test_five_plus_three_is_never_three_hundred_plus_three() -> None:
    assert str(TimeControl.parse("5+3")) == "5+3"
    with pytest.raises(TimeControlError):
        TimeControl.parse("5 + 3")


@pytest.mark.parametrize(
    "text", ["9" * 5000, "9" * 5000 + "+2", "40/" + "9" * 5000, "1." + "5" * 5000]
)
def test_numbers_of_thousands_of_digits_are_refused_by_index(text: str) -> None:
    with pytest.raises(TimeControlError) as info:
        TimeControl.parse(text)
    assert "set_int_max_str_digits" not in str(info.value)
    assert "digits" in str(info.value)


def test_a_clock_comment_of_thousands_of_digits_is_unreadable_not_fatal() -> None:
    comment = "[%clk " + "9" * 5000 + ":00:00]"
    assert parse_clock_comment(comment, strict=False) == (None, None)
    with pytest.raises(TimeControlError):
        parse_clock_comment(comment)
