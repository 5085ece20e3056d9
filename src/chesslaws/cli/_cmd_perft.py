"""``chesslaws perft FEN DEPTH [--divide]`` and ``chesslaws moves FEN [--uci]``."""

from __future__ import annotations

import argparse
from typing import Any

from chesslaws._errors import ChessLawsError, PositionProblem
from chesslaws.cli import COMPOSED_HELP, fail
from chesslaws.cli._i18n import _
from chesslaws.core import COMPOSED, STARTING_FEN, Position

MAX_DEPTH = 15
"""Deepest perft the command runs: beyond it no count would finish (nor Python's stack hold)."""


def register(subparsers: Any) -> None:
    """Add the ``perft`` and ``moves`` commands."""
    perft = subparsers.add_parser(
        "perft", help=_("count the leaf nodes of the legal move tree (last line: the count)")
    )
    perft.add_argument("fen", help=_("the position (FEN or 4-field EPD), or 'startpos'"))
    perft.add_argument("depth", type=int, help=_("plies to look ahead (0 or more)"))
    perft.add_argument("--divide", action="store_true", help=_("list each move's count first"))
    perft.add_argument("--chess960", action="store_true", help=_("read castling as Chess960"))
    perft.add_argument("--composed", action="store_true", help=_(COMPOSED_HELP))
    perft.set_defaults(func=run_perft)

    moves = subparsers.add_parser("moves", help=_("list the legal moves of a position"))
    moves.add_argument("fen", help=_("the position (FEN or 4-field EPD), or 'startpos'"))
    moves.add_argument("--uci", action="store_true", help=_("write UCI instead of SAN"))
    moves.add_argument("--chess960", action="store_true", help=_("read castling as Chess960"))
    moves.add_argument("--composed", action="store_true", help=_(COMPOSED_HELP))
    moves.set_defaults(func=run_moves)


def _position(fen: str, chess960: bool, composed: bool = False) -> Position:
    allow = COMPOSED if composed else PositionProblem(0)
    text = STARTING_FEN if fen == "startpos" else fen
    return Position.from_fen(text, chess960=chess960, allow=allow)


def run_perft(args: argparse.Namespace) -> int:
    """Print the perft count of FEN at DEPTH (with ``--divide``, each move's count first)."""
    if not 0 <= args.depth <= MAX_DEPTH:
        return fail(
            f"depth must be from 0 to {MAX_DEPTH}, not {args.depth} (perft counts grow about "
            "thirty-fold per ply: depth 15 of the initial position is already 2 * 10**21)"
        )
    try:
        position = _position(args.fen, args.chess960, args.composed)
    except ChessLawsError as error:
        return fail(str(error))
    if args.divide and args.depth >= 1:
        total = 0
        for move, count in position.perft_divide(args.depth):
            print(f"{position.uci(move)}: {count}")
            total += count
        print()
        print(total)
    else:
        print(position.perft(args.depth))
    return 0


def run_moves(args: argparse.Namespace) -> int:
    """Print the legal moves of FEN, one per line, in SAN (or UCI with ``--uci``)."""
    try:
        position = _position(args.fen, args.chess960, args.composed)
    except ChessLawsError as error:
        return fail(str(error))
    for move in position.legal_moves():
        print(position.uci(move) if args.uci else position.san(move))
    return 0
