"""Rulings on what happens at the board: touches, moves, presses and illegal moves.

Articles 4.2–4.8 (touch-move, made moves), 6.2 (completed moves, the press), 7.5 and Appendices A
and B (illegal moves: restored position, penalty time, the second one loses).
"""

from __future__ import annotations

from chesslaws._color import Color
from chesslaws._errors import AmbiguousMove, ChessLawsError, IllegalMove
from chesslaws.core import KING, PAWN, Move, Position
from chesslaws.endings import GameRecord

from ._events import (
    Adjust,
    Mode,
    MoveMade,
    Press,
    Touch,
    TouchMoveEnforcement,
)
from ._illegal import IllegalKind, PendingIllegal, board_after
from ._rulings import Penalty, PenaltyKind, Reason, Ruling, RulingKind
from ._state import GameBase, _Breach, _name, _Rejected, _ucis
from ._time import Millis
from ._touch import Touched, captured_square

__all__ = ["BoardRulings"]


class BoardRulings(GameBase):
    """Touches, moves, presses and illegal moves (Articles 4, 6.2, 7.5; A, B)."""

    # -- touching and adjusting (4.2–4.4, 4.8) -------------------------------------------------

    def _on_touch(self, event: Touch, idx: int) -> list[Ruling]:
        position = self._record.position
        mover = self._on_move_color
        if event.piece is not None:
            last_rank = 7 if event.by is Color.WHITE else 0
            if event.square >> 3 != last_rank:
                raise _Rejected(
                    f"a new piece ('piece') can touch only a promotion square, not rank "
                    f"{(event.square >> 3) + 1}"
                )
            if event.by is mover and self._pending is None and self._promotion is None:
                self._promotion = (event.square, int(event.piece))
            return []
        piece = position.piece_at(event.square)
        if piece is None and self._pending is None:
            raise _Rejected(f"no piece on {_name(event.square)} to touch")
        if event.by is not mover or self._pending is not None or piece is None:
            return []  # only the player having the move is bound by his touches (4.3)
        rulings = self._decline_offer_of(mover.other, idx, event.at)
        self._lose_claim_right(mover)
        touched = Touched(event.square, piece.color == mover, piece.type)
        if all(t.square != touched.square for t in self._touches):
            self._touches.append(touched)
        return rulings

    def _on_adjust(self, event: Adjust, idx: int) -> list[Ruling]:
        if self._record.position.piece_at(event.square) is None:
            raise _Rejected(f"no piece on {_name(event.square)} to adjust")
        if event.by is self._on_move_color and self._running in (event.by, None):
            return []
        ruling = self._ruling(
            idx,
            event.at,
            RulingKind.PENALTY,
            by=event.by,
            article="4.2.1",
            penalty=Penalty(PenaltyKind.WARNING, event.by),
            note="only the player having the move, with his clock running, may adjust (6.2.5)",
        )
        self._penalties.append(ruling)
        return [ruling]

    # -- making moves (4.7, 6.2.1.2) -----------------------------------------------------------

    def _read_move(self, text: str) -> tuple[Move | None, Move | None]:
        """(legal move, raw illegal move) for move text; raises _Rejected if it is no move."""
        position = self._record.position
        try:
            return position.parse_uci(text), None
        except AmbiguousMove as error:
            raise _Rejected(f"ambiguous move {text!r}: {error}") from None
        except IllegalMove:
            raw = Move.from_uci(text)
            return None, raw
        except ChessLawsError:
            pass
        try:
            return position.parse_san(text), None
        except AmbiguousMove as error:
            raise _Rejected(f"ambiguous move {text!r}: {error}") from None
        except IllegalMove:
            return None, None
        except ChessLawsError:
            raise _Rejected(f"not a move (UCI or SAN): {text!r}") from None

    def _on_move(self, event: MoveMade, idx: int) -> list[Ruling]:
        rulings: list[Ruling] = []
        if self._pending is not None and self._pending.completed_at is not None:
            if event.by is self._pending.by:
                raise _Rejected(f"{event.by.label} does not have the move (1.3)")
            rulings, stood = self._illegal_move_stands(event, idx)
            if not stood or self.is_over:
                # The arbiter stepped in (the illegal move left no position), or the board it
                # left ends the game: this move is not taken.
                return rulings
            try:
                return rulings + self._on_move(event, idx)
            except _Rejected as rejection:  # the illegal move stood all the same
                return [*rulings, Ruling(idx, event.at, RulingKind.REJECTED, reason=str(rejection))]
        mover = self._record.position.side_to_move
        if event.by is not mover:
            raise _Rejected(
                f"{event.by.label} does not have the move: a released piece cannot be moved "
                "again (1.3, 4.7)"
            )
        legal, raw = self._read_move(event.move)
        if raw is not None and self._record.position.piece_at(raw.from_square) is None:
            raise _Rejected(f"no piece on {_name(raw.from_square)} to move")
        rulings += self._decline_offer_of(mover.other, idx, event.at)
        self._lose_claim_right(mover)
        if legal is None or event.hands == 2:
            return rulings + self._made_illegal(event, legal, raw)
        allowed = self.obligation()
        if allowed.moves is not None and legal not in allowed.moves:
            if self._rules().touch_move is TouchMoveEnforcement.ARBITER:
                self._touch_squares(legal)
                return [
                    *rulings,
                    self._ruling(
                        idx,
                        event.at,
                        RulingKind.TOUCH_MOVE,
                        by=mover,
                        move=self._record.position.uci(legal),
                        must_move=_ucis(self._record.position, allowed.moves),
                        article=allowed.article,
                    ),
                ]
            self._breach = _Breach(mover, legal, allowed, pressed=False)
        else:
            self._breach = None
        self._pending = None
        return rulings + self._make(legal, mover, event.at, idx)

    def _touch_squares(self, move: Move) -> None:
        position = self._record.position
        mover = position.side_to_move
        for square in (move.from_square, captured_square(position, move)):
            if square is None:
                continue
            piece = position.piece_at(square)
            if piece is not None and all(t.square != square for t in self._touches):
                self._touches.append(Touched(square, piece.color == mover, piece.type))

    def _made_illegal(self, event: MoveMade, legal: Move | None, raw: Move | None) -> list[Ruling]:
        """An illegal (or two-handed) move released on the board: nothing to rule yet (7.5.1)."""
        position = self._record.position
        kind = IllegalKind.TWO_HANDS if event.hands == 2 else IllegalKind.ILLEGAL
        stand_in = legal
        if legal is None and raw is not None and raw.promotion is None:
            piece = position.piece_at(raw.from_square)
            if piece is not None and piece.type == PAWN and raw.to_square >> 3 in (0, 7):
                queen = Move(raw.from_square, raw.to_square, 5)  # type: ignore[arg-type]
                if position.is_legal(queen):
                    kind = IllegalKind.UNPROMOTED if kind is IllegalKind.ILLEGAL else kind
                    stand_in = queen
        if legal is not None:
            self._touch_squares(legal)
            if position.is_castling(legal):
                rook_side = legal.to_square
                if not position.chess960:
                    rook_side = (legal.from_square & ~7) | (7 if legal.to_square & 7 > 4 else 0)
                rook = position.piece_at(rook_side)
                if rook is not None and all(t.square != rook_side for t in self._touches):
                    self._touches.append(Touched(rook_side, True, rook.type))
        elif raw is not None:
            self._touch_squares_raw(raw)
            piece = position.piece_at(raw.from_square)
            if (
                piece is not None
                and piece.type == KING
                and not position.chess960
                and abs((raw.to_square & 7) - (raw.from_square & 7)) == 2
                and raw.to_square >> 3 == raw.from_square >> 3
            ):
                self._castle_attempt = True
        self._pending = PendingIllegal(
            event.by, event.move, kind, raw if raw is not None else legal, stand_in, event.at
        )
        return []

    def _touch_squares_raw(self, raw: Move) -> None:
        position = self._record.position
        mover = position.side_to_move
        for square in (raw.from_square, raw.to_square):
            piece = position.piece_at(square)
            if piece is None or any(t.square == square for t in self._touches):
                continue
            if square == raw.to_square and piece.color == mover:
                continue
            self._touches.append(Touched(square, piece.color == mover, piece.type))

    def _make(self, move: Move, mover: Color, at: Millis, idx: int) -> list[Ruling]:
        """Make a legal move on the board (4.7); it may end the game at once (5.1, 5.2, 9.6)."""
        position = self._record.position
        if self._uncompleted[mover]:
            self._complete_record(mover, at)  # 6.2.1.2: the previous move is now completed
        self._sans.append(position.san_of_code(position.code_of(move)))  # legal: checked
        self._ucis.append(position.uci(move))
        self._made.append(move)
        self._clocks.append(None)
        self._record.push(move)
        self._moved[mover] += 1
        self._uncompleted[mover] = True
        self._touches.clear()
        self._castle_attempt = False
        self._promotion = None
        self._forced = None
        ending = self._record.termination()
        if ending is not None:
            self._complete_record(mover, at)  # 6.2.1.1: a move that ends the game is completed
            self._uncompleted[mover] = False
            return self._end_by_termination(ending, at, idx)
        return []

    def _complete_record(self, mover: Color, at: Millis) -> None:
        """Note the mover's time against his last made move (for ``[%clk]``)."""
        if self._clock is None:
            return
        for i in range(len(self._clocks) - 1, -1, -1):
            if self._mover_of(i) is mover:
                if self._clocks[i] is None:
                    self._clocks[i] = self._clock.remaining(mover, at)
                return

    def _mover_of(self, ply: int) -> Color:
        assert self._start is not None
        first = Color.BLACK if " b " in (self._start.fen or " w ") else Color.WHITE
        return first if ply % 2 == 0 else first.other

    # -- pressing the clock (6.2, 7.5.3) -------------------------------------------------------

    def _on_press(self, event: Press, idx: int) -> list[Ruling]:
        player = event.by
        if self._running is not player:
            raise _Rejected(f"{player.label}'s clock is not running")
        if self._clock is not None and self._clock.paused:
            raise _Rejected("the clock is paused (6.11)")
        pending = self._pending
        if pending is not None and pending.by is player and pending.completed_at is None:
            return self._complete_illegal(pending, event.at, idx)
        if not self._uncompleted[player]:
            if self._pending is not None:
                raise _Rejected(
                    f"{player.label} has made no move since {player.other.label}'s illegal move: "
                    "claim it or make a move (A.5.2)"
                )
            return self._rule_illegal(player, IllegalKind.NO_MOVE, None, event.at, idx)
        self._press(player, event.at)
        if self._breach is not None and self._breach.by is player:
            b = self._breach
            self._breach = _Breach(b.by, b.move, b.allowed, True, b.claim_lost)
        return []

    def _press(self, player: Color, at: Millis) -> None:
        if self._clock is not None:
            self._clock.press(player, at)
        self._complete_record(player, at)
        self._uncompleted[player] = False
        self._running = player.other

    def _complete_illegal(self, pending: PendingIllegal, at: Millis, idx: int) -> list[Ruling]:
        player = pending.by
        if self._rules().arbiter_sees_illegal_moves:
            return self._rule_illegal(player, pending.kind, pending, at, idx)
        # A.5.2: nobody has seen it yet; the clock runs for the opponent, who may claim.
        if self._clock is not None:
            self._clock.press(player, at)
        self._running = player.other
        self._pending = PendingIllegal(
            pending.by,
            pending.text,
            pending.kind,
            pending.move,
            pending.legal,
            pending.made_at,
            completed_at=at,
            clock_after=self._clock.remaining(player, at) if self._clock is not None else None,
        )
        return []

    # -- illegal moves (7.5, A.4, A.5.2) -------------------------------------------------------

    def _rule_illegal(
        self,
        player: Color,
        kind: IllegalKind,
        pending: PendingIllegal | None,
        at: Millis,
        idx: int,
        *,
        claimed: bool = False,
    ) -> list[Ruling]:
        """A completed illegal move by ``player`` is ruled on: 7.5.1–7.5.5 with A.3–A.5, B."""
        profile = self._rules()
        after_press = pending is not None and pending.completed_at is not None
        if after_press and kind is not IllegalKind.UNPROMOTED:
            if self._clock is not None:
                self._clock.take_back(player, at)  # the arbiter restarts the offender's clock
            self._running = player
        self._pending = None
        self._illegal[player] += 1
        if profile.mode is not Mode.STANDARD:
            article = profile.illegal_move_article
        else:
            article = "7.5.5" if kind is IllegalKind.ILLEGAL else kind.value
        text = pending.text if pending is not None else None
        note = {
            IllegalKind.ILLEGAL: "position before the move restored; the same piece must move "
            "if it can (7.5.1, 4.3)",
            IllegalKind.UNPROMOTED: "the pawn is replaced by a queen (7.5.2)",
            IllegalKind.NO_MOVE: "clock pressed without a move (7.5.3)",
            IllegalKind.TWO_HANDS: "move made with two hands; position restored (7.5.4)",
        }[kind]
        if profile.mode is not Mode.STANDARD:
            note = f"{note}; {profile.illegal_move_article}"
        if claimed:
            note += "; on the opponent's claim"
        if kind is IllegalKind.UNPROMOTED and pending is not None and pending.legal is not None:
            # 7.5.2: the move stands with a queen; it is completed by the press.
            self._touches.clear()
            self._castle_attempt = False
            rulings = self._make(pending.legal, player, at, idx)
            if self.is_over:
                return [
                    self._ruling(
                        idx,
                        at,
                        RulingKind.ILLEGAL_MOVE,
                        by=player,
                        move=text,
                        article="7.5.2",
                        note=note,
                    ),
                    *rulings,
                ]
            if after_press:
                self._complete_record(player, at)
                self._uncompleted[player] = False
            else:
                self._press(player, at)
        if self._illegal[player] >= 2:
            first = self._ruling(
                idx,
                at,
                RulingKind.ILLEGAL_MOVE,
                by=player,
                move=text,
                article=article,
                note=note + "; second completed illegal move",
            )
            return [
                first,
                *self._loss_or_draw(
                    player,
                    Reason.SECOND_ILLEGAL_MOVE,
                    Reason.ILLEGAL_MOVE_CANNOT_CHECKMATE,
                    at,
                    idx,
                    "7.5.5",
                ),
            ]
        must = self.obligation()
        return [
            self._give_time(
                idx,
                at,
                RulingKind.ILLEGAL_MOVE,
                player.other,
                profile.illegal_move_penalty,
                by=player,
                move=text,
                article=article,
                must_move=(
                    _ucis(self._record.position, must.moves) if must.moves is not None else None
                ),
                note=note,
            )
        ]

    def _illegal_move_stands(self, event: MoveMade, idx: int) -> tuple[list[Ruling], bool]:
        """A.5.2: the opponent moves without a claim; the completed illegal move stands.

        Returns the rulings and whether the move stood (``False``: the board it leaves is no
        position under the Laws, so the arbiter rules on it after all).
        """
        pending = self._pending
        assert pending is not None
        fen = None
        if pending.kind is IllegalKind.TWO_HANDS and pending.legal is not None:
            standing: Move | None = pending.legal
        else:
            standing = pending.move
        if standing is not None:
            try:
                fen = board_after(self._record.position, standing)
                position = Position.from_fen(fen, chess960=self._record.position.chess960)
            except ChessLawsError:
                fen = None
        if fen is None:
            # The board it leaves is no position under the Laws: the arbiter must step in.
            return self._rule_illegal(pending.by, pending.kind, pending, event.at, idx), False
        mover = pending.by
        self._sans.append(pending.text)
        self._ucis.append(pending.text)
        self._made.append(None)
        self._clocks.append(pending.clock_after)
        self._record = GameRecord(position)
        self._moved[mover] += 1
        self._pending = None
        self._touches.clear()
        self._castle_attempt = False
        self._promotion = None
        self._forced = None
        stood = [
            self._ruling(
                idx,
                event.at,
                RulingKind.ILLEGAL_MOVE,
                by=mover,
                move=pending.text,
                status="stands",
                article="A.5.2",
                note="not claimed before the opponent's next move: the illegal move stands",
            )
        ]
        ending = self._record.termination()
        if ending is not None:
            stood += self._end_by_termination(ending, event.at, idx)
        return stood, True
