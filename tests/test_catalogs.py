"""Issue 31: every text a person reads, on the pages and on the command line, comes from the
message catalogs, and the catalogs are complete in Spanish and Greek.

Two checks. The catalogs' own (Babel's extractors over the CLI's ``_()``, the pages' ``t()`` and
the HTML marked ``data-i18n``): every text found is translated in es and el, not fuzzy, with the
same ``{fields}`` and tags, and the compiled ``.mo`` and JSON files are those of the ``.po``. And
a check of what is *not* marked: the pages' HTML text and attributes outside the marks, and the
JavaScript string literals that are words, outside ``t()``.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "src" / "chesslaws" / "server" / "web"


def _tool() -> ModuleType:
    pytest.importorskip("babel", reason="Babel (the test extra) extracts the catalogs")
    spec = importlib.util.spec_from_file_location("chesslaws_i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- the catalogs ------------------------------------------------------------------------------


def test_every_text_extracted_is_translated_in_spanish_and_greek() -> None:
    tool = _tool()
    wanted = {m.id for m in tool.template() if m.id}
    # The extractors find the pages' and the CLI's texts (not an empty set that passes).
    assert {"Write a move", "Threefold repetition (9.2)", "Scoresheet"} <= wanted
    assert "cannot read {file}: {why}" in wanted and "white - black" in wanted
    assert len(wanted) > 250
    assert tool.problems() == []


def test_every_t_call_of_the_scripts_is_extracted() -> None:
    """Babel's JavaScript extractor finds each ``t("…")`` of the pages, inside template literals
    too (read here by a plain pattern over the sources)."""
    tool = _tool()
    wanted = {m.id for m in tool.template() if m.id}
    called = set()
    for script in WEB.glob("*.js"):
        code = re.sub(r"^\s*//.*$", "", script.read_text(encoding="utf-8"), flags=re.M)
        for call in _T_CALL.findall(code):
            called.add("".join(json.loads(part) for part in re.findall(r'"(?:[^"\\]|\\.)*"', call)))
    assert len(called) > 150
    assert sorted(called - wanted) == []


def test_every_marked_text_of_the_cli_is_extracted() -> None:
    """Each ``_("…")`` and ``N_("…")`` of the CLI and the audit's table (read from the syntax
    tree, f-strings included, where Babel's extractor does not look) is in the template."""
    import ast

    tool = _tool()
    wanted = {m.id for m in tool.template() if m.id}
    package = ROOT / "src" / "chesslaws"
    marked = set()
    audit = [package / "audit" / "_output.py", package / "audit" / "_report.py"]
    for path in [*sorted((package / "cli").glob("*.py")), *audit]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "N_")
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                marked.add(node.args[0].value)
    assert len(marked) > 80
    assert sorted(marked - wanted) == []


@pytest.mark.parametrize(
    ("name", "source", "method", "text"),
    [
        ("new.js", 'label.textContent = t("A text nobody translated");', "javascript",
         "A text nobody translated"),
        # the arbiter's or the server's words (issue 31)
        ("_new.py", 'raise Rejected(Words("{player} sneezed", player=by))', "python",
         "{player} sneezed"),
    ],
)  # fmt: skip
def test_the_check_finds_a_text_missing_from_a_catalog(
    tmp_path: Path, name: str, source: str, method: str, text: str
) -> None:
    """The completeness check fails on a text no catalog has (so it is not vacuous)."""
    tool = _tool()
    (tmp_path / name).write_text(source + "\n")
    tool.SOURCES = ((tmp_path, name, method),)
    found = tool.problems()
    assert f"es: not in the catalog: {text!r}" in found
    assert f"el: not in the catalog: {text!r}" in found


def test_a_translation_keeps_the_fields_and_tags_of_the_english() -> None:
    tool = _tool()
    fields = tool._fields("Set the clock of {player} to <b>{time}</b>")
    assert fields == ["</b>", "<b>", "{player}", "{time}"]
    assert fields == tool._fields("Poner el reloj de {player} en <b>{time}</b>")
    assert fields != tool._fields("Poner el reloj en <b>{time}</b>")


def test_the_compiled_catalogs_speak_through_the_standard_library_alone() -> None:
    """The CLI reads the ``.mo`` files with :mod:`gettext` (no Babel at run time)."""
    import gettext

    locale = ROOT / "src" / "chesslaws" / "locale"
    es = gettext.translation("chesslaws", locale, languages=["es"])
    el = gettext.translation("chesslaws", locale, languages=["el"])
    assert es.gettext("White") == "Blancas" and el.gettext("White") == "Λευκά"
    assert es.gettext("cannot read {file}: {why}").format(file="x", why="y") == (
        "no se puede leer x: y"
    )


def test_the_pages_catalogs_carry_the_piece_letters_of_their_language() -> None:
    """The pages read a move in the player's letters with the same table as the library (C.3)."""
    from chesslaws.core import LANGUAGES

    for lang in ("es", "el"):
        body = json.loads((WEB / f"i18n-{lang}.json").read_text(encoding="utf-8"))
        assert body["pieces"] == LANGUAGES[lang].table
        assert body["messages"]["Write a move"] != "Write a move"


# -- the command line ---------------------------------------------------------------------------


def _cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "chesslaws", *args],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin", **env},
        timeout=60,
        check=False,
    )


def test_the_cli_speaks_the_locale_or_lang() -> None:
    spanish = _cli("--help", env={"LANG": "es_ES.UTF-8"})
    assert "Las Leyes del Ajedrez de la FIDE" in spanish.stdout
    greek = _cli("--lang", "el", "perft", "--help", env={"LANG": "es_ES.UTF-8"})
    assert "μισές κινήσεις σε βάθος" in greek.stdout  # --lang wins over the locale
    # argparse's own words too: usage, section titles, -h, the parser's errors.
    assert greek.stdout.startswith("χρήση: chesslaws perft") and "\nεπιλογές:\n" in greek.stdout
    assert "εμφάνιση αυτής της βοήθειας και έξοδος" in greek.stdout
    wrong = _cli("--lang", "es", "perft", "startpos", "x", env={})
    assert wrong.returncode == 2 and wrong.stderr.startswith("uso: chesslaws perft")
    english = _cli("perft", "--help", env={"LANG": "C"})
    assert "plies to look ahead" in english.stdout
    refused = _cli("--lang", "el", "audit", "/no/such/file.pgn", env={})
    assert refused.returncode == 2
    assert "chesslaws: σφάλμα: δεν διαβάζεται το /no/such/file.pgn" in refused.stderr


def test_the_cli_refuses_a_language_it_has_no_catalog_for() -> None:
    answer = _cli("--lang", "xx", "perft", "startpos", "1", env={})
    assert answer.returncode == 2 and "--lang" in answer.stderr and "'xx'" in answer.stderr


def test_the_audit_table_is_in_the_language_and_json_is_not(tmp_path: Path) -> None:
    pgn = tmp_path / "g.pgn"
    pgn.write_text('[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n')
    table = _cli("--lang", "es", "audit", "--all", str(pgn), env={})
    assert "1 partidas: 0 correcta, 1 con faltas, 0 ilegible" in table.stdout
    records = _cli("--lang", "es", "audit", "--jsonl", str(pgn), env={})
    assert json.loads(records.stdout)["verdict"] == "faulty"


# -- what is not marked -------------------------------------------------------------------------

#: Texts the pages show that are no words of any language: the program's name, the file format.
NO_WORDS = {"chesslaws", "PGN"}
#: Attributes a person reads.
READ_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")


class _UnmarkedText(HTMLParser):
    """Text and read attributes of a page outside the elements marked for translation."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, inside a mark)
        self.unmarked: list[str] = []
        self.title = ""
        self.data_title = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        marked = any(a in values for a in ("data-i18n", "data-i18n-html"))
        inside = bool(self.stack and self.stack[-1][1]) or marked
        listed = (values.get("data-i18n-attr") or "").split(",")
        for name in READ_ATTRIBUTES:
            if re.search(r"[A-Za-z]{2}", values.get(name) or "") and name not in listed:
                self.unmarked.append(f"<{tag} {name}={values[name]!r}>")
        if tag == "body":
            self.data_title = values.get("data-title") or ""
        if tag not in {"input", "meta", "link", "br", "img"}:
            self.stack.append((tag, inside))

    def handle_endtag(self, tag: str) -> None:
        if self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        where = self.stack[-1][0] if self.stack else ""
        if where == "title":
            self.title = text
            return
        if where in {"script", "style"} or not re.search(r"[A-Za-z]{2}", text):
            return
        if not (self.stack and self.stack[-1][1]) and text not in NO_WORDS:
            self.unmarked.append(text)


def test_the_pages_html_has_no_text_outside_the_catalogs() -> None:
    pages = sorted(WEB.glob("*.html"))
    assert len(pages) >= 5
    for page in pages:
        parser = _UnmarkedText()
        parser.feed(page.read_text(encoding="utf-8"))
        assert parser.unmarked == [], page.name
        # The window's title: the body's data-title, translated by i18n.js.
        assert parser.title == f"{parser.data_title} · chesslaws", page.name


def _literals(source: str) -> list[str]:
    """The string literals of JavaScript ``source`` (template literals with each ``${…}`` as
    ``X``), comments left out; ``t(…)`` calls are taken out first with their literals."""
    found: list[str] = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            end = source.find("\n", i)
            i = n if end < 0 else end
        elif source.startswith("/*", i):
            i = source.find("*/", i) + 2
        elif c in "\"'`":
            j, text, depth = i + 1, [], 0
            while j < n and (source[j] != c or depth):
                if source[j] == "\\":
                    text.append(source[j : j + 2])
                    j += 2
                    continue
                if c == "`" and source.startswith("${", j):
                    depth += 1
                    text.append("X")
                    j += 2
                    continue
                if depth and source[j] == "}":
                    depth -= 1
                elif not depth:
                    text.append(source[j])
                j += 1
            found.append("".join(text))
            i = j + 1
        else:
            i += 1
    return found


_T_CALL = re.compile(r"\bt\(\s*(?:\"(?:[^\"\\]|\\.)*\"\s*\+?\s*)+")
#: Words to a person: two words of letters in a row, once markup is taken out.
_WORDS = re.compile(r"[A-Za-z]{2,}[,:;]? +[A-Za-z]{2,}")
_MARKUP = re.compile(r"<[^<>]*>|<\w[^<>]*$|^[^<>]*>")
#: Literals that hold words but are no text shown: an SVG namespace; the QR encoder's error for
#: a text too long, a programming error left on the console (a seat's link is ~90 bytes).
_CODE = {"http://www.w3.org/2000/svg", "a QR code of version 10 at most holds 213 bytes, not X"}
#: SVG path data ("M3 1 V15"), and class lists given to className or class:.
_PATH_DATA = re.compile(r"^[MLHVCSQTAZmlhvcsqtazX\d .,-]+$")
_CLASSES = re.compile(r"(?:className\s*=|class:)\s*(?:\"[^\"]*\"|`[^`]*`)")


def _unmarked_words(source: str) -> list[str]:
    """The literals of ``source`` that are words shown to a person but are not in ``t()``, and
    the literals set straight as an element's text."""
    bare = _CLASSES.sub("className = X", _T_CALL.sub("t(", source))
    found = [
        text
        for text in _literals(bare)
        if text not in _CODE
        and not _PATH_DATA.match(text)
        and _WORDS.search(_MARKUP.sub(" ", text))
    ]
    shown = r"\.(?:textContent|title|placeholder|innerText)\s*=\s*[\"']([^\"']*[A-Za-z]{2}[^\"']*)"
    found += re.findall(shown, bare)
    return found


def test_the_check_of_the_scripts_finds_an_english_text_left_out() -> None:
    planted = (
        'const a = t("Your move.");\n'
        'button.textContent = "Copy";\n'
        'say(`Cannot read ${text}: write it as players do`);\n'
        'const svg = `<svg xmlns="${SVG}" viewBox="0 0 8 8" class="piece white">`;\n'
        '// a comment says what it likes\n'
    )
    assert _unmarked_words(planted) == ["Cannot read X: write it as players do", "Copy"]


def test_the_pages_scripts_show_no_text_outside_the_catalogs() -> None:
    scripts = sorted(WEB.glob("*.js"))
    assert len(scripts) >= 8
    for script in scripts:
        assert _unmarked_words(script.read_text(encoding="utf-8")) == [], script.name


def test_the_check_of_the_html_finds_a_text_left_out() -> None:
    parser = _UnmarkedText()
    parser.feed(
        '<body data-title="Play"><p>Hello world</p><p data-i18n>Fine <b>text</b></p>'
        '<input placeholder="type here"><input placeholder="name" data-i18n-attr="placeholder">'
        '<a class="brand">chesslaws</a></body>'
    )
    assert parser.unmarked == ["Hello world", "<input placeholder='type here'>"]


# -- what the library and the server write in words ----------------------------------------------

#: The calls whose text a person reads (a refusal, a rejection) and the keyword of a ruling's note.
_SAID = {"Rejected", "Refused", "BadRequest", "Busy"}


def _plain(node: Any) -> bool:
    """Whether the expression ``node`` (a syntax tree's) is or builds a plain string."""
    import ast

    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.BinOp):
        return _plain(node.left) or _plain(node.right)
    if isinstance(node, ast.Subscript):
        return _plain(node.value)
    if isinstance(node, ast.IfExp):
        return _plain(node.body) or _plain(node.orelse)
    return isinstance(node, ast.JoinedStr)


def _plain_texts(source: str, name: str = "<source>") -> list[str]:
    """Texts of ``source`` a person reads that are written as plain strings (not ``Words``): the
    argument of ``Rejected(…)``/``Refused(…)``/``BadRequest(…)``/``Busy(…)``, a ``refusal(…)``'s
    reason, an HTTP ``_error(…)``'s message, a ``note=``, and an assignment to ``note``. A name
    or a call is taken as built elsewhere (and checked there)."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        texts: list[ast.expr] = []
        if isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else None
            if called in _SAID and node.args:
                texts.append(node.args[0])
            if called == "refusal" and len(node.args) == 3:
                texts.append(node.args[2])
            if called == "_error" and len(node.args) == 2:  # an HTTP error's JSON
                texts.append(node.args[1])
            texts += [k.value for k in node.keywords if k.arg == "note"]
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "note" for t in targets) and node.value:
                texts.append(node.value)
        found += [f"{name}:{t.lineno}: {ast.unparse(t)}" for t in texts if _plain(t)]
    return found


def test_the_library_and_the_server_write_no_plain_text_to_a_person() -> None:
    """Every refusal, rejection and note of the arbiter and the server is ``Words`` (a code and
    its parameters), so that it is in the catalogs and the pages render it translated."""
    package = ROOT / "src" / "chesslaws"
    found = []
    for path in sorted([*(package / "arbiter").glob("*.py"), *(package / "server").glob("*.py")]):
        if path.name == "_pgn.py":  # the PGN writer's comments: PGN is English (C)
            continue
        found += _plain_texts(path.read_text(encoding="utf-8"), path.name)
    assert found == []


def test_the_check_of_plain_texts_finds_one_planted() -> None:
    planted = (
        "def f(d, by):\n"
        "    if d.over:\n"
        '        raise Rejected(f"{by.label} may not")\n'
        '    note = "the arbiter decides"\n'
        '    note += "; twice"\n'
        '    send(refusal(None, None, "slow down"))\n'
        '    r = ruling(1, note="plain" if d else Words("kept"))\n'
        '    raise Refused(Words("fine: {x}", x=by))\n'
    )
    assert sorted(line.split(": ", 1)[0] for line in _plain_texts(planted, "p")) == [
        "p:3", "p:4", "p:5", "p:6", "p:7"
    ]


#: The lower layers' calls whose text a person reads: the argument that holds it, and how many
#: arguments the call has (None: any). A time control's reader (``r.fail(expected)``), a FEN's
#: and a move's errors (``_fail(fen, field, problem)``, ``_error(kind, text, pos, why)``), the
#: e-board's notices (``_notice(d, at, kind, text)``, ``Notice(at, kind, text)``).
_LOWER_SAID = {
    "TimeControlError": (0, None),
    "fail": (0, None),
    "_fail": (2, 3),
    "_error": (3, 4),
    "_notice": (3, 4),
    "Notice": (2, 3),
}


def _plain_arguments(source: str, name: str = "<source>") -> list[str]:
    """The texts of :data:`_LOWER_SAID`'s calls in ``source`` written as plain strings."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        index, count = _LOWER_SAID.get(called or "", (-1, None))
        if 0 <= index < len(node.args) and count in (None, len(node.args)):
            text = node.args[index]
            if _plain(text):
                found.append(f"{name}:{text.lineno}: {ast.unparse(text)}")
    return found


def test_the_lower_layers_write_no_plain_text_to_a_person() -> None:
    """A time control, a FEN or a move that cannot be read, and the e-board's notices, are
    ``Words``: the home page, the "write a move" box, ``chesslaws arbitrate`` and ``eboard``
    show them in the reader's language."""
    package = ROOT / "src" / "chesslaws"
    paths = [*(package / "clock").glob("_*.py"), *(package / "eboard").glob("_*.py")]
    paths += [package / "core" / name for name in ("_fen.py", "_notation.py", "_languages.py")]
    # (a readings log's syntax errors: ``fail(field, words)``, checked below with the event log's)
    shown = [path for path in sorted(paths) if path.name != "_readings.py"]
    assert [t for p in shown for t in _plain_arguments(p.read_text(encoding="utf-8"), p.name)] == []


def test_the_check_of_the_lower_layers_finds_one_planted() -> None:
    planted = (
        "def f(r, d, fen, pos):\n"
        '    r.fail("a number")\n'
        '    r.fail(Words("a number"))\n'
        '    raise _fail(fen, "board", f"rank {1} is short")\n'
        '    raise _error(IllegalMove, "e5", pos, "illegal move")\n'
        '    _notice(d, 0, "knocked", "e2 knocked over " + "now")\n'
        '    d.said.append(Notice(0, "board_set", Words("set")))\n'
        '    raise TimeControlError("bad" if d else Words("worse"), text="x")\n'
    )
    assert [line.split(": ", 1)[0] for line in _plain_arguments(planted, "p")] == [
        "p:2", "p:4", "p:5", "p:6", "p:8"
    ]


def test_every_words_text_of_the_library_is_extracted() -> None:
    """Each ``Words("…")`` of the library and the server (read from the syntax tree) is in the
    template, and so in every catalog (the first test checks those)."""
    import ast

    tool = _tool()
    wanted = {m.id for m in tool.template() if m.id}
    written = set()
    for folder, pattern, _method in tool.WORDS:
        for path in folder.glob(pattern):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "Words"
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                ):
                    written.add(node.args[0].value)
    assert len(written) > 180
    assert {"{by} does not have the move (1.3)", "{time} for all moves", "white"} <= written
    assert sorted(written - wanted) == []


def test_the_pages_catalogs_carry_the_servers_words() -> None:
    """The pages render the server's words from their JSON catalogs: those texts are exported."""
    for lang in ("es", "el"):
        messages = json.loads((WEB / f"i18n-{lang}.json").read_text(encoding="utf-8"))["messages"]
        assert "the clock is paused (6.11)" in messages
        assert "{period} + {increment} per move" in messages
        assert "cannot read {file}: {why}" not in messages  # the CLI's alone stay out


def test_the_cli_help_of_a_command_is_in_the_language() -> None:
    """A command's description (its module docstring) and the tournament's help are translated."""
    greek = _cli("--lang", "el", "arbitrate", "--help", env={})
    assert "διαιτησία μιας παρτίδας από το αρχείο γεγονότων της" in greek.stdout
    spanish = _cli("--lang", "es", "tournament", "new", "--help", env={})
    assert "sobrescribir un fichero existente" in spanish.stdout
    english = _cli("arbitrate", "--help", env={"LANG": "C"})
    assert "conduct a game from its event log" in english.stdout


#: The logs' and the reports' errors and notes: the calls whose argument at ``index`` a person
#: reads, for the number of arguments given (None: any). A log's reader names the field first
#: (``fail("at", words)``); the Appendix D reader's ``fail(words)`` is handed to it.
_LOG_SAID: dict[str, list[tuple[int, int | None]]] = {
    "fail": [(1, 2), (0, 1)],
    "InvalidEvent": [(0, None)],
    "InvalidReading": [(0, None)],
    "ClockError": [(0, None)],
    "PgnError": [(0, None)],
    "ChessLawsError": [(0, None)],
    "ValueError": [(0, None)],
    "Finding": [(3, None)],
    "MatchError": [(0, None)],
    "EngineError": [(0, None)],
}
#: Names that hold a sentence being built (a reason, a finding's message, a part of one).
_SENTENCES = {"reason", "message", "said", "why", "how", "when", "cannot", "text", "after"}
#: Words in a text: two words of letters (a token such as "(" or "$12" is none).
_IN_WORDS = re.compile(r"[A-Za-z]{2,}[,:;']? +[A-Za-z]{2,}")


def _worded(node: Any) -> bool:
    """Whether the expression ``node`` is plain text (not ``Words``) holding words."""
    import ast

    if not _plain(node):
        return False
    return any(
        isinstance(part, ast.Constant) and isinstance(part.value, str)
        and bool(_IN_WORDS.search(part.value))
        for part in ast.walk(node)
    )  # fmt: skip


def _plain_in_logs(source: str, name: str = "<source>") -> list[str]:
    """The texts a person reads in ``source`` written as plain strings: the arguments of
    :data:`_LOG_SAID`'s calls, the sentences of the tuples a reader appends as its errors and
    notes (``(offset, token, reason)``), assignments to :data:`_SENTENCES`' names, and
    ``Words`` whose template is not written out (no catalog would have it)."""
    import ast

    found: list[ast.expr] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            for index, count in _LOG_SAID.get(called, []):
                if index < len(node.args) and count in (None, len(node.args)):
                    found += [node.args[index]] if _plain(node.args[index]) else []
            if called == "Words" and not (node.args and isinstance(node.args[0], ast.Constant)):
                found.append(node)  # a template the catalogs' extractor cannot read
            if called in ("append", "extend") and node.args:
                tuples = [t for t in ast.walk(node.args[0]) if isinstance(t, ast.Tuple)]
                found += [e for t in tuples for e in t.elts if _worded(e)]
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and node.value:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            named = any(isinstance(t, ast.Name) and t.id in _SENTENCES for t in targets)
            if named and _worded(node.value):
                found.append(node.value)
    return [f"{name}:{t.lineno}: {ast.unparse(t)}" for t in found]


def test_the_logs_and_the_reports_write_no_plain_text_to_a_person() -> None:
    """An event or a reading that cannot be read, a clock misused, what the PGN reader mended
    or could not read, the audit's findings and an engine match's errors are ``Words``:
    ``chesslaws arbitrate``, ``eboard``, ``audit`` and ``match`` show them in the reader's
    language, the pages a refused event's too."""
    package = ROOT / "src" / "chesslaws"
    names = [
        "arbiter/_events.py", "arbiter/_appendix_d.py", "arbiter/_time.py",
        "arbiter/_clockface.py", "eboard/_readings.py", "eboard/_session.py",
        "clock/_clock.py", "audit/_judge.py", "audit/_record.py", "cli/_cmd_arbitrate.py",
        *(f"pgn/{p.name}" for p in sorted((package / "pgn").glob("_*.py"))),
        *(f"engines/{p.name}" for p in sorted((package / "engines").glob("_*.py"))),
    ]  # fmt: skip
    found = [
        line for name in names
        for line in _plain_in_logs((package / name).read_text(encoding="utf-8"), name)
    ]  # fmt: skip
    assert found == []


def test_the_check_of_the_logs_finds_one_planted() -> None:
    planted = (
        "def f(reader, fail, errors, tc, n, f2):\n"
        '    raise reader.fail("at", f"\'at\' is negative: {n}")\n'
        '    raise reader.fail("at", Words("\'at\' is negative: {value}", value=n))\n'
        '    raise fail("\'appendix_d\' must be an object")\n'
        '    raise ClockError("stop: the clock is already stopped")\n'
        '    errors.append((n, "(", "variation before any move"))\n'
        '    errors.append((n, "(", Words("variation before any move")))\n'
        '    found.append(Finding(0, Code.ADJOURNED, "I.1", f"after {n} the game was adjourned"))\n'
        '    reason = f"{n} is not a legal move"\n'
        '    reason = "$" + n\n'
        '    raise InvalidEvent(f"line {n}: not valid JSON", line=n)\n'
        "    raise reader.fail('time_controls', Words(_BOTH_FORMS))\n"
    )
    lines = [int(line.split(":")[1]) for line in _plain_in_logs(planted, "p")]
    assert sorted(lines) == [2, 4, 5, 6, 8, 9, 11, 12]

