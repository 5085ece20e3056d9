"""``chesslaws winnable [LINE ...]``: can a player still checkmate? (Articles 5.2.2, 6.9).

Each input line is ``FEN [white|black]`` (no colour: the side that just moved, as in CHA's
input); lines come from the arguments or, without arguments, from stdin. One output line per
input line: ``winnable UCI-MOVES...``, ``unwinnable`` or ``undetermined`` (``--json``: JSON
lines). A bad line gives an error line naming its number, and the rest go on (exit status 2).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from typing import Any

from chesslaws._color import Color
from chesslaws._errors import ChessLawsError, PositionProblem
from chesslaws.cli import COMPOSED_HELP
from chesslaws.cli._i18n import _
from chesslaws.core import COMPOSED, Position
from chesslaws.endings import MATE_BUDGET, Winnability, can_checkmate

_FEN_DEFAULTS = ("w", "-", "-", "0", "1")


def register(subparsers: Any) -> None:
    """Add the ``winnable`` command."""
    parser = subparsers.add_parser(
        "winnable",
        help=_("can a player still checkmate? (helpmate, or proof that none exists)"),
        description=_(str(__doc__)),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "lines", nargs="*", metavar="LINE", help=_("'FEN [white|black]' (default: read stdin)")
    )
    parser.add_argument("--json", action="store_true", help=_("write JSON lines"))
    parser.add_argument(
        "--budget",
        type=int,
        default=MATE_BUDGET,
        help=_("positions to search before answering undetermined (default {n})").format(
            n=MATE_BUDGET
        ),
    )
    parser.add_argument("--chess960", action="store_true", help=_("read castling as Chess960"))
    parser.add_argument("--composed", action="store_true", help=_(COMPOSED_HELP))
    parser.set_defaults(func=run)


def parse_line(
    line: str, *, chess960: bool = False, composed: bool = False
) -> tuple[Position, Color]:
    """Read ``FEN [white|black]``; the FEN may omit its last fields (EPD style)."""
    words = line.split()
    color: Color | None = None
    if words and words[-1].lower() in ("white", "black"):
        color = Color.parse(words.pop())
    if not words:
        raise ChessLawsError("expected 'FEN [white|black]', found nothing")
    if len(words) > 6:
        raise ChessLawsError(f"expected a FEN of at most 6 fields, found {len(words)} words")
    while len(words) < 6:
        words.append(_FEN_DEFAULTS[len(words) - 1])
    allow = COMPOSED if composed else PositionProblem(0)
    position = Position.from_fen(" ".join(words), chess960=chess960, allow=allow)
    if color is None:
        color = Color(position.turn ^ 1)  # the side that just moved
    return position, color


def _input_lines(args: argparse.Namespace) -> Iterator[str]:
    lines: Iterable[str]
    if args.lines:
        # Quoted lines come one per argument; an unquoted line arrives split into words.
        lines = args.lines if any(" " in arg for arg in args.lines) else [" ".join(args.lines)]
    else:
        lines = sys.stdin
    for line in lines:
        yield line.rstrip("\n")


def run(args: argparse.Namespace) -> int:
    """Answer each input line; exit status 2 if some line could not be read."""
    if args.budget < 1:
        print(
            _("chesslaws: error: {message}").format(
                message=_("--budget must be at least 1, not {n}").format(n=args.budget)
            ),
            file=sys.stderr,
        )
        return 2
    status = 0
    for number, line in enumerate(_input_lines(args), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            position, color = parse_line(line, chess960=args.chess960, composed=args.composed)
        except ChessLawsError as error:
            status = 2
            message = f"line {number}: {error}"
            if args.json:
                print(json.dumps({"line": number, "error": message}))
            else:
                print(f"error: {message}")
            continue
        analysis = can_checkmate(position, color, budget=args.budget)
        moves = []
        replay = position.copy()
        for move in analysis.helpmate:
            moves.append(replay.uci(move))
            replay.push(move)
        if args.json:
            record = {
                "line": number,
                "fen": position.fen(),
                "color": color.label,
                "verdict": analysis.verdict.value,
                "helpmate": moves,
                "reason": analysis.reason,
                "nodes": analysis.nodes,
            }
            print(json.dumps(record))
        elif analysis.verdict is Winnability.WINNABLE:
            print(" ".join(["winnable", *moves]))
        else:
            print(analysis.verdict.value)
        sys.stdout.flush()
    return status
