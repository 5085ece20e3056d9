"""Shared fixtures: where the shared test data lives."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def shared_data(*parts: str) -> Path:
    """Path to a file of ``../shared/data``; skips the test (saying why) if it is absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared test data not found: {path}")
    return path


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--deep",
        action="store_true",
        help="also run the tests marked 'deep' (perft of billions of nodes: hours)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect ``deep`` tests unless ``--deep`` is given, whatever ``-m`` says; run the
    ``slow`` tests first, so that with ``-n 2`` (and work stealing) both workers start on the
    long ones and the short ones fill the gaps."""
    if not config.getoption("--deep"):
        deep = [item for item in items if item.get_closest_marker("deep") is not None]
        if deep:
            config.hook.pytest_deselected(items=deep)
            items[:] = [item for item in items if item.get_closest_marker("deep") is None]
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
