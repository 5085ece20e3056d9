"""Blind and visually disabled players (Appendix D, numbered as in the 2023 text): the setting
(D.1), the tactile board's touch (D.2.2), a move made once announced (D.2.3, D.2.4), the
sighted player's normal rules (D.2.5), the times read out (D.2.6.1, D.2.10.4), the scoresheet
on a recorder (D.2.7), corrections (D.2.8), boards that differ (D.2.9) and the assistant a
hearing-impaired opponent requires (D.2.11). Appendix D reads the same in the 2014, 2018 and
2023 editions."""

from __future__ import annotations

import json
from typing import Any

import pytest

from chesslaws import InvalidEvent
from chesslaws._color import BLACK, WHITE
from chesslaws.arbiter import parse_event
from chesslaws.arbiter._events import Announce, Feel
from tests.arbiter._log import run_then

_SETTING = '{"visually_disabled": ["black"], "tactile_board": true}'
_START = f'start {{"time_control": "5400+30", "rules": {{"appendix_d": {_SETTING}}}}}'
_OPENED = f"""
    {_START}
    10 white move e2e4
    11 white press
"""


_run = run_then


def _announce(at: float, by: str, move: str) -> dict[str, Any]:
    return {"type": "announce", "at": at, "by": by, "move": move}


def _feel(at: float, by: str, square: str) -> dict[str, Any]:
    return {"type": "feel", "at": at, "by": by, "square": square}


def _slip_corrected(at: float, by: str, wrong: str, right: str) -> list[dict[str, Any]]:
    """A wrong announcement, a press, the announcement corrected, a press (D.2.8)."""
    press = {"type": "press", "by": by}
    return [_announce(at, by, wrong), {**press, "at": at + 1}, _announce(at + 2, by, right),
            {**press, "at": at + 3}]


def _slip_rulings(
    event: int, at: float, by: str, said: tuple[str, str], article: str, note: str
) -> list[dict[str, Any]]:
    """The rulings of :func:`_slip_corrected`: the announcement that differs, the press refused
    before the move is announced (D.2.3, D.2.4), the correction (D.2.8)."""
    head = {"ruling": "announcement", "by": by}
    reason = (f"{by}'s move is made only once it is announced (D.2.3): his clock is not "
              "pressed before (D.2.4)")
    return [
        {"event": event, "at": at, **head, "status": "differs", "move": said[0],
         "article": article, "note": note},
        {"event": event + 1, "at": at + 1, "ruling": "rejected", "reason": reason},
        {"event": event + 2, "at": at + 2, **head, "status": "corrected", "move": said[1],
         "article": "D.2.8"},
    ]


_E5 = f"""
    {_OPENED}
    20 black move e7e5
"""
_E5_ANNOUNCED = (_announce(21, "black", "e5"), {"type": "press", "at": 22, "by": "black"})


def test_d_1_the_setting_reads_and_writes_back() -> None:
    start = parse_event(
        '{"type": "start", "time_control": "60", "rules": {"appendix_d": '
        '{"visually_disabled": ["white", "black"], "assistant": true}}}'
    )
    setting = start.rules.appendix_d  # type: ignore[union-attr]
    assert setting is not None
    assert setting.visually_disabled == (WHITE, BLACK)
    assert setting.tactile_board and setting.assistant
    assert parse_event(json.dumps(start.to_json())) == start


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ('{"visually_disabled": []}', "needs 'visually_disabled'"),
        ('{"visually_disabled": ["red"]}', "once each"),
        ('{"visually_disabled": ["black", "black"]}', "once each"),
        ('{"visually_disabled": ["black"], "boards": 2}', "unknown appendix_d field 'boards'"),
        ('{"visually_disabled": ["black"], "assistant": "yes"}', "true or false"),
        ('"black"', "must be an object"),
    ],
)
def test_d_1_a_wrong_setting_is_refused_naming_it(setting: str, message: str) -> None:
    with pytest.raises(InvalidEvent, match=message) as error:
        parse_event(f'{{"type": "start", "rules": {{"appendix_d": {setting}}}}}')
    assert error.value.field == "appendix_d"


def test_d_2_2_a_piece_felt_in_its_hole_is_not_touched() -> None:
    game, rulings = _run(
        _OPENED, _feel(20, "black", "g8"),
        {"type": "move", "at": 21, "by": "black", "move": "b8c6"},
        _announce(22, "black", "Nc6"), {"type": "press", "at": 23, "by": "black"},
    )
    assert rulings == []
    assert game.state().moves == ("e2e4", "b8c6")


def test_d_2_2_a_piece_taken_out_of_its_hole_is_touched() -> None:
    _, rulings = _run(
        _OPENED, {"type": "touch", "at": 20, "by": "black", "square": "g8"},
        {"type": "move", "at": 21, "by": "black", "move": "b8c6"},
    )
    assert [(r["ruling"], r.get("must_move")) for r in rulings] == [
        ("touch_move", ["g8f6", "g8h6"])
    ]


def test_d_2_2_the_sighted_player_feels_nothing_he_touches() -> None:
    _, rulings = _run(f"{_START}", _feel(5, "white", "e2"))
    assert rulings[0]["ruling"] == "rejected"
    assert "plays on no tactile board" in rulings[0]["reason"]


def test_d_2_3_d_2_4_the_clock_is_not_pressed_before_the_move_is_announced() -> None:
    game, rulings = _run(
        _OPENED,
        {"type": "move", "at": 20, "by": "black", "move": "e7e5"},
        {"type": "press", "at": 21, "by": "black"},
        _announce(25, "black", "e5"),
        {"type": "press", "at": 26, "by": "black"},
    )
    assert rulings == [
        {"event": 4, "at": 21.0, "ruling": "rejected",
         "reason": "black's move is made only once it is announced (D.2.3): his clock is not "
         "pressed before (D.2.4)"},
    ]
    # Black's clock ran from White's press (11 s) to the press taken (26 s).
    assert game.remaining(BLACK) == 5400_000 - 15_000 + 30_000
    assert game.state().running is WHITE


def test_d_2_5_the_sighted_player_presses_without_announcing() -> None:
    game, rulings = _run(_OPENED)
    assert rulings == [] and game.state().running is BLACK


def test_d_2_8_a_slip_of_the_tongue_corrected_before_the_opponents_clock_starts() -> None:
    game, rulings = _run(
        _OPENED,
        {"type": "move", "at": 20, "by": "black", "move": "e7e5"},
        *_slip_corrected(21, "black", "d5", "e7e5"),
    )
    note = ("the announcement names another move than e5, made on the board: corrected "
            "before the opponent's clock is started (D.2.8), else the boards differ (D.2.9)")
    assert rulings == _slip_rulings(4, 21.0, "black", ("d5", "e7e5"), "D.2.8", note)
    assert game.state().moves == ("e2e4", "e7e5") and game.state().running is WHITE


def test_d_2_9_boards_that_differ_are_set_right_by_the_arbiter() -> None:
    game, rulings = _run(
        _E5, *_E5_ANNOUNCED,
        {"type": "arbiter", "at": 30, "action": "restore", "moves": 1, "article": "D.2.9"},
    )
    assert [(r["ruling"], r["article"]) for r in rulings] == [("position_restored", "D.2.9")]
    assert game.state().moves == ("e2e4",)


def test_announcing_needs_the_setting_and_a_move_made() -> None:
    _, rulings = _run(
        _START.replace(f', "rules": {{"appendix_d": {_SETTING}}}', ""),
        _announce(1, "white", "e4"),
    )
    assert rulings[0]["reason"] == "announce: the start event's rules have no 'appendix_d' (D.1)"
    _, rulings = _run(_OPENED, _announce(12, "black", "e5"))
    assert rulings[0]["reason"] == "announce: black has made no move to announce (D.2.1)"


def test_the_appendix_d_events_read_and_write_back() -> None:
    for event in (Feel(1000, BLACK, 62), Announce(2500, BLACK, "Nf6")):
        assert parse_event(json.dumps(event.to_json())) == event


def test_d_2_6_the_times_are_read_out_to_the_visually_disabled_player_on_request() -> None:
    _, rulings = _run(
        _OPENED,
        {"type": "request_time", "at": 40.5, "by": "black"},
        {"type": "request_time", "at": 41, "by": "white"},
    )
    assert rulings[0] == {
        "event": 3, "at": 40.5, "ruling": "announcement", "by": "black", "status": "time",
        "article": "D.2.6",
        "note": "white 1:30:19, black 1:29:30.5; moves completed: white 1, black 0",
    }
    assert rulings[1]["reason"] == "request_time: white is not visually disabled (D.2.6)"


_EDITIONS = ("2014", "2018", "2023")


def _start(setting: str, edition: str = "2023") -> str:
    return (
        f'start {{"time_control": "5400+30", "rules": {{"edition": "{edition}", '
        f'"appendix_d": {setting}}}}}'
    )


@pytest.mark.parametrize("edition", _EDITIONS)
def test_d_2_7_the_recorder_he_keeps_score_on_is_no_forbidden_device(edition: str) -> None:
    setting = '{"visually_disabled": ["black"], "scoresheet": "recorder"}'
    game, rulings = _run(
        f"""
        {_start(setting, edition)}
        10 white move e2e4
        11 white press
        """,
        {"type": "arbiter", "at": 12, "action": "device", "player": "black"},
    )
    assert rulings == [
        {"event": 3, "at": 12.0, "ruling": "rejected",
         "reason": "device: black records his moves on a device (D.2.7): that one is his "
         "scoresheet; another device is ruled with the article '11.3.2.1' named"},
    ]
    assert game.state().ending is None
    # A device besides his recorder (a telephone) is ruled under 11.3.2.1 when the arbiter says so.
    _, rulings = _run(
        f"""
        {_start(setting, edition)}
        10 white move e2e4
        11 white press
        """,
        {"type": "arbiter", "at": 12, "action": "device", "player": "black",
         "article": "11.3.2.1"},
    )
    assert [(r["ruling"], r["result"], r["article"]) for r in rulings] == [
        ("game_over", "1-0", "11.3.2.1")
    ]


@pytest.mark.parametrize("scoresheet", ["braille", "longhand"])
def test_d_2_7_a_device_of_a_player_scoring_on_paper_loses(scoresheet: str) -> None:
    setting = f'{{"visually_disabled": ["black"], "scoresheet": "{scoresheet}"}}'
    _, rulings = _run(
        _start(setting), {"type": "arbiter", "at": 12, "action": "device", "player": "black"}
    )
    assert [(r["ruling"], r["result"]) for r in rulings] == [("game_over", "1-0")]


def test_d_2_7_the_sighted_players_device_is_never_his_scoresheet() -> None:
    setting = '{"visually_disabled": ["black"], "scoresheet": "recorder"}'
    _, rulings = _run(
        _start(setting), {"type": "arbiter", "at": 12, "action": "device", "player": "white"}
    )
    assert [(r["ruling"], r["result"], r["article"]) for r in rulings] == [
        ("game_over", "0-1", "11.3.2.1")
    ]


@pytest.mark.parametrize("edition", _EDITIONS)
def test_d_2_11_a_hearing_impaired_opponent_needs_an_assistant(edition: str) -> None:
    setting = '{"visually_disabled": ["black"], "hearing_impaired": ["white"]}'
    with pytest.raises(InvalidEvent, match=r"an assistant must be used .*D\.2\.11") as error:
        parse_event(_START_JSON.format(edition=edition, setting=setting))
    assert error.value.field == "appendix_d"
    helped = setting.replace("}", ', "assistant": true}')
    start = parse_event(_START_JSON.format(edition=edition, setting=helped))
    assert start.rules.appendix_d.hearing_impaired == (WHITE,)  # type: ignore[union-attr]
    assert parse_event(json.dumps(start.to_json())) == start


_START_JSON = '{{"type": "start", "rules": {{"edition": "{edition}", "appendix_d": {setting}}}}}'


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ('{"visually_disabled": ["black"], "scoresheet": "tape"}',
         "'scoresheet' must be one of braille, longhand, recorder"),
        ('{"visually_disabled": ["black"], "hearing_impaired": "white"}',
         "'hearing_impaired' must be a list"),
        ('{"visually_disabled": ["black"], "hearing_impaired": ["white", "white"]}',
         "'hearing_impaired' holds"),
    ],
)
def test_d_2_7_d_2_11_a_wrong_field_is_refused_naming_it(setting: str, message: str) -> None:
    with pytest.raises(InvalidEvent, match=message):
        parse_event(_START_JSON.format(edition="2023", setting=setting))


def test_d_2_10_4_the_moves_completed_are_read_out_with_the_times() -> None:
    _, rulings = _run(
        _E5, *_E5_ANNOUNCED,
        {"type": "move", "at": 30, "by": "white", "move": "g1f3"},
        {"type": "request_time", "at": 31, "by": "black"},
    )
    assert rulings[-1]["note"].endswith("; moves completed: white 1, black 1")


@pytest.mark.parametrize("edition", _EDITIONS)
def test_d_2_1_a_promotion_is_announced_with_its_piece(edition: str) -> None:
    setting = '{"visually_disabled": ["white"]}'
    fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"
    start = _start(setting, edition).replace('"rules"', f'"fen": "{fen}", "rules"')
    game, rulings = _run(
        f"""
        {start}
        10 white move a7a8q
        """,
        *_slip_corrected(11, "white", "a8", "a8=Q+"),
    )
    note = ("a promotion is announced with the piece chosen (D.2.1): a8=Q+ was made; "
            "corrected before the opponent's clock is started (D.2.8)")
    assert rulings == _slip_rulings(2, 11.0, "white", ("a8", "a8=Q+"), "D.2.1", note)
    assert game.state().running is BLACK
