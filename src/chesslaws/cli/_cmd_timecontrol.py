"""``chesslaws timecontrol STRING [--shorthand | --canonical-only]``: a time control as JSON."""

from __future__ import annotations

import argparse
import json
from typing import Any

from chesslaws._errors import TimeControlError
from chesslaws._words import said
from chesslaws.cli import fail
from chesslaws.cli._i18n import _, render
from chesslaws.clock import TimeControl


def register(subparsers: Any) -> None:
    """Add the ``timecontrol`` command."""
    parser = subparsers.add_parser(
        "timecontrol",
        help=_("read a time control; print its periods, category and canonical form as JSON"),
    )
    parser.add_argument(
        "text", metavar="STRING", help=_("e.g. '40/5400+30:1800+30', '300d5', '3|2', 'G/90;inc30'")
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--shorthand",
        action="store_true",
        help=_("read only the shorthand, where bare times are minutes ('90+30' = 90 min + 30 s)"),
    )
    mode.add_argument(
        "--strict",
        action="store_true",
        help=_("read only the canonical/PGN syntax (times in seconds)"),
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the JSON description of the time control, or a one-line error (exit status 2)."""
    shorthand = True if args.shorthand else (False if args.strict else None)
    try:
        tc = TimeControl.parse(args.text, shorthand=shorthand)
    except TimeControlError as error:
        return fail(render(said(error)))
    print(json.dumps(tc.to_json(), indent=2))
    return 0
