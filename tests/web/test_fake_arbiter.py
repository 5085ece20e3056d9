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


# Issue 27's actions: (what the arbiter fills in, the button, the event sent, words asked).
NEW_ACTIONS: list[tuple[dict[str, str], str, dict[str, Any], str | None]] = [
    ({"#restore-moves": "4"}, "#restore", {"action": "restore", "moves": 4},
     "Restore the position after 4 moves"),
    ({"#restore-moves": "2", "#restore-article": "7.1"}, "#restore",
     {"action": "restore", "moves": 2, "article": "7.1"}, "(Art. 7.1)"),
    ({}, "[data-action=set_up_wrong]", {"action": "set_up_wrong"}, "7.2.1"),
    ({}, "[data-action=board_orientation]", {"action": "board_orientation"}, "7.2.2"),
    ({}, "[data-action=colours_reversed]", {"action": "colours_reversed"}, "7.3"),
    ({"#control": " 5400+30 "}, "#set-control",
     {"action": "set_control", "time_control": "5400+30"}, "Install the time control 5400+30"),
    ({}, "[data-action=reconstruct]", {"action": "reconstruct"}, "update the scoresheets (8.5)"),
    ({}, "[data-action=flags_unordered]", {"action": "flags_unordered"}, "III.3.1"),
    ({"#warn-player": "black", "#penalty-article": "11.2"}, "#fine",
     {"action": "fine", "player": "black", "article": "11.2"}, "Record a fine for Black (Boris)"),
    ({"#warn-player": "black"}, "#exclusion", {"action": "exclusion", "player": "black"},
     "Exclude Black (Boris)"),
    ({"#warn-player": "white"}, "#expulsion", {"action": "expulsion", "player": "white"},
     "Expel White (Anna)"),
    ({"#warn-player": "white"}, "#device", {"action": "device", "player": "white"},
     "electronic device"),
    ({"#time-player": "black", "#time-seconds": "30"}, "#take-time",
     {"action": "add_time", "player": "black", "seconds": -30, "article": "12.9.3"},
     "Take 30 s from the clock of Black (Boris) (Art. 12.9.3)?"),
    ({"#amend-result": "1/2-0", "#amend-reason": "arbiter", "#amend-article": "12.9.4"},
     "#amend", {"action": "amend_result", "result": "1/2-0", "reason": "arbiter",
                "article": "12.9.4"}, "Amend the result of the game to 1/2-0"),
    ({"#warn-player": "black", "#penalty-article": "11.2"}, "#warn",
     {"action": "warning", "player": "black", "article": "11.2"}, None),
]


def fill(page: Any, fields: dict[str, str]) -> None:
    for selector, value in fields.items():
        if selector.endswith(("-player", "-result", "-reason")):
            page.select_option(selector, value)
        else:
            page.fill(selector, value)


def test_issue_27s_actions_ask_where_they_end_amend_or_set_and_send_the_event(
    fake: FakeServer, browser: Any
) -> None:
    page = open_console(browser, fake)
    dialog = page.locator("#confirm-dialog")
    # An amended result offers the reasons of a declared one, the arbiter's decision first.
    reasons = page.eval_on_selector_all("#amend-reason option", "els => els.map(e => e.value)")
    assert reasons == ["arbiter", "default", "flag", "dead_position", "agreement", "resignation",
                       "checkmate"]
    assert page.input_value("#amend-reason") == "arbiter"
    sent = 0
    for fields, button, event, words in NEW_ACTIONS:
        for selector in ("#penalty-article", "#restore-article", "#amend-article"):
            page.fill(selector, "")
        fill(page, fields)
        if words is not None:  # asked: cancel sends nothing, yes sends the event
            page.click(button)
            dialog.wait_for(state="visible")
            assert words in page.inner_text("#confirm-words"), (button, words)
            page.click("#confirm-no")
            page.wait_for_timeout(100)
            assert len(fake.acts_of("arbiter")) == sent, button
            page.click(button)
            page.click("#confirm-yes")
        else:  # a warning goes at once (12.9.1)
            page.click(button)
            assert not dialog.is_visible()
        sent += 1
        assert fake.wait_acts("arbiter", sent)[-1] == {"type": "arbiter", **event}, button
    # No time control written: nothing is asked, nothing sent, the page says what is missing.
    page.fill("#control", "")
    page.click("#set-control")
    page.wait_for_timeout(200)
    assert not dialog.is_visible() and len(fake.acts_of("arbiter")) == sent
    assert "time control" in page.inner_text("#notice")
    assert page.errors == []


def test_the_console_shows_the_new_rulings_and_an_amended_half_point_score(
    fake: FakeServer, browser: Any
) -> None:
    page = open_console(browser, fake)
    restore = {"type": "arbiter", "action": "restore", "moves": 2, "by": "arbiter", "at": 5.0}
    fake.broadcast(event=restore, rulings=[
        {"ruling": "position_restored", "article": "7.6", "note": "position …"}])
    over = {"type": "arbiter", "action": "declare", "result": "1-0", "reason": "arbiter",
            "by": "arbiter", "at": 6.0}
    fake.broadcast(event=over, result="1-0", reason="arbiter", article="12",
                   rulings=[{"ruling": "game_over", "result": "1-0", "reason": "arbiter"}])
    amend = {"type": "arbiter", "action": "amend_result", "result": "1/2-0", "reason": "arbiter",
             "article": "12.9.4", "by": "arbiter", "at": 9.0}
    seq = fake.broadcast(event=amend, result="1/2-0", reason="arbiter", article="12.9.4",
                         rulings=[{"ruling": "result_amended", "result": "1/2-0",
                                   "reason": "arbiter", "article": "12.9.4"}])
    page.wait_for_function(f"Number(document.body.dataset.seq) >= {seq}", timeout=WAIT)
    log = page.inner_text("#actions-log")
    assert "the arbiter restores the position after 2 moves" in log
    assert "An earlier position is restored" in log
    assert "the arbiter amends the result to 1/2-0" in log
    assert "Result amended: 1/2-0 · White scores ½, Black 0" in log
    assert page.inner_text("#result").startswith("1/2-0 · White scores ½, Black 0")
    # The amendment is taken after the game: its form is still there to use.
    assert page.locator("#amend").is_enabled()
    assert page.errors == []


def test_the_console_words_appendix_d_announcements(fake: FakeServer, browser: Any) -> None:
    """D.2.6 and D.2.8 rulings in words, not their codes."""
    page = open_console(browser, fake)
    asked = {"type": "request_time", "by": "white", "at": 3.0}
    fake.broadcast(event=asked, rulings=[
        {"ruling": "announcement", "status": "time", "by": "white", "article": "D.2.6",
         "note": "white 1:30:00, black 1:30:00; moves completed: white 0, black 0"}])
    told = {"type": "announce", "by": "white", "move": "e5", "at": 4.0}
    seq = fake.broadcast(event=told, rulings=[
        {"ruling": "announcement", "status": "differs", "by": "white", "article": "D.2.8"}])
    page.wait_for_function(f"Number(document.body.dataset.seq) >= {seq}", timeout=WAIT)
    rulings = page.inner_text("#rulings")
    assert "White asks for the times (D.2.6)" in rulings
    assert "White's announcement differs from the move made" in rulings
    assert "announcement D.2" not in rulings
    assert page.errors == []
