"""A flood, in a process of its own (so that it does not slow the measuring client).

``python -m tests.server._flood HTTP_URL SECONDS create``: two threads post new games without
the organiser's token, one after the other, as fast as the server answers; it prints the
answers' statuses counted.

``python -m tests.server._flood HTTP_URL SECONDS get PATH...``: two threads read the paths in
turn (what anyone may read without a token), as fast as the server answers; it prints the
answers' statuses counted.

``python -m tests.server._flood WS_URL SECONDS [FRAME]``: one seat's flood. It opens a hundred
connections of the seat (one attempt each; a connection the server closes is opened again
after half a second) and sends ``FRAME`` (default an offer of a draw) on each, as fast as it
can; it prints what it met as JSON."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable

import websockets
from websockets.asyncio.client import connect


async def flood(url: str, seconds: float, frame: str) -> dict[str, int]:
    counts = {"refused_handshakes": 0, "opened": 0, "closed_by_server": 0, "sent": 0}
    until = time.monotonic() + seconds

    async def one(index: int) -> None:
        await asyncio.sleep(index * 0.005)  # the connections open over half a second
        while time.monotonic() < until:
            try:
                socket = await connect(url, open_timeout=10)
            except (websockets.InvalidStatus, OSError):
                counts["refused_handshakes"] += 1
                return
            counts["opened"] += 1
            try:
                while time.monotonic() < until:
                    await socket.send(frame)
                    counts["sent"] += 1
                    await asyncio.sleep(0.005)  # 200 a second on each connection
            except websockets.ConnectionClosed:
                counts["closed_by_server"] += 1
            finally:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(socket.close(), 1)
            await asyncio.sleep(0.5)

    await asyncio.gather(*(one(index) for index in range(100)))
    return counts


def create(url: str, seconds: float) -> dict[str, int]:
    def request(turn: int) -> urllib.request.Request:
        body = b'{"time_control": "300+2"}'
        headers = {"Content-Type": "application/json"}
        return urllib.request.Request(f"{url}/api/games", body, headers, method="POST")

    return _in_two_threads(request, seconds)


def read(url: str, seconds: float, paths: list[str]) -> dict[str, int]:
    def request(turn: int) -> urllib.request.Request:
        return urllib.request.Request(url + paths[turn % len(paths)])

    return _in_two_threads(request, seconds)


def _in_two_threads(
    request: Callable[[int], urllib.request.Request], seconds: float
) -> dict[str, int]:
    """The statuses of the answers to ``request(0)``, ``request(1)``, ... sent one after the
    other by each of two threads until ``seconds`` have passed, counted."""
    counts: dict[str, int] = {}
    until = time.monotonic() + seconds

    def one() -> None:
        turn = 0
        while time.monotonic() < until:
            asked = request(turn)
            turn += 1
            try:
                with urllib.request.urlopen(asked, timeout=10) as answer:
                    answer.read()
                    status = str(answer.status)
            except urllib.error.HTTPError as error:
                status = str(error.code)
            except OSError:
                status = "error"
            counts[status] = counts.get(status, 0) + 1

    threads = [threading.Thread(target=one) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return counts


def main() -> int:
    url, seconds = sys.argv[1], float(sys.argv[2])
    frame = sys.argv[3] if len(sys.argv) > 3 else '{"type": "offer_draw"}'
    if frame == "create":
        print(json.dumps(create(url, seconds)))
    elif frame == "get":
        print(json.dumps(read(url, seconds, sys.argv[4:])))
    else:
        print(json.dumps(asyncio.run(flood(url, seconds, frame))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
