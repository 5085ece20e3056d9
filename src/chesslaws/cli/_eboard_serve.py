"""Playing a board into a live game on a chesslaws server (``chesslaws eboard --serve``).

The server's contract: a seat connects to ``/ws/games/ID?token=TOKEN`` and sends the events of
``spec/events.md`` without ``at`` and ``by`` (the server stamps the time and knows the seat's
colour). One board may play one seat or both: each event goes to the seat of its ``by``.
``websockets`` is imported only here.
"""

from __future__ import annotations

import json
import threading
from typing import Any
from urllib.parse import quote

from chesslaws.arbiter import Event

__all__ = ["Seats", "seat_url"]


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


class Seats:
    """The connections of the seats this board plays (``white=TOKEN``, ``black=TOKEN`` or a
    bare ``TOKEN`` for every event)."""

    def __init__(self, base: str, game: str | None, seats: list[str]) -> None:
        try:
            from websockets.sync.client import connect
        except ImportError:
            raise RuntimeError(
                "--serve needs the websockets package: pip install websockets"
            ) from None
        self._connections: dict[str | None, Any] = {}
        for seat in seats:
            colour, _, token = seat.rpartition("=")
            key = colour.strip().lower() or None
            if key not in (None, "white", "black"):
                raise ValueError(f"--seat {seat!r}: the colour must be white or black")
            self._connections[key] = connect(seat_url(base, game, token))
        for connection in self._connections.values():
            threading.Thread(target=self._drain, args=(connection,), daemon=True).start()

    @staticmethod
    def _drain(connection: Any) -> None:
        try:
            for _ in connection:
                pass
        except Exception:
            return

    def send(self, event: Event) -> None:
        """Send ``event`` (without ``at`` and ``by``) on its player's seat, if played here."""
        message = event.to_json()
        by = message.pop("by", None)
        message.pop("at", None)
        connection = self._connections.get(by, self._connections.get(None))
        if connection is not None:
            connection.send(json.dumps(message))

    def close(self) -> None:
        for connection in self._connections.values():
            connection.close()
