"""Engine matches under FIDE clocks, refereed by the arbiter (Articles 5, 6, 7.5.5, 9).

A UCI client of our own on asyncio subprocesses (:class:`UciEngine`), one game refereed by a
fold of the arbiter's :func:`chesslaws.arbiter.step` (:func:`play_game`), a match of many
(:func:`run_match`) with openings, adjudication, an SPRT, PGN out with ``[%clk]`` and ``[%emt]``
by the arbiter's writer, and each game's event log. ``chesslaws match``
is its command line; ``docs/match.md`` describes both.
"""

from __future__ import annotations

from chesslaws._errors import EngineError as EngineError
from chesslaws._errors import MatchError as MatchError
from chesslaws.engines._game import GameReport as GameReport
from chesslaws.engines._game import MoveNote as MoveNote
from chesslaws.engines._game import ending_text as ending_text
from chesslaws.engines._game import play_game as play_game
from chesslaws.engines._match import MatchResult as MatchResult
from chesslaws.engines._match import game_pgn as game_pgn
from chesslaws.engines._match import run_match as run_match
from chesslaws.engines._openings import Opening as Opening
from chesslaws.engines._openings import OpeningBook as OpeningBook
from chesslaws.engines._openings import read_epd as read_epd
from chesslaws.engines._openings import read_pgn_openings as read_pgn_openings
from chesslaws.engines._options import MatchOptions as MatchOptions
from chesslaws.engines._options import parse_match_options as parse_match_options
from chesslaws.engines._settings import ClaimPolicy as ClaimPolicy
from chesslaws.engines._settings import DrawAdjudication as DrawAdjudication
from chesslaws.engines._settings import EngineSpec as EngineSpec
from chesslaws.engines._settings import IllegalMovePolicy as IllegalMovePolicy
from chesslaws.engines._settings import MatchSettings as MatchSettings
from chesslaws.engines._settings import ResignAdjudication as ResignAdjudication
from chesslaws.engines._stats import Sprt as Sprt
from chesslaws.engines._stats import Summary as Summary
from chesslaws.engines._stats import elo_from_score as elo_from_score
from chesslaws.engines._stats import summarise as summarise
from chesslaws.engines._timecontrol import go_arguments as go_arguments
from chesslaws.engines._timecontrol import read_match_tc as read_match_tc
from chesslaws.engines._uci import Info as Info
from chesslaws.engines._uci import Reply as Reply
from chesslaws.engines._uci import ReplyKind as ReplyKind
from chesslaws.engines._uci import UciEngine as UciEngine
from chesslaws.engines._uci import parse_info as parse_info

__all__ = [
    "ClaimPolicy",
    "DrawAdjudication",
    "EngineError",
    "EngineSpec",
    "GameReport",
    "IllegalMovePolicy",
    "Info",
    "MatchError",
    "MatchOptions",
    "MatchResult",
    "MatchSettings",
    "MoveNote",
    "Opening",
    "OpeningBook",
    "Reply",
    "ReplyKind",
    "ResignAdjudication",
    "Sprt",
    "Summary",
    "UciEngine",
    "elo_from_score",
    "ending_text",
    "game_pgn",
    "go_arguments",
    "parse_info",
    "parse_match_options",
    "play_game",
    "read_epd",
    "read_match_tc",
    "read_pgn_openings",
    "run_match",
    "summarise",
]
