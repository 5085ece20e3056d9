"""PGN in and out (Article 8: recording the moves; Appendix C: algebraic notation).

``read_games`` streams the games of a file, recovering from errors game by game;
``write_game`` writes one in the PGN export format.

>>> from chesslaws import pgn
>>> game = pgn.read_game('[Result "1-0"]\\n\\n1. f3 e5 2. g4 Qh4# 0-1')
>>> game.sans, game.result, game.ok
(('f3', 'e5', 'g4', 'Qh4#'), '0-1', True)
"""

from __future__ import annotations

from ._game import HALF_SCORES as HALF_SCORES
from ._game import SEVEN_TAG_ROSTER as SEVEN_TAG_ROSTER
from ._game import Game as Game
from ._game import Line as Line
from ._game import ReadError as ReadError
from ._movetext import GLYPHS as GLYPHS
from ._reader import CHESS960_VARIANTS as CHESS960_VARIANTS
from ._reader import game_offsets as game_offsets
from ._reader import read_game as read_game
from ._reader import read_games as read_games
from ._writer import LINE_WIDTH as LINE_WIDTH
from ._writer import write_game as write_game

__all__ = [
    "CHESS960_VARIANTS",
    "GLYPHS",
    "HALF_SCORES",
    "LINE_WIDTH",
    "SEVEN_TAG_ROSTER",
    "Game",
    "Line",
    "ReadError",
    "game_offsets",
    "read_game",
    "read_games",
    "write_game",
]
