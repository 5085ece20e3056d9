"""The games a server process serves: created here, recovered from the log, or followed.

On start the hub replays every unfinished game's log through the arbiter. If no other process
serves the database, the server was down: each running clock is paused at the last logged
instant and the arbiter resumes it (``docs/server.md``). Games another process creates or
advances are loaded from the store when asked for and followed by its notifications.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
import uuid
from datetime import UTC, datetime
from typing import Any

from chesslaws._errors import InvalidEvent
from chesslaws.arbiter import Game, RulingKind, event_from_json

from ._live import LiveGame, hash_token
from ._protocol import ARBITER, SEATS
from ._store import EventStore, GameRow, StoreError, open_store

__all__ = ["BadRequest", "Hub", "NewGame"]

log = logging.getLogger("chesslaws.server")

#: What ``POST /api/games`` may set, and the ``start`` event fields among them.
_START_FIELDS = ("time_control", "rules", "fen", "variant", "mode", "time_controls")
_META_FIELDS = ("white", "black", "event", "site", "round")


class BadRequest(ValueError):
    """A request the server cannot take; the text says which field and why."""


class NewGame:
    """A game just created: its id and its secret tokens (shown once, never stored)."""

    __slots__ = ("id", "tokens")

    def __init__(self, ident: str, tokens: dict[str, str]) -> None:
        self.id = ident
        self.tokens = tokens

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "seats": {"white": self.tokens["white"], "black": self.tokens["black"]},
            "arbiter": self.tokens["arbiter"],
        }


def _start_line(body: dict[str, Any]) -> str:
    """The ``start`` event of a new game, checked by the arbiter; :class:`BadRequest` if bad."""
    start: dict[str, Any] = {"type": "start", "time_control": body.get("time_control")}
    for name in _START_FIELDS[1:]:
        if body.get(name) is not None:
            start[name] = body[name]
    try:
        event = event_from_json(start)
    except InvalidEvent as error:
        raise BadRequest(str(error)) from None
    line = json.dumps(event.to_json())
    rulings = Game().handle_json(line, index=0)
    rejected = [r for r in rulings if r.kind is RulingKind.REJECTED]
    if rejected:
        raise BadRequest(rejected[0].reason or "the game cannot start")
    return line


def _meta(body: dict[str, Any]) -> dict[str, Any]:
    meta: dict[str, Any] = {}
    for name in _META_FIELDS:
        value = body.get(name)
        if value is None:
            continue
        if isinstance(value, int) and not isinstance(value, bool) and name == "round":
            value = str(value)
        if not isinstance(value, str) or len(value) > 200 or any(c in value for c in '"\\\n\r'):
            raise BadRequest(
                f"'{name}' must be a string of at most 200 characters without quotes, "
                f"backslashes or line breaks, not {value!r}"[:300]
            )
        meta[name] = value
    return meta


class Hub:
    """Every game of one server process, over one event store."""

    def __init__(self, db: str) -> None:
        self.instance = uuid.uuid4().hex[:12]
        self.store: EventStore = open_store(db, instance=self.instance)
        self.games: dict[str, LiveGame] = {}
        self._loading = asyncio.Lock()
        self.paused_on_start: list[str] = []
        self._following: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Open the store and rebuild every unfinished game from its log."""
        await self.store.open()
        alone = await self.store.alone()
        for row in await self.store.games(unfinished=True):
            live = await self._load(row)
            if alone:
                async with live.lock:
                    if await live.pause_after_restart():
                        self.paused_on_start.append(live.id)
        self.store.on_append(self._appended)
        await self.store.serving()
        for live in list(self.games.values()):
            async with live.lock:
                await live.catch_up()

    async def stop(self) -> None:
        for live in self.games.values():
            live.stop()
        await self.store.close()

    async def _load(self, row: GameRow) -> LiveGame:
        live = LiveGame(row, self.store)
        live.load(await self.store.events(row.id))
        self.games[row.id] = live
        live.reschedule()
        return live

    async def get(self, ident: str) -> LiveGame | None:
        """The game ``ident``, from memory or else from the store (None if there is none)."""
        live = self.games.get(ident)
        if live is not None:
            return live
        async with self._loading:
            live = self.games.get(ident)
            if live is not None:
                return live
            row = await self.store.game(ident)
            if row is None:
                return None
            return await self._load(row)

    async def rows(self) -> list[GameRow]:
        return await self.store.games()

    async def _appended(self, ident: str, seq: int) -> None:
        """Another process logged event ``seq`` of ``ident``: take it and pass it on (in a task
        of its own, so that one busy game does not hold up the news of the others)."""
        live = self.games.get(ident)
        if live is None or live.seq >= seq or ident in self._following:
            return
        self._following.add(ident)
        task = asyncio.get_running_loop().create_task(self._follow(live))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _follow(self, live: LiveGame) -> None:
        self._following.discard(live.id)
        try:
            async with live.lock:
                await live.catch_up()
        except StoreError as error:
            log.error("game %s: %s", live.id, error)

    async def create(self, body: object) -> NewGame:
        """Create a game from a ``POST /api/games`` body; :class:`BadRequest` if it is bad."""
        if not isinstance(body, dict):
            raise BadRequest('the body is a JSON object such as {"time_control": "5400+30"}')
        unknown = sorted(set(body) - set(_START_FIELDS) - set(_META_FIELDS))
        if unknown:
            known = ", ".join((*_START_FIELDS, *_META_FIELDS))
            raise BadRequest(f"unknown field {unknown[0]!r} (fields: {known})")
        line = _start_line(body)
        meta = _meta(body)
        tokens = {role: secrets.token_urlsafe(24) for role in (*SEATS, ARBITER)}
        ident = secrets.token_urlsafe(9)
        row = GameRow(
            id=ident,
            meta=meta,
            hashes={role: hash_token(token) for role, token in tokens.items()},
            origin_ns=time.time_ns(),
            created=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        await self.store.create_game(row, line)
        live = LiveGame(row, self.store)
        live.load([(0, line)])
        self.games[ident] = live
        live.reschedule()
        return NewGame(ident, tokens)
