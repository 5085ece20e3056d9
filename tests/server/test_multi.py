"""Two ``chesslaws serve`` processes on one PostgreSQL serve the same games (issue 14): a client
may connect to either, the database orders the appends, LISTEN/NOTIFY tells the other process."""

from __future__ import annotations

import asyncio
from typing import Any

from chesslaws.server.testing import ServerProcess
from tests.server._client import Peer


async def _play(a: ServerProcess, b: ServerProcess, game: dict[str, Any]) -> None:
    watch_a = await Peer.connect(a, game)
    watch_b = await Peer.connect(b, game)
    white = await Peer.connect(a, game, "white")
    black = await Peer.connect(b, game, "black")  # both seated: the clocks start (6.6)
    for peer, uci in ((white, "e2e4"), (black, "c7c5"), (white, "g1f3"), (black, "d7d6")):
        await peer.act(type="move", move=uci)
        await peer.act(type="press")
    # Both seats at once, on two processes: the database orders the appends.
    also_white = await Peer.connect(b, game, "white")
    squares = ["a2", "b2", "c2", "d2", "f2", "g2", "h2", "a1", "b1", "c1", "d1", "e1"]
    burst = [black.send(type="offer_draw")]
    for left, right in zip(squares[::2], squares[1::2], strict=True):
        burst.append(white.send(type="adjust", square=left))
        burst.append(also_white.send(type="adjust", square=right))
    await asyncio.gather(*burst)
    expected = 3 + 8 + 1 + 12  # two arrivals, the start, four moves pressed, the offer, twelve
    seen_a = [await watch_a.recv() for _ in range(expected)]  # adjustments
    seen_b = [await watch_b.recv() for _ in range(expected)]
    first = watch_a.snapshot["seq"] + 1
    assert [m["seq"] for m in seen_a] == list(range(first, first + expected))
    assert [m["event"]["type"] for m in seen_a[:3]] == ["arrive", "arrive", "arbiter"]
    assert [(m["seq"], m["event"], m["rulings"]) for m in seen_a] == [
        (m["seq"], m["event"], m["rulings"]) for m in seen_b
    ]
    ats = [m["event"]["at"] for m in seen_a]
    assert ats == sorted(ats)
    # A flag timer runs in both processes; the tick is logged once.
    arbiter = await Peer.connect(b, game, "arbiter")
    await arbiter.act(type="arbiter", action="set_time", player="white", seconds=0.5)
    flag_a = await watch_a.until(lambda m: m["event"]["type"] == "tick", timeout=5)
    flag_b = await watch_b.until(lambda m: m["event"]["type"] == "tick", timeout=5)
    assert flag_a == flag_b and flag_a["rulings"][-1]["reason"] == "flag"
    assert await watch_a.silent(0.3)
    for peer in (white, black, watch_a, watch_b, also_white, arbiter):
        await peer.close()


def test_two_processes_on_one_postgresql_serve_the_same_game(postgres_url: str) -> None:
    with ServerProcess(postgres_url) as a:
        game = a.create_game(time_control="300+0", start="seated")
        with ServerProcess(postgres_url) as b:
            # b started while a serves: the game's clock was not paused.
            assert b.state(game["id"])["pause_reason"] is None
            assert not any("paused" in line for line in b.lines)
            asyncio.run(_play(a, b, game))
            log_a = a.text(f"/api/games/{game['id']}/log")
            assert log_a == b.text(f"/api/games/{game['id']}/log")
            state_a, state_b = a.state(game["id"]), b.state(game["id"])
    # start, the clocks standing, the events above, set_time, tick; the departures of the
    # players after the game ended are not logged
    assert log_a.count("\n") == 2 + 24 + 2
    for name in ("fen", "moves", "result", "reason", "seq", "clock"):
        assert state_a[name] == state_b[name], name
    assert state_a["result"] == "0-1"
