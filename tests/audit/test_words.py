"""Issue 31: what ``chesslaws audit`` says about a game (its findings, what the PGN reader
mended or could not read) is words, printed in the reader's language; the codes, Articles and
results a program reads are the same in every language."""

from __future__ import annotations

import gettext
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from chesslaws._words import Words
from chesslaws.audit import audit_game, write_table
from chesslaws.cli import main
from chesslaws.cli._i18n import DOMAIN, LOCALE
from chesslaws.pgn import read_game

Speak = Callable[[str, str], str]

#: Fool's mate written with the Spanish (and German, ...) queen letter, and a wrong result.
SPANISH_LETTERS = '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. f3 e5 2. g4 Dh4# 1-0\n'

MENDED = {
    "en": "line 5, column 16: piece letters read as Spanish, German, French, Italian, "
    "Portuguese and Dutch (Appendix C.3: 'Dh4#' is 'Qh4#'); PGN writes the English letters",
    "es": "línea 5, columna 16: letras de las piezas leídas en español, alemán, francés, "
    "italiano, portugués y neerlandés (Apéndice C.3: 'Dh4#' es 'Qh4#'); el PGN escribe las "
    "letras inglesas",
    "el": "γραμμή 5, στήλη 16: γράμματα κομματιών διαβασμένα ως ισπανικά, γερμανικά, γαλλικά, "
    "ιταλικά, πορτογαλικά και ολλανδικά (Παράρτημα C.3: το 'Dh4#' είναι 'Qh4#'). Το PGN γράφει "
    "τα αγγλικά γράμματα",
}
CHECKMATE = {
    "en": "the game ended with checkmate (Article 5.1.1): the result is 0-1, not 1-0",
    "es": "la partida terminó con jaque mate (Artículo 5.1.1): el resultado es 0-1, no 1-0",
    "el": "η παρτίδα τελείωσε με ματ (Άρθρο 5.1.1): το αποτέλεσμα είναι 0-1, όχι 1-0",
}


def test_the_findings_and_the_readers_notes_are_words() -> None:
    record = audit_game(read_game(SPANISH_LETTERS))
    mended, mate = record.findings
    assert isinstance(mended.message, Words) and mended.message == MENDED["en"]
    assert isinstance(mate.message, Words) and mate.message == CHECKMATE["en"]
    assert record.as_dict()["findings"][1]["message"] == CHECKMATE["en"]


@pytest.mark.parametrize("lang", ["en", "es", "el"])
def test_audit_jsonl_says_it_in_the_language_with_the_same_codes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], speak: Speak, lang: str
) -> None:
    """``speak`` restores the CLI's language after the test (``--lang`` sets it)."""
    games = tmp_path / "spanish.pgn"
    games.write_text(SPANISH_LETTERS, encoding="utf-8")
    assert main(["--lang", lang, "audit", "--jsonl", str(games)]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["verdict"] == "faulty" and record["lawful_result"] == "0-1"
    codes = [(f["code"], f["article"], f["fault"]) for f in record["findings"]]
    assert codes == [
        ("mended-on-reading", "8", False),
        ("result-contradicts-position", "5.1.1", True),
    ]
    assert [f["message"] for f in record["findings"]] == [MENDED[lang], CHECKMATE[lang]]


@pytest.mark.parametrize("lang", ["es", "el"])
def test_the_audit_table_says_it_in_the_language(lang: str) -> None:
    words = gettext.translation(DOMAIN, LOCALE, languages=[lang]).gettext
    record = audit_game(read_game(SPANISH_LETTERS))
    out = io.StringIO()
    write_table([record], out, use_rich=False, words=words)
    table = " ".join(out.getvalue().split())
    assert f"[8] mended-on-reading: {MENDED[lang]}" in table
    assert f"[5.1.1] result-contradicts-position: {CHECKMATE[lang]}" in table
    worst = {"es": "partida 1: A - B, anotado 1-0, legal 0-1",
             "el": "παρτίδα 1: A - B, καταγραφή 1-0, νόμιμο 0-1"}[lang]  # fmt: skip
    assert f"{worst}: mended-on-reading, result-contradicts-position" in table  # the worst games


def test_an_unreadable_move_is_said_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], speak: Speak
) -> None:
    """The PGN reader's error (a game stopped at a syntax error) in the audit's JSON."""
    games = tmp_path / "broken.pgn"
    games.write_text('[Result "*"]\n\n1. e4 e5 ) 2. Nf3 *\n', encoding="utf-8")
    reasons = {}
    for lang in ("en", "es", "el"):
        assert main(["--lang", lang, "audit", "--jsonl", str(games)]) == 0
        reasons[lang] = json.loads(capsys.readouterr().out)["error"]["reason"]
    assert reasons == {
        "en": "')' closes no variation",
        "es": "')' no cierra ninguna variante",
        "el": "το ')' δεν κλείνει καμία παραλλαγή",
    }


@pytest.mark.parametrize("lang", ["en", "es", "el"])
def test_the_html_report_says_it_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], speak: Speak, lang: str
) -> None:
    """The report for people (``--html``): headings, cards, table and charts in the reader's
    language and marked so (``<html lang>``); the finding kinds keep their codes."""
    games = tmp_path / "spanish.pgn"
    games.write_text(SPANISH_LETTERS, encoding="utf-8")
    page = tmp_path / "report.html"
    assert main(["--lang", lang, "audit", "--quiet", "--html", str(page), str(games)]) == 0
    text = page.read_text(encoding="utf-8")
    said = {
        "en": ('<html lang="en">', "Audit of 1 games by the Laws of Chess",
               "<h2>Findings by time control</h2>", "<th>finding</th>",
               "1 game, 100.0% faulty", "faulty (100.0%)"),
        "es": ('<html lang="es">', "Auditoría de 1 partidas según las Leyes del Ajedrez",
               "<h2>Hallazgos por ritmo de juego</h2>", "<th>hallazgo</th>",
               "1 partida, 100.0% con faltas", "con faltas (100.0%)"),
        "el": ('<html lang="el">', "Έλεγχος 1 παρτίδων σύμφωνα με τους Κανονισμούς του Σκακιού",
               "<h2>Ευρήματα ανά έλεγχο χρόνου</h2>", "<th>εύρημα</th>",
               "1 παρτίδα, 100.0% με σφάλματα", "με σφάλματα (100.0%)"),
    }[lang]  # fmt: skip
    for words in said:
        assert words in text, words
    assert "result-contradicts-position" in text  # a code, in every language
    if lang != "en":
        for english in (
            "Findings of each",
            "The worst games",
            "per 1,000 games",
            "% faulty",
            "</b>faulty",
            "</b>games",
        ):
            assert english not in text, english


def test_the_parquet_file_says_what_the_json_lines_say(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], speak: Speak
) -> None:
    """One language for a run's outputs: the Parquet rows carry the JSON's Spanish messages."""
    pq = pytest.importorskip("pyarrow.parquet", reason="the audit extra: chesslaws[audit]")
    games = tmp_path / "spanish.pgn"
    games.write_text(SPANISH_LETTERS, encoding="utf-8")
    target = tmp_path / "audit.parquet"
    assert main(["--lang", "es", "audit", "--jsonl", "--parquet", str(target), str(games)]) == 0
    line = json.loads(capsys.readouterr().out)
    (row,) = pq.read_table(target).to_pylist()
    assert [f["message"] for f in row["findings"]] == [MENDED["es"], CHECKMATE["es"]]
    assert row["findings"] == line["findings"]
