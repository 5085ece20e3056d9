"""``chesslaws status FEN [UCI-MOVE ...]``: how the game stands after the moves (Articles 5, 9).

Prints one JSON object: ``checkmate``, ``stalemate``, ``dead``, ``fivefold``,
``seventy_five_moves`` (the automatic endings), ``can_claim_threefold`` and ``can_claim_fifty``
(on the board, 9.2.2 / 9.3.2, or by writing one of the listed intended moves, 9.2.1 / 9.3.1), and
``result`` / ``reason`` / ``article`` when the game is over. Moves given after the game ended
(a checkmate, a dead position) do not count: the status is that of the position where it ended,
with ``ended_after_move`` (how many of the moves were played, why it ended, the Article) and
``moves_after_end`` (the moves that followed, not played). ``dead`` is true only when both
players are proved unable to checkmate (Article 5.2.2); ``--budget`` bounds the search for that
proof (positions per player; when it runs out, ``dead`` is false).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from chesslaws._errors import ChessLawsError, PositionProblem
from chesslaws.cli import COMPOSED_HELP, fail
from chesslaws.cli._i18n import _
from chesslaws.core import COMPOSED, STARTING_FEN, Position
from chesslaws.endings import MATE_BUDGET, GameRecord, Result, Termination, is_dead


def register(subparsers: Any) -> None:
    """Add the ``status`` command."""
    parser = subparsers.add_parser(
        "status",
        help=_("the game's status after some moves: endings and possible draw claims (JSON)"),
        description=_(str(__doc__)),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("fen", help=_("the starting position (FEN or 4-field EPD), or 'startpos'"))
    parser.add_argument("moves", nargs="*", metavar="UCI-MOVE", help=_("moves to play, in UCI"))
    parser.add_argument(
        "--budget",
        type=int,
        default=MATE_BUDGET,
        help=_("positions to search per player for a dead position (default {n})").format(
            n=MATE_BUDGET
        ),
    )
    parser.add_argument("--chess960", action="store_true", help=_("read castling as Chess960"))
    parser.add_argument("--composed", action="store_true", help=_(COMPOSED_HELP))
    parser.set_defaults(func=run)


def status(record: GameRecord, budget: int = MATE_BUDGET) -> dict[str, object]:
    """The status of the game in ``record`` as a JSON-ready dict (``budget``: see
    :func:`is_dead`)."""
    position = record.position
    dead = is_dead(position, budget=budget)
    termination = record.termination()
    if termination is None and dead:
        termination = Termination.DEAD_POSITION
    threefold_moves = record.threefold_claim_moves()
    fifty_moves = record.fifty_claim_moves()
    result: dict[str, object] = {
        "fen": position.fen(),
        "turn": position.side_to_move.label,
        "checkmate": position.is_checkmate(),
        "stalemate": position.is_stalemate(),
        "dead": dead,
        "fivefold": record.repetitions() >= 5,
        "seventy_five_moves": position.halfmove_clock >= 150,
        "repetitions": record.repetitions(),
        "halfmove_clock": position.halfmove_clock,
        "can_claim_threefold": record.can_claim_threefold() or bool(threefold_moves),
        "threefold_claim_moves": [position.uci(move) for move in threefold_moves],
        "can_claim_fifty": record.can_claim_fifty() or bool(fifty_moves),
        "fifty_claim_moves": [position.uci(move) for move in fifty_moves],
        "game_over": termination is not None,
    }
    if termination is not None:
        winner = None
        if termination is Termination.CHECKMATE:
            winner = position.side_to_move.other
        result["result"] = (Result.DRAW if winner is None else Result.win_for(winner)).value
        result["winner"] = None if winner is None else winner.label
        result["reason"] = termination.reason
        result["article"] = termination.article
    return result


def run(args: argparse.Namespace) -> int:
    """Play the moves from FEN and print the status as JSON."""
    if args.budget < 1:
        return fail(_("--budget must be at least 1, not {n}").format(n=args.budget))
    fen = STARTING_FEN if args.fen == "startpos" else args.fen
    try:
        allow = COMPOSED if args.composed else PositionProblem(0)
        record = GameRecord(Position.from_fen(fen, chess960=args.chess960, allow=allow))
    except ChessLawsError as error:
        return fail(str(error))
    after: list[str] = []
    ended_at = None
    for number, text in enumerate(args.moves, start=1):
        ended = record.termination()
        if ended is not None:
            # Moves after the end do not count (Articles 5, 9.6): say where it ended and what
            # followed, as replays of real games need.
            ended_at = {"move": number - 1, "reason": ended.reason, "article": ended.article}
            after = list(args.moves[number - 1 :])
            break
        try:
            record.push_uci(text)
        except ChessLawsError as error:
            return fail(f"move {number} ({text}): {error}")
    result = status(record, args.budget)
    if ended_at is not None:
        result["ended_after_move"] = ended_at
        result["moves_after_end"] = after
    print(json.dumps(result, indent=2))
    return 0
