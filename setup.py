"""The optional compiled build (see docs/compiled.md).

``pip install .`` installs pure Python, the default. With ``CHESSLAWS_COMPILE=1`` in the
environment (or ``--config-settings=compile=1``, which the in-tree backend in ``_build/`` turns
into the same variable) the hot packages are compiled to C extensions with mypyc; the Python
sources ship beside them, so nothing else changes.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

#: The packages compiled when asked: the rules, the PGN reader and the endings. The arbiter,
#: the clock and the rest stay Python (docs/compiled.md says why).
COMPILED_PACKAGES = ("core", "pgn", "endings")


def _compiled_modules() -> list[str]:
    root = Path("src/chesslaws")
    return [
        str(path) for package in COMPILED_PACKAGES for path in sorted((root / package).glob("*.py"))
    ]


def _ext_modules() -> list[object]:
    if os.environ.get("CHESSLAWS_COMPILE", "") not in ("1", "yes", "true"):
        return []
    from mypyc.build import mypycify

    return list(mypycify(["--config-file=pyproject.toml", *_compiled_modules()], opt_level="3"))


setup(ext_modules=_ext_modules())
