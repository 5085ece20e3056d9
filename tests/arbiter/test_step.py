"""The arbiter as a function: ``step`` changes nothing it is given, ``Game`` is a fold of it,
and a saved state goes on (or branches) exactly as a fresh replay of the same events would."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from chesslaws import Color
from chesslaws.arbiter import Game, GameState, Particulars, Reason, Result, parse_event, step
from chesslaws.arbiter._board import starting_board
from chesslaws.arbiter._step import HANDLERS, step_line
from chesslaws.core import Position
from tests.arbiter._log import run, to_jsonl
from tests.arbiter.test_properties import STARTS, _event

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
BUDGET = 300  # as the random streams of test_properties: a quick "can he still mate?" search
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


def _next_event(rng: random.Random, game: Game, at: float) -> str:
    """A random event, with games that go on: often a legal move by the player having the move,
    or a press by the player who moved, else anything ``test_properties`` makes (junk lines,
    touches, claims, offers, arbiter actions, illegal moves)."""
    roll = rng.random()
    position = game.position
    mover = position.side_to_move.label
    if roll < 0.3 and position.legal_moves():
        move = position.uci(rng.choice(position.legal_moves()))
        return json.dumps({"type": "move", "at": at, "by": mover, "move": move})
    if roll < 0.55:
        by = position.side_to_move.other.label if rng.random() < 0.8 else mover
        return json.dumps({"type": "press", "at": at, "by": by})
    event = _event(rng, game, at)
    return event if isinstance(event, str) else json.dumps(event)


def _stream(seed: int) -> tuple[Game, list[str], list[Any]]:
    """A random event stream from one of the starts of ``test_properties``."""
    rng = random.Random(seed)
    game = Game(mate_budget=BUDGET)
    lines = [json.dumps(rng.choice(STARTS))]
    rulings = list(game.handle_json(lines[0]))
    at = 0.0
    for _ in range(rng.randint(1, 80)):
        at = round(at + rng.choice([0, 0.1, 0.5, 1, 1.5, 3, 7, 15, 40, -2]), 1)
        line = _next_event(rng, game, max(at, 0.0))
        lines.append(line)
        rulings.extend(game.handle_json(line))
    return game, lines, rulings


def _copy(state: GameState) -> GameState:
    """A deep copy (through pickle: the same as ``copy.deepcopy``, faster on nested tuples)."""
    copied = pickle.loads(pickle.dumps(state))
    assert isinstance(copied, GameState)
    return copied


def _fold(lines: list[str]) -> tuple[GameState, list[Any]]:
    """Fold ``step`` over the log, checking at every event that the state given is unchanged."""
    state = GameState(particulars=Particulars(mate_budget=BUDGET))
    rulings: list[Any] = []
    for line in lines:
        before = _copy(state)
        state_after, new = step_line(state, line)
        assert state == before, f"step changed its input at {line}"
        rulings.extend(new)
        state = state_after
    return state, rulings


def _continue(state: GameState, lines: list[str]) -> tuple[Game, list[Any]]:
    game = Game.from_state(state)
    rulings: list[Any] = []
    for line in lines:
        rulings.extend(game.handle_json(line))
    return game, rulings


def _branch(saved: GameState, seed: int) -> list[str]:
    """Another random continuation from ``saved`` (events made for that position)."""
    rng = random.Random(seed)
    game = Game.from_state(saved)
    at = saved.last_at / 1000
    lines = []
    for _ in range(rng.randint(1, 30)):
        at = round(at + rng.choice([0, 0.5, 1, 3, 20]), 1)
        line = _next_event(rng, game, at)
        lines.append(line)
        game.handle_json(line)
    return lines


def _check_stream(seed: int) -> None:
    game, lines, rulings = _stream(seed)
    note("\n".join(lines))
    # Game is a fold of step, and step never changes the state it is given.
    folded, fold_rulings = _fold(lines)
    assert fold_rulings == rulings
    assert folded == game.state()
    # Resuming from the state after any prefix gives the same rulings and the same end.
    rng = random.Random(seed ^ 0x5EED)
    cut = rng.randint(0, len(lines))
    head, head_rulings = Game.replay(lines[:cut], mate_budget=BUDGET)
    saved = head.state()
    kept = _copy(saved)
    resumed, tail_rulings = _continue(saved, lines[cut:])
    assert head_rulings + tail_rulings == rulings
    assert resumed.state() == game.state()
    assert resumed.moves == game.moves and resumed.move_clocks == game.move_clocks
    # Branching: two continuations from one saved state, each equal to a fresh replay.
    other = _branch(saved, seed + 1)
    branched, branch_rulings = _continue(saved, other)
    fresh, fresh_rulings = Game.replay(lines[:cut] + other, mate_budget=BUDGET)
    assert head_rulings + branch_rulings == fresh_rulings
    assert branched.state() == fresh.state()
    assert saved == kept  # neither continuation changed the saved state
    # Every game from the starting position shares one board: none of them changed it.
    assert _fields(starting_board().position) == _fields(Position.from_fen(STARTING_FEN))


def _fields(position: Position) -> dict[str, object]:
    return {name: getattr(position, name) for name in Position.__slots__}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_step_is_pure_game_is_its_fold_and_states_resume_and_branch(seed: int) -> None:
    _check_stream(seed)


@pytest.mark.deep  # 900 streams: a minute of a core; the 300 above run by default
@settings(max_examples=900, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS)
def test_many_more_streams_step_resume_and_branch(seed: int) -> None:
    _check_stream(seed)


def test_step_takes_events_from_one_table_by_type() -> None:
    from chesslaws.arbiter import _events

    kinds = {
        _events.MoveMade,
        _events.Press,
        _events.Touch,
        _events.Adjust,
        _events.Offer,
        _events.Accept,
        _events.Decline,
        _events.Claim,
        _events.Resign,
        _events.Tick,
        _events.Arbiter,
        _events.Pause,
        _events.Arrive,
        _events.Depart,
        _events.Record,
        _events.Sign,
        _events.RequestScoresheet,
        _events.AgreeCorrection,
        _events.SpectatorRemark,
        _events.Adjourn,
        _events.Seal,
        _events.ResumeSession,
        _events.OpenEnvelope,
        _events.Feel,
        _events.Announce,
        _events.RequestTime,
    }
    assert set(HANDLERS) == kinds  # every event but ``start``, which opens the game


def test_public_step_and_parse_event_rule_as_game_does() -> None:
    lines = to_jsonl("""
        start {"time_control": "60"}
        1 white move f3
        2 white press
        3 black move e5
        4 black press
        5 white move g4
        6 white press
        7 black move Qh4
    """)
    state = GameState()
    rulings = []
    for line in lines:
        state, new = step(state, parse_event(line))
        rulings.extend(r.to_json() for r in new)
    game, expected = run("\n".join(lines))
    assert rulings == expected
    assert rulings[-1]["reason"] == "checkmate" and state.result is Result.BLACK_WINS
    assert state.reason is Reason.CHECKMATE  # typed in the state, text in the ruling's JSON
    assert state == game.state()
    assert state.moves == ("f2f3", "e7e5", "g2g4", "d8h4")


def test_a_resumed_game_reads_like_the_original() -> None:
    lines = to_jsonl("""
        start {"time_control": "300+2"}
        3 white move e4
        4 white press
        9 black offer
    """)
    game, _ = Game.replay(lines)
    resumed = Game.from_state(game.state())
    assert resumed.moves == game.moves == ("e4",)
    assert resumed.draw_offer is game.draw_offer
    assert resumed.remaining(0) == game.remaining(0) == 298_000
    assert resumed.events == ()  # the log of the events it handled itself
    assert resumed.handle_json('{"type": "accept_draw", "at": 10, "by": "white"}') == (
        game.handle_json('{"type": "accept_draw", "at": 10, "by": "white"}')
    )
    assert resumed.state() == game.state()


def test_clock_and_record_are_copies() -> None:
    game, _ = Game.replay(to_jsonl("""
        start {"time_control": "60"}
        1 white move e4
    """))
    before = game.state()
    clock = game.clock
    assert clock is not None
    clock.press(Color.WHITE, 2_000)
    record = game.record
    record.push_uci("e7e5")
    position = game.position
    position.push_uci("d7d5")
    assert game.state() == before
    assert game.remaining(0) == 59_000
    assert game.position.fen() == Position.from_fen(game.state().fen).fen()
    assert game.record.ply == 1


def test_mate_budget_is_a_rule_of_the_start_event() -> None:
    # A flag with Black's lone king and White's queen: the search decides at once; the budget
    # is read from the log and replays alone.
    line = json.dumps(
        {"type": "start", "time_control": "1", "rules": {"mate_budget": 7}},
    )
    assert parse_event(line).rules.mate_budget == 7  # type: ignore[union-attr]
    assert json.loads(json.dumps(parse_event(line).to_json())) == json.loads(line)
    game, _ = Game.replay([line])
    assert game.profile is not None and game.profile.mate_budget == 7
    default, _ = Game.replay(['{"type": "start", "time_control": "1"}'])
    from chesslaws.endings import MATE_BUDGET

    assert default.profile is not None and default.profile.mate_budget == MATE_BUDGET
    bad = Game().handle_json(
        '{"type": "start", "time_control": "1", "rules": {"mate_budget": 0}}'
    )
    assert bad[0].reason is not None
    assert "'mate_budget' must be a whole number >= 1" in bad[0].reason


AT = st.one_of(
    st.integers(min_value=0, max_value=10**6),
    st.decimals(min_value=0, max_value=10**6, places=4, allow_nan=False),
    st.floats(min_value=0, max_value=1e6, allow_nan=False),
)


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(["move", "press"]),
    AT,
    st.sampled_from(["white", "black", "White", "green"]),
    st.sampled_from(["e2e4", "e7e8q", "Nf3", " e2e4 ", "", "e2e4x"]),
    st.booleans(),
)
def test_the_fast_reader_reads_as_the_general_one(
    kind: str, at: object, by: str, move: str, with_move: bool
) -> None:
    from decimal import Decimal

    from chesslaws import InvalidEvent
    from chesslaws.arbiter import _events, event_from_json

    obj: dict[str, Any] = {"type": kind, "at": at, "by": by}
    if with_move:
        obj["move"] = move
    line = json.dumps(obj, default=str)
    line = line.replace(f'"{at}"', str(at)) if isinstance(at, Decimal) else line
    fast_readers = dict(_events._FAST)
    _events._FAST.clear()  # the general reader alone
    try:
        general: object = event_from_json(json.loads(line, parse_float=Decimal))
    except InvalidEvent as error:
        general = ("error", str(error))
    finally:
        _events._FAST.update(fast_readers)
    try:
        fast: object = parse_event(line)
    except InvalidEvent as error:
        fast = ("error", str(error))
    assert fast == general, line


def test_a_result_is_written_for_pgn_in_one_place() -> None:
    # PGN knows 1-0, 0-1 and 1/2-1/2; a loss for both (0-0), the arbiter's 1/2-0 and 0-1/2
    # (10.2, 12.9.5), a game without a result, and any other text are written "*" (8.1.1).
    assert [Result.pgn_of(r) for r in Result] == ["1-0", "0-1", "1/2-1/2", "*", "*", "*", "*"]
    assert [Result.pgn_of(t) for t in ("1-0", "0-1", "1/2-1/2", "0-0", "*", "", None)] == [
        "1-0",
        "0-1",
        "1/2-1/2",
        "*",
        "*",
        "*",
        "*",
    ]


def test_one_mate_budget_everywhere() -> None:
    # One default effort for "can the opponent still checkmate?" (5.1.2, 6.9): the state's, the
    # game's and the command line's, so a log replayed by `arbitrate` rules as the game did.
    from chesslaws.cli._cmd_status import MATE_BUDGET as status_budget
    from chesslaws.endings import MATE_BUDGET

    assert GameState().mate_budget == Game().state().mate_budget == MATE_BUDGET
    assert status_budget is MATE_BUDGET
