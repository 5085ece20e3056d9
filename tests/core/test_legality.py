"""``Position.is_legal`` answers as the list of legal moves does, for every from/to pair."""

from __future__ import annotations

import random

import pytest

from chesslaws.core import Move, PieceType, Position

FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  # Kiwipete
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",  # pins along ranks
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",  # promotions, check
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2",  # en passant
    "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",  # a pinned bishop
    "3qk3/8/8/8/8/8/3N4/r3K3 w - - 0 1",  # in check from a rook
    "4k3/8/8/8/1b6/8/3P4/4K2n w - - 0 1",  # a pinned pawn
]


def _positions() -> list[Position]:
    rng = random.Random(12)
    out = []
    for fen in FENS:
        position = Position.from_fen(fen)
        out.append(position.copy())
        for _ in range(16):  # and a random walk from each
            moves = position.legal_moves()
            if not moves:
                break
            position.push(rng.choice(moves))
            out.append(position.copy())
    return out


@pytest.mark.parametrize("position", _positions(), ids=lambda p: p.fen())
def test_is_legal_matches_the_generated_moves(position: Position) -> None:
    legal = set(position.legal_moves())
    every = [None, PieceType.QUEEN, PieceType.KNIGHT, PieceType.KING]
    for frm in range(64):
        piece = position.piece_at(frm)
        pawn = piece is not None and piece.type == PieceType.PAWN
        for to in range(64):
            for promotion in every if pawn else every[:2]:
                move = Move(frm, to, promotion)
                expected = move in legal
                if not expected and promotion is None and position.is_castling(move):
                    # castling may be written king-to-rook; parse it through the code
                    expected = position.move_of(position.code_of(move)) in legal
                assert position.is_legal(move) is expected, (position.fen(), move.uci())
