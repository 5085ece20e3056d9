"""Writing audit records: JSON Lines, CSV and Parquet for programs, a table for people.

The table uses ``rich`` when it is installed (the optional extra ``chesslaws[tools]``) and plain
text otherwise. JSON Lines and CSV stream one record per game; the table lists the games with
findings or errors, then the summary (every verdict and finding kind counted, the worst games).
The progress of a long audit is a line on stderr.
"""

from __future__ import annotations

import csv
import json
import textwrap
import time
from collections.abc import Callable, Iterable
from typing import IO, Any

from chesslaws._errors import ChessLawsError
from chesslaws._words import rendered

from ._record import AuditRecord, Verdict, read_at
from ._report import N_, VERDICT_WORDS, Summary, Words, printable

__all__ = [
    "CSV_FIELDS",
    "ParquetWriter",
    "ProgressLine",
    "printable",
    "progress_text",
    "write_csv",
    "write_jsonl",
    "write_table",
]

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


def _error_text(record: AuditRecord, _: Words = N_) -> str:
    """Where the game could not be read and why, in the words of ``_``."""
    error = record.error
    if error is None:
        return ""
    text = rendered(read_at(error["line"], error["column"], error["reason"]), _)
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
            f"[{f.article}] {f.code.label}: {rendered(f.message, _)}",
        )
        for f in record.findings
    ]
    if record.error is not None and not any(f.is_fault for f in record.findings):
        rows.append(("", _("unreadable: {why}").format(why=_error_text(record, _))))
    return rows


def write_table(
    records: Iterable[AuditRecord],
    out: IO[str],
    *,
    use_rich: bool | None = None,
    every: bool = False,
    summary: Summary | None = None,
    words: Words = N_,
) -> Summary:
    """The games with findings (``every``: all games) as a table, then the summary, in the
    words of ``words`` (a catalog's ``gettext``; English by default).

    Returns the summary (``summary``, if given, is the one filled).
    """
    summary = Summary() if summary is None else summary
    listed: list[AuditRecord] = []
    for record in records:
        summary.add(record)
        if every or record.findings or record.error is not None:
            listed.append(record)
    if use_rich is None:
        use_rich = _has_rich()
    if use_rich:
        _rich_table(listed, summary, out, words)
    else:
        _plain_table(listed, summary, out, words)
    return summary


def _has_rich() -> bool:
    try:
        import rich  # noqa: F401
    except ImportError:
        return False
    return True


def _plain_table(listed: list[AuditRecord], summary: Summary, out: IO[str], _: Words) -> None:
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
            f"{_lawful(record):8} {_(VERDICT_WORDS[record.verdict])}\n"
        )
        for where, what in _rows(record, _):
            lines = textwrap.wrap(printable(what), 79 - 18) or [""]
            out.write(f"{where:>16}  {lines[0]}\n")
            for more in lines[1:]:
                out.write(f"{'':18}{more}\n")
    if listed:
        out.write("\n")
    for line in summary.lines(_):
        out.write(line + "\n")


def _short(text: str, width: int, *, tail: bool = True) -> str:
    """``text`` cut to ``width`` characters, keeping its end (``tail``) or its start."""
    if len(text) <= width:
        return text
    return "…" + text[-(width - 1) :] if tail else text[: width - 1] + "…"


def _rich_table(listed: list[AuditRecord], summary: Summary, out: IO[str], _: Words) -> None:
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
    for line in summary.lines(_):
        console.print(line, markup=False, highlight=False, soft_wrap=True)


_PARQUET_ROWS = 8192
"""Games per row group written to a Parquet file (the records held in memory at a time)."""


def _parquet_schema(pa: Any) -> Any:
    """The columns of the Parquet output: the JSON record's, and the tags."""
    number, text = pa.int64(), pa.string()
    error = pa.struct(
        {"line": number, "column": number, "text": text, "reason": text, "ply": number}
    )
    finding = pa.struct(
        {"ply": number, "code": text, "article": text, "message": text, "fault": pa.bool_()}
    )
    columns = {
        "file": text,
        "game": number,
        "white": text,
        "black": text,
        "recorded_result": text,
        "lawful_result": text,
        "verdict": text,
        "ending": text,
        "plies": number,
        "error": error,
        "findings": pa.list_(finding),
        "tags": pa.map_(text, text),
    }
    return pa.schema(list(columns.items()))


class ParquetWriter:
    """One row per game in a Parquet file (the optional extra ``chesslaws[audit]``): the
    record's fields as in JSON Lines, with ``error`` and ``findings`` as structures, and the
    game's ``tags`` as a map. Written in row groups of ``_PARQUET_ROWS`` games."""

    def __init__(self, path: str) -> None:
        try:
            import pyarrow as pa  # type: ignore[import-untyped]
            import pyarrow.parquet as pq  # type: ignore[import-untyped]
        except ImportError:
            raise ChessLawsError(
                "Parquet output needs the optional extra: pip install 'chesslaws[audit]'"
            ) from None
        self._schema = _parquet_schema(pa)
        self._table = pa.Table.from_pylist
        self._writer = pq.ParquetWriter(path, self._schema)
        self._rows: list[dict[str, Any]] = []

    def add(self, record: AuditRecord) -> None:
        """Write one game's record (in the next row group)."""
        row = record.as_dict()
        row["tags"] = list(record.tags)
        self._rows.append(row)
        if len(self._rows) >= _PARQUET_ROWS:
            self._flush()

    def _flush(self) -> None:
        if self._rows:
            self._writer.write_table(self._table(self._rows, schema=self._schema))
            self._rows = []

    def close(self) -> None:
        """Write what is left and the file's footer."""
        self._flush()
        self._writer.close()


class ProgressLine:
    """The audit's progress on stderr: games, games per second, the stored bytes read of the
    input's size and the time left at that pace (when the size is known).

    On a terminal one line is rewritten in place at most every ``interval`` seconds; elsewhere
    (``--progress`` into a log) a line is added every ``interval`` seconds. The last line, with
    the totals, stays.
    """

    def __init__(
        self,
        out: IO[str] | None,
        *,
        interval: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._out = out
        self._live = out is not None and out.isatty()
        self._interval = interval if interval is not None else (0.5 if self._live else 10.0)
        self._clock = clock
        self._start = clock()
        self._shown = self._start
        self._last: tuple[int, int, int | None] = (0, 0, None)

    def __enter__(self) -> ProgressLine:
        self._start = self._shown = self._clock()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._out is not None:
            self._show(final=True)

    def update(self, games: int, read: int, total: int | None) -> None:
        """``games`` audited so far, ``read`` stored bytes of ``total`` (``None``: unknown)."""
        self._last = (games, read, total)
        now = self._clock()
        if self._out is not None and now - self._shown >= self._interval:
            self._shown = now
            self._show(final=False)

    def _show(self, *, final: bool) -> None:
        assert self._out is not None
        text = progress_text(*self._last, self._clock() - self._start, final=final)
        if self._live:
            self._out.write("\r" + text + "\x1b[K" + ("\n" if final else ""))
        else:
            self._out.write(text + "\n")
        self._out.flush()


def progress_text(
    games: int, read: int, total: int | None, elapsed: float, *, final: bool = False
) -> str:
    """``"12,345 games, 1,650 games/s, 34.1 of 120.0 MB read (28%), about 1 min 20 s left"``."""
    rate = games / elapsed if elapsed > 0 else 0.0
    parts = [f"{games:,} games", f"{rate:,.0f} games/s"]
    if final:
        parts.append(f"{_megabytes(read)} MB read in {_duration(elapsed)}")
    elif total:
        parts.append(f"{_megabytes(read)} of {_megabytes(total)} MB read ({read / total:.0%})")
        if read > 0:
            parts.append(f"about {_duration(elapsed * (total - read) / read)} left")
    else:
        parts.append(f"{_megabytes(read)} MB read")
    return "audit: " + ", ".join(parts)


def _megabytes(count: int) -> str:
    return f"{count / 1e6:,.1f}"


def _duration(seconds: float) -> str:
    """``"2 h 05 min"``, ``"1 min 20 s"``, ``"7 s"``."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes:02d} min"
    if minutes:
        return f"{minutes} min {secs:02d} s"
    return f"{secs} s"
