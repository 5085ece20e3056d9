"""Time odds: a clock whose players have different controls (Article 6.2, 6.3 per player).

A two-control clock must be, player by player, the one-control clock of that player's control:
driven by the same presses, pauses and corrections at the same instants, White's time, period,
delay and flag on ``Clock(w, black_time_control=b)`` are those of White on ``Clock(w)``, and
Black's those of Black on ``Clock(b)``.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chesslaws import BLACK, WHITE, Clock, ClockError, Color, TimeControl
from tests.clock.strategies import period_controls

_COLORS = (WHITE, BLACK)


def _reading(clock: Clock, color: Color, now: int) -> tuple[object, ...]:
    return (
        clock.remaining(color, now),
        clock.delay_remaining(color, now),
        clock.flag_instant(color, now),
        clock.flag_due(color),
        clock.moves_completed(color),
        clock.period(color),
        clock.moves_to_control(color),
        clock.period_of(color),
    )


def _agree(odds: Clock, alone: dict[Color, Clock], now: int) -> None:
    for color in _COLORS:
        assert _reading(odds, color, now) == _reading(alone[color], color, now), color
    assert odds.running == alone[WHITE].running == alone[BLACK].running


_step = st.tuples(
    st.integers(0, 400_000),  # time the player to move uses
    st.integers(0, 100),  # where in that time the clocks are read (percent)
    st.sampled_from(("press", "press", "press", "pause", "add_time", "switch")),
    st.integers(-30_000, 30_000),
)


@settings(max_examples=150, deadline=None)
@given(period_controls(), period_controls(), st.lists(_step, max_size=60))
def test_a_two_control_clock_is_two_one_control_clocks(
    white: TimeControl, black: TimeControl, steps: list[tuple[int, int, str, int]]
) -> None:
    odds = Clock(white, black_time_control=black, source=None)
    alone = {WHITE: Clock(white, source=None), BLACK: Clock(black, source=None)}
    clocks = (odds, alone[WHITE], alone[BLACK])
    for clock in clocks:
        clock.start(0)
    now = 0
    for used, cut, action, ms in steps:
        mover = odds.turn
        assert mover is not None
        _agree(odds, alone, now + used * cut // 100)
        now += used
        for clock in clocks:
            if action == "press":
                clock.press(mover, now)
            elif action == "pause":
                clock.pause(now)
                clock.resume(now + 1_000)
            elif action == "add_time":
                clock.add_time(mover.other, ms, now)
            else:
                clock.switch(mover.other, now)
        if action == "pause":
            now += 1_000
        _agree(odds, alone, now)
    assert odds.odds is (white != black)
    assert odds.time_controls == (white, black)


def test_armageddon_white_five_minutes_black_four_with_two_seconds_from_move_61() -> None:
    clock = Clock("300", black_time_control="240+2@61", source=None)
    clock.start(0)
    now = 0
    for move in range(1, 62):
        now += 1_000
        white_left = clock.press(WHITE, now)
        assert white_left == 300_000 - move * 1_000  # White never gets an increment
        now += 2_000
        black_left = clock.press(BLACK, now)
        expected = 240_000 - move * 2_000 + (2_000 if move == 61 else 0)
        assert black_left == expected, move
    assert clock.time_control_of(WHITE) == TimeControl.parse("300")
    assert clock.time_control_of(BLACK) == TimeControl.parse("240+2@61")
    assert clock.moves_to_control(WHITE) is None and clock.moves_to_control(BLACK) is None


def test_two_periods_against_fischer_each_his_own_control() -> None:
    clock = Clock("40/5400+30:1800+30", black_time_control="3600+10", source=None)
    assert (clock.remaining(WHITE), clock.remaining(BLACK)) == (5_400_000, 3_600_000)
    clock.start(0)
    now = 0
    for move in range(1, 41):
        assert clock.moves_to_control(WHITE) == 41 - move
        now += 60_000
        clock.press(WHITE, now)
        now += 30_000
        clock.press(BLACK, now)
    # White reached his control: 40 moves of 60 s, 30 s back each, and the second period.
    assert clock.remaining(WHITE) == 5_400_000 - 40 * 30_000 + 1_800_000
    assert clock.period(WHITE) == 1 and clock.moves_to_control(WHITE) is None
    # Black has one period and his own increment: no time added at move 40.
    assert clock.remaining(BLACK) == 3_600_000 - 40 * 20_000
    assert clock.period(BLACK) == 0


def test_a_delay_against_an_increment() -> None:
    clock = Clock("300d5", black_time_control="300+5", source=None)
    clock.start(0)
    assert clock.delay_remaining(WHITE, 0) == 5_000
    assert clock.press(WHITE, 4_000) == 300_000  # within the delay: nothing used
    assert clock.delay_remaining(BLACK, 4_000) == 0  # Black has no delay
    assert clock.remaining(BLACK, 8_000) == 296_000  # his time runs at once
    assert clock.press(BLACK, 8_000) == 301_000  # and he gets his increment
    assert clock.flag_due(WHITE) == 8_000 + 5_000 + 300_000


def test_odds_flag_at_each_players_own_time() -> None:
    clock = Clock("60", black_time_control="30", source=None)
    clock.start(0)
    clock.press(WHITE, 10_000)
    assert clock.flag_due(BLACK) == 40_000
    assert clock.flag_instant(BLACK, 40_000) == 40_000
    assert clock.first_flag(40_000) is BLACK


def test_one_control_for_both_is_no_odds() -> None:
    same = Clock("300+2", black_time_control="300+2", source=None)
    assert not same.odds
    assert same == Clock("300+2", source=None)
    assert same.time_control == TimeControl.parse("300+2")
    assert repr(same).startswith("<Clock '300+2' ")


def test_time_control_under_odds_names_both_instead_of_guessing() -> None:
    clock = Clock("300", black_time_control="240", source=None)
    with pytest.raises(ClockError, match=r"different time controls \(300 for White, 240 for"):
        _ = clock.time_control
    assert "'300' against '240'" in repr(clock)


def test_copy_keeps_both_controls() -> None:
    clock = Clock("40/600:300", black_time_control="900+5", source=None)
    clock.start(0)
    clock.press(WHITE, 1_000)
    other = clock.copy()
    assert other == clock and other.time_controls == clock.time_controls
    other.press(BLACK, 2_000)
    assert other.remaining(BLACK) == 904_000 and clock.remaining(BLACK) == 900_000


def test_set_time_control_per_player_keeps_counters() -> None:
    clock = Clock("600", source=None)
    clock.start(0)
    clock.press(WHITE, 1_000)
    clock.set_time_control("600+5", black_time_control="600+1")
    clock.press(BLACK, 2_000)
    assert clock.remaining(BLACK) == 600_000 - 1_000 + 1_000  # Black's own increment
    assert clock.press(WHITE, 3_000) == 599_000 - 1_000 + 5_000  # White's
    assert clock.time_controls == (TimeControl.parse("600+5"), TimeControl.parse("600+1"))


def test_set_time_control_per_player_finds_each_period_again() -> None:
    clock = Clock("40/600:300", black_time_control="20/300:300", source=None)
    clock.set_moves(WHITE, 30)
    clock.set_moves(BLACK, 30)
    assert (clock.period(WHITE), clock.period(BLACK)) == (0, 1)
    assert (clock.moves_to_control(WHITE), clock.moves_to_control(BLACK)) == (10, None)


def test_sandclock_odds_and_the_sand_flowing() -> None:
    clock = Clock("*60", black_time_control="*40", source=None)
    clock.start(0)
    clock.press(WHITE, 10_000)  # White's sand runs into Black's bulb
    assert (clock.remaining(WHITE), clock.remaining(BLACK)) == (50_000, 50_000)


@pytest.mark.parametrize(("white", "black"), [("*60", "300"), ("300", "*60")])
def test_a_sandclock_for_one_player_only_is_refused(white: str, black: str) -> None:
    with pytest.raises(ClockError, match="a sandclock runs for both players or for neither"):
        Clock(white, black_time_control=black)


@pytest.mark.parametrize("black", ["-", "?"])
def test_black_needs_a_control_with_a_clock(black: str) -> None:
    with pytest.raises(ClockError, match="cannot run with the time control"):
        Clock("300", black_time_control=black)
