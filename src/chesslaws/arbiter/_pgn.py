"""A ruled game as PGN (the PGN standard's export format, with ``[%clk]`` comments).

The moves standing on the scoresheet, the clock of each completed move, the result, and the
ending as PGN's ``Termination`` tag (:attr:`chesslaws.endings.Reason.pgn_termination`) and a
final comment giving the reason and its Article.
"""

from __future__ import annotations

from chesslaws.clock import format_clk
from chesslaws.endings import Reason

from ._events import Variant
from ._state import GameState

__all__ = ["game_to_pgn"]


def game_to_pgn(state: GameState) -> str:
    """The game in PGN export format: moves, ``[%clk]`` after each completed move, the result.

    Tags: the Seven Tag Roster, ``FEN``/``SetUp`` for a set position, ``TimeControl`` (the
    control as the event log gave it), ``Termination`` (PGN's standard values) and the reason
    and Article of the ending as a final comment. Takes a :class:`GameState` (``game.state()``).

    >>> from chesslaws.arbiter import Game
    >>> game, _ = Game.replay(['{"type": "start", "time_control": "60"}',
    ...                        '{"type": "resign", "at": 1, "by": "white"}'])
    >>> print(game_to_pgn(game.state()).strip().splitlines()[-1])
    {resignation (5.1.2)} 0-1
    """
    from chesslaws import pgn  # the PGN writer, imported on first use like ``chesslaws.pgn``

    start = state.start
    result = state.result
    chess960 = start is not None and start.variant is Variant.CHESS960
    tags: dict[str, str] = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?"}
    tags.update(White="?", Black="?", Result=result or "*")
    if start is not None and start.fen is not None:
        tags["FEN"] = start.fen
        tags["SetUp"] = "1"
    if chess960:
        tags["Variant"] = "Chess960"
    if start is not None:
        tags["TimeControl"] = start.time_control if start.time_control is not None else "-"
    ending = state.ending
    if ending is not None:
        known = {r.value: r for r in Reason}.get(ending.reason)
        tags["Termination"] = known.pgn_termination if known is not None else "normal"
    sheet = state.sheet
    comments: dict[int, str] = {}
    for index, ply in enumerate(sheet):
        if ply.clock is not None:
            comments[index] = format_clk(ply.clock)
    if ending is not None:
        note = f"{ending.reason.replace('_', ' ')} ({ending.article})"
        last = len(sheet) - 1
        comments[last] = f"{comments[last]} {note}" if last in comments else note
    standing = []
    for ply in sheet:
        if ply.move is None:
            break
        standing.append(ply.move)
    line = pgn.Line(sans=tuple(p.san for p in sheet), moves=tuple(standing), comments=comments)
    record = pgn.Game(
        number=1,
        line=1,
        tags=tags,
        main=line,
        result=result if result in ("1-0", "0-1", "1/2-1/2") else "*",
        fen=start.fen if start is not None else None,
        chess960=chess960,
    )
    return pgn.write_game(record)
