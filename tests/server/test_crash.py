"""The event log loses nothing: ``kill -9`` the server mid-game, restart it, and the game goes on
(issue 14). The clocks follow the rule of docs/server.md: paused at the last logged instant,
resumed by the arbiter. Same on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import io
import json
import time
from typing import Any

import pytest

from chesslaws.arbiter import Game
from chesslaws.cli._cmd_arbitrate import arbitrate
from chesslaws.server.testing import ServerProcess
from tests.server._client import Peer, rulings, seated


async def _first_moves(server: ServerProcess, game: dict[str, Any]) -> list[dict[str, Any]]:
    """1. e4 e5 2. Nf3, each pressed, a draw offer on the way; every acknowledgement."""
    white, black, _ = await seated(server, game)
    acked = []
    for peer, uci in ((white, "e2e4"), (black, "e7e5"), (white, "g1f3")):
        acked.append(await peer.act(type="move", move=uci))
        if uci == "e7e5":
            acked.append(await peer.act(type="offer_draw"))
        acked.append(await peer.act(type="press"))
    assert all(isinstance(m["seq"], int) for m in acked), acked
    await white.close()
    await black.close()
    return acked


def _log(server: ServerProcess, game: dict[str, Any]) -> list[dict[str, Any]]:
    text = server.text(f"/api/games/{game['id']}/log")
    return [json.loads(line) for line in text.splitlines()]


def _kill_and_go_on(db: str) -> None:
    server = ServerProcess(db)
    server.start()
    try:
        game = server.create_game(time_control="60+0", white="Ann", black="Bob", start="seated")
        acked = asyncio.run(_first_moves(server, game))
        time.sleep(0.2)  # the players' departures are logged
        before = server.state(game["id"])
        log_before = _log(server, game)
        last_at = log_before[-1]["at"]
        time.sleep(2.0)  # Black's clock runs on past the last logged instant
        server.kill()
        server.start()  # same file or schema, same port
        after = server.state(game["id"])
        log_after = _log(server, game)
    finally:
        server.stop()
    last = acked[-1]
    # Every acknowledged event is in the log, as it was sent.
    for message in acked:
        assert log_after[message["seq"]] == message["event"]
    assert log_after[: len(log_before)] == log_before
    # The server logged the pause at the last logged instant (6.11.1).
    pause = log_after[-1]
    # The pause is where the outage began, within a second (the server's heartbeat, 6.11.1):
    # Black is given back at most a second of the two he thought before the crash.
    assert pause == {"type": "arbiter", "at": pause["at"], "by": "arbiter", "action": "pause",
                     "reason": "server restart", "article": "6.11.1"}
    assert last_at + 0.9 <= pause["at"] <= last_at + 2.5
    assert after["seq"] == before["seq"] + 1 == len(log_after) - 1
    # The replayed state is the state before the crash, with the clocks stopped where the
    # outage began: Black gets back the time the server was down, and less than a second.
    for name in ("fen", "moves", "san", "to_move", "draw_offer", "result", "white", "black"):
        assert after[name] == before[name], name
    used = round((pause["at"] - last["event"]["at"]) * 1000)  # until the pause
    assert after["clock"] == {**last["view"]["clock"], "black": last["view"]["clock"]["black"]
                              - used}  # fmt: skip
    assert after["clock"]["black"] < before["clock"]["black"] - 500  # read 2 s before the kill
    assert (after["paused"], after["running"], after["pause_reason"]) == (True, None, "restart")
    assert pause["at"] <= after["at"] < pause["at"] + 5  # the game's time skips the outage
    # The log is still a log `chesslaws arbitrate` rules the same way.
    out = io.StringIO()
    arbitrate([json.dumps(e) for e in log_after], out)
    ruled = [json.loads(line) for line in out.getvalue().splitlines()]
    for message in acked:
        assert [r for r in ruled if r["event"] == message["seq"]] == message["rulings"]
    replayed, _ = Game.replay([json.dumps(e) for e in log_after])
    assert list(replayed.uci_moves) == after["moves"]

    # The game goes on: the arbiter resumes the clock, Black plays.
    server = ServerProcess(db)
    server.start()
    try:
        asyncio.run(_resume_and_play(server, game, after))
        final = server.state(game["id"])
    finally:
        server.stop()
    assert final["moves"] == [*after["moves"], "b8c6"]
    assert final["paused"] is False and final["running"] == "white"


async def _resume_and_play(
    server: ServerProcess, game: dict[str, Any], paused: dict[str, Any]
) -> None:
    black = await Peer.connect(server, game, "black")
    view = black.snapshot["view"]
    assert (view["paused"], view["pause_reason"], view["running"]) == (True, "restart", None)
    refused = await black.act(type="move", move="b8c6")  # 6.11: the clock is paused
    assert refused["seq"] is None and rulings(refused) == ["rejected"]
    arbiter = await Peer.connect(server, game, "arbiter")
    resumed = await arbiter.act(type="arbiter", action="resume")
    assert rulings(resumed) == ["clock"] and resumed["view"]["running"] == "black"
    await asyncio.sleep(0.2)
    await black.act(type="move", move="b8c6")
    pressed = await black.act(type="press")
    used = round((pressed["event"]["at"] - resumed["event"]["at"]) * 1000)
    assert used >= 200
    assert pressed["view"]["clock"]["black"] == paused["clock"]["black"] - used
    await black.close()
    await arbiter.close()


def test_kill_9_mid_game_loses_nothing_on_sqlite(sqlite_url: str) -> None:
    _kill_and_go_on(sqlite_url)


def test_kill_9_mid_game_loses_nothing_on_postgresql(postgres_url: str) -> None:
    _kill_and_go_on(postgres_url)


def test_a_second_server_on_the_same_sqlite_file_is_refused(sqlite_url: str) -> None:
    with ServerProcess(sqlite_url):
        second = ServerProcess(sqlite_url, timeout=20)
        with pytest.raises(RuntimeError, match="in use by another chesslaws serve"):
            second.start()
