"""Shared helpers for the endings tests: reading the unwinnability test vectors, replaying
helpmates with python-chess as an independent oracle."""

from __future__ import annotations

import chess

from chesslaws import PositionProblem
from chesslaws.core import Move, Position
from tests.conftest import shared_data

_DEFAULTS = ("w", "-", "-", "0", "1")

#: The unwinnability vectors are positions users asked about, many composed: more promoted
#: pieces than missing pawns, checks no move gives. Their analysis is still wanted, so the
#: endings tests allow those reasons (the Laws' analysis does not depend on the history).
COMPOSED = (
    PositionProblem.TOO_MUCH_MATERIAL
    | PositionProblem.TOO_MANY_PAWNS
    | PositionProblem.IMPOSSIBLE_CHECK
)


def composed(fen: str, *, chess960: bool = False) -> Position:
    """The position of ``fen``, allowing what composed positions have (:data:`COMPOSED`)."""
    return Position.from_fen(fen, chess960=chess960, allow=COMPOSED)


def full_fen(fen: str) -> str:
    """Complete a FEN of 1 to 6 fields with the usual defaults."""
    words = fen.split()
    while len(words) < 6:
        words.append(_DEFAULTS[len(words) - 1])
    return " ".join(words)


def read_test_vector() -> list[tuple[str, str]]:
    """(code, full FEN) for every line of CHA's test vector (code: WB, W-, -B or --)."""
    path = shared_data("unwinnability", "test-vector.txt")
    rows = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        code, fen = line.split(" ", 1)
        rows.append((code, full_fen(fen.strip())))
    return rows


def assert_helpmate(fen: str, color: int, helpmate: tuple[Move, ...]) -> None:
    """Replay ``helpmate`` with python-chess: legal moves ending in ``color`` checkmating."""
    board = chess.Board(fen)
    for move in helpmate:
        oracle = chess.Move.from_uci(move.uci())
        assert oracle in board.legal_moves, f"{move.uci()} is illegal in {board.fen()}"
        board.push(oracle)
    assert board.is_checkmate(), f"helpmate does not end in checkmate: {board.fen()}"
    assert board.turn != (color == 0), "the wrong side was checkmated"
    # and the same with the core
    position = composed(fen)
    for move in helpmate:
        position.play(move)
    assert position.is_checkmate()


def moves_of_codes(fen: str, codes: list[int]) -> tuple[Move, ...]:
    """The moves of a search's line of move codes played from ``fen``."""
    position = composed(fen)
    moves = []
    for code in codes:
        moves.append(position.move_of(code))
        position.push_code(code)
    return tuple(moves)
