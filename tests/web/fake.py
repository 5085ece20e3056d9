"""A fake game server for the pages' browser tests, speaking issue 25's contract.

It serves the real pages (``chesslaws/server/web``) and answers what they ask as
``docs/contract`` of issue 25 says the server will (``/api/timecontrol``, ``POST /api/games``
with the organiser's Bearer token, the game's WebSocket with a ``snapshot`` first and a
``view`` in every message), but rules nothing: each test scripts what the server says
(:meth:`FakeServer.broadcast`, :meth:`FakeServer.refuse`) and reads what the page sent
(:attr:`FakeServer.acts`, :attr:`FakeServer.requests`). So every behaviour of the pages can be
tested before, and apart from, the real server; ``test_browser.py`` runs the real one.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import socket
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from chesslaws.server._pages import WEB

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
ORGANISER = "organiser-secret"
SEATS = {"tw": "white", "tb": "black", "ta": "arbiter"}

READINGS: dict[str, list[dict[str, str]]] = {
    "5+3": [{"pgn": "300+3", "words": "5 min for all moves + 3 s per move", "category": "blitz"}],
    "90+30": [{"pgn": "5400+30", "words": "90 min for all moves + 30 s per move",
               "category": "standard"}],
    "40/90+30:30+30": [{"pgn": "40/5400+30:1800+30",
                        "words": "40 moves in 90 min + 30 s per move, then 30 min for the rest "
                                 "+ 30 s per move", "category": "standard"}],
    "300+2": [{"pgn": "300+2", "words": "5 min for all moves + 2 s per move", "category": "blitz"}],
    "3": [{"pgn": "180", "words": "3 min for all moves", "category": "blitz"},
          {"pgn": "3", "words": "3 s for all moves", "category": "bullet"}],
}


def view(**fields: Any) -> dict[str, Any]:
    """A full view (VIEW_FULL of the contract) of a game at its start, with ``fields`` over it."""
    base: dict[str, Any] = {
        "fen": START_FEN, "ply": 0, "last": None, "clock": {"white": 300_000, "black": 300_000},
        "at": time.time(), "running": None, "to_move": "white", "started": True,
        "start": {"mode": "arbiter", "at": None}, "seated": {"white": True, "black": True},
        "paused": False, "pause_reason": None, "draw_offer": None, "awaiting": None,
        "obligation": None, "result": None, "reason": None, "article": None,
        "san": [], "moves": [], "white": "Anna", "black": "Boris", "event": "Club night",
        "round": "1", "time_control": "300+2",
    }
    base.update(fields)
    return base


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class FakeServer:
    """The contract's server, scripted: one game ``g1`` unless a test adds more."""

    def __init__(self) -> None:
        self.views: dict[str, dict[str, Any]] = {"g1": view()}
        self.seq: dict[str, int] = {"g1": 0}
        self.acts: list[tuple[str, str, dict[str, Any]]] = []  # (game, seat, act)
        self.requests: list[tuple[str, str]] = []  # (method, path and query) of HTTP requests
        self.posts: list[tuple[dict[str, str], Any]] = []  # (headers, body) of POST /api/games
        self.sockets: dict[str, list[tuple[WebSocket, str]]] = {}
        self.refusing = False
        self.name_seats = False  # whether a snapshot says the socket's seat (`seat`)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.loop: asyncio.AbstractEventLoop | None = None
        config = uvicorn.Config(self.app(), host="127.0.0.1", port=self.port, log_level="warning",
                                ws="auto")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the fake server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    # -- the app ---------------------------------------------------------------------------------

    def app(self) -> Any:
        def page(name: str) -> Callable[[Request], Awaitable[Response]]:
            async def serve(request: Request) -> Response:
                return FileResponse(WEB / name, headers={"Cache-Control": "no-store"})

            return serve

        app = Starlette(routes=[
            Route("/", page("index.html")),
            Route("/play/{game}", page("play.html")),
            Route("/watch/{game}", page("watch.html")),
            Route("/arbiter", page("arbiter.html")),
            Route("/api/timecontrol", self.timecontrol),
            Route("/api/games", self.games, methods=["GET", "POST"]),
            Route("/api/games/{game}", self.state),
            WebSocketRoute("/ws/games/{game}", self.socket),
            Mount("/static", StaticFiles(directory=WEB)),
        ])

        async def recorded(scope: Any, receive: Any, send: Any) -> None:
            if scope["type"] == "http":
                query = scope.get("query_string", b"").decode()
                path = scope["path"] + (f"?{query}" if query else "")
                self.requests.append((scope["method"], path))
            await app(scope, receive, send)

        return recorded

    async def timecontrol(self, request: Request) -> Response:
        text = request.query_params.get("text", "").strip()
        readings = READINGS.get(text)
        if readings is None:
            return JSONResponse({"error": f"cannot read the time control {text!r}"}, 400)
        body = {"text": text, "readings": readings, "ambiguous": len(readings) > 1}
        return JSONResponse(body)

    async def games(self, request: Request) -> Response:
        if request.method == "GET":
            return JSONResponse({"games": [
                {"id": g, "white": v["white"], "black": v["black"],
                 "time_control": v["time_control"], "result": v["result"], "reason": v["reason"],
                 "started": v["started"]}
                for g, v in self.views.items()
            ]})
        body = await request.json()
        self.posts.append((dict(request.headers), body))
        if request.headers.get("authorization") != f"Bearer {ORGANISER}":
            return JSONResponse({"error": "creating a game needs the organiser's token"}, 401)
        return JSONResponse({"id": "g2", "seats": {"white": "tw", "black": "tb"},
                             "arbiter": "ta"}, 201)

    async def state(self, request: Request) -> Response:
        game = request.path_params["game"]
        if game not in self.views:
            return JSONResponse({"error": "no such game"}, 404)
        return JSONResponse({**self.views[game], "id": game, "seq": self.seq[game]})

    async def socket(self, ws: WebSocket) -> None:
        game = ws.path_params["game"]
        if self.refusing or game not in self.views:
            await ws.close(code=1013)
            return
        seat = SEATS.get(ws.query_params.get("token", ""), "spectator")
        await ws.accept()
        self.sockets.setdefault(game, []).append((ws, seat))
        snapshot = {"type": "snapshot", "seq": self.seq[game], "view": self.views[game]}
        if self.name_seats:
            snapshot["seat"] = seat
        await ws.send_text(json.dumps(snapshot))
        try:
            while True:
                act = json.loads(await ws.receive_text())
                self.acts.append((game, seat, act))
                if act.get("type") == "which_seat":
                    refused = {"type": "refused", "error": "not an event", "seq": None,
                               "event": {**act, "by": seat},
                               "rulings": [{"ruling": "rejected", "reason": "not an event"}]}
                    await ws.send_text(json.dumps(refused))
        except WebSocketDisconnect:
            pass
        finally:
            self.sockets[game] = [(w, s) for w, s in self.sockets[game] if w is not ws]

    # -- what a test scripts ---------------------------------------------------------------------

    def run(self, coroutine: Awaitable[Any]) -> Any:
        loop = self.server_loop()
        return asyncio.run_coroutine_threadsafe(coroutine, loop).result(10)  # type: ignore[arg-type]

    def server_loop(self) -> asyncio.AbstractEventLoop:
        if self.loop is None:
            # The server's loop runs in its thread: its listening socket's server knows it.
            servers = self.server.servers
            assert servers, "the fake server is not listening"
            self.loop = servers[0].get_loop()
        return self.loop

    def broadcast(self, game: str = "g1", *, event: dict[str, Any] | None = None,
                  rulings: list[dict[str, Any]] | None = None, **fields: Any) -> int:
        """Log an event (scripted): the game's view takes ``fields``; every page is told."""
        self.seq[game] += 1
        self.views[game] = {**self.views[game], "at": time.time(), **fields}
        delta = {k: v for k, v in self.views[game].items()
                 if k not in ("san", "moves", "white", "black", "event", "round", "time_control")}
        message = {"seq": self.seq[game], "event": event or {"type": "scripted"},
                   "rulings": rulings or [], "view": delta}
        self.send_all(game, message)
        return self.seq[game]

    def tell(self, seat: str, message: dict[str, Any], game: str = "g1") -> None:
        """Send ``message`` to the sockets of one seat only (a refusal, say)."""
        self.send_all(game, message, seat)

    def send_all(self, game: str, message: dict[str, Any], seat: str | None = None) -> None:
        text = json.dumps(message)

        async def send() -> None:
            for ws, who in list(self.sockets.get(game, [])):
                if seat is None or who == seat:
                    # a page closed meanwhile: its handler drops the socket
                    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                        await ws.send_text(text)

        self.run(send())

    def refuse(self) -> None:
        """An outage: every socket is closed and new ones refused until :meth:`restore`."""
        self.refusing = True

        async def close() -> None:
            for sockets in self.sockets.values():
                for ws, _ in list(sockets):
                    await ws.close(code=1012)

        self.run(close())

    def restore(self, game: str = "g1", **fields: Any) -> None:
        """Back after the outage, with the game's view changed by ``fields`` (a new snapshot)."""
        self.views[game] = {**copy.deepcopy(self.views[game]), "at": time.time(), **fields}
        self.refusing = False

    def acts_of(self, seat: str, game: str = "g1") -> list[dict[str, Any]]:
        return [a for g, s, a in self.acts if g == game and s == seat and a["type"] != "which_seat"]

    def wait_acts(self, seat: str, count: int, timeout: float = 15.0) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        while len(self.acts_of(seat)) < count and time.monotonic() < deadline:
            time.sleep(0.02)
        return self.acts_of(seat)
