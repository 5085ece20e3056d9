"""``chesslaws audit FILE...``: check game collections against the Laws."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from chesslaws.cli import fail
from chesslaws.cli._i18n import _
from chesslaws.endings import EDITIONS

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``audit`` sub-command."""
    parser = subparsers.add_parser(
        "audit",
        help=_("check PGN files against the Laws, game by game"),
        description=_(
            "Replay every game of the PGN files and report, per game and with the Article: "
            "illegal moves, results the final position contradicts, play after the end, losses "
            "on time or resignations where the winner could not checkmate (6.9, 5.1.2), and "
            "claims available but not made. Exits 0 when every file was read, faults or not."
        ),
    )
    parser.add_argument(
        "files", nargs="+", metavar="FILE", help=_("PGN files ('-': standard input; pipes work)")
    )
    form = parser.add_mutually_exclusive_group()
    form.add_argument("--jsonl", action="store_true", help=_("one JSON record per game"))
    form.add_argument("--csv", action="store_true", help=_("one CSV row per game"))
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
        "--chunk", type=int, default=64, metavar="GAMES", help=_("games per unit of work")
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=_("progress bar on stderr (default: when stderr is a terminal; needs rich)"),
    )
    parser.set_defaults(func=run_audit)


def run_audit(args: argparse.Namespace) -> int:
    """Audit the files and write the chosen output to stdout; exit status 0, or 2 on bad input."""
    from chesslaws.audit import audit_files
    from chesslaws.audit._output import ProgressBar, write_csv, write_jsonl, write_table

    if args.workers < 1:
        return fail(_("--workers must be at least 1, got {n}").format(n=args.workers))
    if args.chunk < 1:
        return fail(_("--chunk must be at least 1, got {n}").format(n=args.chunk))
    for name in args.files:
        if name == "-":
            continue
        try:
            with open(name, "rb"):
                pass
        except OSError as exc:
            return fail(_("cannot read {file}: {why}").format(file=name, why=exc.strerror or exc))
    show = sys.stderr.isatty() if args.progress is None else args.progress
    out = sys.stdout
    try:
        with ProgressBar(show) as bar:
            records = audit_files(
                args.files,
                workers=args.workers,
                dask=args.dask,
                games_per_chunk=args.chunk,
                edition=args.edition,
                progress=bar.update,
            )
            if args.jsonl:
                write_jsonl(records, out)
            elif args.csv:
                write_csv(records, out)
            else:
                write_table(records, out, every=args.all, words=_)
    except RuntimeError as exc:
        return fail(str(exc))
    except BrokenPipeError:
        raise  # the reader went away: main() stops quietly
    except OSError as exc:
        return fail(
            _("cannot reach the Dask scheduler {address}: {why}").format(address=args.dask, why=exc)
            if args.dask
            else str(exc)
        )
    return 0
