"""The games a server process serves: created here, recovered from the log, or followed.

On start the hub folds every unfinished game's log through the arbiter. If no other process
serves the database, the server was down: each running clock is paused at the last logged
instant, logged as a server restart, and the arbiter resumes it (``docs/server.md``, 6.11).
Finished games are not loaded on start; they are read from the store when asked for, and leave
memory when their last client leaves. Games another process creates or advances are loaded
from the store when asked for and followed by its notifications.

Bounds. A game's ``mate_budget`` may not exceed :data:`._search.MAX_MATE_BUDGET`; a server
holds at most :attr:`Hub.max_games` unfinished games.
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
from chesslaws._words import Words, said
from chesslaws.arbiter import (
    Arbiter,
    ArbiterActionKind,
    GameState,
    Millis,
    RulingKind,
    Start,
    event_from_json,
    step,
)

from ._live import AWAITING_START, LiveGame, hash_token
from ._protocol import ARBITER, SEATS
from ._search import MAX_MATE_BUDGET, MateSearches
from ._store import EventStore, GameRow, StoreError, open_store

__all__ = ["BadRequest", "Hub", "NewGame"]

log = logging.getLogger("chesslaws.server")

#: What ``POST /api/games`` may set: the ``start`` event's fields, the game's names, and when
#: the clocks start.
_START_FIELDS = ("time_control", "rules", "fen", "variant", "mode", "time_controls")
_META_FIELDS = ("white", "black", "event", "site", "round", "board")
_PLAN_FIELDS = ("start", "default_time")

#: Seconds between two heartbeats: what a restart may give back of a player's thinking time.
HEARTBEAT = 1.0

#: The longest default time (6.7.1) a scheduled game may set, in seconds.
_MOST_DEFAULT_TIME = 24 * 3600


class BadRequest(ValueError):
    """A request the server cannot take; the text says which field and why."""


class NewGame:
    """A game just created: its id and its secret tokens (shown once, never stored)."""

    __slots__ = ("id", "reading", "tokens")

    def __init__(self, ident: str, tokens: dict[str, str]) -> None:
        self.id = ident
        self.tokens = tokens
        self.reading = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "seats": {"white": self.tokens["white"], "black": self.tokens["black"]},
            "arbiter": self.tokens["arbiter"],
        }


def _start_line(body: dict[str, Any]) -> tuple[str, GameState]:
    """The ``start`` event of a new game, checked by the arbiter, and the state it makes;
    :class:`BadRequest` if bad (a ``mate_budget`` over the server's ceiling included)."""
    start: dict[str, Any] = {"type": "start", "time_control": body.get("time_control")}
    for name in _START_FIELDS[1:]:
        if body.get(name) is not None:
            start[name] = body[name]
    try:
        event = event_from_json(start)
    except InvalidEvent as error:
        raise BadRequest(said(error)) from None
    assert isinstance(event, Start)  # the type is "start"
    budget = event.rules.mate_budget
    if budget is not None and budget > MAX_MATE_BUDGET:
        raise BadRequest(
            Words(
                "rules.mate_budget {budget} is over this server's ceiling of {limit} positions (a "
                "search that long would hold a worker for hours)",
                budget=budget,
                limit=MAX_MATE_BUDGET,
            )
        )
    state, rulings = step(GameState(), event, index=0)
    rejected = [r for r in rulings if r.kind is RulingKind.REJECTED]
    if rejected:
        raise BadRequest(rejected[0].reason or "the game cannot start")
    return json.dumps(event.to_json()), state


def _plan(body: dict[str, Any]) -> dict[str, Any]:
    """When the clocks start (6.6, 6.7): ``{"mode", "at", "default_time"}`` from the body's
    ``start`` (``arbiter``, the default; ``seated``; or an ISO-8601 time) and
    ``default_time`` (seconds, 6.7.1)."""
    start = body.get("start", "arbiter")
    default = body.get("default_time", 0)
    if isinstance(default, bool) or not isinstance(default, int):
        raise BadRequest(Words("'default_time' is a whole number of seconds, not {default}",
                               default=repr(default)[:150]))  # fmt: skip
    if not 0 <= default <= _MOST_DEFAULT_TIME:
        raise BadRequest(
            Words(
                "'default_time' is 0 to {limit} seconds, not {default}",
                limit=_MOST_DEFAULT_TIME,
                default=default,
            )
        )
    if start in ("arbiter", "seated"):
        if default:
            raise BadRequest(
                Words("'default_time' goes with a scheduled start (an ISO-8601 'start')")
            )
        return {"mode": start, "at": None, "default_time": 0}
    if not isinstance(start, str) or len(start) > 40:
        raise BadRequest(Words('\'start\' is "arbiter", "seated" or an ISO-8601 time'))
    try:
        when = datetime.fromisoformat(start)
    except ValueError:
        raise BadRequest(
            Words(
                '\'start\' is "arbiter", "seated" or an ISO-8601 time, not {start}',
                start=repr(start),
            )
        ) from None
    if when.tzinfo is None:
        raise BadRequest(
            Words(
                "'start' {start} needs its time zone (e.g. 2026-12-02T18:00:00Z)", start=repr(start)
            )
        )
    return {"mode": "scheduled", "at": when.astimezone(UTC).isoformat(), "default_time": default}


def _meta(body: dict[str, Any], plan: dict[str, Any] | None) -> dict[str, Any]:
    meta: dict[str, Any] = {}
    for name in _META_FIELDS:
        value = body.get(name)
        if value is None:
            continue
        if isinstance(value, int) and not isinstance(value, bool) and name == "round":
            value = str(value)
        if not isinstance(value, str) or len(value) > 200 or any(c in value for c in '"\\\n\r'):
            raise BadRequest(
                Words(
                    "'{name}' must be a string of at most 200 characters without quotes, "
                    "backslashes or line breaks, not {value}",
                    name=name,
                    value=repr(value)[:150],
                )
            )
        meta[name] = value
    if plan is not None:
        meta["start"] = plan
    return meta


class Hub:
    """Every game of one server process, over one event store."""

    def __init__(self, db: str, *, max_games: int = 10_000, workers: int = 2) -> None:
        self.instance = uuid.uuid4().hex[:12]
        self.store: EventStore = open_store(db, instance=self.instance)
        self.games: dict[str, LiveGame] = {}
        self.max_games = max_games
        self.searches = MateSearches(workers)
        self._loading = asyncio.Lock()
        self.paused_on_start: list[str] = []
        self._following: set[str] = set()
        self._news: dict[str, list[tuple[int, str | None]]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._beat: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Open the store and fold every unfinished game's log."""
        await self.store.open()
        self.searches.warm()
        alone = await self.store.alone()
        alive = await self.store.last_heartbeat() if alone else None
        for row in await self.store.games(unfinished=True):
            live = await self._load(row)
            if alone:
                async with live.lock:
                    if await live.pause_after_restart(alive):
                        self.paused_on_start.append(live.id)
        await self.store.heartbeat(time.time_ns())
        self._beat = asyncio.get_running_loop().create_task(self._heartbeat())
        self.store.on_append(self._appended)
        await self.store.serving()
        for live in list(self.games.values()):
            async with live.lock:
                await live.catch_up()

    async def _heartbeat(self) -> None:
        """Each second, the store records that the server is alive: after a crash, a restart
        pauses the clocks where the outage began, within a second (6.11)."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            try:
                await self.store.heartbeat(time.time_ns())
            except StoreError as error:
                log.error("heartbeat: %s", error)

    async def stop(self) -> None:
        if self._beat is not None:
            self._beat.cancel()
            self._beat = None
        for live in self.games.values():
            live.stop()
        self.searches.close()
        await self.store.close()

    async def _load(self, row: GameRow) -> LiveGame:
        live = LiveGame(row, self.store, self.searches)
        await live.load(await self.store.events(row.id))
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

    def release(self, live: LiveGame) -> None:
        """A client left ``live``: a finished game nobody follows leaves memory."""
        if live.result is not None and not live.clients and self.games.get(live.id) is live:
            live.stop()
            del self.games[live.id]

    async def rows(self) -> list[GameRow]:
        return await self.store.games()

    async def _appended(self, ident: str, events: list[tuple[int, str | None]]) -> None:
        """Another process logged ``events`` of ``ident``: take them and pass them on (in a
        task of its own, so that one busy game does not hold up the news of the others)."""
        live = self.games.get(ident)
        if live is None or live.seq >= events[-1][0]:
            return
        self._news.setdefault(ident, []).extend(events)
        if ident in self._following:
            return  # the task following the game takes these too
        self._following.add(ident)
        task = asyncio.get_running_loop().create_task(self._follow(live))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _follow(self, live: LiveGame) -> None:
        try:
            async with live.lock:
                self._following.discard(live.id)
                await live.follow(self._news.pop(live.id, []))
        except StoreError as error:
            log.error("game %s: %s", live.id, error)

    def unfinished(self) -> int:
        return sum(1 for live in self.games.values() if live.result is None)

    async def create(self, body: object) -> NewGame:
        """Create a game from a ``POST /api/games`` body; :class:`BadRequest` if it is bad."""
        if not isinstance(body, dict):
            raise BadRequest(
                Words('the body is a JSON object such as {{"time_control": "5400+30"}}')
            )
        known = (*_START_FIELDS, *_META_FIELDS, *_PLAN_FIELDS)
        unknown = sorted(set(body) - set(known))
        if unknown:
            raise BadRequest(
                Words(
                    "unknown field {unknown} (fields: {known})",
                    unknown=repr(unknown[0]),
                    known=", ".join(known),
                )
            )
        if self.unfinished() >= self.max_games:
            raise Busy(
                Words(
                    "this server holds {max_games} unfinished games, its limit",
                    max_games=self.max_games,
                )
            )
        line, state = _start_line(body)
        plan = _plan(body) if state.clock is not None else None
        meta = _meta(body, plan)
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
        live = LiveGame(row, self.store, self.searches)
        await live.load([(0, line)])
        self.games[ident] = live
        if plan is not None:  # the clocks stand until the start (6.6)
            async with live.lock:
                hold = Arbiter(
                    Millis(live.last_at),
                    ArbiterActionKind.PAUSE,
                    reason=AWAITING_START,
                    article="6.6",
                )
                await live.log_event(hold)
        live.reschedule()
        return NewGame(ident, tokens)


class Busy(Exception):
    """The server is at a limit; try later (HTTP 503)."""
