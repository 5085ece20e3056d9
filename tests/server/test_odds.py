"""Games at time odds on the server: ``time_controls`` in ``POST /api/games`` (docs/events.md)."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request

from chesslaws.server._pages import game_view
from chesslaws.server.testing import ServerProcess
from tests.server._client import seated

_ODDS = {"white": "300", "black": "240+2@61"}


def test_a_game_at_time_odds_is_created_and_played(server: ServerProcess) -> None:
    game = server.create_game(time_controls=_ODDS, white="Ann", black="Bob", start="seated")
    state = server.state(game["id"])
    assert state["clock"] == {"white": 300_000, "black": 240_000}
    assert state["time_control"] is None and state["time_controls"] == _ODDS
    log = server.text(f"/api/games/{game['id']}/log").splitlines()
    assert json.loads(log[0]) == {"type": "start", "time_controls": _ODDS}

    async def play() -> None:
        white, black, _ = await seated(server, game)
        await white.act(type="move", move="e2e4")
        pressed = await white.act(type="press")
        assert 299_000 < pressed["view"]["clock"]["white"] <= 300_000
        await white.close()
        await black.close()

    asyncio.run(play())
    state = server.state(game["id"])
    assert state["running"] == "black" and state["clock"]["black"] <= 240_000
    pgn = server.text(f"/api/games/{game['id']}/pgn")
    assert '[WhiteTimeControl "300"]' in pgn and '[BlackTimeControl "240+2@61"]' in pgn
    listed = json.loads(server.text("/api/games"))
    assert [g["time_controls"] for g in listed if g["id"] == game["id"]] == [_ODDS]


def test_both_forms_at_once_are_refused_naming_the_field(server: ServerProcess) -> None:
    body = json.dumps({"time_control": "300", "time_controls": _ODDS}).encode()
    request = urllib.request.Request(f"{server.url}/api/games", data=body, method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("Authorization", f"Bearer {server.organiser_token}")
    try:
        urllib.request.urlopen(request, timeout=10)
    except urllib.error.HTTPError as error:
        assert error.code == 400
        answer = json.loads(error.read())
    else:
        raise AssertionError("a start with both time_control and time_controls was accepted")
    assert "'time_controls'" in answer["error"] and "not both" in answer["error"]


def test_the_board_view_gives_each_player_his_control() -> None:
    view = game_view([json.dumps({"type": "start", "time_controls": _ODDS})])
    assert view["time_control"] is None
    assert view["time_controls"]["white"]["canonical"] == "300"
    assert view["time_controls"]["black"]["canonical"] == "240+2@61"
    assert (view["clock"]["white"], view["clock"]["black"]) == (300_000, 240_000)
    same = game_view(['{"type": "start", "time_control": "300+2"}'])
    assert same["time_control"]["canonical"] == "300+2"
    assert same["time_controls"]["black"] == same["time_control"]
