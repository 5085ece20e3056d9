"""An adjourned game on a real server (Guidelines I): the sealed move reaches no one but the
arbiter until the envelope is opened, the clocks stand across a restart, and the envelope is
opened only with the replier present (I.7, I.9)."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from chesslaws.server import Hub
from chesslaws.server._live import Client
from chesslaws.server.testing import ServerProcess
from tests.server._client import Peer, rulings, seated

#: White first writes 2.Nc3, then makes 2.Qh5 on the board: the move made is his sealed move
#: (I.1.1). Neither may reach anyone but the arbiter in any encoding before the opening.
_SECRETS = ("Nc3", "b1c3", "c3", "Qh5", "d1h5", "h5")


async def _drain(peer: Peer, quiet: float = 0.4) -> None:
    """Read everything ``peer`` is sent until nothing comes for ``quiet`` seconds."""
    while True:
        try:
            await peer.recv(quiet)
        except TimeoutError:
            return


def _get(server: ServerProcess, path: str, token: str | None = None) -> str:
    request = urllib.request.Request(f"{server.url}{path}")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as answer:
        body: bytes = answer.read()
    return body.decode()


def _leaks(text: str, game_id: str) -> list[str]:
    """The encodings of the sealed moves found in ``text`` (the random game id left out)."""
    text = text.replace(game_id, "")
    return [secret for secret in _SECRETS if secret in text]


def _frames(peer: Peer) -> str:
    return "\n".join(json.dumps(m) for m in [peer.snapshot, *peer.seen])


def _everything_public(server: ServerProcess, game: dict[str, Any]) -> dict[str, str]:
    """Every HTTP answer an anonymous client or a player gets about the game."""
    ident = game["id"]
    black = game["seats"]["black"]
    white = game["seats"]["white"]
    out = {}
    for path in (f"/api/games/{ident}", f"/api/games/{ident}/pgn", f"/api/games/{ident}/log",
                 "/api/games", f"/play/{ident}", f"/watch/{ident}", "/arbiter"):  # fmt: skip
        out[path] = _get(server, path)
        out[f"{path} (black's token)"] = _get(server, path, black)
        out[f"{path} (white's token)"] = _get(server, path, white)
    out["log ?token=black"] = _get(server, f"/api/games/{ident}/log?token={black}")
    return out


async def _adjourn_and_seal(
    server: ServerProcess, game: dict[str, Any]
) -> tuple[Peer, Peer, Peer, Peer]:
    """1.e4 e5, the arbiter adjourns; White writes Nc3, then makes Qh5 on the board (his
    sealed move, I.1.1) and stops his clock. The seats, a spectator and the arbiter."""
    white, black, _ = await seated(server, game)
    spectator = await Peer.connect(server, game)
    arbiter = await Peer.connect(server, game, "arbiter")
    for peer, uci in ((white, "e2e4"), (black, "e7e5")):
        await peer.act(type="move", move=uci)
        await peer.act(type="press")
    resumes = (datetime.now(UTC) + timedelta(days=2)).replace(microsecond=0)
    adjourned = await arbiter.act(type="adjourn", resumes=resumes.isoformat())
    assert adjourned["rulings"][0]["status"] == "seal", adjourned
    assert adjourned["view"]["awaiting"] == {"player": "white", "act": "seal"}
    refused = await black.act(type="seal", move="Nc6")
    assert refused["seq"] is None and "white is sealing" in refused["error"]
    written = await white.act(type="seal", move="Nc3")
    assert written["rulings"][0]["status"] == "written"
    assert written["event"] == {"type": "seal", "at": written["event"]["at"], "by": "white"}
    await white.send(type="move", move="d1h5")
    on_board = await white.until(lambda m: m.get("seq") == written["seq"] + 1)
    assert on_board["event"]["type"] == "seal"  # withheld from White's own socket too
    sealed = await white.act(type="press")
    assert sealed["rulings"][0]["status"] == "sealed"
    view = sealed["view"]
    assert view["adjourned"] == {
        "phase": "sealed", "sealer": "white", "move_number": 2, "resumes": resumes.isoformat(),
        "resumed": False, "present": {"white": False, "black": False}, "opened": False,
        "reply_sealed": False,
    }
    assert (view["paused"], view["pause_reason"], view["running"]) == (True, "adjourned", None)
    assert view["fen"].startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w")
    for peer in (white, black, spectator, arbiter):
        await _drain(peer)
    return white, black, spectator, arbiter


async def _adjourned_game(server: ServerProcess, game: dict[str, Any]) -> dict[str, str]:
    white, black, spectator, arbiter = await _adjourn_and_seal(server, game)
    # A spectator and the opponent who join now get nothing of it either.
    late = await Peer.connect(server, game)
    bobs = await Peer.connect(server, game, "black")
    seen = {"white": _frames(white), "black": _frames(black), "spectator": _frames(spectator),
            "late spectator": _frames(late), "black again": _frames(bobs)}  # fmt: skip
    # The arbiter sees the seal: the lines whole, the envelope in the view.
    arbiter_frames = _frames(arbiter)
    assert '"move": "d1h5"' in arbiter_frames and '"move": "Nc3"' in arbiter_frames
    again = await Peer.connect(server, game, "arbiter")
    envelope = again.snapshot["view"]["adjourned"]
    assert envelope["sealed_move"] == "d1h5" and envelope["reply"] is None
    assert envelope["envelope"]["clock"]["white"] == white.seen[-1]["view"]["clock"]["white"]
    for peer in (white, black, spectator, arbiter, late, bobs, again):
        await peer.close()
    return seen


def _reopen(server: ServerProcess, game: dict[str, Any]) -> None:
    asyncio.run(_resume_and_open(server, game))


async def _resume_and_open(server: ServerProcess, game: dict[str, Any]) -> None:
    """The arbiter resumes the session with White alone at the board: the envelope is not
    opened until Black, who replies, is present (I.7); then 2.Qh5 is made (I.9)."""
    white = await Peer.connect(server, game, "white")
    arbiter = await Peer.connect(server, game, "arbiter")
    resumed = await arbiter.act(type="resume_session")
    assert resumed["rulings"][0]["status"] == "resumed"
    assert resumed["view"]["running"] == "black"
    arrived = await arbiter.until(lambda m: m.get("event", {}).get("type") == "arrive")
    assert arrived["event"]["by"] == "white"
    refused = await arbiter.act(type="open_envelope")
    assert refused["seq"] is None
    assert "only when black, who replies to the sealed move, is present (I.7)" in refused["error"]
    black = await Peer.connect(server, game, "black")
    await arbiter.until(lambda m: m.get("event", {}).get("type") == "arrive")
    opened = await arbiter.act(type="open_envelope")
    assert opened["rulings"][0] == {
        "event": opened["seq"], "at": opened["event"]["at"], "ruling": "adjournment",
        "by": "white", "status": "opened", "move": "d1h5", "article": "I.9", "move_san": "Qh5",
    }
    seen = await black.until(lambda m: m.get("seq") == opened["seq"])
    assert seen["view"]["last"]["san"] == "Qh5" and seen["view"]["adjourned"] is None
    assert seen["view"]["running"] == "black"
    for peer in (white, black, arbiter):
        await peer.close()


def test_the_sealed_move_reaches_only_the_arbiter_and_survives_a_restart(sqlite_url: str) -> None:
    _sealed_and_restarted(sqlite_url)


def test_the_same_on_postgresql(postgres_url: str) -> None:
    _sealed_and_restarted(postgres_url)


def _sealed_and_restarted(db: str) -> None:
    """Played to an adjournment, every answer searched for the sealed move, killed and
    restarted with the clocks standing, resumed and opened with the replier present."""
    server = ServerProcess(db)
    server.start()
    try:
        game = server.create_game(time_control="5400+30", white="Ann", black="Bob",
                                  start="seated", rules={"default_time": 3600})  # fmt: skip
        frames = asyncio.run(_adjourned_game(server, game))
        time.sleep(0.3)  # the departures
        answers = _everything_public(server, game)
        for name, text in {**frames, **answers}.items():
            assert _leaks(text, game["id"]) == [], name
        pgn = answers[f"/api/games/{game['id']}/pgn"]
        words = " ".join(pgn.split())
        assert '[Result "*"]' in pgn and "{[%clk 1:30:29" in words
        assert "adjourned: white sealed his move 2 (Guidelines I.1, I.2); resumes " in words
        public_log = answers[f"/api/games/{game['id']}/log"].splitlines()
        whole_log = _get(server, f"/api/games/{game['id']}/log", game["arbiter"])
        assert "d1h5" in whole_log and "Nc3" in whole_log
        assert "d1h5" in _get(server, f"/api/games/{game['id']}/log", server.organiser_token)
        assert len(whole_log.splitlines()) == len(public_log)
        arbiter_state = json.loads(_get(server, f"/api/games/{game['id']}?token={game['arbiter']}"))
        assert arbiter_state["adjourned"]["sealed_move"] == "d1h5"
        before = server.state(game["id"])
        time.sleep(1.5)  # the clocks stand (I.5): nothing runs while the server is down
        server.kill()
        server.start()
        after = server.state(game["id"])
        assert _get(server, f"/api/games/{game['id']}/log", game["arbiter"]) == whole_log
        for name in ("fen", "clock", "running", "paused", "pause_reason", "adjourned", "seq"):
            assert after[name] == before[name], name
        assert _leaks(json.dumps(after), game["id"]) == []
        assert _leaks(_get(server, f"/api/games/{game['id']}/log"), game["id"]) == []
        _reopen(server, game)
        final = server.state(game["id"])
        assert final["moves"] == ["e2e4", "e7e5", "d1h5"] and final["adjourned"] is None
        assert final["clock"]["white"] == before["clock"]["white"]
        # Once opened, the sealed move is no longer the arbiter's alone.
        assert '"move": "d1h5"' in _get(server, f"/api/games/{game['id']}/log")
    finally:
        server.stop()


def test_the_server_resumes_the_session_at_the_time_of_resumption(sqlite_url: str) -> None:
    with ServerProcess(sqlite_url) as server:
        game = server.create_game(time_control="300+2", start="seated",
                                  rules={"default_time": 60})  # fmt: skip
        asyncio.run(_resumed_on_time(server, game))


async def _black_seals(
    server: ServerProcess, game: dict[str, Any], **adjourn: Any
) -> tuple[Peer, Peer, Peer]:
    """1.e4, the arbiter adjourns (with ``adjourn``'s fields), Black seals 1...e5 and stops
    his clock. The seats and the arbiter."""
    white, black, _ = await seated(server, game)
    arbiter = await Peer.connect(server, game, "arbiter")
    await white.act(type="move", move="e2e4")
    await white.act(type="press")
    await arbiter.act(type="adjourn", **adjourn)
    await black.act(type="seal", move="e5")
    sealed = await black.act(type="press")
    assert rulings(sealed) == ["adjournment"] and sealed["view"]["running"] is None
    return white, black, arbiter


async def _resumed_on_time(server: ServerProcess, game: dict[str, Any]) -> None:
    resumes = datetime.now(UTC) + timedelta(seconds=2)
    white, black, arbiter = await _black_seals(server, game, resumes=resumes.isoformat())
    resumed = await white.until(lambda m: m.get("event", {}).get("type") == "resume_session", 6)
    assert datetime.now(UTC) >= resumes
    assert resumed["view"]["running"] == "white"
    # Both are at the board: their arrivals are logged, and the envelope may be opened.
    for _ in range(2):
        await white.until(lambda m: m.get("event", {}).get("type") == "arrive")
    opened = await arbiter.act(type="open_envelope")
    assert opened["view"]["last"]["san"] == "e5" and opened["view"]["adjourned"] is None
    for peer in (white, black, arbiter):
        await peer.close()


def test_a_player_absent_at_the_default_time_after_the_resumption_loses(sqlite_url: str) -> None:
    with ServerProcess(sqlite_url) as server:
        game = server.create_game(time_control="300+2", start="seated",
                                  rules={"default_time": 1})  # fmt: skip
        asyncio.run(_absent_at_resumption(server, game))


async def _absent_at_resumption(server: ServerProcess, game: dict[str, Any]) -> None:
    """Black seals and goes home; the session resumes with White alone: at the default time
    the server's look at the clock rules Black's loss (I.10)."""
    white, black, arbiter = await _black_seals(server, game)
    await black.close()
    await asyncio.sleep(0.3)
    resumed = await arbiter.act(type="resume_session")
    assert resumed["view"]["adjourned"]["resumed"] is True
    over = await arbiter.until(lambda m: m.get("event", {}).get("type") == "tick", timeout=6)
    assert over["rulings"][-1]["ruling"] == "game_over"
    assert (over["view"]["result"], over["view"]["reason"], over["view"]["article"]) == (
        "1-0", "default", "I.10"
    )
    assert over["event"]["at"] >= resumed["event"]["at"] + 1.0
    for peer in (white, arbiter):
        await peer.close()


def test_a_reply_sealed_while_the_sealer_is_absent_is_withheld_until_he_arrives(
    tmp_path: Path,
) -> None:
    """I.9.3 on the server, in process: Black's reply, sealed with White absent, reaches only
    the arbiter until White arrives and it is opened."""

    async def scenario() -> tuple[list[str], list[str], str, str]:
        hub = Hub(f"sqlite:///{tmp_path / 'games.db'}", workers=1)
        await hub.start()
        try:
            new = await hub.create({"time_control": "5400+30", "start": "seated",
                                    "rules": {"default_time": 3600}})  # fmt: skip
            live = await hub.get(new.id)
            assert live is not None
            await live.arrive("white")
            await live.arrive("black")
            watcher, arbiter = Client("spectator"), Client("arbiter")
            for client in (watcher, arbiter):
                live.subscribe(client)
            acts = [
                ("white", {"type": "move", "move": "e2e4"}), ("white", {"type": "press"}),
                ("black", {"type": "move", "move": "e7e5"}), ("black", {"type": "press"}),
                ("arbiter", {"type": "adjourn"}), ("white", {"type": "seal", "move": "Nf3"}),
                ("white", {"type": "press"}),
            ]
            for role, obj in acts:
                assert await live.submit(role, obj) is None, (role, obj)
            live.leave("white")
            await asyncio.sleep(0.1)
            for role, obj in [
                ("arbiter", {"type": "resume_session"}), ("arbiter", {"type": "open_envelope"}),
                ("black", {"type": "seal", "move": "Nc6"}), ("black", {"type": "press"}),
            ]:
                assert await live.submit(role, obj) is None, (role, obj)
            # The log as read over HTTP is kept from read to read: it shows the reply once
            # opened all the same, as the whole log read afresh does.
            before = await live.log_text("spectator")
            await live.arrive("white")
            after = await live.log_text("spectator")
            assert after == live.public_log(await live.store.events(live.id), "spectator")
            return _drained(watcher), _drained(arbiter), before, after
        finally:
            await hub.stop()

    public, arbiters, before, after = asyncio.run(scenario())
    opened = public.index(next(m for m in public if '"reply_opened"' in m))
    for message in [*public[:opened], before]:
        assert not any(secret in message for secret in ("Nc6", "b8c6", "c6")), message
    assert '"status": "reply_opened", "move": "b8c6"' in public[opened]
    assert '"move": "Nc6"' in after and '"move": "Nc6"' in "".join(arbiters)
    assert json.loads(public[-1])["view"]["adjourned"] is None


def _drained(client: Client) -> list[str]:
    out = []
    while not client.queue.empty():
        item = client.queue.get_nowait()
        assert isinstance(item, str)
        out.append(item)
    return out
