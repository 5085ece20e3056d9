"""What the Laws end (claims, automatic endings) and what the settings adjudicate."""

from __future__ import annotations

from pathlib import Path

from chesslaws import pgn
from chesslaws.arbiter import RulingKind
from chesslaws.engines import (
    ClaimPolicy,
    DrawAdjudication,
    Opening,
    OpeningBook,
    ResignAdjudication,
    Sprt,
    read_epd,
    read_pgn_openings,
)

from ._helpers import fake, play, settings

# Pawns blocked on the a-file: the first-legal-move fakes shuffle their kings a1-a2 / a8-b8.
SHUFFLE = "k7/p7/P7/8/8/8/8/K7 w - - 0 1"


def _only(result):  # type: ignore[no-untyped-def]
    assert len(result.reports) == 1
    return result.reports[0][1]


def test_threefold_is_claimed_with_the_move_by_the_engine_that_could(tmp_path: Path) -> None:
    out = tmp_path / "g.pgn"
    game = _only(play(settings(fake(), fake(), fen=SHUFFLE, pgnout=str(out))))
    assert (game.result, game.reason, game.article) == ("1/2-1/2", "threefold", "9.2.1")
    claim = next(r for r in game.rulings if r.kind is RulingKind.GAME_OVER)
    # Black writes Kb8-a8, which makes the start position stand for the third time, and claims.
    assert claim.by is not None and claim.by.label == "black"
    assert game.claimed_move == "b8a8" and len(game.moves) == 7
    record = pgn.read_game(out.read_text())
    assert record.ok and len(record.main.moves) == 7  # the written move is not played (9.2.1.1)
    assert "claims with b8a8 written, not played: threefold (9.2.1)" in " ".join(
        record.main.comments[6].split()
    )
    assert record.tags["Termination"] == "normal"


def test_without_claims_the_game_goes_on_to_fivefold() -> None:
    game = _only(play(settings(fake(), fake(), fen=SHUFFLE, claims=ClaimPolicy.NEVER)))
    assert (game.result, game.reason, game.article) == ("1/2-1/2", "fivefold", "9.6.1")
    assert len(game.moves) == 16


def test_fifty_moves_are_claimed_with_the_move() -> None:
    game = _only(play(settings(fake(), fake(), fen="k7/p7/P7/8/8/8/8/K7 w - - 99 80")))
    assert (game.result, game.reason, game.article) == ("1/2-1/2", "fifty_moves", "9.3.1")
    assert game.claimed_move == "a1a2" and game.moves == ()


def test_fifty_moves_already_on_the_board_are_claimed_before_moving() -> None:
    game = _only(play(settings(fake(), fake(), fen="k7/p7/P7/8/8/8/8/K7 w - - 100 80")))
    assert (game.result, game.reason, game.article) == ("1/2-1/2", "fifty_moves", "9.3.2")


def test_a_dead_position_ends_the_game_at_once() -> None:
    # 1. Kxa7?? no: White plays the first legal move Ka1-a2; here only kings and a knight.
    game = _only(play(settings(fake(), fake(), fen="k7/8/8/8/8/8/8/KN6 w - - 0 1")))
    assert (game.result, game.reason, game.article) == ("1/2-1/2", "dead_position", "5.2.2")
    assert game.moves == ()


def test_resignation_by_score_is_ruled_under_5_1_2() -> None:
    loser = fake("--score", "-900")
    match = settings(loser, fake(), resign=ResignAdjudication(movecount=3, score=500))
    game = _only(play(match))
    assert (game.result, game.reason, game.article) == ("0-1", "resignation", "5.1.2")
    assert game.termination == "adjudication" and len(game.moves) == 5


def test_resignation_when_the_opponent_cannot_mate_is_a_draw() -> None:
    match = settings(
        fake("--score", "-900"),
        fake(),
        fen="8/8/4k3/8/8/8/4K3/4R3 b - - 0 1",
        resign=ResignAdjudication(movecount=1, score=500),
    )
    game = _only(play(match))  # White (K+R) resigns against a bare king
    assert (game.result, game.reason) == ("1/2-1/2", "resignation_cannot_checkmate")


def test_draw_adjudication_is_an_agreement() -> None:
    match = settings(fake(), fake(), draw=DrawAdjudication(movenumber=3, movecount=2, score=5))
    game = _only(play(match))
    assert (game.result, game.reason, game.article) == ("1/2-1/2", "agreement", "5.2.3")
    assert game.termination == "adjudication"
    assert len(game.moves) == 6  # after move 3, both engines' scores quiet for 2 moves each


def test_maxmoves_is_declared_a_draw() -> None:
    game = _only(play(settings(fake(), fake(), maxmoves=3)))
    assert (game.result, game.termination, len(game.moves)) == ("1/2-1/2", "adjudication", 6)


def test_openings_repeat_with_colours_swapped_and_pentanomial_sprt(tmp_path: Path) -> None:
    book = tmp_path / "book.pgn"
    book.write_text('[Event "a"]\n\n1. e4 e5 2. Nf3 *\n\n[Event "b"]\n\n1. d4 d5 *\n')
    out = tmp_path / "games.pgn"
    openings = OpeningBook(read_pgn_openings(book, plies=2))
    match = settings(
        fake(name="one"),
        fake(name="two"),
        games=4,
        repeat=True,
        openings=openings,
        maxmoves=4,
        pgnout=str(out),
        sprt=Sprt(0, 10),
    )
    result = play(match)
    games = sorted(result.reports, key=lambda r: r[0])
    assert [(g.white, g.opening.moves) for _, g in games] == [
        ("one", ("e2e4", "e7e5")),
        ("two", ("e2e4", "e7e5")),
        ("one", ("d2d4", "d7d5")),
        ("two", ("d2d4", "d7d5")),
    ]
    assert result.summary is not None
    assert result.summary.sprt_model == "pentanomial" and result.summary.pentanomial == (
        0, 0, 2, 0, 0
    )
    records = list(pgn.read_games(str(out)))
    assert len(records) == 4 and all(r.ok for r in records)
    assert "book" in out.read_text()


def test_epd_openings_keep_their_counters(tmp_path: Path) -> None:
    epd = tmp_path / "o.epd"
    epd.write_text("k7/p7/P7/8/8/8/8/K7 w - - hmvc 99; fmvn 80;\n\n# a comment\n")
    [opening] = read_epd(epd)
    assert opening == Opening("k7/p7/P7/8/8/8/8/K7 w - - 99 80")
