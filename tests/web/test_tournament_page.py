"""The tournament page against a real ``chesslaws serve --tournament`` (issue 29): the organiser
pairs a round after a confirmation and gets each board's links; the round's boards show their
clocks and state; a result entered after a confirmation (and none when cancelled) changes the
standings and the crosstable; the live PGN link. Screenshots at desktop and phone size."""

from __future__ import annotations

import io
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from chesslaws.pgn import read_games
from chesslaws.tournament import Event, Player, write_trf

from .conftest import DESKTOP, ORGANISER_TOKEN, PHONE, Server, screenshot_dir

WAIT = 15_000  # ms


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("tournament")
    event = Event(name="Spring Rapid", city="Madrid", system="FIDE_DUTCH_2025",
                  time_control="900+10", total_rounds=5, initial_colour="W")  # fmt: skip
    for number, name in enumerate(("Ana", "Bruno", "Carla", "Dmitri", "Elena"), 1):
        event = event.add_player(Player(number, name, rating=2000 - 10 * number))
    path = folder / "spring.trf"
    path.write_text(write_trf(event), "utf-8")
    running = Server(f"sqlite:///{folder}/games.db", args=["--tournament", str(path)])
    try:
        yield running
    finally:
        running.stop()


def test_the_organiser_pairs_a_round_and_enters_a_result(served: Server, browser: Any) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{served.url}/tournament/spring?token={ORGANISER_TOKEN}")
    page.wait_for_selector("#name:has-text('Spring Rapid')", timeout=WAIT)
    assert "token" not in page.url  # the token leaves the address bar
    pair = page.locator("#pair")
    assert pair.inner_text() == "Pair round 1"

    # Cancelled: nothing is paired.
    pair.click()
    page.locator("#confirm-no").click()
    page.wait_for_timeout(500)
    assert served.request("GET", "/api/tournaments/spring")["rounds_paired"] == 0

    pair.click()
    assert "Pair round 1" in page.locator("#confirm-words").inner_text()
    page.locator("#confirm-yes").click()
    page.wait_for_selector("#links li", timeout=WAIT)
    links = page.locator("#links li a").all_inner_texts()
    assert len(links) == 6 and all("/play/" in x or "/arbiter?" in x for x in links)
    page.wait_for_selector("#pairs tr", timeout=WAIT)
    rows = page.locator("#pairs tr").all_inner_texts()
    assert len(rows) == 2 and "not started" in rows[0]
    assert "Ana" in rows[0] and "Carla" in rows[0]  # 1-3, 4-2: top half against bottom half
    assert "Elena" in page.locator("#byes").inner_text()  # the odd player's bye

    # A result on board 1: asked first; cancelled, nothing is entered
    picker = page.locator("#pairs tr").nth(0).locator("select")
    picker.select_option("1-0")
    assert "Enter 1-0 on board 1" in page.locator("#confirm-words").inner_text()
    page.locator("#confirm-no").click()
    page.wait_for_timeout(300)
    state = served.request("GET", "/api/tournaments/spring")
    assert state["rounds"][0]["pairs"][0]["result"] == "*"
    picker.select_option("1-0")
    page.locator("#confirm-yes").click()
    page.wait_for_function(
        "document.querySelector('#pairs tr .result-cell').textContent === '1-0'", timeout=WAIT
    )
    state = served.request("GET", "/api/tournaments/spring")
    assert {p["number"]: p["points"] for p in state["players"]}[1] == 1.0
    page.wait_for_function(
        "document.querySelector('#cross tr').textContent.includes('3w1')", timeout=WAIT
    )
    standings = page.locator("#standings tr").first.inner_text()
    assert "Ana" in standings

    # The live PGN the page links to: the round's games, read back.
    href = page.locator("#broadcast").get_attribute("href")
    with urllib.request.urlopen(served.url + href, timeout=10) as answer:
        games = list(read_games(io.StringIO(answer.read().decode())))
    assert [g.tags["Board"] for g in games] == ["1", "2"]
    assert [g.tags["White"] for g in games] == ["Ana", "Dmitri"]

    folder = screenshot_dir()
    page.screenshot(path=str(folder / "tournament-desktop.png"), full_page=True)
    phone = browser.new_page(viewport=PHONE)
    phone.goto(f"{served.url}/tournament/spring")
    phone.wait_for_selector("#pairs tr", timeout=WAIT)
    assert phone.locator("#organiser").is_hidden()  # no token: no organiser's acts
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a phone"
    phone.screenshot(path=str(folder / "tournament-phone.png"), full_page=True)
    phone.close()
    page.close()


def test_an_unknown_tournament_says_so(served: Server, browser: Any) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{served.url}/tournament/nothing-here")
    page.wait_for_selector("#notice:has-text('No such tournament')", timeout=WAIT)
    page.close()


