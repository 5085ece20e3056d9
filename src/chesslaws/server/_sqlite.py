"""The embedded store: one SQLite file, one writer connection, appends committed in groups.

The database runs in WAL mode with ``synchronous=NORMAL`` by default: a commit is written to
the WAL before ``append`` returns, so it survives the server process being killed (``kill -9``),
but the WAL is synced to disk only at checkpoints, so an operating-system crash or a power cut
may lose the last commits. ``sqlite:///PATH?synchronous=full`` syncs every commit (durable
against power loss, slower). One server process uses a file at a time (a lock file beside it
says so); several processes sharing games need PostgreSQL.

The calls are synchronous and short (indexed inserts and a commit); they run on the event loop.
Appends are committed in groups (:class:`._store.GroupCommit`): the appends asked for during
one turn of the event loop are written in one transaction, so that under load a commit (the
WAL's write) is shared by many events instead of paid by each.
"""

from __future__ import annotations

import contextlib
import fcntl
import sqlite3
from collections.abc import AsyncIterator
from typing import IO
from urllib.parse import parse_qs, urlsplit

from ._store import Append, GameRow, GroupCommit, Listener, StoreError

__all__ = ["SQLiteStore", "sqlite_path"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    meta TEXT NOT NULL,
    hashes TEXT NOT NULL,
    origin_ns INTEGER NOT NULL,
    created TEXT NOT NULL,
    result TEXT,
    reason TEXT
);
CREATE TABLE IF NOT EXISTS events (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS alive (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    ns INTEGER NOT NULL
);
"""

_SYNC = {"normal": "NORMAL", "full": "FULL", "extra": "EXTRA"}

#: An event appended, unless its (game, seq) is taken already.
_INSERT = "INSERT OR IGNORE INTO events (game, seq, line) VALUES (?, ?, ?)"


def sqlite_path(url: str) -> tuple[str, str]:
    """The file path and ``synchronous`` level of ``sqlite:///PATH[?synchronous=full]``."""
    parts = urlsplit(url)
    if parts.scheme != "sqlite" or parts.netloc:
        raise StoreError(f"--db {url!r}: a SQLite URL is sqlite:///PATH (three slashes)")
    path = parts.path[1:] if parts.path.startswith("/") else parts.path
    if not path:
        raise StoreError(f"--db {url!r}: no file name (e.g. sqlite:///chesslaws.db)")
    query = parse_qs(parts.query)
    unknown = sorted(set(query) - {"synchronous"})
    if unknown:
        raise StoreError(f"--db {url!r}: unknown option {unknown[0]!r} (known: synchronous)")
    level = query.get("synchronous", ["normal"])[-1].lower()
    if level not in _SYNC:
        raise StoreError(f"--db {url!r}: synchronous must be normal, full or extra, not {level!r}")
    return path, _SYNC[level]


class SQLiteStore:
    """The event store in one SQLite file (see the module docstring for durability)."""

    #: Whether other processes may append to the same games.
    shared = False

    def __init__(self, url: str) -> None:
        self.url = url
        self._path, self._sync = sqlite_path(url)
        self._db: sqlite3.Connection | None = None
        self._lock: IO[str] | None = None
        self._group = GroupCommit(self._write)

    async def open(self) -> None:
        try:
            lock = open(self._path + ".lock", "w", encoding="utf-8")  # noqa: SIM115
        except OSError as error:
            raise StoreError(f"cannot open {self._path}: {error.strerror or error}") from None
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            lock.close()
            raise StoreError(
                f"{self._path} is in use by another chesslaws serve "
                "(one process per SQLite file; use PostgreSQL to share games)"
            ) from None
        self._lock = lock
        try:
            db = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(f"PRAGMA synchronous={self._sync}")
            db.execute("PRAGMA foreign_keys=ON")
            db.executescript(_SCHEMA)
        except sqlite3.Error as error:
            raise StoreError(f"cannot use {self._path} as a SQLite database: {error}") from None
        self._db = db

    async def close(self) -> None:
        await self._group.close()
        if self._db is not None:
            self._db.close()
            self._db = None
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    @property
    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            raise StoreError(f"the store {self.url} is not open")
        return self._db

    async def create_game(self, row: GameRow, start_line: str) -> None:
        db = self._conn
        try:
            db.execute("BEGIN IMMEDIATE")
            db.execute(
                "INSERT INTO games (id, meta, hashes, origin_ns, created) VALUES (?, ?, ?, ?, ?)",
                (row.id, row.meta_json(), row.hashes_json(), row.origin_ns, row.created),
            )
            db.execute(
                "INSERT INTO events (game, seq, line) VALUES (?, 0, ?)", (row.id, start_line)
            )
            db.execute("COMMIT")
        except sqlite3.Error as error:
            _rollback(db)
            raise StoreError(f"cannot record game {row.id}: {error}") from None

    async def append(
        self, game: str, seq: int, line: str, *, result: str | None, reason: str | None
    ) -> None:
        await self._group.append(Append(game, seq, line, result, reason))

    async def _write(self, group: list[Append]) -> set[tuple[str, int]]:
        """Write ``group`` in one transaction; the (game, seq) pairs already taken."""
        db = self._conn
        taken: set[tuple[str, int]] = set()
        try:
            db.execute("BEGIN IMMEDIATE")
            rows = [(item.game, item.seq, item.line) for item in group]
            if db.executemany(_INSERT, rows).rowcount != len(rows):  # one or more taken:
                db.execute("ROLLBACK")  # the group again, one by one, to know which
                db.execute("BEGIN IMMEDIATE")
                taken = {row[:2] for row in rows if not db.execute(_INSERT, row).rowcount}
            for item in group:
                if item.result is not None and (item.game, item.seq) not in taken:
                    db.execute(
                        "UPDATE games SET result = ?, reason = ? WHERE id = ?",
                        (item.result, item.reason, item.game),
                    )
            db.execute("COMMIT")
        except sqlite3.Error as error:
            _rollback(db)
            first = group[0]
            raise StoreError(
                f"cannot append event {first.seq} of game {first.game}"
                + (f" (and {len(group) - 1} more events)" if len(group) > 1 else "")
                + f": {error}"
            ) from None
        return taken

    async def events(self, game: str, since: int = -1) -> list[tuple[int, str]]:
        rows = self._conn.execute(
            "SELECT seq, line FROM events WHERE game = ? AND seq > ? ORDER BY seq", (game, since)
        ).fetchall()
        return [(int(seq), str(line)) for seq, line in rows]

    async def game(self, game: str) -> GameRow | None:
        row = self._conn.execute(
            "SELECT id, meta, hashes, origin_ns, created, result, reason FROM games WHERE id = ?",
            (game,),
        ).fetchone()
        return GameRow.from_db(row) if row is not None else None

    async def games(self, *, unfinished: bool = False) -> list[GameRow]:
        where = " WHERE result IS NULL" if unfinished else ""
        rows = self._conn.execute(
            "SELECT id, meta, hashes, origin_ns, created, result, reason FROM games"
            f"{where} ORDER BY created, id"
        ).fetchall()
        return [GameRow.from_db(row) for row in rows]

    async def set_origin(self, game: str, origin_ns: int) -> None:
        self._conn.execute("UPDATE games SET origin_ns = ? WHERE id = ?", (origin_ns, game))

    async def heartbeat(self, wall_ns: int) -> None:
        self._conn.execute("INSERT OR REPLACE INTO alive (id, ns) VALUES (1, ?)", (wall_ns,))

    async def last_heartbeat(self) -> int | None:
        row = self._conn.execute("SELECT ns FROM alive WHERE id = 1").fetchone()
        return int(row[0]) if row is not None else None

    @contextlib.asynccontextmanager
    async def exclusive(self, game: str) -> AsyncIterator[None]:
        """Nothing to hold: one process owns the file (its lock file), and a game's appends are
        already one at a time (the live game's lock)."""
        yield

    async def alone(self) -> bool:
        return True  # the lock file guarantees it

    async def serving(self) -> None:
        return None

    def on_append(self, listener: Listener) -> None:
        return None  # no other process appends to this file


def _rollback(db: sqlite3.Connection) -> None:
    if db.in_transaction:
        db.execute("ROLLBACK")
