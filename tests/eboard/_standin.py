"""A stand-in for a chesslaws server as contract-25 has it, on loopback, for the e-board's
``--serve`` tests (``websockets`` only)."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator


class StandIn:
    """A stand-in for a chesslaws server as contract-25 has it: a snapshot on joining, then
    every event broadcast with its rulings and the view after it. It rules with a game of its
    own and marks its rulings (``note``), so what the board shows is seen to be the server's."""

    def __init__(self, start: str, replies: tuple[str, ...] = ()) -> None:
        from chesslaws.arbiter import Game

        self.replies = list(replies)  # Black's moves, made elsewhere after each press of White
        self.game = Game()
        self.game.handle_json(start)
        self.seq = 0
        self.origin = time.monotonic()
        self.clients: list[object] = []
        self.received: list[tuple[str, dict[str, object]]] = []
        self.lock = threading.Lock()

    def view(self) -> dict[str, object]:
        game = self.game
        running = game.state().running
        return {
            "fen": game.position.fen(),
            "ply": len(game.moves),
            "running": running.label if running is not None else None,
            "result": game.result,
            "reason": game.reason,
            "time_control": "300+2",
        }

    def handler(self, connection: object) -> None:
        path = connection.request.path  # type: ignore[attr-defined]
        colour = "white" if "token=WT" in path else "black"
        with self.lock:
            self.clients.append(connection)
            snapshot = {"type": "snapshot", "seq": self.seq, "view": self.view()}
            connection.send(json.dumps(snapshot))  # type: ignore[attr-defined]
        for message in connection:  # type: ignore[attr-defined]
            sent = json.loads(message)
            with self.lock:
                self.received.append((path, sent))
                refused = self.log({**sent, "by": colour})
                if refused is not None:
                    answer = {"type": "refused", "error": refused, "event": sent}
                    connection.send(json.dumps(answer))  # type: ignore[attr-defined]
                    continue
                if sent["type"] == "press" and colour == "white" and self.replies:
                    self.log({"type": "move", "by": "black", "move": self.replies.pop(0)})
                    if self.game.result is None:
                        self.log({"type": "press", "by": "black"})

    def log(self, sent: dict[str, object]) -> str | None:
        """Rule an event and broadcast it to every client, with the view after it; or the
        reason it is refused (then it is not logged)."""
        event = {**sent, "at": round(time.monotonic() - self.origin, 3)}
        before = self.game.state()
        rulings = [r.to_json() for r in self.game.handle_json(json.dumps(event))]
        if rulings and rulings[0]["ruling"] == "rejected":
            self.game = type(self.game).from_state(before)
            return str(rulings[0]["reason"])
        for ruling in rulings:
            ruling["note"] = "the stand-in rules"
        self.seq += 1
        out = {"seq": self.seq, "event": event, "rulings": rulings, "view": self.view()}
        for client in self.clients:
            client.send(json.dumps(out))  # type: ignore[attr-defined]
        return None

    @contextlib.contextmanager
    def serving(self) -> Iterator[str]:
        """Serve on a loopback port of its own; yields the base URL (``ws://127.0.0.1:PORT``)."""
        from websockets.sync.server import serve

        server = serve(self.handler, "127.0.0.1", 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"ws://127.0.0.1:{server.socket.getsockname()[1]}"
        finally:
            server.shutdown()
