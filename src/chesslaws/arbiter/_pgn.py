"""A ruled game as PGN (the PGN standard's export format, with ``[%clk]`` comments).

The moves standing on the scoresheet, the clock of each completed move, the result, and the
ending as PGN's ``Termination`` tag (:attr:`chesslaws.endings.Reason.pgn_termination`) and a
final comment giving the reason and its Article.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from chesslaws._color import Color
from chesslaws._errors import ChessLawsError
from chesslaws.clock import TimeControl, format_clk
from chesslaws.core import Move, Position
from chesslaws.endings import Result

from ._adjourn import adjournment_comment
from ._events import Start, Variant
from ._state import GameState

__all__ = ["BookLine", "game_to_pgn"]


class BookLine(Protocol):
    """Moves played before a game's event log begins (an engine match's opening book): from
    ``fen`` (``None``: the standard start), the UCI ``moves``."""

    @property
    def fen(self) -> str | None: ...

    @property
    def moves(self) -> Sequence[str]: ...


def game_to_pgn(
    state: GameState,
    tags: Mapping[str, str] | None = None,
    *,
    notes: Mapping[int, str] | None = None,
    book: BookLine | None = None,
    detail: str = "",
) -> str:
    """The game in PGN export format: moves, ``[%clk]`` after each completed move, the result.

    Tags: the Seven Tag Roster, ``FEN``/``SetUp`` for a set position, ``TimeControl`` (the
    control as the event log gave it; under time odds ``WhiteTimeControl`` and
    ``BlackTimeControl`` instead, as cutechess writes them), ``Termination`` (PGN's standard
    values) and the reason and Article of the ending as a final comment. Takes a
    :class:`GameState` (``game.state()``); ``tags`` gives what the log does not know
    (``White``, ``Event``, ``Date``, ...; a ``Termination`` given wins over the ending's, and
    tags beyond these come last).

    What else the caller knows of the game: ``notes[i]`` is written after the ``[%clk]`` of the
    scoresheet's move ``i`` (0-based; an engine's ``[%emt]`` and evaluation); ``book`` the moves
    (UCI) that led from ``book.fen`` (``None``: the standard start) to the log's start position,
    written first, the last with the comment ``book``; ``detail`` is written before the reason
    and Article of the ending (what the log does not say about it).

    >>> from chesslaws.arbiter import Game
    >>> game, _ = Game.replay(['{"type": "start", "time_control": "60"}',
    ...                        '{"type": "resign", "at": 1, "by": "white"}'])
    >>> print(game_to_pgn(game.state()).strip().splitlines()[-1])
    {resignation (5.1.2)} 0-1
    """
    from chesslaws import pgn  # the PGN writer, imported on first use like ``chesslaws.pgn``

    start = state.start
    chess960 = start is not None and start.variant is Variant.CHESS960
    roster: dict[str, str] = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?"}
    written = Result.pgn_of(state.result)
    roster.update(White="?", Black="?")
    given = {name: value for name, value in (tags or {}).items() if value}
    roster.update({name: given.pop(name) for name in list(given) if name in roster})
    roster["Result"] = written
    tags = roster
    first_fen = _first_fen(start, book)
    if first_fen is not None:
        tags["FEN"] = first_fen
        tags["SetUp"] = "1"
    if chess960:
        tags["Variant"] = "Chess960"
    if start is not None:
        tags.update(_time_control_tags(start))
    ending = state.ending
    if ending is not None:
        tags["Termination"] = ending.reason.pgn_termination
    if "Termination" in given:
        tags["Termination"] = given.pop("Termination")
    tags.update(given)
    sans, standing, comments = _movetext(state, notes or {}, book)
    if ending is not None:
        note = f"{ending.reason.value.replace('_', ' ')} ({ending.article})"
        if detail:
            note = f"{detail}: {note}"
        if ending.result is Result.BOTH_LOSE:
            note = f"0-0, both lose: {note}"  # PGN has no 0-0: the movetext ends with *
        elif ending.result in (Result.WHITE_HALF, Result.BLACK_HALF):  # nor these (10.2)
            note = f"{ending.result.value}, the arbiter's score (10.2): {note}"
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
        fen=first_fen,
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


def _first_fen(start: Start | None, book: BookLine | None) -> str | None:
    """The FEN of the first position the PGN shows (``None``: the standard start)."""
    if book is not None:
        return book.fen
    return start.fen if start is not None else None


def _book(
    position: Position, book: BookLine, start: Start | None
) -> tuple[list[str], list[Move], dict[int, str]]:
    """The book moves played on ``position``, which must then stand where the log starts."""
    sans: list[str] = []
    standing: list[Move] = []
    for text in book.moves:
        move = position.parse_uci(text)
        sans.append(position.san(move))
        standing.append(move)
        position.push(move)
    if start is not None and start.fen is not None and (
        position.fen().split()[:4] != start.fen.split()[:4]
    ):
        raise ChessLawsError(
            f"the book moves {' '.join(book.moves)} lead to {position.fen()}, not to the "
            f"game's start {start.fen}"
        )
    return sans, standing, ({len(sans) - 1: "book"} if sans else {})


def _movetext(
    state: GameState, notes: Mapping[int, str], book: BookLine | None
) -> tuple[list[str], list[Move], dict[int, str]]:
    """The scoresheet as moves a PGN reader can replay, with their ``[%clk]`` comments and the
    caller's ``notes``, after the ``book`` moves if any.

    A move after which a draw was offered gets ``(=)`` in its comment (8.1.5). A move that
    stood without being legal by the board's rules is written so that the PGN still
    reads (A.5.2): a legal move made with two hands (7.5.4) in SAN, with a comment naming the
    Article; an illegal move ends the replayable moves, and it and every later move are written
    in a comment, with the position they were played from.
    """
    start = state.start
    chess960 = start is not None and start.variant is Variant.CHESS960
    first = _first_fen(start, book)
    position = Position.from_fen(first, chess960=chess960) if first is not None else Position()
    sans: list[str] = []
    standing: list[Move] = []
    comments: dict[int, str] = {}
    if book is not None:
        sans, standing, comments = _book(position, book, start)
    sheet = state.sheet
    offered = set(state.players.offered)  # 8.1.5: "=" after the move a draw was offered with
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
        text = " ".join(part for part in (clk, stood, offer, notes.get(index)) if part)
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
