"""The player's and spectator's pages against the fake server (``fake.py``), in Chromium.

Each test scripts what the server of issue 25's contract says (a snapshot, then messages each
carrying the game's view) and checks what the page shows and sends: the pages rule nothing,
so the fake rules nothing either. These tests do not need the real server.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import DESKTOP, PHONE
from .fake import FakeServer

pytestmark = pytest.mark.slow

WAIT = 10_000  # ms


def open_seat(browser: Any, fake: FakeServer, seat: str = "tw", *, phone: bool = False,
              path: str | None = None) -> Any:
    if phone:
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    else:
        context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(fake.url + (path or f"/play/g1?token={seat}"))
    page.wait_for_function("document.body.dataset.connected === 'yes'", timeout=WAIT)
    if path is None:
        page.wait_for_function("document.body.dataset.side !== 'unknown'", timeout=WAIT)
    return page


def wait_seq(page: Any, seq: int) -> None:
    page.wait_for_function(f"Number(document.body.dataset.seq) >= {seq}", timeout=WAIT)


def clock_ms(page: Any, color: str) -> int:
    return int(page.get_attribute(f".clock[data-color={color}] .time", "data-ms") or -1)


def test_space_presses_the_clock_after_an_offer_and_after_a_written_move(
    fake: FakeServer, browser: Any
) -> None:
    fake.views["g1"].update(running="white")
    white = open_seat(browser, fake)
    assert white.evaluate("document.body.dataset.side") == "white"
    # Move, offer, press (9.1.2.1): after the click on "Offer a draw", Space presses the clock.
    white.fill("#move-text", "e4")
    white.press("#move-text", "Enter")
    white.keyboard.press("Space")
    white.click("#offer")
    white.keyboard.press("Space")
    acts = fake.wait_acts("white", 4)
    assert [a["type"] for a in acts] == ["move", "press", "offer_draw", "press"]
    assert acts[0]["move"] == "e4"
    # Typing in the move box, Space is a character, not the clock.
    white.click("#move-text")
    white.keyboard.type("N f3")
    white.wait_for_timeout(200)
    assert len(fake.acts_of("white")) == 4
    assert white.input_value("#move-text") == "N f3"
    assert white.errors == []
