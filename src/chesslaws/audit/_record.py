"""What the auditor says about one game: findings, each with its Article, and the lawful result."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from chesslaws._words import Words, rendered

__all__ = ["AuditRecord", "Code", "Finding", "Verdict", "read_at"]


def read_at(line: int, column: int, reason: str) -> Words:
    """What the PGN reader said about a place in the file (an error, a mended note)."""
    return Words("line {line}, column {column}: {reason}", line=line, column=column, reason=reason)


class Code(enum.Enum):
    """The kinds of finding, each with the Article it rests on and whether it is a fault.

    Faults say the record breaks the Laws (a wrong result, an illegal move); informational
    findings say what a player could have done (a claim available but not made) or what the
    auditor could not decide.
    """

    value: tuple[str, str, bool]

    ILLEGAL_MOVE = ("illegal-move", "3", True)
    PLAY_AFTER_END = ("play-after-end", "5", True)
    RESULT_CONTRADICTS_POSITION = ("result-contradicts-position", "5", True)
    TIME_FORFEIT_CANNOT_CHECKMATE = ("time-forfeit-cannot-checkmate", "6.9", True)
    RESIGNATION_CANNOT_CHECKMATE = ("resignation-cannot-checkmate", "5.1.2", True)
    ILLEGAL_MOVE_FORFEIT_CANNOT_CHECKMATE = ("illegal-move-forfeit-cannot-checkmate", "7.5.5", True)
    THREEFOLD_AVAILABLE = ("threefold-claim-available", "9.2", False)
    FIFTY_MOVES_AVAILABLE = ("fifty-move-claim-available", "9.3", False)
    UNDETERMINED = ("could-not-decide", "6.9", False)
    RESULT_TAG_NOT_A_RESULT = ("result-tag-not-a-result", "8", True)
    RESULT_TAG_CONTRADICTS_MOVETEXT = ("result-tag-contradicts-movetext", "8", True)
    MENDED_ON_READING = ("mended-on-reading", "8", False)
    ARBITERS_SCORE = ("arbiters-score", "10.2", False)
    DRAW_OFFER = ("draw-offer", "9.1.2.1", False)
    AGREEMENT_BEFORE_BOTH_MOVED = ("agreement-before-both-moved", "5.2.3", True)
    ADJOURNED = ("adjourned", "I.1", False)

    @property
    def label(self) -> str:
        """The code as written in output: ``"play-after-end"``."""
        return self.value[0]

    @property
    def article(self) -> str:
        """The Article the finding usually rests on (a finding may name a more precise one)."""
        return self.value[1]

    @property
    def fault(self) -> bool:
        """True for a breach of the Laws, False for information."""
        return self.value[2]


class Verdict(enum.Enum):
    """The auditor's word on a game."""

    CLEAN = "clean"
    """Read to the end, and the recorded result is what the Laws give (findings: information)."""
    FAULTY = "faulty"
    """At least one fault: an illegal move, or a result the Laws do not give."""
    UNREADABLE = "unreadable"
    """The game could not be read far enough to know the lawful result."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing found in a game: at which ply (1-based; 0 for the game as a whole), what,
    under which Article, and a sentence for people."""

    ply: int
    code: Code
    article: str
    message: str
    fault: bool | None = None
    """Whether this finding is a fault; ``None``: as its code says (moves played after the end
    of a game whose result is right are information, for one)."""

    @property
    def is_fault(self) -> bool:
        """True for a breach of the Laws that matters, False for information."""
        return self.code.fault if self.fault is None else self.fault

    def as_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"ply", "code", "article", "message", "fault"}``."""
        return {
            "ply": self.ply,
            "code": self.code.label,
            "article": self.article,
            "message": self.message,
            "fault": self.is_fault,
        }


@dataclass(frozen=True, slots=True)
class AuditRecord:
    """The audit of one game of one file.

    ``lawful_result`` is what the Laws give (``"*"`` for a game not finished, ``None`` when the
    game could not be read far enough to know); ``ending`` names how the game ended by the
    Laws (``"checkmate"``, ``"time forfeit"``, ...) when known.
    """

    game: int
    file: str
    white: str
    black: str
    recorded_result: str
    lawful_result: str | None
    error: dict[str, Any] | None
    findings: tuple[Finding, ...]
    plies: int
    ending: str | None = None
    tags: tuple[tuple[str, str], ...] = ()
    """The game's tag pairs in file order (for tables by date or time control, and Parquet;
    not in the JSON record, which names the game by file and number)."""

    @property
    def verdict(self) -> Verdict:
        """Clean, faulty or unreadable (see :class:`Verdict`)."""
        if any(f.is_fault for f in self.findings):
            return Verdict.FAULTY
        if self.lawful_result is None:
            return Verdict.UNREADABLE
        return Verdict.CLEAN

    def as_dict(self) -> dict[str, Any]:
        """The JSON Lines record (the ``--jsonl`` output)."""
        return {
            "game": self.game,
            "file": self.file,
            "white": self.white,
            "black": self.black,
            "recorded_result": self.recorded_result,
            "lawful_result": self.lawful_result,
            "verdict": self.verdict.value,
            "ending": self.ending,
            "plies": self.plies,
            "error": self.error,
            "findings": [f.as_dict() for f in self.findings],
        }

    def in_words(self, gettext: Callable[[str], str]) -> AuditRecord:
        """This record with its sentences for people (the findings' messages, the error's
        reason) in the language of ``gettext``; the codes, Articles and results as they are."""
        findings = tuple(replace(f, message=rendered(f.message, gettext)) for f in self.findings)
        error = self.error
        if error is not None:
            error = {**error, "reason": rendered(error["reason"], gettext)}
        return replace(self, findings=findings, error=error)
