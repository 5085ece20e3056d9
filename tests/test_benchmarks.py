"""The benchmarks still run: the perft part of ``bench_core`` on every position it times, at a
small size (a benchmark that stops on a position the strict FEN reader refuses measures
nothing; the other benchmarks are run by their own tests)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.conftest import shared_data

ROOT = Path(__file__).resolve().parents[1]


def test_bench_core_perft_reads_and_agrees_on_every_position() -> None:
    pytest.importorskip("chess")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench_core
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    cases = bench_core.read_tricky(2_000, shared_data("perft", "tricky.perft"))
    assert len(cases) >= 18
    small = [bench_core.PerftCase(c.name, c.fen, c.chess960, 1, None) for c in cases]
    rows, nodes, _, _ = bench_core.bench_perft(small, 1)
    assert len(rows) == len(small) and nodes > 0
