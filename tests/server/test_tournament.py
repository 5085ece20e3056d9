"""A tournament served live (issue 29): rounds paired by the organiser and played as live games
through a real ``chesslaws serve --tournament``, results flowing from the boards into the TRF
file, the arbiter's entries and corrections, the round view, the broadcast PGN, a restart."""

from __future__ import annotations

import asyncio
import io
import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from chesslaws.pgn import read_games
from chesslaws.server.testing import ServerProcess, http_json
from chesslaws.tournament import Event, Player, parse_tiebreak, read_trf, standings, write_trf
from tests.server._client import Peer, http_status
from tests.tournament._oracles import BBP, bbp


def _event(players: int, rounds: int) -> Event:
    event = Event(
        name="Club Open",
        city="Athens",
        system="FIDE_DUTCH_2025",
        time_control="300+3",
        total_rounds=rounds,
        initial_colour="W",
    )
    for number in range(1, players + 1):
        event = event.add_player(Player(number, f"Player {number:03d}", rating=2400 - number))
    return event


def _trf(tmp_path: Path, players: int = 6, rounds: int = 3) -> Path:
    path = tmp_path / "club-open.trf"
    path.write_text(write_trf(_event(players, rounds)), "utf-8")
    return path


def _log(path: Path) -> list[dict[str, Any]]:
    text = path.with_name(path.name + ".log").read_text("utf-8")
    return [json.loads(line) for line in text.splitlines()]


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return str(answer.read().decode())


_MOVES = {
    "mate": ["f2f3", "e7e5", "g2g4", "d8h4"],
    "resign": ["e2e4"],
    "draw": ["e2e4", "e7e5"],
    "scholar": ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"],
}


async def _play(server: ServerProcess, board: dict[str, Any], script: str) -> None:
    """Play a board's game to its end: ``mate`` (0-1 by the fool's mate), ``scholar`` (1-0 by
    the scholar's mate), ``resign`` (1-0), ``draw`` (agreed after a move each)."""
    game = {"id": board["game"], "seats": board["tokens"], "arbiter": board["tokens"]["arbiter"]}
    arbiter = await Peer.connect(server, game, "arbiter")
    white = await Peer.connect(server, game, "white")
    black = await Peer.connect(server, game, "black")
    started = await arbiter.act(20, type="arbiter", action="start")
    assert started["seq"] is not None, started
    moves = _MOVES[script]
    for ply, move in enumerate(moves):
        peer = white if ply % 2 == 0 else black
        moved = await peer.act(20, type="move", move=move)
        assert moved["seq"] is not None, moved
        if moved["view"]["result"] is None:
            pressed = await peer.act(20, type="press")
            assert pressed["seq"] is not None, pressed
    if script == "resign":
        over = await black.act(20, type="resign")
        assert over["view"]["result"] == "1-0", over
    elif script == "draw":
        await white.act(20, type="offer_draw")
        over = await black.act(20, type="accept_draw")
        assert over["view"]["result"] == "1/2-1/2", over
    for peer in (arbiter, white, black):
        await peer.close()


def _wait_for(server: ServerProcess, tid: str, done: Any, seconds: float = 15.0) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        state = http_json("GET", f"{server.url}/api/tournaments/{tid}")
        if done(state) or time.monotonic() > deadline:
            return state
        time.sleep(0.2)


def test_a_round_paired_played_on_the_boards_and_into_the_file(tmp_path: Path) -> None:
    path = _trf(tmp_path)
    db = f"sqlite:///{tmp_path}/games.db"
    with ServerProcess(db, args=["--tournament", str(path)]) as server:
        listed = http_json("GET", f"{server.url}/api/tournaments")
        assert listed == [{"id": "club-open", "name": "Club Open", "rounds_paired": 0,
                           "total_rounds": 3, "players": 6}]  # fmt: skip
        url = f"{server.url}/api/tournaments/club-open"

        # Pairing needs the organiser's token.
        status, answer = http_status("POST", f"{url}/rounds", b"{}")
        assert status == 401, answer
        paired = http_json("POST", f"{url}/rounds", {}, token=server.organiser_token)
        assert paired["round"] == 1 and paired["byes"] == []
        # Round 1 of the Dutch system: 1-4, 5-2, 3-6 (top half against bottom half).
        assert [(b["white"], b["black"]) for b in paired["boards"]] == [(1, 4), (5, 2), (3, 6)]
        on_disk, _notes = read_trf(path.read_text("utf-8"))
        assert on_disk.player(1).entry(1).opponent == 4 and on_disk.player(1).entry(1).code == "?"

        # A second pairing while the round is played is refused.
        status, answer = http_status("POST", f"{url}/rounds", b"{}",
                                     token=server.organiser_token)  # fmt: skip
        assert status == 400 and "round 1 is not over" in answer["error"], answer

        # The boards' games: tagged, clocks standing until their arbiter starts them (6.6).
        first = http_json("GET", f"{server.url}/api/games/{paired['boards'][0]['game']}")
        assert first["started"] is False and first["white"] == "Player 001"

        async def play_round() -> None:
            scripts = zip(paired["boards"], ("mate", "resign", "draw"), strict=True)
            await asyncio.gather(*(_play(server, board, script) for board, script in scripts))

        asyncio.run(play_round())
        state = _wait_for(
            server, "club-open", lambda s: all(p["result"] != "*" for p in s["rounds"][0]["pairs"])
        )
        results = [(p["white"], p["black"], p["result"]) for p in state["rounds"][0]["pairs"]]
        assert sorted(results) == [(1, 4, "0-1"), (3, 6, "½-½"), (5, 2, "1-0")]
        points = {p["number"]: p["points"] for p in state["players"]}
        assert points == {1: 0.0, 2: 0.0, 3: 0.5, 4: 1.0, 5: 1.0, 6: 0.5}
        assert state["standings"][0]["number"] in (4, 5)

        # The file holds the results, the log says where each came from.
        on_disk, _notes = read_trf(path.read_text("utf-8"))
        assert on_disk.player(4).entry(1).code == "1" and on_disk.player(6).entry(1).code == "="
        log = _log(path)
        assert [entry["act"] for entry in log] == ["pair", "result", "result", "result"]
        assert all(e["by"] == "board" for e in log[1:])

        # The broadcast: one PGN, every game with [%clk] after every move, Board tags.
        pgn = _get(f"{url}/broadcast.pgn")
        games = list(read_games(io.StringIO(pgn)))
        assert [g.tags["Board"] for g in games] == ["1", "2", "3"]
        assert [g.tags["Result"] for g in games] == ["0-1", "1-0", "1/2-1/2"]
        assert [len(g.main.moves) for g in games] == [4, 1, 2]
        for g in games:
            assert not g.errors
            assert all("[%clk " in g.main.comments[i] for i in range(len(g.main.moves)))

        # The arbiter corrects board 2 after an appeal: ½-0 (12.9), and it stands.
        status, answer = http_status(
            "POST", f"{url}/results",
            json.dumps({"round": 1, "white": 5, "result": "1/2-0", "why": "appeal"}).encode(),
            token=server.organiser_token,
        )  # fmt: skip
        assert status == 200, answer
        points = {p["number"]: p["points"] for p in answer["players"]}
        assert points[5] == 0.5 and points[2] == 0.0
        log = _log(path)
        assert log[-1] | {"at": None} == {"act": "result", "round": 1, "white": 5,
                                           "result": "1/2-0", "by": "arbiter", "why": "appeal",
                                           "at": None}  # fmt: skip
        # Bad results are refused with a reason.
        refused = (
            ({"round": 1, "white": 5, "result": "2-0"}, "result '2-0'"),
            ({"round": 1, "white": 2, "result": "1-0"}, "no game with white"),
            ({"round": 1, "white": "5", "result": "1-0"}, "a result is"),
        )
        for body, words in refused:
            status, answer = http_status("POST", f"{url}/results", json.dumps(body).encode(),
                                         token=server.organiser_token)  # fmt: skip
            assert status == 400 and words in answer["error"], answer

        paired2 = http_json("POST", f"{url}/rounds", {}, token=server.organiser_token)
        assert paired2["round"] == 2 and len(paired2["boards"]) == 3
        view = http_json("GET", f"{url}/rounds/2")
        assert [b["state"]["started"] for b in view["boards"]] == [False, False, False]

    # A restart: the round's boards are known again from the log.
    with ServerProcess(db, args=["--tournament", str(path)]) as server:
        state = http_json("GET", f"{server.url}/api/tournaments/club-open")
        assert state["rounds_paired"] == 2
        games = [p["game"] for p in state["rounds"][1]["pairs"]]
        assert games == [b["game"] for b in paired2["boards"]]
        status, answer = http_status("POST", f"{server.url}/api/tournaments/club-open/rounds",
                                     b"{}", token=server.organiser_token)  # fmt: skip
        assert status == 400 and "round 2 is not over" in answer["error"], answer


def test_a_tournament_file_that_cannot_be_read_stops_the_server_with_one_line(
    tmp_path: Path,
) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("001 x\n", "utf-8")
    server = ServerProcess(f"sqlite:///{tmp_path}/g.db", args=["--tournament", str(bad)])
    try:
        server.__enter__()
    except Exception as error:  # the process exits 2 before listening
        assert "--tournament" in str(error)
    else:  # pragma: no cover - the test fails
        server.__exit__(None, None, None)
        raise AssertionError("the server started with an unreadable tournament file")


_SCRIPTS = ("mate", "resign", "draw", "scholar")


def _run_event(tmp_path: Path, players: int, rounds: int) -> None:
    """Every round of a Swiss paired by the server and played through it by scripted clients
    (real moves: mates, resignations, agreed draws), its results flowing into the file; then
    the standings the server gives equal those computed from the file, and the file's pairings
    are the Dutch system's by bbpPairings' check (where the oracle is at hand)."""
    path = _trf(tmp_path, players, rounds)
    db = f"sqlite:///{tmp_path}/games.db"
    with ServerProcess(db, args=["--tournament", str(path)]) as server:
        url = f"{server.url}/api/tournaments/club-open"
        for round_ in range(1, rounds + 1):
            paired = http_json("POST", f"{url}/rounds", {}, token=server.organiser_token,
                               timeout=300)  # fmt: skip
            assert paired["round"] == round_
            boards = paired["boards"]

            async def play(boards: list[dict[str, Any]] = boards, round_: int = round_) -> None:
                await asyncio.gather(*(_play(server, board, _SCRIPTS[(round_ + i) % 4])
                                       for i, board in enumerate(boards)))  # fmt: skip

            asyncio.run(play())
            state = _wait_for(server, "club-open", lambda s, r=round_: all(
                p["result"] != "*" for p in s["rounds"][r - 1]["pairs"]), 60)  # fmt: skip
            assert all(p["result"] != "*" for p in state["rounds"][round_ - 1]["pairs"])
        status, answer = http_status("POST", f"{url}/rounds", b"{}", token=server.organiser_token)
        assert status == 400 and f"all {rounds} rounds are paired" in answer["error"], answer
        state = http_json("GET", f"{url}?tiebreaks=BH/C1,BH,SB")
    event, _notes = read_trf(path.read_text("utf-8"))
    assert event.rounds_paired == rounds and all(
        p.entry(r).code != "?" for p in event.players for r in range(1, rounds + 1)
    )
    table = standings(event, [parse_tiebreak(n) for n in ("BH/C1", "BH", "SB")])
    assert [(row["rank"], row["number"]) for row in state["standings"]] == [
        (rank, number) for rank, number, _values in table.ranked()
    ]
    if BBP.exists():
        checked = bbp(path, "-c")
        assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.slow
def test_a_swiss_of_16_players_and_5_rounds_played_through_the_server(tmp_path: Path) -> None:
    _run_event(tmp_path, 16, 5)


@pytest.mark.deep
def test_a_swiss_of_100_players_and_9_rounds_played_through_the_server(tmp_path: Path) -> None:
    _run_event(tmp_path, 100, 9)
