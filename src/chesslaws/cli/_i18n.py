"""The command line's words in the reader's language: English, Spanish or Greek.

The texts are the message catalogs of ``chesslaws/locale`` (``LANG/LC_MESSAGES/chesslaws.mo``,
compiled from the ``.po`` files by ``tools/i18n.py``), read with the standard library's
:mod:`gettext` alone. The language is ``--lang`` where given, else the locale's (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them), else English. What other programs
read (JSON, CSV, PGN, the rulings' codes and Article numbers) stays the same in every language.
"""

from __future__ import annotations

import gettext
from pathlib import Path

__all__ = ["LANGUAGES", "N_", "_", "use_language"]

#: The folder of the compiled catalogs (package data).
LOCALE = Path(__file__).resolve().parents[1] / "locale"
DOMAIN = "chesslaws"
#: The languages of the catalogs, by their ISO 639-1 codes.
LANGUAGES = ("en", "es", "el")

_current: gettext.NullTranslations = gettext.NullTranslations()


def use_language(lang: str | None) -> None:
    """Speak ``lang`` (one of :data:`LANGUAGES`), or the locale's language when ``None``; a
    language without a catalog is English."""
    global _current
    languages = [lang] if lang else None
    _current = gettext.translation(DOMAIN, LOCALE, languages=languages, fallback=True)


def _(text: str) -> str:
    """``text`` (English, the catalogs' key) in the chosen language."""
    return _current.gettext(text)


def N_(text: str) -> str:
    """Mark ``text`` for the catalogs where it is defined; :func:`_` translates it where used."""
    return text
