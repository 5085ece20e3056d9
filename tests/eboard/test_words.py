"""Issue 31: the e-board's notices are words (a code and its parameters beside the English),
for the command line and the pages to show them in the reader's language."""

from __future__ import annotations

from collections.abc import Callable

from chesslaws._words import Words
from tests.eboard._script import Script, run


def _notices(script: Script) -> list[object]:
    _events, _rulings, board = run(script)
    return list(board.notices)  # type: ignore[attr-defined]


def test_every_notice_of_a_game_is_words() -> None:
    """Knocked pieces, a press while the board shows no position, the pieces set again: each
    notice's text is words, and its JSON carries their code."""
    script = Script().lift("c1").lift("d1", after=5).lever("white")
    script.place("c1", "B").place("d1", "Q")
    notices = _notices(script)
    kinds = [n.kind for n in notices]  # type: ignore[attr-defined]
    assert kinds[:2] == ["knocked", "knocked"] and "press_held" in kinds
    for notice in notices:
        text = notice.text  # type: ignore[attr-defined]
        assert isinstance(text, Words), notice
        assert notice.to_json()["i18n"] == {"text": text.to_json()}  # type: ignore[attr-defined]


def test_the_board_turned_in_greek_and_in_spanish(speak: Callable[[str, str], str]) -> None:
    """A board that lies the other way round: its notice in the reader's language."""
    script = Script().board("RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr")
    (notice,) = _notices(script.lift("d7").place("d5", "P").lever("white"))
    text = notice.text  # type: ignore[attr-defined]
    assert text == "the board is turned 180 degrees"
    assert speak("el", text) == "η σκακιέρα είναι γυρισμένη κατά 180 μοίρες"
    assert speak("es", text) == "el tablero está girado 180 grados"


def test_a_reading_that_cannot_be_read_is_words_in_every_language(
    speak: Callable[[str, str], str],
) -> None:
    """A readings log's syntax error (``InvalidReading``): the reading's type and the field as
    they are, the rest in the reader's language."""
    import pytest

    from chesslaws._errors import InvalidReading
    from chesslaws._words import said
    from chesslaws.eboard import parse_reading

    with pytest.raises(InvalidReading) as refused:
        parse_reading('{"type": "place", "at": 2, "square": "e4", "piece": "X"}', 7)
    words = said(refused.value)
    assert isinstance(words, Words)
    assert words == "line 7: place reading: not a piece letter: 'X' (FEN letters PNBRQK, pnbrqk)"
    assert speak("es", words) == (
        "línea 7: lectura place: no es una letra de pieza: 'X' (letras FEN PNBRQK, pnbrqk)"
    )
    assert speak("el", words) == (
        "γραμμή 7: ένδειξη place: δεν είναι γράμμα κομματιού: 'X' (γράμματα FEN PNBRQK, pnbrqk)"
    )
