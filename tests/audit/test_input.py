"""Collections as they are published (issue 30): compressed PGN by path, standard input and URL,
the same records as the plain file; damaged data; the progress line; limit, sample, summary."""

from __future__ import annotations

import bz2
import contextlib
import functools
import gzip
import http.server
import io
import json
import lzma
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chesslaws import ChessLawsError
from chesslaws.audit import audit_files, in_part, sampled
from chesslaws.audit._input import InputError, open_input
from chesslaws.audit._output import ProgressLine, progress_text
from chesslaws.cli import main
from tests.conftest import SHARED_DATA

zstandard = pytest.importorskip("zstandard", reason="the audit extra: pip install chesslaws[audit]")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "collection.pgn"
SELFPLAY = SHARED_DATA / "pgn" / "selfplay.pgn"


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository's examples, and 30 real games of the shared self-play corpus when it is
    there (a clone without it audits the examples alone)."""
    data = EXAMPLES.read_bytes()
    if SELFPLAY.exists():
        selfplay = SELFPLAY.read_bytes()
        cut = 0
        for _ in range(31):
            cut = selfplay.index(b'[Event "Self-play corpus"]', cut + 1)
        data += b"\n" + selfplay[:cut]
    path = tmp_path_factory.mktemp("input") / "games.pgn"
    path.write_bytes(data)
    return path


def zstd_frames(data: bytes, frames: int = 3) -> bytes:
    """``data`` zstandard-compressed in several frames one after another (as ``cat`` of two
    ``.zst`` files gives, or a seekable-format file)."""
    step = len(data) // frames + 1
    compressor = zstandard.ZstdCompressor(level=3)
    return b"".join(compressor.compress(data[i : i + step]) for i in range(0, len(data), step))


COMPRESSORS = {
    "pgn.zst": zstd_frames,
    "pgn.gz": gzip.compress,
    "pgn.bz2": bz2.compress,
    "pgn.xz": lzma.compress,
}


@pytest.fixture(scope="module")
def packed(plain: Path) -> dict[str, Path]:
    """The plain file compressed every way, each beside it."""
    paths = {}
    for suffix, compress in COMPRESSORS.items():
        path = plain.with_name(f"games.{suffix}")
        path.write_bytes(compress(plain.read_bytes()))
        paths[suffix] = path
    return paths


class Told(list[tuple[int, int, "int | None"]]):
    """The progress reports of an audit, as told."""

    def __call__(self, games: int, read: int, total: int | None) -> None:
        self.append((games, read, total))


def records_without_file(lines: str | list[Any]) -> list[dict[str, Any]]:
    """JSON records (or AuditRecords) with the ``file`` each names left out."""
    items = lines.splitlines() if isinstance(lines, str) else lines
    found = []
    for item in items:
        record = json.loads(item) if isinstance(item, str) else item.as_dict()
        record.pop("file")
        found.append(record)
    return found


@pytest.mark.parametrize("suffix", list(COMPRESSORS))
def test_a_compressed_file_gives_the_records_of_the_plain_file(
    plain: Path, packed: dict[str, Path], suffix: str
) -> None:
    reference = list(audit_files([plain]))
    assert len(reference) >= 15
    found = list(audit_files([packed[suffix]]))
    assert records_without_file(found) == records_without_file(reference)
    assert {r.file for r in found} == {str(packed[suffix])}


def test_the_compression_is_told_by_the_first_bytes_not_the_name(
    plain: Path, packed: dict[str, Path], tmp_path: Path
) -> None:
    disguised = tmp_path / "games.pgn"
    disguised.write_bytes(packed["pgn.zst"].read_bytes())
    with contextlib.closing(open_input(str(disguised))) as source:
        assert source.compression == "zstd"
        assert b"".join(source.pieces()) == plain.read_bytes()
        assert source.read == source.size == disguised.stat().st_size


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["audit", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_audit_command_reads_zstd_by_path_and_standard_input(
    plain: Path,
    packed: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, reference, _ = run_cli(capsys, "--jsonl", "--no-summary", str(plain))
    status, by_path, _ = run_cli(capsys, "--jsonl", "--no-summary", str(packed["pgn.zst"]))
    assert status == 0 and records_without_file(by_path) == records_without_file(reference)
    stdin = io.TextIOWrapper(io.BytesIO(packed["pgn.zst"].read_bytes()))
    monkeypatch.setattr(sys, "stdin", stdin)
    status, by_stdin, _ = run_cli(capsys, "--jsonl", "--no-summary", "--workers", "2", "-")
    assert status == 0 and records_without_file(by_stdin) == records_without_file(reference)
    assert {json.loads(line)["file"] for line in by_stdin.splitlines()} == {"-"}


def test_a_pipe_into_the_command_is_read_once_and_as_it_comes(
    plain: Path, packed: dict[str, Path]
) -> None:
    reference = records_without_file(list(audit_files([plain])))
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, "-m", "chesslaws.cli", "audit", "--jsonl", "--progress", "-"]
    cat = subprocess.Popen(["cat", str(packed["pgn.gz"])], stdout=subprocess.PIPE)
    piped = subprocess.run(
        command, stdin=cat.stdout, capture_output=True, check=True, env=env, text=True
    )
    assert cat.stdout is not None
    cat.stdout.close()
    assert cat.wait() == 0
    assert records_without_file(piped.stdout) == reference
    progress = [line for line in piped.stderr.splitlines() if line.startswith("audit: ")]
    assert re.fullmatch(
        rf"audit: {len(reference)} games, [\d,]+ games/s, [\d.]+ MB read in \d+ s", progress[-1]
    )
    assert not any(" of " in line for line in progress)  # a pipe's size is not known
    assert f"{len(reference)} games: " in piped.stderr  # the summary follows


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server(packed: dict[str, Path]) -> Iterator[str]:
    """A local HTTP server (127.0.0.1, a free port) serving the compressed files."""
    folder = packed["pgn.zst"].parent
    handler = functools.partial(_Quiet, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


def test_a_url_is_read_as_it_comes(plain: Path, packed: dict[str, Path], server: str) -> None:
    pytest.importorskip("fsspec", reason="the audit extra: pip install chesslaws[audit]")
    pytest.importorskip("aiohttp", reason="fsspec reads HTTP with aiohttp (the audit extra)")
    reference = list(audit_files([plain]))
    url = f"{server}/games.pgn.zst"
    seen = Told()
    found = list(audit_files([url], progress=seen))
    assert records_without_file(found) == records_without_file(reference)
    assert {r.file for r in found} == {url}
    size = packed["pgn.zst"].stat().st_size
    assert seen[-1] == (len(reference), size, size)


def test_a_missing_url_is_a_one_line_error(server: str, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("aiohttp", reason="fsspec reads HTTP with aiohttp (the audit extra)")
    with pytest.raises(InputError, match="not found"):
        open_input(f"{server}/nothing.pgn.zst")
    status, out, err = run_cli(capsys, f"{server}/nothing.pgn.zst")
    assert status == 2 and out == ""
    assert err == f"chesslaws: error: cannot read {server}/nothing.pgn.zst: not found\n"


@pytest.mark.parametrize("suffix", ["pgn.zst", "pgn.gz"])
def test_truncated_compressed_data_is_a_clear_error(
    packed: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], suffix: str
) -> None:
    cut = tmp_path / f"cut.{suffix}"
    data = packed[suffix].read_bytes()
    cut.write_bytes(data[: len(data) // 2])
    with pytest.raises(ChessLawsError, match=r"cut\.pgn\.\w+: damaged or truncated \w+ data"):
        list(audit_files([cut]))
    status, _, err = run_cli(capsys, "--jsonl", str(cut))
    assert status == 2 and err.startswith(f"chesslaws: error: {cut}: damaged or truncated")


def test_the_progress_line_tells_the_pace_and_the_time_left() -> None:
    text = progress_text(12_345, 30_000_000, 120_000_000, 10.0)
    assert text == (
        "audit: 12,345 games, 1,234 games/s, 30.0 of 120.0 MB read (25%), about 30 s left"
    )
    assert progress_text(12, 5_000_000, None, 4.0).endswith(" 3 games/s, 5.0 MB read")
    assert "about 2 h 30 min left" in progress_text(1, 1, 4, 3000.0)
    now = [100.0]
    out = io.StringIO()
    with ProgressLine(out, interval=1.0, clock=lambda: now[0]) as line:
        for games in range(1, 6):
            now[0] += 0.4
            line.update(games * 100, games * 1_000_000, 5_000_000)
    assert out.getvalue().splitlines() == [  # at 1.2 s (one interval passed), and the end
        "audit: 300 games, 250 games/s, 3.0 of 5.0 MB read (60%), about 1 s left",
        "audit: 500 games, 250 games/s, 5.0 MB read in 2 s",
    ]


def test_limit_and_sample_on_the_command_line(
    plain: Path, packed: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    _, every, _ = run_cli(capsys, "--jsonl", str(plain))
    games = [json.loads(line)["game"] for line in every.splitlines()]
    _, limited, _ = run_cli(capsys, "--jsonl", "--limit", "4", str(packed["pgn.bz2"]))
    assert [json.loads(line)["game"] for line in limited.splitlines()] == games[:4]
    _, some, _ = run_cli(capsys, "--jsonl", "--sample", "1/3", str(packed["pgn.xz"]))
    chosen = [json.loads(line)["game"] for line in some.splitlines()]
    assert chosen == [g for g in games if sampled(g, (1, 3))] and 0 < len(chosen) < len(games)
    status, _, err = run_cli(capsys, "--sample", "3/2", str(plain))
    assert status == 2 and err.startswith("chesslaws: error: --sample: '3/2': expected 0 < M")
    _, second, _ = run_cli(capsys, "--jsonl", "--part", "2/2", str(packed["pgn.zst"]))
    halves = [json.loads(line)["game"] for line in second.splitlines()]
    assert halves == [g for g in games if in_part(g, (2, 2))] and 0 < len(halves) < len(games)


def test_the_summary_counts_every_finding_kind_and_lists_the_worst(
    plain: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = list(audit_files([EXAMPLES]))
    status, _, err = run_cli(capsys, "--jsonl", str(EXAMPLES))
    assert status == 0
    lines = err.splitlines()
    assert lines[0] == "15 games: 4 clean, 10 faulty, 1 unreadable"
    counted = {}
    for line in lines[2:14]:
        _, code, count, _ = line.split()
        counted[code] = int(count.replace(",", ""))
    assert counted == {
        code: sum(f.code.label == code for r in records for f in r.findings) for code in counted
    }
    assert len(counted) == 12 and counted["result-contradicts-position"] == 6
    worst = [line.strip() for line in lines[lines.index("the worst games:") + 1 :]]
    ranked = sorted(
        records,
        key=lambda r: (
            sum(f.is_fault for f in r.findings),
            r.verdict.value != "clean",
            len(r.findings),
        ),
        reverse=True,
    )
    assert len(worst) == 10
    assert [line.split(":")[0] for line in worst] == [
        f"{EXAMPLES} game {r.game}" for r in ranked[:10]
    ]
    assert worst[0].endswith(
        "threefold-claim-available, result-contradicts-position, play-after-end"
    )


def test_one_compressed_file_is_read_once_by_every_backend(
    plain: Path, packed: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """One reader cuts the stream and hands the games out: the stored bytes read are the file's
    size exactly (never twice), and the records come back in the input's order."""
    reference = records_without_file(list(audit_files([plain])))
    size = packed["pgn.zst"].stat().st_size
    opened: list[str] = []
    real_open = open_input

    def counting_open(name: str) -> Any:
        opened.append(name)
        return real_open(name)

    monkeypatch.setattr("chesslaws.audit._run.open_input", counting_open)
    backends: list[dict[str, Any]] = [{"workers": 2, "games_per_chunk": 3}]
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        backends.append({"dask": client, "games_per_chunk": 5})
        for backend in backends:
            seen = Told()
            found = list(audit_files([packed["pgn.zst"]], progress=seen, **backend))
            assert records_without_file(found) == reference
            assert [games for games, _, _ in seen] == sorted(games for games, _, _ in seen)
            assert seen[-1] == (len(reference), size, size)
    assert opened == [str(packed["pgn.zst"])] * 2
