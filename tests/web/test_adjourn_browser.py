"""An adjourned game through the pages, in a real Chromium against the real server (Guidelines
I): the arbiter adjourns from his console (asked to confirm), White writes his sealed move on his
page, changes it, then makes a move on the board, which becomes his sealed move (I.1.1); the
players and the spectator see "adjourned, resumes at …" and never the sealed move, the console
shows the envelope (I.2, I.3), and the session resumes and the envelope is opened from the
console (I.7, I.9). Screenshots of the adjourned game go to :func:`screenshot_dir`."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from .conftest import Server, screenshot_dir
from .test_browser import WAIT, drag, open_page, sans, wait_moves, wait_started

pytestmark = pytest.mark.slow


def _confirm(page: Any, words: str) -> None:
    """The console asks first: the question names the act; the arbiter says yes."""
    page.locator("#confirm-dialog[open]").wait_for(timeout=WAIT)
    assert words in page.inner_text("#confirm-words")
    page.click("#confirm-yes")


def _turn(page: Any, pattern: str) -> None:
    page.wait_for_function(
        f"/{pattern}/.test(document.querySelector('#turn').innerText)", timeout=WAIT
    )


def _move(page: Any, start: str, end: str, count: int) -> None:
    drag(page, start, end)
    wait_moves(page, count)
    page.click("#press")


def test_an_adjournment_and_its_resumption_through_the_pages(server: Server, browser: Any) -> None:
    game = server.create_game(time_control="5400+30", white="Anna", black="Boris",
                              rules={"default_time": 3600})  # fmt: skip
    gid = game["id"]
    seats = game["seats"]
    arbiter = open_page(browser, f"{server.url}/arbiter?game={gid}&token={game['arbiter']}")
    watch = open_page(browser, f"{server.url}/watch/{gid}")
    white = open_page(browser, f"{server.url}/play/{gid}?token={seats['white']}")
    black = open_page(browser, f"{server.url}/play/{gid}?token={seats['black']}")
    wait_started(white, black)
    _move(white, "e2", "e4", 1)
    black.wait_for_selector(".clock[data-color=black].running", timeout=WAIT)
    _move(black, "e7", "e5", 2)
    white.wait_for_selector(".clock[data-color=white].running", timeout=WAIT)

    # The arbiter adjourns, with the time of resumption (I.2.7), after confirming.
    resumes = (datetime.now() + timedelta(days=1)).replace(hour=14, minute=30)
    arbiter.fill("#resumes", resumes.strftime("%Y-%m-%dT%H:%M"))
    arbiter.click("#adjourn")
    _confirm(arbiter, "Adjourn the game (I.1)? Anna seals his move; play resumes at")
    _turn(white, "write your sealed move, then stop your clock")
    _turn(black, "Anna seals his move")
    assert black.locator("#seal-form").is_hidden()

    # White writes Nc3, changes it to Bb5, then makes Bc4 on the board: the move made is his
    # sealed move (I.1.1); he stops his clock: sealed.
    white.fill("#seal-move", "Nc3")
    white.click("#seal-write")
    white.wait_for_function("/Written: Nc3/.test(document.querySelector('#seal-state').innerText)",
                            timeout=WAIT)  # fmt: skip
    white.fill("#seal-move", "Bb5")
    white.click("#seal-write")
    white.wait_for_function("/Written: Bb5/.test(document.querySelector('#seal-state').innerText)",
                            timeout=WAIT)  # fmt: skip
    drag(white, "f1", "c4")
    white.wait_for_function(
        "/Written: a move made on the board/.test(document.querySelector('#seal-state').innerText)",
        timeout=WAIT,
    )
    assert sans(white) == ["e4", "e5"]  # the board keeps the position before it (I.5)
    white.screenshot(path=str(screenshot_dir() / "adjourned-sealing-player.png"), full_page=True)
    white.click("#seal-stop")
    for page in (white, black, watch):
        _turn(page, "Adjourned: Anna has sealed move 2\\. Resumes at ")
        assert "30" in page.inner_text("#turn")  # 14:30, in the page's own words
    assert white.locator("#seal-form").is_hidden()
    arbiter.wait_for_function("/f1c4/.test(document.querySelector('#envelope').innerText)",
                              timeout=WAIT)  # fmt: skip
    envelope = arbiter.inner_text("#envelope")
    assert "Anna" in envelope and "Move number\n2" in envelope.replace("\t", "\n")
    assert "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w" in envelope
    folder = screenshot_dir()
    for name, page in (("player", black), ("spectator", watch), ("arbiter", arbiter)):
        page.screenshot(path=str(folder / f"adjourned-{name}.png"), full_page=True)
    # Nothing of the sealed move on the opponent's or the spectator's page (a text or markup).
    for page in (black, watch):
        html = page.content()
        for secret in ("Bc4", "f1c4", "Bb5", "f1b5", "Nc3", "b1c3"):
            assert secret not in html, secret
    assert sans(black) == ["e4", "e5"]

    # The session resumes (I.9), both at the board: the envelope is opened (I.7) from the
    # console, 2.Bc4 is made, Black's clock runs.
    arbiter.click("#resume-session")
    _confirm(arbiter, "Resume the session (I.9)?")
    _turn(black, "the envelope is opened when Boris is at the board")
    arbiter.wait_for_function("!document.querySelector('#open-envelope').disabled", timeout=WAIT)
    arbiter.click("#open-envelope")
    _confirm(arbiter, "Open the envelope (I.7, I.9)?")
    for page in (white, black, watch):
        wait_moves(page, 3)
        assert sans(page)[-1] == "Bc4"
    _turn(black, "Your move")
    black.wait_for_selector(".clock[data-color=black].running", timeout=WAIT)
    assert arbiter.locator("#envelope").is_hidden()
    opened = black.locator("#rulings li[data-ruling=adjournment]").last.inner_text()
    assert "The envelope is opened: White's sealed move Bc4 is made" in opened
    for page in (white, black, watch, arbiter):
        assert page.errors == [], page.errors
        page.context.close()
