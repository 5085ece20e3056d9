"""The ``chesslaws timecontrol STRING`` command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from chesslaws.cli import main


def test_prints_periods_category_and_canonical(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["timecontrol", "40/90, SD/30 +30s"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["canonical"] == "40/5400+30:1800+30"
    assert data["category"] == "standard"
    assert [p["moves"] for p in data["periods"]] == [40, None]
    assert [p["time"] for p in data["periods"]] == [5400, 1800]
    assert [p["increment"] for p in data["periods"]] == [30, 30]


@pytest.mark.parametrize(
    ("args", "canonical", "category"),
    [
        (["3|2"], "180+2", "blitz"),
        (["900+10"], "900+10", "rapid"),
        (["--shorthand", "90+30"], "5400+30", "standard"),
        (["--strict", "90+30"], "90+30", "rapid"),
        (["--strict", "15+5"], "15+5", "blitz"),
        (["300d5"], "300d5", "blitz"),
        (["-"], "-", None),
        (["?"], "?", None),
        (["*60"], "*60", "blitz"),
    ],
)
def test_categories(
    capsys: pytest.CaptureFixture[str], args: list[str], canonical: str, category: str | None
) -> None:
    assert main(["timecontrol", *args]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["canonical"], data["category"]) == (canonical, category)


def test_bad_string_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["timecontrol", "40/abc"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1
    assert "index 3" in lines[0] and "expected a number of seconds" in lines[0]


def test_runs_as_a_program() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "chesslaws", "timecontrol", "3|"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode != 0
    assert "index 2" in done.stderr
