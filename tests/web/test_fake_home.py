"""The home page against the fake server (``fake.py``), in Chromium: time controls as players
write them, read by the server and shown in words before the game is created; the start rule;
the organiser's token; copy buttons and QR codes for the seats' links; a phone's width."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import PHONE
from .fake import ORGANISER, FakeServer

pytestmark = pytest.mark.slow

WAIT = 20_000  # ms: long enough for a loaded 2-core machine


def open_home(browser: Any, fake: FakeServer, *, token: str | None = ORGANISER,
              viewport: dict[str, int] | None = None) -> Any:
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 860})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(fake.url + ("/" if token is None else f"/?token={token}"))
    return page


def test_5_plus_3_is_read_as_minutes_and_seconds_and_shown_before_creating(
    fake: FakeServer, browser: Any
) -> None:
    page = open_home(browser, fake)
    # The token leaves the address bar: a screen shared at the club does not show it.
    assert "token" not in page.url
    page.fill("input[name=white]", "Anna")
    page.fill("#time-control", "5+3")
    page.wait_for_function(
        "/5 min for all moves/.test(document.querySelector('#reading').innerText)", timeout=WAIT)
    assert page.inner_text("#reading") == "5 min for all moves + 3 s per move · blitz"
    assert ("GET", "/api/timecontrol?text=5%2B3") in fake.requests
    assert fake.posts == []  # nothing is created while the organiser reads
    page.check("input[name=start][value=seated]")
    page.click("#create")
    page.locator("#links li").nth(3).wait_for(timeout=WAIT)
    headers, body = fake.posts[-1]
    assert body == {"white": "Anna", "time_control": "300+3", "start": "seated"}
    assert headers["authorization"] == f"Bearer {ORGANISER}"
    assert headers["content-type"] == "application/json"
    assert page.errors == []


@pytest.mark.parametrize(("text", "pgn"), [("90+30", "5400+30"),
                                           ("40/90+30:30+30", "40/5400+30:1800+30")])
def test_longer_controls_as_organisers_write_them(
    fake: FakeServer, browser: Any, text: str, pgn: str
) -> None:
    page = open_home(browser, fake)
    page.fill("#time-control", text)
    page.wait_for_function("/standard/.test(document.querySelector('#reading').innerText)",
                           timeout=WAIT)
    assert page.inner_text("#reading").startswith(fake_words(text))
    page.click("#create")
    page.locator("#links li").first.wait_for(timeout=WAIT)
    assert fake.posts[-1][1]["time_control"] == pgn


def fake_words(text: str) -> str:
    from .fake import READINGS

    return READINGS[text][0]["words"]


def test_an_ambiguous_control_is_asked_and_an_unreadable_one_refused(
    fake: FakeServer, browser: Any
) -> None:
    page = open_home(browser, fake)
    page.fill("#time-control", "3")
    page.locator("#reading fieldset.ambiguous").wait_for(timeout=WAIT)
    assert "can be read 2 ways" in page.inner_text("#reading")
    assert page.locator("#create").is_disabled()
    page.locator("#reading input[type=radio]").nth(1).check()
    assert page.locator("#create").is_enabled()
    page.click("#create")
    page.locator("#links li").first.wait_for(timeout=WAIT)
    assert fake.posts[-1][1]["time_control"] == "3"
    page.fill("#time-control", "five and three")
    page.locator("#reading .error").wait_for(timeout=WAIT)
    assert "Cannot read" in page.inner_text("#reading")
    assert page.locator("#create").is_disabled()


def test_a_scheduled_start_sends_its_time_and_default_time(fake: FakeServer, browser: Any) -> None:
    page = open_home(browser, fake)
    page.wait_for_function("/blitz/.test(document.querySelector('#reading').innerText)",
                           timeout=WAIT)
    assert page.locator("#start-at").is_disabled()
    page.check("input[name=start][value=scheduled]")
    page.fill("#start-at", "2026-12-05T19:30")
    page.fill("#default-time", "30")
    page.click("#create")
    page.locator("#links li").first.wait_for(timeout=WAIT)
    body = fake.posts[-1][1]
    expected = page.evaluate("new Date('2026-12-05T19:30').toISOString()")
    assert (body["start"], body["default_time"]) == (expected, 1800)


def test_without_the_organisers_token_the_page_says_where_to_find_it(
    fake: FakeServer, browser: Any
) -> None:
    page = open_home(browser, fake, token=None)
    page.wait_for_function("/blitz/.test(document.querySelector('#reading').innerText)",
                           timeout=WAIT)
    page.click("#create")
    page.locator("#links li.error").wait_for(timeout=WAIT)
    assert "organiser's link" in page.inner_text("#links")
    assert "authorization" not in fake.posts[-1][0]


def test_seat_links_have_copy_buttons_and_qr_codes_and_fit_a_phone(
    fake: FakeServer, browser: Any
) -> None:
    page = open_home(browser, fake, viewport={"width": 360, "height": 740})
    page.wait_for_function("/blitz/.test(document.querySelector('#reading').innerText)",
                           timeout=WAIT)
    page.click("#create")
    first = page.locator("#links li").first
    first.wait_for(timeout=WAIT)
    href = first.locator("a").get_attribute("href")
    assert href == f"{fake.url}/play/g2?token=tw"
    first.locator("button.copy").click()
    page.wait_for_function("document.querySelector('#links button.copy').innerText === 'Copied'")
    assert page.evaluate("navigator.clipboard.readText()") == href
    first.locator(".qr svg").wait_for(timeout=WAIT)  # White's code is shown at once
    second = page.locator("#links li").nth(1)
    assert second.locator(".qr svg").count() == 0
    second.locator("summary").click()
    second.locator(".qr svg").wait_for(timeout=WAIT)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.locator(".qr svg").first.bounding_box()["width"] <= 360
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def standard_padding(buff: Any, version: int, length: int) -> None:
    """ISO/IEC 18004 7.4.10: zero bits up to the next codeword boundary, none when on it."""
    if length % 8:
        buff.extend([0] * (8 - length % 8))


@pytest.mark.parametrize("length", [2, 40, 60, 80, 106, 150, 213])
def test_the_qr_encoder_draws_what_an_independent_encoder_draws(
    fake: FakeServer, browser: Any, monkeypatch: pytest.MonkeyPatch, length: int
) -> None:
    pytest.importorskip("segno", reason="segno (the test extra) checks the QR encoder")
    import segno
    import segno.encoder

    # segno pads a data stream that already ends on a codeword boundary with a whole zero
    # byte; the standard (and our encoder) does not. Both read the same; the oracle is made
    # to pad as the standard says, so that the two symbols can be compared module by module.
    monkeypatch.setattr(segno.encoder, "write_padding_bits", standard_padding)
    head = f"{fake.url}/play/g2?token=é"
    if len(head.encode()) > length:
        head = "é"
    text = head + "k" * (length - len(head.encode()))  # `length` bytes, one of them two long
    page = open_home(browser, fake, token=None)
    ours = page.evaluate(
        "async (text) => { const q = await import('/static/qr.js'); const r = q.qrMatrix(text);"
        " return {version: r.version, mask: r.mask,"
        " rows: r.modules.map((row) => row.map((d) => (d ? 1 : 0)).join(''))}; }", text)
    data = text.encode()
    oracle = segno.make(data, error="m", mode="byte", version=ours["version"],
                        mask=ours["mask"], boost_error=False)
    assert [''.join(str(b) for b in row) for row in oracle.matrix] == ours["rows"]
    smallest = segno.make(data, error="m", mode="byte", boost_error=False, micro=False)
    assert ours["version"] == smallest.version
