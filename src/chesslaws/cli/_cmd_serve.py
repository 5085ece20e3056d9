"""``chesslaws serve [--host H] [--port P] [--db URL] [--new-game TC] [--organiser-token T]
[--open] [--tournament T.trf]``: the live game server.

Serves games over HTTP and WebSocket (see docs/server.md): the arbiter rules every event, the
server's clock stamps them, and each accepted event is logged (SQLite by default, PostgreSQL
with ``--db postgresql://…``) before its rulings are sent. Prints ``listening on
http://H:P`` once ready, then ``organiser: http://H:P/?token=T`` (the home page that creates
games; T from --organiser-token, $CHESSLAWS_ORGANISER_TOKEN, or random), then the seat links
of each game made with ``--new-game``. A time control is read as people write it: "5+3" is 5
minutes and 3 seconds a move, "40/90+30:30+30" the FIDE classical control; the PGN form in
seconds ("300+3") is read too. The clocks stand until the arbiter starts them (6.6).
With ``--tournament T.trf`` it also serves that event: its page at ``/tournament/T``, each
round paired by the organiser and played as live games, results flowing into the file.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from chesslaws.cli import fail
from chesslaws.cli._i18n import _, render


def register(subparsers: Any) -> None:
    """Add the ``serve`` command."""
    parser = subparsers.add_parser(
        "serve",
        help=_("serve live games over HTTP and WebSocket (needs the 'server' extra)"),
        description=_(str(__doc__)),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--host", default="127.0.0.1", help=_("address to listen on (127.0.0.1)"))
    parser.add_argument(
        "--port", type=int, default=8000, help=_("port to listen on (8000; 0 picks a free one)")
    )
    parser.add_argument(
        "--db",
        default="sqlite:///chesslaws.db",
        metavar="URL",
        help=_("event store: sqlite:///PATH (default sqlite:///chesslaws.db) or postgresql://…"),
    )
    parser.add_argument(
        "--new-game",
        action="append",
        default=[],
        metavar="TC",
        help=_(
            "create a game with this time control (e.g. 5+3, 90+30, 5400+30) and print its "
            "seat links"
        ),
    )
    parser.add_argument(
        "--organiser-token",
        metavar="T",
        default=os.environ.get("CHESSLAWS_ORGANISER_TOKEN"),
        help=_("the token that creates games (default $CHESSLAWS_ORGANISER_TOKEN, else random)"),
    )
    parser.add_argument(
        "--open",
        action="store_true",
        help=_("let anyone create games, a few a second (no organiser token)"),
    )
    parser.add_argument(
        "--tournament",
        action="append",
        default=[],
        metavar="T.trf",
        help=_(
            "serve this tournament's rounds as live games (its TRF file is its record; "
            "changes are logged in T.trf.log)"
        ),
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; 2 for bad arguments or a store that cannot be used."""
    if not 0 <= args.port <= 65535:
        return fail(_("--port {port}: a port is 0 to 65535").format(port=args.port))
    try:
        from chesslaws.server import run as run_server
        from chesslaws.server import serve
    except ImportError as error:
        return fail(
            _('chesslaws serve needs the server extra ({name} is missing): '
              'pip install "chesslaws[server]"').format(name=error.name)
        )  # fmt: skip
    if args.organiser_token is not None and not 8 <= len(args.organiser_token) <= 200:
        return fail(_("--organiser-token: 8 to 200 characters"))
    return run_server(
        serve(
            args.host,
            args.port,
            args.db,
            new_games=args.new_game,
            organiser_token=args.organiser_token,
            open_creation=args.open,
            tournaments=args.tournament,
            render=render,
        )
    )
