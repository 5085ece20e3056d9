"""Time odds in the event log: ``start`` with ``time_controls`` (one control per player)."""

from __future__ import annotations

import json

import pytest

from chesslaws import BLACK, WHITE, InvalidEvent
from chesslaws.arbiter import Game, Mode, Start, game_to_pgn, parse_event
from chesslaws.pgn import read_game
from tests.arbiter._log import moves, run

_ODDS = '{"time_controls": {"white": "300", "black": "240+2@61"}}'


def test_time_controls_read_and_written_back() -> None:
    line = '{"type": "start", "time_controls": {"white": "300", "black": " 240+2@61 "}}'
    event = parse_event(line)
    assert isinstance(event, Start)
    assert event.time_controls == ("300", "240+2@61")
    assert event.time_control is None
    assert (event.control_of(WHITE), event.control_of(BLACK)) == ("300", "240+2@61")
    written = event.to_json()
    assert "time_control" not in written
    assert written["time_controls"] == {"white": "300", "black": "240+2@61"}
    assert parse_event(json.dumps(written)) == event


def test_one_control_for_both_is_written_as_before() -> None:
    event = parse_event('{"type": "start", "time_control": "300+2"}')
    assert event.to_json() == {"type": "start", "time_control": "300+2"}
    assert isinstance(event, Start) and event.time_controls is None
    assert event.control_of(BLACK) == "300+2"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            '"time_control": "300", "time_controls": {"white": "300", "black": "240"}',
            "give 'time_control' (one control for both players) or 'time_controls' "
            "(one per player), not both",
        ),
        ('"time_controls": {"white": "300"}', "a control for each player"),
        ('"time_controls": {"white": "300", "black": "240", "blue": "1"}', "for each player"),
        ('"time_controls": ["300", "240"]', "must be an object"),
        ('"time_controls": {"white": "300", "black": 240}', "black: a time-control string"),
        ('"time_controls": {"white": "", "black": "240"}', "white: a time-control string"),
    ],
)
def test_bad_time_controls_are_refused_naming_the_field(fields: str, message: str) -> None:
    with pytest.raises(InvalidEvent, match=message.replace("(", r"\(").replace(")", r"\)")) as e:
        parse_event('{"type": "start", ' + fields + "}", line=0)
    assert e.value.field == "time_controls"
    assert str(e.value).startswith("line 0: start event: ")


def test_both_forms_refused_when_built_in_python_too() -> None:
    with pytest.raises(InvalidEvent, match="not both") as e:
        Start(time_control="300", time_controls=("300", "240"))
    assert e.value.field == "time_controls"


def test_a_rejected_start_names_the_players_control() -> None:
    _, rulings = run('start {"time_controls": {"white": "300", "black": "4 0 banana"}}')
    assert rulings[0]["ruling"] == "rejected"
    assert "bad 'time_controls': Black's control: time control '4 0 banana'" in rulings[0]["reason"]
    _, rulings = run('start {"time_controls": {"white": "-", "black": "300"}}')
    assert rulings[0]["ruling"] == "rejected"
    assert "a clock for each player: White's control is '-'" in rulings[0]["reason"]
    _, rulings = run('start {"time_controls": {"white": "*60", "black": "300"}}')
    assert "a sandclock runs for both players or for neither" in rulings[0]["reason"]


def test_armageddon_each_player_his_own_clock() -> None:
    game, rulings = run(
        f"start {_ODDS}\n" + moves("1. e4 e5 2. Nf3 Nc6", at=10, step=10)
    )
    assert rulings == []
    # White's clock ran 0-15 s and 25-35 s of his 300; Black's 15-25 s and 35-45 s of his
    # 240, with no increment before his move 61.
    assert game.remaining(WHITE) == 300_000 - 25_000
    assert game.remaining(BLACK) == 240_000 - 20_000
    assert game.profile is not None and game.profile.mode is Mode.BLITZ


def test_black_flags_at_his_own_time() -> None:
    game, rulings = run(f"""
        start {_ODDS}
        1 white move e4
        1.5 white press
        241.5 tick
    """)
    flag = {"event": 3, "at": 241.5, "ruling": "flag", "by": "black", "article": "6.8"}
    assert rulings[0] == flag
    assert game.result == "1-0" and game.reason == "flag"


@pytest.mark.parametrize(
    ("white", "black", "mode"),
    [
        ("300", "240", Mode.BLITZ),
        ("5400+30", "900+10", Mode.RAPID),  # different categories: the faster one
        ("900", "300", Mode.BLITZ),
        ("5400", "3600", Mode.STANDARD),
    ],
)
def test_the_game_category_under_odds(white: str, black: str, mode: Mode) -> None:
    game, _ = run(f'start {{"time_controls": {{"white": "{white}", "black": "{black}"}}}}')
    assert game.profile is not None and game.profile.mode is mode


def test_the_events_mode_overrides_the_category() -> None:
    game, _ = run('start {"time_controls": {"white": "900", "black": "300"}, "mode": "rapid"}')
    assert game.profile is not None and game.profile.mode is Mode.RAPID


def test_pgn_has_a_time_control_tag_per_player_and_each_players_clk() -> None:
    game, _ = run(f"start {_ODDS}\n" + moves("1. e4 e5", at=2, step=2))
    text = game_to_pgn(game.state())
    assert '[WhiteTimeControl "300"]' in text
    assert '[BlackTimeControl "240+2@61"]' in text
    assert "[TimeControl " not in text  # no one control is the game's (as cutechess writes)
    record = read_game(text)
    assert record.clock_after(1)[0] == 300_000 - 3_000  # 2 s before e4, pressed 1 s later
    assert record.clock_after(2)[0] == 240_000 - 2_000
    assert [str(c) for c in record.time_controls() or ()] == ["300", "240+2@61"]
    assert record.time_control() is None


def test_pgn_one_control_is_read_for_both_and_half_a_pair_is_none() -> None:
    one = read_game('[TimeControl "180+2"]\n\n*').time_controls()
    assert one is not None and one[0] == one[1] and str(one[0]) == "180+2"
    assert read_game('[WhiteTimeControl "300"]\n\n*').time_controls() is None
    assert read_game("*").time_controls() is None


def test_pgn_with_the_same_control_twice_has_one_tag() -> None:
    game, _ = run('start {"time_controls": {"white": "G/5 inc2", "black": "300+2"}}')
    text = game_to_pgn(game.state())
    assert '[TimeControl "300+2"]' in text
    assert "WhiteTimeControl" not in text and "BlackTimeControl" not in text


def test_quickplay_increment_under_odds_for_both_players() -> None:
    # Guidelines III.4: both players get the increment, each on his own control.
    # Black asks when he is to move (after White's Nf3; III.4 "a player to move": the test
    # asked after his own press before, which the text does not allow).
    game, rulings = run("""
        start {"time_controls": {"white": "40/5400:900", "black": "40/3600:900"}}
        1 white move e4
        2 white press
        3 black move e5
        3500 black press
        3501 white move Nf3
        3502 white press
        3503 arbiter quickplay_increment player=black
        3504 black move Nc6
        3505 black press
    """)
    assert rulings[-1]["ruling"] == "penalty"
    clock = game.clock
    assert clock is not None
    assert [tc.has_increment for tc in clock.time_controls] == [True, True]
    assert clock.time_control_of(WHITE).periods[0].time == 5_400_000
    assert clock.time_control_of(BLACK).periods[0].time == 3_600_000
    assert game.remaining(WHITE) == 5_400_000 - 2_000 - 2_000 + 120_000
    assert game.remaining(BLACK) == 3_600_000 - 3_498_000 - 3_000 + 5_000


def test_replay_rules_the_same() -> None:
    lines = [json.dumps({"type": "start", "time_controls": {"white": "60", "black": "30"}})]
    lines.append('{"type": "tick", "at": 61}')
    game, rulings = Game.replay(lines)
    assert rulings[0].kind.value == "flag" and game.result == "0-1"
