"""The Articles of the edition a game is ruled by, from the 2023 numbers the rulings are made
with (docs/events.md, "Editions": rulings cite the edition's own Article, with the 2023 number
in the note where they differ).

The 2014 Laws lettered what 2023 numbers in three levels (our Spanish text: 4.7 a–c; the
touch-move and rapid appendix letters follow the same scheme, unverified beyond 4.5–4.9 and
5.1–5.2). The 2018 appendices numbered the supervised rapid regime A.3 and the other A.4
(2023: A.4 and A.5); blitz B.3 and B.4 (2023: B.2 and B.3). The endings have their own table
(:func:`chesslaws.endings.ending_article`). Pre-1997 keeps the 2023 numbers outside its own
Articles (the Greek text covers Articles 5 d–e, 6, 7.1, 9 and 10 only).
"""

from __future__ import annotations

from chesslaws._words import joined

from ._events import Edition

__all__ = ["edition_fields", "in_edition"]

_APPENDICES_2018 = {
    "A.4": "A.3",
    "A.5.2": "A.4.2",
    "A.5.4": "A.4.4",
    "B.2": "B.3",
    "B.3": "B.4",
}

_NUMBERS = {
    Edition.E2018: _APPENDICES_2018,
    Edition.E2014: {
        **_APPENDICES_2018,
        "A.5.2": "A.4.b",
        "A.5.4": "A.4.d",
        "4.2.1": "4.2",
        "4.3.1": "4.3.a",
        "4.3.2": "4.3.b",
        "4.3.3": "4.3.c",
        "4.4.1": "4.4.a",
        "4.4.2": "4.4.b",
        "4.4.3": "4.4.c",
        "4.4.4": "4.4.d",
        "4.7.2": "4.7.b",
    },
}


def in_edition(edition: Edition, article: str) -> str:
    """``article`` (a 2023 number) as ``edition`` numbers it."""
    return _NUMBERS.get(edition, {}).get(article, article)


def edition_fields(edition: Edition, article: str, note: str | None = None) -> dict[str, str]:
    """Ruling fields citing ``article`` in ``edition``, with ``note`` and, where the numbers
    differ, the 2023 number after it."""
    found = in_edition(edition, article)
    notes = [text for text in (note, f"2023: {article}" if found != article else None) if text]
    fields = {"article": found}
    if notes:
        fields["note"] = joined(*notes) if len(notes) == 2 else notes[0]
    return fields
