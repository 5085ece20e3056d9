"""PGN clock comments: ``[%clk h:mm:ss(.f)]`` and ``[%emt h:mm:ss(.f)]``, and h:mm:ss text."""

from __future__ import annotations

import re

import chess.pgn
import pytest
from hypothesis import given
from hypothesis import strategies as st

from chesslaws import TimeControlError
from chesslaws.clock import format_clk, format_emt, format_hms, parse_clock_comment, parse_hms
from tests.conftest import shared_data


@pytest.mark.parametrize(
    ("ms", "text"),
    [
        (0, "0:00:00"),
        (5_400_000, "1:30:00"),
        (12_300, "0:00:12.3"),
        (12_345, "0:00:12.345"),
        (12_340, "0:00:12.34"),
        (59_999, "0:00:59.999"),
        (3_600_000 * 12 + 61_000, "12:01:01"),
        (-1_500, "-0:00:01.5"),
    ],
)
def test_format_hms(ms: int, text: str) -> None:
    assert format_hms(ms) == text
    if ms >= 0:
        assert parse_hms(text) == ms


def test_format_hms_places_truncates() -> None:
    assert format_hms(12_399, places=1) == "0:00:12.3"
    assert format_hms(12_399, places=0) == "0:00:12"
    assert format_hms(12_000, places=2) == "0:00:12.00"
    with pytest.raises(ValueError):
        format_hms(1, places=4)
    with pytest.raises(TypeError):
        format_hms(1.5)  # type: ignore[arg-type]


def test_format_clk_and_emt() -> None:
    assert format_clk(5_400_000) == "[%clk 1:30:00]"
    assert format_emt(12_300) == "[%emt 0:00:12.3]"


@pytest.mark.parametrize(
    ("text", "ms"),
    [
        ("1:30:00", 5_400_000),
        ("0:03:00", 180_000),
        ("3:00", 180_000),
        ("45", 45_000),
        ("0:00:12.300", 12_300),
        (" 0:00:01 ", 1_000),
        ("100:00:00", 360_000_000),
    ],
)
def test_parse_hms(text: str, ms: int) -> None:
    assert parse_hms(text) == ms


@pytest.mark.parametrize(
    ("text", "index", "expected"),
    [
        ("", 0, "a time h:mm:ss"),
        ("1:60:00", 2, "below 60"),
        ("1:00:75", 5, "below 60"),
        ("1:00:00:00", 7, "the end of the time"),
        ("0:00:01.0005", 11, "whole milliseconds"),
        ("1:x", 2, "two digits after ':'"),
        ("0:00:01.", 8, "digits after the decimal point"),
    ],
)
def test_parse_hms_errors(text: str, index: int, expected: str) -> None:
    with pytest.raises(TimeControlError) as caught:
        parse_hms(text)
    assert caught.value.index == index
    assert expected in str(caught.value)


@given(st.integers(0, 1_000 * 3_600_000))
def test_hms_round_trip(ms: int) -> None:
    assert parse_hms(format_hms(ms)) == ms
    clk, emt = parse_clock_comment(f"{format_clk(ms)} {format_emt(ms)}")
    assert clk == emt == ms


def test_parse_clock_comment() -> None:
    assert parse_clock_comment("[%clk 0:02:59]") == (179_000, None)
    assert parse_clock_comment("Good. [%emt 0:00:04.2] [%clk 1:29:40]") == (5_380_000, 4_200)
    assert parse_clock_comment("[%clk 0:01:00] [%clk 0:00:30]") == (60_000, None)
    assert parse_clock_comment("[%CLK 0:01:00]") == (60_000, None)
    assert parse_clock_comment("[%clkx 0:01:00] [%eval 0.3]") == (None, None)
    assert parse_clock_comment("") == (None, None)
    with pytest.raises(TimeControlError):
        parse_clock_comment("[%clk 0:00:\u0663\u0660]")


def test_parse_clock_comment_errors_name_the_offset_in_the_comment() -> None:
    comment = "fine [%clk 0:61:00]"
    with pytest.raises(TimeControlError) as caught:
        parse_clock_comment(comment)
    assert caught.value.index == comment.index("61")
    assert "clock comment" in str(caught.value)
    assert parse_clock_comment(comment, strict=False) == (None, None)
    with pytest.raises(TimeControlError) as caught:
        parse_clock_comment("[%clk]")
    assert caught.value.index == 5


@pytest.mark.oracle
def test_clock_comments_of_real_games_agree_with_python_chess() -> None:
    """Every comment of the self-play games: ours equals python-chess's reading, exactly."""
    text = shared_data("pgn", "selfplay.pgn").read_text(encoding="utf-8")
    comments = re.findall(r"\{([^}]*)\}", text)[:20_000]
    assert comments
    node = chess.pgn.Game()
    seen = 0
    for comment in comments:
        node.comment = comment
        theirs_clk, theirs_emt = node.clock(), node.emt()
        clk, emt = parse_clock_comment(comment)
        assert clk == (None if theirs_clk is None else round(theirs_clk * 1000))
        assert emt == (None if theirs_emt is None else round(theirs_emt * 1000))
        if clk is not None:
            seen += 1
            # Writing it back gives the same command python-chess writes.
            node.set_clock(clk / 1000)
            assert format_clk(clk) in node.comment
    assert seen > 10_000
