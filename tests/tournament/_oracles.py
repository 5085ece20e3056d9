"""The tournament oracles of ``../shared/tools`` (bbpPairings, tiebreakserver), run as programs.

They are test oracles only: run in their own processes, never imported. A test that needs one
skips, saying why, when ``../shared/tools`` is absent.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

#: ``../shared/tools`` beside the checkout, or ``CHESSLAWS_SHARED_TOOLS`` (a git worktree's
#: checkout lies elsewhere).
TOOLS = Path(
    os.environ.get("CHESSLAWS_SHARED_TOOLS")
    or Path(__file__).resolve().parents[2].parent / "shared" / "tools"
)
BBP = TOOLS / "bbpPairings" / "bbpPairings"
TIEBREAK = TOOLS / "tiebreakserver" / "tiebreakchecker.py"
#: tiebreakserver needs networkx, kept out of chesslaws' environment: the system python has it.
SYSTEM_PYTHON = shutil.which("python3", path="/usr/bin:/bin") or "python3"


def need(tool: Path) -> Path:
    if not tool.exists():
        pytest.skip(f"oracle not found (../shared/tools absent): {tool}")
    return tool


def generate(path: Path, seed: int, **config: int) -> str:
    """A random tournament by ``bbpPairings --dutch -g`` (JaVaFo's RTG keys), as text."""
    config_file = path.with_suffix(".cfg")
    config_file.write_text("".join(f"{key}={value}\n" for key, value in config.items()))
    subprocess.run(
        [need(BBP), "--dutch", "-g", config_file, "-o", path, "-s", str(seed)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    return path.read_text()


def bbp(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [need(BBP), "--dutch", *args], capture_output=True, text=True, timeout=300
    )


def tiebreaks(path: Path, names: list[str]) -> str:
    """What ``tiebreakchecker.py -i path -c -dT -t names...`` prints."""
    return tiebreaks_with(path, names, [])


def tiebreaks_with(path: Path, names: list[str], options: list[str]) -> str:
    """The same with more options (``-s``: a Swiss event; ``-u 1400``: unrated players' rating)."""
    done = subprocess.run(
        [SYSTEM_PYTHON, need(TIEBREAK), "-i", path, "-c", "-dT", *options, "-t", *names],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode not in (0, 1):
        raise AssertionError(f"tiebreakchecker failed: {done.stderr}")
    return done.stdout
