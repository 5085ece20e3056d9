"""Reading games with replay: real files, tolerances, Chess960, and errors game by game."""

from __future__ import annotations

import io
from pathlib import Path

import chess
import chess.pgn
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chesslaws import PgnError, pgn
from chesslaws.core import Position
from tests.conftest import shared_data

REAL = [
    "anastasian-lewis.pgn",
    "chessbase-empty-line.pgn",
    "cutechess-fischerrandom.pgn",
    "kasparov-deep-blue-1997.pgn",
    "molinari-bordais-1979.pgn",
    "nepomniachtchi-liren-game1.pgn",
    "stockfish-learning.pgn",
    "uci-moves.pgn",
    "utf8-bom.pgn",
]


def oracle_games(path: Path) -> list[chess.pgn.Game]:
    found = []
    with open(path, encoding="utf-8-sig") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            found.append(game)
    return found


@pytest.mark.oracle
@pytest.mark.parametrize("name", REAL)
def test_real_files_agree_with_python_chess(name: str) -> None:
    path = shared_data("pgn", "python-chess", name)
    ours = list(pgn.read_games(path))
    theirs = oracle_games(path)
    assert len(ours) == len(theirs)
    for game, oracle in zip(ours, theirs, strict=True):
        expected = [m.uci() for m in oracle.mainline_moves()]
        if name == "anastasian-lewis.pgn":
            # The record holds "Z0", a null move: python-chess plays it, the Laws know no
            # such move (1.2), so our replay stops there and reports it.
            (error,) = game.errors
            assert (error.text, error.ply, error.line, error.column) == ("Z0", 82, 20, 15)
            expected = expected[:81]
        else:
            assert game.ok, game.errors
        assert [m.uci() for m in game.moves] == expected
        assert all(oracle.headers[k] == v for k, v in game.tags.items())
        missing = {k: v for k, v in oracle.headers.items() if k not in game.tags}
        assert set(missing.values()) <= {"?", "????.??.??", "*"}  # python-chess's defaults


def test_chess960_games_use_the_variant_and_fen_tags() -> None:
    games = list(pgn.read_games(shared_data("pgn", "python-chess", "cutechess-fischerrandom.pgn")))
    assert all(g.chess960 and g.fen for g in games)
    castles = [m for g in games for m, s in zip(g.moves, g.sans, strict=False) if "O-O" in s]
    assert castles, "the file has Chess960 castling moves"
    assert all(g.ok for g in games)


def test_eco_file_reads_every_opening_line() -> None:
    games = list(pgn.read_games(shared_data("pgn", "eco.pgn")))
    assert len(games) == 2014  # the leading comment block is not a game
    assert all(g.ok for g in games) and games[0].tags["ECO"] == "A00"


def test_selfplay_reads_every_ply() -> None:
    games = list(pgn.read_games(shared_data("pgn", "selfplay.pgn")))
    assert len(games) == 1500 and all(g.ok for g in games)
    assert sum(len(g.moves) for g in games) == 176_144
    assert games[0].comment_after(1) == "[%clk 0:02:59]"


@pytest.mark.parametrize(
    ("movetext", "uci"),
    [
        ("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0", "e1g1"),
        ("1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6 4.O-O", "e1g1"),
        ("1. e4 d5 2. exd5 c6 3. dxc6 Qb6 4. cxb7 Qc5 5. bxa8Q", "b7a8q"),
        ("1. e4 d5 2. exd5 c6 3. dxc6 Qb6 4. cxb7 Qc5 5. bxa8=Q", "b7a8q"),
        ("1. e4 a6 2. e5 d5 3. exd6 e.p.", "e5d6"),
        ("1. e4!? e5?! 2. Nf3!! $1 Nc6 ±", "b8c6"),
        ("1. Ng1f3", "g1f3"),
        ("1. Nf3+", "g1f3"),
        ("1. ♘f3 ♞c6", "b8c6"),
    ],
)
def test_tolerated_notation(movetext: str, uci: str) -> None:
    game = pgn.read_game(movetext + " *")
    assert game.ok, game.errors
    assert game.moves[-1].uci() == uci


def test_illegal_move_gives_a_located_error_and_the_next_game_is_read() -> None:
    text = '[Event "1"]\n\n1. e4 e5 2. Ke3 Nf6 *\n\n[Event "2"]\n\n1. d4 *\n'
    first, second = pgn.read_games(io.StringIO(text))
    (error,) = first.errors
    assert (error.game, error.line, error.column, error.text, error.ply) == (1, 3, 13, "Ke3", 3)
    assert [m.uci() for m in first.moves] == ["e2e4", "e7e5"]
    assert first.sans == ("e4", "e5", "Ke3", "Nf6")
    assert second.ok and second.number == 2


def test_ambiguous_and_unreadable_moves_are_errors() -> None:
    assert not pgn.read_game("1. Nf3 d5 2. Nc3 e5 3. Nd2 *").ok  # d2 holds a pawn
    ambiguous = pgn.read_game("1. Nf3 d5 2. Nc3 d4 3. Ne4 e5 4. Ng5 *")  # Nf3 or Ne4?
    assert ambiguous.errors and ambiguous.errors[0].ply == 7
    assert "ambiguous" in ambiguous.errors[0].reason.lower()
    assert pgn.read_game("1. e4 Xx9 *").errors[0].text == "Xx9"


def test_setup_fen_start_and_black_to_move() -> None:
    game = pgn.read_game(
        '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"]\n\n40... Kd7 41. e4 *'
    )
    assert game.ok and game.fen is not None
    assert game.end().fen() == "8/3k4/8/8/4P3/8/8/4K3 b - - 0 41"


def test_bad_fen_tag_is_an_error_at_the_tag() -> None:
    game = pgn.read_game('[Event "x"]\n[FEN "not a fen"]\n\n1. e4 *')
    (error,) = game.errors
    assert (error.line, error.reason.startswith("start position")) == (2, True)


def test_unsupported_variant_is_an_error() -> None:
    game = pgn.read_game('[Variant "Crazyhouse"]\n\n1. e4 *')
    assert game.errors[0].reason == "not a variant of the Laws of Chess"


def test_variations_are_replayed_from_the_position_before_their_move() -> None:
    game = pgn.read_game("1. e4 (1. d4 d5 (1... Nf6 2. c4)) e5 2. Nf3 *")
    assert game.ok
    (variation,) = game.main.variations[0]
    assert [m.uci() for m in variation.moves] == ["d2d4", "d7d5"]
    assert [m.uci() for m in variation.variations[1][0].moves] == ["g8f6", "c2c4"]
    # an illegal move in a variation is noted; the main line is replayed all the same
    bad = pgn.read_game("1. e4 (1. e5) e5 *")
    assert bad.ok and len(bad.moves) == 2
    assert bad.notes[0].ply is None and "variation" in bad.notes[0].reason


def test_uci_castling_in_uci_movetext() -> None:
    game = pgn.read_game("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 *")
    assert game.ok and game.end().piece_at(6) is not None


def test_read_game_without_game_raises() -> None:
    with pytest.raises(PgnError):
        pgn.read_game("{just a comment}")


def test_games_without_replay_keep_text_only() -> None:
    game = pgn.read_game("1. e4 Ke7 2. Qh5 *", replay=False)
    assert game.ok and game.sans == ("e4", "Ke7", "Qh5") and game.moves == ()


def test_start_position_is_the_initial_one() -> None:
    assert pgn.read_game("*").start().fen() == Position().fen()


def test_clock_comments_per_ply() -> None:
    game = next(pgn.read_games(shared_data("pgn", "selfplay.pgn")))
    assert game.clock_after(1) == (179_000, None)
    assert game.clock_after(2) == (181_000, None)
    mixed = pgn.read_game("1. e4 {[%emt 0:00:02.25] good} e5 {[%clk bad]} 2. Nf3 *")
    assert mixed.clock_after(1) == (None, 2_250)
    assert mixed.clock_after(2) == (None, None)
    assert mixed.clock_after(3) == (None, None)


PIECES = [
    b'[Event "x"]\n',
    b'[White "a\\"b"]\n',
    b"\n",
    b"1. e4 e5 2. Nf3 ",
    b"{comment ",
    b"} ",
    b"(",
    b")",
    b"1-0\n",
    b"*",
    b"0-0 ",
    b"e8Q ",
    b"$1 ",
    b"Kxe4 ",
    b"\xff\xfe",
    b"\r\n",
    b"%escape\n",
    b";rest\n",
]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(PIECES) | st.binary(max_size=8), max_size=40))
def test_any_bytes_read_without_crashing(parts: list[bytes]) -> None:
    data = b"".join(parts)
    games = list(pgn.read_games(io.BytesIO(data)))
    assert [g.number for g in games] == list(range(1, len(games) + 1))
    for game in games:
        assert len(game.moves) <= len(game.sans)
        for error in game.errors:
            assert error.game == game.number and error.line >= 1 and error.column >= 1
        pgn.write_game(game)  # whatever was read can be written


def test_read_game_refuses_what_is_not_text() -> None:
    # the compiled build checks a ``str`` parameter itself (TypeError): the entry point takes
    # any object and refuses it with the library's own error (docs/compiled.md)
    for bad in (None, 42, b"1. e4 *"):
        with pytest.raises(PgnError, match="must be a string"):
            pgn.read_game(bad)


def _two_games(tmp_path: Path) -> Path:
    path = tmp_path / "two.pgn"
    path.write_text('[Event "A"]\n\n1. e4 e5 *\n\n[Event "B"]\n\n1. d4 d5 *\n')
    return path


def test_a_reading_dropped_before_its_end_closes_its_file(tmp_path: Path) -> None:
    # a compiled generator dropped early never ran its ``finally``: the file stayed open
    import gc
    import warnings

    path = _two_games(tmp_path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for reading in (pgn.read_games(path), pgn.game_offsets(path)):
            next(reading)
            del reading
            gc.collect()
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)]


def test_a_reading_closes_its_file_at_the_end_by_close_and_by_with(tmp_path: Path) -> None:
    path = _two_games(tmp_path)
    with pgn.read_games(path) as games:
        first = next(games)
    assert first.tags["Event"] == "A"
    assert list(games) == []  # closed: the reading is over
    games = pgn.read_games(path)
    assert [game.tags["Event"] for game in games] == ["A", "B"]
    assert list(games) == []
    offsets = pgn.game_offsets(path)
    offsets.close()
    assert list(offsets) == []
