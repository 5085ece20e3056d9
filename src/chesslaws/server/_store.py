"""The event store: a game's durable truth is its event log (``docs/events.md``).

Two tables. ``games`` holds what is not an event: the players' names, the event and round, the
hashes of the seat and arbiter tokens, the result once known, and the game's time origin (the
wall-clock nanoseconds that ``at = 0`` stands for, see :mod:`._live`). ``events`` holds the log:
one row per accepted event, keyed by (game, seq) with ``seq`` the event's 0-based line number,
so that two writers can never both append the same number (:class:`SeqTaken`).

An append is committed before any ruling it causes is sent. Appends are grouped
(:class:`GroupCommit`): those asked for while the previous group is being written go together
in one transaction, each caller released once it is committed; a group that fails fails every
append in it, and each (game, seq) already taken is refused alone (:class:`SeqTaken`).
:func:`open_store` picks the backend from a URL: ``sqlite:///PATH`` (:mod:`._sqlite`) or
``postgresql://…`` (:mod:`._postgres`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from chesslaws._errors import ChessLawsError

__all__ = [
    "Append",
    "EventStore",
    "GameRow",
    "GroupCommit",
    "SeqTaken",
    "StoreError",
    "open_store",
    "redact",
]


class StoreError(ChessLawsError):
    """The event store cannot be opened or used (bad URL, database unreachable, in use)."""


class SeqTaken(Exception):
    """Another writer appended this (game, seq) first: the caller must catch up and retry."""


@dataclass(slots=True)
class GameRow:
    """One game's row: everything about it that is not in its event log.

    ``hashes`` maps ``white``, ``black`` and ``arbiter`` to the SHA-256 of their tokens (the
    tokens themselves are never stored). ``origin_ns`` is the wall-clock instant (ns since the
    Unix epoch) that ``at = 0`` of the log stands for; it moves forward when a restart pauses the
    clocks (see ``docs/server.md``).
    """

    id: str
    meta: dict[str, Any]
    hashes: dict[str, str]
    origin_ns: int
    created: str
    result: str | None = None
    reason: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_db(cls, row: Any) -> GameRow:
        """The row as both stores read it: ``id, meta, hashes, origin_ns, created, result,
        reason``, with ``meta`` and ``hashes`` as JSON text."""
        ident, meta, hashes, origin, created, result, reason = row
        return cls(
            id=str(ident),
            meta=json.loads(meta),
            hashes=json.loads(hashes),
            origin_ns=int(origin),
            created=str(created),
            result=result,
            reason=reason,
        )

    def meta_json(self) -> str:
        return json.dumps(self.meta, sort_keys=True)

    def hashes_json(self) -> str:
        return json.dumps(self.hashes, sort_keys=True)


@dataclass(frozen=True, slots=True)
class Append:
    """One event to log: line ``seq`` of ``game``, and the game's result if the event ended it."""

    game: str
    seq: int
    line: str
    result: str | None = None
    reason: str | None = None


#: Writes a group of appends in one transaction; returns those whose (game, seq) was taken.
#: Raises :class:`StoreError` if the transaction failed (then none of them is logged).
WriteGroup = Callable[[list[Append]], Awaitable[set[tuple[str, int]]]]


class GroupCommit:
    """Group commit: one transaction for every append asked for while the last one was written.

    Under load, appends arrive faster than transactions commit; writing them one transaction
    each makes every caller wait for all the commits before his. Here a writer task takes all
    the appends waiting, writes them with ``write`` in one transaction, then releases each
    caller: ``None`` once committed, :class:`SeqTaken` for a (game, seq) already taken,
    :class:`StoreError` for all when the transaction failed. The write runs in the writer's
    task, so a caller that is cancelled never leaves a transaction half done.
    """

    def __init__(self, write: WriteGroup) -> None:
        self._write = write
        self._waiting: list[tuple[Append, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def append(self, item: Append) -> None:
        """Log ``item``; returns once it is committed (see the class docstring for errors)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._waiting.append((item, done))
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write_all())
        await done

    async def _write_all(self) -> None:
        while self._waiting:
            group, self._waiting = self._waiting, []
            try:
                taken = await self._write([item for item, _ in group])
            except Exception as error:  # every append of a failed group fails, with its cause
                failure = error if isinstance(error, StoreError) else StoreError(str(error))
                for _item, done in group:
                    if not done.done():
                        done.set_exception(failure)
                continue
            for item, done in group:
                if done.done():
                    continue
                if (item.game, item.seq) in taken:
                    done.set_exception(SeqTaken(f"{item.game}#{item.seq}"))
                else:
                    done.set_result(None)

    async def close(self) -> None:
        """Wait for the group being written (its callers are answered), write no more."""
        writer, self._writer = self._writer, None
        if writer is not None:
            with contextlib.suppress(Exception):
                await writer


#: Called with a game's id and the events another process appended to it, in order, as
#: ``(seq, line)``; a line is None when it is to be read from the store (PostgreSQL only).
Listener = Callable[[str, list[tuple[int, str | None]]], Awaitable[None]]


class EventStore(Protocol):
    """What the server needs from a database. All methods may raise :class:`StoreError`."""

    url: str
    shared: bool

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def create_game(self, row: GameRow, start_line: str) -> None:
        """Insert the game and its ``start`` event (seq 0) in one transaction."""

    async def append(
        self, game: str, seq: int, line: str, *, result: str | None, reason: str | None
    ) -> None:
        """Append event ``seq`` (committed when this returns); :class:`SeqTaken` if taken.

        ``result``/``reason`` are written with it when the event ended the game.
        """

    async def events(self, game: str, since: int = -1) -> list[tuple[int, str]]:
        """The logged events of ``game`` with ``seq > since``, in order."""

    async def game(self, game: str) -> GameRow | None: ...

    async def games(self, *, unfinished: bool = False) -> list[GameRow]: ...

    async def set_origin(self, game: str, origin_ns: int) -> None: ...

    async def heartbeat(self, wall_ns: int) -> None:
        """Record that a server serving this database was alive at ``wall_ns`` (ns since the
        Unix epoch): written each second, so that a restart knows when the outage began."""

    async def last_heartbeat(self) -> int | None:
        """The latest instant :meth:`heartbeat` recorded (None if never)."""

    def exclusive(self, game: str) -> contextlib.AbstractAsyncContextManager[None]:
        """The game's lock across every process sharing the store, for an act decided on what
        the log says (a client's event needs none: (game, seq) orders the appends)."""
        ...

    async def alone(self) -> bool:
        """Whether no other server process uses this database now (then a restart may pause
        the clocks of the games it recovers; otherwise they are live elsewhere)."""

    async def serving(self) -> None:
        """Mark this process as serving the database, until :meth:`close`."""

    def on_append(self, listener: Listener) -> None:
        """Call ``listener`` for each append made by another process."""


def redact(url: str) -> str:
    """``url`` without its password (for messages: credentials never go to a log)."""
    return re.sub(r"(//[^:/@]*:)[^@/]*@", r"\1***@", url)


def open_store(url: str, *, instance: str) -> EventStore:
    """The store for ``url``: ``sqlite:///PATH`` or ``postgresql://…`` (``postgres://``).

    ``instance`` names this server process (so it can ignore its own notifications).
    """
    if url.startswith("sqlite:"):
        from ._sqlite import SQLiteStore

        return SQLiteStore(url)
    if url.startswith(("postgresql:", "postgres:")):
        from ._postgres import PostgresStore

        return PostgresStore(url, instance=instance)
    raise StoreError(
        f"--db {url!r}: expected sqlite:///PATH (e.g. sqlite:///chesslaws.db) or postgresql://…"
    )
