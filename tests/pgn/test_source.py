"""Splitting a byte stream into games: boundaries, encodings, line numbers, memory guard."""

from __future__ import annotations

import io
import itertools

import pytest

from chesslaws import pgn
from chesslaws.pgn import _source
from tests.conftest import shared_data


def games(data: bytes, **kwargs: object) -> list[pgn.Game]:
    return list(pgn.read_games(io.BytesIO(data), replay=False, **kwargs))  # type: ignore[arg-type]


TWO = b'[Event "A"]\n[White "x"]\n\n1. e4 e5 *\n\n[Event "B"]\n\n1. d4 d5 1-0\n'


def test_two_games_with_numbers_and_first_lines() -> None:
    found = games(TWO)
    assert [(g.number, g.line, g.tags["Event"], g.sans) for g in found] == [
        (1, 1, "A", ("e4", "e5")),
        (2, 6, "B", ("d4", "d5")),
    ]
    assert all(g.ok for g in found)


def test_crlf_and_bom_are_transparent() -> None:
    crlf = b"\xef\xbb\xbf" + TWO.replace(b"\n", b"\r\n")
    assert [(g.tags, g.sans, g.line) for g in games(crlf)] == [
        (g.tags, g.sans, g.line) for g in games(TWO)
    ]


def test_latin1_fallback_per_game_and_utf8_kept() -> None:
    data = '[White "Réti"]\n\n1. e4 *\n\n'.encode("latin-1")
    data += '[White "Réti"]\n\n1. e4 *\n'.encode()
    assert [g.white for g in games(data)] == ["Réti", "Réti"]


def test_text_streams_are_read_too() -> None:
    text = TWO.decode()
    assert [g.sans for g in pgn.read_games(io.StringIO(text), replay=False)] == [
        g.sans for g in games(TWO)
    ]


def test_leading_comment_block_is_not_a_game_and_escape_lines_are_skipped() -> None:
    data = b"{ a file comment\nover lines }\n\n% an escape line\n" + TWO
    found = games(data)
    assert [g.number for g in found] == [1, 2]
    assert found[0].line == 5


def test_multi_line_comment_holding_a_bracket_line_stays_in_its_game() -> None:
    data = (
        b'[Event "A"]\n\n1. e4 {a comment\n[%clk 0:01:00] still}\ne5 *\n\n[Event "B"]\n\n1. d4 *\n'
    )
    found = games(data)
    assert [g.sans for g in found] == [("e4", "e5"), ("d4",)]
    assert found[0].main.comments[0] == "a comment [%clk 0:01:00] still"


def test_unclosed_comment_damages_only_its_game() -> None:
    data = b'[Event "A"]\n\n1. e4 {never closed\ne5 *\n\n[Event "B"]\n\n1. d4 *\n'
    first, second = games(data)
    assert not first.ok and second.ok and second.sans == ("d4",)
    assert any(e.reason == "comment not closed before the next game" for e in first.errors)
    assert first.errors[0].line == 3


def test_tags_without_movetext_at_end_of_file_is_a_truncated_game() -> None:
    found = games(TWO + b'\n[Event "C"]\n[White "cut"]\n')
    assert len(found) == 3 and not found[2].ok
    assert "truncated" in found[2].errors[0].reason


def test_a_game_that_lost_its_movetext_does_not_swallow_the_next() -> None:
    data = b'[Event "A"]\n[White "x"]\n\n[Event "B"]\n[White "y"]\n\n1. d4 *\n'
    first, second = games(data)
    assert (first.tags, second.tags) == ({"Event": "A", "White": "x"}, {"Event": "B", "White": "y"})
    assert not first.ok and second.ok
    first, second = games(b'[Event "A"]\n[Event "B"]\n[Site "s"]\n[Site "t"]\n\n1. d4 *\n')
    assert (first.tags, second.tags) == ({"Event": "A"}, {"Event": "B", "Site": "t"})


def test_error_positions_are_file_lines_and_columns() -> None:
    data = TWO + b'\n[Event "C"]\n\n1. e4 e5\n2. Nf3 @ *\n'
    bad = games(data)[2]
    assert [(e.game, e.line, e.column, e.text) for e in bad.errors] == [(3, 13, 8, "@")]
    assert str(bad.errors[0]) == "game 3, line 13, column 8: unexpected character: '@'"


def test_broken_tag_is_reported_at_its_line() -> None:
    data = b'[Event "A"]\n[White "no end\n\n1. e4 *\n'
    (game,) = games(data)
    assert [(e.line, e.column, e.reason) for e in game.errors] == [(2, 1, "broken tag pair")]
    assert game.sans == ("e4",)


def test_oversized_game_is_cut_and_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_source, "MAX_GAME_BYTES", 100)
    data = b'[Event "A"]\n\n' + b"1. e4 e5 " * 100 + b"*\n\n" + TWO
    found = games(data)
    assert len(found) == 3 and not found[0].ok and found[1].ok and found[2].ok
    assert "cut short" in found[0].errors[-1].reason


@pytest.mark.parametrize("name", ["selfplay.pgn", "eco.pgn"])
def test_reading_from_offsets_gives_the_same_games(name: str) -> None:
    path = shared_data("pgn", name)
    whole = list(pgn.read_games(path, replay=False))
    offsets = list(pgn.game_offsets(path))
    assert len(offsets) == len(whole)
    step = max(len(whole) // 7, 1)
    for number in itertools.chain(range(1, len(whole) + 1, step), [len(whole)]):
        offset, line = offsets[number - 1]
        part = list(
            pgn.read_games(
                path, replay=False, offset=offset, first_line=line, first_game=number, max_games=3
            )
        )
        assert part == whole[number - 1 : number + 2]


def test_a_file_without_line_breaks_is_read_in_bounded_pieces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_source, "MAX_LINE", 64)
    monkeypatch.setattr(_source, "MAX_GAME_BYTES", 1000)
    data = b'[Event "A"]\n\n' + b"x" * 100_000 + b"\n\n" + TWO
    found = games(data)
    assert len(found) == 3 and not found[0].ok and found[1].ok and found[2].ok
    assert any("cut short" in e.reason for e in found[0].errors)
