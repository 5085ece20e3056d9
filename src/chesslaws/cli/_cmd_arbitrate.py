"""``chesslaws arbitrate FILE [--pgn]``: conduct a game from its event log (``spec/events.md``).

Reads the event log (one JSON object per line; ``-`` for standard input) and writes the
arbiter's rulings as JSON lines, each naming its event by 0-based line number and citing its
Article. A line that cannot be read gets a ``rejected`` ruling naming the line and the reason,
and reading goes on. When the game has ended, the ``game_over`` ruling is written last (a later
line, rejected because the game is over, is reported before it). ``--pgn`` writes the finished
game as PGN instead, with ``Result``, ``Termination``, ``TimeControl`` and ``[%clk]`` comments.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Iterable
from typing import IO, Any

from chesslaws.arbiter import Game, Ruling, RulingKind
from chesslaws.arbiter import game_to_pgn as state_to_pgn
from chesslaws.cli import fail

__all__ = ["arbitrate", "game_to_pgn", "register"]

def register(subparsers: Any) -> None:
    """Add the ``arbitrate`` command."""
    parser = subparsers.add_parser(
        "arbitrate",
        help="rule on a game's event log (JSON lines in, rulings as JSON lines out)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="the event log, or '-' for standard input")
    parser.add_argument(
        "--pgn", action="store_true", help="write the game as PGN instead of the rulings"
    )
    parser.set_defaults(func=run)


def arbitrate(lines: Iterable[str], out: IO[str]) -> Game:
    """Feed the event log ``lines`` to a new game, writing each ruling to ``out`` as JSON."""
    game = Game()
    final: Ruling | None = None
    for number, line in enumerate(lines):
        text = line.strip()
        if not text:
            continue
        for ruling in game.handle_json(text, index=number):
            if ruling.kind is RulingKind.GAME_OVER:
                final = ruling
                continue
            out.write(json.dumps(ruling.to_json()) + "\n")
    if final is not None:
        out.write(json.dumps(final.to_json()) + "\n")
    return game


def game_to_pgn(game: Game) -> str:
    """The game in PGN export format (:func:`chesslaws.arbiter.game_to_pgn` of its state)."""
    return state_to_pgn(game.state())


def run(args: argparse.Namespace) -> int:
    """Rule on the event log; exit status 0, or 2 if the file cannot be read."""
    try:
        if args.file == "-":
            source: IO[str] = sys.stdin
            text_lines = list(source)
        else:
            with open(args.file, encoding="utf-8") as handle:
                text_lines = list(handle)
    except OSError as error:
        return fail(f"cannot read {args.file}: {error.strerror or error}")
    except UnicodeDecodeError as error:
        return fail(f"{args.file} is not UTF-8 text: {error}")
    if args.pgn:
        game = arbitrate(text_lines, io.StringIO())
        sys.stdout.write(game_to_pgn(game))
        return 0
    arbitrate(text_lines, sys.stdout)
    return 0
