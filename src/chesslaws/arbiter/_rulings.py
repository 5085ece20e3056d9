"""Rulings: what the arbiter decides, one JSON line each (``docs/events.md``, version 1).

A :class:`Ruling` names the event that caused it (its 0-based line), the instant, the kind of
ruling and the Article applied. :meth:`Ruling.to_json` writes exactly the format of the spec;
:func:`ruling_from_json` reads it back (``ruling_from_json(r.to_json()) == r``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from chesslaws._color import Color
from chesslaws.endings import Reason, Result

from ._time import Millis, instant_to_json, ms_to_seconds, seconds_to_ms

__all__ = [
    "Penalty",
    "PenaltyKind",
    "Reason",
    "Result",
    "Ruling",
    "RulingKind",
    "RulingStatus",
    "ruling_from_json",
]


class RulingKind(enum.Enum):
    """The ``ruling`` names of the spec; ``clock`` (pause and resume, 6.11) and
    ``result_amended`` (a result changed after the game: 8.7, 11.3.2, 11.10, 12.9) and
    ``position_restored`` (7.1, 7.6) and ``scoresheet`` (Article 8: the duty to record) and
    ``adjournment`` (Guidelines I: sealing, the envelope, resumption) and ``announcement``
    (Appendix D.2.1, D.2.8) are extensions."""

    TOUCH_MOVE = "touch_move"
    ILLEGAL_MOVE = "illegal_move"
    INCORRECT_CLAIM = "incorrect_claim"
    CLAIM_REFUSED = "claim_refused"
    DRAW_OFFER = "draw_offer"
    FLAG = "flag"
    PENALTY = "penalty"
    GAME_OVER = "game_over"
    REJECTED = "rejected"
    CLOCK = "clock"
    RESULT_AMENDED = "result_amended"
    POSITION_RESTORED = "position_restored"
    SCORESHEET = "scoresheet"
    ADJOURNMENT = "adjournment"
    ANNOUNCEMENT = "announcement"


class RulingStatus(enum.StrEnum):
    """The ``status`` of a ruling: a draw offer's (9.1.2: ``standing``, ``declined``,
    ``lapsed``, ``not_allowed`` before the move the event allows, ``stands`` under the 2014 and
    earlier editions' wording), the clock's (6.11: ``paused``, ``resumed``; 6.10.2
    ``corrected``), an illegal move's that stood (A.5.2: ``stands``), a scoresheet's (8.1–8.7:
    ``differs``, ``in_advance``, ``not_recorded``, ``exempt``, ``reconstruction``, ``signed``),
    an adjournment's (Guidelines I: ``seal``, ``written``, ``changed``, ``sealed``,
    ``resumed``, ``opened``, ``lost``; the reply of I.9.3: ``reply_written``,
    ``reply_sealed``, ``reply_opened``) and an announcement's (Appendix D: ``differs``,
    ``corrected``, ``time``). A ``str`` too, so it reads as its text wherever text is wanted."""

    STANDING = "standing"
    DECLINED = "declined"
    LAPSED = "lapsed"
    NOT_ALLOWED = "not_allowed"
    STANDS = "stands"
    PAUSED = "paused"
    RESUMED = "resumed"
    CORRECTED = "corrected"
    DIFFERS = "differs"
    IN_ADVANCE = "in_advance"
    NOT_RECORDED = "not_recorded"
    EXEMPT = "exempt"
    RECONSTRUCTION = "reconstruction"
    SIGNED = "signed"
    SEAL = "seal"
    WRITTEN = "written"
    CHANGED = "changed"
    SEALED = "sealed"
    OPENED = "opened"
    LOST = "lost"
    REPLY_WRITTEN = "reply_written"
    REPLY_SEALED = "reply_sealed"
    REPLY_OPENED = "reply_opened"
    TIME = "time"


class PenaltyKind(enum.Enum):
    """What a penalty or correction does to the clock or the player (6.10.2, 12.9)."""

    ADD_TIME = "add_time"
    SET_TIME = "set_time"
    SET_MOVES = "set_moves"
    REMOVE_INCREMENT = "remove_increment"
    WARNING = "warning"
    FINE = "fine"
    EXCLUSION = "exclusion"
    EXPULSION = "expulsion"


@dataclass(frozen=True, slots=True)
class Penalty:
    """A penalty object such as ``{"add_time": {"player": "black", "seconds": 120}}``."""

    kind: PenaltyKind
    player: Color
    ms: Millis | None = None
    moves: int | None = None

    def to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {"player": self.player.label}
        if self.ms is not None:
            body["seconds"] = ms_to_seconds(self.ms)
        if self.moves is not None:
            body["moves"] = self.moves
        return {self.kind.value: body}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Penalty:
        ((name, body),) = obj.items()
        seconds = body.get("seconds")
        return cls(
            PenaltyKind(name),
            Color.parse(body["player"]),
            seconds_to_ms(seconds) if seconds is not None else None,
            body.get("moves"),
        )


@dataclass(frozen=True, slots=True)
class Ruling:
    """One decision of the arbiter, caused by event number ``event`` at instant ``at`` (ms).

    Optional fields appear in the JSON only when set: ``by`` (the player concerned),
    ``result``/``reason`` (``game_over``; a ``rejected`` ruling gives its reason too),
    ``status`` (``draw_offer``: ``standing``, ``declined``, ``lapsed``, ``not_allowed``;
    ``clock``: ``paused``, ``resumed``), ``move`` (the move ruled on), ``must_move`` (UCI of
    the legal moves allowed), ``penalty`` and ``note``.
    """

    event: int
    at: Millis | None
    kind: RulingKind
    article: str | None = None
    by: Color | None = None
    result: Result | None = None
    reason: str | None = None
    """The ending's :class:`Reason` code (``game_over``), or why an event was rejected."""
    status: RulingStatus | None = None
    move: str | None = None
    must_move: tuple[str, ...] | None = None
    penalty: Penalty | None = None
    note: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the spec (field order: event, at, ruling, by, result, …)."""
        out: dict[str, Any] = {"event": self.event}
        if self.at is not None:
            out["at"] = instant_to_json(self.at)
        out["ruling"] = self.kind.value
        if self.by is not None:
            out["by"] = self.by.label
        if self.result is not None:
            out["result"] = self.result.value
        if self.reason is not None:
            out["reason"] = self.reason
        if self.status is not None:
            out["status"] = self.status.value
        if self.move is not None:
            out["move"] = self.move
        if self.must_move is not None:
            out["must_move"] = list(self.must_move)
        if self.article is not None:
            out["article"] = self.article
        if self.penalty is not None:
            out["penalty"] = self.penalty.to_json()
        if self.note is not None:
            out["note"] = self.note
        return out


def ruling_from_json(obj: dict[str, Any]) -> Ruling:
    """Read back a ruling written by :meth:`Ruling.to_json` (``KeyError``/``ValueError`` if not)."""
    at = obj.get("at")
    by = obj.get("by")
    must = obj.get("must_move")
    penalty = obj.get("penalty")
    result = obj.get("result")
    status = obj.get("status")
    return Ruling(
        event=int(obj["event"]),
        at=seconds_to_ms(Decimal(str(at)) if isinstance(at, float) else at)
        if at is not None
        else None,
        kind=RulingKind(obj["ruling"]),
        article=obj.get("article"),
        by=Color.parse(by) if by is not None else None,
        result=Result(result) if result is not None else None,
        reason=obj.get("reason"),
        status=RulingStatus(status) if status is not None else None,
        move=obj.get("move"),
        must_move=tuple(must) if must is not None else None,
        penalty=Penalty.from_json(penalty) if penalty is not None else None,
        note=obj.get("note"),
    )


def brief(reason: str, limit: int = 300) -> str:
    """A rejection's reason, cut in the middle when the input it quotes is huge (a 5,000-digit
    time control must not come back whole in every ruling)."""
    if len(reason) <= limit:
        return reason
    return f"{reason[: limit - 90]} ... {reason[-40:]} ({len(reason)} characters)"
