"""The ``chesslaws`` command: a thin layer over the library.

Each sub-command lives in a module of this package named ``_cmd_<name>.py`` that defines
``register(subparsers)``; it adds its parser and sets ``func`` (taking the parsed arguments and
returning the exit status). Modules are found at start-up, so adding a command touches no
other file.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence

from chesslaws.cli._i18n import LANGUAGES, N_, Parser, _, render, use_language

__all__ = ["main"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command registered."""
    parser = Parser(
        prog="chesslaws", description=_("The FIDE Laws of Chess: rules, endings, clocks, arbiter.")
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help=_("the language of the messages (default: the locale's; rulings stay codes)"),
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_cmd_"):
            module = importlib.import_module(f"{__name__}.{info.name}")
            module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 on success)."""
    use_language(_language_asked(argv))
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (``| head -1``): stop quietly, and let no later flush complain.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 0
    except KeyboardInterrupt:
        return 130
    return status


def _language_asked(argv: Sequence[str] | None) -> str | None:
    """The ``--lang`` of the command line, read before the parser is built (its help is in the
    language); a language without a catalog is left for the parser to refuse."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    known, _rest = early.parse_known_args(argv)
    asked: str | None = known.lang
    return asked if asked in LANGUAGES else None


def fail(message: str) -> int:
    """Print a one-line error to stderr and return the usual exit status for bad input."""
    print(_("chesslaws: error: {message}").format(message=render(message)), file=sys.stderr)
    return 2


COMPOSED_HELP = N_(
    "accept a composed position that cannot arise in a game (too much material, nine pawns, "
    "impossible checks; castling rights and an en passant square it cannot have are dropped)"
)
