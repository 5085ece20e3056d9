"""The e-board as a function: ``read(hand, standing, item)`` and ``sense(sensors, reading)`` are
pure (the same inputs give the same outputs, and change nothing), their values frozen, and a
plain fold of them with the arbiter's ``step`` is the whole board reader."""

from __future__ import annotations

import json

import pytest

from chesslaws._color import Color
from chesslaws.arbiter import Claim, ClaimKind, Event, GameState, Millis, parse_event, step
from chesslaws.eboard import (
    Change,
    Flag,
    Hand,
    Notice,
    Sensors,
    Standing,
    parse_reading,
    read,
    sense,
)
from chesslaws.eboard._hand import Now
from tests.eboard._script import Script, run


def _fools_mate() -> Script:
    script = Script().move("f2", "f3", "P", "white").move("e7", "e5", "p", "black")
    script.lift("g2").place("g4", "P").lever("white")
    return script.lift("d8").place("h4", "q")


def _fold(lines: list[str]) -> tuple[list[Event], list[tuple[Hand, Standing, object]]]:
    """The board reader written out: the readings through ``sense`` and ``read``, the events
    through ``step``; every call to ``read`` is kept with its inputs."""
    state, _ = step(GameState(), parse_event(lines[0]))
    standing = Standing.of(state)
    hand = Hand.start(standing)
    sensors = Sensors.start(hand.expected)
    events: list[Event] = []
    calls: list[tuple[Hand, Standing, object]] = []
    for line in lines[1:]:
        reading = parse_reading(line)
        sensors, released = sense(sensors, reading)
        for item in [*released, Now(Millis(reading.at - sensors.window))]:
            calls.append((hand, standing, item))
            hand, said = read(hand, standing, item)
            while said:
                new = [s for s in said if not isinstance(s, Notice)]
                for event in new:
                    state, rulings = step(state, event)
                    events.append(event)
                if new:
                    standing = Standing.of(state, rulings)
                calls.append((hand, standing, None))
                hand, said = read(hand, standing)
                said = said if new else ()
    return events, calls


def test_a_fold_of_read_and_step_is_the_board_reader() -> None:
    script = _fools_mate().wait(2_000).lift("a7")  # the mate settles
    events, _ = _fold(script.text())
    _, _, board = run(script)
    assert [e.to_json() for e in events] == [e.to_json() for e in board.events[1:]]
    assert board.game.result == "0-1"


def _value(hand: Hand) -> tuple[object, ...]:
    """A hand as comparable parts (its table of moves and its standing by their positions)."""
    parts = hand._replace(table=None, followed=None)
    return (tuple(parts), hand.table.position.fen(), hand.followed.key)


def test_read_is_pure() -> None:
    """Every call of the game again: the same hand, standing and item give the same hand and
    the same words, and leave their inputs as they were."""
    _, calls = _fold(_fools_mate().wait(2_000).text())
    assert len(calls) > 20
    for hand, standing, item in calls:
        fields = _value(hand)
        fen = standing.position.fen()
        first = read(hand, standing, item)  # type: ignore[arg-type]
        second = read(hand, standing, item)  # type: ignore[arg-type]
        assert first[1] == second[1]
        assert _value(first[0]) == _value(second[0])
        assert _value(hand) == fields and standing.position.fen() == fen


def test_the_hand_and_the_sensors_are_frozen() -> None:
    _, calls = _fold(_fools_mate().text())
    hand = calls[-1][0]
    with pytest.raises(AttributeError):
        hand.sensed = ()  # type: ignore[misc]
    for value in (hand, hand.turn, Sensors.start(hand.expected)):
        for name in value._fields:
            assert not isinstance(getattr(value, name), list | set | dict), name


def test_sense_is_pure() -> None:
    sensors = Sensors.start(Hand.start(Standing.of(step(GameState(), parse_event(
        '{"type": "start", "time_control": "60"}'))[0])).expected)  # fmt: skip
    for line in Script().lift("e2").place("e2", "P", after=10).lift("g1").text()[1:]:
        reading = parse_reading(line)
        before = tuple(sensors)
        once, twice = sense(sensors, reading), sense(sensors, reading)
        assert once == twice and tuple(sensors) == before
        sensors = once[0]
    later = parse_reading('{"type": "lift", "at": 5, "square": "a2"}')
    assert sense(sensors, later)[1] == [Change(Millis(610), 6, 0)]  # e2's flicker dropped


def test_where_a_server_watches_the_clock_its_flag_is_claimed() -> None:
    """Following a server's view (which watches its own clock), the clock's flag bits are the
    opponent's claim (6.8), not a correction of the server's clock."""
    view = {"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "running": "white"}
    standing = Standing.of_view(view, chess960=False)
    _, said = read(Hand.start(standing), standing, Flag(Millis(9_000), Color.WHITE))
    assert said == (Claim(Millis(9_000), Color.BLACK, ClaimKind.FLAG),)
    state, _ = step(GameState(), parse_event('{"type": "start", "time_control": "60"}'))
    local = Standing.of(state)
    _, said = read(Hand.start(local), local, Flag(Millis(9_000), Color.WHITE))
    assert [e.to_json()["type"] for e in said] == ["arbiter", "tick"]  # 6.10.1: set, observed


def _started(control: str = "300+2") -> GameState:
    return step(GameState(), parse_event(json.dumps({"type": "start", "time_control": control})))[0]


def test_after_a_touch_the_standing_is_the_same_value() -> None:
    """A touch changes nothing the board follows: the standing after it is the one before, so
    the reader sees at once that there is nothing new; a move, or an event awaiting an answer
    that leaves the board as it was (an illegal move), gives a new standing."""
    state = _started()
    standing = Standing.of(state)
    touch = '{"type": "touch", "at": 1, "by": "white", "square": "e2"}'
    touched, rulings = step(state, parse_event(touch))
    assert Standing.of(touched, rulings, standing, quiet=True) is standing
    assert Standing.of(touched, rulings, standing) is not standing  # not known to be quiet
    illegal_move = '{"type": "move", "at": 2, "by": "white", "move": "e2e5"}'
    illegal, rulings = step(touched, parse_event(illegal_move))
    assert illegal.board is touched.board and illegal.pending is not None
    assert Standing.of(illegal, rulings, standing) is not standing
    moved, rulings = step(touched, parse_event(illegal_move.replace("e2e5", "e2e4")))
    after = Standing.of(moved, rulings, standing, quiet=True)
    assert after is not standing and after.key != standing.key


def test_the_standing_reads_the_flag_without_copying_the_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from chesslaws.clock import Clock

    state = _started("60")
    monkeypatch.setattr(Clock, "copy", _no_copy)
    assert Standing.of(state).flag_due == 60_000


def _no_copy(self: object) -> object:
    raise AssertionError("the clock was copied")


def test_a_hand_keeps_its_differences_read_only() -> None:
    """The hand's differences from the position are read-only mappings: a reading that changes
    them makes new ones, and the hand before keeps its own."""
    state = _started()
    standing = Standing.of(state)
    hand = Hand.start(standing)
    lifted, _ = read(hand, standing, Change(Millis(100), 12, 0))  # e2 lifted
    assert dict(lifted.diff) == {12: 0} and dict(lifted.odiff) == {12: False}
    assert dict(hand.diff) == {} and dict(hand.odiff) == {}
    for mapping in (lifted.diff, lifted.odiff):
        with pytest.raises(TypeError):
            mapping[3] = 1  # type: ignore[index]
    placed, _ = read(lifted, standing, Change(Millis(200), 12, 1))  # put back
    assert dict(placed.diff) == {} and dict(lifted.diff) == {12: 0}
