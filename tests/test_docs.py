"""The examples in the user's documentation run and print what the pages say they print."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"

#: The pages whose examples are written as interpreter sessions (``>>>``).
CHECKED = ("core.md", "clock.md", "endings.md")


@pytest.mark.parametrize("page", CHECKED)
def test_every_example_of_the_page_runs_as_shown(page: str) -> None:
    failures, tried = doctest.testfile(
        str(DOCS / page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried > 0, f"{page} has no examples"
    assert failures == 0, f"{failures} of {tried} examples in docs/{page} do not run as shown"
