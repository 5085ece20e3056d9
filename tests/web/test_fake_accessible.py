"""The accessible board's words and the spectator's grid, against the fake server (``fake.py``).

Moves are read out as the Laws announce them (D.2.1, Appendix C) in the page's language; the
spectator's board is the same grid of named squares, navigable and read-only; the accessible
mode, once chosen, reads each new move out and the clocks only on request (D.2.6.1, 12.6); a
sighted seat in the ordinary mode keeps Space for the clock on the board.
"""

from __future__ import annotations

from typing import Any

import pytest

from .fake import FakeServer
from .test_fake_player import WAIT, open_seat, wait_seq

pytestmark = pytest.mark.slow

SANS = ["Nf3", "exd5", "O-O", "O-O-O", "e8=Q+", "Qh4#", "Nbd7", "e4", "Rxa8", "fxg1=N#"]
WORDS = {
    "en": ["Knight f3", "e takes d5", "short castling", "long castling",
           "e8, promotes to queen, check", "Queen h4, checkmate", "Knight b d7", "e4",
           "Rook takes a8", "f takes g1, promotes to knight, checkmate"],
    "es": ["Caballo f3", "e captura en d5", "enroque corto", "enroque largo",
           "e8, corona dama, jaque", "Dama h4, jaque mate", "Caballo b d7", "e4",
           "Torre captura en a8", "f captura en g1, corona caballo, jaque mate"],
    "el": ["Ίππος f3", "e παίρνει d5", "μικρό ροκέ", "μεγάλο ροκέ",
           "e8, προάγεται σε βασίλισσα, σαχ", "Βασίλισσα h4, ματ", "Ίππος b d7", "e4",
           "Πύργος παίρνει a8", "f παίρνει g1, προάγεται σε ίππος, ματ"],
}


@pytest.mark.parametrize("lang", ["en", "es", "el"])
def test_moves_are_worded_as_announced_in_the_pages_language(
    fake: FakeServer, browser: Any, lang: str
) -> None:
    locale = {"en": "en-GB", "es": "es-ES", "el": "el-GR"}[lang]
    page = browser.new_context(locale=locale).new_page()
    page.goto(fake.url + "/watch/g1")
    page.wait_for_function(f"document.body.dataset.lang === '{lang}'", timeout=WAIT)
    words = page.evaluate(
        "sans => import('/static/a11y.js').then(m => sans.map(m.moveWords))", SANS
    )
    assert words == WORDS[lang]
    # The grid is drawn empty first and filled when the game's state arrives over the socket.
    page.wait_for_function("document.body.dataset.connected === 'yes'", timeout=WAIT)
    wait_seq(page, 0)
    cell = page.get_attribute("#board .cell[data-square=g8]", "aria-label")
    assert cell == {"en": "g8, black knight", "es": "g8, caballo de las negras",
                    "el": "g8, ίππος των μαύρων"}[lang]
    page.context.close()


def test_the_spectators_grid_is_navigable_and_reads_moves_out(
    fake: FakeServer, browser: Any
) -> None:
    page = open_seat(browser, fake, path="/watch/g1")
    # No accessible mode yet: the board is a grid all the same, with one tab stop.
    assert page.locator("#board .cell[tabindex='0']").count() == 1
    page.locator("#board .cell[data-square=e2]").focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "h3, empty"
    page.keyboard.press("Enter")  # a spectator's Enter touches nothing
    assert fake.acts_of("spectator") == []
    seq = fake.broadcast(event={"type": "move", "by": "white", "move": "g1f3"},
                         fen="rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1",
                         ply=1, last={"ply": 1, "number": 1, "color": "white", "san": "Nf3",
                                      "uci": "g1f3"})
    wait_seq(page, seq)
    assert page.inner_text("#announcer") == ""  # not asked for: nothing said
    page.check("#accessible")
    seq = fake.broadcast(event={"type": "move", "by": "black", "move": "d7d5"},
                         fen="rnbqkbnr/ppp1pppp/8/3p4/8/5N2/PPPPPPPP/RNBQKB1R w KQkq d6 0 2",
                         ply=2, last={"ply": 2, "number": 1, "color": "black", "san": "d5",
                                      "uci": "d7d5"})
    wait_seq(page, seq)
    page.wait_for_function(
        "document.querySelector('#announcer').textContent === 'Boris: d5'", timeout=WAIT
    )
    assert page.get_attribute("#board .cell[data-square=f3]", "aria-label") == "f3, white knight"
    # The clocks only on request (D.2.6.1; 12.6): the button, or T on the board.
    page.locator("#board .cell[data-square=f3]").focus()
    page.keyboard.press("t")
    page.wait_for_function(
        "/^Anna 5:00, Boris 5:00$/.test(document.querySelector('#announcer').textContent)",
        timeout=WAIT,
    )
    page.keyboard.press("l")
    page.wait_for_function(
        "document.querySelector('#announcer').textContent === 'Boris: d5'", timeout=WAIT
    )
    # A move taken back (7.5): the view's last move is an earlier one, not read out as new.
    page.evaluate("document.querySelector('#announcer').textContent = ''")
    seq = fake.broadcast(event={"type": "arbiter", "action": "restore"},
                         fen="rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1",
                         ply=1, last={"ply": 1, "number": 1, "color": "white", "san": "Nf3",
                                      "uci": "g1f3"})
    wait_seq(page, seq)
    page.wait_for_timeout(300)
    assert page.inner_text("#announcer") == ""
    assert page.errors == []


def test_space_on_the_board_picks_up_only_in_the_accessible_mode(
    fake: FakeServer, browser: Any
) -> None:
    fake.views["g1"].update(running="white")
    white = open_seat(browser, fake)
    assert not white.is_checked("#accessible")
    white.locator("#board .cell[data-square=e2]").focus()
    white.keyboard.press("Space")  # the ordinary mode: Space is the clock
    assert [a["type"] for a in fake.wait_acts("white", 1)] == ["press"]
    white.check("#accessible")
    white.locator("#board .cell[data-square=e2]").focus()
    white.keyboard.press("Space")  # the accessible mode: Space picks up e2 (a touch)
    white.keyboard.press("ArrowUp")
    white.keyboard.press("ArrowUp")
    white.keyboard.press("Space")  # and puts it down on e4 (the move)
    white.keyboard.press("c")  # C presses the clock
    acts = fake.wait_acts("white", 4)
    assert acts[1:] == [{"type": "touch", "square": "e2"}, {"type": "move", "move": "e2e4"},
                        {"type": "press"}]
    # No appendix_d in this game's rules: nothing is announced to the arbiter for him.
    assert all(a["type"] != "announce" for a in fake.acts_of("white"))
    assert white.errors == []


def test_the_home_page_creates_a_game_naming_the_visually_disabled_player(
    fake: FakeServer, browser: Any
) -> None:
    from .test_fake_home import open_home

    page = open_home(browser, fake)
    page.wait_for_function("/blitz/.test(document.querySelector('#reading').innerText)",
                           timeout=WAIT)
    page.select_option("select[name=supervision]", "partial")
    page.select_option("select[name=visually_disabled]", "black")  # D.1
    page.click("#create")
    page.locator("#links li").first.wait_for(timeout=WAIT)
    assert fake.posts[-1][1]["rules"] == {
        "supervision": "partial", "appendix_d": {"visually_disabled": ["black"]},
    }
    page.select_option("select[name=supervision]", "")
    page.select_option("select[name=visually_disabled]", "both")
    page.click("#create")
    for _ in range(100):
        if len(fake.posts) == 2:
            break
        page.wait_for_timeout(100)
    assert fake.posts[-1][1]["rules"] == {"appendix_d": {"visually_disabled": ["white", "black"]}}
    assert page.errors == []
