"""Clock: states, time sources, instants and misuse (Article 6)."""

from __future__ import annotations

import pytest

from chesslaws import BLACK, WHITE, Clock, ClockError, TimeControl
from chesslaws.clock import (
    MONOTONIC,
    ManualTimeSource,
    MonotonicTimeSource,
    TimeSource,
)

SEC = 1_000


def test_before_the_start() -> None:
    clock = Clock("300+2", source=None)
    assert not clock.started
    assert clock.running is None and clock.turn is None
    assert clock.remaining(WHITE) == 300 * SEC
    assert clock.flag_instant(WHITE) is None
    assert clock.first_flag() is None
    with pytest.raises(ClockError, match=r"not running.*not started"):
        clock.press(WHITE, 0)
    with pytest.raises(ClockError, match="no clock is running"):
        clock.pause(0)


def test_start_runs_whites_clock_or_the_given_side() -> None:
    clock = Clock("300", source=None)
    clock.start(100)
    assert clock.running is WHITE
    with pytest.raises(ClockError, match="already been started"):
        clock.start(200)
    other = Clock("300", source=None)
    other.start(0, color=BLACK)
    assert other.running is BLACK
    assert other.remaining(BLACK, 1_000) == 299 * SEC
    assert other.remaining(WHITE, 1_000) == 300 * SEC


def test_press_by_the_side_not_running_is_refused() -> None:
    clock = Clock("300", source=None)
    clock.start(0)
    with pytest.raises(ClockError, match="black's clock is not running"):
        clock.press(BLACK, 10)
    # Nothing changed.
    assert clock.running is WHITE
    assert clock.moves_completed(BLACK) == 0
    assert clock.remaining(WHITE, 10) == 300 * SEC - 10


def test_pause_resume_and_stop() -> None:
    clock = Clock("300", source=None)
    clock.start(0)
    clock.pause(1_000)
    assert clock.paused and clock.running is None and clock.turn is WHITE
    with pytest.raises(ClockError, match="paused on white's move"):
        clock.press(WHITE, 2_000)
    with pytest.raises(ClockError, match="no clock is running"):
        clock.pause(2_000)
    clock.resume(5_000)
    with pytest.raises(ClockError, match="not paused"):
        clock.resume(5_000)
    assert clock.remaining(WHITE, 6_000) == 298 * SEC
    clock.stop(7_000)
    assert clock.stopped and clock.running is None
    assert clock.remaining(WHITE, 100_000) == 297 * SEC
    with pytest.raises(ClockError, match="stopped"):
        clock.press(WHITE, 8_000)
    with pytest.raises(ClockError, match="already stopped"):
        clock.stop(9_000)
    clock.add_time(WHITE, 1)  # corrections still allowed
    assert clock.remaining(WHITE) == 297 * SEC + 1


def test_time_never_goes_backwards() -> None:
    clock = Clock("300", source=None)
    clock.start(1_000)
    clock.press(WHITE, 2_000)
    with pytest.raises(ClockError, match="time went backwards"):
        clock.press(BLACK, 1_999)
    with pytest.raises(ClockError, match="time went backwards"):
        clock.remaining(BLACK, 1_500)
    assert clock.last_instant == 2_000


def test_instants_are_integer_milliseconds() -> None:
    clock = Clock("300", source=None)
    with pytest.raises(ClockError, match="integer milliseconds"):
        clock.start(1.5)  # type: ignore[arg-type]
    clock.start(0)
    with pytest.raises(ClockError, match="integer milliseconds"):
        clock.press(WHITE, True)  # type: ignore[arg-type]
    with pytest.raises(ClockError, match="integer milliseconds"):
        clock.add_time(WHITE, 0.5)  # type: ignore[arg-type]


def test_clock_without_source_needs_now_to_change() -> None:
    clock = Clock("300", source=None)
    with pytest.raises(ClockError, match="no time source"):
        clock.start()
    clock.start(0)
    with pytest.raises(ClockError, match="no time source"):
        clock.press(WHITE)
    # Corrections to the running side need the instant (or a pause first, 6.10.2) ...
    with pytest.raises(ClockError, match="give now="):
        clock.add_time(WHITE, 1_000)
    # ... to the waiting side they do not.
    clock.add_time(BLACK, 1_000)
    # Questions answer as of the latest instant given.
    clock.press(WHITE, 4_000)
    assert clock.remaining(WHITE) == 296 * SEC
    assert clock.remaining(BLACK) == 301 * SEC


def test_manual_time_source() -> None:
    source = ManualTimeSource(500)
    clock = Clock("60", source=source)
    clock.start()
    source.advance(1_500)
    assert clock.remaining(WHITE) == 58_500
    assert clock.press(WHITE) == 58_500
    source.set(10_000)
    assert clock.remaining(BLACK) == 52_000
    # An explicit instant overrides the source.
    assert clock.remaining(BLACK, 20_000) == 42_000
    with pytest.raises(ValueError, match="backwards"):
        source.set(9_999)
    with pytest.raises(ValueError, match="backwards"):
        source.advance(-1)
    with pytest.raises(TypeError):
        source.advance(0.5)  # type: ignore[arg-type]


def test_monotonic_source_is_the_default() -> None:
    assert isinstance(MONOTONIC, MonotonicTimeSource)
    assert isinstance(MONOTONIC, TimeSource)
    assert isinstance(ManualTimeSource(), TimeSource)
    first = MONOTONIC.now()
    clock = Clock("60")
    clock.start()
    assert type(MONOTONIC.now()) is int and MONOTONIC.now() >= first
    assert 0 < clock.remaining(WHITE) <= 60_000


@pytest.mark.parametrize("text", ["-", "?"])
def test_no_clock_for_no_time_control(text: str) -> None:
    with pytest.raises(ClockError, match="cannot run"):
        Clock(text)


def test_clock_accepts_a_string_or_a_time_control() -> None:
    assert Clock("40/5400+30:1800+30").time_control == TimeControl.parse("40/5400+30:1800+30")


def test_add_time_never_below_zero_and_flag_then_falls() -> None:
    clock = Clock("60", source=None)
    clock.start(0)
    clock.add_time(WHITE, -100 * SEC, now=10_000)
    assert clock.remaining(WHITE, 10_000) == 0
    assert clock.flag_instant(WHITE, 10_000) == 10_000


def test_set_time_and_set_moves_validation() -> None:
    clock = Clock("40/5400:1800", source=None)
    with pytest.raises(ClockError, match="negative"):
        clock.set_time(WHITE, -1)
    with pytest.raises(ClockError, match="completed moves"):
        clock.set_moves(WHITE, -1)
    clock.set_moves(WHITE, 40)
    assert clock.period(WHITE) == 1 and clock.moves_to_control(WHITE) is None
    clock.set_moves(WHITE, 39)
    assert clock.period(WHITE) == 0 and clock.moves_to_control(WHITE) == 1


def test_set_moves_in_a_repeating_period() -> None:
    clock = Clock("40/7200:20/3600", source=None)
    for moves, period, left in (
        (0, 0, 40),
        (39, 0, 1),
        (40, 1, 20),
        (59, 1, 1),
        (60, 1, 20),
        (95, 1, 5),
    ):
        clock.set_moves(BLACK, moves)
        assert (clock.period(BLACK), clock.moves_to_control(BLACK)) == (period, left)


def test_set_time_control_cannot_switch_to_a_sandclock() -> None:
    clock = Clock("60", source=None)
    with pytest.raises(ClockError, match="sandclock"):
        clock.set_time_control("*60")
    with pytest.raises(ClockError, match="cannot run"):
        clock.set_time_control("-")


def test_flag_due_and_flag_instant_only_for_the_running_side() -> None:
    clock = Clock("60+1", source=None)
    clock.start(0)
    assert clock.flag_due(WHITE) == 60_000
    assert clock.flag_due(BLACK) is None
    clock.pause(1_000)
    assert clock.flag_due(WHITE) is None
    assert clock.flag_instant(WHITE, 10**9) is None


def test_repr_names_the_state() -> None:
    clock = Clock("60", source=None)
    assert "not started" in repr(clock)
    clock.start(0)
    assert "white's clock is running" in repr(clock)


def test_switch_hands_the_clock_over_without_completing_a_move() -> None:
    """The arbiter restarts the offender's clock after a take-back (6.5, 7.1, 7.5.1)."""
    clock = Clock("300+2d3", source=None)
    clock.start(0)
    clock.press(WHITE, 10_000)  # White used 10 s: 7 s of main time, +2 s
    assert clock.remaining(WHITE) == 295_000
    clock.switch(WHITE, 14_000)  # Black's 4 s: 1 s of main time, no move, no increment
    assert clock.running is WHITE
    assert clock.remaining(BLACK) == 299_000
    assert clock.moves_completed(BLACK) == 0
    assert clock.delay_remaining(WHITE, 14_000) == 3_000
    clock.switch(WHITE, 15_000)  # already running: nothing changes
    assert clock.remaining(WHITE, 17_000) == 295_000
    clock.pause(18_000)
    clock.switch(BLACK, 19_000)
    assert clock.paused and clock.turn is BLACK
    clock.resume(20_000)
    assert clock.remaining(BLACK, 25_000) == 297_000
    fresh = Clock("60", source=None)
    with pytest.raises(ClockError, match="not started"):
        fresh.switch(BLACK, 0)
