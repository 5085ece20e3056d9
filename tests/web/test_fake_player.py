"""The player's and spectator's pages against the fake server (``fake.py``), in Chromium.

Each test scripts what the server of issue 25's contract says (a snapshot, then messages each
carrying the game's view) and checks what the page shows and sends: the pages rule nothing,
so the fake rules nothing either. These tests do not need the real server.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from .conftest import DESKTOP, PHONE
from .fake import FakeServer

pytestmark = pytest.mark.slow

WAIT = 20_000  # ms: long enough for a loaded 2-core machine


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


def test_the_clocks_stand_until_the_start_and_the_page_says_which_rule(
    fake: FakeServer, browser: Any
) -> None:
    fake.views["g1"].update(started=False, running=None, start={"mode": "seated", "at": None},
                            seated={"white": True, "black": False})
    white = open_seat(browser, fake)
    line = white.locator("#start-line")
    assert line.is_visible()
    assert "when both players are seated" in line.inner_text()
    assert "Boris not yet" in line.inner_text()
    assert "not started" in white.inner_text(".clock[data-color=white] .state-mark").lower()
    white.wait_for_timeout(400)
    assert clock_ms(white, "white") == clock_ms(white, "black") == 300_000
    # A hand on the board before the start sends nothing and says why (6.6).
    box = white.locator("#board svg.board").bounding_box()
    white.mouse.click(box["x"] + box["width"] * 4.5 / 8, box["y"] + box["width"] * 6.5 / 8)
    white.wait_for_function("/not started/.test(document.querySelector('#notice').innerText)")
    assert fake.acts_of("white") == []
    # Black sits down: the server starts the clocks; White's runs.
    seq = fake.broadcast(event={"type": "arrive", "by": "black"}, started=True, running="white",
                         seated={"white": True, "black": True},
                         awaiting={"player": "white", "act": "move"})
    wait_seq(white, seq)
    assert line.is_hidden()
    white.wait_for_function("Number(document.querySelector('.clock[data-color=white] .time')"
                            ".dataset.ms) < 299_500", timeout=WAIT)
    assert clock_ms(white, "black") == 300_000
    assert white.errors == []


def test_after_a_move_the_page_says_press_your_clock(fake: FakeServer, browser: Any) -> None:
    fake.views["g1"].update(running="white", awaiting={"player": "white", "act": "move"})
    white = open_seat(browser, fake)
    black = open_seat(browser, fake, "tb")
    assert white.inner_text("#turn") == "Your move."
    seq = fake.broadcast(
        event={"type": "move", "move": "e2e4", "by": "white"}, ply=1, to_move="black",
        fen="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        last={"ply": 1, "number": 1, "color": "white", "san": "e4", "uci": "e2e4"},
        awaiting={"player": "white", "act": "press"})
    for page in (white, black):
        wait_seq(page, seq)
    # White's clock still runs: the move is made, not completed (6.2), and the page says so.
    assert white.inner_text("#turn") == "Press your clock (6.2)."
    assert "Boris's move" not in black.inner_text("#turn")
    assert "Anna has moved and is to press the clock" in black.inner_text("#turn")
    assert white.eval_on_selector_all("#sheet td.san", "t => t.map(c => c.textContent)") == ["e4"]
    assert white.locator(".clock[data-color=white].running").count() == 1
    seq = fake.broadcast(event={"type": "press", "by": "white"}, running="black",
                         awaiting={"player": "black", "act": "move"})
    wait_seq(black, seq)
    assert black.inner_text("#turn") == "Your move."
    assert white.inner_text("#turn") == "Boris's move."


def test_obligations_and_rulings_name_moves_in_san(fake: FakeServer, browser: Any) -> None:
    fake.views["g1"].update(running="white")
    white = open_seat(browser, fake)
    ruling = {"ruling": "touch_move", "by": "white", "move": "e2e4", "move_san": "e4",
              "must_move": ["g1f3", "g1h3"], "must_move_san": ["Nf3", "Nh3"], "article": "4.3.1"}
    seq = fake.broadcast(event={"type": "move", "move": "e2e4", "by": "white"}, rulings=[ruling],
                         obligation={"player": "white", "square": "g1", "san": ["Nf3", "Nh3"]})
    wait_seq(white, seq)
    duty = white.inner_text("#duty")
    assert "Nf3 or Nh3" in duty and "g1f3" not in duty
    item = white.inner_text("#rulings li[data-ruling=touch_move]")
    assert "White's e4 is taken back; White must play Nf3 or Nh3" in item
    assert "g1f3" not in item
    # 9.5.3: after an incorrect claim the written move must be played; no square binds.
    seq = fake.broadcast(event={"type": "claim", "by": "white"},
                         obligation={"player": "white", "square": None, "san": ["Ng5"],
                                     "article": "9.5.3"})
    wait_seq(white, seq)
    assert white.inner_text("#duty") == "You must play Ng5 Art. 9.5.3"


def test_a_paused_clock_looks_paused_and_says_why(fake: FakeServer, browser: Any) -> None:
    fake.views["g1"].update(running="white")
    watch = open_seat(browser, fake, path="/watch/g1")
    running = watch.locator(".clock[data-color=white]")
    before = running.evaluate("e => getComputedStyle(e).backgroundImage")
    seq = fake.broadcast(event={"type": "restart"}, paused=True, pause_reason="restart",
                         rulings=[{"ruling": "clock", "status": "paused", "reason": "restart",
                                   "article": "6.11.1"}])
    wait_seq(watch, seq)
    assert "paused" in running.get_attribute("class")
    assert running.locator(".state-mark").inner_text().lower() == "paused"
    assert running.evaluate("e => getComputedStyle(e).backgroundImage") != before
    assert "the server restarted; the arbiter resumes the game" in watch.inner_text("#turn")
    assert "the server restarted" in watch.inner_text("#rulings")
    ms = clock_ms(watch, "white")
    watch.wait_for_timeout(400)
    assert clock_ms(watch, "white") == ms


def test_a_draw_offer_shows_as_an_offer_to_the_one_it_is_made_to(
    fake: FakeServer, browser: Any
) -> None:
    fake.views["g1"].update(running="black")
    white = open_seat(browser, fake)
    black = open_seat(browser, fake, "tb")
    watch = open_seat(browser, fake, path="/watch/g1")
    assert white.locator("#offer-box").is_hidden()
    seq = fake.broadcast(event={"type": "offer_draw", "by": "black"}, draw_offer="black",
                         rulings=[{"ruling": "draw_offer", "by": "black", "status": "standing"}])
    for page in (white, black, watch):
        wait_seq(page, seq)
    assert "Boris's draw offer stands" in watch.inner_text("#turn")
    assert white.locator("#offer-box").is_visible()
    assert "Boris offers you a draw" in white.inner_text("#offer-box")
    assert black.locator("#accept").is_hidden()
    assert "Your draw offer stands" in black.inner_text("#offer-box")
    white.click("#accept")
    assert fake.wait_acts("white", 1) == [{"type": "accept_draw"}]


def test_a_notice_clears_by_itself_and_never_moves_the_board(
    fake: FakeServer, browser: Any
) -> None:
    fake.views["g1"].update(running="white")
    white = open_seat(browser, fake, phone=True)
    before = white.locator("#board svg.board").bounding_box()
    long = "the move e2e5 is not a move of the pawn on e2 (3.7), and " * 4
    fake.tell("white", {"type": "refused", "error": long, "event": {"type": "move"}})
    white.wait_for_function("/Not taken/.test(document.querySelector('#notice').innerText)")
    assert white.locator("#board svg.board").bounding_box() == before
    assert white.evaluate("document.documentElement.scrollWidth") <= 390
    white.wait_for_function("document.querySelector('#notice').innerText === ''", timeout=WAIT)
    assert white.locator("#board svg.board").bounding_box() == before


def test_an_outage_locks_the_board_queues_nothing_and_takes_the_snapshot(
    fake: FakeServer, browser: Any
) -> None:
    fake.views["g1"].update(running="white")
    white = open_seat(browser, fake)
    fake.refuse()
    white.wait_for_function("document.body.dataset.connected === 'no'", timeout=WAIT)
    assert "Connection lost" in white.locator("#board").get_attribute("data-lock")
    assert white.inner_text("#status") == "connection lost"
    # The clocks stand, the board is locked: a touch, a written move, Space send nothing.
    ms = clock_ms(white, "white")
    box = white.locator("#board svg.board").bounding_box()
    white.mouse.click(box["x"] + box["width"] * 4.5 / 8, box["y"] + box["width"] * 6.5 / 8)
    white.keyboard.press("Space")
    assert white.locator("#move-text").is_disabled()
    white.wait_for_timeout(300)
    assert clock_ms(white, "white") == ms
    # The server is back (it had paused the game: 6.11): the page shows its view, not its own.
    fake.restore(paused=True, pause_reason="restart", running="white",
                 clock={"white": 123_000, "black": 300_000})
    white.wait_for_function("document.body.dataset.connected === 'yes'", timeout=WAIT)
    assert clock_ms(white, "white") == 123_000
    assert "the server restarted" in white.inner_text("#turn")
    white.wait_for_timeout(300)
    assert fake.acts_of("white") == []


def test_the_page_asks_no_http_per_message(fake: FakeServer, browser: Any) -> None:
    fake.views["g1"].update(running="white")
    white = open_seat(browser, fake)
    watch = open_seat(browser, fake, path="/watch/g1")
    arbiter = open_seat(browser, fake, path="/arbiter?game=g1&token=ta")
    white.wait_for_timeout(300)
    asked = len(fake.requests)
    began = time.monotonic()
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    seq = 0
    for ply in range(1, 7):
        seq = fake.broadcast(event={"type": "move"}, ply=ply, fen=fen,
                             last={"ply": ply, "number": (ply + 1) // 2,
                                   "color": "white" if ply % 2 else "black", "san": f"m{ply}",
                                   "uci": "e2e4"})
    for page in (white, watch, arbiter):
        wait_seq(page, seq)
        assert len(page.eval_on_selector_all("#sheet td.san", "t => t")) == 6
    white.wait_for_timeout(300)
    # The arbiter's list of games is read every 3 s (two requests), whatever the messages.
    reads = 1 + int((time.monotonic() - began) / 3)
    assert [r for r in fake.requests[asked:] if r[1] not in ("/api/games", "/api/games/g1")] == []
    assert len(fake.requests[asked:]) <= 2 * reads


@pytest.mark.parametrize("named", [False, True])
def test_the_page_learns_its_seat_from_the_server(
    fake: FakeServer, browser: Any, named: bool
) -> None:
    """From the snapshot's ``seat`` where the server names it, else from its refusal of a
    ``which_seat`` (its ``by``); the board turns to the seat either way."""
    fake.name_seats = named
    black = open_seat(browser, fake, "tb")
    assert black.evaluate("document.body.dataset.side") == "black"
    assert "Boris (you)" in black.inner_text("#clock-bottom .name")
    asked = [a for g, s, a in fake.acts if a["type"] == "which_seat"]
    assert len(asked) == (0 if named else 1)
    watcher = open_seat(browser, fake, "no-such-token")
    assert watcher.evaluate("document.body.dataset.side") == "none"
    assert "no seat of this game" in watcher.inner_text("#status")


def test_the_player_sees_the_8_4_exemption_and_the_8_5_reconstruction_pause(
    fake: FakeServer, browser: Any
) -> None:
    fake.views["g1"].update(running="white", clock={"white": 250_000, "black": 400_000})
    white = open_seat(browser, fake)
    line = white.locator("#recording")
    assert line.is_hidden()
    # 8.4: the server's view says White need not record (under five minutes, no 30 s a move).
    seq = fake.broadcast(exempt=["white"], rulings=[
        {"ruling": "scoresheet", "by": "white", "status": "exempt", "article": "8.4"}])
    wait_seq(white, seq)
    assert line.is_visible()
    assert line.inner_text().startswith("You need not record the moves for the rest of this period")
    assert line.locator("a.article").inner_text() == "Art. 8.4"
    assert "White need not record the moves for the rest of the period (8.4)" in white.inner_text(
        "#rulings")
    # The opponent's exemption is told with his name.
    seq = fake.broadcast(exempt=["black"])
    wait_seq(white, seq)
    assert line.inner_text().startswith("Boris need not record the moves")
    # 8.5: the arbiter pauses the clocks to bring the scoresheets up to date.
    seq = fake.broadcast(exempt=[], paused=True, pause_reason="reconstruction", running=None,
                         event={"type": "arbiter", "action": "reconstruct", "by": "arbiter",
                                "at": 40.0},
                         rulings=[{"ruling": "scoresheet", "status": "reconstruction",
                                   "article": "8.5.3", "note": "position …"}])
    wait_seq(white, seq)
    assert line.is_hidden()
    turn = white.inner_text("#turn")
    assert "the scoresheets are brought up to date (8.5)" in turn, turn
    assert "the scoresheets are brought up to date (8.5)" in white.inner_text("#rulings")
    # Resumed: the pause is gone.
    seq = fake.broadcast(paused=False, pause_reason=None, running="white")
    wait_seq(white, seq)
    assert "8.5" not in white.inner_text("#turn")
    assert white.errors == []
