"""The HTTP and WebSocket interface (Starlette): the contract of ``docs/server.md``.

``POST /api/games`` creates a game (with the organiser's token, ``Authorization: Bearer T``,
unless the server is open, then rate-limited); ``GET /api/games``, ``/api/games/ID``,
``/ID/pgn`` and ``/ID/log`` read them; ``GET /api/timecontrol?text=5%2B3`` reads a time
control as people write it; ``/ws/games/ID?token=TOKEN`` is the live game. The web board's
pages (``chesslaws.server._pages``) are mounted when that module is present.

Every refusal is a JSON object ``{"error": "..."}`` (a WebSocket refusal, see ``._live``), and
a client's mistake is answered, never logged with a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import importlib
import importlib.util
import json
import logging
import re
from collections.abc import AsyncIterator, Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from chesslaws._errors import TimeControlError
from chesslaws._words import Words, said, words_json
from chesslaws.clock import read_spoken

from ._hub import BadRequest, Busy, Hub
from ._live import Client, Close, LiveGame, hash_token, refusal
from ._protocol import (
    ARBITER,
    MAX_MESSAGE,
    SEATS,
    SPECTATOR,
    RateLimit,
    Refused,
    read_message,
)
from ._tournament import Director

__all__ = ["create_app"]

log = logging.getLogger("chesslaws.server")

_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_MAX_BODY = 16_384

#: Connections one seat (or the arbiter) may hold open on one game at once.
SOCKETS_PER_SEAT = 4

#: Frames over the rate limit in a row after which a connection is closed (1008).
STRIKES = 20

#: Connections all spectators may hold open on one game.
SPECTATORS_PER_GAME = 200


class Access:
    """Who may create games: the organiser's token, or anyone (``--open``) at a bounded rate."""

    def __init__(self, token: str | None, *, open_rate: float = 5.0, open_burst: float = 20.0):
        self.token_hash = hash_token(token) if token else None
        self.open = token is None
        self.limit = RateLimit(open_rate, open_burst)

    def check(self, request: Request) -> JSONResponse | None:
        """None if ``request`` may create a game, else the refusal."""
        if self.open:
            if not self.limit.take():
                return _error(429, Words("too many games created: wait a moment"))
            return None
        header = request.headers.get("authorization", "")
        scheme, _, given = header.partition(" ")
        if scheme.lower() != "bearer" or not given:
            return _error(401, Words("creating a game needs the organiser's token (Authorization: "
                                     "Bearer TOKEN, as printed by chesslaws serve)"))  # fmt: skip
        assert self.token_hash is not None
        if not hmac.compare_digest(hash_token(given.strip()), self.token_hash):
            return _error(401, Words("this is not the organiser's token"))
        return None

    def organiser(self, request: Request) -> JSONResponse | None:
        """None if ``request`` carries the organiser's token (what a tournament's acts need,
        even on an open server), else the refusal."""
        if self.open:
            return _error(403, Words("this server has no organiser's token (--open): it runs "
                                     "no tournament's acts"))  # fmt: skip
        return self.check(request)


def _error(status: int, message: str) -> JSONResponse:
    """``{"error": message}``, with the code of its words (``i18n``) when it is words."""
    return JSONResponse({"error": message, **_words(error=message)}, status_code=status)


def _words(**fields: str) -> dict[str, Any]:
    words = words_json(**fields)
    return {"i18n": words} if words else {}


def _bounded(error: Exception, limit: int) -> str:
    """What ``error`` says, its words kept when they are short (a peer's long input is cut)."""
    text = said(error)
    return text if len(text) <= limit else str(text)[:limit]


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _json_body_refused(request: Request) -> JSONResponse | None:
    """A body that is not ``application/json`` is refused (415): a cross-origin form or
    ``text/plain`` POST cannot reach the API."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        return _error(415, Words("the body must be JSON (Content-Type: application/json)"))
    return None


async def _read_body(request: Request) -> bytes | JSONResponse:
    """The request's body, at most :data:`_MAX_BODY` bytes, or the refusal."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > _MAX_BODY:
        return _error(413, Words("the body is larger than {limit} bytes", limit=_MAX_BODY))
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > _MAX_BODY:
                return _error(413, Words("the body is larger than {limit} bytes", limit=_MAX_BODY))
            chunks.append(chunk)
    except ClientDisconnect:
        return _error(400, Words("the body ended early (the client disconnected)"))
    return b"".join(chunks)


async def _game(request: Request) -> LiveGame | JSONResponse:
    ident = request.path_params["id"]
    live = await _hub(request).get(ident) if _ID.match(ident) else None
    if live is None:
        return _error(404, Words("no game {ident}", ident=repr(ident)))
    if live.store.shared:
        async with live.lock:
            await live.catch_up()
    return live


async def _read_json(request: Request) -> Any:
    """The request's JSON body (``{}`` when empty), or the refusal (a JSONResponse)."""
    raw = await _read_body(request)
    if isinstance(raw, Response):
        return raw
    try:
        return json.loads(raw, parse_constant=_no_constant) if raw.strip() else {}
    except (ValueError, RecursionError) as error:
        return _error(400, Words("the body is not JSON: {error}", error=str(error)[:200]))


async def create_game(request: Request) -> Response:
    access: Access = request.app.state.access
    refused = access.check(request) or _json_body_refused(request)
    if refused is not None:
        return refused
    body = await _read_json(request)
    if isinstance(body, Response):
        return body
    try:
        created = await _hub(request).create(body)
    except BadRequest as error:
        return _error(400, _bounded(error, 500))
    except Busy as error:
        return _error(503, said(error))
    return JSONResponse(created.to_json(), status_code=201)


async def _http_error(request: Request, error: Exception) -> Response:
    """Starlette's own refusals (no such route, wrong method) as JSON too."""
    del request
    assert isinstance(error, HTTPException)
    return _error(error.status_code, str(error.detail))


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


async def read_time_control(request: Request) -> Response:
    """``GET /api/timecontrol?text=5%2B3``: the readings of a time control as people write it
    (minutes: "5+3"), each with its PGN form in seconds, its words and its category."""
    text = request.query_params.get("text", "")
    if not text.strip() or len(text) > 100:
        return _error(400, Words("text: a time control such as 5+3, 90+30 or 40/90+30:30+30"))
    try:
        readings = read_spoken(text)
    except TimeControlError as error:
        return _error(400, _bounded(error, 300))
    return JSONResponse({"text": text, "readings": [r.to_json() for r in readings],
                         "ambiguous": len(readings) > 1})  # fmt: skip


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


def _reader(request: Request, live: LiveGame) -> str:
    """Who reads: ``arbiter`` for the game's arbiter's token or the organiser's (``?token=``
    or ``Authorization: Bearer``), else a spectator (a seat's token reads no more than a
    spectator: the sealed move is the arbiter's alone, Guidelines I.3)."""
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    token = given.strip() if scheme.lower() == "bearer" else request.query_params.get("token")
    if not token or len(token) > 200:
        return SPECTATOR
    if live.role_of(token) == ARBITER:
        return ARBITER
    organiser: str | None = request.app.state.access.token_hash
    if organiser is not None and hmac.compare_digest(hash_token(token), organiser):
        return ARBITER
    return SPECTATOR


async def read_game(request: Request) -> Response:
    live = await _game(request)
    if isinstance(live, Response):
        return live
    return JSONResponse(live.state_json(_reader(request, live)))


async def read_pgn(request: Request) -> Response:
    live = await _game(request)
    if isinstance(live, Response):
        return live
    return PlainTextResponse(live.pgn_text(), media_type="application/x-chess-pgn")


async def read_log(request: Request) -> Response:
    live = await _game(request)
    if isinstance(live, Response):
        return live
    body = await live.log_text(_reader(request, live))
    return PlainTextResponse(body, media_type="application/x-ndjson")


async def _pump(websocket: WebSocket, client: Client) -> None:
    """Send ``client`` every message of the game as it comes (the snapshot first)."""
    try:
        while True:
            item = await client.queue.get()
            if isinstance(item, Close):
                await websocket.close(code=item.code, reason=item.reason)
                return
            await websocket.send_text(item)
    except (WebSocketDisconnect, OSError, RuntimeError) as error:
        log.debug("client gone: %s", error)


async def game_socket(websocket: WebSocket) -> None:
    """``/ws/games/ID?token=TOKEN``: one client of a live game (``since`` is accepted and
    ignored: a client gets the game's full view first, whatever it missed)."""
    ident = websocket.path_params["id"]
    hub = _hub(websocket)
    live = await hub.get(ident) if _ID.match(ident) else None
    if live is None:
        await websocket.close(code=4404, reason="no such game")
        return
    token = websocket.query_params.get("token")
    role = SPECTATOR if token is None else live.role_of(token)
    if role is None:
        await websocket.close(code=4403, reason="this token holds no seat in this game")
        return
    if _full(live, role):
        await websocket.close(code=4429, reason="too many connections for this seat")
        return
    client = Client(role)
    try:
        if role in SEATS:  # logged before the handshake ends: the player is seated when his
            await live.arrive(role)  # connection opens, and a game set to start so starts
        live.subscribe(client)  # the snapshot (his arrival in it) is its first message
        await websocket.accept()
        sender = asyncio.create_task(_pump(websocket, client))
        try:
            await _receive(websocket, live, client)
        except WebSocketDisconnect:
            pass
        finally:
            if client.closing:  # let the sender flush what is queued, then close
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(sender, 5)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender
    finally:
        live.unsubscribe(client)
        if role in SEATS:
            live.leave(role)
        hub.release(live)


def _full(live: LiveGame, role: str) -> bool:
    """Whether ``role`` already holds as many connections to ``live`` as it may."""
    same = sum(1 for c in live.clients if c.role == role)
    return same >= (SPECTATORS_PER_GAME if role == SPECTATOR else SOCKETS_PER_SEAT)


async def _receive(websocket: WebSocket, live: LiveGame, client: Client) -> None:
    """Read the client's frames as they come, each stamped with the instant it arrived, and
    pass them in order to the game (:class:`_Turns`): a frame that arrives while the game is
    busy (a mate search) keeps its instant, so a flag that falls meanwhile does not overtake
    it (6.8)."""
    limit = live.rate_limit(client.role)
    turns = _Turns(live, client)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            arrived = live.now_ms()
            obj = _read_frame(message, client, limit)
            if obj is None:
                if client.closing:
                    return
                continue
            try:
                turns.waiting.put_nowait((obj, arrived))
            except asyncio.QueueFull:
                client.send(refusal(None, None, Words("too many events waiting: slow down")))
    finally:
        turns.close()


#: Frames of one connection waiting for their game's turn, beyond which they are refused.
_WAITING = 64


def _read_frame(message: Any, client: Client, limit: RateLimit) -> dict[str, Any] | None:
    """The event object of a WebSocket frame, or None (refused, or the client closed)."""
    text = message.get("text")
    if text is None:
        data = message.get("bytes") or b""
        if len(data) > MAX_MESSAGE:
            client.close(1009, "message too big")
            return None
        client.send(refusal(None, None, Words("send events as text frames of JSON")))
        return None
    if len(text) > MAX_MESSAGE:
        client.close(1009, f"message too big (at most {MAX_MESSAGE} bytes)")
        return None
    if not limit.take():  # answered once; a connection that goes on is closed
        client.strikes += 1
        if client.strikes >= STRIKES:
            client.close(1008, "too many events")
        elif client.strikes == 1:
            client.send(refusal(None, None, Words("too many events: slow down")))
        return None
    client.strikes = 0
    try:
        return read_message(text)
    except Refused as refused:
        client.send(refusal(None, None, said(refused)))
        return None


class _Turns:
    """The frames of one connection waiting for their game's turn, and the task that gives
    them to the game in order, and its sender the answer to a refused one. A frame being ruled
    is ruled to the end even if its sender leaves meanwhile (:meth:`close` stops the task only
    between two frames: no task is spent per frame to shield it)."""

    __slots__ = ("_client", "_live", "_open", "_ruling", "_task", "waiting")

    def __init__(self, live: LiveGame, client: Client) -> None:
        self._live = live
        self._client = client
        self.waiting: asyncio.Queue[tuple[dict[str, Any], int]] = asyncio.Queue(_WAITING)
        self._open = True
        self._ruling = False
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while self._open:
            obj, arrived = await self.waiting.get()
            self._ruling = True
            try:
                reply = await self._live.submit(self._client.role, obj, arrived)
            finally:
                self._ruling = False
            if reply is not None:
                self._client.send(reply)

    def close(self) -> None:
        """The connection is gone: the frames still waiting are dropped, the one being ruled
        is ruled to the end."""
        self._open = False
        if not self._ruling:
            self._task.cancel()
        elif not self._task.done():  # kept until its frame is ruled (the loop keeps none)
            _FINISHING.add(self._task)
            self._task.add_done_callback(_FINISHING.discard)


_FINISHING: set[asyncio.Task[None]] = set()


def _page_routes() -> list[BaseRoute]:
    """The web board's routes, when its module is installed (``chesslaws.server._pages``)."""
    name = "chesslaws.server._pages"
    if importlib.util.find_spec(name) is None:
        return []
    module = importlib.import_module(name)
    routes: list[BaseRoute] = module.page_routes()
    return routes


def create_app(
    db: str | Hub,
    *,
    pages: bool = True,
    organiser_token: str | None = None,
    tournaments: Sequence[Director] = (),
) -> Starlette:
    """The server's Starlette application over the event store at URL ``db``.

    Given a :class:`Hub` already started instead, the application serves it and leaves
    starting and stopping it to the caller. ``organiser_token`` is the token creating games
    needs; None opens creation to anyone, rate-limited (``--open``). ``tournaments`` are the
    events served live (``--tournament``).
    """
    from ._tournament_api import collector, tournament_routes  # it reads this module's helpers

    directors = {director.id: director for director in tournaments}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if isinstance(db, Hub):
            app.state.hub = db
            try:
                async with contextlib.asynccontextmanager(collector)(db, directors):
                    yield
            finally:  # the server stops: no search goes on without it
                db.searches.close()
            return
        hub = Hub(db)
        await hub.start()
        app.state.hub = hub
        try:
            async with contextlib.asynccontextmanager(collector)(hub, directors):
                yield
        finally:
            await hub.stop()

    routes: Sequence[BaseRoute] = [
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/games/{id}", read_game, methods=["GET"]),
        Route("/api/games/{id}/pgn", read_pgn, methods=["GET"]),
        Route("/api/games/{id}/log", read_log, methods=["GET"]),
        Route("/api/timecontrol", read_time_control, methods=["GET"]),
        WebSocketRoute("/ws/games/{id}", game_socket),
        *tournament_routes(),
        *(_page_routes() if pages else []),
    ]
    app = Starlette(
        routes=list(routes),
        lifespan=lifespan,
        exception_handlers={HTTPException: _http_error},
    )
    app.state.access = Access(organiser_token)
    app.state.tournaments = directors
    app.state.finished_pgn = {}
    return app
