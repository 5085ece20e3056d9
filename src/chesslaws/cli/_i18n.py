"""The command line's words in the reader's language: English, Spanish or Greek.

The texts are the message catalogs of ``chesslaws/locale`` (``LANG/LC_MESSAGES/chesslaws.mo``,
compiled from the ``.po`` files by ``tools/i18n.py``), read with the standard library's
:mod:`gettext` alone. The language is ``--lang`` where given, else the locale's (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them), else English. What other programs
read (JSON, CSV, PGN, the rulings' codes and Article numbers) stays the same in every language.
"""

from __future__ import annotations

import argparse
import gettext
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NoReturn

from chesslaws._words import rendered

__all__ = ["LANGUAGES", "N_", "Parser", "_", "in_english", "render", "use_language"]

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


def in_english() -> bool:
    """Whether the chosen language is English (the default, and the catalogs' keys)."""
    return _current.info().get("language", "en") == "en"


def language() -> str:
    """The chosen language's code (one of :data:`LANGUAGES`; ``en`` without a catalog)."""
    return str(_current.info().get("language", "en"))


def _(text: str) -> str:
    """``text`` (English, the catalogs' key) in the chosen language."""
    return _current.gettext(text)


def render(text: str) -> str:
    """A text of the library or the server in the chosen language: :class:`Words` from the
    catalogs with its parameters rendered in turn, any other text as it is."""
    return rendered(text, _)


def N_(text: str) -> str:
    """Mark ``text`` for the catalogs where it is defined; :func:`_` translates it where used."""
    return text


class _Usage(argparse.HelpFormatter):
    """A help formatter whose "usage:" is in the chosen language."""

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """An argument parser whose own words (usage, section titles, ``-h``, errors) are in the
    chosen language, as the commands' help is; sub-commands' parsers are of this class too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        formatter = kwargs.get("formatter_class", argparse.HelpFormatter)
        kwargs["formatter_class"] = type("Translated", (_Usage, formatter), {})
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        for action in self._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = _("show this help message and exit")

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, _("{prog}: error: {message}").format(prog=self.prog, message=message) + "\n")
