"""Rulings on offers, claims, resignation, flags and the arbiter's own actions.

Articles 5.1.2, 5.2.3, 6.8–6.11, 9.1–9.5, 12 and A.5.3 (and 4.8, A.5.2 for claims about the
opponent's move). Each handler is a function of a :class:`~._draft.Draft` and an event.
"""

from __future__ import annotations

from dataclasses import replace

from chesslaws._color import Color
from chesslaws._words import Words, joined
from chesslaws.clock import TimeControlKind
from chesslaws.core import Move
from chesslaws.endings import Reason, Result, lone_king, resignation_always_loses

from ._after import on_amend_result, on_device
from ._draft import (
    Draft,
    Rejected,
    edition_article,
    end,
    end_by_loss,
    give_time,
    known_reason,
    lone_king_draw,
    pair,
    ruling,
)
from ._events import (
    SANCTIONS,
    Accept,
    Arbiter,
    ArbiterActionKind,
    Claim,
    ClaimKind,
    Decline,
    Edition,
    Mode,
    Offer,
    Pause,
    Resign,
    SpectatorRemark,
    Tick,
)
from ._irregular import on_colours_reversed, on_set_control, on_set_up_wrong
from ._moves import read_move, rule_illegal, touch_squares_raw
from ._numbering import edition_fields
from ._quickplay import check_guidelines_iii, on_flags_unordered, on_quickplay_claim
from ._recording import on_reconstruct
from ._restore import on_restore
from ._rulings import Penalty, PenaltyKind, Ruling, RulingKind, RulingStatus
from ._state import TouchState, ucis
from ._time import Millis, ms_to_seconds
from ._touch import Obligation

__all__ = [
    "on_accept",
    "on_arbiter",
    "on_claim",
    "on_decline",
    "on_offer",
    "on_pause",
    "on_resign",
    "on_spectator",
    "on_tick",
]

_DRAW = Result.DRAW

# -- draw offers (9.1, 5.2.3) --------------------------------------------------------------


def _move_number(d: Draft, player: Color) -> int:
    position = d.board._position
    number = position.fullmove_number
    if position.side_to_move is not player and player is Color.BLACK:
        number -= 1
    return number


def _not_allowed(event: Offer, idx: int, article: str, note: str) -> list[Ruling]:
    return [
        ruling(
            idx,
            event.at,
            RulingKind.DRAW_OFFER,
            by=event.by,
            status=RulingStatus.NOT_ALLOWED,
            article=article,
            note=note,
        )
    ]


def on_offer(d: Draft, event: Offer, idx: int) -> list[Ruling]:
    player = event.by
    rules = d.rules.rules
    pre_1997 = d.rules.edition is Edition.PRE1997
    if not rules.draw_agreement:  # 9.1.1 "or at all"; pre-1997 10.6
        article = "10.6" if pre_1997 else "9.1.1"
        return _not_allowed(event, idx, article, "the event forbids agreeing to a draw")
    limit = rules.draw_offers_from_move
    if limit is not None and _move_number(d, player) < limit:
        return _not_allowed(event, idx, "9.1.1", f"no draw offers before move {limit}")
    proper = d.uncompleted[player] and d.running is player and d.on_move is not player
    if pre_1997 and d.running is player and not proper:
        # Greek 10.7: an offer "only when he makes his move" (10.8 covers the opponent's time).
        return _not_allowed(
            event, idx, "10.7", "a draw may be offered only when making one's move (10.7)"
        )
    d.offers = pair(d.offers, player, True)
    mark_offer(d)
    if pre_1997 and d.running is player.other:
        return _offer_pre_1997(d, event, idx)
    note = None
    if not proper:
        note = Words(
            "offered at another time than after making a move and before pressing: the offer "
            "stands; the arbiter notes it (11.5, 12.9)"
        )
    return [
        ruling(
            idx,
            event.at,
            RulingKind.DRAW_OFFER,
            by=player,
            status=RulingStatus.STANDING,
            article="9.1.2.1",
            note=note,
        )
    ]


def mark_offer(d: Draft) -> None:
    """8.1.5: both players mark a draw offer on the scoresheet with "=": after the last move on
    it (the move just made, when the offer came as 9.1.2.1 asks)."""
    offered = d.players.offered
    if d.sheet.length and (not offered or offered[-1] != d.sheet.length):
        d.players = replace(d.players, offered=(*offered, d.sheet.length))


def _offer_pre_1997(d: Draft, event: Offer, idx: int) -> list[Ruling]:
    """Pre-1997 10.8: an offer made while the opponent's clock runs stands (he may accept or
    reject it), and the arbiter cautions the player who made it."""
    player = event.by
    caution = ruling(
        idx,
        event.at,
        RulingKind.PENALTY,
        by=player,
        article="10.8",
        penalty=Penalty(PenaltyKind.WARNING, player),
        note=Words("draw offered while the opponent's clock runs: the player is cautioned"),
    )
    d.penalties = (*d.penalties, caution)
    status = RulingStatus.STANDING
    offer = ruling(idx, event.at, RulingKind.DRAW_OFFER, by=player, status=status, article="10.8")
    return [offer, caution]


def on_accept(d: Draft, event: Accept, idx: int) -> list[Ruling]:
    offerer = event.by.other
    if not d.offers[offerer]:
        raise Rejected(Words("no draw offer by {offerer} stands to accept", offerer=offerer.words))
    if (d.moved[0] < 1 or d.moved[1] < 1) and d.rules.edition is not Edition.PRE1997:
        return [
            ruling(
                idx,
                event.at,
                RulingKind.DRAW_OFFER,
                by=offerer,
                status=RulingStatus.STANDING,
                article="5.2.3",
                note=Words("no agreement before both players have made at least one move"),
            )
        ]
    d.offers = pair(d.offers, offerer, False)
    fields = edition_article(d, Reason.AGREEMENT, "5.2.3")
    article = fields.pop("article")
    return end(d, _DRAW, Reason.AGREEMENT, article, event.at, idx, **fields)


def on_decline(d: Draft, event: Decline, idx: int) -> list[Ruling]:
    offerer = event.by.other
    if not d.offers[offerer]:
        raise Rejected(Words("no draw offer by {offerer} stands to decline", offerer=offerer.words))
    d.offers = pair(d.offers, offerer, False)
    return [
        ruling(
            idx,
            event.at,
            RulingKind.DRAW_OFFER,
            by=offerer,
            status=RulingStatus.DECLINED,
            article="9.1.2.1",
        )
    ]


# -- claims (9.2–9.5, 6.8, 4.8, A.5.2) -----------------------------------------------------


def on_claim(d: Draft, event: Claim, idx: int) -> list[Ruling]:
    if event.kind in (ClaimKind.THREEFOLD, ClaimKind.FIFTY):
        return _claim_draw(d, event, idx)
    if event.kind is ClaimKind.FLAG:
        rulings = _observe_flag(d, event.at, idx, claimant=event.by)
        if rulings:
            return rulings
        return [_refuse(event, idx, "6.8", "no flag has fallen")]
    if event.kind is ClaimKind.TOUCH_MOVE:
        return _claim_touch_move(d, event.by, event.at, idx, by_arbiter=False, event=event)
    if event.kind is ClaimKind.QUICKPLAY:
        return on_quickplay_claim(d, event, idx)
    return _claim_illegal(d, event.by, event.at, idx, by_arbiter=False, event=event)


def _refuse(event: Claim, idx: int, article: str, note: str) -> Ruling:
    return ruling(
        idx,
        event.at,
        RulingKind.CLAIM_REFUSED,
        by=event.by,
        article=article,
        note=note,
        move=event.move,
    )


def _claim_draw(d: Draft, event: Claim, idx: int) -> list[Ruling]:
    player = event.by
    threefold = event.kind is ClaimKind.THREEFOLD
    base = "9.2" if threefold else "9.3"
    if d.on_move is not player or d.pending is not None:
        return [_refuse(event, idx, base, "only the player having the move may claim")]
    if d.touch.touches or d.touch.promotion is not None:
        return [_refuse(event, idx, "9.4", "a piece was touched on this move")]
    if event.accepted:
        return _accepted_unchecked(d, event, idx)
    if not event.written:
        # 9.2.1, 9.3.1: the intended move is written first; the Manual: the arbiter may ask
        # the player to make his claim legal rather than reject it.
        article = "9.2.1" if threefold else "9.3.1"
        note = Words(
            "the intended move is not written on the scoresheet: the claim is to be made legal"
        )
        return [_refuse(event, idx, article, note)]
    intended: Move | None = None
    raw: Move | None = None
    if event.move is not None:
        intended, raw = read_move(d.board, event.move)
    if event.move is not None and intended is None:
        correct = False
    elif threefold:
        correct = d.board.record().can_claim_threefold(intended)
    else:
        correct = d.board.record().can_claim_fifty(intended)
    if threefold:
        article = "9.2.1" if event.move is not None else "9.2.2"
    else:
        article = "9.3.1" if event.move is not None else "9.3.2"
    if correct:
        reason = Reason.THREEFOLD if threefold else Reason.FIFTY_MOVES
        return end(d, _DRAW, reason, article, event.at, idx, by=player)
    profile = d.rules
    if intended is not None:
        d.touch = replace(d.touch, forced=Obligation(frozenset((intended,)), "9.5.3"))
    elif raw is not None:
        touch_squares_raw(d, raw)
    must = d.obligation()
    rulings = [
        give_time(
            d,
            idx,
            event.at,
            RulingKind.INCORRECT_CLAIM,
            player.other,
            profile.incorrect_claim_penalty,
            by=player,
            move=event.move,
            must_move=(ucis(d.board._position, must.moves) if must.moves is not None else None),
            article=profile.incorrect_claim_article,
            note=Words("claim under {article} is incorrect", article=article),
        )
    ]
    if not d.offers[player]:
        d.offers = pair(d.offers, player, True)
        mark_offer(d)
        rulings.append(
            ruling(
                idx,
                event.at,
                RulingKind.DRAW_OFFER,
                by=player,
                status=RulingStatus.STANDING,
                article="9.1.2.3",
            )
        )
    return rulings


def _accepted_unchecked(d: Draft, event: Claim, idx: int) -> list[Ruling]:
    """9.1.2.3: the claim is a draw offer; the opponent accepted it before the arbiter checked
    it: drawn by agreement (5.2.3), unchecked, no penalty, where agreement is allowed."""
    if not d.rules.rules.draw_agreement:
        raise Rejected(
            Words("the event forbids agreeing to a draw (9.1.1): the arbiter checks the claim")
        )
    if (d.moved[0] < 1 or d.moved[1] < 1) and d.rules.edition is not Edition.PRE1997:
        raise Rejected(Words("no agreement before both players have made a move (5.2.3)"))
    fields = edition_article(d, Reason.AGREEMENT, "5.2.3")
    article = fields.pop("article")
    note = Words("the claim accepted as a draw offer before the arbiter checked it (9.1.2.3)")
    if "note" in fields:
        note = joined(note, fields.pop("note"))
    return end(d, _DRAW, Reason.AGREEMENT, article, event.at, idx, by=event.by, note=note)


def on_spectator(d: Draft, event: SpectatorRemark, idx: int) -> list[Ruling]:
    """A spectator's remark changes nothing: a flag counts when the arbiter observes it or a
    player claims it (6.8); spectators do not interfere (12.7)."""
    raise Rejected(
        Words(
            "a spectator's remark ({about}) has no effect: a flag counts when the arbiter "
            "observes it or a player claims it (6.8); spectators do not interfere (12.7)",
            about=event.about,
        )
    )


def _claim_touch_move(
    d: Draft, claimant: Color | None, at: Millis, idx: int, *, by_arbiter: bool, event: Claim | None
) -> list[Ruling]:
    breach = d.breach
    if breach is None or (claimant is not None and breach.by is not claimant.other):
        if event is None:
            return []
        return [_refuse(event, idx, "4.3", "no move broke a touch-move obligation")]
    if breach.claim_lost and not by_arbiter:
        assert event is not None
        return [_refuse(event, idx, "4.8", "the claimant has touched a piece")]
    offender = breach.by
    position = d.board._position
    if position.peek() != breach.move:
        if event is None:
            return []
        return [_refuse(event, idx, "4.3", "the move is no longer the last one")]
    # Take the move back (7.1): the offender is to play from his obligation again.
    d.board = d.board.taken_back()
    d.sheet = d.sheet.without_last()
    d.uncompleted = pair(d.uncompleted, offender, False)
    if breach.pressed:  # the press is undone with the move; an unpressed one changed no clock
        if d.clock is not None:
            d.clock = d.clock.take_back(offender, at)
        d.running = offender
    d.breach = None
    d.touch = TouchState(forced=breach.allowed)
    position = d.board._position
    return [
        ruling(
            idx,
            at,
            RulingKind.TOUCH_MOVE,
            by=offender,
            move=position.uci(breach.move),
            must_move=ucis(position, breach.allowed.moves or frozenset()),
            **edition_fields(
                d.rules.edition,
                breach.allowed.article,
                "ruled by the arbiter" if by_arbiter else "on the opponent's claim",
            ),
        )
    ]


def _claim_illegal(
    d: Draft, claimant: Color | None, at: Millis, idx: int, *, by_arbiter: bool, event: Claim | None
) -> list[Ruling]:
    pending = d.pending
    if (
        pending is None
        or pending.completed_at is None
        or (claimant is not None and pending.by is not claimant.other)
    ):
        if event is None:
            return []
        return [_refuse(event, idx, "A.5.2", "no completed illegal move to claim")]
    return rule_illegal(d, pending.by, pending.kind, pending, at, idx, claimed=not by_arbiter)


# -- resignation (5.1.2) -------------------------------------------------------------------


def on_resign(d: Draft, event: Resign, idx: int) -> list[Ruling]:
    player = event.by
    if d.rules.edition is Edition.PRE1997 and lone_king(d.board.position, player.other):
        return lone_king_draw(d, Reason.RESIGNATION_CANNOT_CHECKMATE, "10.2", event.at, idx)
    if resignation_always_loses(d.rules.edition.value):
        # 2018 5.1.2, 2014 5.1.b, pre-1997 10.2: the opponent wins, whatever stands on the board.
        won = Result.win_for(player.other)
        fields = edition_article(d, Reason.RESIGNATION)
        article = fields.pop("article")
        return end(d, won, Reason.RESIGNATION, article, event.at, idx, **fields)
    return end_by_loss(
        d, player, Reason.RESIGNATION, Reason.RESIGNATION_CANNOT_CHECKMATE, event.at, idx, "5.1.2"
    )


# -- flags (6.8, 6.9, A.5.3) ---------------------------------------------------------------


def _observe_flag(d: Draft, at: Millis, idx: int, *, claimant: Color | None = None) -> list[Ruling]:
    if d.clock is None:
        return []
    flagged = d.clock.first_flag(at)
    if flagged is None:
        return []
    article = "6.8"
    note = Words("claimed") if claimant is not None else None
    flag = ruling(idx, at, RulingKind.FLAG, by=flagged, article=article, note=note)
    ending_article = "6.9"
    if claimant is not None and d.rules.mode is not Mode.STANDARD:
        ending_article = "A.5.3" if claimant is flagged.other else "6.9"
    if d.rules.edition is Edition.PRE1997:
        return [flag, *_flag_pre_1997(d, flagged, at, idx)]
    return [
        flag,
        *end_by_loss(
            d, flagged, Reason.FLAG, Reason.FLAG_CANNOT_CHECKMATE, at, idx, ending_article
        ),
    ]


def _flag_pre_1997(d: Draft, flagged: Color, at: Millis, idx: int) -> list[Ruling]:
    """Pre-1997 10.5: a player with a lone king cannot win, so the game is drawn if his
    opponent oversteps the time; otherwise the flag loses (no search for a mate)."""
    if lone_king(d.board._position, flagged.other):
        return lone_king_draw(d, Reason.FLAG_CANNOT_CHECKMATE, "6.9", at, idx)
    won = Result.win_for(flagged.other)
    note = Words("pre-1997: only a lone king saves the flag (10.5)")
    return end(d, won, Reason.FLAG, "6.9", at, idx, note=note)


# -- the arbiter (6.10, 6.11, 12) ----------------------------------------------------------


def on_arbiter(d: Draft, event: Arbiter, idx: int) -> list[Ruling]:
    action = event.action
    at = event.at
    if action is ArbiterActionKind.DECLARE:
        assert event.result is not None and event.reason is not None
        reason = known_reason(event.reason)
        return end(d, Result(event.result), reason, event.article or reason.article, at, idx)
    if action is ArbiterActionKind.AMEND_RESULT:
        return on_amend_result(d, event, idx)
    if action is ArbiterActionKind.DEVICE:
        return on_device(d, event, idx)
    if action is ArbiterActionKind.RESTORE:
        return on_restore(d, event, idx)
    if action in (ArbiterActionKind.SET_UP_WRONG, ArbiterActionKind.BOARD_ORIENTATION):
        return on_set_up_wrong(d, event, idx)
    if action is ArbiterActionKind.COLOURS_REVERSED:
        return on_colours_reversed(d, event, idx)
    if action is ArbiterActionKind.SET_CONTROL:
        return on_set_control(d, event, idx)
    if action is ArbiterActionKind.FLAGS_UNORDERED:
        return on_flags_unordered(d, event, idx)
    if action is ArbiterActionKind.RECONSTRUCT:
        return on_reconstruct(d, event, idx)
    if action is ArbiterActionKind.OBSERVE_FLAG:
        return _observe_flag(d, at, idx)
    if action is ArbiterActionKind.OBSERVE_ILLEGAL_MOVE:
        return _claim_illegal(d, None, at, idx, by_arbiter=True, event=None)
    if action is ArbiterActionKind.OBSERVE_TOUCH_MOVE:
        return _claim_touch_move(d, None, at, idx, by_arbiter=True, event=None)
    if action is ArbiterActionKind.WARNING or action in SANCTIONS:
        assert event.player is not None
        kind, article = _SANCTIONS[action]
        return [
            _penalty(
                d,
                idx,
                at,
                by=event.player,
                article=event.article or article,
                penalty=Penalty(kind, event.player),
            )
        ]
    clock = d.clock
    if clock is None:
        raise Rejected(Words("{action}: the game has no clock", action=action.value))
    if action is ArbiterActionKind.QUICKPLAY_INCREMENT:
        return _quickplay_increment(d, event, idx)
    if action is ArbiterActionKind.PAUSE:
        if clock.paused:
            raise Rejected(Words("the clock is already paused"))
        d.clock = clock.pause(at)
        article = event.article or "6.11.1"
        return [ruling(idx, at, RulingKind.CLOCK, status=RulingStatus.PAUSED, article=article)]
    if action is ArbiterActionKind.RESUME:
        if not clock.paused:
            raise Rejected(Words("the clock is not paused"))
        d.clock = clock.resume(at)
        article = event.article or "6.11.3"
        return [ruling(idx, at, RulingKind.CLOCK, status=RulingStatus.RESUMED, article=article)]
    assert event.player is not None
    if action is ArbiterActionKind.ADD_TIME:
        assert event.seconds is not None
        if clock.remaining(event.player, at) + event.seconds < 0 and event.seconds < 0:
            raise Rejected(Words("removing more time than the player has left"))
        article = event.article or "12.9"
        return [
            give_time(d, idx, at, RulingKind.PENALTY, event.player, event.seconds, article=article)
        ]
    if action is ArbiterActionKind.SET_TIME:
        assert event.seconds is not None
        d.clock = clock.set_time(event.player, event.seconds, at)
        penalty = Penalty(PenaltyKind.SET_TIME, event.player, event.seconds)
        return [_penalty(d, idx, at, article=event.article or "6.10.2", penalty=penalty)]
    assert action is ArbiterActionKind.SET_MOVES and event.moves is not None
    d.clock = clock.set_moves(event.player, event.moves)
    penalty = Penalty(PenaltyKind.SET_MOVES, event.player, moves=event.moves)
    return [_penalty(d, idx, at, article=event.article or "6.10.2", penalty=penalty)]


_SANCTIONS = {
    ArbiterActionKind.WARNING: (PenaltyKind.WARNING, "12.9.1"),
    ArbiterActionKind.FINE: (PenaltyKind.FINE, "12.9.7"),
    ArbiterActionKind.EXCLUSION: (PenaltyKind.EXCLUSION, "12.9.8"),
    ArbiterActionKind.EXPULSION: (PenaltyKind.EXPULSION, "12.9.9"),
}
"""The penalties of 12.9 that only record the arbiter's decision (the player, the Article)."""


def _penalty(d: Draft, idx: int, at: Millis, **fields: object) -> Ruling:
    """A penalty or correction ruling, kept with the penalties given (12.9, 6.10.2)."""
    given = ruling(idx, at, RulingKind.PENALTY, **fields)
    d.penalties = (*d.penalties, given)
    return given


def _quickplay_increment(d: Draft, event: Arbiter, idx: int) -> list[Ruling]:
    """Guidelines III.4: the player to move, under two minutes, asked for a 5-second
    increment; the request counts as a draw offer, which the opponent refused, and the arbiter
    grants it: both players get the increment from now on and the opponent two extra minutes.

    "A player to move": the player having the move (1.3), or the request is rejected. While
    his draw offer stands (the request made as an ``offer``), the opponent answers it first:
    he may accept the draw."""
    clock = d.clock
    assert clock is not None and event.player is not None
    check_guidelines_iii(d)
    for control in clock.time_controls:
        if control.kind is not TimeControlKind.PERIODS:
            # III.4 adds an increment to a clock's periods; a sandclock has none (6.3).
            raise Rejected(
                Words(
                    "III.4: a {kind} time control has no increment to add", kind=control.kind.value
                )
            )
    player = event.player
    if d.on_move is not player:
        raise Rejected(
            Words(
                "{player} does not have the move: III.4 is for the player to move",
                player=player.words,
            )
        )
    if d.offers[player]:
        raise Rejected(
            Words(
                "{player}'s request counts as a draw offer, which stands: {opponent} accepts or "
                "refuses it first (III.4)",
                player=player.words,
                opponent=player.other.words,
            )
        )
    if clock.remaining(player, event.at) >= 120_000:
        raise Rejected(Words("{player} has two minutes or more left (III.4)", player=player.words))
    increment = event.seconds if event.seconds is not None else Millis(5_000)
    d.clock = clock.add_increment(increment)
    return [
        give_time(
            d,
            idx,
            event.at,
            RulingKind.PENALTY,
            player.other,
            Millis(120_000),
            article=event.article or "III.4",
            note=Words(
                "{increment} s increment for both players from now; the request counted as a draw "
                "offer, refused",
                increment=ms_to_seconds(increment),
            ),
        )
    ]


def on_pause(d: Draft, event: Pause, idx: int) -> list[Ruling]:
    """A player stops the clocks to call the arbiter (6.11.2; Greek 5e): both clocks stop until
    the arbiter restarts them (``resume``, 6.11.3)."""
    clock = d.clock
    if clock is None:
        raise Rejected(Words("pause: the game has no clock"))
    if clock.paused:
        raise Rejected(Words("the clock is already paused"))
    d.clock = clock.pause(event.at)
    return [
        ruling(
            idx,
            event.at,
            RulingKind.CLOCK,
            by=event.by,
            status=RulingStatus.PAUSED,
            article="6.11.2",
            note=Words(
                "the player stopped the clocks to call the arbiter; the arbiter resumes (6.11.3)"
            ),
        )
    ]


def on_tick(d: Draft, event: Tick, idx: int) -> list[Ruling]:
    """Time passes and the arbiter looks at the clock (6.8)."""
    return _observe_flag(d, event.at, idx)
