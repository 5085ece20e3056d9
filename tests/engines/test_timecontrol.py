"""``tc=`` in both syntaxes, and the clock told to the engine as UCI allows."""

from __future__ import annotations

import pytest

from chesslaws import BLACK, WHITE
from chesslaws.clock import Clock, TimeControl
from chesslaws.engines import MatchError, go_arguments, read_match_tc


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("40/5400+30:1800+30", "40/5400+30:1800+30"),
        ("300d5", "300d5"),
        ("300b5", "300b5"),
        ("1800+30@41", "1800+30@41"),
        ("10+0.1", "10+0.1"),
        ("40/60+0.6", "40/60+0.6"),
        ("1:30+1", "90+1"),
        ("40/2:00", "40/120"),
        ("0:05.5+0.05", "5.5+0.05"),
        ("40/5400:030", "40/5400:30"),  # the clock's reading of a short second period
        ("40/2+0.05:1+0.05", "40/2+0.05:1+0.05"),
    ],
)
def test_both_syntaxes(text: str, canonical: str) -> None:
    assert str(read_match_tc(text)) == canonical


@pytest.mark.parametrize("text", ["-", "?", "*60", "abc", "10+0.0001", "1:75", "40/"])
def test_bad_controls_name_the_option(text: str) -> None:
    with pytest.raises(MatchError) as caught:
        read_match_tc(text, "-each tc")
    assert caught.value.option == "-each tc"
    assert "-each tc" in str(caught.value)


def _clock(text: str) -> Clock:
    clock = Clock(TimeControl.parse(text), source=None)
    clock.start(0)
    return clock


def _args(line: str) -> dict[str, int]:
    words = line.split()
    assert words[0] == "go"
    return {words[i]: int(words[i + 1]) for i in range(1, len(words), 2)}


def test_fischer_increment() -> None:
    assert _args(go_arguments(_clock("60+0.6"), 0)) == {
        "wtime": 60_000, "btime": 60_000, "winc": 600, "binc": 600
    }


def test_two_periods_tell_moves_to_go_and_the_next_period_only_once_reached() -> None:
    clock = _clock("2/10+1:5+1")
    assert _args(go_arguments(clock, 0))["movestogo"] == 2
    clock.press(WHITE, 1_000)  # 10 - 1 + 1
    clock.press(BLACK, 1_500)
    args = _args(go_arguments(clock, 1_500))
    assert (args["wtime"], args["btime"], args["movestogo"]) == (10_000, 10_500, 1)
    clock.press(WHITE, 2_500)  # second move: +1 increment, +5 s for the next period
    clock.press(BLACK, 2_500)
    args = _args(go_arguments(clock, 2_500))
    assert (args["wtime"], args["btime"]) == (15_000, 16_500)
    assert "movestogo" not in args  # the second period is for the rest of the game


def test_a_repeating_last_period_keeps_telling_moves_to_go() -> None:
    clock = _clock("1/10:1/5")
    clock.press(WHITE, 0)
    clock.press(BLACK, 0)
    assert _args(go_arguments(clock, 0))["movestogo"] == 1


def test_delays_are_told_as_increments() -> None:
    assert _args(go_arguments(_clock("300d5"), 0))["winc"] == 5_000
    assert _args(go_arguments(_clock("300b2"), 0))["binc"] == 2_000


def test_increment_from_move_n_is_told_from_that_move() -> None:
    clock = _clock("600+5@3")
    assert _args(go_arguments(clock, 0))["winc"] == 0
    for _ in range(2):
        clock.press(WHITE, 0)
        clock.press(BLACK, 0)
    assert _args(go_arguments(clock, 0))["winc"] == 5_000


def test_times_are_never_below_one_millisecond() -> None:
    clock = _clock("1+0")
    assert _args(go_arguments(clock, 5_000))["wtime"] == 1


def test_time_odds_each_side_told_its_own_increment_and_the_movers_moves_to_go() -> None:
    clock = Clock("2/10:5", black_time_control="60+0.5d0.2", source=None)
    clock.start(0)
    assert _args(go_arguments(clock, 0)) == {
        "wtime": 10_000, "winc": 0, "btime": 60_000, "binc": 700, "movestogo": 2
    }
    clock.press(WHITE, 1_000)
    assert "movestogo" not in _args(go_arguments(clock, 1_000))  # Black has no control
