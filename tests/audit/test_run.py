"""Whole files on every backend: the same records in the same order."""

from __future__ import annotations

import contextlib
import os
from functools import partial
from pathlib import Path

import pytest

from chesslaws import pgn
from chesslaws.audit import (
    AuditRecord,
    Chunk,
    audit_files,
    audit_game,
    in_part,
    plan_chunks,
    sampled,
)
from chesslaws.audit._input import open_input
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


def chunks_of(path: Path, **options: object) -> list[tuple[Chunk, int]]:
    with contextlib.closing(open_input(str(path))) as source:
        return list(plan_chunks(source, **options))  # type: ignore[arg-type]


def test_chunks_cover_the_file_at_game_boundaries_in_one_pass(mixed: Path) -> None:
    planned = chunks_of(mixed, games_per_chunk=4)
    chunks = [chunk for chunk, _ in planned]
    assert all(len(c.segments) == 1 for c in chunks)
    segments = [c.segments[0] for c in chunks]
    assert sum(len(s.data) for s in segments) == os.path.getsize(mixed)
    assert [s.offset for s in segments] == sorted({s.offset for s in segments})
    assert segments[0].first_game == 1 and segments[1].first_game == 5
    games = list(pgn.read_games(mixed))
    assert [c.games for c in chunks] == [4] * (len(games) // 4) + [len(games) % 4] * (
        len(games) % 4 > 0
    )
    for segment in segments[1:]:
        assert segment.data.startswith(b"[")
        assert games[segment.first_game - 1].line == segment.first_line
    read = [at for _, at in planned]
    assert read == sorted(read) and read[-1] == os.path.getsize(mixed)


def test_a_sample_is_the_same_games_on_every_backend(mixed: Path) -> None:
    reference = serial_reference(mixed)
    chosen = [r for r in reference if sampled(r.game, (1, 3))]
    assert 0 < len(chosen) < len(reference) // 2
    select = partial(sampled, sample=(1, 3))
    chunks = [chunk for chunk, _ in chunks_of(mixed, games_per_chunk=5, select=select)]
    assert sum(c.games for c in chunks) == len(chosen)
    starts = [s.first_game for c in chunks for s in c.segments]
    assert starts[0] == chosen[0].game and set(starts) <= {r.game for r in chosen}
    assert list(audit_files([mixed], sample=(1, 3), games_per_chunk=5)) == chosen
    assert list(audit_files([mixed], sample=(1, 3), workers=2, games_per_chunk=2)) == chosen
    assert list(audit_files([mixed], sample=(3, 3))) == reference


def test_parts_share_a_file_between_runs(mixed: Path) -> None:
    reference = serial_reference(mixed)
    parts = [list(audit_files([mixed], part=(k, 3), workers=k % 2 + 1)) for k in (1, 2, 3)]
    assert all(parts)
    assert sorted((r for part in parts for r in part), key=lambda r: r.game) == reference
    assert [r.game for r in parts[1]] == [r.game for r in reference if in_part(r.game, (2, 3))]


def test_a_limit_stops_after_so_many_games_on_every_backend(mixed: Path) -> None:
    reference = serial_reference(mixed)
    for options in ({}, {"workers": 2, "games_per_chunk": 3}, {"sample": (1, 2)}):
        both = list(audit_files([mixed, mixed], limit=len(reference) + 5, **options))  # type: ignore[arg-type]
        alone = [r for r in reference if sampled(r.game, options.get("sample"))]  # type: ignore[arg-type]
        assert both[: len(alone)] == alone
        assert len(both) == min(len(reference) + 5, 2 * len(alone))
        assert list(audit_files([mixed], limit=7, **options)) == alone[:7]  # type: ignore[arg-type]
    assert list(audit_files([mixed], limit=0)) == []


def test_serial_run_equals_game_by_game(mixed: Path) -> None:
    reference = serial_reference(mixed)
    assert len(reference) == 15 + 1 + 40
    assert list(audit_files([mixed], games_per_chunk=5)) == reference


def test_serial_run_reads_from_the_start_and_tells_its_progress(mixed: Path) -> None:
    reference = serial_reference(mixed)
    seen: list[tuple[int, int, int | None]] = []
    records = list(
        audit_files([mixed, EXAMPLES], games_per_chunk=7, progress=lambda *at: seen.append(at))
    )
    assert records[: len(reference)] == reference
    assert [r.game for r in records[len(reference) :]] == list(range(1, 16))
    total = os.path.getsize(mixed) + os.path.getsize(EXAMPLES)
    done = [read for _, read, _ in seen]
    assert done == sorted(done) and len(done) >= len(records) // 7
    assert [games for games, _, _ in seen] == sorted(games for games, _, _ in seen)
    assert seen[-1] == (len(records), total, total)
    assert (len(reference), os.path.getsize(mixed), total) in seen


def test_local_processes_give_the_same_records_in_order(mixed: Path) -> None:
    reference = serial_reference(mixed)
    seen: list[tuple[int, int, int | None]] = []
    records = list(
        audit_files(
            [mixed, EXAMPLES],
            workers=2,
            games_per_chunk=3,
            progress=lambda *at: seen.append(at),
        )
    )
    assert records[: len(reference)] == reference
    assert [r.game for r in records[len(reference) :]] == list(range(1, 16))
    total = os.path.getsize(mixed) + os.path.getsize(EXAMPLES)
    assert seen[-1] == (len(records), total, total)


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
