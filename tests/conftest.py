"""Shared fixtures: where the test data lives.

Data tests read ``../shared/data`` beside the checkout when it is there, else the part of it the
repository may hold, ``tests/data`` (the project's own generated games and small parts of
permissively licensed files, each with its notice: ``tests/data/README.md``), and skip, saying
which file is missing, only where neither has it. ``CHESSLAWS_NO_SHARED=1`` hides
``../shared`` (CI runs the data tests so once, as a fresh clone would).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
HELD_DATA = Path(__file__).resolve().parent / "data"
NO_SHARED = os.environ.get("CHESSLAWS_NO_SHARED", "") not in ("", "0")


def data_folders() -> list[Path]:
    """Where test data is looked for, first found first: ``../shared/data``, ``tests/data``."""
    return [HELD_DATA] if NO_SHARED else [SHARED_DATA, HELD_DATA]


def find_data(*parts: str) -> Path | None:
    """Path to a test data file or folder (see the module text), or None if none holds it."""
    for folder in data_folders():
        path = folder.joinpath(*parts)
        if path.exists():
            return path
    return None


def shared_data(*parts: str) -> Path:
    """Path to a test data file (see the module text); skips the test, saying which file is
    missing, where neither ``../shared/data`` nor ``tests/data`` has it."""
    path = find_data(*parts)
    if path is None:
        where = " nor ".join(str(folder) for folder in data_folders())
        pytest.skip(f"test data {'/'.join(parts)} not found in {where}")
    return path


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--deep",
        action="store_true",
        help="also run the tests marked 'deep' (perft of billions of nodes: hours)",
    )
    parser.addoption(
        "--alone",
        action="store_true",
        help="the run has the machine to itself (no -n): the tests marked 'latency' hold the "
        "other games' move->ruling p99 to issue 25's flat 50 ms instead of a bound relative "
        "to the same load just before",
    )


def pytest_configure(config: pytest.Config) -> None:
    """``--alone`` means one process: with test workers beside each other, the latency of one
    test's games is the other worker's load as much as the server's."""
    if config.getoption("--alone") and config.getoption("numprocesses", None) not in (None, 0):
        raise pytest.UsageError("--alone runs the tests in one process: drop -n")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect ``deep`` tests unless ``--deep`` is given, whatever ``-m`` says; run the
    ``slow`` tests first on both workers, and the short ones fill the gaps.

    xdist's work stealing hands each of two workers one contiguous half of the list at the
    start: with every slow test at the head of the list they all ran on the first worker, one
    after another (the whole run took 24.5 minutes in CI). So each half begins with every other
    slow test."""
    if not config.getoption("--deep"):
        deep = [item for item in items if item.get_closest_marker("deep") is not None]
        if deep:
            config.hook.pytest_deselected(items=deep)
            items[:] = [item for item in items if item.get_closest_marker("deep") is None]
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    fast = [item for item in items if item.get_closest_marker("slow") is None]
    first, second = slow[0::2], slow[1::2]
    room = max(0, len(items) // 2 - len(first))
    items[:] = [*first, *fast[:room], *second, *fast[room:]]


@pytest.fixture
def speak() -> Iterator[Callable[[str, str], str]]:
    """``speak(lang, text)``: ``text`` as the command line shows it in ``lang`` (issue 31: a
    :class:`~chesslaws._words.Words` from the catalogs, any other text as it is); the CLI's
    language is restored afterwards."""
    from chesslaws.cli import _i18n

    before = _i18n._current

    def speak(lang: str, text: str) -> str:
        _i18n.use_language(lang)
        return _i18n.render(text)

    yield speak
    _i18n._current = before
