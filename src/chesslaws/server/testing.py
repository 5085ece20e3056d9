"""Helpers to run a real server in tests: a ``chesslaws serve`` subprocess on loopback.

>>> with ServerProcess(f"sqlite:///{tmp_path}/games.db") as server:   # doctest: +SKIP
...     game = server.create_game(time_control="60+0", white="Ann")
...     server.url                      # http://127.0.0.1:PORT
...     server.ws_url(game["id"], token=game["seats"]["white"], since=0)

The server is started with ``sys.executable -m chesslaws serve --port 0`` (the system picks a
free port; the test reads it from the ``listening on`` line) and an organiser token of its own
(:attr:`ServerProcess.organiser_token`, sent by :meth:`ServerProcess.create_game`; pass
``--open`` or ``--organiser-token`` in ``args`` to choose), stopped with SIGTERM on exit, or
killed with :meth:`ServerProcess.kill` (SIGKILL, for crash tests). :func:`postgres_schema`
gives a fresh PostgreSQL schema per test. Standard library only.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator, Sequence
from typing import IO, Any

__all__ = ["ServerProcess", "http_json", "postgres_schema"]


def http_json(
    method: str, url: str, body: Any = None, *, timeout: float = 10.0, token: str | None = None
) -> Any:
    """Send a JSON request (with ``Authorization: Bearer token`` if given); the decoded JSON
    answer (raises ``urllib.error.HTTPError``)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return json.loads(answer.read().decode())


class ServerProcess:
    """A ``chesslaws serve`` subprocess (context manager: started on enter, stopped on exit)."""

    def __init__(
        self,
        db: str,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        args: Sequence[str] = (),
        env: dict[str, str] | None = None,
        timeout: float = 30.0,
    ) -> None:
        self.db = db
        self.host = host
        self.port = port
        self.args = tuple(args)
        self.organiser_token: str | None = None
        if "--open" not in self.args and "--organiser-token" not in self.args:
            self.organiser_token = uuid.uuid4().hex
            self.args += ("--organiser-token", self.organiser_token)
        elif "--organiser-token" in self.args:
            self.organiser_token = self.args[self.args.index("--organiser-token") + 1]
        self.env = env
        self.timeout = timeout
        self.lines: list[str] = []
        self.url = ""
        self._process: subprocess.Popen[str] | None = None
        self._stderr: IO[str] | None = None
        self._stderr_text = ""
        self._ready = threading.Event()
        self._reader: threading.Thread | None = None

    def start(self) -> ServerProcess:
        """Start the server; returns once it prints ``listening on`` (else RuntimeError)."""
        # English: the lines read below ("listening on …") whatever the locale
        command = [sys.executable, "-m", "chesslaws", "--lang", "en", "serve", "--host", self.host]
        command += ["--port", str(self.port), "--db", self.db, *self.args]
        self.lines = []
        self._ready.clear()
        self._finish()
        self._stderr = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - closed by _finish
        self._process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            text=True,
            env={**os.environ, **(self.env or {})},
        )
        self._reader = threading.Thread(target=self._read, args=(self._process,), daemon=True)
        self._reader.start()
        if not self._ready.wait(self.timeout) or not self.url:
            self.stop()
            raise RuntimeError(f"the server did not start: {self.stderr()}")
        self.port = int(self.url.rsplit(":", 1)[1])
        return self

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            self.lines.append(line.rstrip("\n"))
            if line.startswith("listening on "):
                self.url = line.split(" ", 2)[2].strip()
                self._ready.set()
        self._ready.set()

    def output(self, lines: int, timeout: float = 10.0) -> list[str]:
        """The first ``lines`` lines the server printed, waiting for them up to ``timeout`` s."""
        deadline = time.monotonic() + timeout
        while len(self.lines) < lines and time.monotonic() < deadline:
            time.sleep(0.01)
        return self.lines[:lines]

    def stderr(self) -> str:
        """What the server (every run of it) wrote to standard error so far."""
        if self._stderr is None:
            return self._stderr_text
        self._stderr.seek(0)
        return self._stderr_text + self._stderr.read()

    @property
    def pid(self) -> int:
        assert self._process is not None
        return self._process.pid

    def kill(self) -> None:
        """SIGKILL: the server dies at once, as in a crash."""
        if self._process is not None and self._process.poll() is None:
            self._process.send_signal(signal.SIGKILL)
            self._process.wait(10)
        self._finish()

    def _finish(self) -> None:
        if self._reader is not None:
            self._reader.join(10)
            self._reader = None
        if self._process is not None and self._process.stdout is not None:
            self._process.stdout.close()
        if self._stderr is not None:
            self._stderr_text = self.stderr()
            self._stderr.close()
            self._stderr = None

    def stop(self) -> int | None:
        """SIGTERM and wait; the exit status."""
        process = self._process
        if process is None:
            return None
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)
        self._finish()
        return process.returncode

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- the API -------------------------------------------------------------------------------

    def create_game(self, **body: Any) -> dict[str, Any]:
        """``POST /api/games`` with the organiser's token: ``{"id", "seats": {"white",
        "black"}, "arbiter"}``. The clocks stand until the start (``start``: the arbiter's by
        default, ``"seated"``, or an ISO-8601 time)."""
        url = f"{self.url}/api/games"
        answer: dict[str, Any] = http_json("POST", url, body, token=self.organiser_token)
        return answer

    def state(self, game: str) -> dict[str, Any]:
        """``GET /api/games/ID``."""
        answer: dict[str, Any] = http_json("GET", f"{self.url}/api/games/{game}")
        return answer

    def text(self, path: str) -> str:
        """The body of ``GET path`` as text (e.g. ``/api/games/ID/log``)."""
        with urllib.request.urlopen(f"{self.url}{path}", timeout=10) as answer:
            body: bytes = answer.read()
        return body.decode()

    def ws_url(self, game: str, *, token: str | None = None, since: int | None = None) -> str:
        """The WebSocket URL of ``game`` for ``token`` (none: a spectator); ``since`` is sent
        as given (the server answers every client with the snapshot first)."""
        query = {}
        if token is not None:
            query["token"] = token
        if since is not None:
            query["since"] = str(since)
        base = "ws" + self.url[len("http") :] + f"/ws/games/{game}"
        return f"{base}?{urllib.parse.urlencode(query)}" if query else base


@contextlib.contextmanager
def postgres_schema(url: str) -> Iterator[str]:
    """A fresh schema in the PostgreSQL database ``url``, dropped afterwards; yields the URL
    whose ``search_path`` is that schema. Needs psycopg; raises ``psycopg.Error`` if the
    database cannot be reached (callers skip the test then)."""
    import psycopg

    schema = f"chesslaws_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True, connect_timeout=5) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    options = urllib.parse.quote(f"-csearch_path={schema}")
    joined = f"{url}{'&' if '?' in url else '?'}options={options}"
    try:
        yield joined
    finally:
        with psycopg.connect(url, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")
