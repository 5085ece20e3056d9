"""The shared store: PostgreSQL through psycopg 3, for one or several server processes.

Tables live in the connection's current schema (``search_path``: a URL such as
``postgresql:///db?options=-csearch_path%3Dmyschema`` picks one). Appends are committed in
groups (:class:`._store.GroupCommit`) on a connection of their own: all the appends asked for
while the previous group was being written go in one statement in autocommit (one round trip,
one commit), which inserts the events under their (game, seq) primary key, ``ON CONFLICT DO
NOTHING``, and records the result of each game an inserted event ended. The primary key is the
arbiter between processes: an event whose (game, seq) another process took first is refused
alone (:class:`SeqTaken`); its game catches up and rules it again. No lock is taken per event.

Right after the commit a notifier task ``NOTIFY``s the schema's channel, one notification for
all the appends made meanwhile (a ``NOTIFY`` takes a database-wide lock at commit, so one per
append would make every commit wait for the others'). The other processes ``LISTEN`` on it and
take the events from it (or read them from the log when one did not fit).

A session-level advisory lock tells whether another process is serving: each live process
holds it shared; a starting process that can take it exclusively is alone, and only then does
its recovery pause the clocks of the games it finds (``docs/server.md``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import psycopg

from ._store import Append, GameRow, GroupCommit, Listener, StoreError, redact

__all__ = ["PostgresStore"]

log = logging.getLogger("chesslaws.server")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    meta TEXT NOT NULL,
    hashes TEXT NOT NULL,
    origin_ns BIGINT NOT NULL,
    created TEXT NOT NULL,
    result TEXT,
    reason TEXT
);
CREATE TABLE IF NOT EXISTS events (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS alive (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    ns BIGINT NOT NULL
);
"""

_APPEND = """
WITH batch AS (
    SELECT * FROM unnest(%s::text[], %s::int[], %s::text[], %s::text[], %s::text[])
        AS b(game, seq, line, result, reason)
), appended AS (
    INSERT INTO events (game, seq, line) SELECT game, seq, line FROM batch
    ON CONFLICT (game, seq) DO NOTHING RETURNING game, seq
), ended AS (
    UPDATE games SET result = batch.result, reason = batch.reason
    FROM batch JOIN appended USING (game, seq)
    WHERE games.id = batch.game AND batch.result IS NOT NULL
)
SELECT game, seq FROM appended
"""

#: The longest payload of one notification, in bytes (PostgreSQL's limit is 8000).
_PAYLOAD = 7000

#: The longest event line a notification carries (a longer one is read from the log).
_LINE = 2000

_COLUMNS = "id, meta, hashes, origin_ns, created, result, reason"


class PostgresStore:
    """The event store in PostgreSQL (see the module docstring)."""

    #: Whether other processes may append to the same games.
    shared = True

    def __init__(self, url: str, *, instance: str, pool_size: int = 16) -> None:
        self.url = url
        self._instance = instance
        self._size = pool_size
        self._pool: asyncio.Queue[psycopg.AsyncConnection[Any]] = asyncio.Queue()
        self._all: list[psycopg.AsyncConnection[Any]] = []
        self._listen_conn: psycopg.AsyncConnection[Any] | None = None
        self._listeners: list[Listener] = []
        self._task: asyncio.Task[None] | None = None
        self._channel = ""
        self._key = 0
        self._exclusive = False
        self._appended: list[tuple[str, int, str]] = []
        self._news = asyncio.Event()
        self._notifier: asyncio.Task[None] | None = None
        self._held: dict[str, psycopg.AsyncConnection[Any]] = {}
        self._writer: psycopg.AsyncConnection[Any] | None = None
        self._group = GroupCommit(self._write)

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        try:
            conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        except psycopg.Error as error:
            message = str(error).strip().splitlines()[0] if str(error).strip() else "failed"
            raise StoreError(f"cannot connect to {redact(self.url)}: {message}") from None
        self._all.append(conn)
        return conn

    async def open(self) -> None:
        listen = await self._connect()
        self._listen_conn = listen
        row = await (await listen.execute("SELECT current_schema()")).fetchone()
        schema = row[0] if row else None
        if not schema:
            raise StoreError(f"{redact(self.url)}: no schema to create the tables in")
        digest = hashlib.sha256(f"chesslaws:{schema}".encode()).digest()
        self._key = int.from_bytes(digest[:8], "big", signed=True)
        self._channel = "chesslaws_" + digest[8:16].hex()
        try:
            async with listen.transaction():
                await listen.execute("SELECT pg_advisory_xact_lock(%s)", (self._key - 1,))
                await listen.execute(_SCHEMA)
            await listen.execute(f"LISTEN {self._channel}")
        except psycopg.Error as error:
            raise StoreError(f"cannot create the tables in {redact(self.url)}: {error}") from None
        for _ in range(self._size):
            self._pool.put_nowait(await self._connect())
        self._writer = await self._connect()
        self._notifier = asyncio.create_task(self._notify())

    async def close(self) -> None:
        await self._group.close()
        for task in (self._task, self._notifier):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        self._task = self._notifier = None
        for conn in self._all:
            with contextlib.suppress(Exception):
                await conn.close()
        self._all.clear()

    async def _run(self, query: str, params: Any = None, *, game: str | None = None) -> list[Any]:
        held = self._held.get(game) if game is not None else None
        if held is not None:
            cursor = await held.execute(query, params)
            return await cursor.fetchall() if cursor.description is not None else []
        conn = await self._pool.get()
        try:
            cursor = await conn.execute(query, params)
            return await cursor.fetchall() if cursor.description is not None else []
        finally:
            self._pool.put_nowait(conn)

    async def create_game(self, row: GameRow, start_line: str) -> None:
        conn = await self._pool.get()
        try:
            async with conn.transaction():
                await conn.execute(
                    f"INSERT INTO games ({_COLUMNS}) VALUES (%s, %s, %s, %s, %s, NULL, NULL)",
                    (row.id, row.meta_json(), row.hashes_json(), row.origin_ns, row.created),
                )
                await conn.execute(
                    "INSERT INTO events (game, seq, line) VALUES (%s, 0, %s)", (row.id, start_line)
                )
        except psycopg.Error as error:
            raise StoreError(f"cannot record game {row.id}: {error}") from None
        finally:
            self._pool.put_nowait(conn)

    @contextlib.asynccontextmanager
    async def exclusive(self, game: str) -> AsyncIterator[None]:
        """Hold the game's lock across processes (a session advisory lock keyed by the game),
        for the server's own acts decided on what the game's log says (an arrival, a scheduled
        start): the holder catches up, decides, and appends, so two processes never both log
        the same arrival. A client's event takes no lock: the primary key orders it."""
        conn = await self._pool.get()
        try:
            await conn.execute("SELECT pg_advisory_lock(hashtext(%s))", (game,))
            self._held[game] = conn  # the game's reads and appends go through the lock's
            try:  # connection: holders never wait for a second one from the pool (no deadlock)
                yield
            finally:
                del self._held[game]
                await conn.execute("SELECT pg_advisory_unlock(hashtext(%s))", (game,))
        finally:
            self._pool.put_nowait(conn)

    async def append(
        self, game: str, seq: int, line: str, *, result: str | None, reason: str | None
    ) -> None:
        await self._group.append(Append(game, seq, line, result, reason))
        self._appended.append((game, seq, line))
        self._news.set()

    async def _write(self, group: list[Append]) -> set[tuple[str, int]]:
        """Write ``group`` in one statement; the (game, seq) pairs another writer took first.

        The rows go in (game, seq) order, so that two processes inserting into the same games
        wait for each other in one order (never a deadlock)."""
        conn = self._writer
        if conn is None:
            raise StoreError(f"the store {redact(self.url)} is not open")
        group = sorted(group, key=lambda item: (item.game, item.seq))
        columns = (
            [item.game for item in group],
            [item.seq for item in group],
            [item.line for item in group],
            [item.result for item in group],
            [item.reason for item in group],
        )
        try:
            cursor = await conn.execute(_APPEND, columns)
            appended = {(str(game), int(seq)) for game, seq in await cursor.fetchall()}
        except psycopg.Error as error:
            first = group[0]
            more = f" (and {len(group) - 1} more events)" if len(group) > 1 else ""
            raise StoreError(
                f"cannot append event {first.seq} of game {first.game}{more}: {error}"
            ) from None
        return {(item.game, item.seq) for item in group} - appended

    async def _notify(self) -> None:
        """Tell the other processes what was appended, in as few notifications as possible:
        each carries the events themselves (``game seq line``, one a line), so that the others
        need not read them back; an event too long for a notification goes as ``game seq``."""
        while True:
            await self._news.wait()
            self._news.clear()
            appended, self._appended = self._appended, []
            items = [
                f"{game} {seq} {line}" if len(line.encode()) < _LINE else f"{game} {seq}"
                for game, seq, line in appended
            ]
            items.reverse()
            while items:
                payload, size = self._instance, len(self._instance)
                while items and size + len(items[-1].encode()) + 1 < _PAYLOAD:
                    size += len(items[-1].encode()) + 1
                    payload += "\n" + items.pop()
                if size == len(self._instance):  # a game id too long to go (not made here)
                    items.pop()
                    continue
                try:
                    await self._run("SELECT pg_notify(%s, %s)", (self._channel, payload))
                except psycopg.Error as error:
                    log.error("cannot notify the other servers: %s", error)

    async def events(self, game: str, since: int = -1) -> list[tuple[int, str]]:
        rows = await self._run(
            "SELECT seq, line FROM events WHERE game = %s AND seq > %s ORDER BY seq",
            (game, since),
            game=game,
        )
        return [(int(seq), str(line)) for seq, line in rows]

    async def game(self, game: str) -> GameRow | None:
        rows = await self._run(f"SELECT {_COLUMNS} FROM games WHERE id = %s", (game,))
        return GameRow.from_db(rows[0]) if rows else None

    async def games(self, *, unfinished: bool = False) -> list[GameRow]:
        where = " WHERE result IS NULL" if unfinished else ""
        rows = await self._run(f"SELECT {_COLUMNS} FROM games{where} ORDER BY created, id")
        return [GameRow.from_db(row) for row in rows]

    async def set_origin(self, game: str, origin_ns: int) -> None:
        await self._run("UPDATE games SET origin_ns = %s WHERE id = %s", (origin_ns, game))

    async def heartbeat(self, wall_ns: int) -> None:
        await self._run(
            "INSERT INTO alive (id, ns) VALUES (1, %s) "
            "ON CONFLICT (id) DO UPDATE SET ns = GREATEST(alive.ns, EXCLUDED.ns)",
            (wall_ns,),
        )

    async def last_heartbeat(self) -> int | None:
        rows = await self._run("SELECT ns FROM alive WHERE id = 1")
        return int(rows[0][0]) if rows else None

    async def alone(self) -> bool:
        assert self._listen_conn is not None
        cursor = await self._listen_conn.execute("SELECT pg_try_advisory_lock(%s)", (self._key,))
        row = await cursor.fetchone()
        self._exclusive = bool(row and row[0])
        return self._exclusive

    async def serving(self) -> None:
        conn = self._listen_conn
        assert conn is not None
        await conn.execute("SELECT pg_advisory_lock_shared(%s)", (self._key,))
        if self._exclusive:
            await conn.execute("SELECT pg_advisory_unlock(%s)", (self._key,))
            self._exclusive = False
        self._task = asyncio.create_task(self._listen())

    def on_append(self, listener: Listener) -> None:
        self._listeners.append(listener)

    async def _listen(self) -> None:
        conn = self._listen_conn
        assert conn is not None
        async for note in conn.notifies():
            instance, _, body = note.payload.partition("\n")
            if instance == self._instance:  # its own appends (read no further)
                continue
            news: dict[str, list[tuple[int, str | None]]] = {}
            for item in body.split("\n"):
                game, _, rest = item.partition(" ")
                seq, _, line = rest.partition(" ")
                if game and seq.isdigit():
                    news.setdefault(game, []).append((int(seq), line or None))
            for game, events in news.items():
                for listener in self._listeners:
                    try:
                        await listener(game, events)
                    except Exception:  # one game's trouble must not stop the others' news
                        log.exception("following game %s", game)
