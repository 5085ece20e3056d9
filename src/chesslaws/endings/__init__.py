"""Game endings (Articles 5 and 9) and the question "can this player still checkmate?"
(Articles 5.1.2, 5.2.2, 6.9, 7.5.5).

``GameRecord`` knows checkmate, stalemate, dead position, fivefold repetition and the
seventy-five-move rule, and judges threefold and fifty-move claims, with or without an intended
move. ``can_checkmate`` and ``is_dead`` answer the unwinnability question soundly.
"""

from __future__ import annotations

from chesslaws.endings._record import GameRecord as GameRecord
from chesslaws.endings._termination import Outcome as Outcome
from chesslaws.endings._termination import Termination as Termination
from chesslaws.endings._unwinnability import MateAnalysis as MateAnalysis
from chesslaws.endings._unwinnability import Winnability as Winnability
from chesslaws.endings._unwinnability import can_checkmate as can_checkmate
from chesslaws.endings._unwinnability import is_dead as is_dead

__all__ = [
    "GameRecord",
    "MateAnalysis",
    "Outcome",
    "Termination",
    "Winnability",
    "can_checkmate",
    "is_dead",
]
