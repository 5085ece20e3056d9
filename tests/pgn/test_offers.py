"""The draw offer mark "(=)" (8.1.5) and the arbiter's scores 1/2-0 and 0-1/2 (10.2) as the
reader takes them: an offer after a move, not a variation; a score, not junk."""

from __future__ import annotations

import io

import pytest

from chesslaws import pgn


def test_an_offer_after_a_move_is_read_as_the_offer_not_as_a_variation() -> None:
    game = pgn.read_game("1. e4 e5 2. Nf3 (=) Nc6 3. Bb5 a6 *")
    assert game.ok, game.errors
    assert game.sans == ("e4", "e5", "Nf3", "Nc6", "Bb5", "a6")
    assert game.main.variations == {}
    assert game.draw_offers == (3,)
    assert game.comment_after(3) == "(=)"


def test_the_offer_written_in_a_comment_as_the_arbiter_writes_it() -> None:
    game = pgn.read_game("1. e4 {[%clk 0:05:00] (=)} e5 {[%clk 0:04:59]} 2. Nf3 {(=) x} *")
    assert game.draw_offers == (1, 3)
    assert game.clock_after(1) == (300_000, None)


def test_what_is_not_an_offer() -> None:
    # A mark inside a word, "=" alone (a glyph), an offer in a side line, a real variation.
    game = pgn.read_game("1. e4 {a(=)b} e5 = 2. Nf3 (2. Nc3 (=) Nc6) (2. d4) Nc6 *")
    assert game.ok, game.errors
    assert game.draw_offers == ()
    assert [v.sans for v in game.main.variations[2]] == [("Nc3", "Nc6"), ("d4",)]
    assert game.main.variations[2][0].comments == {0: "(=)"}


def test_an_offer_before_any_move_is_no_variation_and_no_offer() -> None:
    game = pgn.read_game("(=) 1. e4 *")
    assert game.ok, game.errors
    assert game.draw_offers == ()


@pytest.mark.parametrize(
    ("marker", "score"),
    [("1/2-0", "1/2-0"), ("0-1/2", "0-1/2"), ("½-0", "1/2-0"), ("0-½", "0-1/2")],
)
def test_the_arbiters_half_point_scores_are_results(marker: str, score: str) -> None:
    game = pgn.read_game(f'[Result "{score}"]\n\n1. e4 e5 {marker}')
    assert game.ok, game.errors
    assert (game.result, game.recorded_result) == (score, score)
    assert game.sans == ("e4", "e5")


def test_a_half_point_score_ends_a_game_without_tags() -> None:
    text = "1. e4 e5 1/2-0\n\n1. d4 d5 0-1/2\n\n1. c4 *\n"
    games = list(pgn.read_games(io.StringIO(text)))
    assert [(g.sans, g.result) for g in games] == [
        (("e4", "e5"), "1/2-0"),
        (("d4", "d5"), "0-1/2"),
        (("c4",), "*"),
    ]
