"""Writing audit records: JSON Lines and CSV for programs, a summary table for people.

The table uses ``rich`` when it is installed (the optional extra ``chesslaws[tools]``) and plain
text otherwise. JSON Lines and CSV stream one record per game; the table lists the games with
findings or errors, then counts every verdict and finding.
"""

from __future__ import annotations

import csv
import json
import textwrap
from collections import Counter
from collections.abc import Callable, Iterable
from typing import IO, Any

from ._record import AuditRecord, Verdict

__all__ = ["CSV_FIELDS", "ProgressBar", "write_csv", "write_jsonl", "write_table"]

CSV_FIELDS = (
    "file",
    "game",
    "white",
    "black",
    "recorded_result",
    "lawful_result",
    "verdict",
    "ending",
    "plies",
    "error",
    "findings",
)


#: Words in the reader's language: English (the catalogs' keys) unless the caller gives the
#: catalog's ``gettext`` (the CLI's ``--lang``). The marker only lets the extractor find them.
Words = Callable[[str], str]


def N_(text: str) -> str:
    return text


#: The verdicts in words (their values stay English in JSON and CSV).
_VERDICT_WORDS = {
    Verdict.CLEAN: N_("clean"),
    Verdict.FAULTY: N_("faulty"),
    Verdict.UNREADABLE: N_("unreadable"),
}


_CONTROLS = {code: f"\\x{code:02x}" for code in (*range(32), 127)} | {
    code: f"\\u{code:04x}" for code in range(0x80, 0xA0)
}


def printable(text: str) -> str:
    """``text`` with control characters (terminal escape sequences among them) written as
    ``\\x1b``-style escapes: what a tag says is shown, never obeyed by the terminal."""
    return text.translate(_CONTROLS) if not text.isprintable() else text


def _lawful(record: AuditRecord) -> str:
    """The lawful result, or ``?`` where the game could not be read far enough to know it."""
    return "?" if record.lawful_result is None else record.lawful_result


def write_jsonl(records: Iterable[AuditRecord], out: IO[str]) -> int:
    """One JSON object per line and game; returns the number of games."""
    count = 0
    for record in records:
        out.write(json.dumps(record.as_dict(), ensure_ascii=False) + "\n")
        count += 1
    return count


def _error_text(record: AuditRecord) -> str:
    error = record.error
    if error is None:
        return ""
    text = f"line {error['line']}, column {error['column']}: {error['reason']}"
    return printable(text + (f": {error['text']!r}" if error["text"] else ""))


def write_csv(records: Iterable[AuditRecord], out: IO[str]) -> int:
    """A header and one row per game; findings as ``ply:code:article`` joined by ``;``."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    count = 0
    for record in records:
        writer.writerow(
            [
                printable(record.file),
                record.game,
                printable(record.white),
                printable(record.black),
                printable(record.recorded_result),
                "" if record.lawful_result is None else record.lawful_result,
                record.verdict.value,
                record.ending or "",
                record.plies,
                _error_text(record),
                ";".join(f"{f.ply}:{f.code.label}:{f.article}" for f in record.findings),
            ]
        )
        count += 1
    return count


def _rows(record: AuditRecord, _: Words = N_) -> list[tuple[str, str]]:
    """(where, what) lines describing a record's findings and error."""
    rows = [
        (
            _("ply {n}").format(n=f.ply) if f.ply else "",
            f"[{f.article}] {f.code.label}: {f.message}",
        )
        for f in record.findings
    ]
    if record.error is not None and not any(f.is_fault for f in record.findings):
        rows.append(("", _("unreadable: {why}").format(why=_error_text(record))))
    return rows


def write_table(
    records: Iterable[AuditRecord],
    out: IO[str],
    *,
    use_rich: bool | None = None,
    every: bool = False,
    words: Words = N_,
) -> Counter[str]:
    """The games with findings (``every``: all games) as a table, then a summary, in the words
    of ``words`` (a catalog's ``gettext``; English by default).

    Returns the counts of verdicts and finding codes.
    """
    counts: Counter[str] = Counter()
    listed: list[AuditRecord] = []
    for record in records:
        counts["games"] += 1
        counts[record.verdict.value] += 1
        for finding in record.findings:
            counts[finding.code.label] += 1
        if every or record.findings or record.error is not None:
            listed.append(record)
    if use_rich is None:
        use_rich = _has_rich()
    if use_rich:
        _rich_table(listed, counts, out, words)
    else:
        _plain_table(listed, counts, out, words)
    return counts


def _has_rich() -> bool:
    try:
        import rich  # noqa: F401
    except ImportError:
        return False
    return True


def _summary(counts: Counter[str], _: Words) -> list[str]:
    verdicts = ", ".join(f"{counts[v.value]} {_(_VERDICT_WORDS[v])}" for v in Verdict)
    lines = [_("{n} games: {verdicts}").format(n=counts["games"], verdicts=verdicts)]
    codes = sorted(
        (k, n) for k, n in counts.items() if k not in {"games", *(v.value for v in Verdict)}
    )
    if codes:
        lines.append(_("findings: {list}").format(list=", ".join(f"{k} {n}" for k, n in codes)))
    return lines


def _plain_table(listed: list[AuditRecord], counts: Counter[str], out: IO[str], _: Words) -> None:
    """Fits an 80-column terminal: 79 characters a line, findings wrapped below their game."""
    names = [_("file"), _("game"), _("white - black"), _("recorded"), _("lawful"), _("verdict")]
    file, game, players, recorded, lawful, verdict = (_short(n, 26, tail=False) for n in names)
    header = (  # a longer word than its column is cut at its end ("part…"), as a name is
        f"{_short(file, 16, tail=False):16} {_short(game, 5, tail=False):>5}  {players:26} "
        f"{_short(recorded, 8, tail=False):8} {_short(lawful, 8, tail=False):8} {verdict}"
    )
    if listed:
        out.write(header + "\n" + "-" * len(header) + "\n")
    for record in listed:
        players = printable(f"{record.white} - {record.black}")
        recorded = _short(printable(record.recorded_result), 8)
        out.write(
            f"{_short(printable(record.file), 16):16} {record.game:>5}  "
            f"{_short(players, 26, tail=False):26} {recorded:8} "
            f"{_lawful(record):8} {_(_VERDICT_WORDS[record.verdict])}\n"
        )
        for where, what in _rows(record, _):
            lines = textwrap.wrap(printable(what), 79 - 18) or [""]
            out.write(f"{where:>16}  {lines[0]}\n")
            for more in lines[1:]:
                out.write(f"{'':18}{more}\n")
    if listed:
        out.write("\n")
    for line in _summary(counts, _):
        out.write(line + "\n")


def _short(text: str, width: int, *, tail: bool = True) -> str:
    """``text`` cut to ``width`` characters, keeping its end (``tail``) or its start."""
    if len(text) <= width:
        return text
    return "…" + text[-(width - 1) :] if tail else text[: width - 1] + "…"


def _rich_table(listed: list[AuditRecord], counts: Counter[str], out: IO[str], _: Words) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(file=out, highlight=False)
    style = {Verdict.FAULTY: "red", Verdict.UNREADABLE: "yellow", Verdict.CLEAN: "green"}
    tables: dict[str, Table] = {}
    for record in listed:
        table = tables.get(record.file)
        if table is None:
            title = Text(printable(record.file))
            table = tables[record.file] = Table(title=title, title_justify="left")
            table.add_column(_("game"), justify="right")
            table.add_column(_("white - black"), max_width=24)
            table.add_column(_("recorded"))
            table.add_column(_("lawful"))
            table.add_column(_("finding"), ratio=1)
        colour = style[record.verdict]
        details = "\n".join(
            f"{where}: {what}" if where else what for where, what in _rows(record, _)
        )
        # Text cells: what a tag says is shown as written, never read as rich markup.
        table.add_row(
            str(record.game),
            Text(printable(f"{record.white} - {record.black}")),
            Text(printable(record.recorded_result)),
            Text(_lawful(record), style=colour),
            Text(printable(details) or "-"),
        )
    for table in tables.values():
        console.print(table)
    for line in _summary(counts, _):
        console.print(line, markup=False)


class ProgressBar:
    """A progress bar on stderr by bytes of input audited (``rich``), or nothing without it."""

    def __init__(self, enabled: bool) -> None:
        self._progress: Any = None
        self._task: Any = None
        if enabled and _has_rich():
            from rich.console import Console
            from rich.progress import Progress

            self._progress = Progress(console=Console(stderr=True), transient=True)

    def __enter__(self) -> ProgressBar:
        if self._progress is not None:
            self._progress.start()
            self._task = self._progress.add_task("auditing", total=None)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()

    def update(self, done: int, total: int) -> None:
        """Record that ``done`` of ``total`` bytes have been audited."""
        if self._progress is not None:
            self._progress.update(self._task, completed=done, total=total)
