"""Issue 31: the pages in Spanish and in Greek, against the fake server (``fake.py``).

The browser's language (``navigator.languages``) chooses the page's; the reader may switch it
on the page and the choice is remembered. A move written in the box, and a claim's intended move,
in the page's language's piece letters (C.3) reach the server in English letters; the server's
English SAN is shown in the page's letters. Games are played to their end with the moves made by
:class:`chesslaws.core.Position` (the fake rules nothing). Screenshots of the player's page in
both languages at phone and desktop size go to :func:`screenshot_dir`.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from chesslaws.core import STARTING_FEN, Position
from chesslaws.server._pages import WEB

from .conftest import DESKTOP, PHONE, screenshot_dir
from .fake import FakeServer

pytestmark = pytest.mark.slow

WAIT = 20_000  # ms: long enough for a loaded 2-core machine
WIDE = {"width": 1440, "height": 900}


def catalog(lang: str) -> dict[str, str]:
    messages: dict[str, str] = json.loads(
        (WEB / f"i18n-{lang}.json").read_text(encoding="utf-8")
    )["messages"]
    return messages


def open_page(browser: Any, fake: FakeServer, locale: str, path: str, *,
              viewport: dict[str, int] = DESKTOP, phone: bool = False) -> Any:
    context = browser.new_context(locale=locale, viewport=viewport, is_mobile=phone,
                                  has_touch=phone, device_scale_factor=2 if phone else 1)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(fake.url + path)
    page.wait_for_function("document.body.dataset.connected === 'yes'", timeout=WAIT)
    return page


class Game:
    """The fake's game g1 moved on by real moves: each move is broadcast as the server would."""

    def __init__(self, fake: FakeServer) -> None:
        self.fake = fake
        self.position = Position.from_fen(STARTING_FEN)
        self.sans: list[str] = []

    def play(self, san: str, **fields: Any) -> int:
        color = "white" if len(self.sans) % 2 == 0 else "black"
        move = self.position.parse_san(san)
        written = self.position.san(move)
        uci = self.position.uci(move)
        self.position.push(move)
        self.sans.append(written)
        ply = len(self.sans)
        last = {"ply": ply, "number": (ply + 1) // 2, "color": color, "san": written, "uci": uci}
        to_move = "black" if color == "white" else "white"
        view = {"fen": self.position.fen(), "ply": ply, "last": last, "to_move": to_move,
                "running": to_move, **fields}
        return self.fake.broadcast(event={"type": "move", "by": color, "move": uci}, **view)


def sheet(page: Any) -> list[str]:
    texts: list[str] = page.eval_on_selector_all(
        "#sheet td.san", "tds => tds.map(t => t.textContent)"
    )
    return texts


def wait_seq(page: Any, seq: int) -> None:
    page.wait_for_function(f"Number(document.body.dataset.seq) >= {seq}", timeout=WAIT)


def open_seat(browser: Any, fake: FakeServer, lang: str, side: str) -> Any:
    """A seat's page in a browser whose language is ``lang``; the page speaks it."""
    locale = {"es": "es-ES", "el": "el-GR"}[lang]
    page = open_page(browser, fake, locale, f"/play/g1?token={'tw' if side == 'white' else 'tb'}")
    page.wait_for_function(f"document.body.dataset.side === '{side}'", timeout=WAIT)
    assert page.evaluate("document.documentElement.lang") == lang
    return page


def write_move(page: Any, text: str) -> None:
    page.fill("#move-text", text)
    page.press("#move-text", "Enter")


def test_a_game_played_in_spanish_with_moves_written_in_spanish_letters(
    fake: FakeServer, browser: Any
) -> None:
    es = catalog("es")
    white = open_seat(browser, fake, "es", "white")
    assert white.title() == "Jugar · chesslaws"
    assert white.inner_text("label[for=move-text]") == es["Write a move"] == "Escriba una jugada"
    assert white.inner_text("#offer") == "Ofrecer tablas"
    assert white.get_attribute("#move-text", "placeholder") == "e4, Cf3, e8=D"
    assert white.inner_text("#turn") == "Le toca jugar."
    # Scholar's mate written as a Spanish player writes it: A is the bishop, D the queen, C the
    # knight (C.3); the server is sent English letters.
    game = Game(fake)
    typed = {"e4": "e5", "Ac4": "Nc6", "Dh5": "Nf6", "Dxf7#": None}  # replies: the server's SAN
    for number, (mine, reply) in enumerate(typed.items()):
        write_move(white, mine)
        acts = fake.wait_acts("white", number + 1)
        english = acts[-1]["move"]
        assert acts[-1]["type"] == "move"
        if reply is None:
            seq = game.play(english, result="1-0", reason="checkmate", article="5.1.1",
                            running=None, rulings=[{"ruling": "game_over", "result": "1-0",
                                                    "reason": "checkmate", "article": "5.1.1"}])
        else:
            game.play(english)
            seq = game.play(reply)
        wait_seq(white, seq)
    assert [a["move"] for a in fake.acts_of("white")] == ["e4", "Bc4", "Qh5", "Qxf7#"]
    assert sheet(white) == ["e4", "e5", "Ac4", "Cc6", "Dh5", "Cf6", "Dxf7#"]
    assert white.inner_text("#result") == "1-0 · Ganan las blancas: jaque mate (Art. 5.1.1)"
    assert "Fin de la partida: 1-0 · Ganan las blancas: jaque mate" in white.inner_text("#rulings")
    assert white.inner_text("#turn") == "La partida ha terminado."
    # The texts with links are translated too (their key is the HTML the catalog has).
    keys = white.eval_on_selector_all("[data-i18n-html]", "els => els.map(e => e.dataset.i18nHtml)")
    assert keys and all(key in es for key in keys)
    assert white.errors == []


def test_a_game_played_in_greek_with_a_claim_written_in_greek_letters(
    fake: FakeServer, browser: Any
) -> None:
    el = catalog("el")
    black = open_seat(browser, fake, "el", "black")
    assert black.inner_text("#claim") == el["Claim…"] == "Αίτηση…"
    game = Game(fake)
    # 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1: Black writes the knight's moves with Ι (ίππος).
    for number, (theirs, mine) in enumerate([("Nf3", "Ιf6"), ("Ng1", "Ιg8"), ("Nf3", "Ιf6")]):
        wait_seq(black, game.play(theirs))
        write_move(black, mine)
        acts = fake.wait_acts("black", number + 1)
        wait_seq(black, game.play(acts[-1]["move"]))
    wait_seq(black, game.play("Ng1"))
    assert [a["move"] for a in fake.acts_of("black")] == ["Nf6", "Ng8", "Nf6"]
    assert sheet(black) == ["Ιf3", "Ιf6", "Ιg1", "Ιg8", "Ιf3", "Ιf6", "Ιg1"]
    # A claim of threefold repetition with the intended move written in Greek letters (9.2.1).
    black.click("#claim")
    assert black.inner_text("#claim-dialog h2") == "Αίτηση προς τον διαιτητή"
    black.fill("#claim-move", "Ιg8")
    black.click("#claim-send")
    claim = fake.wait_acts("black", 4)[-1]
    assert claim == {"type": "claim", "kind": "threefold", "move": "Ng8"}
    seq = fake.broadcast(
        event={**claim, "by": "black"}, result="1/2-1/2", reason="threefold", article="9.2.1",
        running=None, rulings=[{"ruling": "game_over", "by": "black", "result": "1/2-1/2",
                                "reason": "threefold", "article": "9.2.1"}])
    wait_seq(black, seq)
    assert black.inner_text("#result") == (
        "1/2-1/2 · Ισοπαλία: τριπλή επανάληψη (με αίτηση) (Άρθ. 9.2.1)"
    )
    # An incorrect claim's written move, named in Greek letters in the ruling (9.5.3).
    seq = fake.broadcast(rulings=[{"ruling": "incorrect_claim", "by": "white", "article": "9.5.3",
                                   "must_move": ["g1f3"], "must_move_san": ["Nf3"]}])
    wait_seq(black, seq)
    assert "πρέπει να παιχτεί η γραμμένη κίνηση: Ιf3" in black.inner_text("#rulings")
    assert black.errors == []


def test_the_language_is_switched_on_the_page_and_remembered(
    fake: FakeServer, browser: Any
) -> None:
    page = open_page(browser, fake, "es-ES", "/watch/g1")
    assert page.inner_text("#flip") == "Girar el tablero"
    assert page.evaluate("[...document.querySelectorAll('#lang option')].map(o => o.value)") == [
        "en", "es", "el"
    ]
    with page.expect_navigation():
        page.select_option("#lang", "el")
    page.wait_for_function("document.body.dataset.connected === 'yes'", timeout=WAIT)
    assert page.evaluate("document.documentElement.lang") == "el"
    assert page.inner_text("#flip") == "Αναστροφή σκακιέρας"
    # Another page of the same browser keeps the choice over the browser's Spanish.
    other = page.context.new_page()
    other.goto(fake.url + "/")
    other.wait_for_function("document.body.dataset.lang === 'el'", timeout=WAIT)
    assert other.inner_text("#create") == "Δημιουργία"
    # An English browser gets English, with no catalog fetched.
    catalogs = [path for _, path in fake.requests if "/static/i18n-" in path]
    english = open_page(browser, fake, "en-GB", "/watch/g1")
    assert english.inner_text("#flip") == "Flip the board"
    assert [path for _, path in fake.requests if "/static/i18n-" in path] == catalogs


def test_screenshots_of_the_player_page_in_spanish_and_greek(
    fake: FakeServer, browser: Any
) -> None:
    fake.views["g1"].update(
        fen="r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", ply=6,
        san=["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"], running="white",
        clock={"white": 241_300, "black": 262_800}, draw_offer="black",
        last={"ply": 6, "number": 3, "color": "black", "san": "Nf6", "uci": "g8f6"},
        obligation={"player": "white", "square": "f3", "san": ["Ng5", "Nh4", "Nxe5", "Nd4"]},
        rulings=[{"ruling": "draw_offer", "by": "black", "status": "standing", "article": "9.1.2"},
                 {"ruling": "touch_move", "by": "white", "move": "d2d4", "move_san": "d4",
                  "must_move": ["f3g5"], "must_move_san": ["Ng5", "Nh4", "Nxe5", "Nd4"],
                  "article": "4.3.1"}])
    for locale, lang in (("es-ES", "es"), ("el-GR", "el")):
        for size, viewport in (("phone", PHONE), ("desktop", WIDE)):
            page = open_page(browser, fake, locale, "/play/g1?token=tw", viewport=viewport,
                             phone=size == "phone")
            page.wait_for_function("document.body.dataset.side === 'white'", timeout=WAIT)
            page.wait_for_timeout(300)
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            page.screenshot(path=str(screenshot_dir() / f"player-{lang}-{size}.png"))
            page.context.close()


def test_a_ruling_links_to_its_article_in_the_language_and_the_games_edition(
    fake: FakeServer, browser: Any
) -> None:
    summaries = json.loads((WEB / "articles-es.json").read_text(encoding="utf-8"))
    fake.views["g1"].update(edition="pre-1997", rulings=[
        {"ruling": "draw_offer", "by": "black", "status": "declined", "article": "10.7"},
        {"ruling": "touch_move", "by": "white", "move": "d2d4", "move_san": "d4",
         "must_move": ["g1f3"], "must_move_san": ["Nf3"], "article": "4.3.1"}])
    page = open_page(browser, fake, "es-ES", "/watch/g1")
    links = page.locator("#rulings a.article")
    assert links.nth(0).inner_text() == "Art. 10.7"
    assert links.nth(0).get_attribute("href") == "/static/laws.html?edition=pre-1997#art-10.7"
    assert links.nth(0).get_attribute("title") == summaries["pre-1997"]["10.7"]
    # An Article the old text does not have: the 2023 summary, which the arbiter applies.
    assert links.nth(1).get_attribute("title") == summaries["2023"]["4.3.1"]
    # The Laws page, in Greek, under the 2014 edition and its lettered numbers.
    greek = json.loads((WEB / "articles-el.json").read_text(encoding="utf-8"))
    laws = browser.new_context(locale="el-GR").new_page()
    laws.goto(fake.url + "/static/laws.html?edition=2014#art-5.1.a")
    laws.wait_for_function("document.body.dataset.ready === 'yes'", timeout=WAIT)
    assert laws.inner_text("#laws-edition") == "Οι Κανόνες του 2014"  # capitalised by CSS
    assert laws.inner_text("#art-5\\.1\\.a") == "Άρθρο 5.1.a"
    assert laws.inner_text(".wanted + dd, dd.wanted") == greek["2014"]["5.1.a"]
    assert "ούτε επίσημη μετάφρασή του" in laws.inner_text("#laws-note")
    # 2023 Articles the 2014 text does not replace are listed with it; its own replace them.
    assert laws.inner_text("#art-9\\.2\\.1 + dd") == greek["2023"]["9.2.1"]
    assert laws.locator("#art-9\\.6\\.1").count() == 1  # (2014 writes 9.6.a; 2023's stays)


KEYS = """[
  ...[...document.querySelectorAll('[data-i18n]')].map((e) => e.dataset.i18n),
  ...[...document.querySelectorAll('[data-i18n-html]')].map((e) => e.dataset.i18nHtml),
  ...[...document.querySelectorAll('[data-i18n-attr]')].flatMap(
    (e) => e.dataset.i18nAttr.split(',').map((name) => e.getAttribute(`data-i18n-${name}`))),
]"""


@pytest.mark.parametrize("lang", ["es", "el"])
def test_every_marked_text_of_every_page_is_found_in_the_catalog(
    fake: FakeServer, browser: Any, lang: str
) -> None:
    """What the pages read as a key (their text as the browser has it) is what the catalogs
    were extracted from (the HTML as written): no marked text stays English."""
    messages = catalog(lang)
    locale = {"es": "es-ES", "el": "el-GR"}[lang]
    for path in ("/", "/play/g1?token=tw", "/watch/g1", "/arbiter?game=g1&token=ta",
                 "/static/laws.html"):
        page = browser.new_context(locale=locale).new_page()
        page.goto(fake.url + path)
        page.wait_for_function(f"document.body.dataset.lang === '{lang}'", timeout=WAIT)
        keys = page.evaluate(KEYS)
        assert len(keys) >= 2, path
        assert [key for key in keys if key not in messages] == [], path
        assert page.title().endswith(" · chesslaws") and page.title() != "Play · chesslaws"
        page.context.close()
