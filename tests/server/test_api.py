"""The HTTP contract of docs/server.md, and ``chesslaws serve`` itself (issue 14)."""

from __future__ import annotations

import asyncio
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import chesslaws
from chesslaws.cli._cmd_arbitrate import arbitrate
from chesslaws.server.testing import ServerProcess, http_json
from tests.server._client import Peer, http_status


def test_creating_listing_and_reading_games(server: ServerProcess) -> None:
    game = server.create_game(
        time_control="40/5400+30:1800+30", white="Ann", black="Bob", event="Open", round="3",
        rules={"supervision": "full"},
    )
    assert set(game) == {"id", "seats", "arbiter"} and set(game["seats"]) == {"white", "black"}
    tokens = {game["seats"]["white"], game["seats"]["black"], game["arbiter"]}
    assert len(tokens) == 3 and all(len(t) >= 32 for t in tokens)
    state = server.state(game["id"])
    assert state["fen"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert (state["moves"], state["result"], state["reason"], state["seq"]) == ([], None, None, 1)
    # 6.6: the clocks stand until the arbiter starts them.
    assert state["clock"] == {"white": 5_400_000, "black": 5_400_000}
    assert (state["running"], state["started"], state["start"]["mode"]) == (None, False, "arbiter")
    assert (state["white"], state["round"], state["edition"]) == ("Ann", "3", "2023")
    listed = http_json("GET", f"{server.url}/api/games")
    assert game["id"] in [g["id"] for g in listed]
    fen = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"
    set_up = server.create_game(fen=fen)
    assert server.state(set_up["id"])["clock"] is None  # no time control: no clock
    assert f'[FEN "{fen}"]' in server.text(f"/api/games/{set_up['id']}/pgn")
    assert server.text(f"/api/games/{set_up['id']}/log").splitlines() == [
        json.dumps({"type": "start", "time_control": None, "fen": fen})
    ]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (b"{not json", "not JSON"),
        (b"[]", "JSON object"),
        (b'{"time_control": "5400+30", "colour": "white"}', "unknown field 'colour'"),
        (b'{"time_control": "ninety minutes"}', "time_control"),
        (b'{"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}', "fen"),
        (b'{"rules": {"supervison": "full"}}', "unknown rule"),
        (b'{"white": 7}', "'white'"),
        (b'{"variant": "chess960"}', "fen"),
    ],
)
def test_a_bad_game_is_refused_with_the_reason(
    server: ServerProcess, body: bytes, expected: str
) -> None:
    before = len(http_json("GET", f"{server.url}/api/games"))
    url = f"{server.url}/api/games"
    status, answer = http_status("POST", url, body, token=server.organiser_token)
    assert status == 400 and expected in answer["error"], answer
    assert len(http_json("GET", f"{server.url}/api/games")) == before


def test_a_game_with_a_fen_that_cannot_be_read_is_refused_in_words(server: ServerProcess) -> None:
    """The home page shows why in its reader's language (issue 31): the FEN's error keeps its
    code inside the arbiter's rejection."""
    body = b'{"time_control": "300+2", "fen": "8/8/8 w - - 0 1"}'
    url = f"{server.url}/api/games"
    status, answer = http_status("POST", url, body, token=server.organiser_token)
    assert status == 400 and answer["error"] == (
        "bad 'fen': invalid FEN '8/8/8 w - - 0 1': board: expected 8 ranks separated by '/', "
        "found 3"
    )
    error = answer["i18n"]["error"]["params"]["error"]
    assert error["id"] == "invalid FEN {fen}: {field}: {problem}"
    assert error["params"]["field"] == {"id": "board", "params": {}}
    assert error["params"]["problem"]["id"] == "expected 8 ranks separated by '/', found {count}"


def test_an_unknown_game_is_404(server: ServerProcess) -> None:
    for path in ("", "/pgn", "/log"):
        status, answer = http_status("GET", f"{server.url}/api/games/nosuchgame{path}", None)
        assert status == 404 and "nosuchgame" in answer["error"]


def test_the_log_is_ruled_by_chesslaws_arbitrate_as_the_server_ruled_it(
    server: ServerProcess,
) -> None:
    game = server.create_game(time_control="180+2", start="seated")

    async def play() -> list[dict[str, Any]]:
        watcher = await Peer.connect(server, game)
        white = await Peer.connect(server, game, "white")
        black = await Peer.connect(server, game, "black")
        for peer, uci in ((white, "f2f3"), (black, "e7e5"), (white, "g2g4")):
            await peer.act(type="move", move=uci)
            await peer.act(type="press")
        await black.act(type="touch", square="d8")
        await black.act(type="move", move="d8h4")  # checkmate: the move ends the game
        seen = [await watcher.recv() for _ in range(11)]
        for peer in (white, black, watcher):
            await peer.close()
        return [watcher.snapshot, *seen]

    snapshot, *seen = asyncio.run(play())
    assert seen[-1]["rulings"][-1]["reason"] == "checkmate"
    assert [m["event"]["type"] for m in seen[:3]] == ["arrive", "arrive", "arbiter"]
    assert (seen[-1]["view"]["result"], seen[-1]["view"]["last"]["san"]) == ("0-1", "Qh4#")
    lines = server.text(f"/api/games/{game['id']}/log").splitlines()
    logged = [json.loads(line) for line in lines]
    assert logged[snapshot["seq"] + 1 :] == [m["event"] for m in seen]
    out = io.StringIO()
    arbitrate(lines, out)
    ruled = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r for r in ruled if r["event"] > snapshot["seq"]] == [
        r for m in seen for r in m["rulings"]
    ]
    result = subprocess.run(
        [sys.executable, "-m", "chesslaws", "arbitrate", "-"],
        input="\n".join(lines), capture_output=True, text=True, check=True,
    )
    assert [json.loads(line) for line in result.stdout.splitlines()] == ruled


def test_serve_new_game_prints_the_url_and_the_seat_links(sqlite_url: str) -> None:
    with ServerProcess(sqlite_url, args=["--new-game", "5+2"]) as server:
        lines = server.output(7)
        assert lines[0] == f"listening on {server.url}"
        assert lines[1] == f"organiser: {server.url}/?token={server.organiser_token}"
        links = lines[2:]
        # "5+2" as people write it: 5 minutes and 2 seconds a move, kept as PGN seconds.
        assert links[0].endswith(": 300+2 = 5 min for all moves + 2 s per move · blitz")
        ident = links[0].split()[1].rstrip(":")
        white = links[1].split()[-1]
        assert white.startswith(f"{server.url}/play/{ident}?token=")
        token = white.split("token=")[1]

        async def move() -> dict[str, Any]:
            seat = await Peer.connect(server, {"id": ident, "seats": {"white": token}}, "white")
            answer = await seat.act(type="move", move="e2e4")
            await seat.close()
            return answer

        refused = asyncio.run(move())  # 6.6: the clocks stand until the arbiter starts them
        assert refused["seq"] is None and "has not started" in refused["error"]
        assert server.state(ident)["time_control"] == "300+2"


def test_serve_reports_bad_arguments_in_one_line(tmp_path: Path) -> None:
    source = str(Path(chesslaws.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": source}
    for args, expected in (
        (["--db", "mysql://x"], "expected sqlite:///PATH"),
        (["--db", "postgresql://nobody@127.0.0.1:1/none"], "cannot connect"),
        (["--new-game", "ninety"], "--new-game"),
        (["--new-game", "60+0"], "3600 (60 min for all moves) or 60 (1 min for all moves)"),
    ):
        result = subprocess.run(
            [sys.executable, "-m", "chesslaws", "serve", "--port", "0", *args],
            capture_output=True, text=True, timeout=60, cwd=tmp_path, env=env,
        )
        assert result.returncode == 2, result
        assert result.stderr.startswith("chesslaws: error: ") and expected in result.stderr
        assert "Traceback" not in result.stderr
