"""Issue 31: an event-log line that cannot be read is refused in words (``InvalidEvent``), which
``chesslaws arbitrate --lang`` and the pages show in the reader's language; the English and
the rulings' codes are as they were."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from chesslaws._errors import InvalidEvent
from chesslaws._words import Words, said
from chesslaws.arbiter import parse_event
from chesslaws.cli import main

Speak = Callable[[str, str], str]


def _refusal(line: str, number: int | None = 4) -> Words:
    with pytest.raises(InvalidEvent) as refused:
        parse_event(line, number)
    words = said(refused.value)
    assert isinstance(words, Words)
    return words


@pytest.mark.parametrize(
    ("line", "english", "spanish", "greek"),
    [
        ('{"type": "move", "at": "x", "by": "white", "move": "e4"}',
         "line 4: move event: 'at' must be a number of seconds, not 'x'",
         "línea 4: evento move: 'at' debe ser un número de segundos, no 'x'",
         "γραμμή 4: γεγονός move: το 'at' πρέπει να είναι αριθμός δευτερολέπτων, όχι 'x'"),
        ('{"type": "touch", "at": 1, "by": "white", "square": "z9"}',
         "line 4: touch event: no such square: 'z9'",
         "línea 4: evento touch: no existe la casilla 'z9'",
         "γραμμή 4: γεγονός touch: δεν υπάρχει τετράγωνο 'z9'"),
        ('{"type": "resign", "at": 1, "by": "white", "hand": 1}',
         "line 4: resign event: unknown field 'hand' (known: at, by)",
         "línea 4: evento resign: campo desconocido 'hand' (conocidos: at, by)",
         "γραμμή 4: γεγονός resign: άγνωστο πεδίο 'hand' (γνωστά: at, by)"),
        ('{"type": "castle"}',
         "line 4: unknown event type 'castle'",
         "línea 4: tipo de evento desconocido 'castle'",
         "γραμμή 4: άγνωστος τύπος γεγονότος 'castle'"),
        ('{"type": "start", "rules": {"appendix_d": {"visually_disabled": []}}}',
         "line 4: start event: 'appendix_d' needs 'visually_disabled': a list of \"white\", "
         "\"black\"",
         "línea 4: evento start: 'appendix_d' necesita 'visually_disabled': una lista de "
         "\"white\", \"black\"",
         "γραμμή 4: γεγονός start: το 'appendix_d' χρειάζεται 'visually_disabled': λίστα με "
         "\"white\", \"black\""),
        ('{"type": "move", "at": 1e999, "by": "white", "move": "e4"}',
         "line 4: move event: 1E+999 seconds is out of range (at most 1,000,000,000)",
         "línea 4: evento move: 1E+999 segundos está fuera de rango (como mucho 1,000,000,000)",
         "γραμμή 4: γεγονός move: 1E+999 δευτερόλεπτα είναι εκτός ορίων (το πολύ "
         "1,000,000,000)"),
    ],
)  # fmt: skip
def test_an_unreadable_event_is_words_in_every_language(
    speak: Speak, line: str, english: str, spanish: str, greek: str
) -> None:
    words = _refusal(line)
    assert words == english
    assert speak("en", words) == english
    assert speak("es", words) == spanish
    assert speak("el", words) == greek


def test_a_line_that_is_no_json_says_so_with_the_parsers_own_words(speak: Speak) -> None:
    words = _refusal("{broken", None)
    assert words.startswith("not valid JSON: Expecting property name")
    assert speak("es", words).startswith("JSON no válido: Expecting property name")


def test_arbitrate_writes_the_refusals_in_the_language_and_the_codes_as_they_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], speak: Speak
) -> None:
    """``speak`` restores the CLI's language after the test (``--lang`` sets it)."""
    log = tmp_path / "game.jsonl"
    log.write_text(
        '{"type": "start", "time_control": "300"}\n'
        '{"type": "move", "at": "soon", "by": "white", "move": "e4"}\n'
        '{"type": "move", "at": 2, "by": "black", "move": "e5"}\n',
        encoding="utf-8",
    )
    said_in = {}
    for lang in ("en", "es", "el"):
        assert main(["--lang", lang, "arbitrate", str(log)]) == 0
        rulings = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert [(r["event"], r["ruling"]) for r in rulings] == [(1, "rejected"), (2, "rejected")]
        said_in[lang] = [r["reason"] for r in rulings]
    assert said_in["en"] == [
        "line 1: move event: 'at' must be a number of seconds, not 'soon'",
        "black does not have the move: a released piece cannot be moved again (1.3, 4.7)",
    ]
    assert said_in["es"][0] == (
        "línea 1: evento move: 'at' debe ser un número de segundos, no 'soon'"
    )
    assert said_in["el"][0] == (
        "γραμμή 1: γεγονός move: το 'at' πρέπει να είναι αριθμός δευτερολέπτων, όχι 'soon'"
    )
    assert said_in["es"][1].startswith("las negras no tienen el turno")


def test_arbitrate_names_a_line_that_is_not_utf8_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], speak: Speak
) -> None:
    log = tmp_path / "game.jsonl"
    log.write_bytes(b'{"type": "start"}\n{"type": "tick", "at": 1, "x": "\xff"}\n')
    assert main(["--lang", "el", "arbitrate", str(log)]) == 0
    (ruling,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert ruling["reason"] == "γραμμή 1: δεν είναι κείμενο UTF-8 (byte 33 της γραμμής)"


def test_a_clock_error_of_the_start_is_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], speak: Speak
) -> None:
    """Time odds without a clock for one player: the clock's refusal, in the language."""
    log = tmp_path / "game.jsonl"
    log.write_text('{"type": "start", "time_controls": {"white": "-", "black": "300"}}\n')
    reasons = {}
    for lang in ("en", "es", "el"):
        assert main(["--lang", lang, "arbitrate", str(log)]) == 0
        (ruling,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        reasons[lang] = ruling["reason"]
    assert reasons["en"].endswith("time odds need a clock for each player: White's control is '-'")
    assert reasons["es"].endswith(
        "la ventaja de tiempo necesita un reloj para cada jugador: el control de Blancas es '-'"
    )
    assert reasons["el"].endswith(
        "η διαφορά χρόνου χρειάζεται ρολόι για κάθε παίκτη: ο έλεγχος (Λευκά) είναι '-'"
    )
