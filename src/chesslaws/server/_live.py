"""One live game: the arbiter's state folded over the game's event log.

State. A live game holds a frozen :class:`~chesslaws.arbiter.GameState`. An event is ruled by
:func:`chesslaws.arbiter.step`, appended to the store (committed), and only then does the new
state replace the old one: an append that fails leaves the old state, with nothing to roll
back. The server keeps no other copy of the game (no event list, no message list): the log is
read from the store when asked for.

Messages. Each logged event is sent to every client as ``{"seq", "event", "rulings", "view"}``,
the view being what a page shows after it (:mod:`._view`); a client that joins first gets
``{"type": "snapshot", "seq", "view"}`` with the full view. The work per event does not grow
with the game's length.

Time. ``at`` is seconds since the game's origin. The server reads only its own monotonic
clock: each game keeps the wall-clock instant its ``at = 0`` stands for (``origin_ns``, stored
with the game) and, in each process, the monotonic instant that matches it, fixed when the game
is loaded; from then on ``at`` is the monotonic time elapsed since that origin, never less than
the last logged ``at``. A client's message is stamped when it arrives, before it waits its
turn, so events are ruled in the order and at the instants they reached the server.

Flags. Whenever a clock runs, a timer is set for the exact instant the flag will fall
(:meth:`chesslaws.clock.Clock.flag_due`); when it fires, the server logs a ``tick`` at that
instant and the arbiter rules the flag (6.8, 6.9). An event stamped after that instant is
preceded by that ``tick``; one stamped before it is ruled first, however late its turn comes.

The mate search. "Can the opponent still checkmate?" (5.1.2, 6.9, 7.5.5) runs in a worker
process (:mod:`._search`); meanwhile this game's next events wait their turn in order and every
other game goes on.

Adjourned games (Guidelines I). The log line of a sealed move (``seal``, or a move made on the
board by the player told to seal: :func:`chesslaws.arbiter.sealing_event`) is the arbiter's
until the envelope is opened (I.3, I.7): its number is kept in :attr:`LiveGame.sealed`, and
every client but the arbiter, the log download and the views get it without its move
(:func:`withheld`); the stored log keeps it, so the game replays. An adjourned game's clocks
stand (I.5) across restarts; at its time of resumption (I.2.7) the server logs
``resume_session`` (I.9) and the arrival of each player then at the board.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import math
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from chesslaws._color import Color
from chesslaws._errors import InvalidEvent
from chesslaws._words import Words, said, words_json
from chesslaws.arbiter import (
    Adjust,
    Arbiter,
    ArbiterActionKind,
    Arrive,
    Depart,
    Event,
    GameState,
    Millis,
    MoveMade,
    Press,
    ResumeSession,
    Ruling,
    RulingKind,
    Tick,
    Touch,
    opens_envelope,
    parse_event,
    sealing_event,
    step,
)

from ._pgn import game_pgn
from ._protocol import ARBITER, SEATS, SPECTATOR, RateLimit, Refused, build_event
from ._search import Answers, MateSearches, SearchNeeded, answerer
from ._store import EventStore, GameRow, SeqTaken, StoreError
from ._view import StartPlan, arbiter_view, full_view, rulings_json, view

__all__ = ["Client", "Close", "LiveGame", "hash_token", "refusal", "withheld"]

log = logging.getLogger("chesslaws.server")

_NS = 1_000_000

#: How often an event is stamped and tried again when other processes keep appending first.
_ATTEMPTS = 50

#: The most events a game's log takes from players and the arbiter (a long game logs about
#: 2,000: touches, moves, presses); beyond it only the server's own events are logged.
MAX_EVENTS = 20_000

#: Events a second, and in a burst, each role of a game may send (all its connections).
RATE, BURST = 10.0, 30.0

#: The ``reason`` of the pause the server logs when it recovers a game after being down.
RESTART = "server restart"


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

    __slots__ = ("closing", "queue", "role", "strikes")

    #: Messages waiting for a client that reads too slowly, beyond which it is disconnected.
    BACKLOG = 1_000

    def __init__(self, role: str) -> None:
        self.role = role
        self.queue: asyncio.Queue[str | Close] = asyncio.Queue()
        self.closing = False
        self.strikes = 0  # frames over the rate limit in a row

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


def refusal(event: dict[str, Any] | None, at: int | None, reason: str) -> str:
    """The answer to a message the game did not take, to its sender only: always valid JSON
    (``{"type": "refused", "error", "event", "seq": null, "rulings": [a rejected ruling]}``)."""
    ruling: dict[str, Any] = {"event": None}
    if at is not None:
        ruling["at"] = at / 1000
    ruling["ruling"] = RulingKind.REJECTED.value
    ruling["reason"] = reason
    message = {"type": "refused", "error": reason, "seq": None, "event": event,
               "rulings": [ruling]}  # fmt: skip
    if isinstance(reason, Words):  # the words in the reader's language (issue 31)
        ruling["i18n"] = words_json(reason=reason)
        message["i18n"] = words_json(error=reason)
    return json.dumps(_finite(message), default=str)


def _finite(value: Any) -> Any:
    """``value`` with every NaN or infinity replaced by its text (JSON has no such numbers)."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {str(k): _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


def _log_lines(lines: list[tuple[int, str]], hidden: set[int] | frozenset[int], upto: int) -> str:
    """The ``lines`` up to number ``upto``, one a line, those in ``hidden`` without their
    sealed move (I.3, I.7)."""
    return "".join(
        (withheld(line) if seq in hidden else line) + "\n" for seq, line in lines if seq <= upto
    )


class LiveGame:
    """A game being served: its row, its state, its clients and its flag timer."""

    def __init__(self, row: GameRow, store: EventStore, searches: MateSearches) -> None:
        self.row = row
        self.store = store
        self.searches = searches
        self.state = GameState()
        #: The board of the last view and its FEN, written once per position.
        self._fen: tuple[object, str] = (None, "")
        self.seq = -1
        self.last_at = 0
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.plan = _plan(row.meta.get("start"))
        self.started = "start" not in row.meta  # a game without a plan started when created
        self.pause_reason: str | None = None
        self.arrived = [False, False]
        self.sockets = {"white": 0, "black": 0}
        self._start_timer: _Timer | None = None
        self._limits: dict[str, RateLimit] = {}
        self._last_act: dict[str, dict[str, Any]] = {}
        self._timer: _Timer | None = None
        self._timer_due: int | None = None
        self._resume_timer: _Timer | None = None
        #: The numbers of the log lines that hold a sealed move not yet opened (I.3, I.7).
        self.sealed: set[int] = set()
        #: The log as each reader last read it, and the PGN, with what they were read at: a
        #: game's log and PGN change only with its events, so a flood of reads costs one
        #: rendering an event, and the log's only for the lines added (see :meth:`log_text`).
        self._log_read: dict[str, tuple[int, frozenset[int], str]] = {}
        self._pgn_read: tuple[int, str] = (-2, "")
        self._origin_mono = 0
        self._set_origin(row.origin_ns)

    # -- time ----------------------------------------------------------------------------------

    def _set_origin(self, origin_ns: int) -> None:
        self.stop()  # a timer set on the old origin would fire at the wrong instant
        self.row.origin_ns = origin_ns
        self._origin_mono = time.monotonic_ns() - (time.time_ns() - origin_ns)

    def now_ms(self) -> int:
        """The instant now, in ms since the game's origin (never before the last logged one)."""
        return max(self.last_at, (time.monotonic_ns() - self._origin_mono) // _NS)

    # -- reading -------------------------------------------------------------------------------

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def result(self) -> str | None:
        result = self.state.result
        return None if result is None else result.value

    def role_of(self, token: str) -> str | None:
        """``white``, ``black`` or ``arbiter`` for a valid token (compared in constant time)."""
        given = hash_token(token)
        found = None
        for role in (*SEATS, ARBITER):
            if hmac.compare_digest(given, self.row.hashes.get(role, "")):
                found = role
        return found

    def view(self) -> dict[str, Any]:
        board = self.state.board
        if board is not self._fen[0]:  # a new position (the board is a value: same object,
            self._fen = (board, board.fen)  # same position; a press keeps it)
        return view(self.state, plan=self.plan, started=self.started,
                    pause_reason=self.pause_reason, fen=self._fen[1])  # fmt: skip

    def full_view(self, role: str = SPECTATOR) -> dict[str, Any]:
        """The full view as ``role`` sees it (the arbiter's with the envelope, I.3)."""
        shown = full_view(self.state, self.row.meta, plan=self.plan,
                          started=self.started, pause_reason=self.pause_reason)  # fmt: skip
        return arbiter_view(self.state, shown) if role == ARBITER else shown

    def snapshot(self, role: str = SPECTATOR) -> str:
        """The first message a client gets: the full view of the game now."""
        return json.dumps({"type": "snapshot", "seq": self.seq, "view": self.full_view(role)})

    def state_json(self, role: str = SPECTATOR) -> dict[str, Any]:
        """The state of the game now, as ``GET /api/games/ID`` gives it (the full view, with
        the clocks read now), as ``role`` sees it."""
        out = self.full_view(role)
        state = self.state
        clock = state.clock
        if clock is not None and state.result is None and self.started:
            now = self.now_ms()
            out["clock"] = {c.label: clock.remaining(c, Millis(now)) for c in _SIDES}
            out["at"] = now / 1000
        start = state.start
        out.update(
            id=self.id,
            site=self.row.meta.get("site"),
            variant=start.variant.value if start is not None else "standard",
            seq=self.seq,
        )
        return out

    def summary_json(self) -> dict[str, Any]:
        start = self.state.start
        meta = self.row.meta
        return {
            "id": self.id,
            **{name: meta.get(name) for name in ("white", "black", "event", "round")},
            "time_control": start.time_control if start is not None else None,
            "time_controls": (
                dict(zip(("white", "black"), start.time_controls, strict=True))
                if start is not None and start.time_controls is not None
                else None
            ),
            "result": self.result,
            "reason": None if self.state.reason is None else self.state.reason.value,
            "seq": self.seq,
            "created": self.row.created,
            "started": self.started,
        }

    # -- the log -------------------------------------------------------------------------------

    async def load(self, events: list[tuple[int, str]], *, send: bool = False) -> None:
        """Take logged events (after those already taken), e.g. another process's."""
        for seq, line in events:
            if seq != self.seq + 1:
                raise StoreError(f"game {self.id}: event {seq} follows event {self.seq}")
            try:
                event = parse_event(line, seq)
            except InvalidEvent as error:
                raise StoreError(f"game {self.id}: event {seq} cannot be read: {error}") from None
            before = self.state
            state, rulings = await self._rule(event, seq)
            messages = self._take(seq, event, line, state, rulings, before)
            if send:
                self._broadcast(messages)

    async def catch_up(self, *, send: bool = True) -> None:
        """Take the events another process logged (call under :attr:`lock`)."""
        await self.load(await self.store.events(self.id, since=self.seq), send=send)
        self._schedule_flag()

    async def follow(self, events: list[tuple[int, str | None]]) -> None:
        """Take the events another process said it logged (under :attr:`lock`): as they came
        when they follow this game's last one, else (a gap, a line left out) from the store."""
        fresh = [(seq, line) for seq, line in events if seq > self.seq]
        if all(line is not None for _, line in fresh) and all(
            seq == self.seq + 1 + index for index, (seq, _) in enumerate(fresh)
        ):
            await self.load([(seq, line) for seq, line in fresh if line is not None], send=True)
            self._schedule_flag()
        else:
            await self.catch_up()

    async def _rule(self, event: Event, seq: int) -> tuple[GameState, list[Ruling]]:
        """``step`` on the current state; the mate search, if needed, in a worker process."""
        answers: Answers = {}
        while True:
            try:
                return step(self.state, event, index=seq, loss_or_draw=answerer(answers))
            except SearchNeeded as need:
                answers[need.key] = await self.searches.run(need)

    def _take(
        self,
        seq: int,
        event: Event,
        line: str,
        state: GameState,
        rulings: list[Ruling],
        before: GameState,
    ) -> tuple[str, str]:
        """Make ``state`` (after logged event ``seq``) the game's; the messages to send (to
        everyone, to the arbiter)."""
        self.seq = seq
        self.state = state
        if not any(r.kind is RulingKind.REJECTED for r in rulings):  # else a line another
            self.last_at = max(self.last_at, event.at)  # writer logged that the arbiter refuses
            self._note(event)
            if sealing_event(before, event):
                self.sealed.add(seq)
            elif opens_envelope(rulings):
                self.sealed.clear()
        return self._message(seq, line, rulings, before)

    def _note(self, event: Event) -> None:
        """What the view tells beside the arbiter's state: who is seated, the start (6.6), a
        pause's cause (the arbiter's, a restart's, a reconstruction's, 8.5)."""
        if isinstance(event, Arrive | Depart):
            arrived = isinstance(event, Arrive)
            self.plan.seated[event.by] = arrived
            self.arrived[event.by] = self.arrived[event.by] or arrived
            return
        if not isinstance(event, Arbiter):
            return
        if event.action is ArbiterActionKind.PAUSE:
            self.pause_reason = "restart" if event.reason == RESTART else "arbiter"
            if event.reason == AWAITING_START:
                self.started = False
        elif event.action is ArbiterActionKind.RECONSTRUCT:  # 8.5: the clocks stand meanwhile
            self.pause_reason = "reconstruction"
        elif event.action is ArbiterActionKind.RESUME:
            self.pause_reason = None
            if event.article == "6.6":
                self.started = True

    def _message(
        self, seq: int, line: str, rulings: list[Ruling], before: GameState
    ) -> tuple[str, str]:
        """The message of logged event ``seq`` to everyone, and to the arbiter (the same but
        while a game is adjourned: the sealed move's line whole, the envelope in the view)."""
        ruled = json.dumps(rulings_json(rulings, before.board.position, self.state.board.position))
        shown = self.view()
        hidden = seq in self.sealed
        public = (
            f'{{"seq": {seq}, "event": {withheld(line) if hidden else line}, '
            f'"rulings": {ruled}, "view": {json.dumps(shown)}}}'
        )
        if not hidden and self.state.adjourned is None:
            return public, public
        arbiter = json.dumps(arbiter_view(self.state, shown))
        return public, f'{{"seq": {seq}, "event": {line}, "rulings": {ruled}, "view": {arbiter}}}'

    def public_log(self, lines: list[tuple[int, str]], role: str) -> str:
        """The log as ``role`` may read it: whole for the arbiter; for anyone else, a line
        holding a sealed move not yet opened without its move (I.3, I.7). Only the lines this
        game has taken (a line appended meanwhile is not yet known to hold no seal)."""
        hidden = set() if role == ARBITER else self.sealed
        return _log_lines(lines, hidden, self.seq)

    async def log_text(self, role: str) -> str:
        """:meth:`public_log` of the whole log, kept from one read to the next: a read adds
        the lines logged since the last, and reads the log again only when a sealed move has
        been opened meanwhile (the lines it hid are then shown)."""
        upto = self.seq
        hidden = frozenset() if role == ARBITER else frozenset(self.sealed)
        seq, was_hidden, text = self._log_read.get(role, (-1, hidden, ""))
        if seq == upto and was_hidden == hidden:
            return text
        if was_hidden != hidden:
            seq, text = -1, ""
        text += _log_lines(await self.store.events(self.id, since=seq), hidden, upto)
        self._log_read[role] = (upto, hidden, text)
        return text

    def pgn_text(self) -> str:
        """The game in PGN (``server._pgn.game_pgn``), written once an event."""
        if self._pgn_read[0] != self.seq:
            self._pgn_read = (self.seq, game_pgn(self.state, self.row.meta, self.row.created))
        return self._pgn_read[1]

    # -- taking events -------------------------------------------------------------------------

    async def submit(
        self, role: str, obj: dict[str, Any], arrived: int | None = None
    ) -> str | None:
        """Take one client message: ``None`` when accepted (sent to all), else the refusal.

        ``arrived`` is the instant the message reached the server (default: now); it is ruled
        at that instant, after every event that arrived before it."""
        if arrived is None:
            arrived = self.now_ms()
        async with self.lock:
            for _attempt in range(_ATTEMPTS):
                try:
                    answer = await self._try(role, obj, arrived)
                except SeqTaken:  # another process logged first: take its events, rule again
                    await self.catch_up()
                    continue
                if answer is None or not await self._behind():
                    return answer
            return refusal(_shown(obj, role, None), None, Words("the game is too busy; send again"))

    async def _try(self, role: str, obj: dict[str, Any], arrived: int) -> str | None:
        """Stamp, rule and log one client message on the state this process holds (no lock
        across processes: the append of a stale state is refused by (game, seq), SeqTaken)."""
        at = max(arrived, self.last_at)
        await self._observe_due_flag(at)
        at = max(at, self.last_at)
        try:
            if role == ARBITER and obj.get("action") == "start":
                event = self._start_event(obj, at)
            else:
                event = build_event(role, obj, at)
            self._gate(event)
        except Refused as refused:
            return refusal(_shown(obj, role, at), at, said(refused))
        return await self._append(event, role)

    async def _behind(self) -> bool:
        """Before refusing, in a store other processes share: whether they logged events this
        process had not taken (then it takes them, and the refused message is ruled again)."""
        if not self.store.shared:
            return False
        seq = self.seq
        try:
            await self.catch_up()
        except StoreError as error:
            log.error("game %s: %s", self.id, error)
            return False
        return self.seq != seq

    def _gate(self, event: Event) -> None:
        """Before the start (6.6) the clocks stand: no player's act is taken, and the arbiter
        starts the clocks with his ``start``, not ``resume``. While the clocks are paused
        (6.11) nothing is done on the board: no touch, move or press."""
        if self.started:
            clock = self.state.clock
            if _awaiting_resumption(self.state):
                return  # the adjournment stands the clocks (I.5): the arbiter rules (Guidelines I)
            if clock is not None and clock.paused and isinstance(event, _ON_THE_BOARD):
                restarted = self.pause_reason == "restart"
                why = Words("the server restarted") if restarted else Words("paused")
                raise Refused(
                    Words("the clocks are paused ({why}, 6.11): the arbiter resumes them", why=why)
                )
            return
        if not isinstance(event, Arbiter):
            raise Refused(
                Words(
                    "the game has not started ({how_it_starts})",
                    how_it_starts=self._how_it_starts(),
                )
            )
        if event.action is ArbiterActionKind.RESUME and event.article != "6.6":
            raise Refused(Words("the game has not started: the arbiter's action is 'start' (6.6)"))

    def _how_it_starts(self) -> Words:
        plan = self.plan
        if plan.mode == "seated":
            return Words("the clocks start when both players are seated, 6.6")
        if plan.mode == "scheduled":
            return Words("the clocks start at {at}, 6.6", at=plan.at)
        return Words("the arbiter starts the clocks, 6.6")

    def _start_event(self, obj: dict[str, Any], at: int) -> Event:
        """The arbiter's ``{"type": "arbiter", "action": "start"}``: the clocks start (6.6),
        logged as the arbiter's ``resume`` with article 6.6."""
        if set(obj) - {"type", "action", "by"} or obj.get("type") != "arbiter":
            raise Refused(Words('the arbiter\'s start is {{"type": "arbiter", "action": "start"}}'))
        if self.started:
            raise Refused(Words("the game has already started"))
        return Arbiter(Millis(at), ArbiterActionKind.RESUME, article="6.6")

    def rate_limit(self, role: str) -> RateLimit:
        """The events a second ``role`` may send to this game, over all its connections."""
        limit = self._limits.get(role)
        if limit is None:
            limit = self._limits[role] = RateLimit(RATE, BURST)
        return limit

    async def _append(self, event: Event, role: str | None = None) -> str | None:
        """Rule ``event``; if accepted, log it, then take its state and send it to all.

        ``role`` is the sender of a client's event: a repetition of his last act that changes
        nothing (an offer that still stands, a touch of the touched piece) is answered, not
        logged again; and past :data:`MAX_EVENTS` a client's event is refused."""
        seq = self.seq + 1
        shown = event.to_json()
        if role is not None and seq >= MAX_EVENTS:
            return refusal(shown, event.at, Words(
                "the game's log is full ({count} events): the arbiter decides the game",
                count=MAX_EVENTS))  # fmt: skip
        before = self.state
        try:
            state, rulings = await self._rule(event, seq)
        except Exception as error:  # a bug in the arbiter must not take the game down
            log.exception("game %s: the arbiter failed on %s", self.id, shown)
            return refusal(shown, event.at, Words(
                "the arbiter could not take this event: {error}", error=error))  # fmt: skip
        if any(r.kind is RulingKind.REJECTED for r in rulings):
            reasons = [r.reason or Words("rejected") for r in rulings]
            return refusal(shown, event.at, reasons[0] if len(reasons) == 1 else "; ".join(reasons))
        act = {k: v for k, v in shown.items() if k != "at"}
        if role is not None and self._last_act.get(role) == act and _unchanged(before, state):
            return refusal(shown, event.at, Words(
                "already done and nothing changes: not logged again"))  # fmt: skip
        line = json.dumps(shown)
        try:
            ending = state.ending
            await self.store.append(
                self.id,
                seq,
                line,
                result=None if ending is None else ending.result.value,
                reason=None if ending is None else ending.reason.value,
            )
        except StoreError as error:
            log.error("game %s: %s", self.id, error)
            return refusal(shown, event.at, Words(
                "the event could not be recorded: {error}", error=error))  # fmt: skip
        if role is not None:  # the act is his last once logged (not when SeqTaken)
            self._last_act[role] = act
        messages = self._take(seq, event, line, state, rulings, before)
        self._broadcast(messages)
        self._schedule_flag()
        self._schedule_resumption()
        if isinstance(event, ResumeSession):
            await self._at_the_board()
        return None

    async def log_event(self, event: Event) -> None:
        """Log an event of the server's own (under :attr:`lock`), retrying after others."""
        for _attempt in range(_ATTEMPTS):
            try:
                await self._append(event)
                return
            except SeqTaken:
                await self.catch_up()

    # -- flags (6.8, 6.9) ----------------------------------------------------------------------

    def _flag_due(self) -> int | None:
        clock = self.state.clock
        if clock is None or self.state.result is not None or not self.started:
            return None
        side = clock.clock.running
        return clock.clock.flag_due(side) if side is not None else None

    async def _observe_due_flag(self, at: int) -> None:
        """If a flag fell by ``at``, log the ``tick`` of the instant it fell (6.8)."""
        due = self._flag_due()
        if due is not None and due <= at:
            await self._append(Tick(Millis(max(due, self.last_at))))

    def reschedule(self) -> None:
        """Set the flag timer for the running clock, a scheduled start's and an adjourned
        game's resumption (after loading)."""
        self._schedule_flag()
        self._schedule_start()
        self._schedule_resumption()

    # -- adjournment (Guidelines I) -------------------------------------------------------------

    def _schedule_resumption(self) -> None:
        """A sealed adjourned game with a time of resumption (I.2.7): a timer for it (I.9);
        a resumed one with a player not at the board: a timer for the default time (I.10)."""
        adjourned = self.state.adjourned
        delay = None
        due = self._default_time_after_resumption()
        if _awaiting_resumption(self.state) and adjourned is not None and adjourned.resumes:
            delay = datetime.fromisoformat(adjourned.resumes).timestamp() - time.time()
        elif due is not None:
            delay = (self._origin_mono + due * _NS - time.monotonic_ns()) / 1e9
        if self._resume_timer is not None:
            self._resume_timer.cancel()
            self._resume_timer = None
        if delay is not None:
            self._resume_timer = _Timer(delay, lambda: spawn(self._resumption()))

    def _default_time_after_resumption(self) -> int | None:
        """A resumed adjourned game with a player not at the board: the first instant after
        the default time (I.10), when the arbiter looks at who is absent; else None."""
        adjourned = self.state.adjourned
        if adjourned is None or adjourned.resumed_at is None or all(adjourned.present):
            return None
        profile = self.state.profile
        default = profile.rules.default_time if profile is not None else 0
        return adjourned.resumed_at + default + 1

    async def _resumption(self) -> None:
        """The agreed time of resumption: the replier's clock is started (I.9); or the
        default time after it: the arbiter looks at who is absent (a ``tick``, I.10)."""
        self._resume_timer = None
        async with self.lock, self.store.exclusive(self.id):
            try:
                await self.catch_up()
                if _awaiting_resumption(self.state):
                    await self.log_event(ResumeSession(Millis(self.now_ms())))
                elif self.state.adjourned is not None:
                    await self.log_event(Tick(Millis(self.now_ms())))
            except StoreError as error:
                log.error("game %s: %s", self.id, error)

    async def _at_the_board(self) -> None:
        """The session has resumed (I.9): each player connected now (to this process) is at
        the board."""
        for color in _SIDES:
            if self.sockets[color.label] > 0:
                await self._append(Arrive(Millis(self.last_at), color))

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
        self._timer = _Timer(delay, self._on_timer)

    def _on_timer(self) -> None:
        self._timer = None
        spawn(self._flag_fell())

    async def _flag_fell(self) -> None:
        # Each process's timer fires. The game's lock across processes, and the log read
        # first, spare the others ruling the flag again (it may ask for a mate search, 6.9).
        async with self.lock, self.store.exclusive(self.id):
            try:
                await self.catch_up()
                for _attempt in range(_ATTEMPTS):
                    try:
                        await self._observe_due_flag(self.now_ms())
                        break
                    except SeqTaken:
                        await self.catch_up()
            except StoreError as error:
                log.error("game %s: %s", self.id, error)
            finally:
                if self._timer is None:
                    self._schedule_flag()

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._resume_timer is not None:
            self._resume_timer.cancel()
            self._resume_timer = None
        if self._start_timer is not None:
            self._start_timer.cancel()
            self._start_timer = None

    # -- restart (docs/server.md) --------------------------------------------------------------

    async def pause_after_restart(self, alive_ns: int | None) -> bool:
        """The server was down: a running clock is paused (6.11.1) where the outage began, the
        server's last heartbeat (``alive_ns``, within a second of the crash; else the last
        logged instant), logged as a server restart; a flag that fell before then is ruled
        first (6.8). The game's time goes on from there; the arbiter resumes the clock. True
        if paused."""
        paused = False
        clock = self.state.clock
        if clock is not None and self.state.result is None and clock.clock.running is not None:
            down = self.last_at
            if alive_ns is not None:
                down = max(down, (alive_ns - self.row.origin_ns) // _NS)
            await self._observe_due_flag(down)
            if self.state.result is None:
                pause = Arbiter(
                    Millis(max(down, self.last_at)),
                    ArbiterActionKind.PAUSE,
                    reason=RESTART,
                    article="6.11.1",
                )
                await self.log_event(pause)
                paused = True
        origin = time.time_ns() - self.last_at * _NS
        await self.store.set_origin(self.id, origin)
        self._set_origin(origin)
        self.reschedule()
        return paused

    # -- presence and the start (6.6, 6.7) ------------------------------------------------------

    async def arrive(self, seat: str) -> None:
        """A connection of ``seat`` opened: the first one is the player's arrival (logged), and
        with both players seated a game set to start so starts (6.6)."""
        self.sockets[seat] += 1
        if self.sockets[seat] == 1:
            await self._presence(Arrive(Millis(self.now_ms()), Color.parse(seat)))

    def leave(self, seat: str) -> None:
        """A connection of ``seat`` closed: the last one is the player's departure, logged in a
        task of its own (the connection ends at once, even while the game waits its turn)."""
        self.sockets[seat] -= 1
        if self.sockets[seat] == 0:
            spawn(self._presence(Depart(Millis(self.now_ms()), Color.parse(seat))))

    async def _presence(self, event: Arrive | Depart) -> None:
        async with self.lock, self.store.exclusive(self.id):
            try:
                await self.catch_up()
                if self.state.result is not None:
                    return
                adjourned = self.state.adjourned is not None  # the arbiter rules presence
                if not adjourned and self.plan.seated[event.by] == isinstance(event, Arrive):
                    return  # seated (or gone) already, by a connection to another process
                stamped = type(event)(Millis(max(event.at, self.last_at)), event.by)
                await self.log_event(stamped)
                # An adjourned game takes no arrival before its resumption (I.9): the page
                # still shows who is seated, and the resumption logs who is at the board.
                self.plan.seated[event.by] = isinstance(event, Arrive)
                if self.plan.mode == "seated" and all(self.plan.seated) and not self.started:
                    await self.log_event(self._start_event({"type": "arbiter"}, self.now_ms()))
            except (StoreError, Refused) as error:
                log.error("game %s: %s", self.id, error)

    def _schedule_start(self) -> None:
        """A scheduled game: a timer for its start (6.6), then for its default time (6.7.1)."""
        plan = self.plan
        if plan.mode != "scheduled" or plan.at is None or self.state.result is not None:
            return
        if self._start_timer is not None:
            self._start_timer.cancel()
        due = datetime.fromisoformat(plan.at).timestamp()
        if self.started:
            due += plan.default_time
        delay = max(0.0, due - time.time())
        self._start_timer = _Timer(delay, lambda: spawn(self._scheduled()))

    async def _scheduled(self) -> None:
        self._start_timer = None
        async with self.lock, self.store.exclusive(self.id):
            try:
                await self.catch_up()
                if self.state.result is not None:
                    return
                if not self.started:
                    await self.log_event(self._start_event({"type": "arbiter"}, self.now_ms()))
                    self._schedule_start()
                    return
                await self._default_time()
            except (StoreError, Refused) as error:
                log.error("game %s: %s", self.id, error)

    async def _default_time(self) -> None:
        """The default time has passed (6.7.1): a player who has not arrived loses; both, if
        neither has (0-0)."""
        absent = [color for color in _SIDES if not self.arrived[color]]
        if not absent:
            return
        result = "0-0" if len(absent) == 2 else ("0-1" if absent[0] is Color.WHITE else "1-0")
        declare = Arbiter(Millis(self.now_ms()), ArbiterActionKind.DECLARE, result=result,
                          reason="default", article="6.7.1")  # fmt: skip
        await self.log_event(declare)

    # -- clients -------------------------------------------------------------------------------

    def subscribe(self, client: Client) -> None:
        """Add ``client``; it is sent the snapshot first, then every message."""
        client.send(self.snapshot(client.role))
        self.clients.add(client)

    def unsubscribe(self, client: Client) -> None:
        self.clients.discard(client)

    def _broadcast(self, messages: tuple[str, str]) -> None:
        """Send everyone the first message, the arbiter the second (I.3)."""
        public, arbiter = messages
        for client in self.clients:
            client.send(arbiter if client.role == ARBITER else public)


#: The ``reason`` of the pause that holds the clocks of a game not yet started (6.6).
AWAITING_START = "awaiting the start"

_SIDES = (Color.WHITE, Color.BLACK)

#: What a player does on the board or the clock (not taken while the clocks are paused).
_ON_THE_BOARD = (Touch, Adjust, MoveMade, Press)


class _Timer:
    """A callback at an instant of the monotonic clock, never before it: a flag (6.8), a
    default time (6.7.1, I.10) or a start (6.6) is not looked at before its instant. (uvloop
    counts its timers in whole milliseconds from the time its loop last read, and fires them
    up to a millisecond or more early; a timer that wakes early sleeps again.)"""

    __slots__ = ("_callback", "_due_ns", "_handle")

    def __init__(self, delay: float, callback: Callable[[], object]) -> None:
        self._due_ns = time.monotonic_ns() + max(0, math.ceil(delay * 1e9))
        self._callback = callback
        self._handle = asyncio.get_running_loop().call_later(max(0.0, delay), self._fire)

    def _fire(self) -> None:
        early_ns = self._due_ns - time.monotonic_ns()
        if early_ns > 0:
            self._handle = asyncio.get_running_loop().call_later(early_ns / 1e9, self._fire)
        else:
            self._callback()

    def cancel(self) -> None:
        self._handle.cancel()


def _awaiting_resumption(state: GameState) -> bool:
    """Whether ``state`` is an adjourned game sealed and not yet resumed (I.3-I.6)."""
    adjourned = state.adjourned
    return adjourned is not None and adjourned.envelope is not None and (
        adjourned.resumed_at is None
    )


def withheld(line: str) -> str:
    """A log line that holds a sealed move, without it: ``{"type": "seal", "at", "by"}``
    (a move made on the board while sealing is the sealed move, I.1.1, so it reads as one)."""
    obj = json.loads(line)
    return json.dumps({"type": "seal", "at": obj.get("at"), "by": obj.get("by")})


def _unchanged(before: GameState, after: GameState) -> bool:
    """Whether ``after`` differs from ``before`` only by the event's index and instant."""
    return all(
        getattr(before, name) is getattr(after, name)
        or getattr(before, name) == getattr(after, name)
        for name in _KEPT
    )


_KEPT = tuple(name for name in GameState.__slots__ if name not in ("index", "last_at"))


def _plan(obj: Any) -> StartPlan:
    """The start plan kept with the game (a game without one started when created)."""
    if not isinstance(obj, dict):
        return StartPlan("arbiter")
    return StartPlan(obj.get("mode", "arbiter"), obj.get("at"), int(obj.get("default_time", 0)))


_TASKS: set[asyncio.Task[None]] = set()


def spawn(coroutine: Any) -> None:
    """Run ``coroutine`` as a task of its own, kept until it ends."""
    task = asyncio.get_running_loop().create_task(coroutine)
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)


def _shown(obj: dict[str, Any], role: str, at: int | None) -> dict[str, Any]:
    """A refused message as it is echoed to its sender: with ``at`` and ``by`` when known."""
    shown = {key: value for key, value in list(obj.items())[:20] if isinstance(key, str)}
    if at is not None:
        shown["at"] = at / 1000
    if role != "spectator" and "by" not in shown:
        shown["by"] = role
    return shown
