"""What real PGN files say, read with a note of what was mended; what cannot be read, an error
of that game only (issue 18). Every file here is written by the test."""

from __future__ import annotations

import io
import sys
import time

import pytest

from chesslaws import PgnError, pgn
from chesslaws.pgn import _source


def games_of(data: bytes) -> list[pgn.Game]:
    return list(pgn.read_games(io.BytesIO(data)))


def test_doubled_quotes_inside_a_tag_are_read_with_a_note() -> None:
    (game,) = games_of(b'[White ""Chess Guru""]\n[Black "B"]\n\n1. e4 e5 *\n')
    assert game.white == '"Chess Guru"' and game.black == "B"
    assert game.ok and "quotes" in game.notes[0].reason and game.notes[0].line == 1


def test_cr_only_line_ends() -> None:
    data = b'[White "A"]\r[Black "B"]\r\r1. e4 e5 *\r\r[White "C"]\r\r1. d4 *\r'
    first, second = games_of(data)
    assert first.sans == ("e4", "e5") and first.white == "A" and second.white == "C"
    assert second.line == 6 and first.ok and second.ok


def test_games_without_tags_separated_by_blank_lines() -> None:
    games = games_of(b"1. e4 e5 2. Nf3 1-0\n\n1. d4 d5 *\n\n1. c4 0-1\n")
    assert [g.sans for g in games] == [("e4", "e5", "Nf3"), ("d4", "d5"), ("c4",)]
    assert all(g.ok for g in games) and [g.line for g in games] == [1, 3, 5]


def test_a_blank_line_inside_movetext_before_the_result_keeps_the_game() -> None:
    (game,) = games_of(b"1. e4 e5\n\n2. Nf3 *\n")
    assert game.sans == ("e4", "e5", "Nf3") and game.ok


def test_a_bom_in_the_middle_of_a_file() -> None:
    data = b'\xef\xbb\xbf[White "A"]\n\n1. e4 *\n\n\xef\xbb\xbf[White "B"]\n\n1. d4 *\n'
    first, second = games_of(data)
    assert (first.white, second.white) == ("A", "B") and first.ok and second.ok


def test_a_comment_holding_a_blank_line_and_an_event_line() -> None:
    data = (
        b'[Event "E"]\n\n1. e4 { played at the\n\n[Event "Olympiad"] in 1990 } e5 *\n\n'
        b'[Event "F"]\n\n1. d4 {\n\n[Event "quoted"]\n} d5 *\n'
    )
    first, second = games_of(data)
    assert first.sans == ("e4", "e5") and first.ok and "Olympiad" in first.main.comments[0]
    assert second.sans == ("d4", "d5") and second.ok


def test_an_unclosed_comment_still_damages_only_its_game() -> None:
    data = b'[Event "E"]\n\n1. e4 { never closed\n\n[Event "F"]\n\n1. d4 d5 *\n'
    first, second = games_of(data)
    assert not first.ok and second.ok and second.sans == ("d4", "d5")


def test_lines_longer_than_the_read_limit_keep_tokens_and_line_numbers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_source, "MAX_LINE", 7)
    data = b'[White "Somebody Long"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 Qxz9 *\n'
    (game,) = list(pgn.read_games(io.BytesIO(data)))
    assert game.white == "Somebody Long"
    assert game.sans[:8] == ("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "Qxz9")
    assert game.error is not None and (game.error.line, game.error.text) == (3, "Qxz9")
    assert game.error.column == data.split(b"\n")[2].index(b"Qxz9") + 1


def test_unknown_glyphs_are_dropped_with_a_note() -> None:
    game = pgn.read_game("1. e4?!? e5 !!!? 2. Nf3 *")
    assert game.ok and game.sans == ("e4", "e5", "Nf3")
    assert [n.text for n in game.notes] == ["?!?", "!!!?"]


def test_an_illegal_move_in_a_side_variation_is_a_note_and_the_main_line_is_replayed() -> None:
    game = pgn.read_game("1. e4 (1. e5 d5) e5 2. Nf3 Nc6 *")
    assert game.ok and len(game.moves) == 4
    (note,) = game.notes
    assert note.text == "e5" and note.ply is None and note.column == 11
    assert len(game.main.variations[0][0].moves) == 0


def test_a_fen_tag_with_impossible_castling_and_fullmove_zero_is_read_with_notes() -> None:
    text = '[FEN "4k3/8/8/8/8/8/4P3/4K3 w KQkq - 1 0"]\n[SetUp "1"]\n\n1. e4 Kd7 *\n'
    game = pgn.read_game(text)
    assert game.ok and len(game.moves) == 2 and game.start().fullmove_number == 1
    assert len(game.notes) == 5 and all(n.line == 1 for n in game.notes)
    assert game.start().castling_rights == 0


def test_a_fen_tag_with_nine_pawns_is_an_error_of_that_game() -> None:
    text = '[FEN "4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1"]\n\n1. e4 *\n\n[White "x"]\n\n1. e4 *\n'
    bad, good = games_of(text.encode())
    assert not bad.ok and "9 pawns" in bad.errors[0].reason and good.ok


def test_a_huge_nag_and_huge_clock_are_errors_of_that_game_and_the_file_goes_on() -> None:
    digits = "9" * 5000
    data = (
        f'[White "a"]\n\n1. e4 ${digits} e5 *\n\n'
        f'[White "b"]\n\n1. e4 {{[%clk {digits}:00:00]}} e5 *\n\n'
        '[White "c"]\n\n1. d4 *\n'
    ).encode()
    first, second, third = games_of(data)
    assert not first.ok and "NAG out of range" in first.errors[0].reason
    assert second.clock_after(1) == (None, None) and second.ok
    assert third.ok
    for game in (first, second):
        for error in game.errors:
            assert "int_max_str_digits" not in str(error)


def test_variations_nested_thousands_deep_are_an_error_and_the_file_goes_on() -> None:
    depth = max(3000, sys.getrecursionlimit() * 3)
    text = "1. e4 " + "(1. d4 " * depth + ")" * depth + " e5 *"
    data = f'[White "a"]\n\n{text}\n\n[White "b"]\n\n1. d4 *\n'.encode()
    first, second = games_of(data)
    assert first.sans == ("e4", "e5") and len(first.moves) == 2
    assert "nested more than" in first.errors[0].reason
    assert second.ok
    pgn.write_game(first)


def test_reading_is_linear_in_trailing_white_space() -> None:
    for tail in (" " * 40_000, "\t" * 40_000):
        for body in ("1. e4 $1 e5 *", "1. e4 (1. d4) e5 *", "1. e4 Ke3 *", "1. e4 e5"):
            start = time.perf_counter()
            game = pgn.read_game(f'[White "a"]\n\n{body}{tail}\n')
            assert time.perf_counter() - start < 0.5, body
            assert game.sans[0] == "e4"


def test_reading_is_linear_in_white_space_between_plies_and_before_the_result() -> None:
    # the fast path's split restarts its search nowhere: white space inside plain movetext,
    # and before its result, is read in one pass
    for gap in (" " * 40_000, "\n" * 40_000):
        for body in (f"1. e4{gap}e5 {{ok}} *", f"1. e4 e5{gap}*", f"1. e4 {{a}}{gap}1-0"):
            start = time.perf_counter()
            game = pgn.read_game(f'[White "a"]\n\n{body}\n')
            assert time.perf_counter() - start < 0.5, body
            assert game.sans[0] == "e4" and game.ok


def test_a_lone_surrogate_is_a_pgn_error_naming_line_and_column() -> None:
    # A str with a lone surrogate (as errors="surrogateescape" leaves) is not text: no encoding
    # writes it, so it is refused where it stands, within the error family.
    with pytest.raises(PgnError) as info:
        pgn.read_game('[Event "x"]\n[Site "ab\ud800"]\n\n1. e4 *\n')
    assert (info.value.line, info.value.column) == (2, 10)
    assert "U+D800" in str(info.value)
