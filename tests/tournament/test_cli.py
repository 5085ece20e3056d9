"""``chesslaws tournament``: an event run from the command line on a TRF file."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from pathlib import Path

from chesslaws.cli import main
from chesslaws.tournament import berger_rounds, read_trf, write_trf
from tests.tournament import _oracles


def _cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """The command run in this process (``main``), its output captured."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(["tournament", *map(str, args)])
        except SystemExit as exit_:
            status = int(exit_.code or 0)
    return subprocess.CompletedProcess(args, status, out.getvalue(), err.getvalue())


def test_the_installed_command(tmp_path: Path) -> None:
    """Once as a program: ``python -m chesslaws tournament ...``."""
    t = tmp_path / "t.trf"
    _ok("new", t, "--name", "Club", "--system", "round-robin")
    for name in ("A", "B", "C", "D"):
        _ok("add", t, name)
    done = subprocess.run(
        [sys.executable, "-m", "chesslaws", "tournament", "pair", str(t)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and done.stdout == "2\n1 4\n2 3\n", done.stderr


def test_a_double_round_robin_by_its_system(tmp_path: Path) -> None:
    t = tmp_path / "t.trf"
    _ok("new", t, "--name", "Double", "--system", "double-round-robin")
    for name in ("A", "B", "C"):
        _ok("add", t, name)
    rounds = [_ok("pair", t, "--write") for _ in range(6)]
    assert rounds[0] == "2\n2 3\n1 0\n" and rounds[3] == "2\n3 2\n1 0\n"
    assert "all 6 rounds are paired" in _cli("pair", t).stderr


def _ok(*args: str | Path) -> str:
    done = _cli(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_round_robin_from_new_to_standings(tmp_path: Path) -> None:
    t = tmp_path / "club.trf"
    _ok("new", t, "--name", "Club", "--system", "dutch")
    assert "exists" in _cli("new", t, "--name", "Club").stderr
    _ok(
        "new",
        t,
        "--name",
        "Club",
        "--system",
        "round-robin",
        "--time-control",
        "5400+30",
        "--force",
    )
    names = ["Aa, A", "Bb, B", "Cc, C", "Dd, D", "Ee, E"]
    numbers = [_ok("add", t, name, "--rating", str(2400 - 50 * k)) for k, name in enumerate(names)]
    assert numbers == ["1\n", "2\n", "3\n", "4\n", "5\n"]
    for round_, expected in enumerate(berger_rounds(5), 1):
        printed = _ok("pair", t, "--write").split("\n")
        assert printed[0] == "3"
        assert [tuple(map(int, line.split())) for line in printed[1:4]] == list(expected)
        for white, black in expected:
            if black:
                _ok("result", t, str(round_), str(white), "1=0"[(white * black) % 3])
    event = read_trf(t.read_text())[0]
    assert event.rounds_paired == 5 and event.time_control == "5400+30"
    assert all(e.code != "?" for p in event.players for e in p.results)
    assert "all 5 rounds are paired" in _cli("pair", t).stderr
    names_tb = ["PTS", "SB", "KS", "DE", "WIN"]
    tsv = _ok("standings", t, "--tiebreaks", ",".join(names_tb), "--format", "tsv")
    assert tsv == _oracles.tiebreaks(t, names_tb)
    text = _ok("standings", t)
    assert text.splitlines()[0].split() == [
        "rank",
        "number",
        "name",
        "PTS",
        "BH/C1",
        "BH",
        "SB",
        "DE",
    ]


def test_standings_tsv_is_the_tiebreak_checkers(tmp_path: Path) -> None:
    t = tmp_path / "g.trf"
    _oracles.generate(t, 3, PlayersNumber=30, RoundsNumber=7, ForfeitRate=8, HalfPointByeRate=8)
    for names in (["PTS", "BH", "SB"], ["PTS", "BH/C1", "BH/M1", "DE", "ARO", "TPR", "KS"]):
        mine = _ok("standings", t, "--tiebreaks", ",".join(names), "--format", "tsv")
        assert mine == _oracles.tiebreaks(t, names)


def test_import_export_and_corrections(tmp_path: Path) -> None:
    source = tmp_path / "bbp.trf"
    _oracles.generate(source, 9, PlayersNumber=12, RoundsNumber=5, ForfeitRate=5)
    t = tmp_path / "t.trf"
    assert _ok("import", source, t) == "12 players, 5 rounds\n"
    assert "exists" in _cli("import", source, t).stderr
    assert read_trf(t.read_text())[0] == read_trf(source.read_text())[0]
    exported = _ok("export", t)
    assert read_trf(exported)[0] == read_trf(t.read_text())[0]
    # a correction after an appeal: the round-1 game of player 1 becomes a forfeit win
    entry = read_trf(t.read_text())[0].player(1).results[0]
    white = 1 if entry.colour == "w" else entry.opponent
    _ok("result", t, "1", str(white), "+")
    after = read_trf(t.read_text())[0]
    assert after.player(white).results[0].code == "+"
    assert after.player(after.player(white).results[0].opponent).results[0].code == "-"


def test_byes_withdrawals_late_entries(tmp_path: Path) -> None:
    t = tmp_path / "t.trf"
    _ok("new", t, "--name", "Open", "--rounds", "4")
    for name in ("A", "B", "C"):
        _ok("add", t, name)
    _ok("bye", t, "3", "2", "--kind", "H")
    _ok("withdraw", t, "2", "3")
    event = read_trf(t.read_text())[0]
    assert [(b.kind, b.round, b.player) for b in event.byes] == [
        ("H", 2, 3),
        ("Z", 3, 2),
        ("Z", 4, 2),
    ]
    event = event.pair_round(1, [(1, 2), (3, 0)]).set_result(1, 1, "=")
    t.write_text(write_trf(event))
    assert _ok("add", t, "Late") == "4\n"
    late = read_trf(t.read_text())[0].player(4)
    assert late.results == () and late.points == 0


def test_errors_are_one_clear_line(tmp_path: Path) -> None:
    t = tmp_path / "t.trf"
    missing = _cli("standings", tmp_path / "nope.trf")
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    _ok("new", t, "--name", "Swiss", "--initial-colour", "B")
    _ok("add", t, "A")
    _ok("add", t, "B")
    _ok("add", t, "C")
    assert _ok("pair", t, "--write") == "2\n2 1\n3 0\n"  # round 1 of a Swiss
    swiss = _cli("pair", t)
    assert swiss.returncode == 2
    assert "round 1 is not finished: player 1 has no result yet" in swiss.stderr
    assert "has no game with white in round 1" in _cli("result", t, "1", "1", "1").stderr
    assert "unknown tie-break 'XX'" in _cli("standings", t, "--tiebreaks", "PTS,XX").stderr
    assert "tag 222" in _cli("new", t, "--name", "N", "--time-control", "90 min", "--force").stderr
    t.write_text("001    1      One                               2a00\n")
    bad = _cli("standings", t)
    assert "line 1, column 49: rating '2a00' is not a number" in bad.stderr
    assert bad.stderr.count("\n") == 1
