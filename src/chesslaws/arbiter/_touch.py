"""Touch-move: which moves a player's touches oblige him to make (Articles 4.3–4.5, 4.4.4).

The arbiter keeps, for the player having the move, the ordered list of pieces he has touched
with intent this turn. :func:`obligation` turns that list into the set of legal moves he may
still make, with the Article that says so, or ``None`` when he may make any legal move.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from chesslaws.core import KING, PAWN, ROOK, Move, PieceType, Position

__all__ = ["Obligation", "Touched", "captured_square", "obligation"]


@dataclass(frozen=True, slots=True)
class Touched:
    """A piece touched with intent: its square, whether it is the toucher's own, its kind."""

    square: int
    own: bool
    piece_type: PieceType


@dataclass(frozen=True, slots=True)
class Obligation:
    """The moves allowed by 4.3–4.5 (``None``: any legal move) and the Article applied."""

    moves: frozenset[Move] | None
    article: str


FREE = Obligation(None, "4.5")


def captured_square(position: Position, move: Move) -> int | None:
    """The square of the piece ``move`` captures, if any (en passant: beside the arrival)."""
    if position.is_en_passant(move):
        return move.to_square - 8 if position.turn == 0 else move.to_square + 8
    target = position.piece_at(move.to_square)
    if target is not None and target.color != position.turn:
        return move.to_square
    return None


def _side(from_file: int, to_file: int) -> int:
    return 1 if to_file > from_file else -1


def _castling_side(position: Position, move: Move) -> int | None:
    """+1 for castling towards the h-file, -1 towards the a-file, None if not castling."""
    if not position.is_castling(move):
        return None
    # Standard moves go king-to-destination (e1g1), Chess960 king-to-rook (f1g1): either way
    # the direction of the move is the side of the rook.
    return _side(move.from_square & 7, move.to_square & 7)


def _fix_promotion(
    moves: Iterable[Move], promotion: tuple[int, PieceType] | None
) -> frozenset[Move]:
    allowed = frozenset(moves)
    if promotion is None:
        return allowed
    square, piece = promotion
    return frozenset(
        m for m in allowed if m.promotion is None or m.to_square != square or m.promotion == piece
    )


def obligation(
    position: Position,
    touches: Sequence[Touched],
    *,
    promotion: tuple[int, PieceType] | None = None,
) -> Obligation:
    """The moves the player having the move must choose from, after ``touches`` in order.

    * own pieces only: the first touched piece that has a legal move (4.3.1); king then rook:
      castle on that side if legal (4.4.1), else another king move, else any move (4.4.3); rook
      then king: no castling on that side this move, then 4.3.1 (4.4.2);
    * enemy pieces only: capture the first touched piece that can be captured (4.3.2);
    * both: capture the first touched enemy piece with the first touched own piece, else move or
      capture the first touched piece that can be moved or captured (4.3.3);
    * nothing touched can be moved or captured: any legal move (4.5);
    * ``promotion``: a piece that has touched the promotion square is the only promotion
      allowed onto it (4.4.4).
    """
    legal = position.legal_moves()
    if not touches:
        if promotion is None:
            return FREE
        fixed = _fix_promotion(legal, promotion)
        return Obligation(fixed, "4.4.4") if len(fixed) < len(legal) else FREE

    def moves_of(square: int) -> list[Move]:
        return [m for m in legal if m.from_square == square]

    def captures_of(square: int) -> list[Move]:
        return [m for m in legal if captured_square(position, m) == square]

    own = [t for t in touches if t.own]
    enemy = [t for t in touches if not t.own]

    if own and enemy:
        both = [m for m in moves_of(own[0].square) if m in set(captures_of(enemy[0].square))]
        if both:
            return Obligation(_fix_promotion(both, promotion), "4.3.3")
        for touched in touches:
            found = moves_of(touched.square) if touched.own else captures_of(touched.square)
            if found:
                return Obligation(_fix_promotion(found, promotion), "4.3.3")
        return FREE

    if enemy:
        for touched in enemy:
            found = captures_of(touched.square)
            if found:
                return Obligation(_fix_promotion(found, promotion), "4.3.2")
        return FREE

    king_square = position.king(position.turn)
    first = own[0]
    if first.piece_type == KING:
        rooks = [t for t in own[1:] if t.piece_type == ROOK]
        if rooks:
            side = _side(king_square & 7, rooks[0].square & 7)
            king_moves = moves_of(first.square)
            castles = [m for m in king_moves if _castling_side(position, m) == side]
            if castles:
                return Obligation(frozenset(castles), "4.4.1")
            if king_moves:
                return Obligation(frozenset(king_moves), "4.4.3")
            return Obligation(None, "4.4.3")

    barred: set[int] = set()
    seen_rook_sides: set[int] = set()
    for touched in own:
        if touched.piece_type == ROOK:
            seen_rook_sides.add(_side(king_square & 7, touched.square & 7))
            continue_with = moves_of(touched.square)
        elif touched.piece_type == KING:
            barred |= seen_rook_sides
            continue_with = [
                m for m in moves_of(touched.square) if _castling_side(position, m) not in barred
            ]
        else:
            continue_with = moves_of(touched.square)
        if continue_with:
            article = "4.4.2" if barred and touched.piece_type in (KING, ROOK) else "4.3.1"
            if touched.piece_type == ROOK and any(t.piece_type == KING for t in own):
                article = "4.4.2"
            if touched.piece_type == PAWN and promotion is not None:
                article = "4.4.4" if any(m.promotion for m in continue_with) else article
            return Obligation(_fix_promotion(continue_with, promotion), article)
    return FREE
