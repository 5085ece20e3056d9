"""The event and ruling JSON of ``docs/events.md``: reading, writing, rejecting, exact time."""

from __future__ import annotations

import json

import pytest

from chesslaws import Color, InvalidEvent
from chesslaws import Game as TopLevelGame
from chesslaws.arbiter import (
    Accept,
    Adjust,
    Arbiter,
    ArbiterActionKind,
    Claim,
    ClaimKind,
    Decline,
    Game,
    Mode,
    MoveMade,
    Offer,
    Press,
    Resign,
    Result,
    Rules,
    Ruling,
    RulingKind,
    Start,
    Supervision,
    Tick,
    Touch,
    parse_event,
    ruling_from_json,
    seconds_to_ms,
)
from chesslaws.arbiter import Millis as ms
from chesslaws.core import QUEEN, parse_square
from tests.arbiter._log import run, to_jsonl

WHITE_, BLACK_ = Color.WHITE, Color.BLACK


def test_game_is_exported_at_the_top() -> None:
    assert TopLevelGame is Game


def test_spec_example_rulings_are_written_exactly() -> None:
    illegal = Ruling(
        12,
        641_500,
        RulingKind.ILLEGAL_MOVE,
        article="7.5.5",
        by=parse_event('{"type": "resign", "at": 1, "by": "white"}').by,  # type: ignore[union-attr]
        penalty=ruling_from_json(
            {
                "event": 0,
                "ruling": "penalty",
                "penalty": {"add_time": {"player": "black", "seconds": 120}},
            }
        ).penalty,
    )
    assert json.dumps(illegal.to_json()) == (
        '{"event": 12, "at": 641.5, "ruling": "illegal_move", "by": "white", "article": "7.5.5", '
        '"penalty": {"add_time": {"player": "black", "seconds": 120}}}'
    )
    over = Ruling(
        30,
        1_730_000,
        RulingKind.GAME_OVER,
        article="6.9",
        result=Result.DRAW,
        reason="flag_cannot_checkmate",
    )
    assert json.dumps(over.to_json()) == (
        '{"event": 30, "at": 1730.0, "ruling": "game_over", "result": "1/2-1/2", '
        '"reason": "flag_cannot_checkmate", "article": "6.9"}'
    )
    for ruling in (illegal, over):
        assert ruling_from_json(json.loads(json.dumps(ruling.to_json()))) == ruling


EVENTS = [
    Start("40/5400+30:1800+30", None, mode=Mode.STANDARD),
    Start(
        None,
        "8/8/8/8/8/8/8/K6k w - - 0 1",
        rules=Rules(supervision=Supervision.PARTIAL, draw_offers_from_move=30),
    ),
    Touch(ms(1500), WHITE_, parse_square("g1")),
    Touch(ms(1500), WHITE_, parse_square("e8"), QUEEN),
    Adjust(ms(2), BLACK_, parse_square("d7")),
    MoveMade(ms(3), WHITE_, "e2e4"),
    MoveMade(ms(3), WHITE_, "e1g1", hands=2),
    Press(ms(4), WHITE_),
    Offer(ms(5), BLACK_),
    Accept(ms(6), WHITE_),
    Decline(ms(7), WHITE_),
    Claim(ms(8), BLACK_, ClaimKind.THREEFOLD, "Ng8"),
    Claim(ms(8), BLACK_, ClaimKind.FLAG),
    Resign(ms(9), WHITE_),
    Tick(10),
    Arbiter(ms(11), ArbiterActionKind.ADD_TIME, player=BLACK_, seconds=ms(60_000)),
    Arbiter(ms(12), ArbiterActionKind.DECLARE, result="0-0", reason="arbiter", article="11.8"),
    Arbiter(ms(13), ArbiterActionKind.PAUSE),
]


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: type(e).__name__)
def test_events_round_trip_through_json(event: object) -> None:
    text = json.dumps(event.to_json())  # type: ignore[attr-defined]
    assert parse_event(text) == event


@pytest.mark.parametrize(
    ("text", "ms"),
    [
        ("641.5", 641_500),
        ("0.0005", 0),
        ("0.0015", 2),
        ("0.0025", 2),
        ("1e3", 1_000_000),
        ("0.1", 100),
        ("3", 3000),
        ("1234567.891", 1_234_567_891),
    ],
)
def test_seconds_to_milliseconds_exact_half_even(text: str, ms: int) -> None:
    assert seconds_to_ms(text) == ms
    event = parse_event('{"type": "tick", "at": ' + text + "}")
    assert event.at == ms


def test_time_from_the_decimal_text_not_a_float_sum() -> None:
    # 0.1 + 0.2 seconds of thinking: exactly 300 ms off the clock, however often.
    lines = ['{"type": "start", "time_control": "60"}']
    lines += [f'{{"type": "tick", "at": {t / 10:.1f}}}' for t in range(1, 51)]
    game = Game()
    for line in lines:
        assert game.handle_json(line) == []
    assert game.remaining(WHITE_) == 60_000 - 5_000


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("{not json", "not valid JSON"),
        ('["a list"]', "an event is a JSON object"),
        ('{"type": "jump", "at": 1}', "unknown event type 'jump'"),
        ('{"type": "touch", "at": 1, "by": "white", "square": "z9"}', "no such square: 'z9'"),
        ('{"type": "touch", "at": 1, "by": "green", "square": "e2"}', "'by' must be"),
        ('{"type": "press", "by": "white"}', "missing 'at'"),
        ('{"type": "press", "at": -1, "by": "white"}', "'at' is negative"),
        ('{"type": "press", "at": "soon", "by": "white"}', "'at' must be a number"),
        ('{"type": "press", "at": NaN, "by": "white"}', "not valid JSON"),
        ('{"type": "claim", "at": 1, "by": "white", "kind": "boredom"}', "'kind' must be one of"),
        (
            '{"type": "arbiter", "at": 1, "action": "add_time", "player": "white"}',
            "needs 'seconds'",
        ),
        ('{"type": "arbiter", "at": 1, "action": "declare", "result": "2-0"}', "'result' must be"),
        ('{"type": "move", "at": 1, "by": "white", "move": ""}', "'move' must be a non-empty"),
    ],
)
def test_malformed_lines_are_rejected_naming_line_and_reason(line: str, reason: str) -> None:
    game = Game()
    game.handle_json('{"type": "start", "time_control": "60"}')
    before = game.state()
    rulings = game.handle_json(line)
    assert len(rulings) == 1
    assert rulings[0].kind is RulingKind.REJECTED
    assert rulings[0].event == 1
    assert rulings[0].reason is not None
    assert rulings[0].reason.startswith("line 1: ") or rulings[0].reason.startswith("line 1")
    assert reason in rulings[0].reason
    after = game.state()
    assert after.fen == before.fen and after.clock == before.clock and after.moves == ()
    # Reading goes on.
    assert game.handle_json('{"type": "move", "at": 2, "by": "white", "move": "e4"}') == []


def test_parse_event_raises_invalid_event_with_line_and_field() -> None:
    with pytest.raises(InvalidEvent) as info:
        parse_event('{"type": "touch", "at": 1, "by": "white", "square": "i1"}', 7)
    assert info.value.line == 7
    assert info.value.field == "square"


def test_unknown_rule_is_rejected() -> None:
    _, rulings = run('start {"time_control": "60", "rules": {"supervison": "full"}}')
    assert rulings[0]["ruling"] == "rejected"
    assert "unknown rule 'supervison'" in rulings[0]["reason"]


def test_events_before_the_start_and_a_second_start() -> None:
    game, rulings = run("""
        1 white move e2e4
        start {"time_control": "60"}
        start {"time_control": "60"}
    """)
    assert rulings[0]["reason"] == "the game has not started (the first event must be 'start')"
    assert rulings[1]["reason"] == "the game has already started"
    assert game.started


def test_time_going_backwards_is_rejected_and_changes_nothing() -> None:
    game, rulings = run("""
        start {"time_control": "60"}
        10 white move e2e4
        5 white press
        11 white press
    """)
    assert rulings == [
        {
            "event": 2,
            "at": 5.0,
            "ruling": "rejected",
            "reason": "time goes backwards: 5 s after 10 s",
        }
    ]
    assert game.remaining(0) == 60_000 - 11_000


def test_bad_start_fields_are_rejected() -> None:
    for start, words in (
        ('start {"time_control": "5400+"}', "bad 'time_control'"),
        ('start {"time_control": "60", "fen": "nonsense"}', "bad 'fen'"),
        ('start {"time_control": "60", "variant": "chess960"}', "needs its starting 'fen'"),
        ('start {"time_control": "60", "mode": "bullet"}', "'mode' must be one of"),
    ):
        game, rulings = run(start)
        assert words in rulings[0]["reason"], start
        assert not game.started


def test_no_clock_game() -> None:
    # time_control null: no clock; moves, presses and claims still work.
    game, rulings = run("""
        start {"time_control": null}
        1 white move e4
        2 white press
        3 white claim flag
        4 tick
    """)
    assert rulings[0]["ruling"] == "claim_refused"
    assert game.remaining(0) is None
    assert game.moves == ("e4",)


def test_mode_is_derived_from_the_time_control() -> None:
    for control, mode in (("180+2", "blitz"), ("600+5", "rapid"), ("5400+30", "standard")):
        game, _ = run(f'start {{"time_control": "{control}"}}')
        assert game.profile is not None
        assert game.profile.mode.value == mode


def test_readable_log_is_spec_json() -> None:
    lines = to_jsonl("""
        start {"time_control": "60"}
        1.25 white move e2e4
        2 black claim threefold Ng8
        3 arbiter add_time player=black seconds=60
    """)
    assert [json.loads(line)["type"] for line in lines] == ["start", "move", "claim", "arbiter"]
    assert '"at": 1.25' in lines[1]


def test_game_exposes_record_clock_and_obligation() -> None:
    game, _ = run("""
        start {"time_control": "60"}
        1 white touch g1
    """)
    assert game.clock is not None and game.clock.running is Color.WHITE
    assert game.record.ply == 0
    assert sorted(m.uci() for m in game.obligation().moves or ()) == ["g1f3", "g1h3"]
    assert game.obligation().article == "4.3.1"
    assert game.state() == Game.replay(game.events)[0].state()
