"""Each message carries its view (issue 25, point 11): what an event costs the server, and what
a message is to a page, do not grow with the game's length."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from chesslaws.server import Hub
from chesslaws.server._live import Client
from tests.server._load import long_game, seated_live


def test_an_event_costs_the_same_at_ply_300_as_at_ply_10(tmp_path: Path) -> None:
    moves = long_game(300)

    async def scenario() -> tuple[dict[int, float], dict[int, int], dict[str, object]]:
        hub = Hub(f"sqlite:///{tmp_path / 'games.db'}", workers=1)
        await hub.start()
        try:
            live = await seated_live(hub, "36000+0")
            spectators = [Client("spectator") for _ in range(3)]
            for client in spectators:
                live.subscribe(client)
                client.queue.get_nowait()  # the snapshot
            cpu: dict[int, float] = {}
            size: dict[int, int] = {}
            last: dict[str, object] = {}
            for ply, uci in enumerate(moves, 1):
                color = "white" if ply % 2 else "black"
                began = time.process_time()
                assert await live.submit(color, {"type": "move", "move": uci}) is None
                assert await live.submit(color, {"type": "press"}) is None
                cpu[ply] = time.process_time() - began
                texts = [str(c.queue.get_nowait()) for c in spectators for _ in range(2)]
                size[ply] = max(len(t) for t in texts)
                last = json.loads(texts[-1])
            return cpu, size, last
        finally:
            await hub.stop()

    cpu, size, last = asyncio.run(scenario())
    early, late = range(1, 21), range(281, 301)
    assert max(size[p] for p in late) < 1.2 * max(size[p] for p in early)
    assert sum(cpu[p] for p in late) < 1.5 * sum(cpu[p] for p in early) + 0.02
    view = last["view"]
    assert isinstance(view, dict) and view["ply"] == 300 and "san" not in view


def test_the_view_shows_an_8_4_exemption_and_the_8_5_reconstruction_pause(
    tmp_path: Path,
) -> None:
    async def scenario() -> list[dict[str, object]]:
        hub = Hub(f"sqlite:///{tmp_path / 'games.db'}", workers=1)
        await hub.start()
        try:
            live = await seated_live(hub, "5400+0")
            seen = [live.view()]
            # 8.4: White's clock set under five minutes, no increment: no duty to record.
            act = {"type": "arbiter", "action": "set_time", "player": "white", "seconds": 200}
            assert await live.submit("arbiter", act) is None
            seen.append(live.view())
            # 6.10.2: the arbiter's corrected control reaches the arbiter (the field is taken).
            act = {"type": "arbiter", "action": "set_control", "time_control": "5400+30"}
            assert await live.submit("arbiter", act) is None
            seen.append(live.view())
            for action in ("reconstruct", "resume"):
                assert await live.submit("arbiter", {"type": "arbiter", "action": action}) is None
                seen.append(live.view())
            return seen
        finally:
            await hub.stop()

    first, low, corrected, reconstructing, resumed = asyncio.run(scenario())
    assert first["exempt"] == [] and first["pause_reason"] is None
    assert low["exempt"] == ["white"]
    assert corrected["exempt"] == []  # 30 s a move now: 8.4 does not free him
    assert reconstructing["paused"] is True
    assert reconstructing["pause_reason"] == "reconstruction"
    assert resumed["paused"] is False and resumed["pause_reason"] is None
