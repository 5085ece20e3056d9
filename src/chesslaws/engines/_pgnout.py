"""An engine game in PGN: ``[%clk]`` and ``[%emt]`` after every move, score and depth, the
ending's reason and Article.

Tags: the Seven Tag Roster, ``FEN``/``SetUp`` for an opening position, ``TimeControl`` (the
canonical control; under time odds ``WhiteTimeControl``/``BlackTimeControl`` instead, as
cutechess writes them),
``Termination`` (PGN's values: ``normal``, ``time forfeit``, ``rules infraction``,
``abandoned``, ``adjudication``), ``Grace`` (the grace in seconds, when there is one) and
``PlyCount``. A move's comment is ``[%clk H:MM:SS] [%emt H:MM:SS.f] +0.23/12``: the mover's
clock after the move, the time from ``go`` to ``bestmove``, and the engine's last score with
its depth. The last comment says how the game ended and by which Article.
"""

from __future__ import annotations

import datetime

from chesslaws.clock import format_clk, format_emt
from chesslaws.clock._units import seconds_text
from chesslaws.core import Move, Position

from ._game import GameReport
from ._settings import MatchSettings

__all__ = ["ending_text", "game_pgn"]


def ending_text(report: GameReport) -> str:
    """How the game ended, for people: the reason, the Article and any detail."""
    reason = report.reason.replace("_", " ") or "unfinished"
    text = f"{reason} ({report.article})" if report.article else reason
    if report.detail:
        text = f"{report.detail}: {text}"
    return text


def _move_comment(report: GameReport, index: int) -> str:
    note = report.moves[index]
    parts = []
    if note.clock is not None:
        parts.append(format_clk(note.clock))
    parts.append(format_emt(note.elapsed))
    if note.info is not None and note.info.has_score:
        depth = f"/{note.info.depth}" if note.info.depth is not None else ""
        parts.append(f"{note.info.score_text()}{depth}")
    if note.note:
        parts.append(note.note)
    return " ".join(parts)


def game_pgn(report: GameReport, settings: MatchSettings, number: int) -> str:
    """The game ``number`` (0-based) of the match in PGN export format."""
    from chesslaws import pgn

    opening = report.opening
    white_index = number % 2
    tags: dict[str, str] = {
        "Event": settings.event,
        "Site": "?",
        "Date": datetime.datetime.now(datetime.UTC).strftime("%Y.%m.%d"),
        "Round": str(number + 1),
        "White": report.white,
        "Black": report.black,
        "Result": report.result,
    }
    if opening.fen is not None:
        tags["FEN"] = opening.fen
        tags["SetUp"] = "1"
    white_tc = settings.control_of(white_index)
    black_tc = settings.control_of(1 - white_index)
    if white_tc == black_tc:
        tags["TimeControl"] = str(white_tc)
    else:  # time odds, as cutechess writes them: no one control is the game's
        tags["WhiteTimeControl"] = str(white_tc)
        tags["BlackTimeControl"] = str(black_tc)
    tags["Termination"] = report.termination
    if settings.grace:
        tags["Grace"] = seconds_text(settings.grace)
    tags.update(settings.extra_tags)
    position = Position() if opening.fen is None else Position.from_fen(opening.fen)
    moves: list[Move] = []
    sans: list[str] = []
    comments: dict[int, str] = {}

    def play(uci: str) -> None:
        move = position.parse_uci(uci)
        sans.append(position.san(move))
        moves.append(move)
        position.push(move)

    for uci in opening.moves:
        play(uci)
    if opening.moves:
        comments[len(moves) - 1] = "book"
    for index, note in enumerate(report.moves):
        play(note.uci)
        comments[len(moves) - 1] = _move_comment(report, index)
    ending = ending_text(report)
    if report.claimed_move is not None:
        play(report.claimed_move)
        ending = f"written with the claim, not played; {ending}"
    tags["PlyCount"] = str(len(moves))
    last = len(moves) - 1
    comments[last] = f"{comments[last]} {ending}" if last in comments else ending
    line = pgn.Line(sans=tuple(sans), moves=tuple(moves), comments=comments)
    record = pgn.Game(
        number=number + 1,
        line=1,
        tags=tags,
        main=line,
        result=report.result if report.result in ("1-0", "0-1", "1/2-1/2") else "*",
        fen=opening.fen,
    )
    return pgn.write_game(record)
