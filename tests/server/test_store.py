"""The event store's appends (issue 25): committed in groups, each (game, seq) refused alone
when taken, a failed group failing all its events, and no lock across processes per event."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from chesslaws.server._store import (
    Append,
    EventStore,
    GameRow,
    GroupCommit,
    SeqTaken,
    StoreError,
    open_store,
)
from chesslaws.server.testing import ServerProcess
from tests.server._client import Peer

_START = '{"type": "start", "time_control": "300+0"}'


def _row(ident: str) -> GameRow:
    return GameRow(id=ident, meta={}, hashes={}, origin_ns=0, created="2026-12-02T00:00:00")


def _line(seq: int) -> str:
    return f'{{"type": "tick", "at": {seq}}}'


async def _with_store(url: str, body: Callable[[EventStore], Awaitable[None]]) -> None:
    store = open_store(url, instance="test")
    await store.open()
    try:
        for ident in ("g1", "g2", "g3"):
            await store.create_game(_row(ident), _START)
        await body(store)
    finally:
        await store.close()


def test_appends_waiting_together_are_written_in_one_group() -> None:
    groups: list[list[tuple[str, int]]] = []

    async def write(group: list[Append]) -> set[tuple[str, int]]:
        groups.append([(item.game, item.seq) for item in group])
        await asyncio.sleep(0.01)  # a commit's round trip: appends asked meanwhile wait
        return set()

    async def main() -> None:
        commit = GroupCommit(write)
        first = [commit.append(Append(f"g{i}", 1, "{}")) for i in range(10)]
        await asyncio.gather(*first)
        writing = asyncio.ensure_future(commit.append(Append("a", 1, "{}")))
        await asyncio.sleep(0.001)  # the group of "a" is being written
        later = [commit.append(Append(f"b{i}", 1, "{}")) for i in range(5)]
        await asyncio.gather(writing, *later)

    asyncio.run(main())
    assert [len(group) for group in groups] == [10, 1, 5]


def _sqlite_commits(store: EventStore) -> list[str]:
    """The statements the SQLite store runs from now on (its connection's trace)."""
    statements: list[str] = []
    db = store._conn  # type: ignore[attr-defined]
    assert isinstance(db, sqlite3.Connection)
    db.set_trace_callback(statements.append)
    return statements


def test_sqlite_commits_a_group_once_and_refuses_a_taken_seq_alone(tmp_path: Path) -> None:
    async def body(store: EventStore) -> None:
        statements = _sqlite_commits(store)
        results = await asyncio.gather(
            store.append("g1", 1, _line(1), result=None, reason=None),
            store.append("g2", 0, _line(0), result=None, reason=None),  # the start's seq
            store.append("g3", 1, _line(1), result="1-0", reason="flag"),
            return_exceptions=True,
        )
        assert results[0] is None and results[2] is None
        assert isinstance(results[1], SeqTaken)
        assert sum(1 for s in statements if s == "COMMIT") == 1
        assert [seq for seq, _ in await store.events("g1")] == [0, 1]
        assert [seq for seq, _ in await store.events("g2")] == [0]
        ended = await store.game("g3")
        assert ended is not None and (ended.result, ended.reason) == ("1-0", "flag")

    asyncio.run(_with_store(f"sqlite:///{tmp_path / 'games.db'}", body))


def test_sqlite_a_failed_group_fails_every_event_in_it(tmp_path: Path) -> None:
    async def body(store: EventStore) -> None:
        results = await asyncio.gather(
            store.append("g1", 1, _line(1), result=None, reason=None),
            store.append("nowhere", 1, _line(1), result=None, reason=None),  # no such game
            return_exceptions=True,
        )
        assert all(isinstance(r, StoreError) for r in results), results
        assert "nowhere" in str(results[0]) or "g1" in str(results[0])
        assert [seq for seq, _ in await store.events("g1")] == [0]

    asyncio.run(_with_store(f"sqlite:///{tmp_path / 'games.db'}", body))


def test_postgresql_groups_refuse_a_taken_seq_alone_and_fail_together(
    postgres_url: str,
) -> None:
    async def body(store: EventStore) -> None:
        results = await asyncio.gather(
            store.append("g1", 1, _line(1), result=None, reason=None),
            store.append("g2", 0, _line(0), result=None, reason=None),
            store.append("g3", 1, _line(1), result="0-1", reason="resignation"),
            return_exceptions=True,
        )
        assert results[0] is None and results[2] is None, results
        assert isinstance(results[1], SeqTaken)
        ended = await store.game("g3")
        assert ended is not None and (ended.result, ended.reason) == ("0-1", "resignation")
        failed = await asyncio.gather(
            store.append("g1", 2, _line(2), result=None, reason=None),
            store.append("nowhere", 1, _line(1), result=None, reason=None),
            return_exceptions=True,
        )
        assert all(isinstance(r, StoreError) for r in failed), failed
        assert [seq for seq, _ in await store.events("g1")] == [0, 1]

    asyncio.run(_with_store(postgres_url, body))


def test_a_players_event_takes_no_lock_across_processes(postgres_url: str) -> None:
    """A move goes through while another connection holds the game's advisory lock (the
    lock an arrival takes): the (game, seq) key orders the appends, not a lock per event."""
    psycopg = pytest.importorskip("psycopg")
    with ServerProcess(postgres_url) as server:
        game = server.create_game(time_control="300+0", start="seated")

        async def play() -> None:
            white = await Peer.connect(server, game, "white")
            black = await Peer.connect(server, game, "black")
            async with await psycopg.AsyncConnection.connect(postgres_url) as holder:
                await holder.execute("SELECT pg_advisory_lock(hashtext(%s))", (game["id"],))
                answer = await white.act(type="move", move="e2e4", timeout=5)
                assert answer["seq"] is not None, answer
                assert (await white.act(type="press"))["seq"] is not None
            for peer in (white, black):
                await peer.close()

        asyncio.run(play())


def test_a_postgresql_notification_carries_the_events_it_announces(postgres_url: str) -> None:
    """Another process takes the events from the notification, without reading the log."""

    async def main() -> None:
        writer = open_store(postgres_url, instance="writer")
        reader = open_store(postgres_url, instance="reader")
        await writer.open()
        await reader.open()
        heard: asyncio.Queue[tuple[str, list[tuple[int, str | None]]]] = asyncio.Queue()

        async def listener(game: str, events: list[tuple[int, str | None]]) -> None:
            heard.put_nowait((game, events))

        try:
            reader.on_append(listener)
            await reader.serving()
            await writer.create_game(_row("g1"), _START)
            long_line = '{"type": "tick", "at": 2, "pad": "' + "x" * 3000 + '"}'
            await writer.append("g1", 1, _line(1), result=None, reason=None)
            await writer.append("g1", 2, long_line, result=None, reason=None)
            events: list[tuple[int, str | None]] = []
            while len(events) < 2:
                game, more = await asyncio.wait_for(heard.get(), 10)
                assert game == "g1"
                events += more
            # the line itself; one too long for a notification is left to the log
            assert events == [(1, _line(1)), (2, None)]
        finally:
            await reader.close()
            await writer.close()

    asyncio.run(main())
