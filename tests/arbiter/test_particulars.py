"""The state's particulars: what moves and presses leave alone, kept as one shared value.

A move or a press makes a state that shares the particulars of the state before it; a state
reads each particular as if it were its own field; a draft sets one without touching the state
it was opened on; and the straight path of ``step`` (an ordinary event, handed to its handler
at once) rules as the general path does, in random games that arrive late, adjourn, play under
Appendix D, break touch-move and go back in time.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from chesslaws.arbiter import Game, GameState, MoveMade, Particulars, Press
from chesslaws.arbiter._draft import open_draft
from chesslaws.arbiter._state import BOTH_PRESENT
from tests.arbiter.test_fast_paths import _logs
from tests.arbiter.test_properties import STARTS
from tests.arbiter.test_step import _next_event

NAMES = [f.name for f in dataclasses.fields(Particulars) if f.init]

MORE_STARTS = [
    {"type": "start", "time_control": "5400+30", "rules": {"arrivals": True, "default_time": 60}},
    {
        "type": "start",
        "time_control": "5400+30",
        "rules": {"appendix_d": {"visually_disabled": ["black"], "tactile_board": True}},
    },
    {"type": "start", "time_control": "600+5", "rules": {"touch_move": "claim"}},
]


def test_moves_and_presses_share_the_particulars() -> None:
    shared = 0
    for log in _logs(5):
        game = Game()
        for line in log:
            before = game.state()
            game.handle_json(line)
            after = game.state()
            if isinstance(game.events[-1], (MoveMade, Press)) and not after.is_over:
                assert after.particulars is before.particulars
                shared += 1
    assert shared > 500


def test_a_state_reads_its_particulars_as_its_own_fields() -> None:
    game = Game()
    for line in _logs(1)[0][:7]:
        game.handle_json(line)
    state = game.state()
    for name in NAMES:
        assert getattr(state, name) is getattr(state.particulars, name)
        with pytest.raises((AttributeError, TypeError)):  # (TypeError: slots, Python 3.11)
            setattr(state, name, None)
    assert state.start is not None and state.profile is not None and state.particulars.ordinary
    assert GameState.offers.__doc__ and "draw offers" in GameState.offers.__doc__


def test_a_draft_sets_a_particular_and_leaves_the_state_as_it_was() -> None:
    game = Game()
    for line in _logs(1)[0][:5]:
        game.handle_json(line)
    state = game.state()
    kept = pickle.loads(pickle.dumps(state))
    draft = open_draft(state)
    draft.offers = (True, False)
    draft.players = dataclasses.replace(draft.players, present=(False, True))
    assert draft.offers == (True, False) and draft.particulars.offers == (True, False)
    assert not draft.particulars.ordinary  # Black is not at the board (6.7)
    changed = draft.freeze()
    assert changed.offers == (True, False) and changed.players.present == (False, True)
    assert state == kept and state.offers == (False, False) and state.particulars.ordinary


def _extra_event(rng: random.Random, at: float) -> dict[str, Any] | None:
    """Now and then an event the random streams of ``test_step`` do not make: an arrival or a
    departure, an adjournment and its sealing, resumption and envelope, an announcement."""
    by = rng.choice(["white", "black"])
    roll = rng.randrange(40)
    if roll < 3:
        return {"type": rng.choice(["arrive", "arrive", "depart"]), "at": at, "by": by}
    if roll == 3:
        return {"type": "adjourn", "at": at}
    if roll == 4:
        return {"type": "seal", "at": at, "by": by, "move": rng.choice(["Nf3", "e4", "zz"])}
    if roll == 5:
        return {"type": "resume_session", "at": at}
    if roll == 6:
        return {"type": "open_envelope", "at": at}
    if roll < 9:
        return {"type": "announce", "at": at, "by": by}
    return None


def _stream(seed: int) -> list[str]:
    rng = random.Random(seed)
    game = Game(mate_budget=300)
    lines = [json.dumps(rng.choice([*STARTS, *MORE_STARTS, *MORE_STARTS]))]
    game.handle_json(lines[0])
    at = 0.0
    for _ in range(rng.randint(1, 80)):
        at = round(at + rng.choice([0, 0.1, 0.5, 1, 1.5, 3, 7, 15, 40, 100, -2]), 1)
        extra = _extra_event(rng, max(at, 0.0))
        line = json.dumps(extra) if extra else _next_event(rng, game, max(at, 0.0))
        lines.append(line)
        game.handle_json(line)
    return lines


def _replayed(lines: list[str]) -> tuple[list[GameState], list[Any]]:
    game = Game(mate_budget=300)
    states, rulings = [], []
    for line in lines:
        rulings.append(game.handle_json(line))
        states.append(game.state())
    return states, rulings


def _ordinary(p: Particulars) -> bool:
    return (
        p.start is not None
        and p.ending is None
        and p.adjourned is None
        and p.players.present is BOTH_PRESENT
        and p.blind is None
    )


def _never_ordinary(particulars: Particulars) -> None:
    object.__setattr__(particulars, "ordinary", False)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**63 - 1))
def test_the_straight_path_rules_as_the_general_one(seed: int) -> None:
    lines = _stream(seed)
    note("\n".join(lines))
    states, rulings = _replayed(lines)
    for state in states:
        assert state.particulars.ordinary is _ordinary(state.particulars)
    with pytest.MonkeyPatch.context() as patch:
        # no particulars ordinary: every event goes the general way
        patch.setattr(Particulars, "__post_init__", _never_ordinary)
        general_states, general_rulings = _replayed(lines)
        assert not any(state.particulars.ordinary for state in general_states)
    assert general_rulings == rulings
    assert general_states == states
