"""Load on the live server: N concurrent games over WebSockets on loopback (issue 14).

A real ``chesslaws serve`` runs in its own process; this process plays N games at once, two
bots per game (one WebSocket per seat, 2N sockets). Every game makes ``--rate`` moves a second
(the side on move makes a random legal move and presses the clock), the games' schedules spread
evenly over the first second. For each move the bot times the interval from sending it to
receiving its ruling (the server's broadcast of the logged move, which comes after the commit).
The table gives accepted events per second (moves and presses), the p50 / p99 / max of that
interval, the server's CPU use, and what was refused (should be nothing).

Usage: ``python benchmarks/bench_server.py [--games 500] [--seconds 30] [--rate 1]
[--db sqlite|postgresql|both] [--postgres URL]`` (PostgreSQL: ``$CHESSLAWS_TEST_POSTGRES`` or
``postgresql:///chesslaws_test``, in a fresh schema dropped afterwards).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from chesslaws.core import Position
from chesslaws.server.testing import ServerProcess, http_json, postgres_schema

_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    events: int = 0
    refused: int = 0
    ended: int = 0
    notes: list[str] = field(default_factory=list)


class Seat:
    """One bot's socket: sends events, resolves the wait for its own next acknowledgement."""

    def __init__(self, socket: ClientConnection, color: str) -> None:
        self.socket = socket
        self.mine = f'"by": "{color}"'
        self.waiting: asyncio.Future[str] | None = None
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for text in self.socket:
                assert isinstance(text, str)
                if text.startswith('{"seq": null') or self.mine in text[:120]:
                    waiting = self.waiting
                    if waiting is not None and not waiting.done():
                        waiting.set_result(text)

    async def act(self, event: dict[str, Any]) -> tuple[str, float]:
        self.waiting = asyncio.get_running_loop().create_future()
        sent = time.perf_counter()
        await self.socket.send(json.dumps(event))
        text = await self.waiting
        return text, time.perf_counter() - sent


async def _play(
    seats: tuple[Seat, Seat], delay: float, until: float, rate: float, seed: int, tally: Tally
) -> None:
    rng = random.Random(seed)
    position = Position()
    loop = asyncio.get_running_loop()
    await asyncio.sleep(delay)
    due = loop.time()
    while loop.time() < until:
        moves = position.legal_moves()
        if not moves:
            tally.ended += 1
            return
        move = rng.choice(moves)
        seat = seats[int(position.side_to_move)]
        text, took = await seat.act({"type": "move", "move": position.uci(move)})
        if text.startswith('{"seq": null'):
            tally.refused += 1
            tally.notes.append(text[:200])
            return
        tally.latencies.append(took)
        if '"game_over"' in text:
            tally.events += 1
            tally.ended += 1
            return
        text, _ = await seat.act({"type": "press"})
        if text.startswith('{"seq": null'):
            tally.refused += 1
            tally.notes.append(text[:200])
            return
        tally.events += 2
        position.push(move)
        if '"game_over"' in text:
            tally.ended += 1
            return
        due += 1.0 / rate
        await asyncio.sleep(max(0.0, due - loop.time()))


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICKS


async def _run(server: ServerProcess, games: int, seconds: float, rate: float) -> dict[str, Any]:
    created = [
        http_json("POST", f"{server.url}/api/games", {"time_control": "3600+0"})
        for _ in range(games)
    ]
    gate = asyncio.Semaphore(64)

    async def seat(game: dict[str, Any], color: str) -> Seat:
        async with gate:
            url = server.ws_url(game["id"], token=game["seats"][color])
            socket = await connect(url, max_size=2**20, max_queue=None, compression=None)
            return Seat(socket, color)

    pairs = []
    for game in created:
        white, black = await asyncio.gather(seat(game, "white"), seat(game, "black"))
        pairs.append((white, black))
    tally = Tally()
    loop = asyncio.get_running_loop()
    start = loop.time()
    until = start + seconds
    pid = server.pid if server.url and server.db != "attached" else os.getpid()
    cpu = _cpu_seconds(pid)
    mine = time.process_time()
    wall = time.perf_counter()
    await asyncio.gather(
        *(
            _play(pair, index / games, until, rate, index, tally)
            for index, pair in enumerate(pairs)
        )
    )
    wall = time.perf_counter() - wall
    cpu = _cpu_seconds(pid) - cpu
    mine = time.process_time() - mine
    for white, black in pairs:
        for one in (white, black):
            await one.socket.close()
            one.reader.cancel()
    latencies = sorted(tally.latencies)

    def quantile(q: float) -> float:
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000

    return {
        "events/s": tally.events / wall,
        "moves": len(latencies),
        "p50": quantile(0.50),
        "p99": quantile(0.99),
        "max": latencies[-1] * 1000 if latencies else 0.0,
        "mean": statistics.fmean(latencies) * 1000 if latencies else 0.0,
        "server cpu": cpu / wall,
        "bots cpu": mine / wall,
        "refused": tally.refused,
        "ended": tally.ended,
        "notes": tally.notes[:3],
    }


@contextlib.contextmanager
def _store(kind: str, postgres: str) -> Iterator[str]:
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{folder}/bench.db"
    else:
        with postgres_schema(postgres) as url:
            yield url


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--rate", type=float, default=1.0, help="moves a second per game")
    parser.add_argument("--db", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument(
        "--url", help="use the server already listening there (loopback) instead of starting one"
    )
    parser.add_argument(
        "--postgres",
        default=os.environ.get("CHESSLAWS_TEST_POSTGRES", "postgresql:///chesslaws_test"),
    )
    args = parser.parse_args()
    kinds = ("sqlite", "postgresql") if args.db == "both" else (args.db,)
    print(
        f"{args.games} games, {args.rate:g} move/s each, {args.seconds:g} s; "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, {platform.machine()}"
    )
    rows = []
    if args.url:
        attached = ServerProcess("attached")
        attached.url = args.url
        result = asyncio.run(_run(attached, args.games, args.seconds, args.rate))
        rows.append(("attached", result))
        kinds = ()
    for kind in kinds:
        try:
            with _store(kind, args.postgres) as url, ServerProcess(url) as server:
                result = asyncio.run(_run(server, args.games, args.seconds, args.rate))
        except Exception as error:  # e.g. no PostgreSQL here
            print(f"{kind}: not run: {error}", file=sys.stderr)
            continue
        rows.append((kind, result))
    header = (
        "store", "events/s", "moves", "p50 ms", "p99 ms", "max ms", "server CPU", "bots CPU",
        "refused",
    )
    print(" | ".join(header))
    print(" | ".join("---" for _ in header))
    for kind, r in rows:
        print(
            f"{kind} | {r['events/s']:.0f} | {r['moves']} | {r['p50']:.1f} | {r['p99']:.1f} | "
            f"{r['max']:.1f} | {r['server cpu']:.0%} | {r['bots cpu']:.0%} | {r['refused']}"
        )
        for note in r["notes"]:
            print(f"  refused: {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
