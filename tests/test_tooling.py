"""The code base stays ``mypy --strict`` and ``ruff`` clean; CI runs these with the tests."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_mypy_strict_is_clean() -> None:
    pytest.importorskip("mypy")
    result = _run(sys.executable, "-m", "mypy", "--strict", "src")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    folders = [name for name in ("src", "tests", "benchmarks") if (ROOT / name).is_dir()]
    result = _run(ruff, "check", *folders)
    assert result.returncode == 0, result.stdout + result.stderr
