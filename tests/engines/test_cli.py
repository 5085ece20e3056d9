"""``chesslaws match``: the contract's options, the summary, JSON, and clear errors."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from chesslaws import pgn
from chesslaws.clock import parse_clock_comment
from chesslaws.engines import (
    ClaimPolicy,
    IllegalMovePolicy,
    MatchError,
    parse_match_options,
)

from ._helpers import FAKE


def _fake(*flags: str) -> str:
    return "cmd=" + " ".join(shlex.quote(w) for w in (sys.executable, str(FAKE), *flags))


def _match(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "chesslaws", "match", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_contract_summary_and_pgn(tmp_path: Path) -> None:
    out = tmp_path / "games.pgn"
    done = _match(
        "-engine", _fake(), "name=one", "option.Hash=4",
        "-engine", _fake("--illegal-at", "3"), "name=two",
        "-each", "tc=10+0.1", "grace=50",
        "-games", "2", "-rounds", "2", "-maxmoves", "5", "-pgnout", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    # "two" plays an illegal move on its third "go" (in game 1); the other games reach the limit
    assert lines[-2].startswith("Games: 4, wins: 1, losses: 0, draws: 3, score: 0.625")
    assert lines[-1].startswith("Elo difference: +88.7 +/- ") and "LOS: 84.1%" in lines[-1]
    assert "Finished game 4 of 4" in done.stderr and "warning" not in done.stderr
    games = list(pgn.read_games(str(out)))
    assert len(games) == 4 and all(g.ok for g in games)
    assert [g.tags["Termination"] for g in games].count("rules infraction") == 1
    assert games[0].tags["TimeControl"] == "10+0.1" and games[0].tags["Grace"] == "0.05"
    for game in games:
        for index in range(len(game.main.moves) - 1):
            clk, emt = parse_clock_comment(game.main.comments[index])
            assert clk is not None and emt is not None


def test_json_summary() -> None:
    done = _match(
        "-engine", _fake(), "-engine", _fake(), "-each", "tc=1:00+0.5", "-games", "2",
        "-maxmoves", "2", "-sprt", "elo0=0", "elo1=5", "alpha=0.05", "beta=0.05", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["games"], data["draws"], data["draw_ratio"]) == (2, 2, 1.0)
    assert data["sprt"]["model"] == "trinomial" and data["stopped"] is None


def test_time_odds(tmp_path: Path) -> None:
    out = tmp_path / "g.pgn"
    done = _match(
        "-engine", _fake(), "tc=20+0", "-engine", _fake(), "tc=10+0",
        "-games", "1", "-maxmoves", "1", "-pgnout", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    game = pgn.read_game(out.read_text())
    assert (game.tags["WhiteTimeControl"], game.tags["BlackTimeControl"]) == ("20", "10")
    assert "TimeControl" not in game.tags  # as cutechess writes odds: no one control
    assert parse_clock_comment(game.main.comments[0])[0] <= 20_000
    assert 9_000 < (parse_clock_comment(game.main.comments[1])[0] or 0) <= 10_000


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-engine", "cmd=x", "-each", "tc=10"], "a match needs two -engine options, got 1"),
        (["-engine", "cmd=x", "-engine", "cmd=y", "-each", "tc=ab"], "-each tc=ab"),
        (["-engine", "cmd=x", "-engine", "cmd=y"], "give a time control"),
        (["-bogus"], "unknown option '-bogus'"),
        (["-engine", "cmd=x", "colour=red"], "-engine: unknown key 'colour'"),
        (["-games", "many"], "-games: 'many' is not a whole number"),
        (["-engine", "cmd=/nonexistent/engine", "-engine", "cmd=y", "-each", "tc=10"],
         "cannot start '/nonexistent/engine'"),
        (["-games", "-1"], "-games: -1 is below 1"),
        (["-maxmoves", "-3", "-games", "2"], "-maxmoves: -3 is below 1"),
        (["-engine", "cmd=x", "-engine", "cmd=y", "-each", "tc=10",
          "-pgnout", "/nonexistent/folder/games.pgn"],
         "-pgnout /nonexistent/folder/games.pgn: cannot write: No such file or directory"),
    ],
)
def test_bad_options_name_the_option(args: list[str], message: str) -> None:
    done = _match(*args)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1  # one line, the error


def test_more_games_at_once_than_cores_is_warned_of() -> None:
    cores = len(os.sched_getaffinity(0))
    done = _match(
        "-engine", _fake(), "-engine", _fake(), "-each", "tc=10+0",
        "-games", str(cores + 1), "-concurrency", str(cores + 1), "-maxmoves", "1",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    warning = f"warning: -concurrency {cores + 1} plays {cores + 1} games at once on {cores} core"
    assert warning in done.stderr


def test_an_option_the_engine_does_not_declare() -> None:
    done = _match("-engine", _fake(), "option.Colour=red", "-engine", _fake(), "-each", "tc=10")
    assert done.returncode == 2 and "no option 'Colour' (it declares: Hash)" in done.stderr


def test_help() -> None:
    done = _match("-h")
    assert done.returncode == 0 and "-engine cmd=CMD" in done.stdout


def test_every_option_is_read(tmp_path: Path) -> None:
    epd = tmp_path / "o.epd"
    epd.write_text("4k3/8/8/8/8/8/8/4K2R w K - hmvc 3; fmvn 9;\n")
    options = parse_match_options(
        [
            "-engine", "cmd=a b", "name=A", "option.Hash=16", "tc=40/60+0.6",
            "-engine", "cmd=c", "stall=500",
            "-each", "tc=300d5", "timemargin=20", "option.Threads=1",
            "-games", "4", "-rounds", "3", "-repeat", "-concurrency", "2",
            "-openings", f"file={epd}", "format=epd", "order=random", "plies=4",
            "-pgnout", "out.pgn", "-sprt", "elo0=-2", "elo1=3", "alpha=0.1", "beta=0.2",
            "-resign", "movecount=3", "score=600", "-draw", "movenumber=30", "movecount=6",
            "score=8", "-maxmoves", "150", "-recover", "-illegal", "fide", "-claims", "never",
            "-srand", "7", "--json",
        ]
    )  # fmt: skip
    s = options.settings
    assert options.json
    a, c = s.engines
    assert (a.command, a.name, dict(a.options), str(a.time_control)) == (
        "a b", "A", {"Hash": "16", "Threads": "1"}, "40/60+0.6"
    )
    assert (c.stall, c.time_control, str(s.control_of(1))) == (500, None, "300d5")
    assert (s.grace, s.games, s.rounds, s.total_games, s.repeat, s.concurrency) == (
        20, 4, 3, 12, True, 2
    )
    assert s.openings is not None and len(s.openings) == 1
    assert s.sprt is not None and (s.sprt.elo0, s.sprt.beta) == (-2, 0.2)
    assert s.resign is not None and (s.resign.movecount, s.resign.score) == (3, 600)
    assert s.draw is not None and (s.draw.movenumber, s.draw.movecount, s.draw.score) == (30, 6, 8)
    assert (s.maxmoves, s.recover, s.pgnout, s.seed) == (150, True, "out.pgn", 7)
    assert (s.illegal, s.claims) == (IllegalMovePolicy.FIDE, ClaimPolicy.NEVER)


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["-sprt", "elo0=5", "elo1=0"], "-sprt"),
        (["-openings", "format=epd"], "-openings"),
        (["-illegal", "maybe"], "-illegal"),
        (["-each", "tc=10", "grace=soon"], "-each grace"),
        (["-games", "1", "-games", "2"], "-games"),
    ],
)
def test_bad_values(args: list[str], option: str) -> None:
    engines = ["-engine", "cmd=a", "-engine", "cmd=b", "-each", "tc=10"]
    if args[0] == "-each":
        engines = engines[:4]
    with pytest.raises(MatchError) as caught:
        parse_match_options([*engines, *args])
    assert str(caught.value).startswith(option)


def test_time_odds_in_increments_periods_and_delays_are_played(tmp_path: Path) -> None:
    out = tmp_path / "g.pgn"
    done = _match(
        "-engine", _fake(), "tc=20+1", "-engine", _fake(), "tc=2/20:10d1",
        "-games", "1", "-maxmoves", "3", "-pgnout", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    game = pgn.read_game(out.read_text())
    assert (game.tags["WhiteTimeControl"], game.tags["BlackTimeControl"]) == ("20+1", "2/20:10d1")
    black_second = parse_clock_comment(game.main.comments[3])[0] or 0
    assert 29_000 < black_second <= 30_000  # Black's own second period came in


def test_a_missing_control_is_refused_before_any_engine_starts() -> None:
    done = _match("-engine", "cmd=x", "tc=20+1", "-engine", "cmd=y")
    assert done.returncode == 2
    assert "give a time control: -each tc=TC (or tc= in each -engine)" in done.stderr


def test_match_errors_belong_to_the_one_error_family() -> None:
    from chesslaws import ChessLawsError, _errors, engines

    assert engines.MatchError is _errors.MatchError
    assert engines.EngineError is _errors.EngineError
    for error in (engines.MatchError, engines.EngineError):
        assert issubclass(error, ChessLawsError) and issubclass(error, ValueError)
        assert error.__name__ in _errors.__doc__


@pytest.mark.parametrize(
    ("lang", "args", "message"),
    [
        ("es", ["-engine", "cmd=x", "-engine", "cmd=y"],
         "chesslaws: error: indique un ritmo de juego: -each tc=TC (o tc= en cada -engine)"),
        ("el", ["-games", "many"],
         "chesslaws: σφάλμα: -games: το 'many' δεν είναι ακέραιος αριθμός"),
        ("es", ["-engine", "cmd=/nonexistent/engine", "-engine", "cmd=y", "-each", "tc=10"],
         "chesslaws: error: motor engine: no se puede iniciar '/nonexistent/engine': "),
        ("el", ["-engine", "cmd=x", "-engine", "cmd=y", "-each", "tc=10", "-openings",
                "file=/nonexistent.epd"],
         "chesslaws: σφάλμα: -openings: αδύνατη η ανάγνωση του /nonexistent.epd: "),
    ],
)  # fmt: skip
def test_a_match_error_is_said_in_the_language(lang: str, args: list[str], message: str) -> None:
    """Issue 31: a match's errors in the reader's language (``--lang``), the options as typed."""
    done = subprocess.run(
        [sys.executable, "-m", "chesslaws", "--lang", lang, "match", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.startswith(message), done.stderr
