"""``eboard --serve``: the server is the board's only arbiter (``ServerArbiter``), tested against
a stand-in speaking the server's contract: the snapshot to start from, each event answered by
its broadcast or a refusal, broadcasts of other devices followed."""

from __future__ import annotations

import json
import threading
import time

import pytest

from chesslaws._color import Color
from chesslaws.arbiter import MoveMade, Press, RulingKind, Tick, Touch
from tests.eboard._standin import StandIn

pytest.importorskip("websockets.sync.server")

from chesslaws.cli._eboard_serve import ServerArbiter

START = '{"type": "start", "time_control": "300+2"}'
WHITE = Color.WHITE


def test_the_board_starts_from_the_servers_snapshot() -> None:
    stand_in = StandIn(START)
    stand_in.game.handle_json('{"type": "move", "at": 1, "by": "white", "move": "e2e4"}')
    stand_in.game.handle_json('{"type": "press", "at": 2, "by": "white"}')
    with stand_in.serving() as url:
        arbiter = ServerArbiter(url, "g1", ["white=WT"])
        try:
            standing = arbiter.standing
            assert standing.position.fen() == stand_in.game.position.fen()
            assert standing.running is Color.BLACK and standing.over is None
            assert standing.flag_due is None  # the server watches the clock, not the board
        finally:
            arbiter.close()


def test_each_event_is_answered_by_the_server() -> None:
    """The server's own event (its time) and rulings come back; the standing follows its
    view; an event it refuses comes back refused and changes nothing."""
    stand_in = StandIn(START)
    with stand_in.serving() as url:
        arbiter = ServerArbiter(url, "g1", ["white=WT", "black=BT"])
        try:
            # The board's own time, which the server replaces by its own: one it cannot have
            # (its times count from its start, a few ms before; 5 ms once came out equal).
            [touched] = arbiter.rule([Touch(123_456, WHITE, 12)])
            assert touched.event.to_json()["square"] == "e2" and touched.event.at != 123_456
            moved = arbiter.rule([MoveMade(6, WHITE, "e2e4"), Press(7, WHITE)])
            assert [r.event.to_json()["type"] for r in moved] == ["move", "press"]
            assert arbiter.standing.position.fen() == stand_in.game.position.fen()
            assert arbiter.standing.running is Color.BLACK
            before = arbiter.standing
            [refused] = arbiter.rule([MoveMade(8, WHITE, "d2d4")])  # not White's move
            assert arbiter.standing.key == before.key  # as it was, to be looked at again
            assert arbiter.standing is not before
            assert [r.kind for r in refused.rulings] == [RulingKind.REJECTED]
            assert "does not have the move" in str(refused.rulings[0].reason)
            [ticked] = arbiter.rule([Tick(9)])  # the board never rules on time itself
            assert ticked.rulings[0].kind is RulingKind.REJECTED
        finally:
            arbiter.close()
    assert [m for _, m in stand_in.received] == [
        {"type": "touch", "square": "e2"},
        {"type": "move", "move": "e2e4"},
        {"type": "press"},
        {"type": "move", "move": "d2d4"},
    ]
    assert stand_in.game.moves == ("e4",)


def test_a_move_made_elsewhere_is_followed() -> None:
    """Black plays on another device: the board's standing follows the broadcast, and shows
    the server's rulings on it."""
    stand_in = StandIn(START)
    with stand_in.serving() as url:
        arbiter = ServerArbiter(url, "g1", ["white=WT"])
        try:
            arbiter.rule([MoveMade(1, WHITE, "f2f3"), Press(2, WHITE)])
            arbiter.rule([MoveMade(3, WHITE, "g2g4")])  # refused: Black to move
            with stand_in.lock:
                stand_in.log({"type": "move", "by": "black", "move": "e7e5"})
            deadline = time.monotonic() + 5
            told = arbiter.poll()
            while not told and time.monotonic() < deadline:
                time.sleep(0.02)
                told = arbiter.poll()
            assert [r.event.to_json()["move"] for r in told] == ["e7e5"]
            assert arbiter.standing.position.fen() == stand_in.game.position.fen()
        finally:
            arbiter.close()


def test_a_server_that_sends_no_snapshot_is_refused() -> None:
    """A server of another kind (no snapshot first): a clear error, not a hang."""
    from websockets.sync.server import serve

    def handler(connection: object) -> None:
        connection.send(json.dumps({"seq": 0, "event": {"type": "start"}}))  # type: ignore[attr-defined]
        for _ in connection:  # type: ignore[attr-defined]
            pass

    server = serve(handler, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with pytest.raises(ValueError, match="no snapshot"):
            ServerArbiter(f"ws://127.0.0.1:{server.socket.getsockname()[1]}", "g1", ["WT"])
    finally:
        server.shutdown()


def test_garbage_is_skipped_and_a_closed_server_is_a_clear_error() -> None:
    stand_in = StandIn(START)
    with stand_in.serving() as url:
        arbiter = ServerArbiter(url, "g1", ["white=WT"])
        try:
            with stand_in.lock:
                for client in stand_in.clients:
                    client.send("not JSON {")  # type: ignore[attr-defined]
                    client.send("[1, 2]")  # type: ignore[attr-defined]
            time.sleep(0.2)
            assert arbiter.poll() == []
            [touched] = arbiter.rule([Touch(5, WHITE, 12)])
            assert touched.rulings == [] and stand_in.received[-1][1]["square"] == "e2"
            with stand_in.lock:
                for client in stand_in.clients:
                    client.close()  # type: ignore[attr-defined]
            with pytest.raises(ConnectionError, match="closed"):
                for _ in range(50):
                    arbiter.rule([Touch(6, WHITE, 11)])
                    time.sleep(0.02)
        finally:
            arbiter.close()
