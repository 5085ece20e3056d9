"""Fixtures: a real ``chesslaws serve`` on loopback, on SQLite or on a fresh PostgreSQL schema."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from chesslaws.server.testing import ServerProcess, postgres_schema

POSTGRES_ENV = "CHESSLAWS_TEST_POSTGRES"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server per test module on a fresh SQLite file."""
    path = tmp_path_factory.mktemp("server") / "games.db"
    with ServerProcess(f"sqlite:///{path}") as process:
        yield process


@pytest.fixture
def alone(pytestconfig: pytest.Config) -> bool:
    """Whether the run has the machine to itself (``--alone``): see ``_load.others_bound``."""
    return bool(pytestconfig.getoption("--alone"))


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh schema of the PostgreSQL database ``$CHESSLAWS_TEST_POSTGRES``, or a skip."""
    psycopg = pytest.importorskip("psycopg")
    base = os.environ.get(POSTGRES_ENV, "postgresql:///chesslaws_test")
    try:
        manager = postgres_schema(base)
        url = manager.__enter__()
    except psycopg.Error as error:
        pytest.skip(f"no PostgreSQL at {base} (set {POSTGRES_ENV}): {error}".strip())
    try:
        yield url
    finally:
        manager.__exit__(None, None, None)
