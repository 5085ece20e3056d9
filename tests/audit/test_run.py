"""Whole files on every backend: the same records in the same order."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from chesslaws import pgn
from chesslaws.audit import AuditRecord, audit_files, audit_game, plan_chunks
from tests.conftest import shared_data

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "collection.pgn"


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Examples, a broken game, a BOM and 40 real games: several chunks of a few games."""
    path = tmp_path_factory.mktemp("audit") / "mixed.pgn"
    selfplay = shared_data("pgn", "selfplay.pgn").read_bytes()
    cut = selfplay.index(b'[Event "Self-play corpus"]', 1)
    for _ in range(39):
        cut = selfplay.index(b'[Event "Self-play corpus"]', cut + 1)
    path.write_bytes(
        b"\xef\xbb\xbf"
        + EXAMPLES.read_bytes()
        + b'\n[Event "broken"]\n[White "x\n\n1. e4 {open\n\n'
        + selfplay[:cut]
    )
    return path


def serial_reference(path: Path) -> list[AuditRecord]:
    return [audit_game(game, str(path)) for game in pgn.read_games(path)]


def test_chunks_cover_the_file_at_game_boundaries(mixed: Path) -> None:
    chunks = list(plan_chunks(mixed, games_per_chunk=4))
    assert sum(len(c.data) for c in chunks) == os.path.getsize(mixed)
    assert [c.offset for c in chunks] == sorted({c.offset for c in chunks})
    assert chunks[0].first_game == 1 and chunks[1].first_game == 5
    games = list(pgn.read_games(mixed))
    assert chunks[-1].first_game + 3 >= len(games) >= chunks[-1].first_game
    for chunk in chunks[1:]:
        assert chunk.data.startswith(b"[")
        assert games[chunk.first_game - 1].line == chunk.first_line


def test_serial_run_equals_game_by_game(mixed: Path) -> None:
    reference = serial_reference(mixed)
    assert len(reference) == 15 + 1 + 40
    assert list(audit_files([mixed], games_per_chunk=5)) == reference


def test_serial_run_reads_from_the_start_and_tells_its_progress(mixed: Path) -> None:
    reference = serial_reference(mixed)
    seen: list[tuple[int, int]] = []
    records = list(
        audit_files(
            [mixed, EXAMPLES], games_per_chunk=7, progress=lambda *at: seen.append(at)
        )
    )
    assert records[: len(reference)] == reference
    assert [r.game for r in records[len(reference) :]] == list(range(1, 16))
    total = os.path.getsize(mixed) + os.path.getsize(EXAMPLES)
    done = [at for at, _ in seen]
    assert done == sorted(done) and len(done) >= len(records) // 7
    assert seen[-1] == (total, total) and (os.path.getsize(mixed), total) in seen


def test_local_processes_give_the_same_records_in_order(mixed: Path) -> None:
    reference = serial_reference(mixed)
    seen: list[tuple[int, int]] = []
    records = list(
        audit_files(
            [mixed, EXAMPLES],
            workers=2,
            games_per_chunk=3,
            progress=lambda done, total: seen.append((done, total)),
        )
    )
    assert records[: len(reference)] == reference
    assert [r.game for r in records[len(reference) :]] == list(range(1, 16))
    assert seen[-1][0] == seen[-1][1] == os.path.getsize(mixed) + os.path.getsize(EXAMPLES)


def test_dask_local_cluster_gives_the_same_records_in_order(mixed: Path) -> None:
    distributed = pytest.importorskip("distributed")
    reference = serial_reference(mixed)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        by_client = list(audit_files([mixed], dask=client, games_per_chunk=4))
        by_address = list(audit_files([mixed], dask=cluster.scheduler_address, games_per_chunk=7))
    assert by_client == reference
    assert by_address == reference


def test_unreadable_file_fails_before_any_work(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        list(audit_files([EXAMPLES, tmp_path / "missing.pgn"]))
