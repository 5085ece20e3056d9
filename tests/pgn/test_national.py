"""Movetext written with national piece letters (Appendix C.3) is read, with a note."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from chesslaws import Position, pgn
from chesslaws.cli import main


def _game_in(lang: str, seed: int, plies: int = 80) -> tuple[str, list[str]]:
    """A seeded random game's movetext with the piece letters of ``lang``, and its UCI."""
    rng = random.Random(seed)
    position = Position()
    words, uci = [], []
    for ply in range(plies):
        legal = position.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        words.append(position.san(move, lang=lang))
        uci.append(move.uci())
        position.push(move)
    return " ".join(words), uci


def _pgn(movetext: str, result: str = "*") -> str:
    return f'[Event "club"]\n[Result "{result}"]\n\n{movetext} {result}\n\n'


@pytest.mark.parametrize("lang", ["es", "el", "de", "fr", "it", "pt", "ru"])
def test_a_game_in_national_letters_is_read_whole_with_a_note(lang: str) -> None:
    movetext, uci = _game_in(lang, seed=7)
    game = pgn.read_game(_pgn(movetext))
    assert game is not None and not game.errors
    assert [m.uci() for m in game.main.moves] == uci
    (note,) = game.notes
    assert "piece letters read as" in note.reason and "Appendix C.3" in note.reason


def test_the_writer_writes_english_letters() -> None:
    movetext, _ = _game_in("es", seed=11)
    game = pgn.read_game(_pgn(movetext))
    assert game is not None
    written = pgn.write_game(game)
    replay = Position()
    english = []
    for move in game.main.moves:
        english.append(replay.san(move))
        replay.push(move)
    for san in english:
        assert san in written


def test_an_english_game_gets_no_note() -> None:
    movetext, uci = _game_in("en", seed=7)
    game = pgn.read_game(_pgn(movetext))
    assert game is not None and not game.notes and len(game.main.moves) == len(uci)


def test_a_game_no_language_reads_keeps_its_error() -> None:
    game = pgn.read_game(_pgn("1. e4 e5 2. Zf3 Nc6"))
    assert game is not None and len(game.main.moves) == 2
    assert game.errors and game.errors[0].text == "Zf3"


def test_audit_reads_every_spanish_game_with_notes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "es.pgn"
    path.write_text("".join(_pgn(_game_in("es", seed=s)[0]) for s in range(12)), "utf-8")
    status = main(["audit", "--jsonl", str(path)])
    out, _ = capsys.readouterr()
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and len(records) == 12
    for record in records:
        assert record["error"] is None
        codes = [f["code"] for f in record["findings"]]
        assert "mended-on-reading" in codes
