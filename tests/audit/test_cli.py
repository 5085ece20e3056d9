"""``chesslaws audit``: outputs, exit status, and life without rich."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from chesslaws.audit import _output
from chesslaws.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "collection.pgn"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["audit", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_jsonl_one_record_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--jsonl", str(EXAMPLES))
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and [r["game"] for r in records] == list(range(1, 16))
    fool = records[1]
    assert (fool["recorded_result"], fool["lawful_result"], fool["error"]) == (
        "1/2-1/2",
        "0-1",
        None,
    )
    assert fool["findings"][0]["code"] == "result-contradicts-position"
    assert records[13]["lawful_result"] is None and records[13]["error"]["line"] == 166


def test_jsonl_is_the_same_with_two_workers(capsys: pytest.CaptureFixture[str]) -> None:
    _, serial, _ = run(capsys, "--jsonl", str(EXAMPLES), str(EXAMPLES))
    _, parallel, _ = run(
        capsys, "--jsonl", "--workers", "2", "--chunk", "4", str(EXAMPLES), str(EXAMPLES)
    )
    assert serial == parallel and len(serial.splitlines()) == 30


def test_csv(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--csv", str(EXAMPLES))
    rows = list(csv.DictReader(io.StringIO(out)))
    assert status == 0 and len(rows) == 15
    assert rows[7]["findings"] == "4:time-forfeit-cannot-checkmate:6.9"
    assert rows[7]["lawful_result"] == "1/2-1/2" and rows[11]["lawful_result"] == ""


def test_table_with_rich(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, str(EXAMPLES))
    assert status == 0 and err == ""
    assert "15 games: 4 clean, 10 faulty, 1 unreadable" in out
    assert "resignation-cannot-checkmate" in out


def test_table_without_rich(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_output, "_has_rich", lambda: False)
    status, out, _ = run(capsys, "--progress", str(EXAMPLES))
    assert status == 0
    assert "15 games: 4 clean, 10 faulty, 1 unreadable" in out
    assert "[6.9] time-forfeit-cannot-checkmate" in out
    assert "unreadable: line 166, column 17" in out


def test_all_lists_clean_games_too(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--all", str(EXAMPLES))
    assert "Scholar - Novice" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["missing.pgn"], "cannot read missing.pgn"),
        (["--workers", "0", "x.pgn"], "--workers must be at least 1"),
        (["--chunk", "0", "x.pgn"], "--chunk must be at least 1"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("chesslaws: error: ") and message in err and err.count("\n") == 1


def test_progress_bar_on_stderr_does_not_disturb_the_output(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, plain, _ = run(capsys, "--jsonl", "--no-progress", str(EXAMPLES))
    status, out, _ = run(capsys, "--jsonl", "--progress", str(EXAMPLES))
    assert status == 0 and out == plain


def test_dask_address(capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("distributed")
    _, serial, _ = run(capsys, "--jsonl", str(EXAMPLES))
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        status, out, _ = run(
            capsys, "--jsonl", "--dask", cluster.scheduler_address, "--chunk", "2", str(EXAMPLES)
        )
    assert status == 0 and out == serial


def test_unreachable_dask_scheduler_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    dask = pytest.importorskip("dask")
    pytest.importorskip("distributed")
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        status, out, err = run(capsys, "--dask", "tcp://127.0.0.1:9", str(EXAMPLES))
    assert status == 2 and out == ""
    assert err.startswith("chesslaws: error: cannot reach the Dask scheduler tcp://127.0.0.1:9")
