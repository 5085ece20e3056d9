"""The auditor reads games whose movetext says they were adjourned (Guidelines I): the PGN the
arbiter writes for an adjourned game, a game adjourned and resumed, and one concluded before
its resumption."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chesslaws import pgn
from chesslaws.arbiter import Game, game_to_pgn
from chesslaws.audit import Code, Verdict, audit_game
from chesslaws.cli import main


def _adjourned_pgn() -> str:
    """An adjourned game as the arbiter (and the server) write it: White sealed 2.Qh5."""
    game = Game()
    for line in (
        {"type": "start", "time_control": "5400+30"},
        {"type": "move", "at": 10, "by": "white", "move": "e2e4"},
        {"type": "press", "at": 15, "by": "white"},
        {"type": "move", "at": 20, "by": "black", "move": "e7e5"},
        {"type": "press", "at": 25, "by": "black"},
        {"type": "adjourn", "at": 30, "resumes": "2026-12-03T14:00+01:00"},
        {"type": "seal", "at": 40, "by": "white", "move": "Qh5"},
        {"type": "press", "at": 50, "by": "white"},
    ):
        game.handle_json(json.dumps(line))
    return game_to_pgn(game.state(), {"White": "Ann", "Black": "Bob"})


def test_the_arbiters_pgn_of_an_adjourned_game_reads_as_adjourned_and_unfinished() -> None:
    text = _adjourned_pgn()
    assert '[Result "*"]' in text and "Qh5" not in text and "h5" not in text
    record = audit_game(pgn.read_game(text), "adjourned.pgn")
    assert (record.verdict, record.recorded_result, record.lawful_result) == (
        Verdict.CLEAN, "*", "*"
    )
    assert [(f.ply, f.code, f.article, f.is_fault) for f in record.findings] == [
        (2, Code.ADJOURNED, "I.1", False)
    ]
    assert record.findings[0].message == (
        "after 1... e5 the game was adjourned and stands unfinished (*) until it is resumed "
        "(Guidelines I.9)"
    )


def test_a_game_adjourned_and_resumed_and_one_concluded_before_the_resumption() -> None:
    resumed = pgn.read_game(
        '[Result "1-0"]\n\n1. e4 e5 2. Qh5 {Adjourned} 2... Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n'
    )
    record = audit_game(resumed)
    assert record.verdict is Verdict.CLEAN and record.ending == "checkmate"
    assert [(f.ply, f.message) for f in record.findings] == [
        (3, "after 2. Qh5 the game was adjourned and resumed (Guidelines I.9)")
    ]
    resigned = pgn.read_game(
        '[Result "0-1"]\n[Termination "adjourned"]\n\n1. d4 d5 2. c4 0-1\n'
    )
    record = audit_game(resigned)
    assert [(f.ply, f.code, f.message) for f in record.findings] == [
        (3, Code.ADJOURNED, "after 2. c4 the game was adjourned and ended 0-1 without a "
         "further move (Guidelines I.6, I.10)"),
    ]
    plain = audit_game(pgn.read_game('[Result "*"]\n\n1. d4 d5 *\n'))
    assert plain.findings == ()


def test_chesslaws_audit_reports_the_adjournment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "adjourned.pgn"
    path.write_text(_adjourned_pgn(), encoding="utf-8")
    assert main(["audit", "--jsonl", str(path)]) == 0
    out = capsys.readouterr().out
    record = json.loads(out.splitlines()[0])
    assert record["verdict"] == "clean" and record["lawful_result"] == "*"
    assert record["findings"][0]["code"] == "adjourned"
    assert record["findings"][0]["article"] == "I.1"
