"""A ruled game as PGN (the PGN standard's export format, with ``[%clk]`` comments).

The moves standing on the scoresheet, the clock of each completed move, the result, and the
ending as PGN's ``Termination`` tag (:attr:`chesslaws.endings.Reason.pgn_termination`) and a
final comment giving the reason and its Article.
"""

from __future__ import annotations

from collections.abc import Mapping

from chesslaws._color import Color
from chesslaws._errors import ChessLawsError
from chesslaws.clock import TimeControl, format_clk
from chesslaws.core import Move, Position
from chesslaws.endings import Reason

from ._adjourn import adjournment_comment
from ._events import Start, Variant
from ._state import GameState

__all__ = ["game_to_pgn"]


def game_to_pgn(state: GameState, tags: Mapping[str, str] | None = None) -> str:
    """The game in PGN export format: moves, ``[%clk]`` after each completed move, the result.

    Tags: the Seven Tag Roster, ``FEN``/``SetUp`` for a set position, ``TimeControl`` (the
    control as the event log gave it; under time odds ``WhiteTimeControl`` and
    ``BlackTimeControl`` instead, as cutechess writes them), ``Termination`` (PGN's standard
    values) and the reason and Article of the ending as a final comment. Takes a
    :class:`GameState` (``game.state()``); ``tags`` gives what the log does not know
    (``White``, ``Event``, ``Date``, ...).

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
    roster: dict[str, str] = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?"}
    written = result if result in ("1-0", "0-1", "1/2-1/2") else "*"
    roster.update(White="?", Black="?")
    roster.update({name: value for name, value in (tags or {}).items() if value})
    roster["Result"] = written
    tags = roster
    if start is not None and start.fen is not None:
        tags["FEN"] = start.fen
        tags["SetUp"] = "1"
    if chess960:
        tags["Variant"] = "Chess960"
    if start is not None:
        tags.update(_time_control_tags(start))
    ending = state.ending
    if ending is not None:
        known = {r.value: r for r in Reason}.get(ending.reason)
        tags["Termination"] = known.pgn_termination if known is not None else "normal"
    sans, standing, comments = _movetext(state)
    if ending is not None:
        note = f"{ending.reason.replace('_', ' ')} ({ending.article})"
        if result == "0-0":
            note = f"0-0, both lose: {note}"  # PGN has no 0-0: the movetext ends with *
        last = len(sans) - 1
        comments[last] = f"{comments[last]} {note}" if last in comments else note
    adjourned = adjournment_comment(state)  # Guidelines I: the seal itself never written
    if adjourned is not None and sans:
        last = len(sans) - 1
        comments[last] = f"{comments[last]} {adjourned}" if last in comments else adjourned
    line = pgn.Line(sans=tuple(sans), moves=tuple(standing), comments=comments)
    record = pgn.Game(
        number=1,
        line=1,
        tags=tags,
        main=line,
        result=written,
        fen=start.fen if start is not None else None,
        chess960=chess960,
    )
    return pgn.write_game(record)


def _time_control_tags(start: Start) -> dict[str, str]:
    """``TimeControl``, or ``WhiteTimeControl`` and ``BlackTimeControl`` when the players'
    controls differ (then no ``TimeControl``: no one control is the game's)."""
    white = _time_control(start.control_of(Color.WHITE))
    black = _time_control(start.control_of(Color.BLACK))
    if white == black:
        return {"TimeControl": white}
    return {"WhiteTimeControl": white, "BlackTimeControl": black}


def _time_control(text: str | None) -> str:
    """The control in its canonical form (``G/5 inc2`` is written ``300+2``)."""
    if text is None:
        return "-"
    try:
        return TimeControl.parse(text).canonical()
    except ChessLawsError:
        return text


def _movetext(state: GameState) -> tuple[list[str], list[Move], dict[int, str]]:
    """The scoresheet as moves a PGN reader can replay, with their ``[%clk]`` comments.

    A move after which a draw was offered gets ``(=)`` in its comment (8.1.5). A move that
    stood without being legal by the board's rules is written so that the PGN still
    reads (A.5.2): a legal move made with two hands (7.5.4) in SAN, with a comment naming the
    Article; an illegal move ends the replayable moves, and it and every later move are written
    in a comment, with the position they were played from.
    """
    start = state.start
    chess960 = start is not None and start.variant is Variant.CHESS960
    position = (
        Position.from_fen(start.fen, chess960=chess960)
        if start is not None and start.fen is not None
        else Position()
    )
    sans: list[str] = []
    standing: list[Move] = []
    comments: dict[int, str] = {}
    sheet = state.sheet
    offered = set(state.offered)  # 8.1.5: "=" after the move a draw was offered with
    for index, ply in enumerate(sheet):
        move = ply.move if ply.move is not None else _as_legal(position, ply.uci)
        if move is None:
            rest = " ".join(p.san for p in sheet[index:])
            note = (
                f"the illegal move {ply.san} stood, unclaimed (A.5.2); the game went on "
                f"from {position.fen()}: {rest}"
            )
            last = len(sans) - 1
            comments[last] = f"{comments[last]} ({note})" if last in comments else note
            break
        sans.append(position.san(move))
        standing.append(move)
        clk = format_clk(ply.clock) if ply.clock is not None else None
        stood = "made with two hands (7.5.4), stood unclaimed (A.5.2)" if ply.move is None else None
        offer = "(=)" if index + 1 in offered else None
        text = " ".join(part for part in (clk, stood, offer) if part)
        if text:
            comments[len(sans) - 1] = text
        position.push(move)
    return sans, standing, comments


def _as_legal(position: Position, text: str) -> Move | None:
    for parse in (position.parse_uci, position.parse_san):
        try:
            return parse(text)
        except ChessLawsError:
            continue
    return None
