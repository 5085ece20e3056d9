"""The optional compiled build (docs/compiled.md): which modules run compiled.

CI builds the compiled wheel and runs ``tests/core``, ``tests/pgn`` and ``tests/endings``
against it with ``CHESSLAWS_EXPECT_COMPILED=1``: then every module of the compiled packages must
be an extension module, so the run really tested the compiled code and not the sources beside
it. Without the variable, the build under test is the pure one and these tests say so.
"""

from __future__ import annotations

import ast
import importlib
import os
import pkgutil
import re
from pathlib import Path

import pytest

import chesslaws

#: The packages ``setup.py`` compiles when asked.
COMPILED_PACKAGES = ("core", "pgn", "endings")

EXPECT_COMPILED = os.environ.get("CHESSLAWS_EXPECT_COMPILED", "") not in ("", "0")


def _modules() -> list[str]:
    names = []
    for package in COMPILED_PACKAGES:
        name = f"chesslaws.{package}"
        names.append(name)
        path = importlib.import_module(name).__path__
        names += [f"{name}.{info.name}" for info in pkgutil.iter_modules(path)]
    return sorted(set(names))


def _compiled(name: str) -> bool:
    return Path(importlib.import_module(name).__file__ or "").suffix in (".so", ".pyd")


def test_setup_compiles_the_packages_named_here() -> None:
    setup = Path(__file__).resolve().parents[2] / "setup.py"
    if not setup.exists():
        pytest.skip(f"{setup} not found (an installed copy of the tests)")
    found = re.search(r"^COMPILED_PACKAGES = (\(.*\))$", setup.read_text(), re.MULTILINE)
    assert found is not None and ast.literal_eval(found[1]) == COMPILED_PACKAGES


def test_the_build_under_test_is_the_one_asked_for() -> None:
    modules = _modules()
    assert "chesslaws.core._position" in modules and "chesslaws.pgn._reader" in modules
    wrong = [
        f"{name} ({importlib.import_module(name).__file__})"
        for name in modules
        if _compiled(name) != EXPECT_COMPILED
    ]
    build = "compiled (CHESSLAWS_EXPECT_COMPILED=1)" if EXPECT_COMPILED else "pure"
    assert not wrong, f"the {build} build was asked for; these are not: " + ", ".join(wrong)


def test_the_rest_stays_python() -> None:
    """The arbiter, the clock and the auditor are not compiled (docs/compiled.md)."""
    for name in ("chesslaws.arbiter", "chesslaws.clock", "chesslaws.audit"):
        assert not _compiled(name)
    assert Path(chesslaws.__file__ or "").suffix == ".py"
