"""The piece letters of the languages players write in (Appendix C.3).

"Each player is free to use the names of the pieces in his/her own language" (C.3); the Laws'
own letters are English (C.2: K, Q, R, B, N) and PGN always writes those. A scoresheet in
Spanish reads ``Cf3`` where English reads ``Nf3``; figurine notation prints ♘f3.

The letters of one language never overlap: each stands for one kind of man. Between languages
they do: ``R`` is the rook in English and the king in Spanish, French, Italian and Portuguese;
``D`` the queen in German and Spanish alike (no clash there); ``B`` the bishop in English and
Portuguese and the queen in Greek. A text is therefore read in one chosen language; where the
language is not known (a PGN file), every language is tried and the reading must be the same
move whichever language reads it, or the text is refused naming the languages that read it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from chesslaws._errors import InvalidNotation
from chesslaws._words import Words, joined

__all__ = [
    "LANGUAGES",
    "Letters",
    "describe_readers",
    "from_english",
    "letters",
    "national_hint",
    "readers_of",
    "san_languages",
    "to_english",
]

#: The English letter of each kind of man but the pawn, in the order of the tables below.
_ENGLISH = "KQRBN"


@dataclass(frozen=True, slots=True)
class Letters:
    """One language's letters for king, queen, rook, bishop and knight (C.3)."""

    code: str
    name: str
    king: str
    queen: str
    rook: str
    bishop: str
    knight: str

    @property
    def table(self) -> dict[str, str]:
        """This language's letter -> the English letter."""
        own = (self.king, self.queen, self.rook, self.bishop, self.knight)
        return dict(zip(own, _ENGLISH, strict=True))

    def of(self, english: str) -> str:
        """This language's letter for an English one (``"N"`` -> ``"C"`` in Spanish)."""
        own = (self.king, self.queen, self.rook, self.bishop, self.knight)
        return own[_ENGLISH.index(english)]


#: Every language read and written, by its ISO 639-1 code ("figurine": the figurines of
#: print, C.3). The Greek letters are those of the Greek text of the Laws: Ρ (βασιλιάς, from
#: ρήγας), Β (βασίλισσα), Π (πύργος), Α (αξιωματικός), Ι (ίππος).
LANGUAGES: dict[str, Letters] = {
    lang.code: lang
    for lang in (
        Letters("en", Words("English"), "K", "Q", "R", "B", "N"),
        Letters("es", Words("Spanish"), "R", "D", "T", "A", "C"),
        Letters("el", Words("Greek"), "Ρ", "Β", "Π", "Α", "Ι"),
        Letters("de", Words("German"), "K", "D", "T", "L", "S"),
        Letters("fr", Words("French"), "R", "D", "T", "F", "C"),
        Letters("it", Words("Italian"), "R", "D", "T", "A", "C"),
        Letters("pt", Words("Portuguese"), "R", "D", "T", "B", "C"),
        Letters("nl", Words("Dutch"), "K", "D", "T", "L", "P"),
        Letters("ru", Words("Russian"), "Кр", "Ф", "Л", "С", "К"),
        Letters("figurine", Words("figurine"), "♔", "♕", "♖", "♗", "♘"),
    )
}

#: Each language's letter -> the English letter, built once.
_TABLES = {code: lang.table for code, lang in LANGUAGES.items()}

#: Black's figurines are read as White's: figurine SAN names the kind of man, not its colour.
_BLACK_FIGURINES = dict(zip("♚♛♜♝♞", "♔♕♖♗♘", strict=True))
#: A pawn's figurine, which SAN leaves out; read and dropped.
_PAWN_FIGURINES = ("♙", "♟")
#: What may follow a move: check and mate marks, annotations.
_SUFFIX = "+#!?"


def letters(lang: str) -> Letters:
    """The letters of language ``lang`` (a code of :data:`LANGUAGES`); a clear error otherwise."""
    found = LANGUAGES.get(lang) if isinstance(lang, str) else None
    if found is None:
        known = ", ".join(LANGUAGES)
        words = Words(
            "unknown language {lang} for SAN (known: {known})", lang=repr(lang), known=known
        )
        raise InvalidNotation(words, text=str(lang))
    return found


def from_english(san: str, lang: str) -> str:
    """English SAN written with the letters of ``lang`` (``"Nf3"`` -> ``"Cf3"`` in Spanish).

    Only the piece letter and the promoted piece change; files, ranks, ``x``, ``O-O`` and the
    check marks are the same in every language (C.3, C.4).
    """
    if lang == "en":
        return san
    table = letters(lang)
    body = san.rstrip(_SUFFIX)
    suffix = san[len(body) :]
    if body.startswith("O"):
        return san
    if body[0] in _ENGLISH:
        body = table.of(body[0]) + body[1:]
    if "=" in body:
        head, promoted = body.split("=", 1)
        body = head + "=" + table.of(promoted)
    return body + suffix


def _split(text: str) -> tuple[str, str, str, str]:
    """``text`` as (piece letters, middle, promoted piece letters, suffix); the letters are
    whatever stands where SAN puts a piece letter: the upper-case or non-Latin characters at the
    start, and after ``=`` (or in the place of a promoted piece) at the end."""
    body = text.strip()
    stripped = body.rstrip(_SUFFIX)
    suffix = body[len(stripped) :]
    body = stripped
    for pawn in _PAWN_FIGURINES:
        body = body.replace(pawn, "")
    if body.startswith(("O", "0")):  # castling is written alike in every language (C.13)
        return "", body, "", suffix
    start = 0
    while start < len(body) and not _is_square_char(body[start]) and body[start] not in "x-:O0":
        start += 1
    head, rest = body[:start], body[start:]
    promoted = ""
    if "=" in rest:
        rest, promoted = rest.split("=", 1)
        rest += "="
    else:
        end = len(rest)
        while end > 0 and not _is_square_char(rest[end - 1]):
            end -= 1
        rest, promoted = rest[:end], rest[end:]
    return head, rest, promoted, suffix


def _is_square_char(char: str) -> bool:
    return "a" <= char <= "h" or "1" <= char <= "8"


def _english_letter(token: str, lang: Letters) -> str | None:
    token = _BLACK_FIGURINES.get(token, token)
    return _TABLES[lang.code].get(token)


def to_english(text: str, lang: str) -> str:
    """SAN written with the letters of ``lang`` as English SAN (``"Cf3"``, ``"es"`` ->
    ``"Nf3"``), for the English reader to read. A piece letter that is not one of ``lang``'s is
    refused, naming the languages in which it is a piece letter: never guessed (C.3)."""
    if lang == "en" or not isinstance(text, str):
        return text
    table = letters(lang)
    head, middle, promoted, suffix = _split(text)
    out = ""
    if head:
        english = _english_letter(head, table)
        if english is None:
            raise _foreign(text, head, table)
        out = english
    out += middle
    if promoted:
        english = _english_letter(promoted, table)
        if english is None or english == "K":
            raise _foreign(text, promoted, table)
        out += english
    return out + suffix


def san_languages(text: str) -> tuple[str, ...]:
    """The languages (codes) in which the piece letter of SAN ``text`` is a piece letter."""
    if not isinstance(text, str):
        return ()
    head, _, promoted, _ = _split(text)
    token = head or promoted
    return tuple(code for code, _ in readers_of(token)) if token else ()


def readers_of(token: str) -> list[tuple[str, str]]:
    """The languages in which ``token`` is a piece letter, with the English letter it stands
    for there: ``"R"`` -> ``[("en", "R"), ("es", "K"), ("fr", "K"), ...]``."""
    found = []
    for code, lang in LANGUAGES.items():
        english = _english_letter(token, lang)
        if english is not None:
            found.append((code, english))
    return found


_KINDS = {
    "K": Words("king"),
    "Q": Words("queen"),
    "R": Words("rook"),
    "B": Words("bishop"),
    "N": Words("knight"),
}


def describe_readers(token: str) -> str:
    """``"the knight in Spanish, French, Italian and Portuguese"``-style words for a letter."""
    by_kind: dict[str, list[str]] = {}
    for code, english in readers_of(token):
        by_kind.setdefault(english, []).append(LANGUAGES[code].name)
    if not by_kind:
        return Words("a piece letter in no language read here")
    parts = [Words("the {piece} in {languages}", piece=_KINDS[k], languages=_join(names))
             for k, names in by_kind.items()]  # fmt: skip
    return functools.reduce(joined, parts)


def national_hint(text: object) -> str:
    """For English SAN that does not read: ``"'C' is the knight in Spanish, ...: give the
    language"`` when its piece letter is another language's, else ``""``."""
    if not isinstance(text, str):
        return ""
    head = _split(text)[0]
    if not head or head in _ENGLISH or not readers_of(head):
        return ""
    readers = describe_readers(head)
    return Words("{letter} is {readers}: give the language", letter=repr(head), readers=readers)


def _join(names: list[str]) -> str:
    """``"Spanish, French and Italian"``, each name in the reader's language."""
    if len(names) == 1:
        return names[0]
    first = functools.reduce(lambda a, b: Words("{first}, {then}", first=a, then=b), names[:-1])
    return Words("{names} and {last}", names=first, last=names[-1])


def _foreign(text: str, token: str, lang: Letters) -> InvalidNotation:
    return InvalidNotation(
        Words(
            "{token} in {text} is no piece letter in {language}: it is {readers}",
            token=repr(token),
            text=repr(text),
            language=lang.name,
            readers=describe_readers(token),
        ),
        text=text,
    )
