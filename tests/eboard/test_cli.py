"""``chesslaws eboard``: replaying readings logs, and a simulated board over a pseudo-terminal
read by ``chesslaws eboard --port`` into an event log, with the rulings expected."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from chesslaws.eboard._simulator import SimulatedBoard
from tests.eboard._script import Script
from tests.eboard._standin import StandIn

ROOT = Path(__file__).resolve().parents[2]


def chesslaws(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "chesslaws", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )


def _illegal_then_mate() -> Script:
    """1. f3, Black's knight carried illegally to b6 (ruled, restored: the knight must move),
    1... Nc6 2. g4 e5 3. a3 Qh4#."""
    script = Script().move("f2", "f3", "P", "white")
    script.lift("b8").place("b6", "n").lever("black")  # illegal: 7.5.1, penalty
    script.lift("b6").place("b8", "n")  # the position restored
    script.move("b8", "c6", "n", "black").move("g2", "g4", "P", "white")
    script.move("e7", "e5", "p", "black").move("a2", "a3", "P", "white")
    return script.move("d8", "h4", "q")


def test_replay_writes_the_arbiters_rulings(tmp_path: Path) -> None:
    readings = tmp_path / "readings.jsonl"
    readings.write_text("\n".join(_illegal_then_mate().text()) + "\n")
    replay = chesslaws("eboard", "replay", str(readings))
    assert replay.returncode == 0, replay.stderr
    rulings = [json.loads(line) for line in replay.stdout.splitlines()]
    assert [r["ruling"] for r in rulings] == ["illegal_move", "game_over"]
    assert rulings[0]["must_move"] == ["b8a6", "b8c6"]
    assert rulings[1]["reason"] == "checkmate"
    events = chesslaws("eboard", "replay", "--events", str(readings))
    log = tmp_path / "events.jsonl"
    log.write_text(events.stdout)
    assert json.loads(events.stdout.splitlines()[0])["type"] == "start"
    assert chesslaws("arbitrate", str(log)).stdout == replay.stdout  # exactly as arbitrate


def test_replay_reports_bad_lines_and_reads_on(tmp_path: Path) -> None:
    script = Script().move("e2", "e4", "P", "white")
    lines = script.text()
    lines.insert(2, '{"type": "lift", "at": 0.35, "square": "z9"}')
    lines.insert(3, "not json")
    readings = tmp_path / "readings.jsonl"
    readings.write_text("\n".join(lines) + "\n")
    result = chesslaws("eboard", "replay", "--events", str(readings))
    assert result.returncode == 2
    assert "line 2: lift reading: no such square: 'z9'" in result.stderr
    assert "line 3: not valid JSON" in result.stderr
    moves = [json.loads(x) for x in result.stdout.splitlines() if '"move"' in x]
    assert [m["move"] for m in moves] == ["e2e4"]


def test_replay_errors(tmp_path: Path) -> None:
    missing = chesslaws("eboard", "replay", str(tmp_path / "none.jsonl"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    bad_start = tmp_path / "bad.jsonl"
    bad_start.write_text('{"type": "lift", "at": 1, "square": "e2"}\n')
    result = chesslaws("eboard", "replay", str(bad_start))
    assert result.returncode == 2 and "begins with the arbiter's 'start' event" in result.stderr
    assert "Traceback" not in result.stderr
    usage = chesslaws("eboard")
    assert usage.returncode == 2 and "--port" in usage.stderr


def test_replay_from_stdin_with_notices() -> None:
    script = Script().lift("c1").lift("d1", after=5).place("c1", "B").place("d1", "Q")
    result = chesslaws("eboard", "replay", "--notices", "-", stdin="\n".join(script.text()))
    assert result.returncode == 0 and result.stdout == ""
    kinds = [json.loads(line)["notice"] for line in result.stderr.splitlines()]
    assert kinds == ["knocked", "knocked"]


def test_replay_writes_the_notices_in_the_cli_language() -> None:
    """A notice is words (issue 31): its text in the reader's language, its kind and its code
    beside it as they are in English."""
    script = Script().lift("c1").lift("d1", after=5).place("c1", "B").place("d1", "Q")
    readings = "\n".join(script.text())
    said = {}
    for lang in ("en", "es", "el"):
        result = chesslaws("--lang", lang, "eboard", "replay", "--notices", "-", stdin=readings)
        assert result.returncode == 0, result.stderr
        said[lang] = [json.loads(line) for line in result.stderr.splitlines()]
    first = said["en"][0]
    assert first["notice"] == "knocked" and first["text"] == "c1 knocked over: no touch (7.4)"
    assert first["i18n"] == {
        "text": {"id": "{square} knocked over: no touch (7.4)", "params": {"square": "c1"}}
    }
    assert said["es"][0]["text"] == "pieza derribada en c1: no es un toque (7.4)"
    assert said["el"][0]["text"] == "ανατράπηκε κομμάτι στο c1: δεν είναι άγγιγμα (7.4)"
    for lang in ("es", "el"):
        assert [n["notice"] for n in said[lang]] == ["knocked", "knocked"]
        assert [n["i18n"] for n in said[lang]] == [n["i18n"] for n in said["en"]]


CODES = {"n": 10, "P": 1, "p": 9, "q": 13}


def _play(board: SimulatedBoard, steps: list[tuple[str, ...]]) -> None:
    for step in steps:
        if step[0] == "press":
            board.press(step[1])
        else:
            square = "abcdefgh".index(step[1][0]) + 8 * (int(step[1][1]) - 1)
            if step[0] == "lift":
                board.lift(square)
            else:
                board.place(square, CODES[step[2]])
        time.sleep(0.15)


def _run_reader(
    board: SimulatedBoard, args: list[str], steps: list[tuple[str, ...]]
) -> tuple[int, str, str]:
    """Run ``chesslaws eboard --port BOARD ARGS``, play ``steps`` on the board once the reader
    asks for updates, and wait for it to exit: (exit status, stdout, stderr). The reader and
    the board are stopped whatever happens."""
    process = subprocess.Popen(
        [sys.executable, "-m", "chesslaws", "eboard", "--port", board.path, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert board.wait_for_updates(20), "the reader never asked for updates"
        time.sleep(0.3)
        _play(board, steps)
        out, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
        board.close()
    return process.returncode, out, err


FOOLS_MATE = [
    ("lift", "f2"), ("place", "f3", "P"), ("press", "left"),
    ("lift", "e7"), ("place", "e5", "p"), ("press", "right"),
    ("lift", "g2"), ("place", "g4", "P"), ("press", "left"),
    ("lift", "d8"), ("place", "h4", "q"),
]  # fmt: skip


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals on this system")
def test_simulated_board_over_a_pty_into_an_event_log(tmp_path: Path) -> None:
    """The simulated board (turned round) speaks the DGT protocol on a pty; ``chesslaws eboard
    --port`` reads it: an illegal knight move is ruled, the clock put right, and a mate ends
    the game (the reader then exits)."""
    pytest.importorskip("serial")
    board = SimulatedBoard(orientation=2)
    log, readings = tmp_path / "events.jsonl", tmp_path / "readings.jsonl"
    steps = [
        ("lift", "f2"),
        ("place", "f3", "P"),
        ("press", "left"),
        ("lift", "b8"),
        ("place", "b6", "n"),
        ("press", "right"),  # illegal: ruled
        ("lift", "b6"),
        ("place", "b8", "n"),  # the position restored
        ("press", "left"),  # the clock put right: Black's clock runs again, no press
        ("lift", "b8"),
        ("place", "c6", "n"),
        ("press", "right"),
        ("lift", "g2"),
        ("place", "g4", "P"),
        ("press", "left"),
        ("lift", "e7"),
        ("place", "e5", "p"),
        ("press", "right"),
        ("lift", "a2"),
        ("place", "a3", "P"),
        ("press", "left"),
        ("lift", "d8"),
        ("place", "h4", "q"),  # mate: made once it settles
    ]
    returncode, out, err = _run_reader(
        board,
        ["--log", str(log), "--readings", str(readings), "--time-control", "300+2"],
        steps,
    )
    assert returncode == 0, err
    rulings = [json.loads(line) for line in out.splitlines()]
    assert [r["ruling"] for r in rulings] == ["illegal_move", "game_over"]
    assert rulings[0]["must_move"] == ["b8a6", "b8c6"] and rulings[1]["reason"] == "checkmate"
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[0] == {"type": "start", "time_control": "300+2"}
    assert [e["move"] for e in events if e["type"] == "move"] == [
        "f2f3",
        "b8b6",
        "b8c6",
        "g2g4",
        "e7e5",
        "a2a3",
        "d8h4",
    ]
    assert [e["by"] for e in events if e["type"] == "press"] == [
        "white",
        "black",
        "black",
        "white",
        "black",
        "white",
    ]
    # The raw readings the reader recorded replay to the same event log.
    replay = chesslaws("eboard", "replay", "--events", str(readings))
    assert [json.loads(x)["type"] for x in replay.stdout.splitlines()] == [
        e["type"] for e in events
    ]


def _read_into(
    stand_in: StandIn, args: list[str], steps: list[tuple[str, ...]]
) -> tuple[int, str, str]:
    """``chesslaws eboard --port BOARD --serve ws://STAND-IN ARGS`` played with ``steps``."""
    pytest.importorskip("serial")
    pytest.importorskip("websockets.sync.server")
    with stand_in.serving() as url:
        return _run_reader(SimulatedBoard(), ["--serve", url, *args], steps)


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals on this system")
def test_simulated_board_into_a_live_game(tmp_path: Path) -> None:
    """``--serve`` against a stand-in speaking the server's contract: each event goes to its
    player's seat, without ``at`` and ``by``, one at a time, each after the server's answer
    to the last; the board reads on in the server's position and shows the server's rulings
    (no arbiter of its own)."""
    stand_in = StandIn('{"type": "start", "time_control": "300+2"}')
    args = ["--game", "g1", "--seat", "white=WT", "--seat", "black=BT"]
    returncode, out, err = _read_into(stand_in, args, FOOLS_MATE)
    assert returncode == 0, err
    last = json.loads(out.splitlines()[-1])
    assert (last["reason"], last["note"]) == ("checkmate", "the stand-in rules")
    white = [m for path, m in stand_in.received if path == "/ws/games/g1?token=WT"]
    black = [m for path, m in stand_in.received if path == "/ws/games/g1?token=BT"]
    assert white == [
        {"type": "touch", "square": "f2"},
        {"type": "move", "move": "f2f3"},
        {"type": "press"},
        {"type": "touch", "square": "g2"},
        {"type": "move", "move": "g2g4"},
        {"type": "press"},
    ]
    assert black == [
        {"type": "touch", "square": "e7"},
        {"type": "move", "move": "e7e5"},
        {"type": "press"},
        {"type": "touch", "square": "d8"},
        {"type": "move", "move": "d8h4"},
    ]


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals on this system")
def test_a_board_playing_one_seat_follows_the_server(tmp_path: Path) -> None:
    """The board plays White's seat; Black's moves are made elsewhere and come from the server.
    The board follows them: it asks for the pieces to be set (Black's move mirrored by hand, no
    touch), takes the lever set right as no press, and stops when the server rules the mate."""
    stand_in = StandIn('{"type": "start", "time_control": "300+2"}', ("e7e5", "d8h4"))
    steps = [
        ("lift", "f2"), ("place", "f3", "P"), ("press", "left"),
        ("lift", "e7"), ("place", "e5", "p"), ("press", "right"),  # Black's move, mirrored
        ("lift", "g2"), ("place", "g4", "P"), ("press", "left"),
    ]  # fmt: skip
    returncode, out, err = _read_into(stand_in, ["--game", "g1", "--seat", "white=WT"], steps)
    assert returncode == 0, err
    assert json.loads(out.splitlines()[-1])["reason"] == "checkmate"
    assert [m for _, m in stand_in.received] == [
        {"type": "touch", "square": "f2"},
        {"type": "move", "move": "f2f3"},
        {"type": "press"},
        {"type": "touch", "square": "g2"},
        {"type": "move", "move": "g2g4"},
        {"type": "press"},
    ]
    assert stand_in.game.moves == ("f3", "e5", "g4", "Qh4#")


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals on this system")
def test_simulated_board_into_a_real_chesslaws_server(tmp_path: Path) -> None:
    """``--serve`` against a real ``chesslaws serve``: the server's arbiter, fed only by the
    board's seats, rules the game (Fool's mate, 5.1.1) and keeps its log; the board shows the
    server's ruling (numbered as the server's log numbers the mate)."""
    pytest.importorskip("serial")
    pytest.importorskip("websockets")
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    from chesslaws.server.testing import ServerProcess

    with ServerProcess(f"sqlite:///{tmp_path / 'games.db'}") as server:
        game = server.create_game(time_control="300+2", start="seated")
        args = ["--serve", server.url, "--game", game["id"], "--time-control", "300+2"]
        args += ["--seat", f"white={game['seats']['white']}"]
        args += ["--seat", f"black={game['seats']['black']}"]
        returncode, out, err = _run_reader(SimulatedBoard(), args, FOOLS_MATE)
        assert returncode == 0, err
        shown = json.loads(out.splitlines()[-1])
        deadline = time.monotonic() + 10
        state = server.state(game["id"])
        while state["result"] is None and time.monotonic() < deadline:
            time.sleep(0.1)
            state = server.state(game["id"])
        lines = server.text(f"/api/games/{game['id']}/log").splitlines()
    log = [json.loads(line) for line in lines]
    assert state["san"] == ["f3", "e5", "g4", "Qh4#"]
    assert (state["result"], state["reason"], state["article"]) == ("0-1", "checkmate", "5.1.1")
    assert shown["reason"] == "checkmate" and log[shown["event"]]["move"] == "d8h4"
    server_own = ("start", "arbiter", "arrive", "depart")  # the clocks' start, the seats
    kinds = [(e["type"], e.get("by")) for e in log if e["type"] not in server_own]
    assert kinds == [
        ("touch", "white"), ("move", "white"), ("press", "white"),
        ("touch", "black"), ("move", "black"), ("press", "black"),
        ("touch", "white"), ("move", "white"), ("press", "white"),
        ("touch", "black"), ("move", "black"),
    ]  # fmt: skip


def _flickering(path: Path, readings: int) -> int:
    """A readings log of ``readings`` sensor flickers (e2 read empty for 10 ms, again and
    again: each dropped by the debouncer); returns the file's size in bytes."""
    with path.open("w") as out:
        out.write('{"type": "start", "time_control": "5400+30"}\n')
        for i in range(readings // 2):
            at = 1 + i / 5
            out.write(f'{{"type": "lift", "at": {at:.3f}, "square": "e2"}}\n')
            out.write(f'{{"type": "place", "at": {at + 0.01:.3f}, "square": "e2", "piece": "P"}}\n')
    return path.stat().st_size


def _peak_of_replay(path: Path) -> int:
    """The peak of memory allocated while ``chesslaws eboard replay`` reads ``path``."""
    import contextlib
    import io
    import tracemalloc

    from chesslaws.cli import main

    with contextlib.redirect_stdout(io.StringIO()):
        tracemalloc.start()
        try:
            assert main(["eboard", "replay", str(path)]) == 0
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()


def test_replay_streams_its_readings(tmp_path: Path) -> None:
    """The log is read a line at a time (1 M readings took 150-250 MB when the file was read
    whole): the memory of 20,000 readings is that of 2,000, and a fraction of the file."""
    small, large = tmp_path / "small.jsonl", tmp_path / "large.jsonl"
    _flickering(small, 2_000)
    size = _flickering(large, 20_000)
    _peak_of_replay(small)  # the command's modules imported before measuring
    base, peak = _peak_of_replay(small), _peak_of_replay(large)
    assert peak < base + 100_000, (base, peak)
    assert peak < size / 4, (peak, size)


def test_replay_skips_a_line_that_is_not_utf8(tmp_path: Path) -> None:
    lines = [line.encode() for line in Script().move("e2", "e4", "P", "white").text()]
    lines.insert(2, b'{"type": "lift", "at": 0.35, "square": "\xff"}')
    readings = tmp_path / "readings.jsonl"
    readings.write_bytes(b"\n".join(lines) + b"\n")
    result = chesslaws("eboard", "replay", "--events", str(readings))
    assert result.returncode == 2 and "line 2: not UTF-8 text (byte 41" in result.stderr
    assert [json.loads(x).get("move") for x in result.stdout.splitlines()][2] == "e2e4"
