"""The accessible web board in a real Chromium against the real server (issue 28, Appendix D).

A game to mate played by the keyboard alone: White is visually disabled in the game's rules
(``appendix_d``, D.1), so his page turns the accessible mode on, announces his moves to the
arbiter for him (D.2.1, D.2.10.2; his press counts only after it, D.2.3-D.2.4), reads the
opponent's moves out in a live region as the Laws announce them, and reads the clocks only
when he asks (D.2.6.1; 12.6). Black, sighted, plays by keyboard in the ordinary mode (Enter on
the board, Space presses the clock). The accessibility tree is checked (the board a grid of
named cells; every control with a role and a name), and axe-core (shipped inside
``axe-playwright-python``, no network) finds no serious or critical violation on the player's,
spectator's, arbiter's and home pages.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import DESKTOP, Server
from .test_browser import WAIT, open_page, wait_moves, wait_started

pytestmark = pytest.mark.slow

SHOTS = Path("/tmp/chesslaws-a11y")


def focused(page: Any) -> dict[str, str]:
    info: dict[str, str] = page.evaluate(
        """() => { const e = document.activeElement;
        return { role: e.getAttribute('role') || e.tagName.toLowerCase(),
                 name: e.getAttribute('aria-label') || e.textContent.trim(),
                 square: e.dataset.square || '' }; }"""
    )
    return info


def tab_to_board(page: Any) -> list[dict[str, str]]:
    """Tab from the top of the page to the board's cell; the stops passed on the way."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    stops = []
    for _ in range(40):
        page.keyboard.press("Tab")
        stop = focused(page)
        stops.append(stop)
        if stop["role"] == "gridcell":
            return stops
    raise AssertionError(f"Tab never reached the board: {stops}")


def keys(page: Any, *names: str) -> None:
    for name in names:
        page.keyboard.press(name)


def spoken(page: Any) -> str:
    text: str = page.inner_text("#announcer")
    return text


def wait_spoken(page: Any, pattern: str) -> None:
    page.wait_for_function(
        "p => new RegExp(p).test(document.querySelector('#announcer').textContent)",
        arg=pattern, timeout=WAIT,
    )


def unnamed_controls(page: Any) -> list[str]:
    """Lines of the page's ARIA snapshot that are a control without a name."""
    snapshot: str = page.locator("body").aria_snapshot()
    roles = "button|checkbox|radio|textbox|combobox|link|gridcell|spinbutton|slider"
    bare = re.compile(rf"^\s*- ({roles})(\s*\[[^\]]*\])?:?\s*$")
    return [line for line in snapshot.splitlines() if bare.match(line)]


def serious_violations(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def test_a_game_to_mate_by_keyboard_alone_with_a_screen_reader_tree(
    server: Server, browser: Any
) -> None:
    SHOTS.mkdir(exist_ok=True)
    game = server.create_game(
        time_control="300+2", white="Anna", black="Boris",
        rules={"appendix_d": {"visually_disabled": ["white"], "tactile_board": False}},
    )
    gid, seats = game["id"], game["seats"]
    watch = open_page(browser, f"{server.url}/watch/{gid}")
    white = open_page(browser, f"{server.url}/play/{gid}?token={seats['white']}")
    black = open_page(browser, f"{server.url}/play/{gid}?token={seats['black']}")
    wait_started(white, black)

    # D.1: the rules name White visually disabled: his page is in the accessible mode.
    assert white.is_checked("#accessible") and not black.is_checked("#accessible")

    # The board is a grid of eight rows of named cells, White's from his side; every control
    # of the page has a role and a name.
    tree = white.locator("#board").aria_snapshot()
    assert 'grid "chess board"' in tree
    assert tree.count("- row") == 8 and tree.count("- gridcell") == 64
    assert '- gridcell "a8, black rook"' in tree.splitlines()[2]
    assert '- gridcell "e4, empty"' in tree
    for page in (white, black, watch):
        assert unnamed_controls(page) == []

    # Focus order: the header's link, then the board's one tab stop (a roving tabindex).
    stops = tab_to_board(white)
    assert stops[-1] == {"role": "gridcell", "name": "e2, white pawn", "square": "e2"}
    assert all(s["role"] != "gridcell" for s in stops[:-1])

    # 1. f3: f2 picked up with Space (a touch), put down on f3 with Space (the move made);
    # the page announces it for him; C presses the clock.
    keys(white, "ArrowRight")
    assert focused(white)["name"] == "f2, white pawn"
    keys(white, "Space")
    assert focused(white)["name"] == "f2, white pawn, in your hand"
    keys(white, "ArrowUp", "Space")
    wait_moves(white, 1)
    wait_spoken(white, "Anna: f3")
    keys(white, "c")
    black.wait_for_selector(".clock[data-color=black].running", timeout=WAIT)

    # Black, by keyboard in the ordinary mode: Enter picks up and puts down, Space presses.
    stops = tab_to_board(black)
    assert stops[-1] == {"role": "gridcell", "name": "e7, black pawn", "square": "e7"}
    keys(black, "Enter", "ArrowUp", "ArrowUp", "Enter")
    wait_moves(black, 2)
    keys(black, "Space")
    white.wait_for_selector(".clock[data-color=white].running", timeout=WAIT)
    wait_spoken(white, "^Boris: e5$")  # the opponent's move read out (D.2.1)

    # White asks for the times (D.2.6.1): read out, and logged for the arbiter.
    keys(white, "t")
    wait_spoken(white, r"^Anna \d:\d\d, Boris \d:\d\d")
    white.locator("#rulings li[data-ruling=announcement]").wait_for(timeout=WAIT)

    # 2. g4: from f3 the cursor goes to g2 (right, down), g4 (up, up).
    keys(white, "ArrowRight", "ArrowDown", "Space", "ArrowUp", "ArrowUp", "Space")
    wait_moves(white, 3)
    keys(white, "c")
    black.wait_for_selector(".clock[data-color=black].running", timeout=WAIT)

    # 2... Qh4#, on Black's board turned to him: from e5 to d8 (right, down x3), then h4
    # (left x4, up x4).
    keys(black, "ArrowRight", "ArrowDown", "ArrowDown", "ArrowDown")
    assert focused(black)["name"] == "d8, black queen"
    keys(black, "Enter", *["ArrowLeft"] * 4, *["ArrowUp"] * 4, "Enter")
    wait_moves(black, 4)
    for page in (white, black, watch):
        page.locator("#result:not([hidden])").wait_for(timeout=WAIT)
        assert page.get_attribute("#result", "data-result") == "0-1"
    wait_spoken(white, "^Boris: Queen h4, checkmate$")
    white.screenshot(path=str(SHOTS / "accessible-play-mate.png"))

    # Nothing was refused on the way: the announcements came before the presses (D.2.3).
    assert white.locator("#rulings li.rejected-here").count() == 0
    log = server.text("GET", f"/api/games/{gid}/log")
    assert log.count('"type": "announce"') == 2 and log.count('"type": "request_time"') == 1
    for page in (white, black, watch):
        assert page.errors == []


def test_axe_finds_no_serious_violation_on_the_pages(server: Server, browser: Any) -> None:
    SHOTS.mkdir(exist_ok=True)
    game = server.create_game(
        time_control="300+2", white="Anna", black="Boris",
        rules={"appendix_d": {"visually_disabled": ["black"]}},
    )
    gid, seats = game["id"], game["seats"]
    pages = {
        "home": f"{server.url}/",
        "play": f"{server.url}/play/{gid}?token={seats['black']}",
        "watch": f"{server.url}/watch/{gid}",
        "arbiter": f"{server.url}/arbiter?game={gid}&token={game['arbiter']}",
    }
    found = {}
    for name, url in pages.items():
        context = browser.new_context(viewport=DESKTOP)
        page = context.new_page()
        page.goto(url)
        page.wait_for_load_state("networkidle")
        if name != "home":
            page.wait_for_function("document.body.dataset.connected === 'yes'", timeout=WAIT)
        found[name] = serious_violations(page)
        if name == "play":
            page.locator("#board .cell[data-square=e7]").focus()
            page.screenshot(path=str(SHOTS / "accessible-play-black.png"))
        context.close()
    assert found == {name: [] for name in pages}
