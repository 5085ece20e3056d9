"""Rulings on offers, claims, resignation, flags and the arbiter's own actions.

Articles 5.1.2, 5.2.3, 6.8–6.11, 9.1–9.5, 12 and A.5.3 (and 4.8, A.5.2 for claims about the
opponent's move).
"""

from __future__ import annotations

from chesslaws._color import Color
from chesslaws.core import Move

from ._board import BoardRulings
from ._events import (
    Accept,
    Arbiter,
    ArbiterActionKind,
    Claim,
    ClaimKind,
    Decline,
    Edition,
    Mode,
    Offer,
    Resign,
)
from ._rulings import Penalty, PenaltyKind, Reason, Ruling, RulingKind
from ._state import _DRAW, _WINS, _Rejected, _ucis
from ._time import Millis, ms_to_seconds
from ._touch import Obligation

__all__ = ["ClaimRulings"]


class ClaimRulings(BoardRulings):
    """Offers, claims, resignation, flags and arbiter actions (5, 6.8–6.11, 9, 12)."""

    # -- draw offers (9.1, 5.2.3) --------------------------------------------------------------

    def _move_number(self, player: Color) -> int:
        position = self._record.position
        number = position.fullmove_number
        if position.side_to_move is not player and player is Color.BLACK:
            number -= 1
        return number

    def _on_offer(self, event: Offer, idx: int) -> list[Ruling]:
        player = event.by
        limit = self._rules().rules.draw_offers_from_move
        if limit is not None and self._move_number(player) < limit:
            return [
                self._ruling(
                    idx,
                    event.at,
                    RulingKind.DRAW_OFFER,
                    by=player,
                    status="not_allowed",
                    article="9.1.1",
                    note=f"no draw offers before move {limit}",
                )
            ]
        proper = (
            self._uncompleted[player]
            and self._running is player
            and self._on_move_color is not player
        )
        self._offers[player] = True
        note = None
        if not proper:
            note = (
                "offered at another time than after making a move and before pressing: the "
                "offer stands; the arbiter notes it (11.5, 12.9)"
            )
        return [
            self._ruling(
                idx,
                event.at,
                RulingKind.DRAW_OFFER,
                by=player,
                status="standing",
                article="9.1.2.1",
                note=note,
            )
        ]

    def _on_accept(self, event: Accept, idx: int) -> list[Ruling]:
        offerer = event.by.other
        if not self._offers[offerer]:
            raise _Rejected(f"no draw offer by {offerer.label} stands to accept")
        if self._moved[0] < 1 or self._moved[1] < 1:
            return [
                self._ruling(
                    idx,
                    event.at,
                    RulingKind.DRAW_OFFER,
                    by=offerer,
                    status="standing",
                    article="5.2.3",
                    note="no agreement before both players have made at least one move",
                )
            ]
        self._offers[offerer] = False
        return self._end(_DRAW, Reason.AGREEMENT.value, "5.2.3", event.at, idx)

    def _on_decline(self, event: Decline, idx: int) -> list[Ruling]:
        offerer = event.by.other
        if not self._offers[offerer]:
            raise _Rejected(f"no draw offer by {offerer.label} stands to decline")
        self._offers[offerer] = False
        return [
            self._ruling(
                idx,
                event.at,
                RulingKind.DRAW_OFFER,
                by=offerer,
                status="declined",
                article="9.1.2.1",
            )
        ]

    # -- claims (9.2–9.5, 6.8, 4.8, A.5.2) -----------------------------------------------------

    def _on_claim(self, event: Claim, idx: int) -> list[Ruling]:
        if event.kind in (ClaimKind.THREEFOLD, ClaimKind.FIFTY):
            return self._claim_draw(event, idx)
        if event.kind is ClaimKind.FLAG:
            rulings = self._observe_flag(event.at, idx, claimant=event.by)
            if rulings:
                return rulings
            return [self._refuse(event, idx, "6.8", "no flag has fallen")]
        if event.kind is ClaimKind.TOUCH_MOVE:
            return self._claim_touch_move(event.by, event.at, idx, by_arbiter=False, event=event)
        return self._claim_illegal(event.by, event.at, idx, by_arbiter=False, event=event)

    def _refuse(self, event: Claim, idx: int, article: str, note: str) -> Ruling:
        return self._ruling(
            idx,
            event.at,
            RulingKind.CLAIM_REFUSED,
            by=event.by,
            article=article,
            note=note,
            move=event.move,
        )

    def _claim_draw(self, event: Claim, idx: int) -> list[Ruling]:
        player = event.by
        threefold = event.kind is ClaimKind.THREEFOLD
        base = "9.2" if threefold else "9.3"
        if self._on_move_color is not player or self._pending is not None:
            return [self._refuse(event, idx, base, "only the player having the move may claim")]
        if self._touches or self._promotion is not None:
            return [self._refuse(event, idx, "9.4", "a piece was touched on this move")]
        intended: Move | None = None
        raw: Move | None = None
        if event.move is not None:
            intended, raw = self._read_move(event.move)
        if event.move is not None and intended is None:
            correct = False
        elif threefold:
            correct = self._record.can_claim_threefold(intended)
        else:
            correct = self._record.can_claim_fifty(intended)
        if threefold:
            article = "9.2.1" if event.move is not None else "9.2.2"
        else:
            article = "9.3.1" if event.move is not None else "9.3.2"
        if correct:
            reason = Reason.THREEFOLD if threefold else Reason.FIFTY_MOVES
            return self._end(_DRAW, reason.value, article, event.at, idx, by=player)
        profile = self._rules()
        if intended is not None:
            self._forced = Obligation(frozenset((intended,)), "9.5.3")
        elif raw is not None:
            self._touch_squares_raw(raw)
        must = self.obligation()
        rulings = [
            self._give_time(
                idx,
                event.at,
                RulingKind.INCORRECT_CLAIM,
                player.other,
                profile.incorrect_claim_penalty,
                by=player,
                move=event.move,
                must_move=(
                    _ucis(self._record.position, must.moves) if must.moves is not None else None
                ),
                article=profile.incorrect_claim_article,
                note=f"claim under {article} is incorrect",
            )
        ]
        if not self._offers[player]:
            self._offers[player] = True
            rulings.append(
                self._ruling(
                    idx,
                    event.at,
                    RulingKind.DRAW_OFFER,
                    by=player,
                    status="standing",
                    article="9.1.2.3",
                )
            )
        return rulings

    def _claim_touch_move(
        self, claimant: Color | None, at: Millis, idx: int, *, by_arbiter: bool, event: Claim | None
    ) -> list[Ruling]:
        breach = self._breach
        if breach is None or (claimant is not None and breach.by is not claimant.other):
            if event is None:
                return []
            return [self._refuse(event, idx, "4.3", "no move broke a touch-move obligation")]
        if breach.claim_lost and not by_arbiter:
            assert event is not None
            return [self._refuse(event, idx, "4.8", "the claimant has touched a piece")]
        offender = breach.by
        position = self._record.position
        if position.peek() != breach.move:
            if event is None:
                return []
            return [self._refuse(event, idx, "4.3", "the move is no longer the last one")]
        # Take the move back (7.1): the offender is to play from his obligation again.
        self._record.pop()
        self._sans.pop()
        self._ucis.pop()
        self._made.pop()
        self._clocks.pop()
        self._moved[offender] -= 1
        self._uncompleted[offender] = False
        if breach.pressed and self._clock is not None:
            self._clock.take_back(offender, at)
        self._running = offender
        self._breach = None
        self._touches.clear()
        self._castle_attempt = False
        self._forced = breach.allowed
        position = self._record.position
        return [
            self._ruling(
                idx,
                at,
                RulingKind.TOUCH_MOVE,
                by=offender,
                move=position.uci(breach.move),
                must_move=_ucis(position, breach.allowed.moves or frozenset()),
                article=breach.allowed.article,
                note="ruled by the arbiter" if by_arbiter else "on the opponent's claim",
            )
        ]

    def _claim_illegal(
        self, claimant: Color | None, at: Millis, idx: int, *, by_arbiter: bool, event: Claim | None
    ) -> list[Ruling]:
        pending = self._pending
        if (
            pending is None
            or pending.completed_at is None
            or (claimant is not None and pending.by is not claimant.other)
        ):
            if event is None:
                return []
            return [self._refuse(event, idx, "A.5.2", "no completed illegal move to claim")]
        return self._rule_illegal(
            pending.by, pending.kind, pending, at, idx, claimed=not by_arbiter
        )

    # -- resignation (5.1.2) -------------------------------------------------------------------

    def _on_resign(self, event: Resign, idx: int) -> list[Ruling]:
        player = event.by
        if self._rules().edition is Edition.E2018:
            return self._end(_WINS[player.other], Reason.RESIGNATION.value, "5.1.2", event.at, idx)
        return self._loss_or_draw(
            player, Reason.RESIGNATION, Reason.RESIGNATION_CANNOT_CHECKMATE, event.at, idx, "5.1.2"
        )

    # -- flags (6.8, 6.9, A.5.3) ---------------------------------------------------------------

    def _observe_flag(self, at: Millis, idx: int, *, claimant: Color | None = None) -> list[Ruling]:
        if self._clock is None:
            return []
        flagged = self._clock.first_flag(at)
        if flagged is None:
            return []
        article = "6.8"
        note = "claimed" if claimant is not None else None
        flag = self._ruling(idx, at, RulingKind.FLAG, by=flagged, article=article, note=note)
        ending_article = "6.9"
        if claimant is not None and self._rules().mode is not Mode.STANDARD:
            ending_article = "A.5.3" if claimant is flagged.other else "6.9"
        return [
            flag,
            *self._loss_or_draw(
                flagged, Reason.FLAG, Reason.FLAG_CANNOT_CHECKMATE, at, idx, ending_article
            ),
        ]

    # -- the arbiter (6.10, 6.11, 12) ----------------------------------------------------------

    def _on_arbiter(self, event: Arbiter, idx: int) -> list[Ruling]:
        action = event.action
        at = event.at
        clock = self._clock
        if action is ArbiterActionKind.DECLARE:
            assert event.result is not None and event.reason is not None
            try:
                reason = Reason(event.reason)
            except ValueError:
                known = ", ".join(r.value for r in Reason)
                raise _Rejected(f"unknown reason {event.reason!r} (known: {known})") from None
            return self._end(event.result, reason.value, event.article or reason.article, at, idx)
        if action is ArbiterActionKind.OBSERVE_FLAG:
            return self._observe_flag(at, idx)
        if action is ArbiterActionKind.OBSERVE_ILLEGAL_MOVE:
            return self._claim_illegal(None, at, idx, by_arbiter=True, event=None)
        if action is ArbiterActionKind.OBSERVE_TOUCH_MOVE:
            return self._claim_touch_move(None, at, idx, by_arbiter=True, event=None)
        if action is ArbiterActionKind.WARNING:
            assert event.player is not None
            ruling = self._ruling(
                idx,
                at,
                RulingKind.PENALTY,
                by=event.player,
                article=event.article or "12.9.1",
                penalty=Penalty(PenaltyKind.WARNING, event.player),
            )
            self._penalties.append(ruling)
            return [ruling]
        if clock is None:
            raise _Rejected(f"{action.value}: the game has no clock")
        if action is ArbiterActionKind.QUICKPLAY_INCREMENT:
            return self._quickplay_increment(event, idx)
        if action is ArbiterActionKind.PAUSE:
            if clock.paused:
                raise _Rejected("the clock is already paused")
            clock.pause(at)
            return [
                self._ruling(
                    idx, at, RulingKind.CLOCK, status="paused", article=event.article or "6.11.1"
                )
            ]
        if action is ArbiterActionKind.RESUME:
            if not clock.paused:
                raise _Rejected("the clock is not paused")
            clock.resume(at)
            return [
                self._ruling(
                    idx, at, RulingKind.CLOCK, status="resumed", article=event.article or "6.11.3"
                )
            ]
        assert event.player is not None
        if action is ArbiterActionKind.ADD_TIME:
            assert event.seconds is not None
            if clock.remaining(event.player, at) + event.seconds < 0 and event.seconds < 0:
                raise _Rejected("removing more time than the player has left")
            return [
                self._give_time(
                    idx,
                    at,
                    RulingKind.PENALTY,
                    event.player,
                    event.seconds,
                    article=event.article or "12.9",
                )
            ]
        if action is ArbiterActionKind.SET_TIME:
            assert event.seconds is not None
            clock.set_time(event.player, event.seconds, at)
            ruling = self._ruling(
                idx,
                at,
                RulingKind.PENALTY,
                article=event.article or "6.10.2",
                penalty=Penalty(PenaltyKind.SET_TIME, event.player, event.seconds),
            )
            self._penalties.append(ruling)
            return [ruling]
        assert action is ArbiterActionKind.SET_MOVES and event.moves is not None
        clock.set_moves(event.player, event.moves, at)
        ruling = self._ruling(
            idx,
            at,
            RulingKind.PENALTY,
            article=event.article or "6.10.2",
            penalty=Penalty(PenaltyKind.SET_MOVES, event.player, moves=event.moves),
        )
        self._penalties.append(ruling)
        return [ruling]

    def _quickplay_increment(self, event: Arbiter, idx: int) -> list[Ruling]:
        """Guidelines III.4: the player to move, under two minutes, asked for a 5-second
        increment; the opponent declined the offer it counts as, and the arbiter grants it: both
        players get the increment from now on and the opponent two extra minutes."""
        clock = self._clock
        assert clock is not None and event.player is not None
        if self._rules().mode is Mode.BLITZ or clock.time_control.has_increment:
            raise _Rejected(
                "Guidelines III apply only to standard and rapid games without increment"
            )
        player = event.player
        if clock.remaining(player, event.at) >= 120_000:
            raise _Rejected(f"{player.label} has two minutes or more left (III.4)")
        increment = event.seconds if event.seconds is not None else Millis(5_000)
        clock.add_increment(increment, event.at)
        return [
            self._give_time(
                idx,
                event.at,
                RulingKind.PENALTY,
                player.other,
                Millis(120_000),
                article=event.article or "III.4",
                note=f"{ms_to_seconds(increment)} s increment for both players from now",
            )
        ]
