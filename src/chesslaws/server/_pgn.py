"""A live game in PGN export format (PGN standard 8; Article 8 scoresheet, Appendix C SAN).

The Seven Tag Roster from the game's names, event and round, ``FEN``/``SetUp`` for a set
position, ``TimeControl``, ``Termination`` once the game is over, a ``[%clk]`` comment after
each completed move and the reason and Article of the ending as the last comment. The same
export as ``chesslaws arbitrate --pgn``, with the tags the server knows.
"""

from __future__ import annotations

from typing import Any

from chesslaws import pgn
from chesslaws.arbiter import Game
from chesslaws.clock import format_clk

__all__ = ["game_pgn"]

# PGN standard 8.2.6 Termination values for each ``game_over`` reason.
_TERMINATION = {
    "flag": "time forfeit",
    "flag_cannot_checkmate": "time forfeit",
    "second_illegal_move": "rules infraction",
    "illegal_move_cannot_checkmate": "rules infraction",
    "default": "abandoned",
    "arbiter": "adjudication",
}


def _tag(value: Any) -> str:
    return str(value) if value not in (None, "") else "?"


def game_pgn(game: Game, meta: dict[str, Any], created: str) -> str:
    """``game`` as PGN, tagged from ``meta`` (``white``, ``black``, ``event``, ``site``,
    ``round``) and the creation date ``created`` (ISO 8601)."""
    start = game.start_event
    date = created[:10].replace("-", ".") if len(created) >= 10 else "????.??.??"
    tags: dict[str, str] = {
        "Event": _tag(meta.get("event")),
        "Site": _tag(meta.get("site")),
        "Date": date,
        "Round": _tag(meta.get("round")),
        "White": _tag(meta.get("white")),
        "Black": _tag(meta.get("black")),
        "Result": game.result or "*",
    }
    chess960 = start is not None and start.variant.value == "chess960"
    if start is not None and start.fen is not None:
        tags["FEN"] = start.fen
        tags["SetUp"] = "1"
    if chess960:
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
        chess960=chess960,
    )
    return pgn.write_game(record)
