"""Real WebSocket clients of a real server (the ``websockets`` package).

Each test drives the server from its own ``asyncio.run``; :class:`Peer` wraps one WebSocket
with a timeout on every read, so a missing message fails the test instead of hanging it.
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from websockets.asyncio import client as websockets_client

from chesslaws.server.testing import ServerProcess


class Peer:
    """One WebSocket client of a game."""

    def __init__(self, socket: Any, role: str) -> None:
        self.socket = socket
        self.role = role
        self.seen: list[dict[str, Any]] = []
        self.snapshot: dict[str, Any] = {}

    @classmethod
    async def connect(
        cls,
        server: ServerProcess,
        game: dict[str, Any],
        role: str = "spectator",
        since: int | None = None,
    ) -> Peer:
        """Connect to ``game`` (as ``POST /api/games`` answered) as ``role``."""
        if role == "spectator":
            token = None
        elif role == "arbiter":
            token = game["arbiter"]
        else:
            token = game["seats"][role]
        url = server.ws_url(game["id"], token=token, since=since)
        socket = await websockets_client.connect(url, max_size=2**20, max_queue=None)
        peer = cls(socket, role)
        peer.snapshot = await peer.recv()  # every client gets the game's full view first
        assert peer.snapshot["type"] == "snapshot", peer.snapshot
        return peer

    async def send(self, **event: Any) -> None:
        await self.socket.send(json.dumps(event))

    async def send_text(self, text: str) -> None:
        await self.socket.send(text)

    async def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.socket.recv(), timeout))
        self.seen.append(message)
        return message

    async def act(self, timeout: float = 5.0, **event: Any) -> dict[str, Any]:
        """Send an event and return the answer to it (its broadcast, or its rejection),
        passing over the other clients' events still unread."""
        await self.send(**event)
        kind = "arbiter" if event.get("type") == "pause" else event.get("type")
        return await self.until(
            lambda m: (
                m["seq"] is None
                or (m["event"]["type"] == kind and m["event"].get("by") == self.role)
            ),
            timeout,
        )

    async def until(
        self, accept: Callable[[dict[str, Any]], bool], timeout: float = 5.0
    ) -> dict[str, Any]:
        while True:
            message = await self.recv(timeout)
            if accept(message):
                return message

    async def silent(self, seconds: float = 0.3) -> bool:
        """Whether nothing arrives for ``seconds``."""
        try:
            await asyncio.wait_for(self.socket.recv(), seconds)
        except TimeoutError:
            return True
        return False

    async def close(self) -> None:
        await self.socket.close()


async def start(server: ServerProcess, game: dict[str, Any]) -> None:
    """The arbiter starts the clocks (6.6)."""
    arbiter = await Peer.connect(server, game, "arbiter")
    started = await arbiter.act(type="arbiter", action="start")
    assert started["seq"] is not None, started
    await arbiter.close()


async def seated(server: ServerProcess, game: dict[str, Any]) -> tuple[Peer, Peer, int]:
    """Both players sit down at a game created with ``start="seated"``: the clocks start
    (6.6). The two seats and the sequence number of the start."""
    white = await Peer.connect(server, game, "white")
    black = await Peer.connect(server, game, "black")
    started = await white.until(lambda m: m.get("view", {}).get("started") is True)
    assert started["event"] == {
        "type": "arbiter",
        "at": started["event"]["at"],
        "by": "arbiter",
        "action": "resume",
        "article": "6.6",
    }
    assert black.snapshot["seq"] == started["seq"] and black.snapshot["view"]["started"]
    return white, black, int(started["seq"])


def http_status(
    method: str,
    url: str,
    body: bytes | None,
    *,
    token: str | None = None,
    content_type: str = "application/json",
) -> tuple[int, dict[str, Any]]:
    """The status and the JSON answer of a request (a refusal's too)."""
    request = urllib.request.Request(url, data=body, method=method)
    request.add_header("Content-Type", content_type)
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def rulings(message: dict[str, Any]) -> list[str]:
    return [r["ruling"] for r in message["rulings"]]
