"""Frozen means frozen: no public path from a :class:`GameState` to an object that can change it.

The first test walks every public attribute reachable from states of several games (fields,
properties, methods that take no argument, the items of tuples and of the scoresheet): every
value is a frozen value (setting a field fails) or, if it is a mutable object, the caller's own
copy: every mutating method is tried on it, and the state is unchanged. The second plays 1,000
games in one process, pushing on every position and clock it is handed, and checks that the
start the games share is untouched.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import inspect
import pickle
import random
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any

import pytest

from chesslaws import Color
from chesslaws.arbiter import GameState, Particulars, Scoresheet, step_line
from chesslaws.arbiter._board import starting_board
from chesslaws.clock import Clock
from chesslaws.core import STARTING_FEN, Position
from chesslaws.endings import GameRecord
from tests.arbiter._log import moves, to_jsonl

SCALARS = (int, float, str, bytes, bool, type(None), enum.Enum, Decimal)

LOGS = {
    "not started": "",
    "standard start, nothing played": 'start {"time_control": "300+2"}',
    "a game under way": f"""
        start {{"time_control": "40/5400+30:1800+30", "rules": {{"supervision": "full"}}}}
        {moves("e4 e5 Nf3 Nc6 Bb5", at=3)}
        40 black touch a7
        41 white offer
        42 arbiter add_time player=black seconds=60
        43 arbiter warning player=white
    """,
    "an illegal move pending, paused": f"""
        start {{"time_control": "600", "rules": {{"supervision": "partial"}}}}
        {moves("d4 d5", at=2)}
        10 white move e1e3
        11 white press
        12 white pause
    """,
    "a sandclock at odds, ended": """
        start {"time_controls": {"white": "*300", "black": "*240"}}
        1 white move f2f3
        2 white press
        3 black move e7e5
        4 black press
        5 white move g2g4
        6 white press
        7 black move d8h4
        8 black press
    """,
    "a set position": 'start {"fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 12 40", "time_control": "60"}',
}


def _state(log: str) -> GameState:
    state = GameState()
    for index, line in enumerate(to_jsonl(log) if log else []):
        state, _ = step_line(state, line, index=index)
    return state


def _legal_uci(position: Position) -> str:
    legal = position.legal_moves()
    return position.uci(legal[0]) if legal else "e2e4"


# Every mutating method of the mutable types a state may hand out (each tried in turn; a method
# that refuses its arguments has tried, too).
MUTATORS: dict[type, list[Callable[[Any], object]]] = {
    Position: [
        lambda p: p.push_uci(_legal_uci(p)),
        lambda p: p.push(p.legal_moves()[0]),
        lambda p: p.play(p.legal_moves()[0]),
        lambda p: p.push_san(p.san(p.legal_moves()[0])),
        lambda p: p.push_code(p.legal_codes()[0]),
        lambda p: p.pop(),
        lambda p: p.pop_code(),
        lambda p: setattr(p, "halfmove_clock", 99),
        lambda p: setattr(p, "fullmove_number", 77),
        lambda p: setattr(p, "castling", 0),
        lambda p: setattr(p, "chess960", True),
    ],
    Clock: [
        lambda c: c.press(c.turn or Color.WHITE),
        lambda c: c.pressed(Color.WHITE),
        lambda c: c.add_time(Color.WHITE, 60_000),
        lambda c: c.set_time(Color.BLACK, 1),
        lambda c: c.set_moves(Color.WHITE, 39),
        lambda c: c.pause(),
        lambda c: c.resume(),
        lambda c: c.switch(Color.BLACK),
        lambda c: c.clear_flag(Color.WHITE),
        lambda c: c.stop(),
        lambda c: c.start(0),
    ],
    GameRecord: [
        lambda r: r.push_uci(_legal_uci(r.position)),
        lambda r: r.pop(),
        lambda r: r.position.push_uci(_legal_uci(r.position)),
    ],
    list: [lambda x: x.append(0), lambda x: x.clear()],
    dict: [lambda x: x.clear()],
    set: [lambda x: x.add(0)],
}


_MOST = 20_000
_DEEPEST = 12


def _reachable(root: object) -> Iterator[tuple[str, object]]:
    """Every object reachable from ``root`` through public names, with the path to it."""
    seen: set[int] = set()
    todo: list[tuple[str, object]] = [("state", root)]
    keep: list[object] = []  # the values made on reading stay alive, so no id is reused
    while todo:
        path, obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (*SCALARS, type)):
            continue
        assert len(seen) < _MOST and path.count(".") <= _DEEPEST, f"the walk runs away: {path}"
        seen.add(id(obj))
        keep.append(obj)
        yield path, obj
        if isinstance(obj, (tuple, frozenset, Scoresheet)):
            todo.extend((f"{path}[{i}]", item) for i, item in enumerate(obj))
        if type(obj) in MUTATORS:
            continue  # the caller's own copy: its inside is its own
        for name in dir(obj):
            if name.startswith("_"):
                continue
            try:
                value = getattr(obj, name)
            except Exception:  # a reading that does not apply to this state (e.g. time odds)
                continue
            if inspect.ismethod(value) or inspect.isbuiltin(value):
                if isinstance(getattr(value, "__self__", None), type):
                    continue  # a class's constructor, not a reading of this object
                value = _call_without_arguments(value)
                if value is None:
                    continue
            todo.append((f"{path}.{name}", value))


def _call_without_arguments(method: Callable[..., object]) -> object:
    try:
        signature = inspect.signature(method)
    except (TypeError, ValueError):
        return None
    if any(
        p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        for p in signature.parameters.values()
    ):
        return None
    try:
        return method()
    except Exception:  # a reading that does not apply to this state
        return None


def _frozen_value(path: str, obj: object) -> None:
    cls = type(obj)
    params = getattr(cls, "__dataclass_params__", None)
    assert params is not None and params.frozen, f"{path}: {cls.__name__} is not a frozen value"
    for f in dataclasses.fields(obj):  # type: ignore[arg-type]
        with pytest.raises(AttributeError):
            setattr(obj, f.name, None)
    with pytest.raises((AttributeError, TypeError)):
        obj.__dict__  # noqa: B018  # slots: no attribute can be added


@pytest.mark.parametrize("log", list(LOGS.values()), ids=list(LOGS))
def test_nothing_reachable_from_a_state_changes_it(log: str) -> None:
    state = _state(log)
    twin = pickle.loads(pickle.dumps(state))
    assert twin == state
    mutables = 0
    kinds: set[type] = set()
    for path, obj in _reachable(state):
        kinds.add(type(obj))
        if isinstance(obj, (tuple, frozenset)):
            continue
        if type(obj) not in MUTATORS:
            _frozen_value(path, obj)
            continue
        mutables += 1
        # A mutable object is hashed by identity at most (never by a value that changes).
        assert type(obj).__hash__ in (None, object.__hash__), path
        for mutate in MUTATORS[type(obj)]:
            with contextlib.suppress(Exception):  # refused (an illegal move, ...): tried
                mutate(obj)
        assert state == twin, f"{path}: changed the state"
        assert state.fen == twin.fen and state.moves == twin.moves
        if state.clock is not None and twin.clock is not None:
            assert state.clock.snapshot() == twin.clock.snapshot(), path
    assert Particulars in kinds  # the walk went through the particulars too
    if state.started:
        assert mutables >= 2  # the position and the record (and the clock) were handed out
    assert starting_board().fen == STARTING_FEN


def test_a_position_is_not_hashable() -> None:
    with pytest.raises(TypeError):
        hash(Position())
    with pytest.raises(TypeError):
        {Position()}


def test_a_thousand_games_leave_the_shared_start_untouched() -> None:
    rng = random.Random(26)
    shared = starting_board()
    start_key = Position().zobrist_key()
    for _ in range(1000):
        state = GameState()
        assert state.board is shared  # every game from the start shares one board
        state, _ = step_line(state, '{"type": "start", "time_control": "60+1"}', index=0)
        at = 0.0
        for ply in range(rng.randrange(1, 12)):
            position = state.board.position
            legal = position.legal_moves()
            if not legal or state.is_over:
                break
            # Whatever a state hands out is the caller's: push on it, change its clock.
            chosen = rng.choice(legal)
            uci = position.uci(chosen)
            position.push(chosen)
            if state.clock is not None:
                state.clock.clock.add_time(Color.WHITE, 5_000, int((at + 0.5) * 1000))
            by = state.on_move.label.lower()
            at += 0.5
            line = f'{{"type": "move", "at": {at}, "by": "{by}", "move": "{uci}"}}'
            state, _ = step_line(state, line, index=2 * ply + 1)
            line = f'{{"type": "press", "at": {at + 0.25}, "by": "{by}"}}'
            state, _ = step_line(state, line, index=2 * ply + 2)
        assert state.moves
    assert shared is starting_board()
    assert shared.fen == STARTING_FEN and shared.repetitions == 1
    assert shared.position.move_stack == [] and shared.position.ply == 0
    assert shared.position.zobrist_key() == start_key
    assert GameState().board.position == Position()
