"""Writing the PGN export format, and reading back what was written."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chesslaws import pgn
from chesslaws.core import Move, Position
from chesslaws.pgn import Game, Line
from tests.conftest import shared_data


def real_files() -> list[Path]:
    folder = shared_data("pgn", "python-chess")
    return [*sorted(folder.glob("*.pgn")), shared_data("pgn", "eco.pgn")]


def same_line(a: Line, b: Line) -> None:
    assert a.moves == b.moves
    assert dict(a.comments) == dict(b.comments)
    assert dict(a.nags) == dict(b.nags)
    assert a.variations.keys() == b.variations.keys()
    for key, lines in a.variations.items():
        assert len(lines) == len(b.variations[key])
        for x, y in zip(lines, b.variations[key], strict=True):
            same_line(x, y)


def assert_round_trip(game: Game) -> str:
    text = pgn.write_game(game)
    again = pgn.read_game(text)
    assert again.ok, again.errors
    same_line(game.main, again.main)
    assert {k: v for k, v in again.tags.items() if k in game.tags} == dict(game.tags)
    assert again.result == (game.result or game.tags.get("Result", "*"))
    assert pgn.write_game(again) == text
    return text


def test_seven_tag_roster_first_in_order_with_defaults() -> None:
    game = pgn.read_game('[ECO "C20"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 1-0')
    lines = pgn.write_game(game).splitlines()
    assert lines[:9] == [
        '[Event "?"]',
        '[Site "?"]',
        '[Date "????.??.??"]',
        '[Round "?"]',
        '[White "?"]',
        '[Black "B"]',
        '[Result "1-0"]',
        '[ECO "C20"]',
        "",
    ]
    assert lines[9] == "1. e4 1-0"


def test_canonical_san_numbers_after_comments_and_variations() -> None:
    game = pgn.read_game("1. e4 {c} e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 $1 *")
    movetext = pgn.write_game(game).split("\n\n")[1]
    assert movetext == "1. e4 {c} 1... e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O $1 *"


def test_write_to_a_file_too() -> None:
    out = io.StringIO()
    text = pgn.write_game(pgn.read_game("1. d4 *"), out)
    assert out.getvalue() == text and text.endswith("*\n\n")


def test_tag_values_are_escaped() -> None:
    game = pgn.read_game('[Event "A \\"quoted\\" \\\\ name"]\n\n*')
    assert game.tags["Event"] == 'A "quoted" \\ name'
    assert_round_trip(game)


@pytest.mark.parametrize("index", range(10))
def test_real_files_round_trip_with_short_lines(index: int) -> None:
    files = real_files()
    if index >= len(files):
        pytest.skip("fewer files")
    for number, game in enumerate(pgn.read_games(files[index])):
        if not game.ok or (files[index].name == "eco.pgn" and number % 5):
            continue
        text = assert_round_trip(game)
        assert max(len(line) for line in text.split("\n\n", 1)[1].splitlines()) <= 80


def test_selfplay_round_trips_with_clock_comments() -> None:
    selfplay = shared_data("pgn", "selfplay.pgn")
    for number, game in enumerate(pgn.read_games(selfplay, max_games=300)):
        if number % 30:
            continue
        text = assert_round_trip(game)
        assert all(len(line) <= 80 for line in text.splitlines())
        assert "{[%clk 0:02:59]}" in text or "[%clk" in text


def test_long_comments_wrap_between_words() -> None:
    words = " ".join(f"word{i}" for i in range(60))
    game = pgn.read_game(f"1. e4 {{{words}}} *")
    text = assert_round_trip(game)
    assert all(len(line) <= 79 for line in text.splitlines())


@pytest.mark.parametrize("comment", ["0 ) 0", "( a", "a (", ")", "( ) (b) c )"])
def test_parentheses_in_comments_keep_their_spaces(comment: str) -> None:
    # Found by the random round trip: a comment word that is a lone parenthesis was glued to
    # its neighbour as if it closed or opened a variation.
    game = pgn.read_game(f"1. Na3 {{{comment}}} (1. e4 {{{comment}}}) 1... e5 *")
    assert game.main.comments[0] == comment
    text = assert_round_trip(game)
    assert f"{{{comment}}}" in text


def test_game_with_errors_writes_the_unreplayed_moves_as_read() -> None:
    game = pgn.read_game("1. e4 e5 2. Ke3 Nf6 *")
    assert pgn.write_game(game).split("\n\n")[1] == "1. e4 e5 2. Ke3 Nf6 *"


WORDS = st.text(alphabet="abcdefgh %:0123456789[]()", min_size=1, max_size=30)


@st.composite
def games(draw: st.DrawFn) -> Game:
    position = Position()
    moves: list[Move] = []
    comments: dict[int, str] = {}
    nags: dict[int, tuple[int, ...]] = {}
    variations: dict[int, tuple[Line, ...]] = {}
    for index in range(draw(st.integers(0, 40))):
        legal = position.legal_moves()
        if not legal:
            break
        if draw(st.integers(0, 9)) == 0 and len(legal) > 1:
            alternative = draw(st.sampled_from(legal))
            variations[index] = (Line((position.san(alternative),), (alternative,)),)
        move = draw(st.sampled_from(legal))
        if draw(st.booleans()):
            text = " ".join(draw(WORDS).split())
            if text:
                comments[index] = text
        if draw(st.integers(0, 4)) == 0:
            nags[index] = (draw(st.integers(1, 139)),)
        moves.append(move)
        position.push(move)
    replay = Position()
    sans = []
    for move in moves:
        sans.append(replay.san(move))
        replay.push(move)
    result = draw(st.sampled_from(["1-0", "0-1", "1/2-1/2", "*"]))
    main = Line(tuple(sans), tuple(moves), comments, nags, variations)
    return Game(1, 1, {"Event": draw(WORDS), "Result": result}, main, result)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_random_games_round_trip(game: Game) -> None:
    text = assert_round_trip(game)
    assert all(len(line) <= 80 for line in text.splitlines())
