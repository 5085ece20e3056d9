"""SAN in the players' own languages and in figurines (Appendix C.3), read and written."""

from __future__ import annotations

import itertools
import random

import pytest

from chesslaws import AmbiguousMove, IllegalMove, InvalidNotation, Position
from chesslaws.core import LANGUAGES, san_languages
from tests.conftest import shared_data

EVERY = tuple(LANGUAGES)


def _random_games(count: int, seed: int) -> list[list[str]]:
    """``count`` games of seeded random legal moves (UCI), to the end or 120 plies."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        position = Position()
        moves = []
        for _ in range(120):
            legal = position.legal_moves()
            if not legal:
                break
            # promotions and castling are rare in random play: prefer them when there
            special = [m for m in legal if m.promotion or position.is_castling(m)]
            move = rng.choice(special if special and rng.random() < 0.5 else legal)
            moves.append(move.uci())
            position.push(move)
        games.append(moves)
    return games


def _round_trip(uci_games: list[list[str]]) -> int:
    """Every move written in every language and read back is the same move and, in English
    again, the same SAN; returns the number of (move, language) pairs checked."""
    checked = 0
    for moves in uci_games:
        position = Position()
        for uci in moves:
            move = position.parse_uci(uci)
            english = position.san(move)
            for lang in EVERY:
                written = position.san(move, lang=lang)
                read = position.parse_san(written, lang=lang)
                assert read == move, (lang, written, position.fen())
                assert position.san(read) == english
                checked += 1
            position.push(move)
    return checked


def test_every_language_round_trips_every_move_of_random_games() -> None:
    assert _round_trip(_random_games(150, seed=31)) > 150 * 60 * len(EVERY)


def test_every_language_round_trips_every_move_of_real_games() -> None:
    from chesslaws import pgn

    path = shared_data("pgn", "selfplay.pgn")
    games = [
        [m.uci() for m in game.main.moves] for game in itertools.islice(pgn.read_games(path), 300)
    ]
    assert len(games) == 300
    assert _round_trip(games) > 300 * 100 * len(EVERY)


@pytest.mark.parametrize(
    ("lang", "knight", "queen_promotion"),
    [
        ("en", "Nf3", "e8=Q"),
        ("es", "Cf3", "e8=D"),
        ("el", "Ιf3", "e8=Β"),
        ("de", "Sf3", "e8=D"),
        ("fr", "Cf3", "e8=D"),
        ("it", "Cf3", "e8=D"),
        ("pt", "Cf3", "e8=D"),
        ("nl", "Pf3", "e8=D"),
        ("ru", "Кf3", "e8=Ф"),
        ("figurine", "♘f3", "e8=♕"),
    ],
)
def test_the_letters_of_each_language(lang: str, knight: str, queen_promotion: str) -> None:
    start = Position()
    assert start.san(start.parse_uci("g1f3"), lang=lang) == knight
    promotion = Position.from_fen("8/4P3/8/8/8/8/8/k6K w - - 0 1")
    move = promotion.parse_uci("e7e8q")
    assert promotion.san(move, lang=lang) == queen_promotion
    assert promotion.parse_san(queen_promotion, lang=lang) == move
    # C.11: the FIDE form without "=" reads too
    assert promotion.parse_san(queen_promotion.replace("=", ""), lang=lang) == move


def test_the_russian_king_has_two_letters_and_castling_is_the_same_everywhere() -> None:
    p = Position.from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert p.san(p.parse_uci("e1d2"), lang="ru") == "Крd2"
    assert p.parse_san("Крd2", lang="ru") == p.parse_uci("e1d2")
    for lang in EVERY:
        assert p.parse_san("0-0", lang=lang) == p.parse_uci("e1g1")
        assert p.san(p.parse_uci("e1c1"), lang=lang) == "O-O-O"


def test_black_figurines_and_a_pawn_figurine_are_read() -> None:
    p = Position()
    p.push_san("e4")
    assert p.parse_san("♞f6", lang="figurine") == p.parse_uci("g8f6")
    assert p.parse_san("♟e5", lang="figurine") == p.parse_uci("e7e5")


def test_a_letter_of_another_language_is_refused_naming_the_languages_that_read_it() -> None:
    p = Position()
    with pytest.raises(InvalidNotation) as english:
        p.parse_san("Cf3")
    assert "knight in Spanish, French, Italian and Portuguese" in str(english.value)
    with pytest.raises(InvalidNotation) as spanish:
        p.parse_san("Nf3", lang="es")
    assert "no piece letter in Spanish" in str(spanish.value)
    assert "knight in English" in str(spanish.value)
    with pytest.raises(InvalidNotation) as greek:
        p.parse_san("Sf3", lang="el")
    assert "knight in German" in str(greek.value)
    assert "Russian" not in str(greek.value)  # a Latin S, not the Cyrillic С of the bishop


def test_one_letter_two_meanings_is_read_by_the_chosen_language_only() -> None:
    # R is the rook in English and the king in Spanish: both moves are legal here.
    p = Position.from_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1")
    assert p.parse_san("Rf1") == p.parse_uci("h1f1")
    assert p.parse_san("Rf1", lang="es") == p.parse_uci("e1f1")
    readings = p.san_readings("Rf1")
    assert readings[p.parse_uci("h1f1")] == ("en",)
    assert set(readings[p.parse_uci("e1f1")]) == {"es", "fr", "it", "pt"}
    assert set(san_languages("Rf1")) == {"en", "es", "fr", "it", "pt"}


def test_errors_name_the_text_as_written() -> None:
    p = Position()
    with pytest.raises(IllegalMove) as illegal:
        p.parse_san("Cd4", lang="es")
    assert "'Cd4' (Spanish)" in str(illegal.value)
    ambiguous = Position.from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    with pytest.raises(AmbiguousMove):
        ambiguous.parse_san("Cd2", lang="es")
    with pytest.raises(InvalidNotation, match="unknown language 'xx'"):
        p.parse_san("e4", lang="xx")


def test_a_capture_mark_before_the_disambiguation_is_refused() -> None:
    # "Nxce2" puts the file after the capture mark: no reading of C.9/C.10 gives it.
    p = Position.from_fen("4k3/8/8/8/8/2N5/8/4KN2 w - - 0 1")
    p.push(p.parse_uci("e1d1"))
    p.push(p.parse_uci("e8d8"))
    with pytest.raises(InvalidNotation):
        p.parse_san("Nxce2")
    assert p.parse_san("Nce2") == p.parse_uci("c3e2")
    assert p.parse_san("Nc3-e2") == p.parse_uci("c3e2")


def test_push_san_in_a_language() -> None:
    p = Position()
    for text in ("e4", "e5", "Cf3", "Cc6", "Ab5"):
        p.push_san(text, lang="es")
    assert p.fen().split()[0] == "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R"
