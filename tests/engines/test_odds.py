"""Time odds in a match: each engine's ``tc=`` is its own clock, and it is told so.

The scripted engine logs every ``go`` it receives; the PGN's ``[%clk]`` are the arbiter's
clock after each move. With the driver's own work charged to nobody, the ``go`` before a move
must tell exactly the clocks the PGN shows after the previous moves, each side's increment (a
delay told as one) and ``movestogo`` of the side to move only.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import chess
import pytest

from chesslaws import pgn
from chesslaws.clock import parse_clock_comment
from chesslaws.engines import EngineSpec, MatchSettings, read_match_tc

from ._helpers import FAKE, STOCKFISH, fake, play
from .test_stockfish import _clocks, _lawful, _stockfish


def _logged(tmp_path: Path, name: str, tc: str) -> tuple[EngineSpec, Path]:
    log = tmp_path / f"{name}.go"
    return replace(fake("--log", str(log), name=name), time_control=read_match_tc(tc)), log


def _go(line: str) -> dict[str, int]:
    words = line.split()
    assert words[0] == "go", line
    return {words[i]: int(words[i + 1]) for i in range(1, len(words), 2)}


def _match(engines: tuple[EngineSpec, EngineSpec], out: Path, **kw: object) -> MatchSettings:
    base = MatchSettings(engines=engines, games=1, pgnout=str(out))
    return replace(base, **kw)  # type: ignore[arg-type]


def _told(game: pgn.Game, bases: tuple[int, int]) -> list[tuple[int, int]]:
    """Per ply, (wtime, btime) as the clocks stood before it: the bases, then the PGN's %clk."""
    shown = list(bases)
    before = []
    for ply in range(len(game.main.moves)):
        before.append((shown[0], shown[1]))
        clk, _ = parse_clock_comment(game.main.comments[ply])
        assert clk is not None
        shown[ply % 2] = clk
    return before


def _moves_by(game: pgn.Game, color: int) -> int:
    return len(range(color, len(game.main.moves), 2))


def test_each_engine_is_told_its_own_clock_and_plays_on_it(tmp_path: Path) -> None:
    one, one_log = _logged(tmp_path, "one", "10+0.1")
    two, two_log = _logged(tmp_path, "two", "5+0.1")
    out = tmp_path / "odds.pgn"
    result = play(_match((one, two), out, games=2, maxmoves=6))
    assert not result.stopped and len(result.reports) == 2
    games = list(pgn.read_games(str(out)))
    logs = {
        "one": one_log.read_text().splitlines(),
        "two": two_log.read_text().splitlines(),
    }
    for number, game in enumerate(games):
        white, black = ("one", "two") if number == 0 else ("two", "one")
        controls = {"one": "10+0.1", "two": "5+0.1"}
        assert game.tags["WhiteTimeControl"] == controls[white]
        assert game.tags["BlackTimeControl"] == controls[black]
        assert "TimeControl" not in game.tags
        bases = (10_000, 5_000) if white == "one" else (5_000, 10_000)
        told = {name: logs[name][: _moves_by(game, 0 if name == white else 1)] for name in logs}
        for name in logs:
            logs[name] = logs[name][len(told[name]) :]
        for ply, (wtime, btime) in enumerate(_told(game, bases)):
            mover = white if ply % 2 == 0 else black
            go = _go(told[mover][ply // 2])
            assert go == {"wtime": wtime, "winc": 100, "btime": btime, "binc": 100}, ply
        for color, base in enumerate(bases):
            for ply in range(color, len(game.main.moves), 2):
                clk, emt = parse_clock_comment(game.main.comments[ply])
                assert clk is not None and emt is not None
                assert clk == base - emt + 100  # each side on its own base and increment
                base = clk
    assert logs == {"one": [], "two": []}


def test_two_periods_against_a_delay_movestogo_for_the_side_to_move_only(
    tmp_path: Path,
) -> None:
    periods, periods_log = _logged(tmp_path, "periods", "3/2:1")  # 3 moves in 2 s, then 1 s
    delay, delay_log = _logged(tmp_path, "delay", "2d0.2")
    out = tmp_path / "odds.pgn"
    play(_match((periods, delay), out, maxmoves=5))
    game = pgn.read_game(out.read_text())
    assert (game.tags["WhiteTimeControl"], game.tags["BlackTimeControl"]) == ("3/2:1", "2d0.2")
    white = [_go(line) for line in periods_log.read_text().splitlines()]
    black = [_go(line) for line in delay_log.read_text().splitlines()]
    assert len(white) == len(black) == 5
    # White owes 3 moves to his control, then plays the rest of the game on his second period.
    assert [go.get("movestogo") for go in white] == [3, 2, 1, None, None]
    # Black has no control to reach: no movestogo when he moves, whatever White owes.
    assert all("movestogo" not in go for go in black)
    # Black's delay is told as an increment; White has none.
    assert all(go["winc"] == 0 and go["binc"] == 200 for go in white + black)
    told = _told(game, (2_000, 2_000))
    assert [(go["wtime"], go["btime"]) for go in white] == told[0::2]
    assert [(go["wtime"], go["btime"]) for go in black] == told[1::2]
    clocks = [parse_clock_comment(c) for c in (game.main.comments[p] for p in range(10))]
    before = 2_000
    for number, (clk, emt) in enumerate(clocks[0::2], 1):
        assert clk is not None and emt is not None
        assert clk == before - emt + (1_000 if number == 3 else 0)  # 6.3.1: the next period
        before = clk
    before = 2_000
    for clk, emt in clocks[1::2]:
        assert clk is not None and emt is not None
        assert clk == before - max(0, emt - 200)  # 6.3.2: the main time runs after the delay
        before = clk


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "chesslaws", "match", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def _cmd() -> str:
    return "cmd=" + " ".join(shlex.quote(w) for w in (sys.executable, str(FAKE)))


def test_the_summary_and_json_say_the_odds() -> None:
    args = ["-engine", _cmd(), "name=a", "tc=20+1", "-engine", _cmd(), "name=b", "tc=10/20+2"]
    done = _cli(*args, "-games", "2", "-maxmoves", "2")
    assert done.returncode == 0, done.stderr
    assert "a (20+1) vs b (10/20+2): time odds" in done.stdout.splitlines()
    done = _cli(*args, "-games", "1", "-maxmoves", "1", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["time_controls"] == ["20+1", "10/20+2"] and data["time_odds"] is True
    done = _cli("-engine", _cmd(), "-engine", _cmd(), "-each", "tc=20", "-maxmoves", "1", "--json")
    data = json.loads(done.stdout)
    assert data["time_controls"] == ["20", "20"] and data["time_odds"] is False


needs_stockfish = pytest.mark.skipif(
    not STOCKFISH.exists(), reason="Stockfish is not installed (apt-get install stockfish)"
)


@needs_stockfish
def test_stockfish_at_odds_each_clock_on_its_own_control(tmp_path: Path) -> None:
    out = tmp_path / "odds.pgn"
    strong = replace(_stockfish("sf-4s"), time_control=read_match_tc("4+0.05"))
    weak = replace(_stockfish("sf-2s"), time_control=read_match_tc("2+0.05"))
    result = play(_match((strong, weak), out, games=2, concurrency=2, maxmoves=12))
    assert len(result.reports) == 2 and not result.stopped
    for record in _lawful(out, 2):
        white_tc = record.headers["WhiteTimeControl"]
        black_tc = record.headers["BlackTimeControl"]
        assert {white_tc, black_tc} == {"4+0.05", "2+0.05"}
        assert "TimeControl" not in record.headers
        for color, tc in ((chess.WHITE, white_tc), (chess.BLACK, black_tc)):
            before = 4_000 if tc == "4+0.05" else 2_000
            for clk, emt in _clocks(record, color):
                if before - emt <= 0:
                    break  # the flag fell on this move
                assert clk == before - emt + 50, (color, tc)
                before = clk


@needs_stockfish
def test_stockfish_two_periods_against_a_delay(tmp_path: Path) -> None:
    out = tmp_path / "odds.pgn"
    periods = replace(_stockfish("sf-periods"), time_control=read_match_tc("6/1+0.05:1+0.05"))
    delay = replace(_stockfish("sf-delay"), time_control=read_match_tc("2d0.1"))
    result = play(_match((periods, delay), out, games=2, concurrency=2, maxmoves=10))
    assert len(result.reports) == 2 and not result.stopped
    for record in _lawful(out, 2):
        for color in (chess.WHITE, chess.BLACK):
            tc = record.headers["WhiteTimeControl" if color else "BlackTimeControl"]
            before = 1_000 if tc == "6/1+0.05:1+0.05" else 2_000
            for number, (clk, emt) in enumerate(_clocks(record, color), 1):
                if tc == "2d0.1":
                    assert clk == max(0, before - max(0, emt - 100))  # 6.3.2
                else:
                    if before - emt <= 0:
                        break  # the flag fell on this move
                    period = 1_000 if number == 6 else 0  # the second period (6.3.1)
                    assert clk == before - emt + 50 + period, (color, number)
                before = clk
