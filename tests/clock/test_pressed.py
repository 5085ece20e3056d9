"""``Clock.pressed`` (a press in one pass, the old clock kept) is copy-then-press.

The definition kept here: ``c = clock.copy()``, ``shown = c.remaining(color, now)``,
``c.press(color, now)``. Two clocks are driven side by side through random sequences of presses,
pauses, resumes, switches and arbiter corrections under random controls (increments from a
move number, simple and Bronstein delays, several periods, time odds, sandclocks); one presses by
the definition, the other by ``pressed``. After every operation the two are equal, reading by
reading, and the clock that ``pressed`` was asked about has not changed.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chesslaws import BLACK, WHITE, Clock, Color, TimeControl
from chesslaws._errors import ClockError
from chesslaws.clock import ManualTimeSource
from tests.clock.strategies import period_controls


def pressed_by_definition(clock: Clock, color: Color, now: int) -> tuple[Clock, int, int]:
    """The copy-and-press that ``Clock.pressed`` replaces (the arbiter's press until 2026-12):
    the pressed copy, the time shown as he pressed, and his time after (what ``press`` says,
    and what the pressed clock shows him at that instant)."""
    new = clock.copy()
    shown = new.remaining(color, now)
    kept = new.press(color, now)
    assert kept == new.remaining(color, now)
    return new, shown, kept


def readings(clock: Clock, now: int) -> tuple[object, ...]:
    """Everything a clock answers, for both players, at ``now`` and as of its last instant."""
    values: list[object] = [
        clock.running,
        clock.turn,
        clock.started,
        clock.paused,
        clock.stopped,
        clock.last_instant,
        clock.odds,
        clock.time_controls,
        clock.first_flag(now),
        clock.first_flag(),
        repr(clock),
    ]
    for color in (WHITE, BLACK):
        values += [
            clock.remaining(color, now),
            clock.remaining(color),
            clock.delay_remaining(color, now),
            clock.flag_instant(color, now),
            clock.flag_instant(color),
            clock.flag_due(color),
            clock.moves_completed(color),
            clock.period(color),
            clock.period_of(color),
            clock.moves_to_control(color),
            clock.time_control_of(color),
        ]
    return tuple(values)


@dataclass(frozen=True)
class Op:
    """One thing done to the clock: ``name`` after ``gap`` ms, with ``color`` and ``ms``."""

    name: str
    gap: int
    color: Color
    ms: int


_moves = st.integers(0, 12_000)
gaps = st.one_of(  # mostly a move's time; now and then none, a long think or hours (flags)
    _moves, _moves, _moves, _moves, st.integers(0, 3), st.integers(0, 400_000),
    st.integers(0, 4 * 3_600_000),
)
ops = st.builds(
    Op,
    st.sampled_from(
        # Presses mostly, by the running side, as in a game; the rest now and then.
        ["press"] * 80
        + ["resume"] * 8
        + ["press_other", "pause", "switch", "add_time", "set_time", "set_moves", "clear_flag"]
        + ["set_time_control", "stop", "early_press", "none_press"]
    ),
    gaps,
    st.sampled_from([WHITE, BLACK]),
    st.integers(-300_000, 300_000),
)


def controls() -> st.SearchStrategy[tuple[TimeControl, TimeControl]]:
    """Both players' controls: the same one, time odds, or a sandclock for both."""
    periods = period_controls(max_periods=3)
    same = periods.map(lambda tc: (tc, tc))
    odds = st.tuples(periods, periods)
    sand = st.integers(1, 600_000).map(TimeControl.hourglass).map(lambda tc: (tc, tc))
    return st.one_of(same, same, odds, odds, sand)


def _apply(clock: Clock, op: Op, now: int, spare: TimeControl) -> Clock:
    """``op`` done to ``clock`` at ``now`` (presses excepted); the clock it leaves."""
    color = op.color
    if op.name == "pause":
        clock.pause(now)
    elif op.name == "resume":
        clock.resume(now)
    elif op.name == "switch":
        clock.switch(color, now)
    elif op.name == "add_time":
        clock.add_time(color, op.ms, now)
    elif op.name == "set_time":
        clock.set_time(color, abs(op.ms), now)
    elif op.name == "set_moves":
        clock.set_moves(color, abs(op.ms) % 90)
    elif op.name == "clear_flag":
        clock.clear_flag(color)
    elif op.name == "set_time_control":
        white, black = clock.time_controls
        clock.set_time_control(spare if white.periods else white, black_time_control=black)
    elif op.name == "stop":
        clock.stop(now)
    return clock


def _drive(pair: tuple[TimeControl, TimeControl], first: Color, steps: list[Op]) -> int:
    """Drive the two clocks through ``steps``; the number of presses that went through."""
    white, black = pair
    old = Clock(white, black_time_control=black, source=None)
    new = Clock(white, black_time_control=black, source=None)
    old.start(1_000, color=first)
    new.start(1_000, color=first)
    spare = TimeControl.parse("40/5400+30:1800+30")
    now = 1_000
    pressed = 0
    for op in steps:
        now += op.gap
        if op.name in ("press", "press_other", "early_press", "none_press"):
            color = op.color
            if op.name == "press":
                color = new.turn if new.turn is not None else color
            at = now - 1 - op.gap if op.name == "early_press" else now  # a backwards instant
            asked, before = new, new.copy()
            before_readings = readings(new, now)
            try:
                expected = pressed_by_definition(old, color, at)
            except ClockError:
                with pytest.raises(ClockError):
                    new.pressed(color, at)
                if op.name == "none_press":
                    with pytest.raises(ClockError):  # no time source: an instant is needed
                        new.pressed(color, None)
            else:
                got = new.pressed(color, at)
                assert got[1:] == expected[1:]
                assert got[0] == expected[0]
                old, new = expected[0], got[0]
                pressed += 1
            # The clock asked is not changed by pressed.
            assert asked == before and readings(asked, now) == before_readings
        else:
            outcome = []
            for clock in (old, new):
                try:
                    _apply(clock, op, now, spare)
                    outcome.append(None)
                except ClockError as error:
                    outcome.append(str(error))
            assert outcome[0] == outcome[1]
        assert old == new
        assert readings(old, now) == readings(new, now)
    return pressed


@settings(max_examples=250, deadline=None)
@given(controls(), st.sampled_from([WHITE, BLACK]), st.lists(ops, min_size=20, max_size=100))
def test_pressed_is_copy_then_press(
    pair: tuple[TimeControl, TimeControl], first: Color, steps: list[Op]
) -> None:
    _drive(pair, first, steps)


def test_many_presses_go_through() -> None:
    """The random games are games: most presses are accepted (the test is not vacuous)."""
    steps = [Op("press", 700 + 37 * k % 5_000, WHITE, 0) for k in range(200)]
    for text in ("180+2", "300d5", "300b5", "40/5400+30:1800+30", "*60", "10+1@5"):
        tc = TimeControl.parse(text)
        assert _drive((tc, tc), WHITE, steps) == 200


def test_a_plain_press_takes_the_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """No flag, no sandclock, no control reached: ``pressed`` never copies and presses."""
    clock = Clock("40/5400+30:1800+30", source=None)
    clock.start(0)

    def general(self: Clock, color: Color, now: int | None) -> tuple[Clock, int, int]:
        raise AssertionError("the general case was taken")

    monkeypatch.setattr(Clock, "_pressed_in_general", general)
    at = 0
    for _ in range(39):
        for color in (WHITE, BLACK):
            at += 2_000
            expected = pressed_by_definition(clock, color, at)
            got = clock.pressed(color, at)
            assert got == expected
            clock = got[0]
    with pytest.raises(AssertionError, match="general case"):
        clock.pressed(WHITE, at + 2_000)  # the 40th move reaches the control (6.3.1)


def test_pressed_reads_the_time_source_once() -> None:
    source = ManualTimeSource(5_000)
    clock = Clock("300b5", source=source)
    clock.start()
    source.advance(3_000)
    after, shown, kept = clock.pressed(WHITE)
    assert (shown, kept, after.remaining(WHITE)) == (297_000, 300_000, 300_000)
    assert after.last_instant == 8_000
    assert clock.last_instant == 5_000 and clock.running is WHITE
    assert after == pressed_by_definition(clock, WHITE, 8_000)[0]
