"""A board playing a live game on a chesslaws server (``chesslaws eboard --serve``).

The server is the only arbiter: the board sends its events and follows the server's answers.
A seat connects to ``/ws/games/ID?token=TOKEN``; the server's first message is a snapshot of
the game (``{"type": "snapshot", "seq", "view"}``), and every event it logs is broadcast as
``{"seq", "event", "rulings", "view"}``; an event it refuses comes back to its sender only as
``{"type": "refused", "error", "event"}``. A seat sends the events of ``docs/events.md``
without ``at`` and ``by`` (the server stamps the time and knows the seat's colour). One board
may play one seat or both: each event goes to the seat of its ``by``. After each event the
board waits for the server's answer, and reads on in the position the server's view shows
(:meth:`chesslaws.eboard.Standing.of_view`). ``websockets`` is imported only here.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import time
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

from chesslaws._errors import ChessLawsError, InvalidEvent
from chesslaws.arbiter import (
    Arbiter,
    Event,
    Millis,
    Ruling,
    RulingKind,
    Tick,
    event_from_json,
    ruling_from_json,
)
from chesslaws.eboard import Ruled, Standing

__all__ = ["ServerArbiter", "seat_url"]

#: The longest a message from the server may be (a snapshot holds the whole scoresheet).
MAX_MESSAGE = 1 << 22


def seat_url(base: str, game: str | None, token: str) -> str:
    """The WebSocket address of a seat: ``BASE/ws/games/ID?token=TOKEN``.

    ``base`` may already name the game (``ws://host:8000/ws/games/ID``); else ``game`` does.
    """
    url = base.rstrip("/")
    if url.startswith("http://"):
        url = "ws://" + url[len("http://") :]
    elif url.startswith("https://"):
        url = "wss://" + url[len("https://") :]
    if "/ws/games/" not in url:
        if not game:
            raise ValueError("--serve needs the game: a URL ending /ws/games/ID, or --game ID")
        url = f"{url}/ws/games/{quote(game)}"
    return f"{url}?token={quote(token)}"


def _decoded(text: str | bytes) -> dict[str, Any]:
    """A message of the server as an object (``ValueError`` if it is none)."""
    message = json.loads(text)
    if not isinstance(message, dict):
        raise ValueError(f"the server sent {str(message)[:200]!r}, not a JSON object")
    return message


class ServerArbiter:
    """The arbiter of a board playing on a chesslaws server (see the module docstring).

    ``seats``: ``white=TOKEN``, ``black=TOKEN`` or a bare ``TOKEN`` for every event;
    ``chess960``: how to read castling in the server's FEN; ``timeout`` (s): how long to wait
    for the server's answer to an event. Raises ``ValueError`` when the server's first
    message is no snapshot, ``RuntimeError`` without ``websockets``, ``OSError`` if the
    server cannot be reached.
    """

    def __init__(
        self,
        base: str,
        game: str | None,
        seats: Sequence[str],
        *,
        chess960: bool = False,
        timeout: float = 10.0,
    ) -> None:
        try:
            from websockets.exceptions import ConnectionClosed
            from websockets.sync.client import connect
        except ImportError:
            raise RuntimeError(
                "--serve needs the websockets package: pip install websockets"
            ) from None
        self.chess960 = chess960
        self.timeout = timeout
        self._closed = ConnectionClosed
        self.opening: list[Ruling] = []
        self._connections: dict[str | None, Any] = {}
        self._open = contextlib.ExitStack()
        for seat in seats:
            colour, _, token = seat.rpartition("=")
            key = colour.strip().lower() or None
            if key not in (None, "white", "black"):
                raise ValueError(f"--seat {seat!r}: the colour must be white or black")
            url = seat_url(base, game, token)
            connection = connect(url, max_size=MAX_MESSAGE, open_timeout=timeout)
            self._connections[key] = self._open.enter_context(connection)
        self.seq = -1
        self.standing = self._snapshots()
        self._told: list[Ruled] = []

    def _snapshots(self) -> Standing:
        """Each seat's first message: the snapshot of the game (the latest one is followed)."""
        latest: dict[str, Any] | None = None
        for connection in self._connections.values():
            message = self._receive(connection, self.timeout) or {}
            if message.get("type") != "snapshot" or not isinstance(message.get("view"), dict):
                raise ValueError(
                    "the server's first message is no snapshot of the game "
                    f"({str(message)[:120]}): is it a chesslaws server of this version?"
                )
            if latest is None or message.get("seq", -1) >= latest.get("seq", -1):
                latest = message
        assert latest is not None
        self.view: dict[str, Any] = latest["view"]
        self.seq = int(latest.get("seq") or 0)
        return Standing.of_view(self.view, chess960=self.chess960)

    # -- the board's events --------------------------------------------------------------------

    def rule(self, events: Sequence[Event]) -> list[Ruled]:
        """Send each event on its player's seat and wait for the server's answer to it."""
        return [self._rule(event) for event in events]

    def _rule(self, event: Event) -> Ruled:
        if isinstance(event, Tick | Arbiter):
            why = "the server is the arbiter: it watches the clock and acts itself"
            return Ruled(event, [self._refusal(event, why)])
        message = event.to_json()
        by = message.pop("by", None)
        message.pop("at", None)
        connection = self._connections.get(by, self._connections.get(None))
        if connection is None:
            return Ruled(event, [])  # a seat another device plays
        self._send(connection, json.dumps(message))
        deadline = time.monotonic() + self.timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                answer = self._receive(connection, left)
            except TimeoutError:
                break
            if answer is None:
                continue
            if answer.get("type") == "refused":
                # Nothing changed, but the board is looked at again (it shows the move refused).
                self.standing = dataclasses.replace(self.standing, taken_back=False)
                return Ruled(event, [self._refusal(event, str(answer.get("error")))])
            ruled = self._broadcast(answer)
            if _answers(answer.get("event"), message["type"], by):
                return ruled or Ruled(event, [])
            if ruled is not None:
                self._told.append(ruled)
        return Ruled(event, [self._refusal(event, "no answer from the server")])

    def _send(self, connection: Any, text: str) -> None:
        try:
            connection.send(text)
        except self._closed as error:
            raise ConnectionError(f"the server closed the seat's connection ({error})") from None

    def _receive(self, connection: Any, timeout: float) -> dict[str, Any] | None:
        """The next message of a seat; None for one that is no JSON object (skipped: a
        peer's garbage never stops the board); ``TimeoutError`` if none comes in time;
        ``ConnectionError`` once the server has closed the connection."""
        try:
            text = connection.recv(timeout=timeout)
        except self._closed as error:
            raise ConnectionError(f"the server closed the seat's connection ({error})") from None
        try:
            return _decoded(text)
        except ValueError:
            return None

    def _refusal(self, event: Event, why: str) -> Ruling:
        return Ruling(self.seq, Millis(event.at), RulingKind.REJECTED, reason=why[:300])

    # -- the server's messages -----------------------------------------------------------------

    def poll(self) -> list[Ruled]:
        """The server's messages that came meanwhile (another device's events, the server's
        own: a flag it observed), followed; returns them as ruled events."""
        for connection in self._connections.values():
            while True:
                try:
                    message = self._receive(connection, 0)
                except TimeoutError:
                    break
                ruled = self._broadcast(message) if message is not None else None
                if ruled is not None:
                    self._told.append(ruled)
        told, self._told = self._told, []
        return told

    def _broadcast(self, message: dict[str, Any]) -> Ruled | None:
        """Follow one broadcast (each seat receives it: only the first copy counts)."""
        seq = message.get("seq")
        view = message.get("view")
        if not isinstance(seq, int) or seq <= self.seq or not isinstance(view, dict):
            return None
        self.seq = seq
        self.view = view
        found = message.get("rulings")
        rulings = [r for r in found if isinstance(r, dict)] if isinstance(found, list) else []
        try:
            self.standing = Standing.of_view(view, rulings, chess960=self.chess960)
        except (ValueError, ChessLawsError):
            return None  # a view that shows no position: the last one stands
        try:
            event = event_from_json(message.get("event"))
        except InvalidEvent:
            return None  # an event of the server's own (a seat arriving): nothing to show
        return Ruled(event, [ruling for r in rulings if (ruling := _ruling(r)) is not None])

    def close(self) -> None:
        self._open.close()


def _answers(logged: object, kind: str, by: str | None) -> bool:
    """Whether the logged event of a broadcast is the one a seat sent (its type, its player)."""
    if not isinstance(logged, dict) or logged.get("type") != kind:
        return False
    return by is None or logged.get("by") == by


def _ruling(obj: dict[str, Any]) -> Ruling | None:
    try:
        return ruling_from_json(obj)
    except (KeyError, ValueError, TypeError):
        return None
