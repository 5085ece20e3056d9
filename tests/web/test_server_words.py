"""Issue 31: what the server writes in words, shown in the reader's language, with the real
``chesslaws serve`` and Chromium.

The server sends its words as codes and parameters beside the English (a message's ``i18n``,
``chesslaws._words.Words``); the page renders them from its catalog. A refusal (a text that is
no move), a ruling's note (a player stops the clocks to call the arbiter, 6.11.2) and the time
control in words on the home page, each in Spanish and in Greek. Screenshots go to
:func:`screenshot_dir` (``$CHESSLAWS_SCREENSHOTS``).
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import DESKTOP, ORGANISER_TOKEN, Server, screenshot_dir

pytestmark = pytest.mark.slow

WAIT = 20_000  # ms: long enough for a loaded 2-core machine
LOCALES = {"es": "es-ES", "el": "el-GR"}

#: What each language shows; written here by hand, not read from the catalogs under test.
SHOWN = {
    "es": {
        "refused": "No aceptado: no es una jugada (UCI o SAN): 'zz'",
        "turn": "No aceptado: las negras no tienen el turno: una pieza soltada no puede volver "
        "a moverse (1.3, 4.7)",
        "note": "el jugador paró los relojes para llamar al árbitro; el árbitro los reanuda "
        "(6.11.3)",
        "reading": "90 min para toda la partida + 30 s por jugada · estándar",
        "two": "40 min para 40 jugadas, después 20 min para el resto de la partida + 5 s por "
        "jugada desde la jugada 41 · estándar",
    },
    "el": {
        "refused": "Δεν έγινε δεκτό: δεν είναι κίνηση (UCI ή SAN): 'zz'",
        "turn": "Δεν έγινε δεκτό: τα μαύρα δεν έχουν τη σειρά: κομμάτι που αφέθηκε δεν "
        "ξανακινείται (1.3, 4.7)",
        "note": "ο παίκτης σταμάτησε τα ρολόγια για να καλέσει τον διαιτητή· ο διαιτητής τα "
        "ξαναξεκινά (6.11.3)",
        "reading": "90 λεπ. για όλες τις κινήσεις + 30 δευτ. ανά κίνηση · κλασικό",
        "two": "40 λεπ. για 40 κινήσεις, έπειτα 20 λεπ. για την υπόλοιπη παρτίδα + 5 δευτ. ανά "
        "κίνηση από την κίνηση 41 · κλασικό",
    },
}


def open_page(browser: Any, url: str, lang: str) -> Any:
    context = browser.new_context(viewport=DESKTOP, locale=LOCALES[lang])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    page.wait_for_function(f"document.body.dataset.lang === '{lang}'", timeout=WAIT)
    return page


def write_move(page: Any, text: str) -> None:
    page.fill("#move-text", text)
    page.press("#move-text", "Enter")


def notice_is(page: Any, text: str) -> None:
    page.wait_for_function(
        "want => document.querySelector('#notice').textContent === want", arg=text, timeout=WAIT
    )


@pytest.mark.parametrize("lang", ["es", "el"])
def test_a_refusal_and_a_ruling_in_the_readers_language(
    server: Server, browser: Any, lang: str
) -> None:
    shown = SHOWN[lang]
    game = server.create_game(time_control="300+0")
    gid, seats = game["id"], game["seats"]
    white = open_page(browser, f"{server.url}/play/{gid}?token={seats['white']}", lang)
    black = open_page(browser, f"{server.url}/play/{gid}?token={seats['black']}", lang)
    for page in (white, black):
        page.wait_for_function("document.querySelector('#start-line').hidden", timeout=WAIT)
    # A refusal of the arbiter (a text that is no move), sent to its sender only.
    white.wait_for_function("!document.querySelector('#move-text').disabled", timeout=WAIT)
    write_move(white, "zz")
    notice_is(white, shown["refused"])
    # A refusal whose words hold words (the side, translated in its turn).
    write_move(black, "e5")
    notice_is(black, shown["turn"])
    # A ruling's note: White stops the clocks to call the arbiter (6.11.2).
    white.click("#call")
    for page in (white, black):
        note = page.locator("#rulings li[data-ruling=clock] .note")
        note.wait_for(timeout=WAIT)
        assert note.inner_text() == shown["note"]
    white.screenshot(path=str(screenshot_dir() / f"server-words-play-{lang}.png"), full_page=True)
    for page in (white, black):
        assert page.errors == [], page.errors
        page.context.close()


@pytest.mark.parametrize("lang", ["es", "el"])
def test_the_time_control_in_words_on_the_home_page(
    server: Server, browser: Any, lang: str
) -> None:
    shown = SHOWN[lang]
    home = open_page(browser, f"{server.url}/?token={ORGANISER_TOKEN}", lang)
    for text, key in (("90+30", "reading"), ("40/40:20+5@41", "two")):
        home.fill("#new-game input[name=time_control]", text)
        home.wait_for_function(
            "want => document.querySelector('#reading').innerText.includes(want)",
            arg=shown[key],
            timeout=WAIT,
        )
    home.screenshot(path=str(screenshot_dir() / f"server-words-home-{lang}.png"), full_page=True)
    assert home.errors == [], home.errors
    home.context.close()
