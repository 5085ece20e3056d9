"""Random event streams: the arbiter never raises, keeps its invariants, and replays exactly."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from chesslaws import Color
from chesslaws.arbiter import Game, PenaltyKind, RulingKind, ruling_from_json
from chesslaws.core import SQUARE_NAMES

STARTS = [
    {"type": "start", "time_control": "60+1"},
    {"type": "start", "time_control": "180+2", "rules": {"supervision": "partial"}},
    {"type": "start", "time_control": "2/20:30d2"},
    {"type": "start", "time_control": "900+10", "rules": {"edition": "2018"}},
    {"type": "start", "time_control": None},
    {"type": "start", "time_control": "5400+30", "rules": {"touch_move": "claim"}},
    {"type": "start", "time_control": "40", "fen": "7k/8/6K1/8/8/8/5Q2/8 w - - 95 80"},
    {"type": "start", "time_control": "30", "fen": "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1"},
    {
        "type": "start",
        "time_control": "120",
        "fen": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "rules": {"draw_offers_from_move": 2, "supervision": "partial"},
    },
]
KINDS = [
    "move", "move", "move", "move", "move", "press", "press", "press", "press", "touch",
    "touch", "adjust", "offer", "accept", "decline", "claim", "tick", "tick", "arbiter",
    "resign", "junk", "record", "request_scoresheet",
]  # fmt: skip
RESULTS = {"1-0", "0-1", "1/2-1/2", "0-0"}


def _event(rng: random.Random, game: Game, at: float) -> dict[str, Any] | str:
    kind = rng.choice(KINDS)
    by = rng.choice(["white", "black"])
    head: dict[str, Any] = {"type": kind, "at": at, "by": by}
    if kind == "move":
        legal = [game.position.uci(m) for m in game.position.legal_moves()]
        choice = rng.randrange(10)
        if legal and choice < 7:
            head["move"] = rng.choice(legal)
        elif choice < 9:
            head["move"] = rng.choice(SQUARE_NAMES) + rng.choice(SQUARE_NAMES)
            head["move"] += rng.choice(["", "", "q", "n"])
        else:
            head["move"] = rng.choice(["Nf3", "O-O", "e8", "Qxh7", "zz"])
        if rng.randrange(20) == 0:
            head["hands"] = 2
        return head
    if kind in ("touch", "adjust"):
        head["square"] = rng.choice(SQUARE_NAMES)
        if kind == "touch" and rng.randrange(10) == 0:
            head["piece"] = rng.choice("qrbn")
        return head
    if kind == "record":
        head["move"] = rng.choice([*game.moves, "e4", "Nf3"]) if game.moves else "e4"
        return head
    if kind == "request_scoresheet":
        return head
    if kind in ("offer", "accept", "decline"):
        head["type"] = kind + "_draw"
        return head
    if kind == "claim":
        head["kind"] = rng.choice(
            ["threefold", "fifty", "flag", "touch_move", "illegal_move", "quickplay"]
        )
        if rng.random() < 0.5:
            legal = [game.position.uci(m) for m in game.position.legal_moves()]
            head["move"] = rng.choice([*legal, "a1a8", "Nf3"])
        return head
    if kind == "tick":
        return {"type": "tick", "at": at}
    if kind == "arbiter":
        action = rng.choice(
            ["add_time", "set_time", "pause", "resume", "observe_flag", "observe_illegal_move",
             "observe_touch_move", "set_moves", "warning", "declare", "quickplay_increment",
             "restore", "reconstruct", "flags_unordered", "set_control", "fine"]
        )  # fmt: skip
        body: dict[str, Any] = {"type": "arbiter", "at": at, "action": action}
        named = ("add_time", "set_time", "set_moves", "warning", "quickplay_increment", "fine")
        if action in named:
            body["player"] = by
        if action == "add_time":
            body["seconds"] = rng.randint(-30, 120)
        if action == "set_time":
            body["seconds"] = rng.randint(0, 100)
        if action == "set_moves":
            body["moves"] = rng.randint(0, 50)
        if action == "restore":
            body["moves"] = rng.randint(0, len(game.moves) + 1)
        if action == "set_control":
            body["time_control"] = rng.choice(["300+2", "60", "40/5400:1800", "nonsense"])
        if action == "declare" and rng.randrange(5) == 0:
            body["result"] = rng.choice(sorted(RESULTS))
            body["reason"] = "arbiter"
        elif action == "declare":
            body["action"] = "observe_flag"
        return body
    if kind == "resign":
        return head if rng.randrange(10) == 0 else {"type": "tick", "at": at}
    return rng.choice(['{"type": "move"', "[]", '{"type": "fly", "at": 1}'])


def _check(game: Game, rulings: list[Any], over_before: bool, seen_over: list[int]) -> None:
    for ruling in rulings:
        obj = ruling.to_json()
        assert ruling_from_json(json.loads(json.dumps(obj))) == ruling
        assert ruling.kind is RulingKind.REJECTED or ruling.article, obj
        if over_before:  # only a rejection, or a fine (12.9.7: taken after the game too)
            fine = ruling.penalty is not None and ruling.penalty.kind is PenaltyKind.FINE
            assert ruling.kind is RulingKind.REJECTED or fine
        if ruling.kind is RulingKind.GAME_OVER:
            seen_over.append(ruling.event)
            assert ruling.result is not None and ruling.result.value in RESULTS
            assert ruling is rulings[-1]
    assert len(seen_over) <= 1
    assert game.is_over == bool(seen_over)
    if game.is_over:
        assert game.result in RESULTS
    for color in (Color.WHITE, Color.BLACK):
        left = game.remaining(color)
        assert left is None or left >= 0
    assert max(game.illegal_moves) <= 2
    if max(game.illegal_moves) == 2:
        assert game.is_over


def _stream(seed: int) -> tuple[Game, list[str], list[Any]]:
    """A random event stream (legal and illegal moves, touches, presses, offers, claims, ticks,
    arbiter actions, junk lines, time going backwards), checked event by event."""
    rng = random.Random(seed)
    game = Game(mate_budget=300)
    lines = [json.dumps(rng.choice(STARTS))]
    rulings = list(game.handle_json(lines[0]))
    seen_over: list[int] = [r.event for r in rulings if r.kind is RulingKind.GAME_OVER]
    at = 0.0
    for _ in range(rng.randint(1, 60)):
        step = rng.choice([0, 0.1, 0.5, 1, 1.5, 3, 7, 15, 40, -2])
        at = round(at + step, 1)
        event = _event(rng, game, max(at, 0.0))
        line = event if isinstance(event, str) else json.dumps(event)
        lines.append(line)
        over = game.is_over
        new = game.handle_json(line)
        _check(game, new, over, seen_over)
        rulings.extend(new)
        if step < 0:
            at -= step
    return game, lines, rulings


def _replay_equal(game: Game, lines: list[str], rulings: list[Any]) -> None:
    again, again_rulings = Game.replay(lines, mate_budget=300)
    assert again_rulings == rulings
    assert again.state() == game.state()
    assert again.moves == game.moves
    objects, object_rulings = Game.replay(game.events, mate_budget=300)
    assert object_rulings == rulings
    assert objects.state() == game.state()


SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_random_event_streams_keep_the_invariants_and_replay(seed: int) -> None:
    game, lines, rulings = _stream(seed)
    note("\n".join(lines))
    _replay_equal(game, lines, rulings)


@pytest.mark.deep  # 6,000 streams: two minutes of a core; the 1,500 above run by default
@settings(max_examples=6_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_many_more_random_event_streams(seed: int) -> None:
    game, lines, rulings = _stream(seed)
    _replay_equal(game, lines, rulings)
