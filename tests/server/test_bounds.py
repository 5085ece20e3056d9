"""What one client may cost the server is bounded (issue 25, points 9 and 10): floods from one
seat or from anyone leave the other games' move→ruling p99 under 50 ms when the run has the
machine to itself (``--alone``), and otherwise under a bound relative to the same load just
before (``_load.others_bound``); repeated acts are answered once; creating
games needs the organiser's token; only JSON bodies; every refusal is JSON; no traceback for a
client's mistake; finished games leave memory; an event that arrived before a flag fell is
ruled first."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from chesslaws.server import Hub
from chesslaws.server._live import MAX_EVENTS, hash_token
from chesslaws.server.testing import ServerProcess
from tests.server._client import http_status, seated
from tests.server._load import (
    close_all,
    long_game,
    open_games,
    others_bound,
    p99,
    play,
    seated_live,
)


def _post(
    server: ServerProcess,
    body: bytes,
    *,
    token: str | None = None,
    content_type: str = "application/json",
    path: str = "/api/games",
) -> tuple[int, dict[str, Any]]:
    return http_status("POST", f"{server.url}{path}", body, token=token, content_type=content_type)


def _others_hold_up(
    server: ServerProcess, flood: list[str], alone: bool, games: int = 30
) -> str:
    """The other games' p99 while the ``flood`` command runs (a process of its own), within
    ``others_bound``; what the flood printed."""

    async def scenario() -> tuple[list[float], list[float], list[str], str]:
        others = await open_games(server, games)
        before, refused = await play(others, seconds=2.0, rate=2.0)
        # The attacker's CPU is his own machine's, not the server's: on these two shared
        # cores his process runs at a lower priority, so what is measured is what his
        # messages cost the server.
        flooding = await asyncio.create_subprocess_exec(
            sys.executable, *flood, stdout=asyncio.subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
            preexec_fn=lambda: os.nice(10),
        )  # fmt: skip
        during, refused_during = await play(others, seconds=3.0, rate=2.0)
        out, _ = await flooding.communicate()
        await close_all(others)
        return before, during, refused + refused_during, out.decode()

    before, during, refusals, out = asyncio.run(scenario())
    assert not refusals, refusals[:3]
    told = f"p99 {p99(during):.1f} ms over {len(during)} moves (before: {p99(before):.1f} ms)"
    print(told)  # the figures, for the log (-rP)
    assert p99(during) < others_bound(alone, before), told
    return out


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


@pytest.mark.latency
def test_one_seat_on_a_hundred_sockets_repeating_offers(
    server: ServerProcess, alone: bool
) -> None:
    """A seat may hold four connections; its events are limited per second over all of them;
    an offer that still stands is answered, not logged again."""
    game = server.create_game(time_control="600+5", start="seated")
    url = server.ws_url(game["id"], token=game["seats"]["white"])

    async def setup() -> None:
        white, black, _ = await seated(server, game)
        await white.act(type="move", move="e2e4")
        await white.close()
        await black.close()

    asyncio.run(setup())
    rss = _rss_kb(server.pid)
    met = json.loads(_others_hold_up(server, ["-m", "tests.server._flood", url, "3"], alone))
    assert met["refused_handshakes"] > 0 and met["sent"] > 100, met
    logged = server.text(f"/api/games/{game['id']}/log").splitlines()
    assert sum('"offer_draw"' in line for line in logged) == 1  # once, however often sent
    assert len(logged) < 20
    assert _rss_kb(server.pid) < rss + 60_000  # kB: bounded, whatever was sent


@pytest.mark.latency
def test_a_burst_of_creations_without_the_token_creates_nothing_and_slows_nobody(
    server: ServerProcess, alone: bool
) -> None:
    before = len(json.loads(server.text("/api/games")))
    met = json.loads(
        _others_hold_up(server, ["-m", "tests.server._flood", server.url, "3", "create"], alone)
    )
    assert set(met) == {"401"} and met["401"] > 100, met
    assert len(json.loads(server.text("/api/games"))) == before + 30  # the measuring games


def _longest_log() -> list[str]:
    """A game's log as long as a game may have (``MAX_EVENTS``): 300 plies, each move pressed,
    then the server's looks at the clock."""
    lines = [json.dumps({"type": "start", "time_control": "36000+0"})]
    for ply, uci in enumerate(long_game(300)):
        by = "white" if ply % 2 == 0 else "black"
        lines.append(json.dumps({"type": "move", "at": ply, "by": by, "move": uci}))
        lines.append(json.dumps({"type": "press", "at": ply, "by": by}))
    ticks = MAX_EVENTS - len(lines)
    lines += [json.dumps({"type": "tick", "at": 400 + i / 10}) for i in range(ticks)]
    return lines


@pytest.mark.latency
def test_reading_the_longest_game_over_and_over_slows_nobody(tmp_path: Path, alone: bool) -> None:
    """Anyone may read a game's log, PGN and state and the list of games, without a token: a
    flood of those reads of a game with the longest log allowed (once ``/board/view`` replayed
    such a log per request: 2.35 s for 20,000 events)."""
    path = tmp_path / "games.db"
    with ServerProcess(f"sqlite:///{path}") as server:
        server.create_game(time_control="300+2")  # the tables
    hashes = json.dumps({role: hash_token(role) for role in ("white", "black", "arbiter")})
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO games (id, meta, hashes, origin_ns, created) "
            "VALUES ('long', '{}', ?, 0, '2026-12-02T00:00:00+00:00')",
            (hashes,),
        )
        db.executemany(
            "INSERT INTO events (game, seq, line) VALUES ('long', ?, ?)",
            enumerate(_longest_log()),
        )
    with ServerProcess(f"sqlite:///{path}") as server:
        assert len(server.text("/api/games/long/log").splitlines()) >= MAX_EVENTS
        paths = ["/api/games/long/log", "/api/games/long/pgn", "/api/games/long", "/api/games"]
        flood = ["-m", "tests.server._flood", server.url, "3", "get", *paths]
        met = json.loads(_others_hold_up(server, flood, alone))
    assert set(met) == {"200"} and met["200"] > 20, met


def test_creation_needs_the_organisers_token_and_a_json_body(server: ServerProcess) -> None:
    body = b'{"time_control": "300+2"}'
    status, answer = _post(server, body)
    assert status == 401 and "organiser" in answer["error"]
    status, answer = _post(server, body, token="not-the-token")
    assert status == 401
    # A cross-origin form or text/plain POST cannot create a game (no preflight for those).
    status, answer = _post(server, body, token=server.organiser_token, content_type="text/plain")
    assert status == 415 and "JSON" in answer["error"]
    status, _ = _post(server, body, token=server.organiser_token)
    assert status == 201


def test_an_open_server_limits_the_rate_of_creation(sqlite_url: str) -> None:
    with ServerProcess(sqlite_url, args=["--open"]) as server:
        statuses = [_post(server, b"{}")[0] for _ in range(60)]
        assert statuses.count(201) >= 20 and statuses[-1] == 429
        assert "anyone may create" in server.output(2)[1]


def test_big_and_broken_bodies_are_refused_in_json_without_a_traceback(
    server: ServerProcess,
) -> None:
    token = server.organiser_token
    started = time.monotonic()
    for _ in range(2):  # 3.5 MB announced: refused before it is read
        connection = http.client.HTTPConnection(server.host, server.port, timeout=10)
        connection.putrequest("POST", "/api/games")
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Authorization", f"Bearer {token}")
        connection.putheader("Content-Length", str(3_500_000))
        connection.endheaders(b"[" + b"1," * 1000)
        answer = connection.getresponse()
        assert answer.status == 413 and "larger than" in json.loads(answer.read())["error"]
        connection.close()
    assert time.monotonic() - started < 10
    # A body shorter than its Content-Length: the client's mistake, no traceback logged.
    connection = http.client.HTTPConnection(server.host, server.port, timeout=10)
    connection.putrequest("POST", "/api/games")
    connection.putheader("Content-Type", "application/json")
    connection.putheader("Authorization", f"Bearer {token}")
    connection.putheader("Content-Length", "1000")
    connection.endheaders(b'{"time_control": ')
    connection.close()
    status, answer = _post(server, b'{"time_control": NaN}', token=token)
    assert status == 400 and "NaN" in answer["error"]
    status, answer = _post(server, b"", path="/board/view")
    assert status in (404, 405)
    time.sleep(0.3)
    assert "Traceback" not in server.stderr()


def test_a_refused_frame_with_nan_is_answered_in_valid_json(server: ServerProcess) -> None:
    game = server.create_game(time_control="600+5")

    async def send() -> str:
        url = server.ws_url(game["id"], token=game["seats"]["white"])
        async with connect(url) as socket:
            await socket.recv()  # the snapshot
            await socket.send('{"type": "touch", "square": NaN, "x": Infinity}')
            answer = await socket.recv()
            assert isinstance(answer, str)
            return answer

    answer = asyncio.run(send())
    decoded = json.loads(answer, parse_constant=lambda name: pytest.fail(f"{name} in {answer}"))
    assert decoded["type"] == "refused" and decoded["seq"] is None


def test_an_event_that_arrived_before_the_flag_fell_is_ruled_first(tmp_path: Path) -> None:
    """The game is busy (its lock held) while White moves and presses at 0.4 s and his flag
    would fall at 1 s; the server rules them at their arrival, before the flag (6.8)."""

    async def scenario() -> list[str]:
        hub = Hub(f"sqlite:///{tmp_path / 'games.db'}", workers=1)
        await hub.start()
        try:
            live = await seated_live(hub, "1")
            await asyncio.sleep(0.4)
            async with live.lock:  # the game is busy, e.g. a search
                arrived = live.now_ms()
                moved = asyncio.create_task(
                    live.submit("white", {"type": "move", "move": "e2e4"}, arrived)
                )
                pressed = asyncio.create_task(live.submit("white", {"type": "press"}, arrived))
                await asyncio.sleep(0.8)  # White's flag would have fallen meanwhile
            assert await moved is None and await pressed is None
            assert live.state.result is None  # Black's clock runs from 0.4 s: his falls at 1.4
            lines = [line for _, line in await hub.store.events(live.id)]
            return lines
        finally:
            await hub.stop()

    lines = asyncio.run(scenario())
    kinds = [json.loads(line)["type"] for line in lines]
    assert kinds[-2:] == ["move", "press"] and "tick" not in kinds
    assert json.loads(lines[-1])["at"] < 1


def test_a_finished_game_leaves_memory_and_comes_back_when_asked(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(f"sqlite:///{tmp_path / 'games.db'}", workers=1)
        await hub.start()
        try:
            live = await seated_live(hub, "600")
            assert await live.submit("white", {"type": "resign"}) is None
            live.leave("white")
            live.leave("black")
            hub.release(live)
            assert live.id not in hub.games
            again = await hub.get(live.id)
            assert again is not None and again.result == "0-1"
        finally:
            await hub.stop()

    asyncio.run(scenario())


def test_a_restart_with_twenty_thousand_finished_games_listens_within_two_seconds(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.db"
    with ServerProcess(f"sqlite:///{path}") as server:
        server.create_game(time_control="300+2")
    start = json.dumps({"type": "start", "time_control": "300+2"})
    resign = json.dumps({"type": "resign", "at": 1, "by": "white"})
    hashes = json.dumps({role: hash_token(role) for role in ("white", "black", "arbiter")})
    with sqlite3.connect(path) as db:
        db.executemany(
            "INSERT INTO games (id, meta, hashes, origin_ns, created, result, reason) "
            "VALUES (?, '{}', ?, 0, '2026-12-01T00:00:00+00:00', '0-1', 'resignation')",
            [(f"g{i}", hashes) for i in range(20_000)],
        )
        db.executemany(
            "INSERT INTO events (game, seq, line) VALUES (?, ?, ?)",
            [
                (f"g{i}", seq, line)
                for i in range(20_000)
                for seq, line in enumerate((start, resign))
            ],
        )
    server = ServerProcess(f"sqlite:///{path}")
    began = time.monotonic()
    with server:
        took = time.monotonic() - began
        assert server.state("g19999")["result"] == "0-1"  # loaded when asked for
    assert took < 2.0, f"listening after {took:.2f} s"
