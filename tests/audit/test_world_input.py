"""The auditor and the command line on what the world writes (issue 18): result tags that are
no result or contradict the movetext, notes of what was mended, player names shown as written,
stdin and pipes, a closed pipe, absurd perft depths, bad Dask addresses, play after the end."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from chesslaws import pgn
from chesslaws.audit import Code, Verdict, audit_game, write_csv, write_table
from chesslaws.cli import main
from chesslaws.core import Position

GOOD = '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n'


def _audit(text: str) -> object:
    return audit_game(pgn.read_game(text), "t.pgn")


@pytest.mark.parametrize("tag", ["1-O", "2-0", "0-0", "white wins"])
def test_a_result_tag_that_is_no_result_is_a_fault(tag: str) -> None:
    record = audit_game(pgn.read_game(GOOD.replace('"1-0"', f'"{tag}"')))
    assert Code.RESULT_TAG_NOT_A_RESULT in [f.code for f in record.findings]
    assert record.verdict is Verdict.FAULTY


def test_a_result_tag_contradicting_the_movetext_is_a_fault() -> None:
    record = audit_game(pgn.read_game(GOOD.replace("4. Qxf7# 1-0", "4. Qxf7# 0-1")))
    assert Code.RESULT_TAG_CONTRADICTS_MOVETEXT in [f.code for f in record.findings]
    assert record.verdict is Verdict.FAULTY
    assert audit_game(pgn.read_game(GOOD)).verdict is Verdict.CLEAN


def test_what_was_mended_is_information_and_the_game_is_judged() -> None:
    text = GOOD.replace("2. Qh5", "2. Qh5 (2. Ke3)").replace(
        '[Result "1-0"]', '[Result "1-0"]\n[Annotator ""X""]'
    )
    record = audit_game(pgn.read_game(text))
    mended = [f for f in record.findings if f.code is Code.MENDED_ON_READING]
    assert len(mended) == 2 and not any(f.is_fault for f in mended)
    assert record.verdict is Verdict.CLEAN and record.ending == "checkmate"


def test_the_replay_once_path_and_the_record_path_agree_on_repetitions() -> None:
    dance = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 1/2-1/2"
    record = audit_game(pgn.read_game(dance))
    assert [f.code for f in record.findings] == [Code.THREEFOLD_AVAILABLE]
    mate = audit_game(pgn.read_game(GOOD))
    assert (mate.lawful_result, mate.plies) == ("1-0", 7)


def test_the_judge_makes_no_move_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """One replay (issue 18): the reader's; the judge counts repetitions from its history and
    takes back the moves after a fivefold repetition, making none."""
    dance = "1. Nf3 Nf6 2. Ng1 Ng8 " * 5 + "3. e4 *"
    games = [pgn.read_game(text) for text in (GOOD, dance, dance.replace("*", "1/2-1/2"))]
    made: list[int] = []
    real = Position.push_code

    def counting(self: Position, code: int) -> None:
        made.append(code)
        real(self, code)

    monkeypatch.setattr(Position, "push_code", counting)
    records = [audit_game(game) for game in games]
    assert made == []
    assert (records[0].ending, records[0].plies) == ("checkmate", 7)
    fivefold = records[1]
    assert (fivefold.ending, fivefold.plies, fivefold.lawful_result) == (
        "fivefold repetition",
        16,
        "1/2-1/2",
    )
    found = [(f.ply, f.code) for f in fivefold.findings]
    after = [(8, Code.THREEFOLD_AVAILABLE), (17, Code.PLAY_AFTER_END)]
    assert found == [after[0], (16, Code.RESULT_CONTRADICTS_POSITION), after[1]]
    assert [(f.ply, f.code) for f in records[2].findings] == after


HOSTILE = (
    '[White "S [/b]"]\n[Black "[red]M\x1b[2J\x07"]\n[Result "1-0"]\n\n'
    "1. e4 e5 1-0\n\n"
    '[White "x"]\n[Black "y"]\n\n1. e4 Ke3 *\n'
)


@pytest.mark.parametrize("use_rich", [True, False])
def test_markup_and_escapes_in_tags_are_shown_never_obeyed(use_rich: bool) -> None:
    records = [audit_game(g, "t.pgn") for g in pgn.read_games(io.StringIO(HOSTILE))]
    out = io.StringIO()
    write_table(records, out, use_rich=use_rich, every=True)
    text = out.getvalue()
    assert "\x1b" not in text and "\x07" not in text
    assert "S [/b]" in text and "[red]M" in text and "\\x1b" in text
    assert "null" not in text and " ? " in text  # no lawful result for the illegal move
    assert max(len(line) for line in text.splitlines()) <= 80


def test_escapes_are_neutralised_in_csv() -> None:
    records = [audit_game(g, "t.pgn") for g in pgn.read_games(io.StringIO(HOSTILE))]
    out = io.StringIO()
    write_csv(records, out)
    assert "\x1b" not in out.getvalue() and "\\x1b[2J" in out.getvalue()


def _cli(*args: str, stdin: bytes = b"", pipe: str = "") -> subprocess.CompletedProcess[bytes]:
    command = [sys.executable, "-m", "chesslaws", *args]
    if pipe:
        shell = " ".join(f"'{a}'" for a in command) + f" | {pipe}"
        return subprocess.run(shell, shell=True, input=stdin, capture_output=True, timeout=60)
    return subprocess.run(command, input=stdin, capture_output=True, timeout=60)


def test_audit_reads_standard_input_and_dev_stdin() -> None:
    data = (GOOD * 3).encode()
    for name in ("-", "/dev/stdin"):
        done = _cli("audit", "--jsonl", name, stdin=data)
        assert done.returncode == 0, done.stderr
        lines = [json.loads(line) for line in done.stdout.splitlines()]
        assert [r["game"] for r in lines] == [1, 2, 3] and lines[0]["verdict"] == "clean"


def test_audit_of_a_closed_pipe_exits_quietly(tmp_path: Path) -> None:
    path = tmp_path / "many.pgn"
    path.write_text(GOOD * 2000)
    done = _cli("audit", "--jsonl", str(path), pipe="head -1")
    assert done.returncode == 0
    assert done.stdout.count(b"\n") == 1 and done.stderr == b""


def test_audit_names_the_file_it_cannot_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["audit", str(tmp_path)]) == 2
    assert str(tmp_path) in capsys.readouterr().err
    assert main(["audit", str(tmp_path / "missing.pgn")]) == 2
    assert "missing.pgn" in capsys.readouterr().err


def test_a_bad_dask_address_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed", reason="the Dask extra is not installed")
    path = tmp_path / "one.pgn"
    path.write_text(GOOD)
    assert main(["audit", "--dask", "no-such-scheme://what", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Dask scheduler" in err and "no-such-scheme://what" in err and "Traceback" not in err


@pytest.mark.parametrize("depth", ["16", "100000"])
def test_perft_at_an_absurd_depth_is_a_clear_error(
    depth: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["perft", "startpos", depth]) == 2
    assert "depth must be from 0 to 15" in capsys.readouterr().err


def test_status_with_moves_after_the_end_says_where_it_ended(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["status", "startpos", "f2f3", "e7e5", "g2g4", "d8h4", "a2a3", "a7a6"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["checkmate"] is True and status["result"] == "0-1"
    assert status["ended_after_move"] == {"move": 4, "reason": "checkmate", "article": "5.1.1"}
    assert status["moves_after_end"] == ["a2a3", "a7a6"]
    # a dead position, and the play that went on from it
    assert main(["status", "4k3/8/8/8/8/8/8/4K2B w - - 0 1", "h1g2", "e8d7"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["ended_after_move"]["move"] == 0 and status["moves_after_end"] == ["h1g2", "e8d7"]
