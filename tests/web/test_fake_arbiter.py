"""The arbiter's console against the fake server (``fake.py``), in Chromium: every action
that starts or ends a game or sets a clock asks first; the chosen game's board and both
clocks fit a 1440×900 screen."""

from __future__ import annotations

from typing import Any

import pytest

from .fake import FakeServer

pytestmark = pytest.mark.slow

WAIT = 20_000  # ms: long enough for a loaded 2-core machine
LAPTOP = {"width": 1440, "height": 900}


def open_console(browser: Any, fake: FakeServer) -> Any:
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(f"{fake.url}/arbiter?game=g1&token=ta")
    page.wait_for_function("document.body.dataset.connected === 'yes'", timeout=WAIT)
    return page


def test_each_action_that_starts_ends_or_sets_a_clock_asks_first(
    fake: FakeServer, browser: Any
) -> None:
    fake.views["g1"].update(started=False)
    page = open_console(browser, fake)
    dialog = page.locator("#confirm-dialog")
    # "Set time" with the default 60 s: asked, cancelled, nothing sent.
    page.click("#set-time")
    dialog.wait_for(state="visible")
    assert page.inner_text("#confirm-words") == "Set the clock of White (Anna) to 1:00?"
    page.click("#confirm-no")
    page.wait_for_timeout(200)
    assert fake.acts_of("arbiter") == []
    # Declare: asked, then sent on yes.
    page.click("#declare")
    assert "End the game: 1-0" in page.inner_text("#confirm-words")
    page.click("#confirm-yes")
    acts = fake.wait_acts("arbiter", 1)
    assert acts == [{"type": "arbiter", "action": "declare", "result": "1-0", "reason": "arbiter"}]
    # The new start (6.6) asks too, and is sent as the contract's action.
    page.click("#start")
    assert "Start the clocks" in page.inner_text("#confirm-words")
    page.keyboard.press("Escape")
    page.click("#start")
    page.click("#confirm-yes")
    assert fake.wait_acts("arbiter", 2)[-1] == {"type": "arbiter", "action": "start"}
    for button in ("#add-time", "#set-moves", "#quickplay", "[data-action=observe_flag]",
                   "[data-action=observe_illegal_move]"):
        page.click(button)
        assert dialog.is_visible(), button
        page.click("#confirm-no")
    assert len(fake.acts_of("arbiter")) == 2
    # Pausing is urgent (6.11): it goes at once.
    page.click("[data-action=pause]")
    assert fake.wait_acts("arbiter", 3)[-1] == {"type": "arbiter", "action": "pause"}
    # The start, once logged, shows on the console and its button is spent.
    seq = fake.broadcast(event={"type": "arbiter", "action": "start", "by": "arbiter", "at": 3.0},
                         started=True, running="white",
                         rulings=[{"ruling": "clock", "status": "started", "article": "6.6"}])
    page.wait_for_function(f"Number(document.body.dataset.seq) >= {seq}", timeout=WAIT)
    assert page.locator("#start").is_disabled()
    assert "the arbiter starts the clocks" in page.inner_text("#actions-log")
    assert page.errors == []


def test_the_chosen_games_board_and_clocks_fit_a_laptop_screen(
    fake: FakeServer, browser: Any
) -> None:
    page = open_console(browser, fake)
    for selector in ("#board svg.board", "#clock-top", "#clock-bottom"):
        box = page.locator(selector).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= LAPTOP["height"], selector
        assert box["x"] + box["width"] <= LAPTOP["width"], selector
    assert page.locator("#board svg.board").bounding_box()["width"] >= 400
