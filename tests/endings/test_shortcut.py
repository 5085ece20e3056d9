"""Shortening helpmates: every detour of a long line is cut, and the line still mates."""

from __future__ import annotations

import pytest

from chesslaws.core import Position
from chesslaws.endings import can_checkmate
from chesslaws.endings._shortcut import SHORTEN_FROM, shorten
from tests.endings._helpers import assert_helpmate, composed

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def _codes(position: Position, uci_moves: list[str]) -> list[int]:
    board = position.copy()
    codes = []
    for text in uci_moves:
        code = board.code_of(board.parse_uci(text))
        codes.append(code)
        board.push_code(code)
    return codes


def _uci(position: Position, codes: list[int]) -> list[str]:
    board = position.copy()
    out = []
    for code in codes:
        out.append(board.move_of(code).uci())
        board.push_code(code)
    return out


def test_knight_shuffles_before_the_fools_mate_are_cut() -> None:
    position = composed(START)
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"] * 60
    line = _codes(position, [*shuffle, "f2f3", "e7e5", "g2g4", "d8h4"])
    short = shorten(position, line)
    assert _uci(position, short) == ["f2f3", "e7e5", "g2g4", "d8h4"]
    board = position.copy()
    for code in short:
        board.push_code(code)
    assert board.is_checkmate()
    assert position.fen() == START  # the position given is left alone


def test_a_detour_in_the_middle_is_cut_and_the_rest_kept() -> None:
    position = composed(START)
    detour = ["b1c3", "b8c6", "c3b1", "c6b8"] * 55
    line = _codes(position, ["f2f3", "e7e5", *detour, "g2g4", "d8h4"])
    assert len(line) >= SHORTEN_FROM
    short = shorten(position, line)
    assert _uci(position, short) == ["f2f3", "e7e5", "g2g4", "d8h4"]


def test_short_lines_are_left_as_they_are() -> None:
    position = composed(START)
    line = _codes(position, ["g1f3", "g8f6", "f3g1", "f6g8", "f2f3", "e7e5", "g2g4", "d8h4"])
    assert shorten(position, line) == line


@pytest.mark.slow
@pytest.mark.oracle
def test_a_long_helpmate_of_the_search_comes_back_short_and_replays() -> None:
    """A blocked position whose mate the exhaustive search finds 81,000 plies deep."""
    fen = "8/8/3b4/2b5/1p1p1pBp/1PpP1P1P/2P5/1k1K4 w - - 0 1"
    analysis = can_checkmate(composed(fen), 0)
    assert analysis.winnable
    assert len(analysis.helpmate) < 2_000
    assert_helpmate(fen, 0, analysis.helpmate)
