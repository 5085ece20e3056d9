"""The rule profile of one game: mode, supervision, edition and the penalty amounts they give.

Penalty amounts (ms added to the opponent's clock), by Article 7.5.5 and 9.5.3 and the
appendices:

============================  ========  =====================  =====================
penalty                       standard  rapid (A.3)            blitz (B.3 / B.2)
============================  ========  =====================  =====================
first illegal move (7.5.5)    2 min     1 min (2018: 2 min)    1 min
incorrect claim (9.5.3)       2 min     1 min (2018: 2 min)    1 min
============================  ========  =====================  =====================

Blitz under full supervision (B.2) imports the Competitive Rules without mentioning A.3; read
literally that is 2 minutes, and the 2018 text said 1 minute for all blitz. The digest leaves it
open (§0.2.2); chesslaws uses 1 minute and lets the event set ``illegal_move_penalty`` and
``incorrect_claim_penalty``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from chesslaws.endings import MATE_BUDGET

from ._events import Edition, Mode, Rules, Supervision, TouchMoveEnforcement
from ._time import Millis

__all__ = ["Profile"]

_MINUTE = Millis(60_000)
_TWO_MINUTES = Millis(120_000)


@dataclass(frozen=True, slots=True)
class Profile:
    """Everything about the game's regulations the arbiter needs, fixed at the start.

    ``default_mate_budget`` is the search effort used when the rules do not set one.
    """

    mode: Mode
    rules: Rules
    default_mate_budget: int = MATE_BUDGET
    modern_endings: bool = field(init=False, repr=False, compare=False)
    """Whether the board endings are those of 2018 and 2023 (not 2014's or pre-1997's)."""
    checks_recording: bool = field(init=False, repr=False, compare=False)
    """Whether 8.1.3 is checked at each move: the log records the players' scoresheets
    (``scoresheets``) in standard play (rapid and blitz need not record, A.2, B.3)."""

    def __post_init__(self) -> None:
        modern = self.rules.edition in (Edition.E2018, Edition.E2023)
        object.__setattr__(self, "modern_endings", modern)
        recording = self.rules.scoresheets and self.mode is Mode.STANDARD
        object.__setattr__(self, "checks_recording", recording)

    @property
    def mate_budget(self) -> int:
        """Positions the search "can the opponent still checkmate?" may visit (5.1.2, 6.9,
        7.5.5): the rules' ``mate_budget``, else the default."""
        if self.rules.mate_budget is not None:
            return self.rules.mate_budget
        return self.default_mate_budget

    @property
    def edition(self) -> Edition:
        return self.rules.edition

    @property
    def supervision(self) -> Supervision:
        """Full or partial; standard play is always fully supervised (A, B: rapid, blitz)."""
        if self.mode is Mode.STANDARD:
            return Supervision.FULL
        return self.rules.supervision

    @property
    def arbiter_sees_illegal_moves(self) -> bool:
        """Whether a completed illegal move is ruled at once (7.5, A.4, B.2) or on claim (A.5.2)."""
        return self.supervision is Supervision.FULL

    @property
    def touch_move(self) -> TouchMoveEnforcement:
        """Who enforces touch-move: the arbiter at once, or a claim before touching (4.8)."""
        if self.rules.touch_move is not None:
            return self.rules.touch_move
        if self.supervision is Supervision.FULL:
            return TouchMoveEnforcement.ARBITER
        return TouchMoveEnforcement.CLAIM

    @property
    def illegal_move_penalty(self) -> Millis:
        """Time given to the opponent for a first completed illegal move (7.5.5, A.3)."""
        if self.rules.illegal_move_penalty is not None:
            return self.rules.illegal_move_penalty
        return self._reduced()

    @property
    def incorrect_claim_penalty(self) -> Millis:
        """Time given to the opponent for an incorrect 9.2/9.3 claim (9.5.3, A.3)."""
        if self.rules.incorrect_claim_penalty is not None:
            return self.rules.incorrect_claim_penalty
        return self._reduced()

    def _reduced(self) -> Millis:
        if self.mode is Mode.STANDARD:
            return _TWO_MINUTES
        if self.mode is Mode.RAPID:
            return _MINUTE if self.edition is Edition.E2023 else _TWO_MINUTES
        return _MINUTE

    @property
    def illegal_move_article(self) -> str:
        """The Article under which a completed illegal move is penalised in this profile."""
        if self.mode is Mode.STANDARD:
            return "7.5.5"
        full = self.supervision is Supervision.FULL
        if self.mode is Mode.RAPID:
            return "A.4" if full else "A.5.2"
        return "B.2" if full else "B.3"

    @property
    def incorrect_claim_article(self) -> str:
        """The Article of the incorrect-claim penalty (9.5.3, reduced by A.3 in rapid/blitz)."""
        if self.mode is Mode.STANDARD or (
            self.mode is Mode.RAPID and self.edition is not Edition.E2023
        ):
            return "9.5.3"
        return "A.3"
