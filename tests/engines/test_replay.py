"""A match's event log is the arbiter's: ``chesslaws arbitrate`` replays it to the same rulings
and result, however the game ended; the PGN is the arbiter's writer's, with the engines' notes."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from chesslaws import pgn
from chesslaws.cli._cmd_arbitrate import arbitrate
from chesslaws.clock import parse_clock_comment
from chesslaws.endings import MATE_BUDGET
from chesslaws.engines import (
    DrawAdjudication,
    GameReport,
    IllegalMovePolicy,
    MatchSettings,
    ResignAdjudication,
)

from ._helpers import fake, play, settings

SHUFFLE = "k7/p7/P7/8/8/8/8/K7 w - - 0 1"  # the fakes shuffle their kings: a claim with a move
BARE_KING = "8/8/4k3/8/8/8/4K3/4R3 w - - 0 1"

ENDINGS: dict[str, MatchSettings] = {
    "claim with a move": settings(fake(), fake(), fen=SHUFFLE),
    "fifty on the board": settings(fake(), fake(), fen="k7/p7/P7/8/8/8/8/K7 w - - 100 80"),
    "illegal moves, 7.5.5": settings(
        fake("--illegal-at", "1,2"), fake(), illegal=IllegalMovePolicy.FIDE, tc="600+0"
    ),
    "crash, declared": settings(fake("--crash-at", "2"), fake()),
    "flag": settings(fake("--late-at", "1"), fake(), tc="0.2+0", fen=BARE_KING),
    "resignation by score": settings(
        fake("--score", "-900"), fake(), resign=ResignAdjudication(movecount=2, score=500)
    ),
    "draw by score": settings(
        fake(), fake(), draw=DrawAdjudication(movenumber=2, movecount=1, score=5)
    ),
    "move limit": settings(fake(), fake(), maxmoves=3),
}


def _replayed(report: GameReport) -> list[dict[str, object]]:
    out = io.StringIO()
    state = arbitrate(report.event_log().splitlines(), out)
    assert state.result is not None and state.reason is not None
    assert (state.result.value, state.reason.value) == (report.result, report.reason)
    assert state == report.state  # the same fold, the same state
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.parametrize("ending", list(ENDINGS))
def test_the_log_replays_to_the_same_rulings(ending: str, tmp_path: Path) -> None:
    match = ENDINGS[ending]
    folder = tmp_path / "events"
    result = play(replace(match, eventsout=str(folder)))
    [(_, report)] = result.reports
    assert report.state.is_over
    written = (folder / "game-1.jsonl").read_text()
    assert written == report.event_log()
    start = json.loads(written.splitlines()[0])
    assert start["rules"]["mate_budget"] == MATE_BUDGET  # the budget goes with the log
    assert _replayed(report) == [ruling.to_json() for ruling in report.rulings]


def test_the_pgn_is_the_arbiters_with_the_engines_notes(tmp_path: Path) -> None:
    out = tmp_path / "g.pgn"
    play(settings(fake("--score", "23"), fake(), maxmoves=2, pgnout=str(out), grace=10))
    record = pgn.read_game(out.read_text())
    assert record.ok and len(record.main.moves) == 4
    first = record.main.comments[0]
    clk, emt = parse_clock_comment(first)
    assert clk is not None and emt is not None and clk == 60_000 - emt  # 60 s, no increment
    assert re.fullmatch(r"\[%clk [0-9:.]+\] \[%emt [0-9:.]+\] \+0\.23/1", first)
    assert list(record.tags)[:7] == ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
    assert (record.tags["TimeControl"], record.tags["Termination"]) == ("60", "adjudication")
    assert (record.tags["Grace"], record.tags["PlyCount"]) == ("0.01", "4")
    assert "move limit: 2 moves: arbiter (12)" in " ".join(record.main.comments[3].split())


def test_a_book_that_does_not_lead_to_the_start_is_refused() -> None:
    from chesslaws import ChessLawsError
    from chesslaws.arbiter import GameState, Start, game_to_pgn, step
    from chesslaws.engines import Opening

    book = Opening(None, ("e2e4",))
    state, _ = step(GameState(), Start(time_control="60", fen=book.position().fen()))
    assert "1. e4 {book} *" in game_to_pgn(state, book=book)
    with pytest.raises(ChessLawsError, match="the book moves d2d4 lead to"):
        game_to_pgn(state, book=Opening(None, ("d2d4",)))
