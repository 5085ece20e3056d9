"""The examples in the clock package's docstrings run and give what they say."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import chesslaws.clock

MODULES = sorted(
    f"chesslaws.clock.{info.name}" for info in pkgutil.iter_modules(chesslaws.clock.__path__)
)


@pytest.mark.parametrize("name", ["chesslaws.clock", *MODULES])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_examples_exist() -> None:
    total = sum(doctest.testmod(importlib.import_module(name)).attempted for name in MODULES)
    assert total >= 20
