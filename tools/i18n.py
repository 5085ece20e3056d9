"""The message catalogs of chesslaws: extracted, updated and compiled with Babel.

    python tools/i18n.py update    # extract the texts, refresh messages.pot and each LANG.po
    python tools/i18n.py compile   # write each LANG.mo (the CLI) and i18n-LANG.json (the pages)
    python tools/i18n.py check     # what is untranslated, fuzzy or not compiled (exit 1 if any)

The texts are found by Babel's extractors: ``_("…")`` and ``N_("…")`` in the CLI's Python
(and the audit's table), ``t("…")`` in the pages' JavaScript, and, by the extractor below,
the HTML marked ``data-i18n`` (text), ``data-i18n-html`` (text with inline markup),
``data-i18n-attr`` (the attributes named) and a body's ``data-title``. The sources of the
catalogs are the ``.po`` files under ``src/chesslaws/locale``; the ``.mo`` and JSON files are
compiled from them and committed, so that an install needs no Babel (the CLI reads ``.mo``
with the standard library's ``gettext``). Babel is needed only here (the ``test`` extra).
"""

from __future__ import annotations

import ast
import fnmatch
import io
import json
import re
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "chesslaws"
LOCALE = PACKAGE / "locale"
WEB = PACKAGE / "server" / "web"
DOMAIN = "chesslaws"
#: The languages of the catalogs; English is the source (its texts are the keys).
LANGUAGES = ("en", "es", "el")
#: Texts a language writes as English does (a translation equal to its key is otherwise taken
#: for one never made).
SAME = {
    "es": {"chesslaws: error: {message}", "{prog}: error: {message}", "Art. {number}", "blitz"}
    | {"s", "min", "{seconds} s", "{minutes} min", "{minutes} min {seconds} s"}
    | {"chesslaws: error: --new-game: {error}", "set_control: {error}"},
}
#: Texts that are only the order of their parts: the same in every language.
for _lang in ("es", "el"):
    SAME.setdefault(_lang, set()).update(
        {"{first}; {then}", "{pgn} ({words})", "{pgn} = {words}", "{reading} · {category}"}
        | {"set_control: {error}", "{first}, {then}", "{text} ({language})", "{what}: {said}"}
        | {"{file}: {why}", "{where}: {error}", "{option}={text}: {error}"}
    )
#: The library's sources of :class:`chesslaws._words.Words` (each ``Words("…")`` call).
WORDS = (
    (PACKAGE, "_*.py", "python"),
    (PACKAGE / "arbiter", "*.py", "python"),
    (PACKAGE / "server", "*.py", "python"),
    # the lower layers' errors a person reads (a time control, a FEN or a move that cannot be
    # read) and the e-board's notices
    (PACKAGE / "clock", "_*.py", "python"),
    (PACKAGE / "core", "_*.py", "python"),
    (PACKAGE / "eboard", "_*.py", "python"),
)
#: Words only the command line shows: the audit's findings and the PGN reader's notes and
#: errors (``chesslaws audit``), an engine match's errors (``chesslaws match``), left out of
#: the pages' catalogs.
CLI_WORDS = (
    (PACKAGE / "audit", "_judge.py", "python"),
    (PACKAGE / "audit", "_record.py", "python"),
    (PACKAGE / "pgn", "_*.py", "python"),
    (PACKAGE / "engines", "_*.py", "python"),
)
#: Where the texts are, and how each kind is read.
SOURCES = (
    (PACKAGE / "cli", "*.py", "python"),
    (PACKAGE / "audit", "_output.py", "python"),
    (PACKAGE / "audit", "_report.py", "python"),
    (PACKAGE / "audit", "_html.py", "python"),
    (WEB, "*.js", "javascript"),
    (WEB, "*.html", "html"),
    # What the library and the server write as Words (refusals, rulings' notes, a time control
    # in words): the pages render them from a message's ``i18n`` field, the CLI with gettext.
    *WORDS,
    *CLI_WORDS,
)
KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "t": None, "Words": None}
#: ``t("…")`` inside a template literal's ``${…}`` is found too.
OPTIONS = {"parse_template_string": True}


#: Elements without an end tag.
_VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _MarkedText(HTMLParser):
    """The texts of an HTML page marked for translation, with their lines."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, str, int, list[str]]] = []  # (tag, kind, line, parts)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        line = self.getpos()[0]
        for name in (values.get("data-i18n-attr") or "").split(","):
            if name and values.get(name):
                self.found.append((line, str(values[name])))
        if values.get("data-title"):
            self.found.append((line, str(values["data-title"])))
        for _tag, kind, _line, parts in self._open:
            if kind == "html":
                parts.append(self.get_starttag_text() or "")
        if "data-i18n" in values:
            self._open.append((tag, "text", line, []))
        elif "data-i18n-html" in values:
            self._open.append((tag, "html", line, []))
        elif self._open and tag not in _VOID:
            self._open.append((tag, "", line, []))

    def handle_endtag(self, tag: str) -> None:
        if not self._open:
            return
        name, kind, line, parts = self._open.pop()
        if kind:
            self.found.append((line, " ".join("".join(parts).split())))
        for _tag, outer, _line, outer_parts in self._open:
            if outer == "html":
                outer_parts.append(f"</{tag}>")
        if name != tag:
            raise ValueError(f"line {line}: <{name}> closed by </{tag}>: mark well-formed HTML")

    def handle_data(self, data: str) -> None:
        for _tag, kind, _line, parts in self._open:
            if kind:
                parts.append(data if kind == "text" else _escape(data))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def extract_html(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[Any]:
    """Babel extraction method for the pages' HTML (see the module's docstring)."""
    parser = _MarkedText()
    parser.feed(fileobj.read().decode("utf-8"))
    for line, text in parser.found:
        if text:
            yield line, "", text, []


def template() -> Catalog:
    """Every text of the CLI and the pages, as a catalog template."""
    catalog = Catalog(project="chesslaws", domain=DOMAIN, fuzzy=False)
    for folder, pattern, method in SOURCES:
        for path in sorted(folder.glob(pattern)):
            how: Any = extract_html if method == "html" else method
            with path.open("rb") as handle:
                found = extract(how, handle, keywords=KEYWORDS, options=OPTIONS)
                for line, text, _comments, _context in found:
                    if isinstance(text, str) and text.strip():
                        name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
                        catalog.add(text, locations=[(str(name), line)])
    for path in sorted((PACKAGE / "cli").glob("_cmd_*.py")):
        doc = _translated_docstring(path)
        if doc:
            catalog.add(doc, locations=[(str(path.relative_to(ROOT)), 1)])
    return catalog


def _translated_docstring(path: Path) -> str | None:
    """The module docstring of a command that shows it as its help (``_(__doc__ …)``)."""
    source = path.read_text(encoding="utf-8")
    if "_(str(__doc__))" not in source:
        return None
    return ast.get_docstring(ast.parse(source), clean=False)


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(lang: str) -> Catalog:
    with po_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def update() -> None:
    """Refresh messages.pot and each language's .po from the sources (new texts untranslated,
    texts no longer used dropped; no fuzzy guesses)."""
    pot = template()
    LOCALE.mkdir(parents=True, exist_ok=True)
    with (LOCALE / f"{DOMAIN}.pot").open("wb") as handle:
        write_po(handle, pot, omit_header=False, width=100)
    for lang in LANGUAGES:
        path = po_path(lang)
        if path.exists():
            catalog = read_catalog(lang)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=lang, project="chesslaws", domain=DOMAIN)
        catalog.update(template(), no_fuzzy_matching=True)  # a template of its own: en's
        # messages are given their English, and must not lend it to the others
        catalog.obsolete.clear()
        if lang == "en":
            for message in catalog:
                if message.id:
                    message.string = message.id
        with path.open("wb") as handle:
            write_po(handle, catalog, width=100)


def compiled(lang: str) -> tuple[bytes, str | None]:
    """The .mo bytes of a language, and its JSON for the pages (None for English)."""
    catalog = read_catalog(lang)
    mo = io.BytesIO()
    write_mo(mo, catalog)
    if lang == "en":
        return mo.getvalue(), None
    # the pages' texts and the Words they render
    shown_by_pages = (*WORDS, (WEB, "*", ""))
    pages = [f"{folder.relative_to(ROOT)}/{pattern}" for folder, pattern, _ in shown_by_pages]
    messages = {
        m.id: m.string
        for m in catalog
        if m.id and m.string and not m.fuzzy
        and any(fnmatch.fnmatch(p, shown) for p, _ in m.locations for shown in pages)
    }
    body = {"lang": lang, "messages": dict(sorted(messages.items())), "pieces": _pieces(lang)}
    return mo.getvalue(), json.dumps(body, ensure_ascii=False, indent=1) + "\n"


def _pieces(lang: str) -> dict[str, str]:
    """The language's piece letters -> English ones (the one home: chesslaws.core)."""
    sys.path.insert(0, str(ROOT / "src"))
    from chesslaws.core import LANGUAGES as LETTERS

    return dict(LETTERS[lang].table)


def compile_all() -> None:
    for lang in LANGUAGES:
        mo, pages = compiled(lang)
        po_path(lang).with_suffix(".mo").write_bytes(mo)
        if pages is not None:
            (WEB / f"i18n-{lang}.json").write_text(pages, encoding="utf-8")


def problems() -> list[str]:
    """What keeps the catalogs from being complete: texts of the sources missing from a
    language, untranslated or fuzzy, and compiled files that are not those of the .po."""
    found = []
    wanted = {m.id for m in template() if m.id}
    for lang in LANGUAGES:
        catalog = read_catalog(lang)
        have = {m.id: m for m in catalog if m.id}
        for text in sorted(wanted):
            message = have.get(text)
            if message is None:
                found.append(f"{lang}: not in the catalog: {text!r}")
            elif not message.string or (
                lang != "en" and message.string == text and text not in SAME.get(lang, ())
            ):
                found.append(f"{lang}: untranslated: {text!r}")
            elif message.fuzzy:
                found.append(f"{lang}: fuzzy: {text!r}")
            elif _fields(message.string) != _fields(text):
                found.append(f"{lang}: not the same {{fields}} as the English: {text!r}")
        mo, pages = compiled(lang)
        if po_path(lang).with_suffix(".mo").read_bytes() != mo:
            found.append(f"{lang}: {DOMAIN}.mo is not compiled from {DOMAIN}.po")
        json_path = WEB / f"i18n-{lang}.json"
        if pages is not None and (
            not json_path.exists() or json_path.read_text(encoding="utf-8") != pages
        ):
            found.append(f"{lang}: {json_path.name} is not exported from {DOMAIN}.po")
    return found


def _fields(text: str) -> list[str]:
    """The ``{name}`` fields and the HTML tags of a text, sorted: a translation keeps them."""
    return sorted(re.findall(r"\{\w+\}|<[^>]+>", text))


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        for line in problems():
            print(line)
        return 1 if problems() else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
