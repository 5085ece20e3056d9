"""Screenshots of the four pages at phone (390×844) and desktop (1440×900) size, against the
fake server (``fake.py``) in a scripted middle game: a touch-move obligation, a standing draw
offer, rulings. Written to :func:`screenshot_dir` (``CHESSLAWS_SCREENSHOTS=docs/screenshots``
refreshes the documentation's); each page is also checked to fit its screen's width."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import PHONE, screenshot_dir
from .fake import FakeServer

pytestmark = pytest.mark.slow

DESKTOP = {"width": 1440, "height": 900}
WAIT = 20_000  # ms: long enough for a loaded 2-core machine
FEN = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
SAN = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"]


def script(fake: FakeServer) -> None:
    fake.views["g1"].update(
        fen=FEN, ply=6, san=SAN, running="white", clock={"white": 241_300, "black": 262_800},
        last={"ply": 6, "number": 3, "color": "black", "san": "Nf6", "uci": "g8f6"},
        draw_offer="black", awaiting={"player": "white", "act": "move"},
        obligation={"player": "white", "square": "f3", "san": ["Ng5", "Nh4", "Nxe5", "Nd4", "Ng1"]},
        rulings=[{"ruling": "draw_offer", "by": "black", "status": "standing", "article": "9.1.2"},
                 {"ruling": "touch_move", "by": "white", "move": "d2d4", "move_san": "d4",
                  "must_move": ["f3g5"], "must_move_san": ["Ng5", "Nh4", "Nxe5", "Nd4", "Ng1"],
                  "article": "4.3.1"}])


def shoot(browser: Any, url: str, name: str, ready: str, then: str = "") -> None:
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        mobile = size == "phone"
        context = browser.new_context(viewport=viewport, is_mobile=mobile, has_touch=mobile,
                                      device_scale_factor=2 if mobile else 1)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(ready, timeout=WAIT)
        if then:
            page.click(then)
            page.locator("#links .qr svg").wait_for(timeout=WAIT)
        page.wait_for_timeout(300)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"], name
        page.screenshot(path=str(screenshot_dir() / f"{name}-{size}.png"), full_page=bool(then))
        context.close()


def test_screenshots_of_the_pages(fake: FakeServer, browser: Any) -> None:
    script(fake)
    connected = "document.body.dataset.connected === 'yes'"
    shoot(browser, f"{fake.url}/play/g1?token=tw", "player", connected)
    shoot(browser, f"{fake.url}/watch/g1", "spectator", connected)
    shoot(browser, f"{fake.url}/arbiter?game=g1&token=ta", "arbiter", connected)
    fake.broadcast(event={"type": "restart"}, paused=True, pause_reason="restart",
                   rulings=[{"ruling": "clock", "status": "paused", "reason": "restart",
                             "article": "6.11.1"}])
    shoot(browser, f"{fake.url}/play/g1?token=tb", "player-paused", connected)
    shoot(browser, f"{fake.url}/?token=organiser-secret", "home",
          "/blitz/.test(document.querySelector('#reading').innerText)")
    shoot(browser, f"{fake.url}/?token=organiser-secret", "home-created",
          "/blitz/.test(document.querySelector('#reading').innerText)", then="#create")
