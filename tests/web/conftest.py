"""Fixtures of the web board's tests: a real ``chesslaws serve``, a fake one, and a real Chromium.

``server`` is the real server; ``fake`` (``fake.py``) a scripted one speaking issue 25's
contract, for the pages' tests that need no ruling. The real server is a subprocess
(``sys.executable -m chesslaws serve --port 0``) on loopback with a fresh SQLite store, stopped
by the test. The browser is the machine's Chromium driven by Playwright (``executable_path``;
Playwright's own browser download is never used). Tests that need Chromium skip, saying so, only
when no Chromium is installed.

Screenshots go to ``$CHESSLAWS_SCREENSHOTS``, else ``tests/web/screenshots/`` (kept out of the
repository).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


def chromium_path() -> str | None:
    candidates = ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser"))
    for candidate in candidates:
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def screenshot_dir() -> Path:
    folder = os.environ.get("CHESSLAWS_SCREENSHOTS")
    path = Path(folder) if folder else Path(__file__).resolve().parent / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


ORGANISER_TOKEN = "organiser-of-the-tests"


class Server:
    """A ``chesslaws serve`` subprocess on 127.0.0.1 and a free port."""

    def __init__(self, db: str) -> None:
        # English: the line read below ("listening on …") whatever the locale
        command = [sys.executable, "-m", "chesslaws", "--lang", "en", "serve"]
        command += ["--host", "127.0.0.1", "--port", "0", "--db", db]
        command += ["--organiser-token", ORGANISER_TOKEN]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        self.url = ""
        self.output: list[str] = []
        ready = threading.Event()
        threading.Thread(target=self._read, args=(ready,), daemon=True).start()
        if not ready.wait(30) or not self.url:
            self.stop()
            raise RuntimeError("chesslaws serve did not start:\n" + "\n".join(self.output))

    def _read(self, ready: threading.Event) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.output.append(line.rstrip("\n"))
            if line.startswith("listening on ") and not self.url:
                self.url = line.split(" ", 2)[2].strip()
                ready.set()
        ready.set()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        if self.process.stdout is not None:
            self.process.stdout.close()

    def text(self, method: str, path: str, body: Any = None) -> str:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.url + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        req.add_header("Authorization", f"Bearer {ORGANISER_TOKEN}")
        with urllib.request.urlopen(req, timeout=10) as answer:
            text: str = answer.read().decode()
        return text

    def request(self, method: str, path: str, body: Any = None) -> Any:
        return json.loads(self.text(method, path, body))

    def create_game(self, **body: Any) -> dict[str, Any]:
        """A game whose clocks start when both seats are connected (6.6), unless told."""
        body.setdefault("start", "seated")
        game: dict[str, Any] = self.request("POST", "/api/games", body)
        return game

    def speaks_the_contract(self) -> bool:
        """Whether this server is issue 25's (it reads time controls for the home page)."""
        try:
            self.request("GET", "/api/timecontrol?text=5%2B3")
        except (urllib.error.URLError, ValueError):
            return False
        return True


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("serve")
    try:
        running = Server(f"sqlite:///{folder}/games.db")
    except RuntimeError as error:
        if "--organiser-token" in str(error):
            pytest.skip("this chesslaws serve predates issue 25 (no --organiser-token): the "
                        "pages against the real server run once its server is merged")
        raise
    try:
        if not running.speaks_the_contract():
            pytest.skip("this chesslaws serve predates issue 25 (no /api/timecontrol): the "
                        "pages against the real server run once its server is merged")
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium on this machine (apt-get install chromium): browser tests skipped")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def fake() -> Iterator[Any]:
    """A fresh fake server of issue 25's contract (``fake.py``), scripted by the test."""
    from .fake import FakeServer

    running = FakeServer()
    try:
        yield running
    finally:
        running.stop()
