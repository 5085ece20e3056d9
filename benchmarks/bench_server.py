"""The live server under load, and what an event costs as a game grows (issues 14 and 25).

Three parts (``--part cost|load|multi|all``):

* ``cost``: one game played to ply 300 with three spectators, in this process (the server's
  :class:`~chesslaws.server.Hub` on a SQLite file, clients as queues): the server's CPU time per
  event (move or press: ruled, logged, sent to five clients) and a page's work per message
  (decoding it: the view it draws from), averaged over plies 1–20 and 281–300. The two should be
  equal within 20%: nothing per event grows with the game's length.
* ``load``: a real ``chesslaws serve`` and N games on loopback, two bots per game playing a random
  legal move (pressed) every second; the p50 / p99 / max of move→ruling (the broadcast of the
  logged move), on SQLite and on PostgreSQL.
* ``multi``: two server processes on one PostgreSQL, N games, White's bot on one process and
  Black's on the other; p99, and each game's log checked: every acknowledged move logged once.

Beside the latencies, each run prints where the machine's time went, as CPU over the run's wall
time: the server process(es), the bots (this process: the load generator shares the cores), and
the PostgreSQL backends serving the server (found by their ``application_name``); and the
server's and the database's CPU per event (a move or a press), which do not depend on how busy
the machine is the way latencies do; and the server processes' resident memory at the end and
at its peak. The load average is printed before and after each part.

Usage: ``python benchmarks/bench_server.py [--part all] [--games 500] [--multi-games 1000]
[--seconds 30] [--postgres URL]`` (PostgreSQL: ``$CHESSLAWS_TEST_POSTGRES`` or
``postgresql:///chesslaws_test``, in a fresh schema dropped afterwards). Run beside ``uptime``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server._load import Table, close_all, long_game, open_games, p99, play, seated_live

from chesslaws.server import Hub
from chesslaws.server._live import Client, LiveGame
from chesslaws.server.testing import ServerProcess, postgres_schema

_TICKS = os.sysconf("SC_CLK_TCK")

#: The ``application_name`` of the benchmark's server connections to PostgreSQL.
_APPLICATION = f"chesslaws_bench_{os.getpid()}"


# -- cost per event at ply 10 and at ply 300 ---------------------------------------------------


async def _cost(plies: int = 300, spectators: int = 3) -> dict[str, float]:
    moves = long_game(plies)
    with tempfile.TemporaryDirectory() as folder:
        hub = Hub(f"sqlite:///{folder}/cost.db", workers=1)
        await hub.start()
        try:
            live = await seated_live(hub, "36000+0")
            watchers = [Client("spectator") for _ in range(spectators + 2)]
            for client in watchers:
                live.subscribe(client)
            return await _time_plies(live, moves, watchers)
        finally:
            await hub.stop()


async def _time_plies(live: LiveGame, moves: list[str], watchers: list[Client]) -> dict[str, float]:
    server: dict[int, float] = {}
    page: dict[int, float] = {}
    size: dict[int, int] = {}
    for ply, uci in enumerate(moves, 1):
        color = "white" if ply % 2 == 1 else "black"
        cpu = time.process_time()
        assert await live.submit(color, {"type": "move", "move": uci}) is None
        assert await live.submit(color, {"type": "press"}) is None
        server[ply] = (time.process_time() - cpu) / 2
        texts = []
        for client in watchers:
            while not client.queue.empty():
                item = client.queue.get_nowait()
                assert isinstance(item, str)
                texts.append(item)
        began = time.perf_counter()
        for text in texts:
            view = json.loads(text).get("view")
            assert view is not None
        page[ply] = (time.perf_counter() - began) / len(texts)
        size[ply] = sum(len(t) for t in texts) // len(texts)

    def mean(table: dict[int, Any], plies: range) -> float:
        return sum(table[p] for p in plies) / len(plies)

    early, late = range(1, 21), range(len(moves) - 19, len(moves) + 1)
    return {
        "server ms/event, plies 1-20": mean(server, early) * 1000,
        "server ms/event, plies 281-300": mean(server, late) * 1000,
        "page µs/message, plies 1-20": mean(page, early) * 1e6,
        "page µs/message, plies 281-300": mean(page, late) * 1e6,
        "message bytes, plies 1-20": mean(size, early),
        "message bytes, plies 281-300": mean(size, late),
    }


# -- load --------------------------------------------------------------------------------------


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICKS


def _memory_mb(pid: int) -> tuple[float, float]:
    """The process's resident memory now and at its peak (``VmRSS``, ``VmHWM``), in MB."""
    fields: dict[str, float] = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                fields[name] = int(value.split()[0]) / 1024
    return fields["VmRSS"], fields["VmHWM"]


def _database_pids(url: str) -> list[int]:
    """The PostgreSQL backends of this benchmark's servers on the database ``url``."""
    try:
        import psycopg
    except ImportError:
        return []
    base = url.split("?", 1)[0]
    try:
        with psycopg.connect(base, autocommit=True, connect_timeout=5) as conn:
            rows = conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE application_name = %s", (_APPLICATION,)
            ).fetchall()
    except psycopg.Error:
        return []
    return [int(row[0]) for row in rows]


class _Usage:
    """CPU seconds of the server processes, this process (the bots) and the database; the
    servers' resident memory."""

    def __init__(self, servers: list[ServerProcess]) -> None:
        self.pids = [server.pid for server in servers]
        db = servers[0].db
        self.database = _database_pids(db) if db.startswith("postgres") else []
        self.wall = time.perf_counter()
        self.start = self._now()

    def _now(self) -> tuple[float, float, float]:
        server = sum(_cpu_seconds(pid) for pid in self.pids)
        database = 0.0
        for pid in self.database:
            with contextlib.suppress(OSError):
                database += _cpu_seconds(pid)
        return server, time.process_time(), database

    def figures(self, events: int) -> dict[str, float]:
        wall = time.perf_counter() - self.wall
        spent = [now - before for now, before in zip(self._now(), self.start, strict=True)]
        server, bots, database = spent
        out = {"server CPU %": 100 * server / wall, "bots CPU %": 100 * bots / wall}
        if self.database:
            out["database CPU %"] = 100 * database / wall
        out["server ms/event"] = 1000 * server / max(1, events)
        if self.database:
            out["database ms/event"] = 1000 * database / max(1, events)
        memory = [_memory_mb(pid) for pid in self.pids]
        out["server RSS MB"] = sum(now for now, _ in memory)
        out["server peak RSS MB"] = sum(peak for _, peak in memory)
        return out


async def _load(server: ServerProcess, games: int, seconds: float) -> dict[str, Any]:
    tables = await open_games(server, games)
    usage = _Usage([server])
    latencies, refusals = await play(tables, seconds)
    figures = _figures(latencies, refusals) | usage.figures(2 * len(latencies))
    await close_all(tables)
    return figures


def _figures(latencies: list[float], refusals: list[str]) -> dict[str, Any]:
    ordered = sorted(latencies)
    return {
        "moves": len(ordered),
        "p50 ms": ordered[len(ordered) // 2] * 1000 if ordered else 0.0,
        "p99 ms": p99(ordered) if ordered else 0.0,
        "max ms": ordered[-1] * 1000 if ordered else 0.0,
        "refused": len(refusals),
        "notes": refusals[:3],
    }


async def _multi(a: ServerProcess, b: ServerProcess, games: int, seconds: float) -> dict[str, Any]:
    """White's bot on ``a``, Black's on ``b``; each game's log checked afterwards."""
    from tests.server._load import seat

    tables = []
    for index in range(games):
        game = a.create_game(time_control="3600+0", start="seated")
        tables.append(
            Table(game, await seat(a, game, "white"), await seat(b, game, "black"), index)
        )
    usage = _Usage([a, b])
    latencies, refusals = await play(tables, seconds)
    figures = _figures(latencies, refusals) | usage.figures(2 * len(latencies))
    # Checked before the bots leave (2,000 departures to log would slow the reads).
    figures["lost or doubled"] = sum(_wrong(a, table) for table in tables)
    await close_all(tables)
    return figures


def _wrong(server: ServerProcess, table: Table) -> int:
    """How many of the table's moves are not logged exactly once, in order (and gaps in seq)."""
    lines = server.text(f"/api/games/{table.game['id']}/log").splitlines()
    logged = [json.loads(line)["move"] for line in lines if '"type": "move"' in line]
    played = [table.position.uci(m) for m in table.position.move_stack]
    if logged == played:
        return 0
    print(f"  game {table.game['id']}: logged {logged[-4:]} played {played[-4:]}", flush=True)
    return max(1, abs(len(logged) - len(played)))


# -- main --------------------------------------------------------------------------------------


@contextlib.contextmanager
def _store(kind: str, postgres: str) -> Iterator[str]:
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{folder}/bench.db"
    else:
        with postgres_schema(postgres) as url:
            yield f"{url}&application_name={_APPLICATION}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=("cost", "load", "multi", "all"), default="all")
    parser.add_argument("--db", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--multi-games", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument(
        "--postgres",
        default=os.environ.get("CHESSLAWS_TEST_POSTGRES", "postgresql:///chesslaws_test"),
    )
    args = parser.parse_args()
    print(f"load average {_load_average()}, {os.cpu_count()} CPUs", flush=True)
    if args.part in ("cost", "all"):
        for name, value in asyncio.run(_cost()).items():
            print(f"cost | {name} | {value:.3f}", flush=True)
    if args.part in ("load", "all"):
        for kind in ("sqlite", "postgresql") if args.db == "both" else (args.db,):
            try:
                with _store(kind, args.postgres) as url, ServerProcess(url) as server:
                    result = asyncio.run(_load(server, args.games, args.seconds))
            except Exception as error:  # e.g. no PostgreSQL here
                print(f"load {kind}: not run: {error}", file=sys.stderr)
                continue
            print(f"load {kind} {args.games} games | {_row(result)}", flush=True)
            print(f"load average {_load_average()}", flush=True)
    if args.part in ("multi", "all"):
        with (
            _store("postgresql", args.postgres) as url,
            ServerProcess(url) as a,
            ServerProcess(url) as b,
        ):
            result = asyncio.run(_multi(a, b, args.multi_games, args.seconds))
        print(f"multi postgresql {args.multi_games} games | {_row(result)}", flush=True)
    print(f"load average {_load_average()}", flush=True)
    return 0


def _load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg()) + " (1, 5, 15 min)"


def _row(result: dict[str, Any]) -> str:
    return " | ".join(
        f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}" for k, v in result.items()
    )


if __name__ == "__main__":
    sys.exit(main())
