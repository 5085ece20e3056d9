"""Appendix D in a live game: the view names the visually disabled player (D.1); his seat
sends the announcement of his move (D.2.1, D.2.10.2: his page announces it), before which his
press is not taken (D.2.3, D.2.4), and asks for the times (D.2.6.1); the sighted seat presses as
usual (D.2.5) and a game without the setting rejects these events."""

from __future__ import annotations

import asyncio
from typing import Any

from chesslaws.server.testing import ServerProcess
from tests.server._client import rulings, seated

_SETTING = {"visually_disabled": ["black"], "tactile_board": False}


def test_the_visually_disabled_seat_announces_then_presses(server: ServerProcess) -> None:
    game = server.create_game(
        time_control="600+5", start="seated", rules={"appendix_d": _SETTING}
    )
    assert server.state(game["id"])["appendix_d"] == _SETTING

    async def play() -> list[dict[str, Any]]:
        white, black, _ = await seated(server, game)
        assert black.snapshot["view"]["appendix_d"] == _SETTING
        await white.act(type="move", move="e2e4")
        await white.act(type="press")  # D.2.5: the sighted player presses
        answers = []
        await black.until(lambda m: m["event"]["type"] == "press")
        await black.act(type="move", move="g8f6")
        answers.append(await black.act(type="press"))  # not yet announced: not taken
        answers.append(await black.act(type="announce", move="Nf6"))
        answers.append(await black.act(type="press"))
        answers.append(await black.act(type="request_time"))
        answers.append(await white.act(type="request_time"))
        for peer in (white, black):
            await peer.close()
        return answers

    early, announced, pressed, asked, sighted = asyncio.run(play())
    assert early["seq"] is None and rulings(early) == ["rejected"]
    assert "(D.2.3)" in early["rulings"][0]["reason"]
    assert announced["seq"] is not None and announced["event"]["type"] == "announce"
    assert pressed["view"]["running"] == "white"
    assert asked["rulings"][0]["status"] == "time" and asked["rulings"][0]["article"] == "D.2.6"
    assert asked["rulings"][0]["note"].endswith("moves completed: white 1, black 1")
    assert sighted["seq"] is None and "not visually disabled" in sighted["rulings"][0]["reason"]


def test_without_the_setting_the_appendix_d_events_are_rejected(server: ServerProcess) -> None:
    game = server.create_game(time_control="600+5", start="seated")
    assert server.state(game["id"])["appendix_d"] is None

    async def play() -> dict[str, Any]:
        white, black, _ = await seated(server, game)
        await white.act(type="move", move="e2e4")
        answer = await white.act(type="announce", move="e4")
        for peer in (white, black):
            await peer.close()
        return answer

    answer = asyncio.run(play())
    assert answer["seq"] is None
    assert answer["rulings"][0]["reason"] == (
        "announce: the start event's rules have no 'appendix_d' (D.1)"
    )
