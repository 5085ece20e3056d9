"""``chesslaws arbitrate``: event log in, rulings (or PGN) out."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from chesslaws import pgn
from chesslaws.cli import main
from tests.arbiter._log import moves, to_jsonl

FOOLS_MATE = to_jsonl(f"""
    start {{"time_control": "180+2"}}
    {moves("f3 e5 g4", at=1.5)}
    9 black move Qh4
    9.5 black press
""")


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_rulings_as_json_lines_game_over_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.jsonl"
    lines = [*FOOLS_MATE[:3], "{broken", "", *FOOLS_MATE[3:]]
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, _ = _run(["arbitrate", str(log)], capsys)
    assert status == 0
    rulings = [json.loads(line) for line in out.splitlines()]
    assert rulings[0]["ruling"] == "rejected"
    assert rulings[0]["event"] == 3
    assert rulings[0]["reason"].startswith("line 3: not valid JSON")
    assert rulings[1] == {
        "event": 10,
        "at": 9.5,
        "ruling": "rejected",
        "reason": "the game is over (0-1, checkmate)",
    }
    assert rulings[-1] == {
        "event": 9,
        "at": 9.0,
        "ruling": "game_over",
        "result": "0-1",
        "reason": "checkmate",
        "article": "5.1.1",
    }


def test_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(FOOLS_MATE) + "\n"))
    status, out, _ = _run(["arbitrate", "-"], capsys)
    assert status == 0
    assert json.loads(out.splitlines()[-1])["result"] == "0-1"


def test_pgn_export(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(FOOLS_MATE) + "\n"))
    status, out, _ = _run(["arbitrate", "--pgn", "-"], capsys)
    assert status == 0
    assert '[Result "0-1"]' in out
    assert '[TimeControl "180+2"]' in out
    assert '[Termination "normal"]' in out
    game = pgn.read_game(out)
    assert game.ok
    assert game.sans == ("f3", "e5", "g4", "Qh4#")
    # White used 2 s for 1.f3 and got 2 s back; Black used 1 s, then 5 s for the mate, which
    # ended the game (no increment for it).
    assert game.main.comments[0] == "[%clk 0:03:00]"
    assert game.main.comments[1] == "[%clk 0:03:01]"
    assert game.main.comments[3] == "[%clk 0:02:56] checkmate (5.1.1)"


def test_pgn_export_of_a_flag(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "flag.jsonl"
    log.write_text(
        "\n".join(
            to_jsonl("""
            start {"time_control": "60", "fen": "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"}
            61 tick
        """)
        )
        + "\n",
        encoding="utf-8",
    )
    status, out, _ = _run(["arbitrate", "--pgn", str(log)], capsys)
    assert status == 0
    assert '[Result "1/2-1/2"]' in out
    assert '[Termination "time forfeit"]' in out
    assert '[FEN "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"]' in out


def test_missing_file_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(["arbitrate", "/no/such/events.jsonl"], capsys)
    assert status == 2
    assert out == ""
    assert err.startswith("chesslaws: error: cannot read /no/such/events.jsonl")


@pytest.mark.parametrize(
    ("lines", "why"),
    [
        (['{"type": "start", "time_control": "zz"}', FOOLS_MATE[1]], "line 0: bad 'time_control'"),
        ([], "the log has no start event"),
    ],
)
def test_pgn_of_a_log_that_started_no_game_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[str], why: str
) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    status, out, err = _run(["arbitrate", "--pgn", str(log)], capsys)
    assert status == 2
    assert out == ""
    assert err.startswith("chesslaws: error: ") and "no game to write" in err and why in err
    assert err.count("\n") == 1
