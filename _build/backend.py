"""The build backend: setuptools', plus the switch to the optional compiled build.

``pip install .`` builds pure Python. ``CHESSLAWS_COMPILE=1 pip install .`` or
``pip install . --config-settings=compile=1`` builds the hot packages with mypyc (``setup.py``
lists them); only then is mypy asked for, pinned so that every compiled build is the same.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 (every hook not redefined here is setuptools')

#: The mypy (and so mypyc) of the compiled build; the same pin as the ``test`` extra's.
MYPY = "mypy==2.4.1"

_YES = ("1", "yes", "true")


def _compiling(config_settings: dict[str, Any] | None) -> bool:
    asked = str((config_settings or {}).get("compile", "")).lower()
    return asked in _YES or os.environ.get("CHESSLAWS_COMPILE", "").lower() in _YES


def _for_setuptools(config_settings: dict[str, Any] | None) -> dict[str, Any] | None:
    """The settings without ours, which setuptools does not know."""
    if not config_settings:
        return config_settings
    return {key: value for key, value in config_settings.items() if key != "compile"}


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    compiling = _compiling(config_settings)
    # setuptools runs setup.py to find its own needs: before mypy is installed, so without the
    # switch (setup.py would import mypyc, not there yet)
    saved = os.environ.pop("CHESSLAWS_COMPILE", None)
    try:
        needed = _setuptools.get_requires_for_build_wheel(_for_setuptools(config_settings))
    finally:
        if saved is not None:
            os.environ["CHESSLAWS_COMPILE"] = saved
    return [*needed, MYPY] if compiling else needed


def build_wheel(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    if _compiling(config_settings):
        os.environ["CHESSLAWS_COMPILE"] = "1"  # read by setup.py, in this process
    return _setuptools.build_wheel(
        wheel_directory, _for_setuptools(config_settings), metadata_directory
    )
