"""Game endings (Articles 5 and 9) and the question "can this player still checkmate?"
(Articles 5.1.2, 5.2.2, 6.9, 7.5.5).

``GameRecord`` knows checkmate, stalemate, dead position, fivefold repetition and the
seventy-five-move rule, and judges threefold and fifty-move claims, with or without an intended
move. ``can_checkmate`` and ``is_dead`` answer the unwinnability question soundly. The one
vocabulary of endings lives here too: :class:`Result`, :class:`Reason` (each with its Article;
``Termination`` is the same enum) and :func:`loss_or_draw` (5.1.2, 6.9, 7.5.5, A.5.3).
"""

from __future__ import annotations

from chesslaws.endings._editions import EDITIONS as EDITIONS
from chesslaws.endings._editions import alternate_fivefold as alternate_fivefold
from chesslaws.endings._editions import edition_ending as edition_ending
from chesslaws.endings._editions import ending_article as ending_article
from chesslaws.endings._editions import listed_draw as listed_draw
from chesslaws.endings._editions import lone_king as lone_king
from chesslaws.endings._editions import resignation_always_loses as resignation_always_loses
from chesslaws.endings._outcome import MATE_BUDGET as MATE_BUDGET
from chesslaws.endings._outcome import Outcome as Outcome
from chesslaws.endings._outcome import Reason as Reason
from chesslaws.endings._outcome import Result as Result
from chesslaws.endings._outcome import Termination as Termination
from chesslaws.endings._outcome import loss_or_draw as loss_or_draw
from chesslaws.endings._record import DEAD_POSITION_BUDGET as DEAD_POSITION_BUDGET
from chesslaws.endings._record import GameRecord as GameRecord
from chesslaws.endings._record import automatic_ending as automatic_ending
from chesslaws.endings._unwinnability import MateAnalysis as MateAnalysis
from chesslaws.endings._unwinnability import Winnability as Winnability
from chesslaws.endings._unwinnability import can_checkmate as can_checkmate
from chesslaws.endings._unwinnability import is_dead as is_dead
from chesslaws.endings._unwinnability import pawn_walk_proof as pawn_walk_proof

__all__ = [
    "DEAD_POSITION_BUDGET",
    "EDITIONS",
    "MATE_BUDGET",
    "GameRecord",
    "MateAnalysis",
    "Outcome",
    "Reason",
    "Result",
    "Termination",
    "Winnability",
    "alternate_fivefold",
    "automatic_ending",
    "can_checkmate",
    "edition_ending",
    "ending_article",
    "is_dead",
    "listed_draw",
    "lone_king",
    "loss_or_draw",
    "pawn_walk_proof",
    "resignation_always_loses",
]
