"""Adjourned games (Guidelines I): sealing, the envelope, and resumption.

I.1.1: the arbiter requires the player having the move to seal it; he writes it unambiguously
and only then stops the clock, and may change it until he has stopped the clock; a move he makes
on the board after being told to seal is his sealed move. I.2, I.3: the envelope (see
:mod:`._envelope`), kept by the arbiter. I.4: a draw offer after the sealing stands until it is
accepted or rejected (9.1). I.5: the position before the sealed move and the times are those of
the envelope. I.6: a draw agreed or a resignation before resumption concludes the game. I.7: the
envelope is opened only when the player who replies to the sealed move is present. I.8: except
under Articles 5, 6.9 and 9.6, a sealed move that is ambiguous, that cannot be read, or that is
illegal (or none written) loses. I.9: at the agreed time of resumption the replier's clock is
started, present or not; the envelope is opened and the sealed move made on the board. I.10: a
player who arrives after the default time loses, unless the sealed move concluded the game.
I.11: the replier loses the time until he arrives (his clock runs from the resumption). I.14:
the times are corrected by the arbiter (``set_time``) before the first move. I.1.2: a game
adjourned before the nominal end of the session is sealed as at that end. I.9.3: with the
sealer absent, the replier may seal his reply in a fresh envelope and start the sealer's clock;
it is opened on the sealer's arrival. I.13: a position that cannot be re-established annuls
the game (a new game is played).

Events: ``adjourn``, ``seal``, ``resume_session``, ``open_envelope`` (:mod:`._events`), with the
usual ``press`` (the sealer stops his clock), ``move``, ``arrive``, ``tick``, draw offers,
``resign`` and the arbiter's clock corrections. While a game is adjourned :func:`while_adjourned`
takes every event in place of the usual handling.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from chesslaws._color import Color
from chesslaws._errors import AmbiguousMove, ChessLawsError, IllegalMove
from chesslaws._words import Words, joined
from chesslaws.core import Move
from chesslaws.endings import Reason, Result

from ._arrival import lose_by_default
from ._draft import Draft, Rejected, end, end_by_loss, pair, ruling
from ._envelope import Adjournment, Envelope, Phase, Sealed
from ._events import (
    Accept,
    Adjourn,
    Arbiter,
    ArbiterActionKind,
    Arrive,
    Claim,
    Decline,
    Event,
    MoveMade,
    Offer,
    OpenEnvelope,
    Press,
    Resign,
    ResumeSession,
    Seal,
    Tick,
)
from ._moves import complete_record, make
from ._rulings import Ruling, RulingKind
from ._state import GameState
from ._time import Millis

__all__ = ["on_adjourn", "opens_envelope", "sealed_move", "sealing_event", "while_adjourned"]

_Handler = Callable[[Draft, Any, int], list[Ruling]]

_CLOCK_CORRECTIONS = frozenset({ArbiterActionKind.SET_TIME, ArbiterActionKind.ADD_TIME})
"""The arbiter's acts on an adjourned game's clocks (I.5, I.12.2, I.14)."""

_IN_THE_SESSION = _CLOCK_CORRECTIONS | {ArbiterActionKind.PAUSE, ArbiterActionKind.RESUME}
"""... and in the resumption session, before the envelope is opened, his pausing and resuming
the running clock too (6.11: to call him, or a server's restart)."""

_BEFORE_RESUMPTION = (Offer, Accept, Decline, Resign)
"""A player's acts that the adjourned game takes as at the board (I.4, I.6)."""


def sealed_move(state: GameState) -> str | None:
    """The sealed move as written, for the arbiter alone (I.3): ``None`` if the game is not
    adjourned or nothing was written. Nothing else in the state shows it before it is opened."""
    adjourned = state.adjourned
    return adjourned.seal.reveal() if adjourned is not None else None


def sealing_event(state: GameState, event: Event) -> bool:
    """Whether ``event``, taken in ``state``, writes a sealed move: a ``seal`` (I.1.1, the
    reply of I.9.3) or a move made on the board by the player told to seal (I.1.1). Its text
    is the arbiter's until :func:`opens_envelope` (a server sends that line to no one else)."""
    adjourned = state.adjourned
    if adjourned is None:
        return False
    return isinstance(event, Seal) or (
        isinstance(event, MoveMade) and adjourned.phase is Phase.SEALING
    )


def opens_envelope(rulings: list[Ruling]) -> bool:
    """Whether ``rulings`` open an envelope: the sealed move (I.9) or a sealed reply (I.9.3) is
    made on the board, and what was written in it is no longer the arbiter's alone."""
    return any(
        r.kind is RulingKind.ADJOURNMENT and r.status in ("opened", "reply_opened")
        for r in rulings
    )


def _adjourning(status: str, at: Millis, idx: int, **fields: Any) -> Ruling:
    return ruling(idx, at, RulingKind.ADJOURNMENT, status=status, **fields)


def on_adjourn(d: Draft, event: Adjourn, idx: int) -> list[Ruling]:
    """I.1.1: the arbiter requires the player having the move to seal it."""
    if d.adjourned is not None:
        raise Rejected(Words("the game is already adjourned"))
    if d.pending is not None or d.breach is not None:
        raise Rejected(
            Words("adjourn: the arbiter first rules the illegal move or touch-move breach")
        )
    sealer = d.on_move
    if d.running is not sealer or d.uncompleted[sealer.other]:
        raise Rejected(
            Words(
                "adjourn: {opponent} has not completed his move (6.2.1)",
                opponent=sealer.other.words,
            )
        )
    if event.session_end is not None and event.session_end < event.at:
        raise Rejected(
            Words("adjourn: the nominal end of the session is before the adjournment (I.1.2)")
        )
    d.adjourned = Adjournment(
        Phase.SEALING, sealer, resumes=event.resumes, session_end=event.session_end
    )
    note = Words(
        "{sealer} has the move and seals it; his clock runs until he stops it", sealer=sealer.words
    )
    return [_adjourning("seal", event.at, idx, by=sealer, article="I.1.1", note=note)]


def while_adjourned(d: Draft, event: Event, idx: int, handler: _Handler) -> list[Ruling]:
    """An event while the game is adjourned, in its phase; a game that ends is no longer
    adjourned (the sealed move it had stays unseen)."""
    adjourned = d.adjourned
    assert adjourned is not None
    if adjourned.phase is Phase.SEALING:
        rulings = _sealing(d, adjourned, event, idx, handler)
    elif adjourned.phase is Phase.SEALED:
        rulings = _sealed(d, adjourned, event, idx, handler)
    else:
        rulings = _resumed(d, adjourned, event, idx, handler)
    if d.ending is not None:
        d.adjourned = None
    return rulings


# -- I.1: sealing ------------------------------------------------------------------------------


def _sealing(
    d: Draft, adjourned: Adjournment, event: Event, idx: int, handler: _Handler
) -> list[Ruling]:
    sealer = adjourned.sealer
    by = getattr(event, "by", None)
    if isinstance(event, Seal | MoveMade | Press) and by is not sealer:
        raise Rejected(Words("{sealer} is sealing his move (I.1.1)", sealer=sealer.words))
    if isinstance(event, Seal):
        status = "changed" if adjourned.seal.written else "written"
        d.adjourned = replace(adjourned, seal=Sealed(event.move))
        return [_adjourning(status, event.at, idx, by=sealer, article="I.1.1")]
    if isinstance(event, MoveMade):
        d.adjourned = replace(adjourned, seal=Sealed(event.move))
        note = Words(
            "a move made on the board after being told to seal is the sealed move; the board "
            "keeps the position before it (I.1.1, I.5)"
        )
        return [_adjourning("written", event.at, idx, by=sealer, article="I.1.1", note=note)]
    if isinstance(event, Press):
        return _stop_clock(d, adjourned, event.at, idx)
    if isinstance(event, (Tick, Claim, Arbiter, *_BEFORE_RESUMPTION)):
        return handler(d, event, idx)
    raise Rejected(
        Words("the game is being adjourned: {sealer} seals his move (I.1.1)", sealer=sealer.words)
    )


def _stop_clock(d: Draft, adjourned: Adjournment, at: Millis, idx: int) -> list[Ruling]:
    """The sealer stops his clock (I.1.1): the sealed move can no longer be changed; the
    envelope is made (I.2) and the clocks stand until the resumption (I.9)."""
    sealer = adjourned.sealer
    remaining: tuple[Millis, Millis] | None = None
    early = 0 if adjourned.session_end is None else max(0, adjourned.session_end - at)
    clock = d.clock
    if clock is not None and clock.paused:  # as any press while the clock is paused (6.11)
        raise Rejected(Words("the clock is paused (6.11)"))
    if clock is not None:
        clock = clock.press(sealer, at).pause(at)
        if early:  # I.1.2: sealed as at the nominal end of the session
            clock = clock.add_time(sealer, -min(early, clock.remaining(sealer, at)), at)
        d.clock = clock
        remaining = (clock.remaining(Color.WHITE, at), clock.remaining(Color.BLACK, at))
    d.running = None
    offer = next((color for color in Color if d.offers[color]), None)
    position = d.board.position
    envelope = Envelope(position.fen(), sealer, position.fullmove_number, remaining, offer, at)
    d.adjourned = replace(adjourned, phase=Phase.SEALED, envelope=envelope)
    note = Words("the sealed move is kept by the arbiter until the envelope is opened (I.3, I.7)")
    if not adjourned.seal.written:
        note = Words("no move was written: {note}", note=note)
    if early:
        note = Words(
            "adjourned before the end of the session: sealed as at its nominal end, his time "
            "so recorded (I.1.2); {note}",
            note=note,
        )
    return [_adjourning("sealed", at, idx, by=sealer, article="I.2", note=note)]


# -- I.3-I.6: between the sessions --------------------------------------------------------------


def _sealed(
    d: Draft, adjourned: Adjournment, event: Event, idx: int, handler: _Handler
) -> list[Ruling]:
    if isinstance(event, ResumeSession):
        return _resume(d, adjourned, event.at, idx)
    if isinstance(event, OpenEnvelope) and event.position_lost:
        return _annul(d, event.at, idx)
    if isinstance(event, Tick):
        return []  # the clocks stand (I.5)
    if isinstance(event, Offer):
        return [_after_sealing(r) for r in handler(d, event, idx)]
    if isinstance(event, _BEFORE_RESUMPTION):
        return _noted(handler(d, event, idx), "before the resumption (I.6)")
    if isinstance(event, Arbiter) and event.action in _CLOCK_CORRECTIONS:
        return handler(d, event, idx)
    raise Rejected(Words("the game is adjourned: the session has not resumed (I.9)"))


def _after_sealing(offer: Ruling) -> Ruling:
    """I.4: an offer made after the opponent has sealed stands until he accepts or rejects it
    (9.1): lawful, whenever it is made."""
    if offer.kind is not RulingKind.DRAW_OFFER or offer.status != "standing":
        return offer
    note = Words("offered after the sealing: it stands until accepted or rejected (I.4, 9.1)")
    return replace(offer, article="I.4", note=note)


def _noted(rulings: list[Ruling], note: str) -> list[Ruling]:
    return [replace(r, note=joined(r.note, note) if r.note else note) for r in rulings]


def _resume(d: Draft, adjourned: Adjournment, at: Millis, idx: int) -> list[Ruling]:
    """I.9: at the agreed time the replier's clock is started, whether he is present or not
    (I.9.1, I.9.2); he loses the time until he arrives (I.11)."""
    replier = adjourned.sealer.other
    if d.clock is not None:
        d.clock = d.clock.resume(at)
    d.running = replier
    d.adjourned = replace(adjourned, phase=Phase.RESUMED, resumed_at=at, present=(False, False))
    note = Words("{replier}'s clock is started", replier=replier.words)
    return [_adjourning("resumed", at, idx, by=replier, article="I.9", note=note)]


# -- I.7-I.11: the resumption session ----------------------------------------------------------


def _resumed(
    d: Draft, adjourned: Adjournment, event: Event, idx: int, handler: _Handler
) -> list[Ruling]:
    if isinstance(event, Arrive):
        return _arrive(d, adjourned, event, idx)
    if isinstance(event, Tick):
        rulings = _default(d, adjourned, event.at, idx)
        return rulings if rulings else handler(d, event, idx)
    if isinstance(event, OpenEnvelope):
        return _open(d, adjourned, event, idx)
    if isinstance(event, Arbiter) and event.action in _IN_THE_SESSION:
        return handler(d, event, idx)
    if isinstance(event, Seal) or (
        isinstance(event, Press | MoveMade) and adjourned.reply.written
    ):
        return _reply(d, adjourned, event, idx)
    by = getattr(event, "by", None)
    if isinstance(by, Color) and not adjourned.present[by]:
        raise Rejected(Words("{by} has not arrived at the board (I.9, I.10)", by=by.words))
    if not adjourned.opened and not isinstance(event, _BEFORE_RESUMPTION):
        raise Rejected(Words("the envelope has not been opened (I.7, I.9)"))
    return handler(d, event, idx)


def _arrive(d: Draft, adjourned: Adjournment, event: Arrive, idx: int) -> list[Ruling]:
    player = event.by
    if adjourned.present[player]:
        raise Rejected(Words("{player} is already at the board", player=player.words))
    if event.at > _default_time(d, adjourned):
        absent = (player,) if adjourned.present[player.other] else tuple(Color)
        return _lose_by_default(d, adjourned, absent, event.at, idx)
    present = pair(adjourned.present, player, True)
    if player is adjourned.sealer and adjourned.reply_sealed:
        return _open_reply(d, replace(adjourned, present=present), event.at, idx)
    if adjourned.opened and all(present):
        d.adjourned = None  # both at the board, the sealed move made: the game goes on
    else:
        d.adjourned = replace(adjourned, present=present)
    return []


def _default_time(d: Draft, adjourned: Adjournment) -> Millis:
    assert adjourned.resumed_at is not None
    return Millis(adjourned.resumed_at + d.rules.rules.default_time)


def _default(d: Draft, adjourned: Adjournment, at: Millis, idx: int) -> list[Ruling]:
    """The arbiter looks at the clock after the default time: who is absent loses (I.10)."""
    if at <= _default_time(d, adjourned):
        return []
    absent = tuple(color for color in Color if not adjourned.present[color])
    return _lose_by_default(d, adjourned, absent, at, idx) if absent else []


def _lose_by_default(
    d: Draft, adjourned: Adjournment, absent: tuple[Color, ...], at: Millis, idx: int
) -> list[Ruling]:
    """I.10: the absent player loses, unless the sealed move concluded the game (the envelope
    is then opened and that conclusion applies); both absent, both lose."""
    if not adjourned.opened:
        move, _ = _read_sealed(d, adjourned)
        if move is not None and d.board.after(d.board.position.code_of(move)).ending():
            return _make_sealed(d, adjourned, move, at, idx)
    return lose_by_default(d, absent, at, idx, "I.10", resumed=True)


# -- I.7, I.8, I.9: opening the envelope -------------------------------------------------------


def _open(d: Draft, adjourned: Adjournment, event: OpenEnvelope, idx: int) -> list[Ruling]:
    """The envelope is opened, with the replier present (I.7): the sealed move is made on the
    board (I.9), or, ambiguous, unreadable, illegal or missing, it loses (I.8); a lost
    envelope leaves the sealer to move (I.12)."""
    at = event.at
    replier = adjourned.sealer.other
    if adjourned.opened:
        raise Rejected(Words("the envelope has already been opened"))
    if event.position_lost:
        return _annul(d, at, idx)
    if not adjourned.present[replier]:
        raise Rejected(
            Words(
                "the envelope is opened only when {replier}, who replies to the sealed move, is "
                "present (I.7)",
                replier=replier.words,
            )
        )
    if event.lost:
        return _envelope_lost(d, adjourned, at, idx)
    move, fault = _read_sealed(d, adjourned)
    if move is None:
        note = Words("the sealed move {fault} (I.8)", fault=fault or Words("was not written"))
        return _sealed_fault(d, adjourned.sealer, at, idx, note)
    return _make_sealed(d, adjourned, move, at, idx)


def _sealed_fault(d: Draft, writer: Color, at: Millis, idx: int, note: Words) -> list[Ruling]:
    """I.8: the writer of a sealed move that cannot be made loses (drawn under 6.9)."""
    rulings = end_by_loss(
        d, writer, Reason.ILLEGAL_MOVE, Reason.ILLEGAL_MOVE_CANNOT_CHECKMATE, at, idx, "I.8"
    )
    return _noted(rulings, note)


def _annul(d: Draft, at: Millis, idx: int) -> list[Ruling]:
    """I.13: the position cannot be re-established: the game is annulled, a new game is played
    (no result of its own, ``*``, as a game cancelled under 7.2.1)."""
    note = Words(
        "the position cannot be re-established: the game is annulled and a new game is played"
    )
    return end(d, Result.NONE, Reason.ARBITER, "I.13", at, idx, note=note)


# -- I.9.3: the reply sealed while the sealer is absent -----------------------------------------


def _reply(d: Draft, adjourned: Adjournment, event: Event, idx: int) -> list[Ruling]:
    """I.9.3: the sealer is absent: the replier may record his reply, seal it in a fresh
    envelope and stop his clock, starting the sealer's instead of making the reply on the
    board; the arbiter keeps the envelope and opens it on the sealer's arrival."""
    sealer = adjourned.sealer
    replier = sealer.other
    by = getattr(event, "by", None)
    if (
        by is not replier
        or not adjourned.opened
        or adjourned.present[sealer]
        or not adjourned.present[replier]
        or d.on_move is not replier
        or d.uncompleted[replier]
    ):
        raise Rejected(
            Words(
                "only {replier}, replying to the sealed move while {sealer} is absent, seals a "
                "reply (I.9.3)",
                replier=replier.words,
                sealer=sealer.words,
            )
        )
    if adjourned.reply_sealed:
        raise Rejected(
            Words("the reply is sealed: it is opened when {sealer} arrives (I.9.3)",
                  sealer=sealer.words)
        )  # fmt: skip
    if isinstance(event, MoveMade):
        raise Rejected(Words("the reply is written: stop the clock to seal it (I.9.3)"))
    if isinstance(event, Seal):
        status = "changed" if adjourned.reply.written else "reply_written"
        d.adjourned = replace(adjourned, reply=Sealed(event.move))
        return [_adjourning(status, event.at, idx, by=replier, article="I.9.3")]
    assert isinstance(event, Press)
    if d.clock is not None:
        d.clock = d.clock.press(replier, event.at)
    d.running = sealer
    d.adjourned = replace(adjourned, reply_sealed=True)
    note = Words(
        "the reply is kept by the arbiter and opened when {sealer} arrives", sealer=sealer.words
    )
    return [_adjourning("reply_sealed", event.at, idx, by=replier, article="I.9.3", note=note)]


def _open_reply(d: Draft, adjourned: Adjournment, at: Millis, idx: int) -> list[Ruling]:
    """I.9.3: the sealer has arrived: the reply's envelope is opened and the reply made on the
    board (it was completed when the replier stopped his clock). One that cannot be made
    loses, as a sealed move does (I.8)."""
    replier = adjourned.sealer.other
    move, fault = _read_text(d, adjourned.reply)
    if move is None:
        fault = fault or Words("was not written")
        note = Words("the sealed reply {fault} (I.8, I.9.3)", fault=fault)
        return _sealed_fault(d, replier, at, idx, note)
    return _make_sealed(d, adjourned, move, at, idx, mover=replier)


def _envelope_lost(d: Draft, adjourned: Adjournment, at: Millis, idx: int) -> list[Ruling]:
    """I.12: the envelope is missing: the game continues from the adjourned position with the
    times recorded at the adjournment (I.12.1); the sealer makes on the board the move he
    states he sealed (I.12.3), his clock running."""
    sealer = adjourned.sealer
    if d.clock is not None:
        d.clock = d.clock.take_back(sealer, at)
    d.running = sealer
    d.adjourned = None if all(adjourned.present) else replace(adjourned, opened=True)
    note = Words(
        "the envelope is missing: the game continues from the adjourned position with the times "
        "recorded at the adjournment; {sealer} makes the move he states he sealed",
        sealer=sealer.words,
    )
    return [_adjourning("lost", at, idx, by=sealer, article="I.12", note=note)]


def _read_sealed(d: Draft, adjourned: Adjournment) -> tuple[Move | None, Words | None]:
    """The legal move the sealed text stands for, or ``None`` and what is wrong with it (I.8:
    ambiguous, impossible to read, illegal; or not written)."""
    return _read_text(d, adjourned.seal)


def _read_text(d: Draft, sealed: Sealed) -> tuple[Move | None, Words | None]:
    text = sealed.reveal()
    if text is None:
        return None, Words("was not written")
    position = d.board.position
    try:
        return position.parse_uci(text), None
    except ChessLawsError:
        pass
    try:
        return position.parse_san(text), None
    except ChessLawsError as error:
        return None, Words("'{text}' is {fault}", text=text, fault=_fault(error))


def _fault(error: ChessLawsError) -> Words:
    if isinstance(error, AmbiguousMove):
        return Words("ambiguous")
    if isinstance(error, IllegalMove):
        return Words("illegal")
    return Words("impossible to read as a move")


def _make_sealed(
    d: Draft, adjourned: Adjournment, move: Move, at: Millis, idx: int, mover: Color | None = None
) -> list[Ruling]:
    """The sealed move is made on the board and counts as completed (the sealer stopped his
    clock, I.1.1); the replier's clock runs on (I.9). It may end the game (5.1.1, 5.2, 9.6).
    With ``mover`` the replier, his reply sealed under I.9.3 (status ``reply_opened``)."""
    mover = adjourned.sealer if mover is None else mover
    reply = mover is not adjourned.sealer
    uci = d.board.position.uci(move)
    noted = d.clock.remaining(mover, at) if d.clock is not None else None
    d.adjourned = replace(adjourned, opened=True)
    status, article = ("reply_opened", "I.9.3") if reply else ("opened", "I.9")
    opened = _adjourning(status, at, idx, by=mover, move=uci, article=article)
    rulings = make(d, move, mover, at, idx)
    if d.ending is not None:
        return [opened, *rulings]
    complete_record(d, mover, at, noted)
    d.uncompleted = pair(d.uncompleted, mover, False)
    d.running = mover.other
    if all(adjourned.present):
        d.adjourned = None
    return [opened, *rulings]


def adjournment_comment(state: GameState) -> str | None:
    """The PGN comment of a game standing adjourned (the sealed move never in it)."""
    adjourned = state.adjourned
    if adjourned is None or state.ending is not None:
        return None
    sealer = adjourned.sealer.label
    if adjourned.phase is Phase.SEALING:
        return f"adjourned: {sealer} seals his move (Guidelines I.1.1)"
    envelope = adjourned.envelope
    assert envelope is not None
    text = f"adjourned: {sealer} sealed his move {envelope.move_number} (Guidelines I.1, I.2)"
    if adjourned.phase is Phase.RESUMED and not adjourned.opened:
        text += "; the session has resumed, the envelope is not yet opened (I.9)"
    elif adjourned.resumes is not None:
        text += f"; resumes {adjourned.resumes} (I.2.7)"
    return text
