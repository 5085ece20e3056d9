"""``chesslaws arbitrate FILE [--pgn]``: conduct a game from its event log (``docs/events.md``).

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

from chesslaws._errors import InvalidEvent
from chesslaws._words import Words
from chesslaws.arbiter import Game, GameState, Ruling, RulingKind, step_line, unreadable
from chesslaws.arbiter import game_to_pgn as state_to_pgn
from chesslaws.cli import fail
from chesslaws.cli._i18n import _, in_english, render

__all__ = ["arbitrate", "game_to_pgn", "register"]


def register(subparsers: Any) -> None:
    """Add the ``arbitrate`` command."""
    parser = subparsers.add_parser(
        "arbitrate",
        help=_("rule on a game's event log (JSON lines in, rulings as JSON lines out)"),
        description=_(str(__doc__)),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help=_("the event log, or '-' for standard input"))
    parser.add_argument(
        "--pgn", action="store_true", help=_("write the game as PGN instead of the rulings")
    )
    parser.set_defaults(func=run)


def arbitrate(lines: Iterable[str | bytes], out: IO[str]) -> GameState:
    """Feed the event log ``lines`` to a new game, writing each ruling to ``out`` as JSON; the
    game's final state.

    The log is streamed: a fold of :func:`chesslaws.arbiter.step_line` over the lines, keeping
    only the state (not the lines), so a log of millions of events takes constant memory beyond
    the game itself. Lines may be bytes: one that is not UTF-8 is rejected, naming its line and
    byte, and reading goes on. A byte order mark and CR-LF line ends are read as nothing.
    """
    state = GameState()
    final: Ruling | None = None
    for number, line in enumerate(lines):
        text = _text(line, number)
        if isinstance(text, InvalidEvent):
            state, rulings = unreadable(state, number, text)
        else:
            text = text.lstrip(BOM).strip()
            if not text:
                continue
            state, rulings = step_line(state, text, index=number)
        for ruling in rulings:
            if ruling.kind is RulingKind.GAME_OVER:
                final = ruling
                continue
            out.write(_json(ruling))
    if final is not None:
        out.write(_json(final))
    return state


def _json(ruling: Ruling) -> str:
    """The ruling's JSON line; its words (``reason``, ``note``) in the CLI's language, its codes
    and Articles as they are. English is written as before, other languages unescaped."""
    body = ruling.to_json()
    if in_english():
        return json.dumps(body) + "\n"
    for name in ("reason", "note"):
        if name in body:
            body[name] = render(body[name])
    return json.dumps(body, ensure_ascii=False) + "\n"


BOM = "\ufeff"


def _text(line: str | bytes, number: int) -> str | InvalidEvent:
    if isinstance(line, str):
        return line
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError as error:
        said = Words("not UTF-8 text (byte {byte} of the line)", byte=error.start + 1)
        return InvalidEvent(Words("line {line}: {said}", line=number, said=said), line=number)


def game_to_pgn(game: Game) -> str:
    """The game in PGN export format (:func:`chesslaws.arbiter.game_to_pgn` of its state)."""
    return state_to_pgn(game.state())


def run(args: argparse.Namespace) -> int:
    """Rule on the event log; exit status 0, or 2 if the file cannot be read (or, for ``--pgn``,
    holds no game: its start was rejected or missing)."""
    out: IO[str] = io.StringIO() if args.pgn else sys.stdout
    try:
        if args.file == "-":
            state = arbitrate(getattr(sys.stdin, "buffer", sys.stdin), out)
        else:
            with open(args.file, "rb") as handle:
                state = arbitrate(handle, out)
    except OSError as error:
        return fail(
            _("cannot read {file}: {why}").format(file=args.file, why=error.strerror or error)
        )
    if args.pgn:
        if not state.started:
            why = _why_not_started(out)
            return fail(_("{file}: no game to write: {why}").format(file=args.file, why=why))
        sys.stdout.write(state_to_pgn(state))
    return 0


def _why_not_started(rulings: IO[str]) -> str:
    """Why a log started no game: the first rejection (its start's), from the rulings written."""
    assert isinstance(rulings, io.StringIO)
    for line in rulings.getvalue().splitlines():
        found = json.loads(line)
        if found.get("ruling") == RulingKind.REJECTED.value:
            return f"line {found['event']}: {found['reason']}"
    return "the log has no start event"
