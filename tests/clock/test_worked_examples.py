"""The worked examples of issue 4 and of the scenarios (A43, A45, A47, A49), to the millisecond."""

from __future__ import annotations

from chesslaws import BLACK, WHITE, Clock, TimeControl
from chesslaws.clock import ManualTimeSource

SEC = 1_000
MIN = 60_000


def _play_moves(clock: Clock, moves: int, white_ms: int, black_ms: int, start: int) -> int:
    """Both sides complete ``moves`` moves, each taking the given time; returns the instant."""
    t = start
    for _ in range(moves):
        t += white_ms
        clock.press(WHITE, t)
        t += black_ms
        clock.press(BLACK, t)
    return t


# --- 40 moves in 90 minutes, then 30 minutes, 30 s from move 1 (Article 6.3.1, 6.4, 6.9) ----

FIDE = "40/5400+30:1800+30"


def test_move_40_completed_with_two_seconds_left() -> None:
    """Digest, Article 6 worked example: 30 s + 30 min are added and period 2 runs."""
    clock = Clock(FIDE, source=None)
    clock.start(now=0)
    t = _play_moves(clock, 39, 60 * SEC, 10 * SEC, 0)
    # After 39 moves of 60 s each with +30 s: 90:00 - 39 x 30 s.
    expected = 90 * MIN - 39 * 30 * SEC
    assert clock.remaining(WHITE, t) == expected
    assert clock.moves_to_control(WHITE) == 1
    # White spends all but 2 s on move 40 and presses.
    t += expected - 2 * SEC
    assert clock.remaining(WHITE, t) == 2 * SEC
    after = clock.press(WHITE, t)
    assert after == 2 * SEC + 30 * SEC + 30 * MIN
    assert clock.moves_completed(WHITE) == 40
    assert clock.period(WHITE) == 1
    assert clock.moves_to_control(WHITE) is None
    assert not clock.flag_fallen(WHITE, t)
    assert clock.first_flag(t) is None
    # Black is still in period 1 (39 moves completed).
    assert clock.period(BLACK) == 0


def test_move_40_made_but_not_pressed_when_time_runs_out() -> None:
    """A43: the move is not completed, so the flag falls in period 1 (6.9)."""
    clock = Clock(FIDE, source=None)
    clock.start(now=0)
    t = _play_moves(clock, 39, 60 * SEC, 10 * SEC, 0)
    left = clock.remaining(WHITE, t)
    flag_at = t + left
    # One millisecond before: still running; at the instant: fallen.
    assert not clock.flag_fallen(WHITE, flag_at - 1)
    assert clock.remaining(WHITE, flag_at - 1) == 1
    # Black replies on the board meanwhile (6.2.2); the clock does not care. Looked at later:
    assert clock.flag_fallen(WHITE, flag_at + 5 * SEC)
    assert clock.flag_instant(WHITE, flag_at + 5 * SEC) == flag_at
    assert clock.remaining(WHITE, flag_at + 5 * SEC) == 0
    assert clock.first_flag(flag_at + 5 * SEC) is WHITE
    assert clock.moves_completed(WHITE) == 39
    # A late press completes move 40 but does not undo the flag.
    clock.press(WHITE, flag_at + 7 * SEC)
    assert clock.flag_instant(WHITE) == flag_at
    assert clock.moves_completed(WHITE) == 40
    # Not the last period: the move counter still adds the increment and period 2's time
    # (whether the flag counts is for the arbiter, 6.4, 6.8).
    assert clock.remaining(WHITE) == 30 * SEC + 30 * MIN


def test_press_at_the_very_instant_is_too_late() -> None:
    clock = Clock("60", source=None)
    clock.start(0)
    clock.press(WHITE, 60 * SEC)
    assert clock.flag_instant(WHITE) == 60 * SEC
    clock2 = Clock("60", source=None)
    clock2.start(0)
    clock2.press(WHITE, 60 * SEC - 1)
    assert clock2.flag_instant(WHITE) is None
    assert clock2.remaining(WHITE) == 1


def test_clock_with_move_counter_adds_period_two_at_the_control() -> None:
    """A45's point, with a counting clock: 40 completed moves never lose on time at 0:00."""
    clock = Clock("40/5400:1800", source=None)
    clock.start(0)
    t = _play_moves(clock, 39, 135 * SEC, 1 * SEC, 0)  # 39 x 2:15 = 87:45
    assert clock.remaining(WHITE, t) == 2 * MIN + 15 * SEC
    t += 2 * MIN + 15 * SEC - 1
    clock.press(WHITE, t)
    assert clock.remaining(WHITE) == 30 * MIN + 1
    assert not clock.flag_fallen(WHITE, t + 1)


# --- 5 minutes with a 5 s delay (Article 6.3.2, scenario A49) --------------------------------


def test_simple_delay_a49() -> None:
    source = ManualTimeSource()
    clock = Clock("300d5", source=source)
    clock.start()
    # Pressing after 3 s leaves the main time at 5:00.
    source.advance(3 * SEC)
    assert clock.delay_remaining(WHITE) == 2 * SEC
    assert clock.remaining(WHITE) == 5 * MIN
    assert clock.press(WHITE) == 5 * MIN
    # Pressing after 8 s leaves 4:57.
    source.advance(8 * SEC)
    assert clock.remaining(BLACK) == 4 * MIN + 57 * SEC
    assert clock.press(BLACK) == 4 * MIN + 57 * SEC
    # Unused delay is never banked: White's 2 s left over from move 1 are gone.
    source.advance(6 * SEC)
    assert clock.press(WHITE) == 4 * MIN + 59 * SEC
    # Pressing within the delay costs nothing, move after move.
    for _ in range(10):
        source.advance(5 * SEC)
        clock.press(BLACK)
        source.advance(4_999)
        clock.press(WHITE)
    assert clock.remaining(WHITE) == 4 * MIN + 59 * SEC
    assert clock.remaining(BLACK) == 4 * MIN + 57 * SEC


def test_simple_delay_flag_falls_after_delay_and_main_time() -> None:
    clock = Clock("10d5", source=None)
    clock.start(0)
    assert clock.flag_due(WHITE) == 15 * SEC
    assert clock.remaining(WHITE, 14_999) == 1
    assert not clock.flag_fallen(WHITE, 14_999)
    assert clock.flag_instant(WHITE, 20 * SEC) == 15 * SEC


# --- Bronstein delay -------------------------------------------------------------------------


def test_bronstein_delay() -> None:
    source = ManualTimeSource()
    clock = Clock("300b5", source=source)
    clock.start()
    # Unlike the simple delay, the display runs at once ...
    source.advance(3 * SEC)
    assert clock.remaining(WHITE) == 4 * MIN + 57 * SEC
    # ... and the time used, up to the delay, comes back at the press.
    assert clock.press(WHITE) == 5 * MIN
    source.advance(8 * SEC)
    assert clock.press(BLACK) == 4 * MIN + 57 * SEC
    # Never more than was used: a player cannot gain time.
    source.advance(1 * SEC)
    assert clock.press(WHITE) == 5 * MIN
    # The flag falls when the displayed time reaches 0 (no grace of the delay).
    assert clock.flag_due(BLACK) == source.now() + 4 * MIN + 57 * SEC


# --- several periods -------------------------------------------------------------------------


def test_three_periods_with_increment_in_the_last() -> None:
    """40/120, 20/60, 15 min + 30 s from move 61."""
    clock = Clock("40/7200:20/3600:900+30", source=None)
    clock.start(0)
    t = _play_moves(clock, 40, 2 * MIN, 1 * MIN, 0)
    assert clock.remaining(WHITE) == 120 * MIN - 80 * MIN + 60 * MIN
    assert clock.remaining(BLACK) == 120 * MIN - 40 * MIN + 60 * MIN
    t = _play_moves(clock, 20, 2 * MIN, 1 * MIN, t)
    assert clock.moves_completed(WHITE) == 60
    assert clock.period(WHITE) == 2
    assert clock.remaining(WHITE) == 100 * MIN - 40 * MIN + 15 * MIN
    # Increments start with move 61 (the first of the last period).
    t += 1 * MIN
    assert clock.press(WHITE, t) == 75 * MIN - 1 * MIN + 30 * SEC


def test_repeating_last_period() -> None:
    """40/7200:20/3600: after 40 moves 1 h, then another hour every 20 moves."""
    clock = Clock("40/7200:20/3600", source=None)
    clock.start(0)
    t = _play_moves(clock, 40, 1 * MIN, 1 * MIN, 0)
    assert clock.remaining(WHITE) == 120 * MIN - 40 * MIN + 60 * MIN
    t = _play_moves(clock, 19, 1 * MIN, 1 * MIN, t)
    assert clock.remaining(WHITE) == 140 * MIN - 19 * MIN
    t = _play_moves(clock, 1, 1 * MIN, 1 * MIN, t)
    assert clock.remaining(WHITE) == 120 * MIN + 60 * MIN
    _play_moves(clock, 20, 1 * MIN, 1 * MIN, t)
    assert clock.remaining(WHITE) == 180 * MIN - 20 * MIN + 60 * MIN
    assert clock.period(WHITE) == 1


def test_increment_from_a_later_move() -> None:
    clock = Clock("1800+30@3", source=None)
    clock.start(0)
    for move in (1, 2, 3, 4):
        t = move * 20 * SEC
        clock.press(WHITE, t - 10 * SEC)
        clock.press(BLACK, t)
    bonus = 2 * 30 * SEC  # moves 3 and 4
    assert clock.remaining(WHITE) == 30 * MIN - 4 * 10 * SEC + bonus


# --- pause and arbiter corrections mid-period (Article 6.10.2, 6.11) ------------------------


def test_pause_and_corrections_mid_period() -> None:
    clock = Clock(FIDE, source=None)
    clock.start(0)
    t = _play_moves(clock, 20, 30 * SEC, 30 * SEC, 0)
    white = clock.remaining(WHITE)
    assert white == 90 * MIN - 20 * 30 * SEC + 20 * 30 * SEC
    # White thinks 45 s, then a player stops the clock for the arbiter (6.11.2).
    clock.pause(t + 45 * SEC)
    assert clock.running is None
    assert clock.turn is WHITE
    assert clock.remaining(WHITE, t + 10 * MIN) == white - 45 * SEC
    # The arbiter finds Black's counter one short (a missed press) and corrects it (6.10.2),
    # and gives Black 2 minutes for an illegal move by White (7.5.5).
    clock.set_moves(BLACK, 21)
    assert clock.moves_to_control(BLACK) == 19
    clock.add_time(BLACK, 2 * MIN)
    clock.set_time(WHITE, 80 * MIN)
    clock.resume(t + 10 * MIN)
    assert clock.running is WHITE
    # Play resumes; White's time runs from 80:00 again.
    t = t + 10 * MIN + 15 * SEC
    assert clock.press(WHITE, t) == 80 * MIN - 15 * SEC + 30 * SEC
    # Black needs 19 more moves to reach the control: at Black's 40th completed move the
    # clock adds 30 minutes.
    black = clock.remaining(BLACK)
    for _ in range(19):
        t += 10 * SEC
        clock.press(BLACK, t)
        t += 10 * SEC
        clock.press(WHITE, t)
    assert clock.moves_completed(BLACK) == 40
    assert clock.period(BLACK) == 1
    assert clock.remaining(BLACK) == black + 19 * 20 * SEC + 30 * MIN


def test_pause_within_the_delay_keeps_the_rest_of_the_delay() -> None:
    clock = Clock("300d5", source=None)
    clock.start(0)
    clock.pause(3 * SEC)
    clock.resume(60 * SEC)
    assert clock.delay_remaining(WHITE, 60 * SEC) == 2 * SEC
    assert clock.press(WHITE, 62 * SEC) == 5 * MIN
    assert clock.delay_remaining(BLACK, 62 * SEC) == 5 * SEC


# --- no increment after the flag in the last period (FIDE clock standard) -------------------


def test_no_increment_after_the_flag_in_the_last_period() -> None:
    clock = Clock("180+2", source=None)
    clock.start(0)
    clock.press(WHITE, 181 * SEC)
    assert clock.flag_instant(WHITE) == 180 * SEC
    assert clock.remaining(WHITE) == 0
    clock.press(BLACK, 190 * SEC)
    clock.press(WHITE, 191 * SEC)
    assert clock.remaining(WHITE) == 0
    assert clock.moves_completed(WHITE) == 2
    # Black still gets his increments.
    assert clock.remaining(BLACK) == 180 * SEC - 9 * SEC + 2 * SEC


def test_first_flag_when_both_have_fallen_a47() -> None:
    clock = Clock("60+1", source=None)
    clock.start(0)
    clock.press(WHITE, 70 * SEC)  # White's flag fell at 60 s
    assert clock.flag_instant(BLACK, 200 * SEC) == 130 * SEC
    assert clock.first_flag(200 * SEC) is WHITE
    clock.press(BLACK, 200 * SEC)
    assert clock.first_flag() is WHITE
    assert (clock.flag_instant(WHITE), clock.flag_instant(BLACK)) == (60 * SEC, 130 * SEC)


def test_penalty_time_does_not_undo_a_fallen_flag() -> None:
    clock = Clock("60", source=None)
    clock.start(0)
    clock.add_time(WHITE, 2 * MIN, now=65 * SEC)
    assert clock.flag_instant(WHITE) == 60 * SEC
    # The clock runs on with the added time.
    assert clock.remaining(WHITE, 70 * SEC) == 2 * MIN - 5 * SEC
    clock.clear_flag(WHITE)
    assert clock.flag_instant(WHITE, 70 * SEC) is None
    assert clock.flag_due(WHITE) == 65 * SEC + 2 * MIN


def test_guidelines_iii_4_five_second_increment_for_both() -> None:
    """A73: 60 min without increment; III.4 grants 5 s per move and Black +2:00."""
    clock = Clock("3600", source=None)
    clock.start(0)
    t = _play_moves(clock, 30, 115 * SEC, 60 * SEC, 0)
    assert clock.remaining(WHITE) == 60 * MIN - 30 * 115 * SEC
    clock.pause(t + 1 * SEC)
    clock.set_time_control(clock.time_control.with_increment(5 * SEC))
    clock.add_time(BLACK, 2 * MIN)
    clock.resume(t + 30 * SEC)
    clock.press(WHITE, t + 40 * SEC)
    assert clock.remaining(WHITE) == 60 * MIN - 30 * 115 * SEC - 11 * SEC + 5 * SEC
    assert clock.remaining(BLACK) == 60 * MIN - 30 * 60 * SEC + 2 * MIN
    assert str(clock.time_control) == "3600+5"


def test_sandclock() -> None:
    """``*60``: what one side uses is added to the other's time."""
    clock = Clock(TimeControl.parse("*60"), source=None)
    clock.start(0)
    assert clock.remaining(BLACK, 10 * SEC) == 70 * SEC
    clock.press(WHITE, 10 * SEC)
    assert (clock.remaining(WHITE), clock.remaining(BLACK)) == (50 * SEC, 70 * SEC)
    clock.press(BLACK, 80 * SEC)
    assert clock.flag_instant(BLACK) == 80 * SEC
    assert (clock.remaining(WHITE), clock.remaining(BLACK)) == (120 * SEC, 0)
