"""The web board's routes and its reading of a game (``chesslaws.server._pages``), no browser."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from chesslaws.server._pages import WEB, game_view, page_routes

SOURCE = Path(__file__).resolve().parents[2] / "src" / "chesslaws"


def _log(*events: Mapping[str, object]) -> list[str]:
    return [json.dumps(e) for e in events]


START = {"type": "start", "time_control": "300+2"}


class Client:
    """Requests to an app of the web board's routes alone, in process (httpx over ASGI)."""

    def __init__(self) -> None:
        self.app = Starlette(routes=page_routes())

    def _send(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        async def send() -> httpx.Response:
            transport = httpx.ASGITransport(app=self.app)
            async with httpx.AsyncClient(transport=transport, base_url="http://board") as http:
                return await http.request(method, path, **kwargs)

        return asyncio.run(send())

    def get(self, path: str) -> httpx.Response:
        return self._send("GET", path)


@pytest.fixture
def client() -> Client:
    return Client()


@pytest.mark.parametrize(
    ("path", "page"),
    [("/", "index.html"), ("/play/abc", "play.html"), ("/watch/abc", "watch.html"),
     ("/arbiter", "arbiter.html")],
)
def test_each_page_is_served_without_leaking_its_token(
    client: Client, path: str, page: str
) -> None:
    answer = client.get(path + "?token=secret")
    assert answer.status_code == 200
    assert answer.text == (WEB / page).read_text(encoding="utf-8")
    assert answer.headers["content-type"].startswith("text/html")
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert answer.headers["cache-control"] == "no-store"


def test_every_asset_a_page_names_is_in_the_package(client: Client) -> None:
    names = set()
    for page in WEB.glob("*.html"):
        names |= set(re.findall(r'/static/([\w.-]+)', page.read_text(encoding="utf-8")))
    for script in WEB.glob("*.js"):
        text = script.read_text(encoding="utf-8")
        names |= set(re.findall(r'from "\./([\w.-]+)"', text))
        names |= set(re.findall(r'/static/([\w.-]+\.\w+)', text))
    assert {"style.css", "play.js", "board.js", "articles.json", "laws.html"} <= names
    for name in sorted(names):
        assert (WEB / name).is_file(), name
        assert client.get(f"/static/{name}").status_code == 200, name
    assert client.get("/static/board.js").headers["content-type"].startswith("text/javascript")


def test_no_asset_reaches_for_the_network() -> None:
    """No CDN, no font service, no analytics: the only URL is the SVG namespace."""
    for path in WEB.iterdir():
        text = path.read_text(encoding="utf-8")
        urls = set(re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}[^\s\"'`)]*", text))
        assert urls <= {"http://www.w3.org/2000/svg"}, (path.name, urls)


EDITIONS = ("2023", "2018", "2014", "pre-1997")


def _article_text(articles: dict[str, dict[str, str]], number: str) -> str:
    """As ``articleText`` in game.js under 2023: the Article, else its nearest parent, in 2023's
    set, then in the other editions'."""
    for edition in EDITIONS:
        key = number
        while key:
            if key in articles[edition]:
                return articles[edition][key]
            key = key.rpartition(".")[0]
    return ""


def _articles(lang: str) -> dict[str, dict[str, str]]:
    name = "articles.json" if lang == "en" else f"articles-{lang}.json"
    data: dict[str, dict[str, str]] = json.loads((WEB / name).read_text(encoding="utf-8"))
    return data


def test_the_articles_are_summarised_in_each_language_and_edition() -> None:
    """Issue 31: the same Articles in English, Spanish and Greek, per edition, each numbered as
    its edition's text numbers them (2014 lettered, before 1997 the old numbers)."""
    english = _articles("en")
    assert set(english) == set(EDITIONS)
    assert {"5.1.a", "9.6.a", "A.4.b"} <= set(english["2014"])
    assert {"10.4", "10.7", "5.d"} <= set(english["pre-1997"]) and "10.4" not in english["2023"]
    for lang in ("es", "el"):
        other = _articles(lang)
        for edition in EDITIONS:
            assert set(other[edition]) == set(english[edition]), (lang, edition)
            for key, text in other[edition].items():
                assert text != english[edition][key] and len(text) > 8, (lang, edition, key)


def test_every_article_the_arbiter_cites_has_its_short_text() -> None:
    cited = set()
    for folder in ("arbiter", "endings", "server"):
        for path in (SOURCE / folder).glob("*.py"):
            text = path.read_text(encoding="utf-8")
            cited |= set(re.findall(r'"((?:[1-9]\d?|[A-Z]{1,3})(?:\.\d{1,2})+|12)"', text))
    assert {"4.3.1", "6.9", "9.5.3", "A.3", "10.7"} <= cited
    for lang in ("en", "es", "el"):
        articles = _articles(lang)
        missing = sorted(a for a in cited if not _article_text(articles, a))
        assert not missing, lang


def test_the_view_has_the_scoresheet_in_san_with_clock_times() -> None:
    view = game_view(_log(
        START,
        {"type": "move", "at": 3, "by": "white", "move": "e2e4"},
        {"type": "press", "at": 4, "by": "white"},
        {"type": "move", "at": 10, "by": "black", "move": "g8f6"},
        {"type": "press", "at": 10.5, "by": "black"},
        {"type": "move", "at": 12, "by": "white", "move": "e4e5"},
    ))
    assert [(m["san"], m["uci"]) for m in view["moves"]] == [
        ("e4", "e2e4"), ("Nf6", "g8f6"), ("e5", "e4e5")
    ]
    # Each completed move with its mover's time after the press (+2 s); e5 is not completed.
    assert [m["clock"] for m in view["moves"]] == [298_000, 295_500, None]
    assert view["turn"] == "black" and view["running"] == "white"
    assert view["clock"] == {"white": 298_000 - 1_500, "black": 295_500}
    assert view["uncompleted"] == {"white": True, "black": False}
    assert view["last_at"] == 12_000 and view["events"] == 6
    assert view["time_control"]["periods"][0]["increment"] == 2
    assert "f6d5" in view["legal"] and view["last_move"] == "e4e5"


def test_the_view_shows_touches_obligations_and_offers() -> None:
    view = game_view(_log(
        START,
        {"type": "touch", "at": 1, "by": "white", "square": "g1"},
        {"type": "offer_draw", "at": 2, "by": "white"},
    ))
    assert view["touched"] == ["g1"]
    assert view["obligation"] == {"moves": ["g1f3", "g1h3"], "article": "4.3.1"}
    assert view["offers"] == {"white": True, "black": False}
    assert [r["ruling"] for r in view["rulings"]] == ["draw_offer"]


def test_an_illegal_move_stands_on_the_board_until_it_is_ruled() -> None:
    made = _log(START, {"type": "move", "at": 1, "by": "white", "move": "e1e3"})
    view = game_view(made)
    assert view["pending_illegal"] == {
        "by": "white", "move": "e1e3", "article": "7.5.1", "completed": False
    }
    assert view["board"].split()[0] == "rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR"
    assert view["fen"].startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")
    ruled = game_view([*made, json.dumps({"type": "press", "at": 2, "by": "white"})])
    assert ruled["pending_illegal"] is None and ruled["board"] == ruled["fen"]
    assert ruled["illegal_moves"] == {"white": 1, "black": 0}
    assert ruled["rulings"][0]["ruling"] == "illegal_move"


def test_the_view_of_a_finished_game_has_its_result_and_flag() -> None:
    view = game_view(_log(
        {"type": "start", "time_control": "10+0"},
        {"type": "tick", "at": 11},
    ))
    assert (view["result"], view["reason"], view["article"]) == ("0-1", "flag", "6.9")
    assert view["flag_fallen"] == {"white": True, "black": False}
    assert view["running"] is None and view["obligation"] is None


def test_a_log_that_does_not_start_is_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="line 0 of the event log is not a 'start' event"):
        game_view(['{"type": "press", "at": 1, "by": "white"}'])


def test_no_page_has_a_log_replayed_nor_asks_the_server_per_message() -> None:
    """Issue 25: the pages draw each message's view; none posts a log to be replayed
    (``/board/view``), nor reads the log or the game's state after a message."""
    for script in WEB.glob("*.js"):
        text = script.read_text(encoding="utf-8")
        assert "/board/view" not in text, script.name
        assert '"/log"' not in text and "/log`" not in text, script.name
