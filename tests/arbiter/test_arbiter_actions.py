"""Every arbiter action against every kind of time control: a ruling or a rejection, never a
traceback (6.10, 6.11, 12.9; Guidelines III.4)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from chesslaws.arbiter import (
    ArbiterActionKind,
    GameState,
    Reason,
    RulingKind,
    seconds_to_ms,
    step_line,
)

CONTROLS: dict[str, dict[str, Any]] = {
    "none": {"time_control": None},
    "no clock (-)": {"time_control": "-"},
    "unknown": {"time_control": "?"},
    "sudden death": {"time_control": "1800"},
    "increment": {"time_control": "1800+30"},
    "simple delay": {"time_control": "1800d5"},
    "Bronstein delay": {"time_control": "1800b5"},
    "multi-period": {"time_control": "40/5400+30:1800+30"},
    "moves-based": {"time_control": "2/120:2/60:30"},
    "sandclock": {"time_control": "*1800"},
    "hourglass (blitz)": {"time_control": "*60"},
    "odds": {"time_controls": {"white": "1800", "black": "1500+2@61"}},
    "odds with a sandclock": {"time_controls": {"white": "*1800", "black": "*1500"}},
}
"""A start event's clock fields for each kind of time control the event log can give."""

PLIES = ["e2e4", "e7e5", "g1f3", "b8c6"]


def _line(**fields: Any) -> str:
    return json.dumps(fields)


def _accepted(state: GameState, line: str, index: int) -> GameState:
    state, rulings = step_line(state, line, index=index)
    assert all(r.kind is not RulingKind.REJECTED for r in rulings), (line, rulings)
    return state


def _action(draw: st.DrawFn, at: float) -> dict[str, Any]:
    action = draw(st.sampled_from(ArbiterActionKind))
    event: dict[str, Any] = {"type": "arbiter", "action": action.value, "at": at}
    if draw(st.booleans()):
        event["player"] = draw(st.sampled_from(["white", "black"]))
    if draw(st.booleans()):
        event["seconds"] = draw(st.integers(-4000, 4000) | st.sampled_from([0, 5, 120]))
    if draw(st.booleans()):
        event["moves"] = draw(st.integers(-1, 200))
    if draw(st.booleans()):
        event["result"] = draw(st.sampled_from(["1-0", "0-1", "1/2-1/2", "*"]))
        event["reason"] = draw(st.sampled_from([r.value for r in Reason] + ["nonsense"]))
    return event


@st.composite
def _scene(draw: st.DrawFn) -> tuple[str, list[str], str]:
    kind = draw(st.sampled_from(sorted(CONTROLS)))
    start: dict[str, Any] = {"type": "start", **CONTROLS[kind]}
    mode = draw(st.sampled_from([None, "standard", "rapid", "blitz"]))
    if mode is not None:
        start["mode"] = mode
    before = [_line(**start)]
    at = 0.0
    for ply, move in enumerate(PLIES[: draw(st.integers(0, len(PLIES)))]):
        at += draw(st.sampled_from([1.0, 30.0, 900.0]))
        by = "white" if ply % 2 == 0 else "black"
        before.append(_line(type="move", at=at, by=by, move=move))
        before.append(_line(type="press", at=at + 0.5, by=by))
        at += 0.5
    if draw(st.booleans()):
        at += 1
        before.append(_line(type="pause", at=at, by="white"))
    at += draw(st.sampled_from([0.0, 1.0, 1700.0, 1790.0, 5000.0]))
    return kind, before, _line(**_action(draw, at))


@settings(max_examples=600, deadline=None)
@given(_scene())
def test_every_action_under_every_time_control_is_ruled_on(
    scene: tuple[str, list[str], str],
) -> None:
    kind, before, action = scene
    state = GameState()
    for index, line in enumerate(before):
        # The scene itself is played as written (no rejection hides a weak test); a flag may fall
        # on a press, which ends the game and is a ruling like any other.
        state, rulings = step_line(state, line, index=index)
        assert index > 0 or all(r.kind is not RulingKind.REJECTED for r in rulings), (kind, rulings)
    after, rulings = step_line(state, action, index=len(before))
    assert isinstance(after, GameState)
    if not rulings:
        # Only an arbiter who looks and finds nothing passes without a word, as a tick does: no
        # flag fallen (6.8), no illegal move completed (7.5), no touch-move breach (4.8); the
        # game is as it was.
        event = json.loads(action)
        assert event["action"] in _LOOKS, (kind, action)
        if event["action"] == "observe_flag":
            at = seconds_to_ms(event["at"])
            assert state.clock is None or state.clock.first_flag(at) is None, (kind, action)
        assert replace(after, index=state.index, last_at=state.last_at) == state


_LOOKS = {"observe_flag", "observe_illegal_move", "observe_touch_move"}


def test_quickplay_increment_with_a_sandclock_is_rejected() -> None:
    """III.4 adds an increment to the periods of a clock; a sandclock has none to change."""
    state = _accepted(GameState(), _line(type="start", time_control="*1800"), 0)
    line = _line(type="arbiter", action="quickplay_increment", player="white", at=1750)
    state, rulings = step_line(state, line, index=1)
    assert [r.kind for r in rulings] == [RulingKind.REJECTED]
    assert "sandclock" in str(rulings[0].reason)
    assert state.clock is not None
