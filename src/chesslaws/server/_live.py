"""One live game: the arbiter's :class:`~chesslaws.arbiter.Game` as a cache of the event log.

Time. ``at`` is seconds since the game's start. The server reads only its own monotonic clock:
each game keeps the wall-clock instant its ``at = 0`` stands for (``origin_ns``, stored with the
game) and, in each process, the monotonic instant that matches it, fixed when the game is
loaded; from then on ``at`` is the monotonic time elapsed since that origin, never less than
the last logged ``at``.

Flags. Whenever a clock runs, a timer is set for the exact instant the flag will fall
(:meth:`chesslaws.clock.Clock.flag_due`); when it fires, the server logs a ``tick`` at that
instant and the arbiter rules the flag (6.8, 6.9). An event that arrives after the instant but
before the timer ran is preceded by that ``tick``, so a flag is always seen when it falls.

Order. Each game takes one event at a time (an asyncio lock): stamp, rule, append (committed),
then send the event and its rulings to every client. A rejected event is never logged and is
answered to its sender only.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import time
from decimal import Decimal
from typing import Any

from chesslaws._color import Color
from chesslaws.arbiter import (
    Arbiter,
    ArbiterActionKind,
    Event,
    Game,
    Millis,
    Ruling,
    RulingKind,
    Start,
    Tick,
    seconds_to_ms,
)

from ._protocol import ARBITER, SEATS, Refused, build_event
from ._store import EventStore, GameRow, SeqTaken, StoreError

__all__ = ["Client", "Close", "LiveGame", "hash_token", "rejection"]

log = logging.getLogger("chesslaws.server")

_NS = 1_000_000

#: How often an event is stamped and tried again when other processes keep appending first.
_ATTEMPTS = 50


def hash_token(token: str) -> str:
    """The SHA-256 (hex) kept instead of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Close:
    """The last item of a client's queue: close the socket with ``code`` and ``reason``."""

    __slots__ = ("code", "reason")

    def __init__(self, code: int, reason: str) -> None:
        self.code = code
        self.reason = reason


class Client:
    """One WebSocket client of a game: its role and the queue of messages it is sent."""

    __slots__ = ("closing", "queue", "role")

    #: Messages waiting for a client that reads too slowly, beyond which it is disconnected.
    BACKLOG = 10_000

    def __init__(self, role: str) -> None:
        self.role = role
        self.queue: asyncio.Queue[str | Close] = asyncio.Queue()
        self.closing = False

    def send(self, message: str) -> None:
        if self.closing:
            return
        if self.queue.qsize() >= self.BACKLOG:
            self.close(1008, "too slow: messages are waiting")
            return
        self.queue.put_nowait(message)

    def close(self, code: int, reason: str) -> None:
        """Close the socket once the messages already queued are sent."""
        if not self.closing:
            self.closing = True
            self.queue.put_nowait(Close(code, reason))


def rejection(event: dict[str, Any] | None, at: int | None, reason: str) -> str:
    ruling: dict[str, Any] = {"event": None}
    if at is not None:
        ruling["at"] = at / 1000
    ruling["ruling"] = RulingKind.REJECTED.value
    ruling["reason"] = reason
    return json.dumps({"seq": None, "event": event, "rulings": [ruling]}, default=str)


def _odds(start: Start | None) -> dict[str, str] | None:
    """Each player's control under time odds (the start event's ``time_controls``), else None."""
    if start is None or start.time_controls is None:
        return None
    white, black = start.time_controls
    return {"white": white, "black": black}


class LiveGame:
    """A game being served: its row, its log, its arbiter, its clients and its flag timer."""

    def __init__(self, row: GameRow, store: EventStore) -> None:
        self.row = row
        self.store = store
        self.game = Game()
        self.lines: list[str] = []
        self.messages: list[str] = []
        self.rulings: list[dict[str, Any]] = []
        self.last_at = 0
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self._timer: asyncio.TimerHandle | None = None
        self._timer_due: int | None = None
        self._origin_mono = 0
        self._set_origin(row.origin_ns)

    # -- time ----------------------------------------------------------------------------------

    def _set_origin(self, origin_ns: int) -> None:
        self.stop()  # a timer set on the old origin would fire at the wrong instant
        self.row.origin_ns = origin_ns
        self._origin_mono = time.monotonic_ns() - (time.time_ns() - origin_ns)

    def now_ms(self) -> int:
        """The instant now, in ms since the game's start (never before the last logged one)."""
        return max(self.last_at, (time.monotonic_ns() - self._origin_mono) // _NS)

    # -- reading -------------------------------------------------------------------------------

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def seq(self) -> int:
        """The sequence number of the last logged event (the start is 0)."""
        return len(self.lines) - 1

    def role_of(self, token: str) -> str | None:
        """``white``, ``black`` or ``arbiter`` for a valid token (compared in constant time)."""
        given = hash_token(token)
        found = None
        for role in (*SEATS, ARBITER):
            if hmac.compare_digest(given, self.row.hashes.get(role, "")):
                found = role
        return found

    def clock_json(self, at: int | None = None) -> dict[str, Any] | None:
        """Remaining ms per side at ``at`` (default: the last logged instant), or None."""
        clock = self.game.clock
        if clock is None:
            return None
        when = self.last_at if at is None else at
        return {
            "white": self.game.remaining(Color.WHITE, when),
            "black": self.game.remaining(Color.BLACK, when),
        }

    def state_json(self) -> dict[str, Any]:
        """The state of the game now, as ``GET /api/games/ID`` gives it."""
        game = self.game
        clock = game.clock
        now = self.now_ms() if game.result is None else self.last_at
        running = clock.running if clock is not None else None
        offer = game.draw_offer
        start = game.start_event
        return {
            "id": self.id,
            "white": self.row.meta.get("white"),
            "black": self.row.meta.get("black"),
            "event": self.row.meta.get("event"),
            "site": self.row.meta.get("site"),
            "round": self.row.meta.get("round"),
            "time_control": start.time_control if start is not None else None,
            "time_controls": _odds(start),
            "variant": start.variant.value if start is not None else "standard",
            "fen": game.position.fen(),
            "moves": list(game.uci_moves),
            "san": list(game.moves),
            "to_move": game.position.side_to_move.label,
            "clock": self.clock_json(now),
            "running": running.label if running is not None else None,
            "paused": bool(clock is not None and clock.paused),
            "draw_offer": offer.label if offer is not None else None,
            "result": game.result,
            "reason": game.reason,
            "article": game.article,
            "seq": self.seq,
            "at": now / 1000,
            "rulings": self.rulings,
        }

    def summary_json(self) -> dict[str, Any]:
        start = self.game.start_event
        return {
            "id": self.id,
            "white": self.row.meta.get("white"),
            "black": self.row.meta.get("black"),
            "event": self.row.meta.get("event"),
            "round": self.row.meta.get("round"),
            "time_control": start.time_control if start is not None else None,
            "time_controls": _odds(start),
            "result": self.game.result,
            "reason": self.game.reason,
            "seq": self.seq,
            "created": self.row.created,
        }

    # -- the log -------------------------------------------------------------------------------

    def _take(self, seq: int, line: str, event: Event | None) -> str:
        """Rule logged event ``seq`` and keep its message (the event, its rulings, the clock)."""
        if event is None:
            rulings = self.game.handle_json(line, index=seq)
        else:
            rulings = self.game.handle(event, index=seq)
        obj = json.loads(line, parse_float=Decimal)
        at = obj.get("at")
        if at is not None and not any(r.kind is RulingKind.REJECTED for r in rulings):
            self.last_at = max(self.last_at, seconds_to_ms(at))
        self.lines.append(line)
        message = self._message(seq, line, rulings)
        self.messages.append(message)
        return message

    def _message(self, seq: int, line: str, rulings: list[Ruling]) -> str:
        clock = self.game.clock
        running = clock.running if clock is not None else None
        extra = {
            "clock": self.clock_json(),
            "running": running.label if running is not None else None,
        }
        ruled_json = [r.to_json() for r in rulings]
        self.rulings.extend(ruled_json)
        ruled = json.dumps(ruled_json)
        tail = json.dumps(extra)[1:]
        return f'{{"seq": {seq}, "event": {line}, "rulings": {ruled}, {tail}'

    def load(self, events: list[tuple[int, str]]) -> None:
        """Replay logged events (after those already taken) through the arbiter."""
        for seq, line in events:
            if seq != len(self.lines):
                raise StoreError(f"game {self.id}: event {seq} follows event {self.seq}")
            self._take(seq, line, None)

    async def catch_up(self, *, send: bool = True) -> None:
        """Take the events another process logged (call under :attr:`lock`)."""
        for seq, line in await self.store.events(self.id, since=self.seq):
            if seq != len(self.lines):
                break
            message = self._take(seq, line, None)
            if send:
                self._broadcast(message)
        self._schedule_flag()

    async def _rebuild(self) -> None:
        """Start the arbiter again from the log (after an append failed), then catch up."""
        lines = self.lines
        self.game, self.lines, self.messages, self.last_at = Game(), [], [], 0
        self.rulings = []
        for seq, line in enumerate(lines):
            self._take(seq, line, None)
        await self.catch_up()

    # -- taking events -------------------------------------------------------------------------

    async def submit(self, role: str, obj: dict[str, Any]) -> str | None:
        """Take one client message: ``None`` when accepted (sent to all), else the rejection."""
        async with self.lock, self.store.exclusive(self.id):
            await self.catch_up()  # what other processes logged before the lock was ours
            for _attempt in range(_ATTEMPTS):
                at = self.now_ms()
                await self._observe_due_flag(at)
                try:
                    event = build_event(role, obj, at)
                except Refused as refusal:
                    return rejection(_shown(obj, role, at), at, str(refusal))
                try:
                    return await self._append(event)
                except SeqTaken:
                    await self._rebuild()
            return rejection(_shown(obj, role, None), None, "the game is too busy; send again")

    async def _append(self, event: Event) -> str | None:
        seq = len(self.lines)
        shown = event.to_json()
        try:
            rulings = self.game.handle(event, index=seq)
        except Exception as error:  # a bug in the arbiter must not take the game down
            log.exception("game %s: the arbiter failed on %s", self.id, shown)
            await self._rebuild()
            return rejection(shown, event.at, f"the arbiter could not take this event: {error}")
        if any(r.kind is RulingKind.REJECTED for r in rulings):
            reason = "; ".join(r.reason or "rejected" for r in rulings)
            return rejection(shown, event.at, reason)
        line = json.dumps(shown)
        try:
            await self.store.append(
                self.id, seq, line, result=self.game.result, reason=self.game.reason
            )
        except StoreError as error:
            log.error("game %s: %s", self.id, error)
            try:
                await self._rebuild()
            except StoreError as again:
                log.error("game %s: %s", self.id, again)
            return rejection(shown, event.at, f"the event could not be recorded: {error}")
        self.lines.append(line)
        self.last_at = max(self.last_at, event.at)
        message = self._message(seq, line, rulings)
        self.messages.append(message)
        self._broadcast(message)
        self._schedule_flag()
        return None

    # -- flags (6.8, 6.9) ----------------------------------------------------------------------

    def _flag_due(self) -> int | None:
        clock = self.game.clock
        if clock is None or self.game.result is not None:
            return None
        side = clock.running
        return clock.flag_due(side) if side is not None else None

    async def _observe_due_flag(self, at: int) -> None:
        """If a flag fell by ``at``, log the ``tick`` of the instant it fell (6.8)."""
        due = self._flag_due()
        if due is not None and due <= at:
            await self._append(Tick(Millis(max(due, self.last_at))))

    def reschedule(self) -> None:
        """Set the flag timer for the running clock (after loading the game)."""
        self._schedule_flag()

    def _schedule_flag(self) -> None:
        due = self._flag_due()
        if self._timer is not None:
            if due == self._timer_due:
                return  # the same flag instant (a move made, not yet completed)
            self._timer.cancel()
            self._timer = None
        if due is None:
            return
        self._timer_due = due
        delay = (self._origin_mono + due * _NS - time.monotonic_ns()) / 1e9
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(max(0.0, delay), self._on_timer)

    def _on_timer(self) -> None:
        self._timer = None
        task = asyncio.get_running_loop().create_task(self._flag_fell())
        _TASKS.add(task)
        task.add_done_callback(_TASKS.discard)

    async def _flag_fell(self) -> None:
        async with self.lock:
            try:
                for _attempt in range(_ATTEMPTS):
                    try:
                        await self._observe_due_flag(self.now_ms())
                        break
                    except SeqTaken:
                        await self._rebuild()
            finally:
                if self._timer is None:
                    self._schedule_flag()

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # -- restart (docs/server.md) --------------------------------------------------------------

    async def pause_after_restart(self) -> bool:
        """The server was down: a running clock is paused at the last logged instant (6.11.1)
        and the game's time goes on from there; the arbiter resumes the clock. True if paused."""
        paused = False
        clock = self.game.clock
        if clock is not None and self.game.result is None and clock.running is not None:
            pause = Arbiter(Millis(self.last_at), ArbiterActionKind.PAUSE, article="6.11.1")
            await self._append(pause)
            paused = True
        origin = time.time_ns() - self.last_at * _NS
        await self.store.set_origin(self.id, origin)
        self._set_origin(origin)
        self._schedule_flag()
        return paused

    # -- clients -------------------------------------------------------------------------------

    def subscribe(self, client: Client, since: int | None) -> list[str]:
        """Add ``client``; the messages after ``since`` it missed (none when ``since`` is None)."""
        self.clients.add(client)
        if since is None:
            return []
        return self.messages[since + 1 :]

    def unsubscribe(self, client: Client) -> None:
        self.clients.discard(client)

    def _broadcast(self, message: str) -> None:
        for client in self.clients:
            client.send(message)


_TASKS: set[asyncio.Task[None]] = set()


def _shown(obj: dict[str, Any], role: str, at: int | None) -> dict[str, Any]:
    """A refused message as it is echoed to its sender: with ``at`` and ``by`` when known."""
    shown = {key: value for key, value in list(obj.items())[:20] if isinstance(key, str)}
    if at is not None:
        shown["at"] = at / 1000
    if role != "spectator" and "by" not in shown:
        shown["by"] = role
    return shown
