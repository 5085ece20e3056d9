"""When a game starts (6.6, 6.7; issue 25): the clocks stand until the arbiter starts them, both
players are seated, or the scheduled time; a player who has not arrived by the default time
loses (6.7.1)."""

from __future__ import annotations

import asyncio
import json
import urllib.error
from datetime import UTC, datetime, timedelta

import pytest

from chesslaws.server.testing import ServerProcess
from tests.server._client import Peer, rulings


def test_a_scheduled_game_starts_on_time_and_an_absent_player_loses(
    server: ServerProcess,
) -> None:
    at = (datetime.now(UTC) + timedelta(seconds=1.5)).isoformat()
    game = server.create_game(time_control="300+2", start=at, default_time=1)

    async def play() -> list[dict[str, object]]:
        white = await Peer.connect(server, game, "white")
        view = white.snapshot["view"]
        assert (view["started"], view["start"]["mode"], view["running"]) == (
            False, "scheduled", None)  # fmt: skip
        refused = await white.act(type="move", move="e2e4")
        assert refused["seq"] is None and f"start at {view['start']['at']}" in refused["error"]
        started = await white.until(lambda m: m["view"]["started"], timeout=10)
        assert started["event"]["action"] == "resume" and started["view"]["running"] == "white"
        moved = await white.act(type="move", move="e2e4")
        assert moved["seq"] == started["seq"] + 1
        over = await white.until(lambda m: m["view"]["result"] is not None, timeout=10)
        await white.close()
        return [started, over]

    started, over = asyncio.run(play())
    assert over["event"]["action"] == "declare"  # type: ignore[index]
    assert rulings(over) == ["game_over"]
    ruling = over["rulings"][0]  # type: ignore[index]
    assert (ruling["result"], ruling["reason"], ruling["article"]) == ("1-0", "default", "6.7.1")
    waited = over["event"]["at"] - started["event"]["at"]  # type: ignore[index]
    assert 0.9 <= waited < 3


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"start": "tomorrow"}, "ISO-8601"),
        ({"start": "2030-01-01T18:00:00"}, "time zone"),
        ({"start": "seated", "default_time": 60}, "scheduled"),
        ({"start": "2030-01-01T18:00:00Z", "default_time": -1}, "default_time"),
    ],
)
def test_a_bad_start_is_refused(
    server: ServerProcess, body: dict[str, object], expected: str
) -> None:
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.create_game(time_control="300+2", **body)
    assert refused.value.code == 400 and expected in json.loads(refused.value.read())["error"]


def test_a_game_without_a_clock_starts_when_created(server: ServerProcess) -> None:
    game = server.create_game(time_control="-")

    async def play() -> dict[str, object]:
        white = await Peer.connect(server, game, "white")
        assert white.snapshot["view"]["started"] is True
        moved = await white.act(type="move", move="e2e4")
        await white.close()
        return moved

    assert asyncio.run(play())["seq"] is not None
