"""The ``chesslaws winnable`` and ``chesslaws status`` commands."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from chesslaws.cli import main
from chesslaws.core import Move
from tests.endings._helpers import assert_helpmate

WALL = "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - -"
KQK = "4k3/8/8/8/8/8/8/4K2Q b - -"


def test_winnable_lines_from_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["winnable", f"{KQK} white", f"{KQK} black", WALL]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    words = lines[0].split()
    assert words[0] == "winnable"
    assert_helpmate(KQK + " 0 1", 0, tuple(Move.from_uci(u) for u in words[1:]))
    assert lines[1:] == ["unwinnable", "unwinnable"]


def test_winnable_default_colour_is_the_side_that_just_moved(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Black to move: the colour asked about is White (as in CHA's input).
    assert main(["winnable", *KQK.split()]) == 0  # an unquoted line arrives split into words
    assert capsys.readouterr().out.startswith("winnable ")


def test_winnable_reads_stdin_and_goes_on_after_a_bad_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = f"{KQK} black\nnot a fen\n\n# a comment\n{WALL} purple\n{WALL} white\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["winnable"]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "unwinnable"
    assert lines[1].startswith("error: line 2:")
    assert lines[2].startswith("error: line 5:")  # "purple" is no colour: a 7-word FEN
    assert lines[3] == "unwinnable"
    assert len(lines) == 4


def test_winnable_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["winnable", "--json", f"{KQK} white", "junk"]) == 2
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["verdict"] == "winnable" and first["color"] == "white" and first["line"] == 1
    assert_helpmate(KQK + " 0 1", 0, tuple(Move.from_uci(u) for u in first["helpmate"]))
    assert second["line"] == 2 and "error" in second


def test_winnable_undetermined_with_a_tiny_budget(capsys: pytest.CaptureFixture[str]) -> None:
    fen = "2k5/3p4/8/8/8/8/8/2KB4 w - -"
    assert main(["winnable", "--budget", "1", f"{fen} white"]) == 0
    assert capsys.readouterr().out.split()[0] in ("undetermined", "winnable")
    assert main(["winnable", "--budget", "0", f"{fen} white"]) == 2


def _status(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["status", *argv]) == 0
    result: dict[str, object] = json.loads(capsys.readouterr().out)
    return result


def test_status_checkmate(capsys: pytest.CaptureFixture[str]) -> None:
    status = _status(capsys, "startpos", "f2f3", "e7e5", "g2g4", "d8h4")
    assert status["checkmate"] is True and status["game_over"] is True
    assert (status["result"], status["reason"], status["article"]) == ("0-1", "checkmate", "5.1.1")


def test_status_dead_position(capsys: pytest.CaptureFixture[str]) -> None:
    status = _status(capsys, WALL)
    assert status["dead"] is True
    assert (status["result"], status["article"]) == ("1/2-1/2", "5.2.2")


def test_status_budget_bounds_the_dead_position_search(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # From CHA's test vector ("--"): the exhaustive search proves it, in about 550 positions
    # per player; with fewer, the position is not (yet) known to be dead.
    fen = "Bb1k1b2/bKp1p1p1/1pP1P1P1/pP4P1/8/P7/8/8 b - - 0 1"
    assert _status(capsys, fen)["dead"] is True
    assert _status(capsys, fen, "--budget", "50")["dead"] is False
    assert main(["status", fen, "--budget", "0"]) == 2
    assert "--budget must be at least 1" in capsys.readouterr().err


def test_status_claims_and_fivefold(capsys: pytest.CaptureFixture[str]) -> None:
    dance = ["g1f3", "g8f6", "f3g1", "f6g8"]
    status = _status(capsys, "startpos", *dance, *dance[:3])
    assert status["can_claim_threefold"] is True and status["threefold_claim_moves"] == ["f6g8"]
    assert status["game_over"] is False and "result" not in status
    status = _status(capsys, "startpos", *dance * 4)
    assert status["fivefold"] is True and status["article"] == "9.6.1"
    status = _status(capsys, "7k/8/6K1/8/8/8/8/R7 w - - 100 80")
    assert status["can_claim_fifty"] is True and status["seventy_five_moves"] is False


def test_status_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["status", "startpos", "e2e4", "e2e4"]) == 2
    assert "move 2 (e2e4)" in capsys.readouterr().err
    assert main(["status", "nonsense"]) == 2


def test_composed_positions_need_the_composed_flag() -> None:
    # Sixteen queens cannot arise in a game (3.7.5): refused by default, analysed when the
    # user says the position is composed (studies, perft suites, CHA's vectors).
    fen = "QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/K6k b - - 0 1"
    for command in (["perft", fen, "1"], ["status", fen], ["winnable", fen + " white"]):
        refused = subprocess.run(
            [sys.executable, "-m", "chesslaws", *command], capture_output=True, text=True
        )
        assert refused.returncode != 0 or "error" in refused.stdout + refused.stderr
        assert "promoted pieces" in refused.stdout + refused.stderr
        read = subprocess.run(
            [sys.executable, "-m", "chesslaws", command[0], "--composed", *command[1:]],
            capture_output=True,
            text=True,
        )
        assert read.returncode == 0, read.stderr
        assert "promoted pieces" not in read.stdout + read.stderr
