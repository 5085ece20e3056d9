"""``ClockState.press`` (one pass, ``Clock.pressed``) gives the state the old copy-and-press gave.

The definition kept here is the arbiter's press until 2026-12: copy the clock, read the mover's
time and move count, press the copy, note the press. The press instants are those of recorded
games (the ``[%clk]`` comments of ``../shared/data/pgn/selfplay.pgn``), played under several
controls (increment, simple and Bronstein delays, periods, time odds, a sandclock), with a
pause, an arbiter's correction and a taken-back move now and then.
"""

from __future__ import annotations

from chesslaws import BLACK, WHITE, Color, pgn
from chesslaws.arbiter._clockface import ClockState, LastPress
from chesslaws.clock import parse_clock_comment
from tests.conftest import shared_data

CONTROLS = [
    ("180+2", None),
    ("300d5", None),
    ("300b5", None),
    ("40/600+5:300+5", None),
    ("10+1@20", None),
    ("180", "120+2@61"),
    ("*180", None),
]


def press_by_definition(state: ClockState, color: Color, at: int) -> ClockState:
    clock = state.clock.copy()
    before = clock.remaining(color, at)
    moves = clock.moves_completed(color)
    after = clock.press(color, at)
    pressed = ClockState(clock, state.mode, color, at, before, moves, after)
    assert pressed.last_press == LastPress(color, at, before, moves, after)
    return pressed


def recorded_instants(games: int) -> list[list[int]]:
    """Per game, the instant (ms) of each press, as its clock comments imply at 180+2."""
    streams = []
    for game in pgn.read_games(shared_data("pgn", "selfplay.pgn"), max_games=games):
        if not game.ok:
            continue
        left, at, instants = [180_000, 180_000], 0, []
        for ply in range(len(game.moves)):
            clk, _ = parse_clock_comment(game.main.comments.get(ply, ""))
            if clk is not None:
                at += max(0, left[ply % 2] + 2_000 - clk)
                left[ply % 2] = clk
            instants.append(at)
        streams.append(instants)
    return streams


def test_recorded_presses_give_the_states_of_copy_and_press() -> None:
    streams = recorded_instants(30)
    checked = 0
    for white, black in CONTROLS:
        for instants in streams:
            state = ClockState.create(white, WHITE, black)
            assert state is not None
            color = WHITE
            shift = 0  # the time the pauses and take-backs below add
            for ply, recorded in enumerate(instants):
                at = recorded + shift
                snapshot = state.snapshot()
                expected = press_by_definition(state, color, at)
                got = state.press(color, at)
                assert type(got) is ClockState and type(got.last_press) is LastPress
                assert got == expected and got.snapshot() == expected.snapshot()
                assert got.remaining(color, at) == expected.remaining(color, at)
                assert got.remaining(color.other, at + 1) == expected.remaining(color.other, at + 1)
                assert state.snapshot() == snapshot  # the state pressed is not changed
                checked += 1
                if ply % 17 == 5:  # the arbiter takes the move back (7.5.1), it is made again
                    back = got.take_back(color, at + 3)
                    assert back == expected.take_back(color, at + 3)
                    got = back.press(color, at + 7)
                    assert got == press_by_definition(back, color, at + 7)
                    shift += 7
                if ply % 23 == 11:  # a pause for a claim, and a correction (6.11, 6.10.2)
                    got = got.pause(at + 1).add_time(BLACK, 30_000, at + 2).resume(at + 900)
                    shift += 900
                state = got
                color = color.other
    assert checked > 20_000


def test_the_flag_instant_is_read_without_a_copy_of_the_clock() -> None:
    """``ClockState.flag_due`` is the clock's own instant, read where the state keeps it."""
    state = ClockState.create("60+1", WHITE)
    assert state is not None
    pressed = state.press(WHITE, 4_000)
    for clock_state, running in ((state, WHITE), (pressed, BLACK)):
        assert clock_state.flag_due(running) == clock_state.clock.flag_due(running)
        assert clock_state.flag_due(running.other) is None
    assert pressed.flag_due(BLACK) == 4_000 + 60_000
