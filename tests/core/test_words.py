"""Issue 31: a FEN, a SAN or UCI move that cannot be read, and a move in letters of the wrong
language, are refused in words a person reads in his language (the "write a move" box, the
arbiter's rejections); the errors' English is as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from chesslaws._errors import AmbiguousMove, IllegalMove, InvalidFen, InvalidNotation
from chesslaws._words import Words, said
from chesslaws.core import Position

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#: Two knights that reach d2 (b1 and f3): Nd2 is ambiguous.
KNIGHTS = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"

Speak = Callable[[str, str], str]


def _refusal(kind: type[Exception], read: Callable[[], object]) -> Words:
    with pytest.raises(kind) as refused:
        read()
    words = said(refused.value)
    assert isinstance(words, Words)
    return words


def test_a_fen_that_cannot_be_read(speak: Speak) -> None:
    words = _refusal(InvalidFen, lambda: Position.from_fen("8/8/8 w - - 0 1"))
    assert words == (
        "invalid FEN '8/8/8 w - - 0 1': board: expected 8 ranks separated by '/', found 3"
    )
    assert speak("es", words) == (
        "FEN no válido '8/8/8 w - - 0 1': tablero: se esperaban 8 filas separadas por '/', "
        "se encontraron 3"
    )
    assert speak("el", words).startswith("μη έγκυρο FEN '8/8/8 w - - 0 1': σκακιέρα: ")
    turn = _refusal(InvalidFen, lambda: Position.from_fen(START.replace(" w ", " x ")))
    assert turn.endswith(": turn: expected 'w' or 'b', found 'x'")
    assert speak("es", turn).endswith(": turno: se esperaba 'w' o 'b', se encontró 'x'")


def test_an_illegal_and_an_ambiguous_move(speak: Speak) -> None:
    illegal = _refusal(IllegalMove, lambda: Position().parse_san("Ra3"))
    assert illegal == f"illegal move: 'Ra3' in {START}"
    assert speak("es", illegal) == f"jugada ilegal: 'Ra3' en {START}"
    assert speak("el", illegal) == f"αντικανονική κίνηση: 'Ra3' στη θέση {START}"
    ambiguous = _refusal(AmbiguousMove, lambda: Position.from_fen(KNIGHTS).parse_san("Nd2"))
    assert ambiguous == f"ambiguous move: 'Nd2' in {KNIGHTS}"
    assert speak("es", ambiguous).startswith("jugada ambigua: 'Nd2' en ")
    uci = _refusal(InvalidNotation, lambda: Position().parse_uci("e2"))
    assert speak("el", uci) == f"δεν είναι κίνηση UCI: 'e2' στη θέση {START}"


def test_a_letter_of_another_language(speak: Speak) -> None:
    """English SAN with a Spanish knight, and Spanish SAN with an English one: the languages
    that read the letter are named in the reader's language."""
    hint = _refusal(InvalidNotation, lambda: Position().parse_san("Cf3"))
    assert hint == (
        "not a move in SAN ('C' is the knight in Spanish, French, Italian and Portuguese: give "
        f"the language): 'Cf3' in {START}"
    )
    assert speak("es", hint) == (
        "no es una jugada en SAN ('C' es caballo en español, francés, italiano y portugués: "
        f"indique la lengua): 'Cf3' en {START}"
    )
    assert speak("el", hint).startswith(
        "δεν είναι κίνηση σε SAN (το 'C' είναι ίππος στα ισπανικά, γαλλικά, ιταλικά και "
        "πορτογαλικά: δώστε τη γλώσσα)"
    )
    foreign = _refusal(InvalidNotation, lambda: Position().parse_san("Nf3", lang="es"))
    assert foreign == "'N' in 'Nf3' is no piece letter in Spanish: it is the knight in English"
    assert speak("es", foreign) == (
        "'N' en 'Nf3' no es una letra de pieza en español: es caballo en inglés"
    )
    # A move in Spanish letters that is illegal names the text as written, in its language.
    illegal = _refusal(IllegalMove, lambda: Position().parse_san("Cf4", lang="es"))
    assert illegal == f"illegal move: 'Cf4' (Spanish) in {START}"
    assert speak("el", illegal) == f"αντικανονική κίνηση: 'Cf4' (ισπανικά) στη θέση {START}"
