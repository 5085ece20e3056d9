"""Running the server: uvicorn on one socket, the URL printed once it is ready.

:func:`serve` opens the store and recovers the games before it binds, so that a server that
says ``listening on http://H:P`` has every unfinished game back, and a bad ``--db`` or a port
in use is a one-line error, not a traceback. It then prints the organiser's link (the home page
with the token that creates games) and the seat links of each ``--new-game``, whose time
control is read as people write it ("5+3": 5 minutes and 3 seconds a move) and printed in
words beside its PGN form.
"""

from __future__ import annotations

import asyncio
import gc
import importlib.util
import logging
import secrets
import socket
import sys
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import IO, Any, TypeVar

import uvicorn

from chesslaws._errors import TimeControlError
from chesslaws._words import Words, said
from chesslaws.clock import Reading, read_spoken

from ._app import create_app
from ._hub import BadRequest, Busy, Hub, NewGame
from ._protocol import MAX_MESSAGE
from ._store import StoreError, redact
from ._tournament import Director, TournamentRefused

__all__ = ["new_game_reading", "run", "seat_links", "serve"]

_T = TypeVar("_T")


def run(main: Coroutine[Any, Any, _T]) -> _T:
    """``asyncio.run(main)``, on uvloop's event loop when it can be imported."""
    try:
        import uvloop
    except ImportError:
        factory = None
    else:
        factory = uvloop.new_event_loop
    with asyncio.Runner(loop_factory=factory) as runner:
        return runner.run(main)


def new_game_reading(text: str) -> Reading:
    """The one reading of ``--new-game TEXT``; :class:`BadRequest` if it reads two ways (the
    message gives both in PGN seconds, which read one way) or none."""
    try:
        readings = read_spoken(text)
    except TimeControlError as error:
        raise BadRequest(said(error)) from None
    if len(readings) > 1:
        one, other = (Words("{pgn} ({words})", pgn=r.pgn, words=r.words) for r in readings)
        raise BadRequest(Words("{text} reads two ways: write {one} or {other}",
                               text=repr(text), one=one, other=other))  # fmt: skip
    return readings[0]


def seat_links(base: str, game: NewGame) -> list[str]:
    """The lines printed for a game created from the command line: the links to open."""
    tokens = game.tokens
    head = Words("game {id}", id=game.id)
    play, arbiter = f"{base}/play/{game.id}?token=", f"{base}/arbiter?game={game.id}&token="
    watch = f"{base}/watch/{game.id}"
    return [
        Words("game {id}: {reading}", id=game.id, reading=game.reading) if game.reading else head,
        Words("  white:   {link}", link=play + tokens["white"]),
        Words("  black:   {link}", link=play + tokens["black"]),
        Words("  arbiter: {link}", link=arbiter + tokens["arbiter"]),
        Words("  watch:   {link}", link=watch),
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
    organiser_token: str | None = None,
    open_creation: bool = False,
    tournaments: Sequence[str] = (),
    out: IO[str] | None = None,
    err: IO[str] | None = None,
    render: Callable[[str], str] = str,
) -> int:
    """Serve until interrupted (SIGINT, SIGTERM); the exit status (2 for bad arguments).

    Creating games needs ``organiser_token`` (a random one when None), unless
    ``open_creation``: then anyone may, at a bounded rate. ``render`` puts the words printed
    (:class:`~chesslaws._words.Words`) in the reader's language (the CLI's catalogs)."""
    out = out or sys.stdout
    err = err or sys.stderr
    logging.basicConfig(level=logging.WARNING, format="chesslaws serve: %(message)s")
    if importlib.util.find_spec("websockets") is None:
        print(
            "chesslaws: error: no WebSocket library: the board could never connect; "
            'pip install "chesslaws[server]" (it brings websockets)',
            file=err,
        )
        return 2
    token = None if open_creation else (organiser_token or secrets.token_urlsafe(18))
    if tournaments and open_creation:
        print("chesslaws: error: --tournament needs the organiser's token, not --open", file=err)
        return 2
    try:
        directors = [Director(Path(path)) for path in tournaments]
    except TournamentRefused as error:
        print(f"chesslaws: error: --tournament: {error}", file=err)
        return 2
    ids = [d.id for d in directors]
    if len(set(ids)) < len(ids):
        print("chesslaws: error: --tournament: two files with the same name", file=err)
        return 2
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
        created = []
        for text in new_games:
            reading = new_game_reading(text)
            game = await hub.create({"time_control": reading.pgn})
            game.reading = Words("{pgn} = {words}", pgn=reading.pgn, words=reading.words)
            if reading.category:
                category = Words(reading.category)  # blitz, rapid, standard: the pages' words
                game.reading = Words("{reading} · {category}", reading=game.reading,
                                     category=category)  # fmt: skip
            created.append(game)
        sock = _bind(host, port)
    except (BadRequest, Busy) as error:
        print(render(Words("chesslaws: error: --new-game: {error}", error=said(error))), file=err)
        await _quiet_stop(hub)
        return 2
    except OSError as error:
        print(f"chesslaws: error: cannot listen on {host}:{port}: {error.strerror}", file=err)
        await _quiet_stop(hub)
        return 2
    _collect_rarely()
    config = uvicorn.Config(
        create_app(hub, organiser_token=token, tournaments=directors),
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
        # These two lines are read by programs (docs/server.md): the same in every language.
        print(f"listening on {base}", file=out, flush=True)
        if token is not None:
            print(f"organiser: {base}/?token={token}", file=out, flush=True)
        else:
            told = Words("organiser: anyone may create games (--open), a few a second")
            print(render(told), file=out)
        if hub.paused_on_start:
            games = ", ".join(hub.paused_on_start)
            told = Words("paused after restart (the arbiter resumes): {games}", games=games)
            print(render(told), file=out, flush=True)
        for game in created:
            print("\n".join(map(render, seat_links(base, game))), file=out, flush=True)
        for director in directors:
            print(f"tournament: {base}/tournament/{director.id}", file=out, flush=True)
    try:
        await task
    finally:
        await _quiet_stop(hub)
    return 0 if server.started else 1


#: The cyclic collector's thresholds while serving (Python's defaults: 700, 10, 10).
COLLECTOR_THRESHOLDS = (20_000, 20, 100)


def _collect_rarely() -> None:
    """Let the cyclic garbage collector run rarely, and never over what start-up loaded.

    A live game's states are values without cycles, freed by reference counting as each
    event replaces them; but each lives long enough to reach the collector's oldest
    generation, and a full collection reads every object the process holds, holding every
    game meanwhile. Under load the default thresholds made that a stall of every game every
    few seconds. Start-up's objects (modules, tables, the games recovered) are frozen out of
    the collector; a young collection comes every 20,000 allocations (default 700) and a full
    one after 2,000 young ones (default 100)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


async def _quiet_stop(hub: Hub) -> None:
    try:
        await hub.stop()
    except Exception as error:  # the store may already be gone
        print(f"chesslaws serve: closing {redact(hub.store.url)}: {error}", file=sys.stderr)
