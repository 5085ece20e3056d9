"""Events: what happens at the board, one JSON line each (``docs/events.md``, version 1).

Each event is a frozen value. :func:`parse_event` reads one line of an event log and
:meth:`to_json` writes it back; ``parse_event(json.dumps(e.to_json())) == e`` for every event.
Times are integer milliseconds since the ``start`` event (see :mod:`._time`). A line that cannot
be taken raises :class:`~chesslaws.InvalidEvent` naming the line and the field; the arbiter turns
that into a ``rejected`` ruling and reads on.
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any, TypeAlias

from chesslaws._color import Color
from chesslaws._errors import ChessLawsError, InvalidEvent
from chesslaws._words import Words, said
from chesslaws.clock import Category
from chesslaws.core import PieceType, parse_square, san_to_english, square_name
from chesslaws.endings import Reason

from ._appendix_d import BlindSetting, read_setting
from ._time import MAX_SECONDS, Millis, instant_to_json, ms_to_seconds, seconds_to_ms
from ._values import builder

__all__ = [
    "Accept",
    "Adjourn",
    "Adjust",
    "AgreeCorrection",
    "Announce",
    "Arbiter",
    "ArbiterActionKind",
    "Arrive",
    "Claim",
    "ClaimKind",
    "Decline",
    "Edition",
    "Event",
    "Feel",
    "Mode",
    "MoveMade",
    "Offer",
    "OpenEnvelope",
    "Press",
    "Record",
    "RequestScoresheet",
    "RequestTime",
    "Resign",
    "ResumeSession",
    "Rules",
    "Seal",
    "Sign",
    "SpectatorRemark",
    "Start",
    "Supervision",
    "Tick",
    "Touch",
    "TouchMoveEnforcement",
    "Variant",
    "event_from_json",
    "parse_event",
]


Mode = Category
"""Standard play, rapid (Appendix A) or blitz (Appendix B): the clock's :class:`Category`, which
a ``start`` event's ``mode`` may set and its time control otherwise gives (A.1, B.1)."""


class Variant(enum.Enum):
    """Standard chess or Chess960 (Guidelines II)."""

    STANDARD = "standard"
    CHESS960 = "chess960"


class Edition(enum.Enum):
    """Which edition of the Laws rules the game: the endings, penalties and procedures that
    differ (docs/events.md, "Editions"): 2023, 2018, 2014 (the Spanish text) or pre-1997 (the
    Greek text, the 1985 numbering)."""

    E2014 = "2014"
    E2018 = "2018"
    E2023 = "2023"
    PRE1997 = "pre-1997"


class Supervision(enum.Enum):
    """Rapid A.4, blitz B.2 (``full``) or A.5, B.3 (``partial``), set by the event (A.6, B.4)."""

    FULL = "full"
    PARTIAL = "partial"


class TouchMoveEnforcement(enum.Enum):
    """Whether the arbiter rules a touch-move breach at once, or only on a claim (4.8).

    An arbiter who sees a breach of Article 4 steps in at once (Arbiters' Manual); where touches
    come from sensors or reports and nobody watches, a breach is ruled only on the opponent's
    claim, which he loses by touching a piece (4.8). An extension of the event format.
    """

    ARBITER = "arbiter"
    CLAIM = "claim"


class ClaimKind(enum.Enum):
    """What a player claims (9.2, 9.3, 6.8, 4.8, 7.5 / A.5.2; a draw in a quickplay finish,
    Guidelines III.5, III.6)."""

    THREEFOLD = "threefold"
    FIFTY = "fifty"
    FLAG = "flag"
    TOUCH_MOVE = "touch_move"
    ILLEGAL_MOVE = "illegal_move"
    QUICKPLAY = "quickplay"


class ArbiterActionKind(enum.Enum):
    """What the arbiter does (6.10, 6.11, 8.7, 11.3.2, 12, III.4); all after ``declare`` are
    extensions (docs)."""

    ADD_TIME = "add_time"
    SET_TIME = "set_time"
    PAUSE = "pause"
    RESUME = "resume"
    OBSERVE_FLAG = "observe_flag"
    DECLARE = "declare"
    OBSERVE_ILLEGAL_MOVE = "observe_illegal_move"
    OBSERVE_TOUCH_MOVE = "observe_touch_move"
    SET_MOVES = "set_moves"
    WARNING = "warning"
    QUICKPLAY_INCREMENT = "quickplay_increment"
    AMEND_RESULT = "amend_result"
    DEVICE = "device"
    RESTORE = "restore"
    SET_UP_WRONG = "set_up_wrong"
    BOARD_ORIENTATION = "board_orientation"
    COLOURS_REVERSED = "colours_reversed"
    SET_CONTROL = "set_control"
    FINE = "fine"
    EXCLUSION = "exclusion"
    EXPULSION = "expulsion"
    FLAGS_UNORDERED = "flags_unordered"
    RECONSTRUCT = "reconstruct"


SANCTIONS = frozenset(
    {ArbiterActionKind.FINE, ArbiterActionKind.EXCLUSION, ArbiterActionKind.EXPULSION}
)
"""The penalties of 12.9 recorded for the event's officials (12.9.7-12.9.9): a fine announced
in advance, exclusion from rounds, expulsion from the competition."""

AFTER_THE_GAME = frozenset(
    {ArbiterActionKind.AMEND_RESULT, ArbiterActionKind.DEVICE, *SANCTIONS}
)
"""The arbiter's actions that may come after the game has ended (8.7, 11.3.2, 11.10, 12.9)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Event regulations of a ``start`` event (``rules`` object); ``None`` means the default.

    ``supervision`` (A.6, B.4; default full), ``draw_offers_from_move`` (9.1.1),
    ``draw_agreement`` (``False``: the event forbids agreeing to a draw at all, 9.1.1; pre-1997
    10.6), ``arrivals`` (``True``: the log records the players' arrival, ``arrive`` events, and
    the default time of 6.7.1 applies to it), ``guidelines_iii`` (``False``: Guidelines III
    were not announced, so they do not apply, III.2.1; ``None``: the log does not say, and the
    arbiter's III action is taken as showing they were), ``scoresheets`` (``True``: the log
    records what the players write, ``record`` events, and 8.1.3 is checked at each move),
    ``arbiter_present`` (``False``: no arbiter at the board, so a quickplay claim ends the game,
    Guidelines III.6),
    ``default_time`` (6.7.1, ms; 0 if not set), ``edition`` (default 2023) and the extensions
    ``touch_move`` (see :class:`TouchMoveEnforcement`; default ``arbiter`` under full supervision,
    ``claim`` under partial), ``illegal_move_penalty`` and ``incorrect_claim_penalty`` (ms added
    to the opponent where the Laws leave the amount to the event, e.g. blitz under B.2), and
    ``mate_budget``: the positions the search "can the opponent still checkmate?" may visit
    (5.1.2, 6.9, 7.5.5; default :data:`chesslaws.endings.MATE_BUDGET`), in the log so that a
    replay rules the same.
    """

    supervision: Supervision = Supervision.FULL
    draw_offers_from_move: int | None = None
    default_time: Millis = 0  # type: ignore[assignment]
    edition: Edition = Edition.E2023
    touch_move: TouchMoveEnforcement | None = None
    illegal_move_penalty: Millis | None = None
    incorrect_claim_penalty: Millis | None = None
    mate_budget: int | None = None
    draw_agreement: bool = True
    arrivals: bool = False
    guidelines_iii: bool | None = None
    scoresheets: bool = False
    arbiter_present: bool = True
    appendix_d: BlindSetting | None = None
    """Appendix D.1: a blind or visually disabled player's setting (see :mod:`._appendix_d`)."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.supervision is not Supervision.FULL:
            out["supervision"] = self.supervision.value
        if self.draw_offers_from_move is not None:
            out["draw_offers_from_move"] = self.draw_offers_from_move
        if self.default_time:
            out["default_time"] = ms_to_seconds(self.default_time)
        if self.edition is not Edition.E2023:
            out["edition"] = self.edition.value
        if self.touch_move is not None:
            out["touch_move"] = self.touch_move.value
        if self.illegal_move_penalty is not None:
            out["illegal_move_penalty"] = ms_to_seconds(self.illegal_move_penalty)
        if self.incorrect_claim_penalty is not None:
            out["incorrect_claim_penalty"] = ms_to_seconds(self.incorrect_claim_penalty)
        if self.mate_budget is not None:
            out["mate_budget"] = self.mate_budget
        if not self.draw_agreement:
            out["draw_agreement"] = False
        if self.arrivals:
            out["arrivals"] = True
        if self.guidelines_iii is not None:
            out["guidelines_iii"] = self.guidelines_iii
        if self.scoresheets:
            out["scoresheets"] = True
        if not self.arbiter_present:
            out["arbiter_present"] = False
        if self.appendix_d is not None:
            out["appendix_d"] = self.appendix_d.to_json()
        return out


def _side_to_move(fen: str | None) -> Color:
    """The FEN's second field, read as the FEN reader reads it (``b``: Black; else White). Not
    a search for " b ": a Shredder-FEN castling field may be ``b`` too."""
    fields = fen.split() if fen else []
    return Color.BLACK if fields[1:2] == ["b"] else Color.WHITE


@dataclass(frozen=True, slots=True)
class Start:
    """The game starts and White's clock starts (6.6). ``time_control`` ``None``: no clock.

    ``time_controls`` (an extension: time odds, e.g. Armageddon) gives each player his own
    control, White's then Black's, in place of ``time_control`` (which is then ``None``; both
    at once is an :class:`~chesslaws.InvalidEvent` naming ``time_controls``).
    """

    time_control: str | None = None
    fen: str | None = None
    variant: Variant = Variant.STANDARD
    mode: Mode | None = None
    rules: Rules = field(default_factory=Rules)
    time_controls: tuple[str, str] | None = None

    at: Millis = 0  # type: ignore[assignment]
    first_mover: Color = field(init=False, repr=False, compare=False)
    """Who makes the game's first move: the side to move of ``fen`` (White without one); read
    once here, as the scoresheet asks it at every press."""

    def __post_init__(self) -> None:
        if self.time_controls is not None and self.time_control is not None:
            raise InvalidEvent(_located(None, "start", _both_forms()), field="time_controls")
        object.__setattr__(self, "first_mover", _side_to_move(self.fen))

    def control_of(self, color: Color) -> str | None:
        """The control ``color`` plays under as the event wrote it (``None``: no clock)."""
        if self.time_controls is not None:
            return self.time_controls[color]
        return self.time_control

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "start"}
        if self.time_controls is None:
            out["time_control"] = self.time_control
        else:
            white, black = self.time_controls
            out["time_controls"] = {"white": white, "black": black}
        if self.fen is not None:
            out["fen"] = self.fen
        if self.variant is not Variant.STANDARD:
            out["variant"] = self.variant.value
        if self.mode is not None:
            out["mode"] = self.mode.value
        rules = self.rules.to_json()
        if rules:
            out["rules"] = rules
        return out


@dataclass(frozen=True, slots=True)
class Touch:
    """Deliberate touch of the piece on ``square``, own or the opponent's (4.2.2–4.4).

    ``piece`` (an extension) is a piece not on the board, brought to touch ``square``: the
    promotion piece, fixed once it touches the promotion square (4.4.4).
    """

    at: Millis
    by: Color
    square: int
    piece: PieceType | None = None

    def to_json(self) -> dict[str, Any]:
        out = _head("touch", self.at, self.by)
        out["square"] = square_name(self.square)
        if self.piece is not None:
            out["piece"] = self.piece.letter.lower()
        return out


@dataclass(frozen=True, slots=True)
class Adjust:
    """Announced adjustment, "j'adoube" (4.2.1): no obligation."""

    at: Millis
    by: Color
    square: int

    def to_json(self) -> dict[str, Any]:
        out = _head("adjust", self.at, self.by)
        out["square"] = square_name(self.square)
        return out


@dataclass(frozen=True, slots=True)
class MoveMade:
    """A move made on the board: the pieces released (4.7). It may be illegal (7.5).

    ``move`` is UCI or SAN text, read against the position when the move is made. ``hands``
    (an extension) is 2 for a move made with two hands (7.5.4).
    """

    at: Millis
    by: Color
    move: str
    hands: int = 1

    def to_json(self) -> dict[str, Any]:
        out = _head("move", self.at, self.by)
        out["move"] = self.move
        if self.hands != 1:
            out["hands"] = self.hands
        return out


@dataclass(frozen=True, slots=True)
class Press:
    """The player presses the clock, completing the move (6.2.1). ``hand`` (an extension) is
    ``"other"`` when he pressed with the other hand than the one that moved (6.2.3)."""

    at: Millis
    by: Color
    hand: str | None = None

    def to_json(self) -> dict[str, Any]:
        out = _head("press", self.at, self.by)
        if self.hand is not None:
            out["hand"] = self.hand
        return out


@dataclass(frozen=True, slots=True)
class RequestScoresheet:
    """A player asks to see the scoresheet the arbiter or his assistant keeps (A.4.3, B.2.3;
    an extension)."""

    at: Millis
    by: Color

    def to_json(self) -> dict[str, Any]:
        return _head("request_scoresheet", self.at, self.by)


@dataclass(frozen=True, slots=True)
class Offer:
    """A draw offer (9.1.2)."""

    at: Millis
    by: Color

    def to_json(self) -> dict[str, Any]:
        return _head("offer_draw", self.at, self.by)


@dataclass(frozen=True, slots=True)
class Accept:
    """Acceptance of the opponent's standing draw offer (5.2.3)."""

    at: Millis
    by: Color

    def to_json(self) -> dict[str, Any]:
        return _head("accept_draw", self.at, self.by)


@dataclass(frozen=True, slots=True)
class Decline:
    """Oral rejection of the opponent's standing draw offer (9.1.2.1)."""

    at: Millis
    by: Color

    def to_json(self) -> dict[str, Any]:
        return _head("decline_draw", self.at, self.by)


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim to the arbiter; ``move`` is the intended move, written, not made (9.2.1, 9.3.1).
    ``accepted`` (an extension): the opponent accepted the 9.2/9.3 claim as a draw offer before
    the arbiter checked it (9.1.2.3). ``written`` (an extension) is ``False`` for an intended
    move declared but not written on the scoresheet first (9.2.1, 9.3.1)."""

    at: Millis
    by: Color
    kind: ClaimKind
    move: str | None = None
    accepted: bool = False
    written: bool = True

    def to_json(self) -> dict[str, Any]:
        out = _head("claim", self.at, self.by)
        out["kind"] = self.kind.value
        if self.move is not None:
            out["move"] = self.move
        if self.accepted:
            out["accepted"] = True
        if not self.written:
            out["written"] = False
        return out


@dataclass(frozen=True, slots=True)
class SpectatorRemark:
    """A spectator points at the clock or the board (an extension): no effect (6.8: a flag
    counts when the arbiter observes it or a player claims it; 12.7: spectators do not
    interfere)."""

    at: Millis
    about: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "spectator_remark", "at": instant_to_json(self.at), "about": self.about}


@dataclass(frozen=True, slots=True)
class Resign:
    """Resignation (5.1.2)."""

    at: Millis
    by: Color

    def to_json(self) -> dict[str, Any]:
        return _head("resign", self.at, self.by)


@dataclass(frozen=True, slots=True)
class Pause:
    """A player stops the clocks to call the arbiter (6.11.2), e.g. the promotion piece is not
    at hand; the arbiter restarts them (``arbiter`` action ``resume``, 6.11.3)."""

    at: Millis
    by: Color

    def to_json(self) -> dict[str, Any]:
        return _head("pause", self.at, self.by)


@dataclass(frozen=True, slots=True)
class Record:
    """A player writes a move on his scoresheet (8.1; an extension): the next entry of his
    sheet, in SAN or UCI, compared with the moves standing."""

    at: Millis
    by: Color
    move: str

    def to_json(self) -> dict[str, Any]:
        out = _head("record", self.at, self.by)
        out["move"] = self.move
        return out


@dataclass(frozen=True, slots=True)
class AgreeCorrection:
    """The players agree, without the arbiter, to correct an illegal move that stood (A.5.2;
    an extension): the position after the first ``moves`` moves (plies) of the scoresheet."""

    at: Millis
    moves: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "agree_correction", "at": instant_to_json(self.at), "moves": self.moves}


@dataclass(frozen=True, slots=True)
class Sign:
    """A player signs the scoresheets with the result written on them (8.7; an extension),
    after the game."""

    at: Millis
    by: Color
    result: str

    def to_json(self) -> dict[str, Any]:
        out = _head("sign", self.at, self.by)
        out["result"] = self.result
        return out


@dataclass(frozen=True, slots=True)
class Arrive:
    """A player arrives at the chessboard (6.6, 6.7; an extension). Under a ``start`` whose
    rules record arrivals, he plays only once arrived, and after the default time he loses
    unless the arbiter decides otherwise (6.7.1); otherwise it is a note of who was present
    when (a live server logs it when his seat connects) and changes nothing ruled."""

    at: Millis
    by: Color

    def to_json(self) -> dict[str, Any]:
        return _head("arrive", self.at, self.by)


@dataclass(frozen=True, slots=True)
class Depart:
    """A player leaves the chessboard: a live server logs it when his seat's last connection
    closes (6.6, 6.7; compare 11.2.3). It changes nothing the arbiter rules on."""

    at: Millis
    by: Color

    def to_json(self) -> dict[str, Any]:
        return _head("depart", self.at, self.by)


@dataclass(frozen=True, slots=True)
class Tick:
    """Time passes and the arbiter looks at the clock (6.8)."""

    at: Millis

    def to_json(self) -> dict[str, Any]:
        return {"type": "tick", "at": instant_to_json(self.at)}


@dataclass(frozen=True, slots=True)
class Arbiter:
    """The arbiter acts (6.10, 6.11, 12). Which fields matter depends on ``action``.

    ``player`` and ``seconds`` (ms here) for ``add_time``/``set_time``; ``player`` and ``moves``
    for ``set_moves``; ``result`` and ``reason`` for ``declare``; ``player`` for ``warning``;
    ``time_control`` for ``set_control``.
    ``article`` optionally names the Article the arbiter applies (e.g. ``"12.5"``).
    """

    at: Millis
    action: ArbiterActionKind
    player: Color | None = None
    seconds: Millis | None = None
    moves: int | None = None
    result: str | None = None
    reason: str | None = None
    article: str | None = None
    time_control: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "arbiter", "at": instant_to_json(self.at), "by": "arbiter"}
        out["action"] = self.action.value
        if self.player is not None:
            out["player"] = self.player.label
        if self.seconds is not None:
            out["seconds"] = ms_to_seconds(self.seconds)
        if self.moves is not None:
            out["moves"] = self.moves
        if self.result is not None:
            out["result"] = self.result
        if self.reason is not None:
            out["reason"] = self.reason
        if self.article is not None:
            out["article"] = self.article
        if self.time_control is not None:
            out["time_control"] = self.time_control
        return out


# -- blind and visually disabled players (Appendix D) --------------------------------------------


@dataclass(frozen=True, slots=True)
class Feel:
    """A visually disabled player feels the piece on ``square`` of his tactile board without
    taking it out of its hole (D.2.2; an extension): no touch."""

    at: Millis
    by: Color
    square: int

    def to_json(self) -> dict[str, Any]:
        out = _head("feel", self.at, self.by)
        out["square"] = square_name(self.square)
        return out


@dataclass(frozen=True, slots=True)
class Announce:
    """A player announces his move (D.2.1; an extension), in SAN or UCI (the phonetic names
    are the announcer's; the log holds the move)."""

    at: Millis
    by: Color
    move: str

    def to_json(self) -> dict[str, Any]:
        out = _head("announce", self.at, self.by)
        out["move"] = self.move
        return out


@dataclass(frozen=True, slots=True)
class RequestTime:
    """The visually disabled player asks for the times of the clocks (D.2.6; his talking clock
    or his assistant, D.2.10, reads them; an extension)."""

    at: Millis
    by: Color

    def to_json(self) -> dict[str, Any]:
        return _head("request_time", self.at, self.by)


# -- adjournment (Guidelines I) ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Adjourn:
    """The arbiter adjourns the game (Guidelines I.1.1; an extension): the player having the
    move must seal it. ``resumes``: the date and time of resumption, ISO 8601 with its zone
    (I.2.7); ``session_end``: the nominal end of the session (an instant, as ``at``) when the
    game is adjourned before it: the sealer is taken to have sealed then (I.1.2)."""

    at: Millis
    resumes: str | None = None
    session_end: Millis | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "adjourn", "at": instant_to_json(self.at), "by": "arbiter"}
        if self.resumes is not None:
            out["resumes"] = self.resumes
        if self.session_end is not None:
            out["session_end"] = instant_to_json(self.session_end)
        return out


@dataclass(frozen=True, slots=True)
class Seal:
    """The player told to seal writes his sealed move (I.1.1; an extension), in SAN or UCI; a
    later ``seal`` before he stops his clock replaces it. ``move`` is left out of the repr: the
    move is the arbiter's until the envelope is opened (I.3, I.7)."""

    at: Millis
    by: Color
    move: str = field(repr=False)

    def to_json(self) -> dict[str, Any]:
        out = _head("seal", self.at, self.by)
        out["move"] = self.move
        return out


@dataclass(frozen=True, slots=True)
class ResumeSession:
    """The agreed time of resumption (I.9; an extension): the clock of the player who replies
    to the sealed move is started, whether he is present or not."""

    at: Millis

    def to_json(self) -> dict[str, Any]:
        return {"type": "resume_session", "at": instant_to_json(self.at), "by": "arbiter"}


@dataclass(frozen=True, slots=True)
class OpenEnvelope:
    """The arbiter opens the envelope (I.7, I.9; an extension) and the sealed move is made on
    the board. ``lost``: the envelope is missing (I.12); ``position_lost``: the position cannot
    be re-established (I.13)."""

    at: Millis
    lost: bool = False
    position_lost: bool = False

    def to_json(self) -> dict[str, Any]:
        out = {"type": "open_envelope", "at": instant_to_json(self.at), "by": "arbiter"}
        if self.lost:
            out["lost"] = True
        if self.position_lost:
            out["position_lost"] = True
        return out


Event: TypeAlias = (
    Start
    | Touch
    | Adjust
    | MoveMade
    | Press
    | Offer
    | Accept
    | Decline
    | Claim
    | Resign
    | Pause
    | Arrive
    | Depart
    | Record
    | RequestScoresheet
    | AgreeCorrection
    | SpectatorRemark
    | Sign
    | Tick
    | Arbiter
    | Adjourn
    | Seal
    | ResumeSession
    | OpenEnvelope
    | Feel
    | Announce
    | RequestTime
)
"""Any event of the log."""


def _head(kind: str, at: int, by: Color) -> dict[str, Any]:
    return {"type": kind, "at": instant_to_json(at), "by": by.label}


# -- reading -----------------------------------------------------------------------------------

RESULTS = ("1-0", "0-1", "1/2-1/2", "0-0")
AMENDED_RESULTS = (*RESULTS, "1/2-0", "0-1/2")
"""Scores an amended result may give: 10.2 allows any the game normally gives a player, so a
player's points may be reduced to nought (12.9.5) with the opponent's half point kept."""


def _at_line(line: int | None, text: Words) -> Words:
    """``text`` after the number of the log's line it is about (0-based), when known."""
    return text if line is None else Words("line {line}: {said}", line=line, said=text)


def _located(line: int | None, kind: str, text: str) -> Words:
    """``text`` of an event of type ``kind`` (a code of the log: not translated)."""
    return _at_line(line, Words("{kind} event: {said}", kind=kind, said=text))


def _short(text: str, most: int = 160) -> str:
    """``text`` cut to ``most`` characters (a value quoted back is bounded)."""
    return text if len(text) <= most else text[: most - 1] + "…"


def _not_seconds(name: str, value: object) -> Words:
    return Words("'{name}' must be a number of seconds, not {value}", name=name, value=repr(value))


def _not_one_of(name: str, allowed: str, value: object) -> Words:
    return Words(
        "'{name}' must be one of {allowed}, not {value}",
        name=name,
        allowed=allowed,
        value=repr(value),
    )


def _results(allowed: tuple[str, ...]) -> Words:
    return Words("'result' must be one of {allowed}", allowed=", ".join(allowed))


class _Reader:
    """Reads the fields of one event object, raising InvalidEvent naming line and field."""

    __slots__ = ("kind", "line", "obj")

    def __init__(self, obj: dict[str, Any], line: int | None, kind: str) -> None:
        self.obj = obj
        self.line = line
        self.kind = kind

    def fail(self, name: str, message: str) -> InvalidEvent:
        """The error naming the line, the event's type and the field (``message``: words)."""
        return InvalidEvent(_located(self.line, self.kind, message), line=self.line, field=name)

    def at(self) -> Millis:
        if "at" not in self.obj:
            raise self.fail("at", Words("missing 'at' (seconds since the start event)"))
        value = self.obj["at"]
        if not isinstance(value, int | Decimal | float) or isinstance(value, bool):
            raise self.fail("at", _not_seconds("at", value))
        try:
            ms = seconds_to_ms(value)
        except ValueError as error:
            raise self.fail("at", said(error)) from None
        if ms < 0:
            raise self.fail("at", Words("'at' is negative: {value}", value=value))
        return ms

    def color(self, name: str = "by") -> Color:
        value = self.obj.get(name)
        if value not in ("white", "black"):
            raise self.fail(
                name,
                Words(
                    '\'{name}\' must be "white" or "black", not {value}',
                    name=name,
                    value=repr(value),
                ),
            )
        return Color.parse(value)

    def square(self, name: str = "square") -> int:
        value = self.obj.get(name)
        if not isinstance(value, str):
            raise self.fail(
                name,
                Words(
                    "'{name}' must be a square name such as \"e2\", not {value}",
                    name=name,
                    value=repr(value),
                ),
            )
        try:
            return parse_square(value.strip().lower())
        except ValueError:
            raise self.fail(name, Words("no such square: {value}", value=repr(value))) from None

    def text(self, name: str, *, required: bool = True) -> str | None:
        value = self.obj.get(name)
        if value is None and not required:
            return None
        if not isinstance(value, str) or not value.strip():
            raise self.fail(
                name,
                Words(
                    "'{name}' must be a non-empty string, not {value}", name=name, value=repr(value)
                ),
            )
        return value.strip()

    def enum(self, name: str, cls: type[enum.Enum], default: Any = None) -> Any:
        value = self.obj.get(name)
        if value is None:
            if default is not None:
                return default
            raise self.fail(name, Words("missing '{name}'", name=name))
        for member in cls:
            if member.value == value:
                return member
        allowed = ", ".join(repr(m.value) for m in cls)
        raise self.fail(name, _not_one_of(name, allowed, value))

    def flag(self, name: str, *, default: bool) -> bool:
        value = self.obj.get(name, default)
        if not isinstance(value, bool):
            raise self.fail(
                name,
                Words("'{name}' must be true or false, not {value}", name=name, value=repr(value)),
            )
        return value

    def count(self, name: str, *, minimum: int = 0) -> int | None:
        value = self.obj.get(name)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise self.fail(
                name,
                Words(
                    "'{name}' must be a whole number >= {minimum}, not {value}",
                    name=name,
                    minimum=minimum,
                    value=repr(value),
                ),
            )
        return value

    def seconds(self, obj: dict[str, Any], name: str, *, signed: bool = False) -> Millis | None:
        value = obj.get(name)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | Decimal | float):
            raise self.fail(name, _not_seconds(name, value))
        try:
            ms = seconds_to_ms(value)
        except ValueError as error:
            raise self.fail(name, said(error)) from None
        if ms < 0 and not signed:
            raise self.fail(
                name, Words("'{name}' must not be negative: {value}", name=name, value=value)
            )
        return ms


_RULE_KEYS = frozenset(
    {
        "supervision",
        "draw_offers_from_move",
        "default_time",
        "edition",
        "touch_move",
        "illegal_move_penalty",
        "incorrect_claim_penalty",
        "mate_budget",
        "draw_agreement",
        "arrivals",
        "guidelines_iii",
        "scoresheets",
        "arbiter_present",
        "appendix_d",
    }
)


def _rules(reader: _Reader) -> Rules:
    raw = reader.obj.get("rules")
    if raw is None:
        return Rules()
    if not isinstance(raw, dict):
        raise reader.fail("rules", Words("'rules' must be an object, not {value}", value=repr(raw)))
    unknown = sorted(set(raw) - _RULE_KEYS)
    if unknown:
        known = ", ".join(sorted(_RULE_KEYS))
        why = Words("unknown rule {name} (known: {known})", name=repr(unknown[0]), known=known)
        raise reader.fail("rules", why)
    sub = _Reader(raw, reader.line, "start")
    edition = raw.get("edition")
    if isinstance(edition, int) and not isinstance(edition, bool):
        raw = {**raw, "edition": str(edition)}
        sub = _Reader(raw, reader.line, "start")
    return Rules(
        supervision=sub.enum("supervision", Supervision, Supervision.FULL),
        draw_offers_from_move=sub.count("draw_offers_from_move", minimum=1),
        default_time=sub.seconds(raw, "default_time") or Millis(0),
        edition=sub.enum("edition", Edition, Edition.E2023),
        touch_move=(
            sub.enum("touch_move", TouchMoveEnforcement) if raw.get("touch_move") else None
        ),
        illegal_move_penalty=sub.seconds(raw, "illegal_move_penalty"),
        incorrect_claim_penalty=sub.seconds(raw, "incorrect_claim_penalty"),
        mate_budget=sub.count("mate_budget", minimum=1),
        draw_agreement=sub.flag("draw_agreement", default=True),
        arrivals=sub.flag("arrivals", default=False),
        guidelines_iii=(
            sub.flag("guidelines_iii", default=True) if "guidelines_iii" in raw else None
        ),
        scoresheets=sub.flag("scoresheets", default=False),
        arbiter_present=sub.flag("arbiter_present", default=True),
        appendix_d=(
            read_setting(raw["appendix_d"], lambda message: sub.fail("appendix_d", message))
            if raw.get("appendix_d") is not None
            else None
        ),
    )


def _both_forms() -> Words:
    return Words(
        "give 'time_control' (one control for both players) or 'time_controls' (one per "
        "player), not both"
    )


def _time_controls(reader: _Reader) -> tuple[str, str] | None:
    """The ``time_controls`` object of a start event: ``{"white": TC, "black": TC}``."""
    obj = reader.obj
    raw = obj.get("time_controls")
    if raw is None:
        return None
    if obj.get("time_control") is not None:
        raise reader.fail("time_controls", _both_forms())
    shape = '{"white": "300", "black": "240+2@61"}'
    if not isinstance(raw, dict) or set(raw) != {"white", "black"}:
        raise reader.fail(
            "time_controls",
            Words(
                "'time_controls' must be an object with a control for each player, such as "
                "{shape}, not {value}",
                shape=shape,
                value=_short(repr(raw)),
            ),
        )
    pair = []
    for name in ("white", "black"):
        value = raw[name]
        if not isinstance(value, str) or not value.strip():
            raise reader.fail(
                "time_controls",
                Words(
                    "'time_controls' {name}: a time-control string, not {value}",
                    name=name,
                    value=_short(repr(value)),
                ),
            )
        pair.append(value.strip())
    return pair[0], pair[1]


def _start(reader: _Reader) -> Start:
    obj = reader.obj
    tc = obj.get("time_control")
    if tc is not None and not isinstance(tc, str):
        raise reader.fail(
            "time_control",
            Words("'time_control' must be a string or null, not {value}", value=repr(tc)),
        )
    controls = _time_controls(reader)
    fen = obj.get("fen")
    if fen is not None and (not isinstance(fen, str) or not fen.strip()):
        raise reader.fail("fen", Words("'fen' must be a FEN string, not {value}", value=repr(fen)))
    return Start(
        time_control=tc.strip() if tc is not None else None,
        fen=fen.strip() if fen is not None else None,
        variant=reader.enum("variant", Variant, Variant.STANDARD),
        mode=reader.enum("mode", Mode) if obj.get("mode") is not None else None,
        rules=_rules(reader),
        time_controls=controls,
    )


def _touch(reader: _Reader) -> Touch:
    piece_text = reader.obj.get("piece")
    piece: PieceType | None = None
    if piece_text is not None:
        if not isinstance(piece_text, str) or piece_text.strip().lower() not in (
            "q",
            "r",
            "b",
            "n",
        ):
            raise reader.fail("piece", _not_one_of("piece", "q, r, b, n", piece_text))
        piece = PieceType("pnbrqk".index(piece_text.strip().lower()) + 1)
    return Touch(reader.at(), reader.color(), reader.square(), piece)


def _move(reader: _Reader) -> MoveMade:
    hands = reader.count("hands", minimum=1)
    if hands is not None and hands > 2:
        raise reader.fail("hands", Words("'hands' must be 1 or 2, not {value}", value=hands))
    text = _written_move(reader, required=True)
    assert text is not None
    return MoveMade(reader.at(), reader.color(), text, hands or 1)


def _claim(reader: _Reader) -> Claim:
    kind = reader.enum("kind", ClaimKind)
    accepted = reader.flag("accepted", default=False)
    if accepted and kind not in (ClaimKind.THREEFOLD, ClaimKind.FIFTY):
        raise reader.fail("accepted", Words("only a 9.2 or 9.3 claim is a draw offer (9.1.2.3)"))
    move = _written_move(reader, required=False)
    written = reader.flag("written", default=True)
    if not written and move is None:
        raise reader.fail("written", Words("'written' concerns a claim's intended 'move'"))
    return Claim(reader.at(), reader.color(), kind, move, accepted, written)


def _written_move(reader: _Reader, *, required: bool) -> str | None:
    """The event's ``move``; with ``lang`` (an extension), SAN in that language's piece letters
    ("each player is free to use the names of the pieces in his/her own language", C.3), read
    here as English SAN: the log keeps the English, the arbiter reads it against the position.
    A letter that is no piece letter of ``lang`` is refused, naming the languages it is one of."""
    text = reader.text("move", required=required)
    lang = reader.text("lang", required=False)
    if text is None or lang is None:
        return text
    try:
        return san_to_english(text, lang)
    except ChessLawsError as error:
        raise reader.fail("move", said(error)) from None


def _arbiter(reader: _Reader) -> Arbiter:
    obj = reader.obj
    by = obj.get("by", "arbiter")
    if by != "arbiter":
        raise reader.fail(
            "by", Words('an arbiter event is by "arbiter", not {value}', value=repr(by))
        )
    action: ArbiterActionKind = reader.enum("action", ArbiterActionKind)
    at = reader.at()
    article = reader.text("article", required=False)
    if action in (ArbiterActionKind.ADD_TIME, ArbiterActionKind.SET_TIME):
        seconds = reader.seconds(obj, "seconds", signed=action is ArbiterActionKind.ADD_TIME)
        if seconds is None:
            raise reader.fail("seconds", Words("{action} needs 'seconds'", action=action.value))
        return Arbiter(at, action, player=reader.color("player"), seconds=seconds, article=article)
    if action is ArbiterActionKind.SET_MOVES:
        moves = reader.count("moves")
        if moves is None:
            raise reader.fail("moves", Words("{action} needs 'moves'", action=action.value))
        return Arbiter(at, action, player=reader.color("player"), moves=moves, article=article)
    if action is ArbiterActionKind.SET_CONTROL:
        control = reader.text("time_control")
        return Arbiter(at, action, time_control=control, article=article)
    if action is ArbiterActionKind.RESTORE:
        moves = reader.count("moves")
        if moves is None:
            raise reader.fail(
                "moves", Words("restore needs 'moves' (the moves of the sheet that stand)")
            )
        return Arbiter(at, action, moves=moves, article=article)
    if action is ArbiterActionKind.WARNING or action in SANCTIONS:
        return Arbiter(at, action, player=reader.color("player"), article=article)
    if action is ArbiterActionKind.QUICKPLAY_INCREMENT:
        seconds = reader.seconds(obj, "seconds")
        return Arbiter(at, action, player=reader.color("player"), seconds=seconds, article=article)
    if action is ArbiterActionKind.DEVICE:
        return Arbiter(at, action, player=reader.color("player"), article=article)
    if action is ArbiterActionKind.AMEND_RESULT:
        result = obj.get("result")
        if result not in AMENDED_RESULTS:
            raise reader.fail("result", _results(AMENDED_RESULTS))
        reason = reader.text("reason", required=False) or "arbiter"
        return Arbiter(at, action, result=result, reason=reason, article=article)
    if action is ArbiterActionKind.DECLARE:
        result = obj.get("result")
        if result not in RESULTS:
            raise reader.fail("result", _results(RESULTS))
        reason = reader.text("reason", required=False) or "arbiter"
        _check_declared(reader, result, reason)
        return Arbiter(at, action, result=result, reason=reason, article=article)
    if action in (ArbiterActionKind.PAUSE, ArbiterActionKind.RESUME):  # why (docs/events.md)
        why = reader.text("reason", required=False)
        return Arbiter(at, action, reason=why, article=article)
    return Arbiter(at, action, article=article)


_COMMON = frozenset({"type", "at", "by"})
_KEYS: dict[str, frozenset[str]] = {
    "start": frozenset(
        {"type", "time_control", "time_controls", "fen", "variant", "mode", "rules"}
    ),
    "touch": _COMMON | {"square", "piece"},
    "adjust": _COMMON | {"square"},
    "move": _COMMON | {"move", "hands", "lang"},
    "press": _COMMON | {"hand"},
    "request_scoresheet": _COMMON,
    "agree_correction": frozenset({"type", "at", "moves"}),
    "offer_draw": _COMMON,
    "accept_draw": _COMMON,
    "decline_draw": _COMMON,
    "claim": _COMMON | {"kind", "move", "lang", "accepted", "written"},
    "spectator_remark": frozenset({"type", "at", "about"}),
    "resign": _COMMON,
    "pause": _COMMON,
    "arrive": _COMMON,
    "depart": _COMMON,
    "record": _COMMON | {"move"},
    "sign": _COMMON | {"result"},
    "tick": frozenset({"type", "at"}),
    "adjourn": _COMMON | {"resumes", "session_end"},
    "seal": _COMMON | {"move"},
    "resume_session": _COMMON,
    "open_envelope": _COMMON | {"lost", "position_lost"},
    "feel": _COMMON | {"square"},
    "announce": _COMMON | {"move"},
    "request_time": _COMMON,
    "arbiter": _COMMON
    | {"action", "player", "seconds", "moves", "result", "reason", "article", "time_control"},
}
"""The fields each event type may have (docs/events.md and docs/events.md): any other is a
typo (``time_contol``, ``hand``) that must not be silently ignored, so the event is refused."""


def _check_fields(obj: dict[str, Any], kind: str, line: int | None) -> None:
    known = _KEYS.get(kind)
    if known is None:
        return
    unknown = [key for key in obj if key not in known]
    if unknown:
        name = str(unknown[0])[:40]
        allowed = ", ".join(sorted(known - {"type"}))
        why = Words("unknown field {name} (known: {known})", name=repr(name), known=allowed)
        raise InvalidEvent(
            _located(line, kind, why),
            line=line,
            field=name,
        )


def _check_declared(reader: _Reader, result: str, reason: str) -> None:
    """A declared result must be one its reason can give: a win for checkmate, resignation, a
    flag or a second illegal move; a draw for stalemate, a dead position, agreement, a claim or
    the automatic draws; the arbiter's own declaration and a default may give any (12.2, 6.7)."""
    known = {r.value: r for r in Reason}.get(reason)
    if known is None:
        return
    wins = ("1-0", "0-1")
    if known.result_kind == "win" and result not in wins:
        raise reader.fail(
            "result",
            Words(
                "a game ended by {reason} is won (1-0 or 0-1), not {result}",
                reason=reason,
                result=result,
            ),
        )
    if known.result_kind == "draw" and result != "1/2-1/2":
        raise reader.fail(
            "result",
            Words(
                "a game ended by {reason} is drawn (1/2-1/2), not {result}",
                reason=reason,
                result=result,
            ),
        )


def event_from_json(obj: object, line: int | None = None) -> Event:
    """The event an already-decoded JSON object stands for; ``InvalidEvent`` if it is none.

    Numbers should be decoded as ``Decimal`` (``parse_float=Decimal``) to keep ``at`` exact;
    floats are accepted through their shortest repr.
    """
    if not isinstance(obj, dict):
        why = Words("an event is a JSON object, not {value}", value=_short(repr(obj)))
        raise InvalidEvent(_at_line(line, why), line=line)
    kind = obj.get("type")
    if kind in _FAST:
        fast = _FAST[kind](obj)
        if fast is not None:
            return fast
    if isinstance(kind, str):
        _check_fields(obj, kind, line)
    reader = _Reader(obj, line, str(kind)[:40])
    if kind == "start":
        return _start(reader)
    if kind == "touch":
        return _touch(reader)
    if kind == "adjust":
        return Adjust(reader.at(), reader.color(), reader.square())
    if kind == "move":
        return _move(reader)
    if kind == "press":
        hand = obj.get("hand")
        if hand not in (None, "same", "other"):
            raise reader.fail(
                "hand", Words('\'hand\' must be "same" or "other", not {value}', value=repr(hand))
            )
        return Press(reader.at(), reader.color(), hand if hand == "other" else None)
    if kind == "spectator_remark":
        about = reader.text("about")
        assert about is not None
        return SpectatorRemark(reader.at(), about)
    if kind == "agree_correction":
        moves = reader.count("moves")
        if moves is None:
            raise reader.fail(
                "moves", Words("agree_correction needs 'moves' (the moves that stand)")
            )
        return AgreeCorrection(reader.at(), moves)
    if kind == "request_scoresheet":
        return RequestScoresheet(reader.at(), reader.color())
    if kind == "offer_draw":
        return Offer(reader.at(), reader.color())
    if kind == "accept_draw":
        return Accept(reader.at(), reader.color())
    if kind == "decline_draw":
        return Decline(reader.at(), reader.color())
    if kind == "claim":
        return _claim(reader)
    if kind == "resign":
        return Resign(reader.at(), reader.color())
    if kind == "tick":
        return Tick(reader.at())
    if kind == "pause":
        return Pause(reader.at(), reader.color())
    if kind == "arrive":
        return Arrive(reader.at(), reader.color())
    if kind == "depart":
        return Depart(reader.at(), reader.color())
    if kind == "sign":
        result = obj.get("result")
        if result not in AMENDED_RESULTS:
            raise reader.fail("result", _results(AMENDED_RESULTS))
        return Sign(reader.at(), reader.color(), result)
    if kind == "record":
        text = reader.text("move")
        assert text is not None
        return Record(reader.at(), reader.color(), text)
    if kind == "arbiter":
        return _arbiter(reader)
    if kind == "feel":
        return Feel(reader.at(), reader.color(), reader.square())
    if kind == "request_time":
        return RequestTime(reader.at(), reader.color())
    if kind == "announce":
        announced = reader.text("move")
        assert announced is not None
        return Announce(reader.at(), reader.color(), announced)
    if kind in _ADJOURNMENT:
        return _adjournment(reader, kind)
    why = Words("unknown event type {value}", value=repr(kind))
    raise InvalidEvent(_at_line(line, why), line=line, field="type")


_BY_THE_ARBITER: dict[str, Callable[[Millis], Event]] = {
    "adjourn": Adjourn,
    "resume_session": ResumeSession,
}
_ADJOURNMENT = frozenset({*_BY_THE_ARBITER, "seal", "open_envelope"})


def _adjournment(reader: _Reader, kind: str) -> Event:
    """The events of Guidelines I: ``seal`` by a player, the others by the arbiter."""
    if kind == "seal":
        text = reader.text("move")
        assert text is not None
        if len(text) > MAX_SEALED:
            raise reader.fail(
                "move", Words("a sealed move is at most {most} characters", most=MAX_SEALED)
            )
        return Seal(reader.at(), reader.color(), text)
    if reader.obj.get("by", "arbiter") != "arbiter":
        raise reader.fail(
            "by", Words("'{kind}' is the arbiter's act: 'by' is \"arbiter\" or absent", kind=kind)
        )
    if kind == "open_envelope":
        lost = reader.flag("lost", default=False)
        return OpenEnvelope(reader.at(), lost, reader.flag("position_lost", default=False))
    if kind == "adjourn":
        session_end = reader.seconds(reader.obj, "session_end")
        return Adjourn(reader.at(), _resumption(reader), session_end)
    return _BY_THE_ARBITER[kind](reader.at())


#: The longest sealed move taken (a move in SAN or UCI is under ten characters).
MAX_SEALED = 32


def _resumption(reader: _Reader) -> str | None:
    """The ``resumes`` of an ``adjourn``: an ISO-8601 date and time with its zone (I.2.7)."""
    text = reader.text("resumes", required=False)
    if text is None:
        return None
    try:
        when = datetime.fromisoformat(text) if len(text) <= 40 else None
    except ValueError:
        when = None
    if when is None or when.tzinfo is None:
        raise reader.fail(
            "resumes",
            Words(
                "'resumes' is a date and time with its zone (2026-12-03T14:00+01:00), not {value}",
                value=repr(text[:40]),
            ),
        )
    return when.isoformat()


def _no_constant(name: str) -> Any:
    raise ValueError(Words("{name} is not a number of seconds", name=name))


def _bounded_int(text: str) -> int:
    """A JSON integer, refused past 30 digits (no event needs more; Python's own limit would
    otherwise answer with advice about ``sys.set_int_max_str_digits``)."""
    if len(text.lstrip("-")) > 30:
        raise ValueError(Words("a number of {digits} digits is out of range", digits=len(text)))
    return int(text)


_DECODER = json.JSONDecoder(
    parse_float=Decimal, parse_int=_bounded_int, parse_constant=_no_constant
)
_COLORS = {"white": Color.WHITE, "black": Color.BLACK}
_WHITE, _BLACK = Color.WHITE, Color.BLACK


# -- the fast path: the events of every move (a move and a press), read without a _Reader ------


def _instant(value: object) -> Millis | None:
    """``at`` in ms when it is a plain whole number of ms, else None (the general reader then
    rounds it or says what is wrong)."""
    if type(value) is int:
        return Millis(value * 1000) if 0 <= value <= MAX_SECONDS else None
    if type(value) is Decimal and value.is_finite() and 0 <= value <= MAX_SECONDS:
        ms = value * _THOUSAND
        whole = int(ms)
        if whole == ms and whole >= 0:
            return Millis(whole)
    return None


def _player(obj: dict[str, Any]) -> Color | None:
    by = obj.get("by")
    return _COLORS.get(by) if type(by) is str else None


def _fast_move(obj: dict[str, Any]) -> Event | None:
    text = obj.get("move")
    by = _player(obj)
    at = _instant(obj.get("at"))
    if type(text) is not str or by is None or at is None or len(obj) != 4:
        return None
    text = text.strip()
    return _new_move(at, by, text) if text else None


def _fast_press(obj: dict[str, Any]) -> Event | None:
    if len(obj) != 3:
        return None
    by = _player(obj)
    at = _instant(obj.get("at"))
    return _new_press(at, by) if by is not None and at is not None else None


_FAST = {"move": _fast_move, "press": _fast_press}

# A move or a press written as ``json.dumps`` writes it (the logs of engines, e-boards and the
# server): read without a JSON decoder. The patterns accept only valid JSON whose meaning is
# plain (an instant of at most three decimals, no leading zero, and not past MAX_SECONDS: the
# reader checks the bound), so the general reader would give the same event.
# The player is read from one letter: ``w`` of "white", or no letter for "black" (a string of
# one letter is no new object, and no text is looked up).
_INSTANT = r'"at": (0|[1-9][0-9]{0,9})(?:\.([0-9]{1,3}))?, "by": "(?:(w)hite|black)"'
_PLAIN_MOVE = re.compile(
    r'\{"type": "move", ' + _INSTANT + r', "move": "([a-h][1-8][a-h][1-8][qrbn]?)"\}\Z'
)
_PLAIN_PRESS = re.compile(r'\{"type": "press", ' + _INSTANT + r"\}\Z")
_LAST_MS = MAX_SECONDS * 1000
# The milliseconds of each decimal part of an instant: "5" is 500, "05" is 50, "005" is 5.
_DECIMAL_MS = {
    f"{n:0{digits}d}": n * 10 ** (3 - digits) for digits in (1, 2, 3) for n in range(10**digits)
}

# The milliseconds of the whole seconds of an instant, as read ("125" is 125,000), kept as they
# are read (a game's events share them) up to a bound (the seconds of five and a half hours).
_SECONDS_MS: dict[str, int] = {}
_SECONDS_KEPT = 20_000


def plain_event(text: str) -> Event | None:
    """The move or press of a plain line (see above), or None: the general reader reads it (and
    refuses what is not text)."""
    try:
        if text[10:11] == "m":
            found = _PLAIN_MOVE.match(text)
            if found is None:
                return None
            seconds, decimals, by, move = found.groups()
        else:
            found = _PLAIN_PRESS.match(text)
            if found is None:
                return None
            seconds, decimals, by = found.groups()
            move = None
    except TypeError:
        return None
    # (an int is a Millis: the NewType's call, a function call, is left out on this path)
    whole = _SECONDS_MS.get(seconds)
    if whole is None:
        whole = int(seconds) * 1000
        if len(_SECONDS_MS) < _SECONDS_KEPT:
            _SECONDS_MS[seconds] = whole
    at: Millis = whole  # type: ignore[assignment]
    if decimals:
        at += _DECIMAL_MS[decimals]
    if at > _LAST_MS:
        return None  # the general reader says it is out of range
    player = _WHITE if by else _BLACK
    if move is None:
        return _new_press(at, player)
    return _new_move(at, player, move)


# ``MoveMade(at, by, move)`` and ``Press(at, by)``, built fast (the same values: every move of
# every log is read here).
_new_move: Callable[[Millis, Color, str], MoveMade] = builder(MoveMade)
_new_press: Callable[[Millis, Color], Press] = builder(Press)


_THOUSAND = Decimal(1000)


def parse_event(text: str, line: int | None = None) -> Event:
    """Read one JSON line of an event log (``line`` numbers the error message, 0-based).

    >>> parse_event('{"type": "move", "at": 3.5, "by": "white", "move": "e2e4"}')
    MoveMade(at=3500, by=<Color.WHITE: 0>, move='e2e4', hands=1)
    """
    event = plain_event(text)
    return event if event is not None else read_in_general(text, line)


def read_in_general(text: str, line: int | None = None) -> Event:
    """:func:`parse_event` for any line: decoded as JSON, then read field by field (a caller
    that has tried :func:`plain_event` on the line goes on here)."""
    if not isinstance(text, str):
        why = Words("not a line of text but {kind}", kind=type(text).__name__)
        raise InvalidEvent(_at_line(line, why), line=line)
    try:
        obj = _DECODER.decode(text)
    except (ValueError, RecursionError) as error:
        raise InvalidEvent(
            _at_line(line, Words("not valid JSON: {error}", error=error)), line=line
        ) from None
    return event_from_json(obj, line)
