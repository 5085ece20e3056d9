"""``chesslaws audit INPUT...``: check game collections against the Laws."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any

from chesslaws._errors import ChessLawsError
from chesslaws.cli import fail
from chesslaws.cli._i18n import _, in_english, language
from chesslaws.endings import EDITIONS

if TYPE_CHECKING:
    from chesslaws.audit import AuditRecord
    from chesslaws.audit._report import Summary

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``audit`` sub-command."""
    parser = subparsers.add_parser(
        "audit",
        help=_("check PGN files against the Laws, game by game"),
        description=_(
            "Replay every game of the PGN inputs and report, per game and with the Article: "
            "illegal moves, results the final position contradicts, play after the end, losses "
            "on time or resignations where the winner could not checkmate (6.9, 5.1.2), and "
            "claims available but not made. Inputs are read as published: plain PGN or "
            "zstandard, gzip, bzip2 or xz compressed (told by their first bytes), from a path, "
            "standard input or a URL, never decompressed to disk. Exits 0 when every input "
            "was read, faults or not."
        ),
    )
    parser.add_argument(
        "files",
        nargs="+",
        metavar="INPUT",
        help=_("PGN files, plain or compressed; '-' for standard input; https:// or s3:// URLs"),
    )
    form = parser.add_mutually_exclusive_group()
    form.add_argument("--jsonl", action="store_true", help=_("one JSON record per game"))
    form.add_argument("--csv", action="store_true", help=_("one CSV row per game"))
    form.add_argument(
        "--quiet", action="store_true", help=_("nothing on stdout (with --parquet or --html)")
    )
    parser.add_argument(
        "--parquet",
        metavar="FILE",
        help=_("also write one row per game to a Parquet file (chesslaws[audit])"),
    )
    parser.add_argument(
        "--html", metavar="FILE", help=_("also write a report for people: counts and charts")
    )
    parser.add_argument(
        "--all", action="store_true", help=_("table: list every game, not only those with findings")
    )
    run = parser.add_mutually_exclusive_group()
    run.add_argument(
        "--workers", type=int, default=1, metavar="N", help=_("local worker processes")
    )
    run.add_argument(
        "--dask", metavar="ADDRESS", help=_("Dask scheduler address (chesslaws[dask])")
    )
    parser.add_argument(
        "--edition",
        choices=EDITIONS,
        default="2023",
        help=_("the Laws to judge by: 2023 (default), 2018, 2014 or pre-1997 (docs/events.md)"),
    )
    parser.add_argument(
        "--chunk",
        type=int,
        metavar="GAMES",
        help=_("games per unit of work (default: 64, with --dask 256)"),
    )
    parser.add_argument("--limit", type=int, metavar="N", help=_("stop after N games audited"))
    share = parser.add_mutually_exclusive_group()
    share.add_argument(
        "--sample",
        metavar="M/N",
        help=_("audit M games in N, always the same ones (by a hash of the game's number)"),
    )
    share.add_argument(
        "--part",
        metavar="K/N",
        help=_("audit the K-th of N disjoint parts (N runs, e.g. on N machines, share one file)"),
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=_("games/s and time left on stderr (default: when stderr is a terminal)"),
    )
    parser.add_argument(
        "--summary",
        action=argparse.BooleanOptionalAction,
        default=True,
        help=_("with --jsonl, --csv or --quiet: the summary on stderr at the end (default: on)"),
    )
    parser.set_defaults(func=run_audit)


def run_audit(args: argparse.Namespace) -> int:
    """Audit the inputs and write the chosen output to stdout; exit status 0, or 2 on bad input."""
    from chesslaws.audit import audit_files, parse_sample
    from chesslaws.audit._html import write_html
    from chesslaws.audit._input import InputError
    from chesslaws.audit._output import ParquetWriter, ProgressLine
    from chesslaws.audit._report import Summary

    if args.workers < 1:
        return fail(_("--workers must be at least 1, got {n}").format(n=args.workers))
    if args.chunk is not None and args.chunk < 1:
        return fail(_("--chunk must be at least 1, got {n}").format(n=args.chunk))
    if args.limit is not None and args.limit < 0:
        return fail(_("--limit must be at least 0, got {n}").format(n=args.limit))
    for name in args.files:  # a local file that cannot be read is refused before any work
        if name == "-" or "://" in name:
            continue
        try:
            with open(name, "rb"):
                pass
        except OSError as exc:
            return fail(_("cannot read {file}: {why}").format(file=name, why=exc.strerror or exc))
    shares = {}
    for option in ("sample", "part"):
        text = getattr(args, option)
        try:
            shares[option] = None if text is None else parse_sample(text)
        except ChessLawsError as exc:
            return fail(f"--{option}: {exc}")
    show = sys.stderr.isatty() if args.progress is None else args.progress
    summary = Summary()
    try:
        with contextlib.ExitStack() as stack:
            page = _open_for_writing(args.html, stack) if args.html else None
            parquet = None
            if args.parquet:
                _open_for_writing(args.parquet, stack).close()
                parquet = ParquetWriter(args.parquet)
                stack.callback(parquet.close)
            progress = stack.enter_context(ProgressLine(sys.stderr if show else None))
            records = audit_files(
                args.files,
                workers=args.workers,
                dask=args.dask,
                games_per_chunk=args.chunk,
                edition=args.edition,
                sample=shares["sample"],
                part=shares["part"],
                limit=args.limit,
                progress=progress.update,
            )
            if not in_english():  # the sentences for people in the language; codes as they are
                records = (record.in_words(_) for record in records)
            if parquet is not None:
                records = _told(records, parquet.add)
            _write(args, records, summary)
            if page is not None:
                write_html(summary, page, inputs=args.files, words=_, lang=language())
    except (InputError, RuntimeError, ChessLawsError) as exc:
        return fail(str(exc))
    except BrokenPipeError:
        raise  # the reader went away: main() stops quietly
    except OSError as exc:
        return fail(
            _("cannot reach the Dask scheduler {address}: {why}").format(address=args.dask, why=exc)
            if args.dask
            else str(exc)
        )
    if (args.jsonl or args.csv or args.quiet) and args.summary:
        sys.stderr.write("".join(line + "\n" for line in summary.lines(_)))
    return 0


def _open_for_writing(path: str, stack: contextlib.ExitStack) -> IO[str]:
    """``path`` opened for writing before the audit starts (an output that cannot be written
    is refused at once, not after hours of work)."""
    try:
        return stack.enter_context(open(path, "w", encoding="utf-8"))
    except OSError as exc:
        raise ChessLawsError(f"cannot write {path}: {exc.strerror or exc}") from None


def _write(args: argparse.Namespace, records: Iterable[AuditRecord], summary: Summary) -> None:
    """The chosen output on stdout, every record counted into ``summary``."""
    from chesslaws.audit._output import write_csv, write_jsonl, write_table

    if not (args.jsonl or args.csv or args.quiet):
        write_table(records, sys.stdout, every=args.all, summary=summary, words=_)
        return
    counted = _told(records, summary.add)
    if args.jsonl:
        write_jsonl(counted, sys.stdout)
    elif args.csv:
        write_csv(counted, sys.stdout)
    else:
        for _record in counted:
            pass


def _told(
    records: Iterable[AuditRecord], tell: Callable[[AuditRecord], None]
) -> Iterator[AuditRecord]:
    """The records, each told to ``tell`` on its way."""
    for record in records:
        tell(record)
        yield record
