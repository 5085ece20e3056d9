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
from chesslaws.cli import fail
from chesslaws.clock import format_clk

__all__ = ["arbitrate", "game_to_pgn", "register"]

# PGN standard 8.2.6 Termination values for each ``game_over`` reason.
_TERMINATION = {
    "flag": "time forfeit",
    "flag_cannot_checkmate": "time forfeit",
    "second_illegal_move": "rules infraction",
    "illegal_move_cannot_checkmate": "rules infraction",
    "default": "abandoned",
    "arbiter": "adjudication",
}


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
    """The game in PGN export format: moves, ``[%clk]`` after each completed move, the result.

    Tags: the Seven Tag Roster, ``FEN``/``SetUp`` for a set position, ``TimeControl`` (the
    control as the event log gave it), ``Termination`` (PGN's standard values) and the reason
    and Article of the ending as a final comment.
    """
    from chesslaws import pgn

    start = game.start_event
    tags: dict[str, str] = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?"}
    tags.update(White="?", Black="?", Result=game.result or "*")
    if start is not None and start.fen is not None:
        tags["FEN"] = start.fen
        tags["SetUp"] = "1"
    if start is not None and start.variant.value == "chess960":
        tags["Variant"] = "Chess960"
    if start is not None:
        tags["TimeControl"] = start.time_control if start.time_control is not None else "-"
    if game.reason is not None:
        tags["Termination"] = _TERMINATION.get(game.reason, "normal")
    comments: dict[int, str] = {}
    for index, ms in enumerate(game.move_clocks):
        if ms is not None:
            comments[index] = format_clk(ms)
    if game.reason is not None:
        note = f"{game.reason.replace('_', ' ')} ({game.article})"
        last = len(game.moves) - 1
        comments[last] = f"{comments[last]} {note}" if last in comments else note
    line = pgn.Line(sans=game.moves, moves=game.legal_moves_made, comments=comments)
    record = pgn.Game(
        number=1,
        line=1,
        tags=tags,
        main=line,
        result=game.result if game.result in ("1-0", "0-1", "1/2-1/2") else "*",
        fen=start.fen if start is not None else None,
        chess960=start is not None and start.variant.value == "chess960",
    )
    return pgn.write_game(record)


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
