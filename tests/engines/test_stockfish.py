"""Short matches against the real engine (Debian's ``/usr/games/stockfish``).

Every game must end with a lawful result (python-chess replays the record as an oracle), and the
``[%clk]``/``[%emt]`` after every move must add up under the control's own rules: increments, the
second period's time, the simple delay.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import chess
import chess.pgn
import pytest

from chesslaws.arbiter import Reason
from chesslaws.clock import parse_clock_comment
from chesslaws.engines import EngineSpec

from ._helpers import STOCKFISH, fake, play, settings

pytestmark = pytest.mark.skipif(
    not STOCKFISH.exists(), reason="Stockfish is not installed (apt-get install stockfish)"
)

TERMINATIONS = {"normal", "time forfeit", "adjudication", "rules infraction", "abandoned"}


def _stockfish(name: str) -> EngineSpec:
    return EngineSpec(str(STOCKFISH), name, (("Threads", "1"), ("Hash", "16")))


def _lawful(path: Path, games: int) -> list[chess.pgn.Game]:
    """Every game of the file, checked against python-chess and the arbiter's vocabulary."""
    records = []
    with path.open(encoding="utf-8") as handle:
        while (record := chess.pgn.read_game(handle)) is not None:
            records.append(record)
    assert len(records) == games
    for record in records:
        assert not record.errors, record.errors
        board = record.end().board()  # python-chess raises nothing: every move was legal
        result = record.headers["Result"]
        assert result in ("1-0", "0-1", "1/2-1/2")
        assert record.headers["Termination"] in TERMINATIONS
        ending = " ".join(record.end().comment.split())
        if "checkmate (5.1.1)" in ending:
            assert board.is_checkmate() and result == ("0-1" if board.turn else "1-0")
        if "stalemate (5.2.1)" in ending:
            assert board.is_stalemate() and result == "1/2-1/2"
        assert any(f"{r.value.replace('_', ' ')} (" in ending for r in Reason), ending
    return records


def _clocks(record: chess.pgn.Game, color: bool) -> list[tuple[int, int]]:
    """(clock after, time used) of each of ``color``'s moves."""
    out = []
    for node in record.mainline():
        if node.turn() != color:  # node.turn() is the side to move after the move
            clk, emt = parse_clock_comment(node.comment)
            assert clk is not None and emt is not None, node.comment
            assert "grace" not in node.comment
            out.append((clk, emt))
    return out


def test_two_periods_and_increments(tmp_path: Path) -> None:
    out = tmp_path / "games.pgn"
    match = settings(
        _stockfish("sf-a"),
        _stockfish("sf-b"),
        tc="10/1+0.05:1+0.05",
        games=2,
        concurrency=2,
        maxmoves=18,
        pgnout=str(out),
    )
    result = play(match)
    assert len(result.reports) == 2 and not result.stopped
    for record in _lawful(out, 2):
        assert record.headers["TimeControl"] == "10/1+0.05:1+0.05"
        for color in (chess.WHITE, chess.BLACK):
            before = 1000
            for number, (clk, emt) in enumerate(_clocks(record, color), 1):
                if before - emt <= 0:
                    break  # the flag fell on this move
                period = 1000 if number == 10 else 0  # the second period's time (6.3.1)
                assert clk == before - emt + 50 + period, (color, number)
                before = clk


def test_simple_delay(tmp_path: Path) -> None:
    out = tmp_path / "games.pgn"
    match = settings(
        _stockfish("sf-a"), _stockfish("sf-b"), tc="2d0.1", maxmoves=15, pgnout=str(out)
    )
    play(match)
    [record] = _lawful(out, 1)
    for color in (chess.WHITE, chess.BLACK):
        before = 2000
        for clk, emt in _clocks(record, color):
            assert clk == max(0, before - max(0, emt - 100))  # 6.3.2: main time after the delay
            before = clk


def test_against_the_scripted_engine_every_game_ends_lawfully(tmp_path: Path) -> None:
    out = tmp_path / "games.pgn"
    match = settings(
        replace(_stockfish("stockfish")),
        fake(),
        tc="40/2+0.05:1+0.05",
        games=2,
        pgnout=str(out),
    )
    result = play(match)
    assert result.summary is not None and result.summary.wins == 2  # it mates the fake
    for record in _lawful(out, 2):
        assert record.headers["Termination"] == "normal"
        # the writer wraps long lines, comments included: compare words
        assert "checkmate (5.1.1)" in " ".join(record.end().comment.split())
    for _, report in result.reports:
        scored = [n for n in report.notes if n.info is not None and n.info.depth]
        assert scored, "stockfish's info lines (score, depth) are kept"


def test_a_real_match_log_replays_with_arbitrate_to_the_same_rulings(tmp_path: Path) -> None:
    out, events = tmp_path / "games.pgn", tmp_path / "events"
    match = settings(
        _stockfish("sf-a"), _stockfish("sf-b"), tc="2+0.02", games=2, maxmoves=12,
        pgnout=str(out), eventsout=str(events),
    )  # fmt: skip
    result = play(match)
    records = {r.headers["Round"]: r for r in _lawful(out, 2)}
    for number, report in result.reports:
        log = events / f"game-{number + 1}.jsonl"
        ruled = _chesslaws("arbitrate", str(log)).stdout.splitlines()
        assert [json.loads(line) for line in ruled] == [r.to_json() for r in report.rulings]
        assert json.loads(ruled[-1])["result"] == report.result
        record = records[str(number + 1)]
        written = _chesslaws("arbitrate", "--pgn", str(log)).stdout
        replayed = chess.pgn.read_game(io.StringIO(written))
        assert replayed is not None
        assert [m.uci() for m in replayed.mainline_moves()] == [
            m.uci() for m in record.mainline_moves()
        ]
        assert replayed.headers["Result"] == record.headers["Result"] == report.result
        assert replayed.headers["TimeControl"] == record.headers["TimeControl"] == "2+0.02"


def _chesslaws(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "chesslaws", *args], capture_output=True, text=True, timeout=120
    )
