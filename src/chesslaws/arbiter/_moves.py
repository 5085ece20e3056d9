"""Rulings on what happens at the board: touches, moves, presses and illegal moves.

Articles 4.2–4.8 (touch-move, made moves), 6.2 (completed moves, the press), 7.5 and Appendices A
and B (illegal moves: restored position, penalty time, the second one loses). Each handler is a
function of a :class:`~._draft.Draft` and an event.
"""

from __future__ import annotations

from dataclasses import replace

from chesslaws._color import WHITE, Color
from chesslaws._errors import AmbiguousMove, ChessLawsError, IllegalMove
from chesslaws._words import Words, joined
from chesslaws.core import KING, PAWN, Move, Position
from chesslaws.endings import Reason

from ._board import BoardState
from ._draft import (
    Draft,
    Rejected,
    board_ending,
    count,
    decline_offer_of,
    end_by_board,
    end_by_loss,
    give_time,
    lose_claim_right,
    pair,
    ruling,
)
from ._events import (
    Adjust,
    Edition,
    Mode,
    MoveMade,
    Press,
    Supervision,
    Touch,
    TouchMoveEnforcement,
)
from ._illegal import PASS, IllegalKind, PendingIllegal
from ._numbering import edition_fields, in_edition
from ._profile import Profile
from ._recording import last_of, other_hand, record_before_moving, recording_exemption
from ._rulings import Penalty, PenaltyKind, Ruling, RulingKind, brief
from ._scoresheet import Scoresheet
from ._state import NO_TOUCH, Breach, current_obligation, square_label, ucis
from ._time import Millis
from ._touch import FREE, Obligation, Touched, captured_square
from ._unclaimed import drawn_on_illegal_board, illegal_move_stands, standing_move

__all__ = ["on_adjust", "on_move", "on_press", "on_touch", "rule_illegal", "touch_squares_raw"]


# -- touching and adjusting (4.2–4.4, 4.8) -----------------------------------------------------


def _add_touch(d: Draft, touched: Touched) -> None:
    touch = d.touch
    if all(t.square != touched.square for t in touch.touches):
        d.touch = replace(touch, touches=(*touch.touches, touched))


def on_touch(d: Draft, event: Touch, idx: int) -> list[Ruling]:
    position = d.board._position
    mover = d.on_move
    if event.piece is not None:
        last_rank = 7 if event.by is Color.WHITE else 0
        if event.square >> 3 != last_rank:
            raise Rejected(
                Words(
                    "a new piece ('piece') can touch only a promotion square, not rank {square}",
                    square=(event.square >> 3) + 1,
                )
            )
        touch = d.touch
        if event.by is mover and _may_fix_promotion(d, event.square) and touch.promotion is None:
            promotion = (event.square, int(event.piece))
            forced = touch.forced
            if forced is not None and forced.article == "4.7" and forced.moves is not None:
                # 4.6.2, 4.4.4: the pawn is on the square; the piece that touched it is fixed.
                fixed = frozenset(m for m in forced.moves if m.promotion == event.piece)
                forced = Obligation(fixed, "4.4.4")
            d.touch = replace(touch, promotion=promotion, forced=forced)
        return []
    piece = position.piece_at(event.square)
    if piece is None and d.pending is None:
        raise Rejected(Words("no piece on {square} to touch", square=square_label(event.square)))
    if event.by is not mover or d.pending is not None or piece is None:
        return []  # only the player having the move is bound by his touches (4.3)
    rulings = []
    if d.rules.edition is not Edition.PRE1997:  # pre-1997 10.7: words or a move reject it
        rulings = decline_offer_of(d, mover.other, idx, event.at)
    lose_claim_right(d, mover)
    _add_touch(d, Touched(event.square, piece.color == mover, piece.type))
    return rulings


def _may_fix_promotion(d: Draft, square: int) -> bool:
    """Whether a new piece touching ``square`` now fixes the promotion (4.4.4): nothing made
    is waiting to be ruled on, or the mover's pawn was released on that very square (4.6.2)."""
    pending = d.pending
    if pending is None:
        return True
    return (
        pending.kind is IllegalKind.UNPROMOTED
        and pending.completed_at is None
        and pending.move is not None
        and pending.move.to_square == square
    )


def on_adjust(d: Draft, event: Adjust, idx: int) -> list[Ruling]:
    if d.board._position.piece_at(event.square) is None:
        raise Rejected(Words("no piece on {square} to adjust", square=square_label(event.square)))
    if d.rules.edition is Edition.PRE1997:  # Greek 7.1: "the player having the move" only
        if event.by is d.on_move:
            return []
        article, note = "7.1", "only the player having the move may adjust (7.1; 2023: 4.2.1)"
    elif event.by is d.on_move and d.running in (event.by, None):
        return []
    else:
        note = Words("only the player having the move, with his clock running, may adjust (6.2.5)")
        fields = edition_fields(d.rules.edition, "4.2.1", note)
        article, note = fields["article"], fields["note"]
    warning = ruling(
        idx,
        event.at,
        RulingKind.PENALTY,
        by=event.by,
        article=article,
        penalty=Penalty(PenaltyKind.WARNING, event.by),
        note=note,
    )
    d.penalties = (*d.penalties, warning)
    return [warning]


# -- making moves (4.7, 6.2.1.2) ---------------------------------------------------------------


def read_move(board: BoardState, text: str) -> tuple[Move | None, Move | None]:
    """(legal move, raw illegal move) for move text; raises Rejected if it is no move."""
    position = board._position
    legal = position.legal_uci_move(text, in_check=board.in_check)  # the fast path: as parse_uci
    if legal is not None:
        return legal, None
    return _read_move_in_general(position, text)


def _read_move_in_general(position: Position, text: str) -> tuple[Move | None, Move | None]:
    """:func:`read_move` for a text that is no legal UCI move: both castling spellings, a wrong
    promotion, an illegal UCI move, SAN."""
    try:
        Move.from_uci(text)
    except ChessLawsError:
        wrong = _wrong_promotion(position, text)
        if wrong is not None:
            return None, wrong
    try:
        return position.parse_uci(text), None
    except AmbiguousMove as error:
        raise Rejected(
            Words("ambiguous move {text}: {error}", text=repr(text), error=error)
        ) from None
    except IllegalMove:
        raw = Move.from_uci(text)
        return None, raw
    except ChessLawsError:
        pass
    try:
        return position.parse_san(text), None
    except AmbiguousMove as error:
        raise Rejected(
            Words("ambiguous move {text}: {error}", text=repr(text), error=error)
        ) from None
    except IllegalMove:
        return None, None
    except ChessLawsError:
        raise Rejected(Words("not a move (UCI or SAN): {text}", text=repr(text))) from None


def _wrong_promotion(position: Position, text: str) -> Move | None:
    """A pawn of the mover exchanged on the last rank for a king or a pawn (``e7e8k``,
    ``e7e8p``): no legal move (3.7.3.3), but a move made on the board, illegal under 7.5.1."""
    if len(text) != 5 or text[4].lower() not in "kp":
        return None
    try:
        bare = Move.from_uci(text[:4])
    except ChessLawsError:
        return None
    piece = position.piece_at(bare.from_square)
    last_rank = 7 if position.turn == 0 else 0
    if piece is None or piece.type != PAWN or piece.color != position.turn:
        return None
    if bare.to_square >> 3 != last_rank:
        return None
    return Move(bare.from_square, bare.to_square, KING if text[4].lower() == "k" else PAWN)


def on_move(d: Draft, event: MoveMade, idx: int) -> list[Ruling]:
    pending = d.pending
    if pending is not None and pending.left is not None:
        raise Rejected(
            Words(
                "the arbiter waits until {by}'s move, made on a board that is no position, is "
                "completed (A.5.4)",
                by=pending.by.words,
            )
        )
    if pending is not None and pending.completed_at is not None:
        if event.by is pending.by:
            raise Rejected(Words("{by} does not have the move (1.3)", by=event.by.words))
        if standing_move(pending) is None and pending.kind is not IllegalKind.NO_MOVE:
            # SAN that names no squares: no board to stand
            return rule_illegal(d, pending.by, pending.kind, pending, event.at, idx)
        rulings, go_on = illegal_move_stands(d, event, idx)
        if not go_on:
            return rulings
        try:
            return rulings + on_move(d, event, idx)
        except Rejected as rejection:  # the illegal move stood all the same
            reason = brief(str(rejection))
            return [*rulings, Ruling(idx, event.at, RulingKind.REJECTED, reason=reason)]
    board = d.board
    position = board._position
    mover = position.side_to_move
    if event.by is not mover:
        raise Rejected(
            Words(
                "{by} does not have the move: a released piece cannot be moved again (1.3, 4.7)",
                by=event.by.words,
            )
        )
    code = position.legal_uci_code(event.move, in_check=board.in_check)  # read_move's fast path
    if code is not None:
        legal: Move | None = position.move_of(code)
        raw = None
    else:
        legal, raw = _read_move_in_general(position, event.move)
        if raw is not None and position.piece_at(raw.from_square) is None:
            raise Rejected(
                Words("no piece on {square} to move", square=square_label(raw.from_square))
            )
    # (the common case asks no helper: no offer stands, no breach to lose, nothing touched)
    particulars = d.particulars
    offered = particulars.offers[mover.other]
    rulings = decline_offer_of(d, mover.other, idx, event.at) if offered else []
    profile = particulars.profile
    assert profile is not None
    if profile.checks_recording:  # 8.1.3: his previous move on his sheet first
        rulings += record_before_moving(d, mover, own_last(d, mover), event.at, idx)
    if d.breach is not None:
        lose_claim_right(d, mover)
    touch = d.touch
    allowed = FREE if touch is NO_TOUCH else current_obligation(board, touch)
    two_hands = event.hands == 2 and profile.edition is not Edition.E2014  # 7.5.4 from 2017
    if legal is None or (two_hands and not _lawful_ending(d, legal, allowed)):
        return rulings + _made_illegal(d, event, legal, raw)
    if allowed.moves is not None and legal not in allowed.moves:
        if d.rules.touch_move is TouchMoveEnforcement.ARBITER:
            _touch_squares(d, legal)
            d.touch = replace(d.touch, taken_back=True)
            return [
                *rulings,
                ruling(
                    idx,
                    event.at,
                    RulingKind.TOUCH_MOVE,
                    by=mover,
                    move=position.uci(legal),
                    must_move=ucis(position, allowed.moves),
                    **edition_fields(d.rules.edition, allowed.article),
                ),
            ]
        d.breach = Breach(mover, legal, allowed, pressed=False)
    else:
        d.breach = None
    d.pending = None
    made = make(d, legal, mover, event.at, idx, code)
    return rulings + made if rulings else made


def _lawful_ending(d: Draft, move: Move, allowed: Obligation) -> bool:
    """A two-handed move (4.1) that mates, stalemates or leaves a dead position within 4.2–4.7
    ends the game at once: 5.1.1, 5.2.1 and 5.2.2 do not name 4.1, and 7.5.4 applies only once
    the clock is pressed."""
    if allowed.moves is not None and move not in allowed.moves:
        return False
    board = d.board
    return board.after(board._position.code_of(move)).ending() is not None


def _touch_squares(d: Draft, move: Move) -> None:
    position = d.board._position
    mover = position.side_to_move
    for square in (move.from_square, captured_square(position, move)):
        if square is None:
            continue
        piece = position.piece_at(square)
        if piece is not None:
            _add_touch(d, Touched(square, piece.color == mover, piece.type))


def _made_illegal(d: Draft, event: MoveMade, legal: Move | None, raw: Move | None) -> list[Ruling]:
    """An illegal (or two-handed) move released on the board: nothing to rule yet (7.5.1)."""
    position = d.board._position
    kind = IllegalKind.TWO_HANDS if event.hands == 2 else IllegalKind.ILLEGAL
    stand_in = legal
    if legal is None and raw is not None and raw.promotion is None:
        piece = position.piece_at(raw.from_square)
        if piece is not None and piece.type == PAWN and raw.to_square >> 3 in (0, 7):
            queen = Move(raw.from_square, raw.to_square, 5)  # type: ignore[arg-type]
            if position.is_legal(queen):
                kind = IllegalKind.UNPROMOTED if kind is IllegalKind.ILLEGAL else kind
                stand_in = queen
                if kind is IllegalKind.UNPROMOTED:
                    _release_on_last_rank(d, raw)
    if legal is not None:
        _touch_squares(d, legal)
        if position.is_castling(legal):
            rook_side = legal.to_square
            if not position.chess960:
                rook_side = (legal.from_square & ~7) | (7 if legal.to_square & 7 > 4 else 0)
            rook = position.piece_at(rook_side)
            if rook is not None:
                _add_touch(d, Touched(rook_side, True, rook.type))
    elif raw is not None:
        touch_squares_raw(d, raw)
        piece = position.piece_at(raw.from_square)
        if (
            piece is not None
            and piece.type == KING
            and not position.chess960
            and abs((raw.to_square & 7) - (raw.from_square & 7)) == 2
            and raw.to_square >> 3 == raw.from_square >> 3
        ):
            d.touch = replace(d.touch, castle_attempt=True)
    d.pending = PendingIllegal(
        event.by, event.move, kind, raw if raw is not None else legal, stand_in, event.at
    )
    return []


def _release_on_last_rank(d: Draft, raw: Move) -> None:
    """4.7 (Greek 6.4): a pawn released on the last rank can only be completed as a promotion
    on that square, with the piece that has touched it if one has (4.4.4)."""
    promotions = frozenset(
        m
        for m in d.board._position.legal_moves()
        if m.from_square == raw.from_square and m.to_square == raw.to_square
    )
    t = d.touch
    article = "4.7"
    if t.promotion is not None and t.promotion[0] == raw.to_square:
        promotions = frozenset(m for m in promotions if m.promotion == t.promotion[1])
        article = "4.4.4"
    d.touch = replace(t, forced=Obligation(promotions, article))


def touch_squares_raw(d: Draft, raw: Move) -> None:
    """The pieces a move that is not legal touched: the one moved, and one it landed on."""
    position = d.board._position
    mover = position.side_to_move
    for square in (raw.from_square, raw.to_square):
        piece = position.piece_at(square)
        if piece is None:
            continue
        if square == raw.to_square and piece.color == mover:
            continue
        _add_touch(d, Touched(square, piece.color == mover, piece.type))


def make(
    d: Draft, move: Move, mover: Color, at: Millis, idx: int, code: int | None = None
) -> list[Ruling]:
    """Make a legal move on the board (4.7); it may end the game at once (5.1, 5.2, 9.6).
    ``code`` is the move's packed code in the position, when the caller has it."""
    board = d.board
    position = board._position
    if d.uncompleted[mover]:
        complete_record(d, mover, at)  # 6.2.1.2: the previous move is now completed
        count_unpressed(d, mover, at)
    if code is None:
        code = position.code_of(move)
    after = board.after(code)
    suffix = ("+" if after.legal_count else "#") if after.in_check else ""
    d.sheet = d.sheet.add_move(position.san_of_code(code, suffix=suffix), move)
    d.board = after
    u = d.uncompleted
    d.uncompleted = (True, u[1]) if mover is WHITE else (u[0], True)  # pair(), inline
    d.touch = NO_TOUCH
    profile = d.particulars.profile
    assert profile is not None
    ending = after.ending() if profile.modern_endings else board_ending(d, after)
    b = d.breach
    if (
        ending is not None
        and b is not None
        and b.by is mover
        and b.move == move
        and profile.edition is not Edition.PRE1997
    ):
        # 5.1.1, 5.2.1, 5.2.2 (2014 5.1.a, 5.2.a-b): a move that broke touch-move ends nothing
        # while the opponent may still claim the breach (4.8); the game ends at his next act
        # that is not that claim. Pre-1997 10.1 and 10.3 end the game at once ("Αμέσως λήγει η
        # παρτίδα"), with no such proviso.
        d.breach = Breach(b.by, b.move, b.allowed, b.pressed, b.claim_lost, ending)
        return []
    if ending is not None:
        complete_record(d, mover, at)  # 6.2.1.1: a move that ends the game is completed
        d.uncompleted = pair(d.uncompleted, mover, False)
        return end_by_board(d, ending, at, idx)
    return []


def count_unpressed(d: Draft, mover: Color, at: Millis) -> None:
    """6.2.1.2 with 6.3.1 and 6.4: a move completed by the player's next move, not by a press,
    counts toward the moves of his period (the clock's move counter, 6.10.2); when it completes
    the period before his flag has fallen, the next period's time is his (no increment: there
    was no press)."""
    state = d.clock
    if state is None:
        return
    clock = state.clock
    reaches_control = clock.moves_to_control(mover) == 1
    state = state.set_moves(mover, clock.moves_completed(mover) + 1)
    if reaches_control and clock.flag_instant(mover, at) is None:
        following = state.clock.period_of(mover).time
        if following:
            state = state.add_time(mover, following, at)
    d.clock = state


def own_last(d: Draft, mover: Color) -> Scoresheet | None:
    """The sheet ending with ``mover``'s last move: the last move is his, or the one before it
    is (the players alternate); ``None`` on an empty sheet."""
    return last_of(d.sheet, d.start, mover)


def complete_record(d: Draft, mover: Color, at: Millis, noted: int | None = None) -> None:
    """Note the mover's time against his last made move (for ``[%clk]``): ``noted``, when the
    caller has it (the press that completes the move), else what his clock shows at ``at``."""
    clock = d.clock
    if clock is None:
        return
    sheet = d.sheet
    if sheet.san is None:
        return
    # The last move is the mover's, or the one before it is (own_last, inline: every press).
    start = d.particulars.start
    first = start.first_mover if start is not None else WHITE
    earlier = sheet if ((sheet.length - 1) % 2 == 0) is (first is mover) else sheet.before
    if earlier is None or earlier.san is None:
        return
    if earlier.clock is None:
        if noted is None:
            noted = clock.remaining(mover, at)
        written = earlier.with_clock(noted)
        if earlier is not sheet:
            assert sheet.last is not None
            written = written.add(sheet.last)  # the newest move, as it stood
        d.sheet = written


# -- pressing the clock (6.2, 7.5.3) -----------------------------------------------------------


def on_press(d: Draft, event: Press, idx: int) -> list[Ruling]:
    player = event.by
    if d.running is not player:
        raise Rejected(Words("{player}'s clock is not running", player=player.words))
    if d.clock is not None and d.clock.paused:
        raise Rejected(Words("the clock is paused (6.11)"))
    if not d.uncompleted[player] and d.touch.taken_back:
        raise Rejected(
            Words(
                "the arbiter has taken back {player}'s move (touch-move, 4.3-4.7): the press "
                "completes no move and is no illegal move; the clock runs on",
                player=player.words,
            )
        )
    pending = d.pending
    if pending is not None and pending.by is player and pending.completed_at is None:
        return _complete_illegal(d, pending, event.at, idx)
    if not d.uncompleted[player]:
        if pending is not None:
            raise Rejected(
                Words(
                    "{player} has made no move since {opponent}'s illegal move: claim it or make "
                    "a move (A.5.2)",
                    player=player.words,
                    opponent=player.other.words,
                )
            )
        if d.rules.edition is Edition.E2014:
            raise Rejected(
                Words(
                    "{player} pressed the clock without a move: under the 2014 Laws no illegal "
                    "move (7.5.3 came in 2017); the arbiter may act under 12.9",
                    player=player.words,
                )
            )
        if not d.rules.arbiter_sees_illegal_moves:
            # A.5.2 names 7.5.3 with the others: ruled when the arbiter observes it or the
            # opponent claims it before his next move; if neither, the pass stands.
            pass_ = PendingIllegal(player, PASS, IllegalKind.NO_MOVE, None, None, event.at)
            return _complete_illegal(d, pass_, event.at, idx)
        return rule_illegal(d, player, IllegalKind.NO_MOVE, None, event.at, idx)
    press(d, player, event.at)
    b = d.breach
    if b is not None and b.by is player:
        d.breach = Breach(b.by, b.move, b.allowed, True, b.claim_lost, b.ending)
    rulings = other_hand(d, player, event.at, idx) if event.hand is not None else []
    profile = d.particulars.profile
    assert profile is not None
    if profile.mode is _STANDARD and d.clock is not None:  # rapid, blitz: A.2, B.3
        rulings += recording_exemption(d, player, own_last(d, player), event.at, idx)
    return rulings


_STANDARD = Mode.STANDARD


def press(d: Draft, player: Color, at: Millis) -> None:
    """``player`` completes his move (6.2.1): his clock stops, the opponent's starts."""
    clock = d.clock
    if clock is not None:
        d.clock = clock = clock.press(player, at)
        complete_record(d, player, at, clock.time_after)
    u = d.uncompleted
    d.uncompleted = (False, u[1]) if player is WHITE else (u[0], False)  # pair(), inline
    d.running = player.other


def _complete_illegal(d: Draft, pending: PendingIllegal, at: Millis, idx: int) -> list[Ruling]:
    player = pending.by
    if pending.left is not None:  # A.5.4: the reply on a board that is no position is completed
        press(d, player, at)
        return drawn_on_illegal_board(d, pending, at, idx)
    if d.rules.arbiter_sees_illegal_moves:
        return rule_illegal(d, player, pending.kind, pending, at, idx)
    # A.5.2: nobody has seen it yet; the clock runs for the opponent, who may claim.
    if d.clock is not None:
        d.clock = d.clock.press(player, at)
    d.running = player.other
    d.pending = PendingIllegal(
        pending.by,
        pending.text,
        pending.kind,
        pending.move,
        pending.legal,
        pending.made_at,
        completed_at=at,
        clock_after=d.clock.remaining(player, at) if d.clock is not None else None,
    )
    return []


# -- illegal moves (7.5, A.4, A.5.2) -----------------------------------------------------------

_NOTES = {
    IllegalKind.ILLEGAL: Words(
        "position before the move restored; the same piece must move if it can (7.5.1, 4.3)"
    ),
    IllegalKind.UNPROMOTED: Words("the pawn is replaced by a queen (7.5.2)"),
    IllegalKind.NO_MOVE: Words("clock pressed without a move (7.5.3)"),
    IllegalKind.TWO_HANDS: Words("move made with two hands; position restored (7.5.4)"),
}


def rule_illegal(
    d: Draft,
    player: Color,
    kind: IllegalKind,
    pending: PendingIllegal | None,
    at: Millis,
    idx: int,
    *,
    claimed: bool = False,
) -> list[Ruling]:
    """A completed illegal move by ``player`` is ruled on: 7.5.1–7.5.5 with A.3–A.5, B."""
    profile = d.rules
    after_press = pending is not None and pending.completed_at is not None
    if after_press and kind is not IllegalKind.UNPROMOTED:
        if d.clock is not None:
            d.clock = d.clock.take_back(player, at)  # the arbiter restarts the offender's clock
        d.running = player
    d.pending = None
    d.illegal = count(d.illegal, player, 1)
    if profile.mode is not Mode.STANDARD:
        modern = profile.illegal_move_article
        article = in_edition(profile.edition, modern)  # 2018, 2014: A.3, A.4.x, B.3, B.4
    else:
        article = "7.5.5" if kind is IllegalKind.ILLEGAL else kind.value
    text = pending.text if pending is not None and kind is not IllegalKind.NO_MOVE else None
    note: str = _NOTES[kind]
    if profile.mode is not Mode.STANDARD:
        note = joined(_NOTES[kind], article if article == modern else f"{article} (2023: {modern})")
    if claimed:
        note = joined(note, Words("on the opponent's claim"))
    if pending is not None and pending.move is not None and pending.move.promotion in (KING, PAWN):
        note = Words("promotion to a king or a pawn (3.7.3.3); {note}", note=note)
    if kind is IllegalKind.UNPROMOTED and pending is not None and pending.legal is not None:
        # 7.5.2: the move stands with a queen; it is completed by the press.
        d.touch = NO_TOUCH
        rulings = make(d, pending.legal, player, at, idx)
        if d.ending is not None:
            return [
                ruling(
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
            complete_record(d, player, at)
            d.uncompleted = pair(d.uncompleted, player, False)
        else:
            press(d, player, at)
    if _first_loses(profile, kind):
        return _lost_at_once_2014(d, player, text, note, at, idx)
    if d.illegal[player] >= 2:
        first = ruling(
            idx,
            at,
            RulingKind.ILLEGAL_MOVE,
            by=player,
            move=text,
            article=article,
            note=joined(note, Words("second completed illegal move")),
        )
        return [
            first,
            *end_by_loss(
                d,
                player,
                Reason.SECOND_ILLEGAL_MOVE,
                Reason.ILLEGAL_MOVE_CANNOT_CHECKMATE,
                at,
                idx,
                "7.5.5",
            ),
        ]
    must = d.obligation()
    return [
        give_time(
            d,
            idx,
            at,
            RulingKind.ILLEGAL_MOVE,
            player.other,
            profile.illegal_move_penalty,
            by=player,
            move=text,
            article=article,
            must_move=(ucis(d.board._position, must.moves) if must.moves is not None else None),
            note=note,
        )
    ]


def _first_loses(profile: Profile, kind: IllegalKind) -> bool:
    """2014 A.4.b (B.4 for blitz): without full supervision the first completed illegal move
    loses when the arbiter sees it or the opponent claims it before his next move."""
    return (
        profile.edition is Edition.E2014
        and profile.mode is not Mode.STANDARD
        and profile.supervision is Supervision.PARTIAL
        and kind is IllegalKind.ILLEGAL
    )


def _lost_at_once_2014(
    d: Draft, player: Color, text: str | None, note: str, at: Millis, idx: int
) -> list[Ruling]:
    seen = ruling(
        idx,
        at,
        RulingKind.ILLEGAL_MOVE,
        by=player,
        move=text,
        article="A.4.b",
        note=Words("{note}; 2014: the first completed illegal move loses (2023: A.5.2)", note=note),
    )
    return [
        seen,
        *end_by_loss(
            d,
            player,
            Reason.ILLEGAL_MOVE,
            Reason.ILLEGAL_MOVE_CANNOT_CHECKMATE,
            at,
            idx,
            "A.4.b",
        ),
    ]
