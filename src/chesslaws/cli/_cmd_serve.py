"""``chesslaws serve [--host H] [--port P] [--db URL] [--new-game TC]``: the live game server.

Serves games over HTTP and WebSocket (see docs/server.md): the arbiter rules every event, the
server's clock stamps them, and each accepted event is logged (SQLite by default, PostgreSQL
with ``--db postgresql://…``) before its rulings are sent. Prints ``listening on
http://H:P`` once ready, then the seat links of each game made with ``--new-game``.
"""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from chesslaws.cli import fail
from chesslaws.cli._i18n import _


def register(subparsers: Any) -> None:
    """Add the ``serve`` command."""
    parser = subparsers.add_parser(
        "serve",
        help=_("serve live games over HTTP and WebSocket (needs the 'server' extra)"),
        description=__doc__,
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
        help=_("create a game with this time control (e.g. 5400+30) and print its seat links"),
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; 2 for bad arguments or a store that cannot be used."""
    if not 0 <= args.port <= 65535:
        return fail(_("--port {port}: a port is 0 to 65535").format(port=args.port))
    try:
        from chesslaws.server import serve
    except ImportError as error:
        return fail(
            f"chesslaws serve needs the server extra ({error.name} is missing): "
            'pip install "chesslaws[server]"'
        )
    return asyncio.run(serve(args.host, args.port, args.db, new_games=args.new_game))
