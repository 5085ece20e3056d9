"""Live games against a real server: a game to its flag, offers, claims, the arbiter, spectators,
seats, reconnection, and bad input (issue 14)."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from chesslaws.server.testing import ServerProcess
from tests.server._client import Peer, rulings, seated, start


def _seat(game: dict[str, Any], color: str) -> str:
    token: str = game["seats"][color]
    return token


async def _move(peer: Peer, uci: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Make and complete a move (move, press); the two acknowledgements."""
    moved = await peer.act(type="move", move=uci)
    pressed = await peer.act(type="press")
    return moved, pressed


def test_a_whole_game_to_a_flag_ruled_under_6_9(server: ServerProcess) -> None:
    game = server.create_game(
        time_control="2+0", white="Ann", black="Bob", event="Test", start="seated"
    )

    async def play() -> tuple[dict[str, Any], dict[str, Any], float]:
        white, black, base = await seated(server, game)
        watcher = await Peer.connect(server, game)
        moved, pressed = await _move(white, "e2e4")
        assert moved["seq"] == base + 1 and moved["event"]["by"] == "white"
        assert pressed["seq"] == base + 2 and pressed["view"]["running"] == "black"
        assert moved["view"]["awaiting"] == {"player": "white", "act": "press"}
        assert moved["view"]["last"] == {"ply": 1, "number": 1, "color": "white", "san": "e4",
                                         "uci": "e2e4"}  # fmt: skip
        await black.until(lambda m: m["seq"] == base + 2)
        _, pressed = await _move(black, "e7e5")
        await white.until(lambda m: m["seq"] == base + 4)
        _, last = await _move(white, "g1f3")
        sent = time.monotonic()
        # Nobody does anything more: the server's timer sees Black's flag fall.
        flag = await watcher.until(lambda m: m["event"]["type"] == "tick", timeout=5)
        waited = time.monotonic() - sent
        assert (await black.until(lambda m: m["seq"] == flag["seq"]))["rulings"] == flag["rulings"]
        for peer in (white, black, watcher):
            await peer.close()
        return last, flag, waited

    last, flag, waited = asyncio.run(play())
    due = last["event"]["at"] + last["view"]["clock"]["black"] / 1000
    assert flag["event"] == {"type": "tick", "at": round(due, 3)}
    assert 1.0 < waited < 2.5  # about Black's remaining time, not a polling interval
    assert rulings(flag) == ["flag", "game_over"]
    fell, over = flag["rulings"]
    assert fell == {"event": flag["seq"], "at": flag["event"]["at"], "ruling": "flag",
                    "by": "black", "article": "6.8"}
    assert (over["result"], over["reason"], over["article"]) == ("1-0", "flag", "6.9")
    state = server.state(game["id"])
    assert (state["result"], state["reason"], state["article"]) == ("1-0", "flag", "6.9")
    assert state["moves"] == ["e2e4", "e7e5", "g1f3"]
    assert state["clock"]["black"] == 0 and state["running"] is None
    pgn = server.text(f"/api/games/{game['id']}/pgn")
    assert '[White "Ann"]' in pgn and '[Termination "time forfeit"]' in pgn
    assert "1. e4 {" in pgn and "1... e5 {" in pgn and "2. Nf3 {" in pgn
    assert pgn.rstrip().endswith("1-0")


def test_offers_claims_and_the_arbiter(server: ServerProcess) -> None:
    game = server.create_game(time_control="5400+30", start="seated")

    async def play() -> None:
        white, black, base = await seated(server, game)
        arbiter = await Peer.connect(server, game, "arbiter")
        await _move(white, "g1f3")
        # 9.1.2.1: an offer after making a move, before pressing the clock.
        await black.until(lambda m: m["seq"] == base + 2)
        await black.act(type="move", move="g8f6")
        offer = await black.act(type="offer_draw")
        assert offer["rulings"][0]["ruling"] == "draw_offer"
        assert (offer["rulings"][0]["status"], offer["rulings"][0]["by"]) == ("standing", "black")
        assert offer["view"]["draw_offer"] == "black"
        await black.act(type="press")
        answered = await white.until(lambda m: m["seq"] == base + 5)
        assert answered["event"]["type"] == "press"
        declined = await white.act(type="decline_draw")
        assert declined["rulings"][0]["status"] == "declined"
        # An incorrect claim (9.5.3): the opponent gets two minutes.
        before = declined["view"]["clock"]["black"]
        wrong = await white.act(type="claim", kind="fifty")
        assert rulings(wrong) == ["incorrect_claim", "draw_offer"]  # and an offer (9.1.2.3)
        assert wrong["rulings"][0]["penalty"] == {"add_time": {"player": "black", "seconds": 120}}
        assert wrong["view"]["clock"]["black"] == before + 120_000
        # The arbiter acts (6.10.2): seen by both seats.
        given = await arbiter.act(type="arbiter", action="add_time", player="white", seconds=60)
        assert given["event"]["by"] == "arbiter" and rulings(given) == ["penalty"]
        assert (await black.until(lambda m: m["seq"] == given["seq"]))["event"] == given["event"]
        refused = await white.act(type="arbiter", action="add_time", player="white", seconds=60)
        assert refused["seq"] is None and rulings(refused) == ["rejected"]
        refused = await arbiter.act(type="move", move="e2e4")
        assert refused["seq"] is None and rulings(refused) == ["rejected"]
        # Knights back and forth: the position after 1. Nf3 Nf6 comes a third time (9.2).
        for ply, uci in enumerate(["f3g1", "f6g8", "g1f3", "g8f6"] * 2):
            mover = white if ply % 2 == 0 else black
            other = black if ply % 2 == 0 else white
            _, pressed = await _move(mover, uci)
            await other.until(lambda m, s=pressed["seq"]: m["seq"] == s)
        claimed = await white.act(type="claim", kind="threefold")
        over = claimed["rulings"][-1]
        assert (over["ruling"], over["result"], over["reason"]) == (
            "game_over", "1/2-1/2", "threefold")
        assert over["article"].startswith("9.2")
        late = await black.until(lambda m: m["seq"] == claimed["seq"])
        assert late["rulings"] == claimed["rulings"]
        after = await black.act(type="resign")
        assert after["seq"] is None and "over" in after["rulings"][0]["reason"]
        for peer in (white, black, arbiter):
            await peer.close()

    asyncio.run(play())
    state = server.state(game["id"])
    assert (state["result"], state["reason"]) == ("1/2-1/2", "threefold")


def test_a_spectator_sees_everything_and_can_do_nothing(server: ServerProcess) -> None:
    game = server.create_game(time_control="600+5")

    async def play() -> None:
        watcher = await Peer.connect(server, game)
        assert watcher.snapshot["view"]["started"] is False
        await start(server, game)
        white = await Peer.connect(server, game, "white")
        await _move(white, "d2d4")
        seen = [await watcher.recv() for _ in range(4)]
        assert [m["event"]["type"] for m in seen] == ["arbiter", "arrive", "move", "press"]
        before = server.text(f"/api/games/{game['id']}/log")
        for event in ({"type": "resign"}, {"type": "move", "move": "d7d5"},
                      {"type": "resign", "by": "black"},
                      {"type": "arbiter", "action": "declare", "result": "1-0"}):
            refused = await watcher.act(**event)
            assert refused["seq"] is None and rulings(refused) == ["rejected"]
            assert "spectator" in refused["rulings"][0]["reason"]
        assert await white.silent(0.3)
        assert server.text(f"/api/games/{game['id']}/log") == before
        await white.close()
        await watcher.close()
        seen = json.dumps(watcher.seen)
        for token in (*game["seats"].values(), game["arbiter"]):
            assert token not in seen

    asyncio.run(play())
    texts = [server.text(f"/api/games/{game['id']}{path}") for path in ("", "/log", "/pgn")]
    texts.append(server.text("/api/games"))
    for token in (*game["seats"].values(), game["arbiter"]):
        assert all(token not in text for text in texts)


def test_a_seat_cannot_act_for_the_other(server: ServerProcess) -> None:
    game = server.create_game(time_control="600+5", start="seated")

    async def play() -> None:
        white, black, base = await seated(server, game)
        refused = await white.act(type="move", move="e2e4", by="black")
        assert refused["seq"] is None and rulings(refused) == ["rejected"]
        assert "acts for white" in refused["rulings"][0]["reason"]
        refused = await black.act(type="resign", by="white")
        assert refused["seq"] is None
        assert await white.silent(0.2) and await black.silent(0.1)
        assert server.state(game["id"])["seq"] == base
        moved = await white.act(type="move", move="e2e4")  # its own move is taken
        assert moved["seq"] == base + 1
        # 6.11.2: a player may pause the clock to call the arbiter: his own event, ruled.
        await white.send(type="pause")
        paused = await black.until(lambda m: m["seq"] == base + 2)
        assert paused["event"] == {"type": "pause", "at": paused["event"]["at"], "by": "white"}
        assert [(r["ruling"], r.get("status"), r["article"]) for r in paused["rulings"]] == [
            ("clock", "paused", "6.11.2")
        ]
        assert paused["view"]["running"] is None and paused["view"]["paused"] is True
        assert paused["view"]["pause_reason"] == "arbiter"
        assert server.state(game["id"])["paused"] is True
        await white.close()
        await black.close()

    asyncio.run(play())


def test_reconnecting_gets_the_view_of_the_game_now_in_one_message(
    server: ServerProcess,
) -> None:
    game = server.create_game(time_control="600+5", start="seated")

    async def play() -> None:
        white, black, _base = await seated(server, game)
        await _move(white, "e2e4")
        await black.close()
        arbiter = await Peer.connect(server, game, "arbiter")
        await arbiter.act(type="arbiter", action="add_time", player="black", seconds=30)
        warned = await arbiter.act(type="arbiter", action="warning", player="white")
        await asyncio.sleep(0.2)  # black's departure is logged by now
        black = await Peer.connect(server, game, "black", since=0)
        view = black.snapshot["view"]
        assert black.snapshot["seq"] == warned["seq"] + 1  # his arrival, logged on connecting
        assert (view["san"], view["moves"], view["to_move"]) == (["e4"], ["e2e4"], "black")
        assert 625_000 < view["clock"]["black"] <= 630_000 and view["running"] == "black"
        assert view["seated"] == {"white": True, "black": True}  # his arrival included
        moved = await black.act(type="move", move="e7e5")
        assert moved["seq"] == black.snapshot["seq"] + 1 and moved["view"]["last"]["san"] == "e5"
        for peer in (white, black, arbiter):
            await peer.close()

    asyncio.run(play())


def test_bad_input_is_rejected_or_closed_and_never_changes_the_game(
    server: ServerProcess,
) -> None:
    import websockets
    from websockets.asyncio.client import connect

    game = server.create_game(time_control="600+5")
    white_token = _seat(game, "white")

    async def play() -> None:
        await start(server, game)
        white = await Peer.connect(server, game, "white")
        for text, expected in (
            ("not json", "not valid JSON"),
            ("[1, 2]", "one JSON object"),
            ('{"type": "move", "move": "e2e4", "colour": "white"}', "unknown field 'colour'"),
            ('{"type": "move", "move": "e2e4", "at": 0}', "stamps"),
            ('{"type": "start"}', "cannot send"),
            ('{"type": "tick"}', "cannot send"),
            ('{"type": "touch", "square": "i9"}', "square"),
        ):
            await white.send_text(text)
            answer = await white.recv()
            assert answer["seq"] is None and rulings(answer) == ["rejected"], answer
            assert expected in answer["rulings"][0]["reason"], answer
        await white.socket.send(b"\x00\x01")
        assert rulings(await white.recv()) == ["rejected"]
        assert server.state(game["id"])["seq"] == white.snapshot["seq"]
        # A huge frame closes the socket.
        await white.send_text(json.dumps({"type": "move", "move": "e2e4", "x": "y" * 10_000}))
        try:
            await white.recv()
            raise AssertionError("a huge frame must close the socket")
        except websockets.ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 1009
        # A flood is refused, then closed.
        flood = await Peer.connect(server, game, "white")
        for _ in range(400):
            try:
                await flood.send(type="adjust", square="a1", note="x")
            except websockets.ConnectionClosed:
                break
        answers: list[dict[str, Any]] = []
        try:
            while True:
                answers.append(await flood.recv())
        except websockets.ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 1008
        assert any("too many" in a["rulings"][0]["reason"] for a in answers)
        assert all(a["seq"] is None for a in answers)
        # Bad tokens and games are refused at the handshake.
        for url in (server.ws_url(game["id"], token="not-a-token"),
                    server.ws_url(game["id"], token=white_token[:-1]),
                    server.ws_url("nosuchgame")):
            try:
                async with connect(url):
                    raise AssertionError(f"{url} must be refused")
            except websockets.InvalidStatus as refused:
                assert refused.response.status_code == 403

    asyncio.run(play())
    state = server.state(game["id"])
    assert state["moves"] == []
    logged = [json.loads(line)["type"] for line in
              server.text(f"/api/games/{game['id']}/log").splitlines()]
    assert set(logged[3:]) == {"arrive", "depart"}, logged  # start, pause, start: then none
