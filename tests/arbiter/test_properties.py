"""Random event streams: the arbiter never raises, keeps its invariants, and replays exactly."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chesslaws import Color
from chesslaws.arbiter import Game, RulingKind, ruling_from_json
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
    "resign", "junk",
]  # fmt: skip
RESULTS = {"1-0", "0-1", "1/2-1/2", "0-0"}


def _event(data: st.DataObject, game: Game, at: float) -> dict[str, Any] | str:
    kind = data.draw(st.sampled_from(KINDS))
    by = data.draw(st.sampled_from(["white", "black"]))
    head: dict[str, Any] = {"type": kind, "at": at, "by": by}
    if kind == "move":
        legal = [game.position.uci(m) for m in game.position.legal_moves()]
        choice = data.draw(st.integers(0, 9))
        if legal and choice < 7:
            head["move"] = data.draw(st.sampled_from(legal))
        elif choice < 9:
            a, b = (
                data.draw(st.sampled_from(SQUARE_NAMES)),
                data.draw(st.sampled_from(SQUARE_NAMES)),
            )
            head["move"] = a + b + data.draw(st.sampled_from(["", "", "q", "n"]))
        else:
            head["move"] = data.draw(st.sampled_from(["Nf3", "O-O", "e8", "Qxh7", "zz"]))
        if data.draw(st.integers(0, 19)) == 0:
            head["hands"] = 2
        return head
    if kind in ("touch", "adjust"):
        head["square"] = data.draw(st.sampled_from(SQUARE_NAMES))
        if kind == "touch" and data.draw(st.integers(0, 9)) == 0:
            head["piece"] = data.draw(st.sampled_from("qrbn"))
        return head
    if kind in ("offer", "accept", "decline"):
        head["type"] = kind + "_draw"
        return head
    if kind == "claim":
        head["kind"] = data.draw(
            st.sampled_from(["threefold", "fifty", "flag", "touch_move", "illegal_move"])
        )
        if data.draw(st.booleans()):
            legal = [game.position.uci(m) for m in game.position.legal_moves()]
            head["move"] = data.draw(st.sampled_from([*legal, "a1a8", "Nf3"]))
        return head
    if kind == "tick":
        return {"type": "tick", "at": at}
    if kind == "arbiter":
        action = data.draw(
            st.sampled_from(
                ["add_time", "set_time", "pause", "resume", "observe_flag",
                 "observe_illegal_move", "observe_touch_move", "set_moves", "warning", "declare"]
            )
        )  # fmt: skip
        body: dict[str, Any] = {"type": "arbiter", "at": at, "action": action}
        if action in ("add_time", "set_time", "set_moves", "warning"):
            body["player"] = by
        if action == "add_time":
            body["seconds"] = data.draw(st.integers(-30, 120))
        if action == "set_time":
            body["seconds"] = data.draw(st.integers(0, 100))
        if action == "set_moves":
            body["moves"] = data.draw(st.integers(0, 50))
        if action == "declare" and data.draw(st.integers(0, 4)) == 0:
            body["result"] = data.draw(st.sampled_from(sorted(RESULTS)))
            body["reason"] = "arbiter"
        elif action == "declare":
            body["action"] = "observe_flag"
        return body
    if kind == "resign":
        if data.draw(st.integers(0, 9)) != 0:
            return {"type": "tick", "at": at}
        return head
    return data.draw(st.sampled_from(['{"type": "move"', "[]", '{"type": "fly", "at": 1}']))


def _check(game: Game, rulings: list[Any], over_before: bool, seen_over: list[int]) -> None:
    for ruling in rulings:
        obj = ruling.to_json()
        assert ruling_from_json(json.loads(json.dumps(obj))) == ruling
        assert ruling.kind is RulingKind.REJECTED or ruling.article, obj
        if over_before:
            assert ruling.kind is RulingKind.REJECTED
        if ruling.kind is RulingKind.GAME_OVER:
            seen_over.append(ruling.event)
            assert ruling.result in RESULTS
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


def _stream(data: st.DataObject) -> tuple[Game, list[str], list[Any]]:
    game = Game(mate_budget=300)
    lines = [json.dumps(data.draw(st.sampled_from(STARTS)))]
    rulings = list(game.handle_json(lines[0]))
    seen_over: list[int] = [r.event for r in rulings if r.kind is RulingKind.GAME_OVER]
    at = 0.0
    for _ in range(data.draw(st.integers(1, 40))):
        step = data.draw(st.sampled_from([0, 0.1, 0.5, 1, 1.5, 3, 7, 15, 40, -2]))
        at = max(0.0, round(at + step, 1)) if step >= 0 else round(at + step, 1)
        event = _event(data, game, at)
        line = event if isinstance(event, str) else json.dumps(event)
        lines.append(line)
        over = game.is_over
        new = game.handle_json(line)
        _check(game, new, over, seen_over)
        rulings.extend(new)
        if step < 0:
            at = max(at - step, 0.0)
    return game, lines, rulings


def _replay_equal(game: Game, lines: list[str], rulings: list[Any]) -> None:
    again, again_rulings = Game.replay(lines, mate_budget=300)
    assert again_rulings == rulings
    assert again.state() == game.state()
    assert again.moves == game.moves
    objects, object_rulings = Game.replay(game.events, mate_budget=300)
    assert object_rulings == rulings
    assert objects.state() == game.state()


@settings(
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_event_streams_keep_the_invariants_and_replay(data: st.DataObject) -> None:
    game, lines, rulings = _stream(data)
    _replay_equal(game, lines, rulings)


@pytest.mark.slow
@settings(
    max_examples=10_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_many_more_random_event_streams(data: st.DataObject) -> None:
    game, lines, rulings = _stream(data)
    _replay_equal(game, lines, rulings)
