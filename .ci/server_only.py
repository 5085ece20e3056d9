"""CI: in a virtual environment holding only ``pip install ".[server]"``, start ``chesslaws
serve``, create a game with the organiser's token and play a move through a WebSocket (issue
25, point 1: without a WebSocket library the board never connects). Exit status 0 if it did."""

from __future__ import annotations

import json
import sys
import tempfile

from websockets.sync.client import connect

from chesslaws.server.testing import ServerProcess, http_json


def main() -> int:
    with (
        tempfile.TemporaryDirectory() as folder,
        ServerProcess(f"sqlite:///{folder}/ci.db", timeout=60) as server,
    ):
        game = http_json(
            "POST",
            f"{server.url}/api/games",
            {"time_control": "300+3", "start": "seated"},
            token=server.organiser_token,
        )
        with (
            connect(server.ws_url(game["id"], token=game["seats"]["white"])) as white,
            connect(server.ws_url(game["id"], token=game["seats"]["black"])) as black,
        ):
            for socket in (white, black):
                assert json.loads(socket.recv(10))["type"] == "snapshot"
            white.send(json.dumps({"type": "move", "move": "e2e4"}))
            while True:
                message = json.loads(white.recv(10))
                if message.get("event", {}).get("type") in ("move", None):
                    break
    if message.get("seq") is None or message["view"]["last"]["san"] != "e4":
        print(f"ci: the move was not played: {message}", file=sys.stderr)
        return 1
    print("ci: .[server] alone serves a game: 1. e4 played through a WebSocket")
    return 0


if __name__ == "__main__":
    sys.exit(main())
