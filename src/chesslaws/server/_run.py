"""Running the server: uvicorn on one socket, the URL printed once it is ready.

:func:`serve` opens the store and recovers the games before it binds, so that a server that
says ``listening on http://H:P`` has every unfinished game back, and a bad ``--db`` or a port
in use is a one-line error, not a traceback.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import sys
from collections.abc import Sequence
from typing import IO

import uvicorn

from ._app import create_app
from ._hub import BadRequest, Hub, NewGame
from ._protocol import MAX_MESSAGE
from ._store import StoreError, redact

__all__ = ["seat_links", "serve"]


def seat_links(base: str, game: NewGame) -> list[str]:
    """The lines printed for a game created from the command line: the links to open."""
    tokens = game.tokens
    return [
        f"game {game.id}",
        f"  white:   {base}/play/{game.id}?token={tokens['white']}",
        f"  black:   {base}/play/{game.id}?token={tokens['black']}",
        f"  arbiter: {base}/arbiter?game={game.id}&token={tokens['arbiter']}",
        f"  watch:   {base}/watch/{game.id}",
    ]


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP, so that asyncio sets TCP_NODELAY on the connections (no Nagle delay)
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(2048)
    sock.setblocking(False)
    return sock


async def serve(
    host: str,
    port: int,
    db: str,
    *,
    new_games: Sequence[str] = (),
    out: IO[str] | None = None,
    err: IO[str] | None = None,
) -> int:
    """Serve until interrupted (SIGINT, SIGTERM); the exit status (2 for bad arguments)."""
    out = out or sys.stdout
    err = err or sys.stderr
    logging.basicConfig(level=logging.WARNING, format="chesslaws serve: %(message)s")
    try:
        hub = Hub(db)
    except StoreError as error:
        print(f"chesslaws: error: {error}", file=err)
        return 2
    try:
        await hub.start()
    except StoreError as error:
        print(f"chesslaws: error: {error}", file=err)
        await _quiet_stop(hub)
        return 2
    try:
        created = [await hub.create({"time_control": tc}) for tc in new_games]
        sock = _bind(host, port)
    except BadRequest as error:
        print(f"chesslaws: error: --new-game: {error}", file=err)
        await _quiet_stop(hub)
        return 2
    except OSError as error:
        print(f"chesslaws: error: cannot listen on {host}:{port}: {error.strerror}", file=err)
        await _quiet_stop(hub)
        return 2
    config = uvicorn.Config(
        create_app(hub),
        log_level="warning",
        access_log=False,
        ws_max_size=max(MAX_MESSAGE * 4, 65_536),
        ws_per_message_deflate=False,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started and not task.done():
        await asyncio.sleep(0.005)
    if server.started:
        actual = sock.getsockname()[1]
        base = f"http://{host}:{actual}"
        print(f"listening on {base}", file=out, flush=True)
        if hub.paused_on_start:
            print(
                f"paused after restart (the arbiter resumes): {', '.join(hub.paused_on_start)}",
                file=out,
                flush=True,
            )
        for game in created:
            print("\n".join(seat_links(base, game)), file=out, flush=True)
    try:
        await task
    finally:
        await _quiet_stop(hub)
    return 0 if server.started else 1


async def _quiet_stop(hub: Hub) -> None:
    try:
        await hub.stop()
    except Exception as error:  # the store may already be gone
        print(f"chesslaws serve: closing {redact(hub.store.url)}: {error}", file=sys.stderr)
