"""The HTTP and WebSocket interface (Starlette): the contract of ``docs/server.md``.

``POST /api/games`` creates a game; ``GET /api/games``, ``/api/games/ID``, ``/ID/pgn`` and
``/ID/log`` read them; ``/ws/games/ID?token=TOKEN[&since=SEQ]`` is the live game. The web
board's pages (``chesslaws.server._pages``) are mounted when that module is present.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import importlib.util
import json
import logging
import re
from collections.abc import AsyncIterator, Sequence

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ._hub import BadRequest, Hub
from ._live import Client, Close, LiveGame, rejection
from ._pgn import game_pgn
from ._protocol import MAX_MESSAGE, SPECTATOR, RateLimit, Refused, read_message

__all__ = ["create_app"]

log = logging.getLogger("chesslaws.server")

_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_MAX_BODY = 16_384


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def _game(request: Request) -> LiveGame | JSONResponse:
    ident = request.path_params["id"]
    live = await _hub(request).get(ident) if _ID.match(ident) else None
    if live is None:
        return _error(404, f"no game {ident!r}")
    if live.store.shared:
        async with live.lock:
            await live.catch_up()
    return live


async def create_game(request: Request) -> Response:
    raw = await request.body()
    if len(raw) > _MAX_BODY:
        return _error(413, f"the body is larger than {_MAX_BODY} bytes")
    try:
        body = json.loads(raw) if raw.strip() else {}
    except ValueError as error:
        return _error(400, f"the body is not JSON: {error}")
    try:
        created = await _hub(request).create(body)
    except BadRequest as error:
        return _error(400, str(error))
    return JSONResponse(created.to_json(), status_code=201)


async def list_games(request: Request) -> Response:
    hub = _hub(request)
    out = []
    for row in await hub.rows():
        live = hub.games.get(row.id)
        if live is not None:
            out.append(live.summary_json())
        else:
            out.append(
                {
                    "id": row.id,
                    **{k: row.meta.get(k) for k in ("white", "black", "event", "round")},
                    "result": row.result,
                    "reason": row.reason,
                    "created": row.created,
                }
            )
    return JSONResponse(out)


async def read_game(request: Request) -> Response:
    live = await _game(request)
    if isinstance(live, Response):
        return live
    return JSONResponse(live.state_json())


async def read_pgn(request: Request) -> Response:
    live = await _game(request)
    if isinstance(live, Response):
        return live
    text = game_pgn(live.game, live.row.meta, live.row.created)
    return PlainTextResponse(text, media_type="application/x-chess-pgn")


async def read_log(request: Request) -> Response:
    live = await _game(request)
    if isinstance(live, Response):
        return live
    body = "".join(line + "\n" for line in live.lines)
    return PlainTextResponse(body, media_type="application/x-ndjson")


async def _pump(websocket: WebSocket, client: Client, backlog: list[str]) -> None:
    """Send ``client`` what it missed, then every message of the game as it comes."""
    try:
        for message in backlog:
            await websocket.send_text(message)
        while True:
            item = await client.queue.get()
            if isinstance(item, Close):
                await websocket.close(code=item.code, reason=item.reason)
                return
            await websocket.send_text(item)
    except (WebSocketDisconnect, OSError, RuntimeError) as error:
        log.debug("client gone: %s", error)


async def game_socket(websocket: WebSocket) -> None:
    """``/ws/games/ID?token=TOKEN&since=SEQ``: one client of a live game."""
    ident = websocket.path_params["id"]
    live = await _hub(websocket).get(ident) if _ID.match(ident) else None
    if live is None:
        await websocket.close(code=4404, reason="no such game")
        return
    token = websocket.query_params.get("token")
    role = SPECTATOR if token is None else live.role_of(token)
    if role is None:
        await websocket.close(code=4403, reason="this token holds no seat in this game")
        return
    since_text = websocket.query_params.get("since")
    since: int | None = None
    if since_text is not None:
        if not re.fullmatch(r"-1|\d{1,9}", since_text):
            await websocket.close(code=4400, reason="since must be a sequence number (or -1)")
            return
        since = int(since_text)
    await websocket.accept()
    client = Client(role)
    backlog = live.subscribe(client, since)
    sender = asyncio.create_task(_pump(websocket, client, backlog))
    try:
        await _receive(websocket, live, client)
    except WebSocketDisconnect:
        pass
    finally:
        live.unsubscribe(client)
        if client.closing:  # let the sender flush what is queued, then close
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sender, 5)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


async def _receive(websocket: WebSocket, live: LiveGame, client: Client) -> None:
    limit = RateLimit()
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            data = message.get("bytes") or b""
            if len(data) > MAX_MESSAGE:
                client.close(1009, "message too big")
                return
            client.send(rejection(None, None, "send events as text frames of JSON"))
            continue
        if len(text) > MAX_MESSAGE:
            client.close(1009, f"message too big (at most {MAX_MESSAGE} bytes)")
            return
        if not limit.take():
            if limit.exhausted:
                client.close(1008, "too many events")
                return
            client.send(rejection(None, None, "too many events: slow down"))
            continue
        try:
            obj = read_message(text)
        except Refused as refusal:
            client.send(rejection(None, None, str(refusal)))
            continue
        reply = await live.submit(client.role, obj)
        if reply is not None:
            client.send(reply)


def _page_routes() -> list[BaseRoute]:
    """The web board's routes, when its module is installed (``chesslaws.server._pages``)."""
    name = "chesslaws.server._pages"
    if importlib.util.find_spec(name) is None:
        return []
    module = importlib.import_module(name)
    routes: list[BaseRoute] = module.page_routes()
    return routes


def create_app(db: str | Hub, *, pages: bool = True) -> Starlette:
    """The server's Starlette application over the event store at URL ``db``.

    Given a :class:`Hub` already started instead, the application serves it and leaves
    starting and stopping it to the caller.
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if isinstance(db, Hub):
            app.state.hub = db
            yield
            return
        hub = Hub(db)
        await hub.start()
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.stop()

    routes: Sequence[BaseRoute] = [
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/games/{id}", read_game, methods=["GET"]),
        Route("/api/games/{id}/pgn", read_pgn, methods=["GET"]),
        Route("/api/games/{id}/log", read_log, methods=["GET"]),
        WebSocketRoute("/ws/games/{id}", game_socket),
        *(_page_routes() if pages else []),
    ]
    return Starlette(routes=list(routes), lifespan=lifespan)
