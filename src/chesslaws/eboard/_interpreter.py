"""From square changes to the arbiter's events: touches, moves made, presses (4.2–4.7, 6.2, 7).

The interpreter watches the board for the player having the move (1.3). Each piece he lifts
is a touch (4.2.2: contact counts as intentional), of his own piece (4.3.1) or the opponent's
(4.3.2), unless he announced an adjustment first (4.2.1). A new piece brought to the promotion
square fixes the promotion (4.4.4). When the board shows a position a legal move leads to,
that move is the candidate; it is *made* (the ``move`` event, 4.7) once the hand has let go:
the board stays so for ``settle`` ms, the lever is pressed, the opponent lifts one of his own
pieces or the board shows his reply. Until then the hand may still slide the piece on, or
finish a capture, castling or promotion in any order (4.6, 4.7.1–4.7.3).

At the lever, a board that shows no legal move but one piece of the mover carried elsewhere is
passed on as that (illegal) move; the arbiter rules (7.5). A board that shows neither is
unreadable: the press waits until the pieces are set (7.4.1: on the player's own time). After
a ruling that restores a position (7.5.1, a touch-move breach taken back) the board must show
that position again; what the hands do until then is not touching with intent to move.

The interpreter rules on nothing: everything it sees goes to the arbiter as events.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from chesslaws._color import Color
from chesslaws.arbiter import (
    Accept,
    Adjust,
    Arbiter,
    ArbiterActionKind,
    Decline,
    Event,
    Game,
    Millis,
    MoveMade,
    Offer,
    Press,
    Resign,
    Ruling,
    RulingKind,
    Tick,
    Touch,
)
from chesslaws.core import PAWN, Move, PieceType, Position, square_name

from ._continuations import Continuations, changes_of
from ._debounce import Change, Released, Snapshot
from ._readings import OCCUPIED, Button, ButtonName, Flag, Lever, placement_of
from ._standing import flag_due

__all__ = ["Interpreter", "Notice"]


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the board reader tells the players or the arbiter (not an event, no ruling).

    ``kind``: ``knocked`` (pieces knocked over, 7.4), ``set_pieces`` (the board does not show
    the arbiter's position: set it), ``board_set`` (it does again), ``press_held`` (a press
    waits for a readable board), ``orientation`` (the board is turned), ``game_over``.
    """

    at: Millis
    kind: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"at": self.at / 1000, "notice": self.kind, "text": self.text}


_PROMOTION_TYPES = (2, 3, 4, 5)


def _key(position: Position) -> tuple[object, ...]:
    """What tells two positions apart, cheaply (the FEN takes longer to write)."""
    return (
        position.board_codes(),
        position.turn,
        position.castling_rights,
        position.ep_square,
        position.halfmove_clock,
    )


class Interpreter:
    """Turns released square changes, lever presses and buttons into events for ``game``.

    ``on_event(event, rulings)`` is called for every event handed to the game, in order.
    """

    def __init__(
        self,
        game: Game,
        board: Sequence[int],
        *,
        settle: int = 1000,
        on_event: Callable[[Event, list[Ruling]], None] | None = None,
    ) -> None:
        self.game = game
        self.settle = settle
        self.on_event = on_event
        self.notices: list[Notice] = []
        self.sensed = list(board)
        self.occupancy = OCCUPIED in self.sensed
        self.over = game.is_over
        self.synced = True
        self.candidate: Move | None = None
        self.candidate_at = Millis(0)
        self._candidate_board: list[int] = []
        self._after_table: Continuations | None = None
        self.held: list[tuple[Change | Button, int]] = []
        self.held_press: Lever | None = None
        self.last_change_at = Millis(0)
        self._last_emit = Millis(0)
        self._new_turn(game.position)
        self.synced = self._shows_expected()

    # -- the position the board should show ----------------------------------------------------

    def _new_turn(self, position: Position) -> None:
        self.expected = position
        self._key = _key(position)
        self.codes = position.board_codes()
        self.table = Continuations(position)
        self.mover: Color = position.turn
        self.touched: set[int] = set()
        self.adjust_by: Color | None = None
        self.adjusted: set[int] = set()
        self.choice: PieceType | None = None
        self.promotion_touched = False
        self._reset_hand()
        self._recompute()

    def _reset_hand(self) -> None:
        self.originals = {sq for sq, code in enumerate(self.codes) if code}
        self.emptied_at: dict[int, int] = {}
        self.filled_at: dict[int, int] = {}
        self.hand: dict[int, int] = {}

    def _recompute(self) -> None:
        codes = self.codes
        self.diff = {sq: c for sq, c in enumerate(self.sensed) if c != codes[sq]}
        self.odiff = {sq: bool(c) for sq, c in enumerate(self.sensed) if bool(c) != bool(codes[sq])}

    def _set(self, square: int, code: int) -> int:
        before = self.sensed[square]
        self.sensed[square] = code
        expected = self.codes[square]
        if code == expected:
            self.diff.pop(square, None)
        else:
            self.diff[square] = code
        if bool(code) == bool(expected):
            self.odiff.pop(square, None)
        else:
            self.odiff[square] = bool(code)
        if code == OCCUPIED:
            self.occupancy = True
        return before

    def _shows_expected(self) -> bool:
        return not (self.odiff if self.occupancy else self.diff)

    def _refresh(self, at: Millis) -> None:
        """After a move or press: take the arbiter's position; is the board showing it?"""
        if self.game.is_over:
            self.over = True
            self.candidate = None
            self.held = []
            self._notice(
                at, "game_over", f"the game is over ({self.game.result}, {self.game.reason})"
            )
            return
        position = self.game.position
        if _key(position) != self._key:
            self._new_turn(position)
        else:
            self._recompute()
        synced = self._shows_expected()
        if self.synced and not synced:
            self._notice(
                at, "set_pieces", "set the pieces as the arbiter's position: " + self.expected.fen()
            )
        self.synced = synced

    # -- emitting ------------------------------------------------------------------------------

    def _emit(self, event: Event) -> list[Ruling]:
        """Pass ``event`` to the arbiter; a flag that fell before it is observed first (6.8)
        and, the game then being over, the event goes nowhere."""
        if self.game.is_over:
            return []
        if event.at < self._last_emit:
            event = replace(event, at=self._last_emit)
        due = flag_due(self.game.state())
        if due is not None and due <= event.at and not isinstance(event, Tick):
            self._pass(Tick(max(due, self._last_emit)))
            self._refresh(event.at)
            return []
        return self._pass(event)

    def _pass(self, event: Event) -> list[Ruling]:
        self._last_emit = event.at
        rulings = self.game.handle(event)
        if self.on_event is not None:
            self.on_event(event, rulings)
        return rulings

    def observe_clock(self, now: int) -> None:
        """Every reading up to ``now`` is taken: a flag fallen by then is observed (6.8), after
        a move the board showed before it (a mate made before the flag stands, 6.9)."""
        due = flag_due(self.game.state())
        if self.over or due is None or due > now:
            return
        shown = self.candidate is not None and self.candidate_at < due
        if shown and self._match() == self.candidate:
            self._confirm()
            self.observe_clock(now)
            return
        self._emit(Tick(due))
        self._refresh(due)

    def _notice(self, at: Millis, kind: str, text: str) -> None:
        self.notices.append(Notice(at, kind, text))

    # -- readings ------------------------------------------------------------------------------

    def take(self, item: Released) -> None:
        """Take one released reading (in time order)."""
        if self.over:
            return
        if isinstance(item, Change):
            self._on_change(item)
        elif isinstance(item, Snapshot):
            self._on_snapshot(item)
        elif isinstance(item, Lever):
            self._on_lever(item)
        elif isinstance(item, Flag):
            self._on_flag(item)
        else:
            self._on_button(item)

    def tick(self, now: int) -> None:
        """Time has passed up to ``now``: a candidate shown for ``settle`` ms is made (4.7)."""
        if self.over or self.candidate is None:
            return
        quiet_since = self.held[-1][0].at if self.held else self.candidate_at
        if now - quiet_since >= self.settle and self._match() == self.candidate:
            self._confirm()

    def finish(self, at: int) -> None:
        """No more readings: a move the board shows is made; a press still held is reported."""
        if not self.over and self.candidate is not None and self._match() == self.candidate:
            self._confirm()
        if not self.over and self.held_press is not None:
            self._notice(
                Millis(at),
                "press_unresolved",
                "the readings end with a press held: the board never showed a position",
            )

    def _on_change(self, change: Change) -> None:
        before = self._set(change.square, change.code)
        self.last_change_at = change.at
        if self.candidate is not None:
            self.held.append((change, before))
            self._resolve(change.at)
            return
        self._hand(change, before)
        self._look(change.at)

    def _on_snapshot(self, snapshot: Snapshot) -> None:
        """A whole board at once: the changes it shows, attributed to no hand."""
        for change in snapshot.changes:
            before = self._set(change.square, change.code)
            if self.candidate is not None:
                self.held.append((change, before))
            else:
                self._hand(change, before)
        self.last_change_at = snapshot.at
        if self.candidate is not None:
            self._resolve(snapshot.at)
            return
        self._look(snapshot.at)
        if (
            self.candidate is None
            and not self._shows_expected()
            and self.synced
            and self._relocation() is None
        ):
            self.synced = False
            self._notice(
                snapshot.at,
                "set_pieces",
                "set the pieces as the arbiter's position: " + self.expected.fen(),
            )

    def _hand(self, change: Change, before: int) -> None:
        """Bookkeeping of the hand, and the touches it makes (4.2–4.4)."""
        square, at = change.square, change.at
        if change.code == 0:
            self.emptied_at[square] = at
            if before not in (0, OCCUPIED):
                self.hand[before] = self.hand.get(before, 0) + 1
            original = square in self.originals
            self.originals.discard(square)
            if not original or not self.synced or change.snapshot:
                return
            if change.knocked:
                self._notice(at, "knocked", f"{square_name(square)} knocked over: no touch (7.4)")
                return
            if self.adjust_by is not None:
                self.adjusted.add(square)
                self._emit(Adjust(at, self.adjust_by, square))
                return
            if square not in self.touched:
                self.touched.add(square)
                self._emit(Touch(at, self.mover, square))
            return
        self.filled_at[square] = at
        code = change.code
        new_piece = False
        if code != OCCUPIED:
            if self.hand.get(code):
                self.hand[code] -= 1
            else:
                new_piece = True
        if square in self.adjusted and (code == self.codes[square] or code == OCCUPIED):
            self.adjusted.discard(square)
            self.originals.add(square)
            if not self.adjusted and self._shows_expected():
                self.adjust_by = None  # the adjustment is over
        if self.synced and not change.snapshot:
            if new_piece and code >> 3 == self.mover and code & 7 in _PROMOTION_TYPES:
                self._promotion_touch(at, square, PieceType(code & 7))
            elif code == OCCUPIED and self.choice is not None:
                self._promotion_touch(at, square, self.choice)

    def _promotion_touch(self, at: Millis, square: int, piece: PieceType) -> None:
        """A new piece touches the promotion square: the promotion is fixed (4.4.4)."""
        if self.promotion_touched:
            return
        if self.table.promotes_to(square):
            self.promotion_touched = True
            self._emit(Touch(at, self.mover, square, piece))

    def _look(self, at: Millis) -> None:
        """After the mover's hand changed the board: does it show a legal move, or his
        position again?"""
        move = self._match()
        if move is not None:
            self._set_candidate(move, at)
        elif self._shows_expected() and not self.synced:
            self.synced = True
            self._reset_hand()
            self._notice(at, "board_set", "the board shows the arbiter's position again")
        if self.held_press is not None and (
            self.candidate is not None or self._shows_expected() or self._relocation()
        ):
            lever, self.held_press = self.held_press, None
            self._on_lever(Lever(at, lever.by))

    def _set_candidate(self, move: Move, at: Millis) -> None:
        self.candidate = move
        self.candidate_at = at
        self._candidate_board = list(self.sensed)
        self._after_table = None

    def _match(self) -> Move | None:
        """The legal move the board shows, if any."""
        if not self.occupancy:
            return self.table.match(self.diff)
        found = self.table.match_occupancy(self.odiff, self.emptied_at, self.filled_at)
        if any(m.promotion is not None for m, _ in found):
            found = [(m, n) for m, n in found if m.promotion == self.choice]
        if not found:
            return None
        filled = self.filled_at
        return max(found, key=lambda f: (f[1], filled.get(f[0].to_square, -1)))[0]

    # -- a candidate waiting to be made --------------------------------------------------------

    def _resolve(self, at: Millis) -> None:
        """A change while a move is candidate: the mover's hand going on, or the opponent's?"""
        assert self.candidate is not None
        move = self._match()
        if move is not None:
            if move != self.candidate:  # the hand went on: sliding, or finishing another move
                held, self.held = self.held, []
                for item, before in held:
                    if isinstance(item, Change):
                        self._hand(item, before)
                    elif isinstance(item, Button):
                        self._button(item)
                self._set_candidate(move, at)
            elif all(
                item.square in self._moved_squares()
                for item, _ in self.held
                if isinstance(item, Change)
            ):
                self.held = []  # the mover's hand on the piece it just moved, let go again
            return
        after = self.table.after(self.candidate)
        if self._reply_shown(after) or self._only_opponent_lifted(after):
            self._confirm()

    def _moved_squares(self) -> set[int]:
        """The squares the candidate changes."""
        assert self.candidate is not None
        after, codes = self.table.after(self.candidate), self.codes
        return {sq for sq in range(64) if after[sq] != codes[sq]}

    def _reply_shown(self, after: tuple[int, ...]) -> bool:
        """The board shows the candidate and a legal reply to it (capture and recapture)."""
        if self._after_table is None:
            assert self.candidate is not None
            self._after_table = Continuations(self.table.position_after(self.candidate))
        table = self._after_table
        if not self.occupancy:
            return table.match(changes_of(after, tuple(self.sensed))) is not None
        odiff = {sq: bool(c) for sq, c in enumerate(self.sensed) if bool(c) != bool(after[sq])}
        emptied = {i.square: i.at for i, _ in self.held if isinstance(i, Change) and not i.code}
        filled = {i.square: i.at for i, _ in self.held if isinstance(i, Change) and i.code}
        return bool(table.match_occupancy(odiff, emptied, filled))

    def _only_opponent_lifted(self, after: tuple[int, ...]) -> bool:
        """Since the candidate, only pieces of the player who would then have the move were
        lifted: his hand, so the move was made (1.3)."""
        other = self.mover.other
        sensed = self.sensed
        if self.occupancy:
            changed = [sq for sq in range(64) if bool(sensed[sq]) != bool(after[sq])]
        else:
            changed = [sq for sq in range(64) if sensed[sq] != after[sq]]
        return bool(changed) and all(
            not sensed[sq] and after[sq] and after[sq] >> 3 == other for sq in changed
        )

    def _confirm(self) -> list[Ruling]:
        """The candidate is made: the ``move`` event, at the time the board first showed it;
        what the hands did since is then read in the new position."""
        move = self.candidate
        assert move is not None
        held = self.held
        self.candidate, self.held = None, []
        self.sensed = list(self._candidate_board)
        at = self.candidate_at
        rulings = self._emit(MoveMade(at, self.mover, self.expected.uci(move)))
        self._refresh(at)
        for item, _ in held:
            self.take(item)
        return rulings

    # -- the lever and the buttons -------------------------------------------------------------

    def _on_lever(self, lever: Lever) -> None:
        """The clock is pressed (6.2.1): the move the board shows is made first."""
        if lever.by is self.mover:
            if self.candidate is not None:
                relocation = None if self._match() == self.candidate else self._relocation()
                if relocation is not None:  # the hand carried the piece on, onto no legal square
                    self.candidate, self.held = None, []
                    self._emit(MoveMade(self.last_change_at, self.mover, relocation))
                else:
                    rulings = self._confirm()
                    if self.over:
                        return
                    if any(r.kind is RulingKind.TOUCH_MOVE for r in rulings):
                        # The arbiter took the move back as it was made (4.3): the press in
                        # the same act completes nothing.
                        self._notice(
                            lever.at,
                            "press_dropped",
                            "the move was taken back "
                            "(touch-move): the press that went with it is not passed on",
                        )
                        return
            elif not self._shows_expected():
                relocation = self._relocation()
                if relocation is None:
                    self.held_press = lever
                    self._notice(
                        lever.at,
                        "press_held",
                        "the board shows no position: the press "
                        "counts when the pieces are set (7.4.1); board "
                        + placement_of(self.sensed),
                    )
                    return
                self._emit(MoveMade(self.last_change_at, self.mover, relocation))
        elif self.candidate is not None:
            self._confirm()
            if self.over:
                return
        self._emit(Press(lever.at, lever.by))
        self._refresh(lever.at)

    def _on_flag(self, flag: Flag) -> None:
        """The clock shows ``flag.by``'s flag fallen. Its readings are conclusive (6.10.1): where
        the arbiter's clock still shows time, it is set to the display, and the flag observed
        (6.8, 6.9)."""
        self.observe_clock(flag.at)
        if self.over:
            return
        if self.game.state().running is not flag.by:
            self._notice(
                flag.at,
                "flag_unseen",
                f"the clock shows {flag.by.label}'s flag, but {flag.by.label}'s clock is not "
                "running for the arbiter: no ruling",
            )
            return
        correction = Arbiter(
            flag.at, ArbiterActionKind.SET_TIME, player=flag.by, seconds=Millis(0), article="6.10.1"
        )
        self._emit(correction)
        self.observe_clock(flag.at)

    def _relocation(self) -> str | None:
        """One piece of the mover carried to another square (capturing at most one piece),
        as move text, when that is no legal move; else None."""
        codes, mover = self.codes, self.mover
        if self.occupancy:
            emptied = [sq for sq, filled in self.odiff.items() if not filled]
            filled = [sq for sq, f in self.odiff.items() if f]
        else:
            emptied = [sq for sq, c in self.diff.items() if c == 0]
            filled = [sq for sq, c in self.diff.items() if c != 0]
        sources = [sq for sq in emptied if codes[sq] and codes[sq] >> 3 == mover]
        if len(sources) != 1 or len(emptied) > 2:
            return None
        origin = sources[0]
        if any(codes[sq] >> 3 == mover for sq in emptied if sq != origin):
            return None
        if len(filled) == 1:
            target = filled[0]
        elif not filled and self.occupancy:
            refilled = [
                sq
                for sq, t in self.filled_at.items()
                if sq != origin and self.sensed[sq] and t >= self.emptied_at.get(origin, 1 << 62)
            ]
            if not refilled:
                return None
            target = max(refilled, key=lambda sq: self.filled_at[sq])
        else:
            return None
        piece = codes[origin]
        arrived = self.sensed[target]
        promotion = ""
        if not self.occupancy:
            if arrived >> 3 != mover or arrived == OCCUPIED:
                return None
            if arrived != piece:
                if piece & 7 != PAWN or arrived & 7 not in _PROMOTION_TYPES:
                    return None
                promotion = "nbrq"[(arrived & 7) - 2]
        elif piece & 7 == PAWN and target >> 3 in (0, 7) and self.choice is not None:
            promotion = self.choice.letter.lower()
        text = square_name(origin) + square_name(target) + promotion
        if text in self.table.ucis:
            # The UCI spelling is a legal move the board does not show (a king carried two
            # squares, its rook left standing): say it with the piece, so it reads as illegal.
            text = "PNBRQK"[(piece & 7) - 1] + text
        return text

    def _on_button(self, button: Button) -> None:
        if self.candidate is not None:
            if button.by is self.mover:
                self.held.append((button, 0))
                return
            self._confirm()  # the opponent's button: the move was made
            if self.over:
                return
        self._button(button)

    def _button(self, button: Button) -> None:
        name, at, by = button.name, button.at, button.by
        if name is ButtonName.ADJUST:
            self.adjust_by = by  # j'adoube announced: the next lifts adjust (4.2.1)
        elif name is ButtonName.PROMOTE:
            if by is self.mover and button.piece is not None:
                self.choice = button.piece
                for square, t in self.filled_at.items():
                    if self.sensed[square] and square >> 3 in (0, 7) and t >= 0:
                        self._promotion_touch(at, square, button.piece)
                if self.candidate is None:
                    self._look(at)
        elif name is ButtonName.OFFER_DRAW:
            self._emit(Offer(at, by))
        elif name is ButtonName.ACCEPT_DRAW:
            self._emit(Accept(at, by))
        elif name is ButtonName.DECLINE_DRAW:
            self._emit(Decline(at, by))
        elif name is ButtonName.RESIGN:
            self._emit(Resign(at, by))
            self._refresh(at)
