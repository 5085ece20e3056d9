"""A short game in a real Chromium: two seats, a spectator and the arbiter's console.

These tests run against the REAL server (``chesslaws serve``, issue 25's: they skip, saying so,
against an older one); the pages' behaviours one by one are tested against the fake server in
``test_fake_*.py``. White plays with a mouse and the keyboard on a desktop page, Black with taps
on a phone (touch events, narrow screen). Against a real ``chesslaws serve`` they show: touch-
move enforced (4.3.1), presses completing moves (6.2), a draw offer declined (9.1.2.1), a
threefold claim with a written intended move ruled incorrect (9.2.1, 9.5.3), time added by the
arbiter appearing on both players' clocks, a flag (6.8, 6.9) and the result; the spectator sees
the same board, scoresheet and rulings. Screenshots of the three pages at desktop and phone
sizes are written to :func:`screenshot_dir`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from .conftest import DESKTOP, ORGANISER_TOKEN, PHONE, Server, screenshot_dir

pytestmark = pytest.mark.slow

WAIT = 15_000  # ms: long enough for a loaded 2-core machine


def square_center(page: Any, square: str) -> tuple[float, float]:
    box = page.locator("#board svg.board").bounding_box()
    side = page.evaluate("document.body.dataset.side")
    file = "abcdefgh".index(square[0])
    rank = int(square[1]) - 1
    if side == "black":
        x, y = 7 - file, rank
    else:
        x, y = file, 7 - rank
    cell = box["width"] / 8
    return box["x"] + (x + 0.5) * cell, box["y"] + (y + 0.5) * cell


def click(page: Any, square: str) -> None:
    x, y = square_center(page, square)
    page.mouse.click(x, y)


def drag(page: Any, start: str, end: str) -> None:
    x0, y0 = square_center(page, start)
    x1, y1 = square_center(page, end)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=4)
    page.mouse.move(x1, y1, steps=4)
    page.mouse.up()


def tap(page: Any, square: str) -> None:
    x, y = square_center(page, square)
    page.touchscreen.tap(x, y)


def touch_drag(page: Any, start: str, end: str) -> None:
    """A finger drags a piece (touch events through the DevTools protocol)."""
    cdp = page.context.new_cdp_session(page)
    x0, y0 = square_center(page, start)
    x1, y1 = square_center(page, end)

    def touch(kind: str, points: list[tuple[float, float]]) -> None:
        cdp.send("Input.dispatchTouchEvent", {
            "type": kind, "touchPoints": [{"x": x, "y": y} for x, y in points],
        })

    touch("touchStart", [(x0, y0)])
    for step in range(1, 6):
        f = step / 5
        touch("touchMove", [(x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)])
    touch("touchEnd", [])
    cdp.detach()


def sans(page: Any) -> list[str]:
    texts: list[str] = page.eval_on_selector_all(
        "#sheet td.san", "cells => cells.map(c => c.firstChild.textContent)"
    )
    return texts


def rulings(page: Any) -> list[str]:
    texts: list[str] = page.eval_on_selector_all(
        "#rulings li:not(.rejected-here)", "items => items.map(i => i.innerText)"
    )
    return texts


def clock_ms(page: Any, color: str) -> int:
    value = page.get_attribute(f".clock[data-color={color}] .time", "data-ms")
    return int(value or -1)


def wait_clock_above(page: Any, color: str, ms: int) -> None:
    """Wait until ``color``'s clock on ``page`` shows more than ``ms``."""
    where = f".clock[data-color={color}] .time"
    page.wait_for_function(
        f"Number(document.querySelector('{where}').dataset.ms) > {ms}", timeout=WAIT
    )


def wait_moves(page: Any, count: int) -> None:
    page.wait_for_function(
        f"document.querySelectorAll('#sheet td.san').length === {count}", timeout=WAIT
    )


def open_page(browser: Any, url: str, *, phone: bool = False) -> Any:
    if phone:
        context = browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2
        )
    else:
        context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    page.wait_for_function("document.body.dataset.connected === 'yes'", timeout=WAIT)
    if "/play/" in url:
        page.wait_for_function("document.body.dataset.side !== 'unknown'", timeout=WAIT)
    return page


def wait_started(*pages: Any) -> None:
    """Both seats are connected: the clocks start (6.6, the games here start when seated)."""
    for page in pages:
        page.wait_for_function("document.querySelector('#start-line').hidden", timeout=WAIT)


def test_a_game_played_watched_and_arbitrated_in_chromium(server: Server, browser: Any) -> None:
    game = server.create_game(time_control="60+0", white="Anna", black="Boris")
    gid = game["id"]
    seats = game["seats"]
    # The spectator and the arbiter come first: they see every ruling from the start on.
    watch = open_page(browser, f"{server.url}/watch/{gid}")
    arbiter = open_page(browser, f"{server.url}/arbiter?game={gid}&token={game['arbiter']}")
    white = open_page(browser, f"{server.url}/play/{gid}?token={seats['white']}")
    black = open_page(browser, f"{server.url}/play/{gid}?token={seats['black']}", phone=True)

    # The seats know who they are (from their tokens), and the page says what a touch is.
    assert white.evaluate("document.body.dataset.side") == "white"
    assert black.evaluate("document.body.dataset.side") == "black"
    assert "touches" in white.inner_text("#touch-note")
    assert "Anna (you)" in white.inner_text(".clock[data-color=white] .name")
    wait_started(white, black)

    # 4.3.1: White touches e2, then plays the knight: taken back, e2 must move.
    click(white, "e2")
    drag(white, "g1", "f3")
    ruling = white.locator("#rulings li[data-ruling=touch_move]")
    ruling.wait_for(timeout=WAIT)
    assert "must play e3 or e4" in ruling.inner_text()
    assert ruling.locator("a.article").inner_text() == "Art. 4.3.1"
    link = ruling.locator("a.article").get_attribute("href")
    assert link == "/static/laws.html?edition=2023#art-4.3.1"
    white.locator("#duty").wait_for(timeout=WAIT)
    assert "You must move the piece on e2: e3 or e4" in white.inner_text("#duty")
    assert sans(white) == []

    # The pawn goes, the clock is pressed (6.2): Black's clock runs.
    drag(white, "e2", "e4")
    wait_moves(white, 1)
    white.wait_for_function("/Press your clock/.test(document.querySelector('#turn').innerText)",
                            timeout=WAIT)
    white.click("#press")
    for page in (white, black):
        page.wait_for_selector(".clock[data-color=black].running", timeout=WAIT)
        assert page.locator(".clock[data-color=white].running").count() == 0

    # Black, on the phone: taps e7 and e5, offers a draw before pressing (9.1.2.1), presses.
    tap(black, "e7")
    tap(black, "e5")
    wait_moves(black, 2)
    black.tap("#offer")
    white.locator("#decline").wait_for(state="visible", timeout=WAIT)
    black.tap("#press")
    white.wait_for_selector(".clock[data-color=white].running", timeout=WAIT)

    # White declines; the offer's end is ruled.
    white.click("#decline")
    white.wait_for_function(
        "[...document.querySelectorAll('#rulings li')].some(li => /declined/.test(li.innerText))",
        timeout=WAIT,
    )
    white.locator("#offer-box").wait_for(state="hidden", timeout=WAIT)

    # White with the keyboard: Ng1-f3 with the arrows and Enter, Space presses the clock.
    white.locator("#board svg.board").focus()
    keys = ["ArrowRight", "ArrowRight", "ArrowDown", "Enter", "ArrowUp", "ArrowUp", "ArrowLeft"]
    for key in [*keys, "Enter"]:
        white.keyboard.press(key)
    wait_moves(white, 3)
    white.keyboard.press("Space")
    black.wait_for_selector(".clock[data-color=black].running", timeout=WAIT)

    # Black turns "press with the move" on: Ng8-f6 is made and completed at once.
    black.tap("#press-with-move")
    tap(black, "g8")
    tap(black, "f6")
    white.wait_for_selector(".clock[data-color=white].running", timeout=WAIT)
    drag(white, "f3", "g1")
    wait_moves(white, 5)
    white.click("#press")
    black.wait_for_selector(".clock[data-color=black].running", timeout=WAIT)

    # Black claims threefold with the intended move written (9.2.1): the position would stand
    # for the second time only, so the claim is incorrect (9.5.3): White gets a minute (B.3,
    # A.3) and Black must play the written move.
    before = clock_ms(white, "white")
    black.tap("#claim")
    black.check("input[name=kind][value=threefold]")
    black.fill("#claim-move", "Ng8")
    black.tap("#claim-send")
    claim = black.locator("#rulings li[data-ruling=incorrect_claim]")
    claim.wait_for(timeout=WAIT)
    assert "the written move must be played: Ng8" in claim.inner_text()
    assert "White gets 60 s more" in claim.inner_text()
    wait_clock_above(white, "white", before + 50_000)
    black.locator("#duty").wait_for(timeout=WAIT)
    assert "You must play Ng8" in black.inner_text("#duty")  # 9.5.3: the written move
    screenshot(black, "play-black-phone-claim")
    touch_drag(black, "f6", "g8")  # the finger drags the knight back
    white.wait_for_selector(".clock[data-color=white].running", timeout=WAIT)

    # The arbiter adds 30 s to White (12.5): both players' clocks show it.
    seen = {page: clock_ms(page, "white") for page in (white, black)}
    arbiter.select_option("#time-player", "white")
    arbiter.fill("#time-seconds", "30")
    arbiter.fill("#time-article", "12.5")
    arbiter.click("#add-time")
    arbiter.click("#confirm-yes")
    arbiter.locator("#rulings li[data-ruling=penalty]").wait_for(timeout=WAIT)
    assert "White gets 30 s more" in arbiter.inner_text("#rulings li[data-ruling=penalty]")
    for page, ms in seen.items():
        wait_clock_above(page, "white", ms + 25_000)

    # White moves and presses; the arbiter sets Black's clock to 2 s (6.10.2) and the flag
    # falls: the server sees it at once (6.8) and White wins on time (6.9).
    drag(white, "g1", "f3")
    wait_moves(white, 7)
    white.click("#press")
    black.wait_for_selector(".clock[data-color=black].running", timeout=WAIT)
    arbiter.select_option("#time-player", "black")
    arbiter.fill("#time-seconds", "2")
    arbiter.fill("#time-article", "")
    arbiter.click("#set-time")
    arbiter.click("#confirm-yes")
    for page in (white, black, watch, arbiter):
        page.locator("#result").wait_for(state="visible", timeout=WAIT)
        assert page.inner_text("#result") == "1-0 · White wins: the flag fell (Art. 6.9)"
        assert page.locator(".clock[data-color=black] .flag").is_visible()
    assert rulings(black)[-2:] == rulings(white)[-2:]
    assert "Black's flag has fallen" in rulings(white)[-2]

    # The spectator saw the same game: board, scoresheet, rulings; and has nothing to act with.
    assert sans(watch) == sans(white) == ["e4", "e5", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3"]
    assert rulings(watch) == rulings(white) == rulings(arbiter)
    board = "document.querySelectorAll('#board g.piece').length"
    assert watch.evaluate(board) == white.evaluate(board) == 32
    for control in ("#press", "#offer", "#claim", "#resign", "#move-form"):
        assert watch.locator(control).count() == 0
    clocks = "document.querySelector('.clock[data-color=white] .time').textContent"
    assert watch.evaluate(clocks) == white.evaluate(clocks)

    # The PGN is downloaded with the clock times.
    with watch.expect_download() as download:
        watch.click("#pgn")
    pgn = Path(download.value.path()).read_text(encoding="utf-8")
    assert '[White "Anna"]' in pgn and '[Result "1-0"]' in pgn
    assert "[%clk" in pgn and "Termination" in pgn

    # The arbiter's glance shows the game, its flag and result.
    selector = f'#glance-rows tr[data-game="{gid}"]'
    row = arbiter.locator(selector)
    row.wait_for(timeout=WAIT)
    arbiter.wait_for_function(
        f"/1-0/.test(document.querySelector({json.dumps(selector)}).innerText)",
        timeout=WAIT,
    )
    assert "1-0" in row.inner_text()

    # Screenshots of the three pages, desktop and phone.
    for name, page in (("play-white", white), ("watch", watch), ("arbiter", arbiter)):
        page.set_viewport_size(DESKTOP)
        screenshot(page, f"{name}-desktop")
        page.set_viewport_size(PHONE)
        screenshot(page, f"{name}-phone")
    screenshot(black, "play-black-phone")
    watch.set_viewport_size(DESKTOP)
    watch.goto(f"{server.url}/?token={ORGANISER_TOKEN}")
    watch.locator(f'#games a[href="/watch/{gid}"]').wait_for(timeout=WAIT)
    # The list of games creates one and gives the seats' and the arbiter's links.
    watch.fill("#new-game input[name=white]", "Carla")
    watch.fill("#new-game input[name=time_control]", "10+5")
    watch.wait_for_function("/10 min/.test(document.querySelector('#reading').innerText)",
                            timeout=WAIT)
    watch.click("#new-game button[type=submit]")
    watch.locator("#links li").nth(3).wait_for(timeout=WAIT)
    hrefs = watch.eval_on_selector_all("#links a", "all => all.map(a => a.getAttribute('href'))")
    assert [urlsplit(h).path.split("/")[1] for h in hrefs] == ["play", "play", "arbiter", "watch"]
    screenshot(watch, "index-desktop")
    for page in (white, black, watch, arbiter):
        assert page.errors == [], page.errors
        page.context.close()


def screenshot(page: Any, name: str) -> None:
    page.wait_for_timeout(150)
    page.screenshot(path=str(screenshot_dir() / f"{name}.png"), full_page=True)


def test_a_spectator_cannot_act_and_sees_the_clocks_stand_until_the_start(
    server: Server, browser: Any
) -> None:
    game = server.create_game(time_control="300d30")
    watch = open_page(browser, f"{server.url}/watch/{game['id']}")
    # 6.6: nobody is seated, the clocks stand, and the page says when they will start.
    white_clock = ".clock[data-color=white]"
    assert "when both players are seated" in watch.inner_text("#start-line")
    watch.wait_for_timeout(500)
    assert watch.inner_text(f"{white_clock} .time") == "5:00"
    assert int(watch.get_attribute(f"{white_clock} .time", "data-ms") or 0) == 300_000
    assert "not started" in watch.inner_text(f"{white_clock} .state-mark").lower()
    # The page has no controls; a touch on its board sends nothing and changes nothing.
    x, y = square_center(watch, "e2")
    watch.mouse.click(x, y)
    watch.wait_for_timeout(300)
    log = server.text("GET", f"/api/games/{game['id']}/log")
    assert not [line for line in log.splitlines() if '"touch"' in line]
    assert re.search(r"watching", watch.inner_text("main"))
    watch.context.close()


def test_promotion_an_illegal_move_a_call_to_the_arbiter_and_a_resignation(
    server: Server, browser: Any
) -> None:
    game = server.create_game(time_control="300+0", fen="k7/4P3/8/8/8/8/P7/4K3 w - - 0 1")
    gid, seats = game["id"], game["seats"]
    white = open_page(browser, f"{server.url}/play/{gid}?token={seats['white']}")
    black = open_page(browser, f"{server.url}/play/{gid}?token={seats['black']}")
    arbiter = open_page(browser, f"{server.url}/arbiter?game={gid}&token={game['arbiter']}")
    wait_started(white, black)

    # 4.4.4: the pawn reaches e8, the new piece is picked and touches the square, then the move.
    drag(white, "e7", "e8")
    white.locator("#promotion-dialog").wait_for(state="visible", timeout=WAIT)
    white.click("#promotion-pieces [data-piece=n]")
    wait_moves(white, 1)
    assert sans(white) == ["e8=N"]
    log = [json.loads(line) for line in server.text("GET", f"/api/games/{gid}/log").splitlines()]
    kinds = [(e["type"], e.get("square"), e.get("piece"), e.get("move")) for e in log[1:]
             if e["type"] in ("touch", "move")]
    assert kinds == [
        ("touch", "e7", None, None),  # the pawn, touched as the drag starts
        ("touch", "e8", "n", None),  # the new piece touches the promotion square: fixed
        ("move", None, None, "e7e8n"),  # released: the move is made
    ]
    white.click("#press")
    black.wait_for_selector(".clock[data-color=black].running", timeout=WAIT)
    drag(black, "a8", "b7")
    wait_moves(black, 2)
    black.click("#press")
    white.wait_for_selector(".clock[data-color=white].running", timeout=WAIT)

    # An illegal move stays on the board until the press completes it; then it is ruled (7.5).
    before = clock_ms(black, "black")
    drag(white, "e1", "e3")
    for _ in range(100):  # the move is logged before the press that completes it
        if '"e1e3"' in server.text("GET", f"/api/games/{gid}/log"):
            break
        white.wait_for_timeout(50)
    white.click("#press")
    illegal = white.locator("#rulings li[data-ruling=illegal_move]")
    illegal.wait_for(timeout=WAIT)
    assert "Illegal move by White (e1e3)" in illegal.inner_text()
    assert "Black gets 60 s more" in illegal.inner_text()
    wait_clock_above(black, "black", before + 50_000)
    assert white.locator("#board g.piece[data-square=e1]").count() == 1

    # White calls the arbiter: the clocks stop (6.11.2); the arbiter lets play go on (6.11.3).
    white.click("#call")
    def paused(page: Any) -> Any:
        return page.locator("#rulings li[data-ruling=clock]").filter(has_text="paused")

    for page in (white, black):
        paused(page).wait_for(timeout=WAIT)
    assert "Art. 6.11.2" in paused(black).inner_text()
    assert "paused" in white.inner_text("#turn")
    arbiter.click("[data-action=resume]")
    white.wait_for_selector(".clock[data-color=white].running:not(.paused)", timeout=WAIT)
    white.wait_for_function("!/paused/.test(document.querySelector('#turn').innerText)")

    # The king (the piece that must move, 7.5.1) goes.
    drag(white, "e1", "d2")
    wait_moves(white, 3)
    white.click("#press")

    # Black resigns (5.1.2).
    black.wait_for_selector(".clock[data-color=black].running", timeout=WAIT)
    black.click("#resign")
    black.click("#resign-yes")
    for page in (white, black, arbiter):
        page.locator("#result").wait_for(state="visible", timeout=WAIT)
        assert page.inner_text("#result") == "1-0 · White wins: resignation (Art. 5.1.2)"
    for page in (white, black, arbiter):
        assert page.errors == [], page.errors
        page.context.close()


def test_the_arbiters_actions_are_logged_and_ruled(server: Server, browser: Any) -> None:
    game = server.create_game(time_control="900", white="Ann", black="Bob", start="arbiter")
    gid = game["id"]
    arbiter = open_page(browser, f"{server.url}/arbiter?game={gid}&token={game['arbiter']}")
    watch = open_page(browser, f"{server.url}/watch/{gid}")
    assert arbiter.locator("#token-form").is_hidden()
    # 6.6: the arbiter starts the clocks, once asked whether he means it.
    assert "when the arbiter starts them" in watch.inner_text("#start-line")
    arbiter.click("#start")
    arbiter.click("#confirm-yes")
    watch.wait_for_function("document.querySelector('#start-line').hidden", timeout=WAIT)
    arbiter.wait_for_function("document.querySelector('#start').disabled", timeout=WAIT)

    def act(button: str, action: str, ruling: str | None) -> None:
        count = arbiter.locator("#actions-log li.action").count()
        arbiter.click(button)
        if arbiter.locator("#confirm-dialog").is_visible():
            arbiter.click("#confirm-yes")
        arbiter.wait_for_function(
            f"document.querySelectorAll('#actions-log li.action').length === {count + 1}",
            timeout=WAIT,
        )
        entry = arbiter.locator("#actions-log li.action").last
        assert entry.get_attribute("data-action") == action
        logged = json.loads(server.text("GET", f"/api/games/{gid}/log").splitlines()[-1])
        assert (logged["type"], logged["action"], logged["by"]) == ("arbiter", action, "arbiter")
        assert int(entry.get_attribute("data-seq") or -1) == len(
            server.text("GET", f"/api/games/{gid}/log").splitlines()
        ) - 1
        if ruling is None:
            assert entry.locator("li.ruling").inner_text().lower().endswith("no ruling.")
        else:
            assert ruling in entry.inner_text(), entry.inner_text()

    act("[data-action=observe_flag]", "observe_flag", None)
    arbiter.select_option("#time-player", "white")
    arbiter.fill("#time-seconds", "90")
    act("#set-time", "set_time", "White's clock set to 1:30")
    arbiter.select_option("#qp-player", "white")
    act("#quickplay", "quickplay_increment", "Black gets 120 s more")
    assert "Art. III.4" in arbiter.inner_text("#actions-log li.action >> nth=-1")
    arbiter.select_option("#warn-player", "black")
    act("#warn", "warning", "Black is warned")
    arbiter.select_option("#time-player", "black")
    arbiter.fill("#moves", "3")
    act("#set-moves", "set_moves", "Black's move counter set to 3")
    act("[data-action=observe_illegal_move]", "observe_illegal_move", None)
    # Issue 27: a corrected time control (6.10.2) and a reconstruction's pause (8.5).
    arbiter.fill("#control", "900+5")
    arbiter.fill("#time-article", "")
    act("#set-control", "set_control", "The time control is corrected")
    act("[data-action=reconstruct]", "reconstruct", "the scoresheets are brought up to date")
    watch.wait_for_function(
        "document.querySelector('#turn').textContent.includes('(8.5)')", timeout=WAIT)
    act("[data-action=resume]", "resume", "The clocks run again")
    arbiter.select_option("#declare-result", "0-1")
    arbiter.select_option("#declare-reason", "arbiter")
    arbiter.fill("#declare-article", "11.3.2.2")
    act("#declare", "declare", "Game over: 0-1")
    for page in (arbiter, watch):
        page.locator("#result").wait_for(state="visible", timeout=WAIT)
        assert page.inner_text("#result") == (
            "0-1 · Black wins: the arbiter's decision (Art. 11.3.2.2)"
        )
    # After the game: a fine recorded and the points reduced to ½-0 (12.9.5, 10.2).
    arbiter.select_option("#warn-player", "black")
    act("#fine", "fine", "a fine for Black is recorded")
    arbiter.select_option("#amend-result", "0-1/2")
    arbiter.fill("#amend-article", "12.9.5")
    act("#amend", "amend_result", "Result amended: 0-1/2")
    for page in (arbiter, watch):
        page.wait_for_function(
            "document.querySelector('#result').textContent.startsWith('0-1/2')", timeout=WAIT)
    screenshot(arbiter, "arbiter-actions-desktop")
    for page in (arbiter, watch):
        assert page.errors == [], page.errors
        page.context.close()
