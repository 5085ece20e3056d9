"""Many games at once against a real server: bots that play random legal moves and time each
move from sending it to receiving its ruling (the broadcast of the logged move)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from chesslaws.core import Position
from chesslaws.server import Hub
from chesslaws.server._live import LiveGame
from chesslaws.server.testing import ServerProcess

REFUSED = '{"type": "refused"'


class Bot:
    """One seat's socket: sends events and waits for its own next acknowledgement."""

    def __init__(self, socket: ClientConnection, color: str) -> None:
        self.socket = socket
        self.mine = f'"by": "{color}"'
        self.waiting: asyncio.Future[str] | None = None
        self.messages = 0
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for text in self.socket:
                assert isinstance(text, str)
                self.messages += 1
                if text.startswith(REFUSED) or self.mine in text[:120]:
                    waiting = self.waiting
                    if waiting is not None and not waiting.done():
                        waiting.set_result(text)

    async def act(self, event: dict[str, Any]) -> tuple[str, float]:
        self.waiting = asyncio.get_running_loop().create_future()
        sent = time.perf_counter()
        await self.socket.send(json.dumps(event))
        text = await asyncio.wait_for(self.waiting, 30)
        return text, time.perf_counter() - sent

    async def close(self) -> None:
        await self.socket.close()
        self.reader.cancel()


async def seat(server: ServerProcess, game: dict[str, Any], color: str) -> Bot:
    url = server.ws_url(game["id"], token=game["seats"][color])
    socket = await connect(url, max_size=2**22, max_queue=None, compression=None, open_timeout=60)
    return Bot(socket, color)


class Table:
    """A game being played by two bots: its ids and tokens, the seats, the position."""

    def __init__(self, game: dict[str, Any], white: Bot, black: Bot, seed: int) -> None:
        self.game = game
        self.bots = (white, black)
        self.position = Position()
        self.rng = random.Random(seed)


async def open_games(server: ServerProcess, count: int, **body: Any) -> list[Table]:
    """``count`` games created with ``body`` (``start="seated"``), both players seated."""
    body.setdefault("time_control", "3600+0")
    body.setdefault("start", "seated")
    out = []
    for index in range(count):
        game = server.create_game(**body)
        white = await seat(server, game, "white")
        black = await seat(server, game, "black")
        out.append(Table(game, white, black, index))
    return out


async def play(
    games: list[Table], seconds: float, rate: float = 1.0
) -> tuple[list[float], list[str]]:
    """Each game makes ``rate`` moves (each pressed) a second for ``seconds``, from where it
    stands; the move→ruling latencies (s) and the refusals met."""
    latencies: list[float] = []
    refusals: list[str] = []
    loop = asyncio.get_running_loop()
    until = loop.time() + seconds

    async def one(index: int, table: Table) -> None:
        rng, position = table.rng, table.position
        await asyncio.sleep(index / len(games) / rate)
        due = loop.time()
        while loop.time() < until:
            moves = position.legal_moves()
            if not moves:
                return
            move = rng.choice(moves)
            bot = table.bots[int(position.side_to_move)]
            text, took = await bot.act({"type": "move", "move": position.uci(move)})
            if text.startswith(REFUSED):
                refusals.append(text[:300])
                return
            latencies.append(took)
            if '"game_over"' in text:  # the move ended the game (5.1.1, 5.2)
                position.push(move)
                return
            text, _ = await bot.act({"type": "press"})
            if text.startswith(REFUSED):
                refusals.append(text[:300])
                return
            position.push(move)
            due += 1.0 / rate
            await asyncio.sleep(max(0.0, due - loop.time()))

    await asyncio.gather(*(one(i, table) for i, table in enumerate(games)))
    return latencies, refusals


def p99(latencies: list[float]) -> float:
    """The 99th percentile, in ms."""
    ordered = sorted(latencies)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000


async def close_all(games: list[Table]) -> None:
    for table in games:
        for bot in table.bots:
            await bot.close()


def long_game(plies: int) -> list[str]:
    """A random legal game of ``plies`` plies that no rule ends before (the first seed that
    gives one)."""
    for seed in range(1000):
        rng, position, moves = random.Random(seed), Position(), []
        while len(moves) < plies:
            legal = position.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            moves.append(position.uci(move))
            position.push(move)
        if len(moves) == plies and _lasts(moves):
            return moves
    raise RuntimeError("no random game lasts that long")


def _lasts(moves: list[str]) -> bool:
    from chesslaws.arbiter import Game

    game = Game()
    game.handle_json('{"type": "start", "time_control": "-"}')
    for ply, uci in enumerate(moves):
        color = "white" if ply % 2 == 0 else "black"
        game.handle_json(json.dumps({"type": "move", "at": ply, "by": color, "move": uci}))
        if game.is_over:
            return False
    return True


async def seated_live(hub: Hub, time_control: str) -> LiveGame:
    """A game of ``hub`` (in this process) whose players have both arrived: its clocks run."""
    new = await hub.create({"time_control": time_control, "start": "seated"})
    live = await hub.get(new.id)
    assert live is not None
    await live.arrive("white")
    await live.arrive("black")
    return live
