"""An unclaimed illegal move in rapid and blitz without full supervision (A.5.2, A.5.4; B.3).

Once the opponent has made his next move without claiming, and the arbiter has not stepped in,
"the illegal move shall stand and the game shall continue" (A.5.2): nothing is restored, no
penalty is given, and the opponent's move is taken. When the board the illegal move left is a
position the Laws allow, the game goes on from it. When it is none (the mover's king left in
check, both kings in check, a pawn on its last rank, a king taken), the opponent's move is made
on that board as it stands: if the board after it is a position, play goes on from there (the
Manual on A.5.4: the reply removed the illegality); if an illegal position is still on the
board, the arbiter waits until the reply is completed and then declares the game drawn (A.5.4).

Each edition cites its own Article: 2018 numbered this regime A.4 (A.4.2, A.4.4), the 2014 text
lettered it (A.4.b, A.4.d); blitz applies it through B.3 (2023) or B.4 (2018).
"""

from __future__ import annotations

from chesslaws._color import Color
from chesslaws._errors import ChessLawsError, IllegalPosition, PositionProblem
from chesslaws._words import Words, joined
from chesslaws.core import Move, Position
from chesslaws.endings import Reason, Result

from ._board import BoardState, Ply
from ._draft import Draft, Rejected, board_ending, decline_offer_of, end, end_by_board, pair, ruling
from ._events import Mode, MoveMade
from ._illegal import (
    IllegalKind,
    PendingIllegal,
    board_after,
    board_after_fen,
    board_passed,
    piece_on,
)
from ._numbering import edition_fields, in_edition
from ._rulings import Ruling, RulingKind
from ._state import NO_TOUCH
from ._time import Millis

__all__ = [
    "drawn_on_illegal_board",
    "illegal_move_stands",
    "standing_move",
    "unsupervised_article",
]

# What an unclaimed illegal move may leave and the game still go on from it as a position: a
# board the rules engine can hold (castling rights and an en passant square it cannot have are
# dropped; impossible material or checks are kept as they stand).
_HELD = (
    PositionProblem.CASTLING_RIGHTS
    | PositionProblem.EN_PASSANT
    | PositionProblem.TOO_MANY_PAWNS
    | PositionProblem.TOO_MUCH_MATERIAL
    | PositionProblem.IMPOSSIBLE_CHECK
)

def unsupervised_article(d: Draft, modern: str) -> dict[str, str]:
    """``modern`` (an Article of 2023's A.5) as the game's edition numbers it, with the 2023
    number in a note where they differ, and the blitz Article that applies it: fields for a
    ruling."""
    blitz = None
    if d.rules.mode is Mode.BLITZ:
        blitz = in_edition(d.rules.edition, "B.3")
        blitz = f"{blitz} applies it to blitz" if blitz != "B.3" else blitz
    fields = edition_fields(d.rules.edition, modern)
    if blitz is not None:
        fields["note"] = "; ".join(text for text in (fields.get("note"), blitz) if text)
    return fields


def _position(fen: str, chess960: bool) -> Position:
    """The position on the board ``fen``; :class:`IllegalPosition` if it is no position the
    rules engine can hold (no king, a pawn on its first or last rank, the side not to move in
    check)."""
    return Position.from_fen(fen, chess960=chess960, allow=_HELD)


def standing_move(pending: PendingIllegal) -> Move | None:
    """What an unclaimed illegal move leaves on the board: the legal move a two-handed move
    stands for (7.5.4), else the squares as made; ``None`` for a press without a move (7.5.3:
    the player passed, :func:`~._illegal.board_passed`) and for an illegal move given in SAN
    that names no squares, whose board nobody can tell (the arbiter then rules on it as seen
    at the opponent's move: docs, known limits)."""
    if pending.kind is IllegalKind.TWO_HANDS and pending.legal is not None:
        return pending.legal
    return pending.move


def illegal_move_stands(d: Draft, event: MoveMade, idx: int) -> tuple[list[Ruling], bool]:
    """A.5.2: the opponent made his next move without a claim; the completed illegal move stands.

    Returns the rulings and whether ``event``'s move is still to be made as usual on the board
    (the illegal move left a position). The caller has checked that the move stands for a
    board (:func:`standing_move`).
    """
    pending = d.pending
    assert pending is not None and pending.completed_at is not None
    passed = pending.kind is IllegalKind.NO_MOVE
    standing = standing_move(pending)
    position = d.board.position
    if passed:
        fen = board_passed(position)
    else:
        assert standing is not None
        fen = board_after(position, standing)
    try:
        after: Position | None = _position(fen, position.chess960)
        problem = None
    except IllegalPosition as error:
        after, problem = None, "; ".join(error.reasons)
    note = Words("not claimed before the opponent's next move: the illegal move stands")
    if passed:
        note = Words(
            "not claimed before the opponent's next move: the press without a move (7.5.3) "
            "stands; the player passed"
        )
    if problem is not None:
        more = Words(
            "the board it leaves is no position ({problem}): the reply is made on it (A.5.4)",
            problem=problem,
        )
        note = joined(note, more)
    fields = unsupervised_article(d, "A.5.2")
    if "note" in fields:
        note = joined(note, fields.pop("note"))
    stood = ruling(
        idx,
        event.at,
        RulingKind.ILLEGAL_MOVE,
        by=pending.by,
        move=None if passed else pending.text,
        status="stands",
        note=note,
        **fields,
    )
    uci = "0000" if passed else pending.text  # UCI's null move
    d.sheet = d.sheet.add(Ply(pending.text, uci, None, pending.clock_after))
    d.pending = None
    d.touch = NO_TOUCH
    if after is None:
        return [stood, *_reply_on_no_position(d, event, idx, fen, pending.made_at)], False
    d.board = BoardState.start(after)
    ending = board_ending(d, d.board)
    if ending is not None:
        return [stood, *end_by_board(d, ending, event.at, idx)], False
    return [stood], True


def _reply_on_no_position(
    d: Draft, event: MoveMade, idx: int, fen: str, illegal_made_at: Millis
) -> list[Ruling]:
    """The opponent's next move, made on a board that is no position (A.5.2, A.5.4)."""
    replier = event.by
    chess960 = d.board.position.chess960
    try:
        raw = Move.from_uci(event.move)
    except ChessLawsError:
        raise Rejected(
            Words(
                "{move}: on a board that is no position (after an unclaimed illegal move, A.5.4) "
                "a move is read only in UCI",
                move=repr(event.move),
            )
        ) from None
    _check_reply(fen, raw, replier)
    rulings = decline_offer_of(d, replier.other, idx, event.at)
    d.breach = None
    d.sheet = d.sheet.add(Ply(event.move, event.move, None))
    d.uncompleted = pair(d.uncompleted, replier, True)
    after = board_after_fen(fen, raw, chess960=chess960)
    try:
        position = _position(after, chess960)
    except IllegalPosition:
        # A.5.4: the arbiter waits until the move is completed (see drawn_on_illegal_board).
        d.pending = PendingIllegal(
            replier, event.move, IllegalKind.ILLEGAL, raw, None, event.at, left=after
        )
        return rulings
    d.board = BoardState.start(position)
    ending = board_ending(d, d.board)
    if ending is not None:
        return [*rulings, *end_by_board(d, ending, event.at, idx)]
    return rulings


def _check_reply(fen: str, raw: Move, replier: Color) -> None:
    """A reply on a board that is no position moves a man of the replier's, and not onto one."""
    own = piece_on(fen, raw.from_square)
    if own == "." or own.isupper() != (replier is Color.WHITE):
        raise Rejected(
            Words(
                "no man of {replier}'s on the from-square of {move}",
                replier=replier.words,
                move=raw.uci(),
            )
        )
    target = piece_on(fen, raw.to_square)
    if target != "." and target.isupper() == (replier is Color.WHITE):
        raise Rejected(
            Words("{move} lands on a man of {replier}'s own", move=raw.uci(), replier=replier.words)
        )


def drawn_on_illegal_board(d: Draft, pending: PendingIllegal, at: Millis, idx: int) -> list[Ruling]:
    """A.5.4: the reply made on a board that was no position is completed and an illegal
    position is still on the board: the arbiter declares the game drawn (the caller has
    pressed the clock)."""
    assert pending.left is not None
    try:
        _position(pending.left, d.board.position.chess960)
        problem = "an illegal position"
    except IllegalPosition as error:
        problem = "; ".join(error.reasons)
    fields = unsupervised_article(d, "A.5.4")
    note = Words(
        "the next move is completed and an illegal position is still on the board ({problem}): "
        "{split}",
        problem=problem,
        split=pending.left.split(" ")[0],
    )
    if "note" in fields:
        note = joined(note, fields.pop("note"))
    d.pending = None
    return end(d, Result.DRAW, Reason.ARBITER, fields["article"], at, idx, note=note)
