"""The values of an adjourned game (Guidelines I): the envelope and the sealed move in it.

Guidelines I.2: the envelope shows the names of the players, the position immediately before
the sealed move, the time used by each player, who sealed, the number of the sealed move and
any draw offer standing. I.3: the arbiter keeps it. I.7: it is opened only when the player who
replies to the sealed move is present.

The sealed move is the arbiter's alone until the envelope is opened, so it is kept in a
:class:`Sealed` holder that no serialiser can read by accident: its repr names no move, it is no
dataclass (``dataclasses.asdict`` copies it whole, and ``json.dumps`` then refuses it rather
than write the move), and :class:`Envelope` and :class:`Adjournment` hold it only through that
holder. The arbiter reads it with :func:`chesslaws.arbiter.sealed_move`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from chesslaws._color import Color

from ._time import Millis

__all__ = ["Adjournment", "Envelope", "Phase", "Sealed"]


class Phase(enum.Enum):
    """Where an adjournment stands: the player seals (I.1.1), the envelope is sealed and kept
    (I.3), or the resumption session has begun (I.9)."""

    SEALING = "sealing"
    SEALED = "sealed"
    RESUMED = "resumed"


class Sealed:
    """The sealed move as written (SAN or UCI), or ``None`` if none was written (I.8).

    Its repr and str name no move; it compares and pickles by its text (a stored game keeps it).
    """

    __slots__ = ("_text",)

    def __init__(self, text: str | None) -> None:
        self._text = text

    def reveal(self) -> str | None:
        """The written move: for the arbiter's own code (:func:`~chesslaws.arbiter.sealed_move`)."""
        return self._text

    @property
    def written(self) -> bool:
        return self._text is not None

    def __repr__(self) -> str:
        return "Sealed(<kept by the arbiter until the envelope is opened, I.7>)"

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sealed) and other._text == self._text

    def __hash__(self) -> int:
        return hash(("sealed", self._text))

    def __reduce__(self) -> tuple[object, tuple[str | None]]:
        return (Sealed, (self._text,))


NOTHING_SEALED = Sealed(None)


@dataclass(frozen=True, slots=True)
class Envelope:
    """What the envelope shows (I.2), fixed when the sealer stops his clock.

    ``fen``: the position immediately before the sealed move; ``remaining``: White's and
    Black's time on the clocks (``None`` without a clock), from which the time used follows;
    ``sealer`` and ``move_number`` (the number of the sealed move); ``draw_offer``: the player
    whose offer stands, if any (I.4). The players' names are the PGN tags' (not in the log).
    """

    fen: str
    sealer: Color
    move_number: int
    remaining: tuple[Millis, Millis] | None
    draw_offer: Color | None
    sealed_at: Millis


@dataclass(frozen=True, slots=True)
class Adjournment:
    """An adjournment in progress: ``phase``, who seals, the move he wrote (kept sealed), the
    envelope once he has stopped his clock, when the resumption session began (I.9), who is
    present at it, and whether the envelope has been opened (with the sealer still absent,
    I.9.3). ``resumes``: the date and time of resumption as the arbiter gave it (I.2.7, ISO
    8601); ``session_end``: the nominal end of the session, for a game adjourned before it
    (I.1.2). ``reply``: the replier's reply to the sealed move, sealed in a fresh envelope
    while the sealer is absent (I.9.3), and ``reply_sealed``: whether he has stopped his
    clock on it (the envelope is then handed to the arbiter, opened on the sealer's arrival).
    """

    phase: Phase
    sealer: Color
    seal: Sealed = NOTHING_SEALED
    envelope: Envelope | None = None
    resumed_at: Millis | None = None
    present: tuple[bool, bool] = (False, False)
    opened: bool = False
    resumes: str | None = None
    session_end: Millis | None = None
    reply: Sealed = NOTHING_SEALED
    reply_sealed: bool = False
