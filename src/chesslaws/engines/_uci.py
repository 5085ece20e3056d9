"""A UCI client on asyncio subprocesses: ``uci``, ``setoption``, ``isready``, ``ucinewgame``,
``position``, ``go``, ``stop``, ``quit``.

:class:`UciEngine` starts the engine, asks for its options and sets those given, and plays one
search at a time: :meth:`UciEngine.search` sends ``position`` and ``go`` and waits for
``bestmove``, keeping the ``info`` lines' figures (score, depth, nodes, time). It measures the
search from the instant ``go`` was sent to the instant ``bestmove`` was read, on the injected
:class:`~chesslaws.clock.TimeSource`.

What can go wrong is an answer, not an exception: a :class:`Reply` is a move, a timeout (the
deadline passed: ``stop`` was sent), a crash (the process ended or closed its output), a stall
(no answer to ``isready`` within the stall timeout) or garbage (a ``bestmove`` that is no move).
Lines the protocol does not know are ignored, as UCI asks; the last few are kept for the reason
text, and no more, however many the engine writes.

Whatever the engine does, a search has one deadline: at the flag (plus the grace) ``stop`` is
sent, and an engine that has not answered ``bestmove`` within :data:`STOP_ANSWER` ms (or its
stall timeout, if shorter) after that is killed. The output is read in chunks and cut into lines
here, so an engine that writes megabytes of ``info`` is charged for its own time, not for the
driver's reading. Each engine runs in a process group of its own, and killing the engine kills
the group: nothing it started outlives it.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import os
import shlex
import signal
import time
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from chesslaws._errors import EngineError
from chesslaws._words import Words
from chesslaws.clock import MONOTONIC, TimeSource

__all__ = ["STOP_ANSWER", "Info", "Reply", "ReplyKind", "UciEngine", "parse_info"]

_LINE_LIMIT = 1 << 20
"""The longest line read (bytes); a longer one is cut and read as garbage."""
_CHUNK = 1 << 16
"""How much of the engine's output one read takes."""
_KEPT = 5
"""How many unknown lines a reply keeps for its reason text."""
_DECLARED_LIMIT = 10_000
"""The most lines an engine may write before ``uciok`` (its ``id`` and ``option`` lines)."""
STOP_ANSWER = 1_000
"""How long (ms) an engine has to answer ``stop`` with ``bestmove`` after its deadline."""
_UCI_MOVE = frozenset("abcdefgh12345678qrbn")


@dataclass(frozen=True, slots=True)
class Info:
    """The figures of an ``info`` line that matches keep: score, depth, nodes and time.

    ``score_cp`` (centipawns) or ``mate`` (moves to mate, negative when mated), from the
    engine's point of view; ``bound`` is ``"lower"``/``"upper"`` for a bound, else ``None``.
    """

    depth: int | None = None
    score_cp: int | None = None
    mate: int | None = None
    bound: str | None = None
    nodes: int | None = None
    time: int | None = None

    @property
    def has_score(self) -> bool:
        return self.score_cp is not None or self.mate is not None

    def score_text(self) -> str:
        """The score as PGN comments of engine games write it: ``+0.23``, ``-M3``, ``+M5``."""
        if self.mate is not None:
            return f"{'+' if self.mate > 0 else '-'}M{abs(self.mate)}"
        if self.score_cp is None:
            return "?"
        return f"{self.score_cp / 100:+.2f}"


def _int(tokens: list[str], i: int) -> int | None:
    if i < len(tokens):
        try:
            return int(tokens[i])
        except ValueError:
            return None
    return None


def parse_info(line: str) -> Info | None:
    """The figures of an ``info`` line, or ``None`` for a line without any (``info string``).

    >>> parse_info("info depth 12 seldepth 15 score cp -31 nodes 9000 nps 1 time 42 pv e2e4")
    Info(depth=12, score_cp=-31, mate=None, bound=None, nodes=9000, time=42)
    """
    tokens = line.split()
    if not tokens or tokens[0] != "info":
        return None
    depth = score = mate = nodes = spent = None
    bound: str | None = None
    i = 1
    while i < len(tokens):
        key = tokens[i]
        if key in ("string", "pv", "refutation", "currline"):
            break  # the rest of the line is text or moves
        if key == "depth":
            depth = _int(tokens, i + 1)
        elif key == "nodes":
            nodes = _int(tokens, i + 1)
        elif key == "time":
            spent = _int(tokens, i + 1)
        elif key == "score":
            kind = tokens[i + 1] if i + 1 < len(tokens) else ""
            value = _int(tokens, i + 2)
            if kind == "cp":
                score = value
            elif kind == "mate":
                mate = value
            i += 2
            if i + 1 < len(tokens) and tokens[i + 1] in ("lowerbound", "upperbound"):
                bound = tokens[i + 1][:5]
                i += 1
        i += 1
    if depth is None and score is None and mate is None and nodes is None and spent is None:
        return None
    return Info(depth, score, mate, bound, nodes, spent)


class ReplyKind(enum.Enum):
    """How a search ended."""

    MOVE = "move"
    TIMEOUT = "timeout"
    CRASH = "crash"
    STALL = "stall"
    GARBAGE = "garbage"


@dataclass(frozen=True, slots=True)
class Reply:
    """The answer to one ``go``.

    ``elapsed`` is from ``go`` sent to ``bestmove`` read (or to the end of waiting), in ms of
    the engine's time source; ``elapsed_ns`` the same on ``time.perf_counter_ns`` (for the
    driver-overhead benchmark). ``info`` is the last ``info`` line with a score, if any.
    ``detail`` says what went wrong, for people.
    """

    kind: ReplyKind
    move: str | None = None
    info: Info | None = None
    elapsed: int = 0
    elapsed_ns: int = 0
    detail: str = ""
    ignored: tuple[str, ...] = field(default=())


def is_uci_move(text: str) -> bool:
    """Whether ``text`` is written as a UCI move (``e2e4``, ``e7e8q``; ``0000`` is not a move)."""
    return (
        4 <= len(text) <= 5
        and all(c in _UCI_MOVE for c in text)
        and text[0] in "abcdefgh"
        and text[1] in "12345678"
        and text[2] in "abcdefgh"
        and text[3] in "12345678"
        and (len(text) == 4 or text[4] in "qrbn")
    )


class _Output:
    """An engine's standard output, read in chunks of :data:`_CHUNK` bytes and cut into lines.

    One read (and one timeout) per chunk, not per line: the lines of a chunk already read are
    handed out without waiting.
    """

    __slots__ = ("_lines", "_stream", "_tail", "ended")

    def __init__(self, stream: asyncio.StreamReader) -> None:
        self._stream = stream
        self._lines: deque[bytes] = deque()
        self._tail = b""
        self.ended = False

    async def line(self, timeout: float | None) -> bytes | None:
        """The next line, without its end (``None`` once the output has ended);
        ``TimeoutError`` when no whole line came within ``timeout`` seconds."""
        lines = self._lines
        while not lines:
            if self.ended:
                return None
            if timeout is None:
                await self._fill()
            else:
                async with asyncio.timeout(timeout):
                    await self._fill()
        return lines.popleft()

    async def _fill(self) -> None:
        chunk = await self._stream.read(_CHUNK)
        if not chunk:
            self.ended = True
            if self._tail:
                self._lines.append(self._tail)
                self._tail = b""
            return
        parts = (self._tail + chunk).split(b"\n") if self._tail else chunk.split(b"\n")
        tail = parts.pop()
        if len(tail) > _LINE_LIMIT:  # no end in sight: read it as garbage and go on
            parts.append(b"\xef\xbf\xbd" + tail[:40])
            tail = b""
        self._tail = tail
        self._lines.extend(parts)


def _text(raw: bytes) -> str:
    return raw.decode(errors="replace").strip()


class _Search:
    """What one search has heard so far: the last scored ``info`` line (read only at the end)
    and the last few lines the protocol does not know."""

    __slots__ = ("ignored", "scored", "start", "start_ns")

    def __init__(self, start: int, start_ns: int) -> None:
        self.start = start
        self.start_ns = start_ns
        self.scored = b""
        self.ignored: deque[str] = deque(maxlen=_KEPT)

    @property
    def info(self) -> Info | None:
        return parse_info(_text(self.scored)) if self.scored else None

    def hear(self, raw: bytes) -> None:
        """An ``info`` line (kept when it has a score) or a line no search answer is."""
        if raw.startswith(b"info"):
            if b" score " in raw and not raw.startswith(b"info string"):
                self.scored = raw
        elif raw.strip():
            self.ignored.append(_text(raw)[:200])


class UciEngine:
    """One engine process spoken to in UCI.

    ``command`` is the program and its arguments (a list, or a string split as a shell would).
    ``options`` are set with ``setoption`` after ``uci``; a name the engine did not declare is
    an :class:`EngineError`. ``stall`` (ms) is how long the engine may stay silent before it is
    sent ``isready``, how long it then has to answer ``readyok``, and at most how long it has
    to answer ``stop`` with ``bestmove`` (:data:`STOP_ANSWER`); ``startup`` (ms) how long it
    has to answer ``uci`` and the first ``isready``.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        name: str | None = None,
        options: Mapping[str, str] | None = None,
        source: TimeSource = MONOTONIC,
        stall: int = 10_000,
        startup: int = 10_000,
    ) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise EngineError(Words("an engine needs a command"), engine=name or "")
        self.name = name or self.argv[0].rsplit("/", 1)[-1]
        self.options = dict(options or {})
        self.source = source
        self.stall = stall
        self.startup = startup
        self.id_name: str | None = None
        self.declared: dict[str, str] = {}
        self._process: asyncio.subprocess.Process | None = None
        self._output: _Output | None = None

    # -- the process ---------------------------------------------------------------------------

    @property
    def alive(self) -> bool:
        process = self._process
        return process is not None and process.returncode is None

    async def start(self) -> None:
        """Start the process, ``uci`` → ``uciok``, set the options, ``isready`` → ``readyok``."""
        try:
            self._process = await asyncio.create_subprocess_exec(
                *self.argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL,
                start_new_session=os.name == "posix",  # a process group of its own
            )
        except OSError as error:
            raise EngineError(
                Words(
                    "engine {engine}: cannot start '{command}': {why}",
                    engine=self.name,
                    command=self.argv[0],
                    why=error.strerror or error,
                ),
                engine=self.name,
            ) from None
        assert self._process.stdout is not None
        self._output = _Output(self._process.stdout)
        await self._send("uci")
        for line in await self._read_until("uciok", self.startup, keep=True):
            if line.startswith("id name "):
                self.id_name = line[8:].strip()
            elif line.startswith("option name "):
                self._declare(line)
        for key, value in self.options.items():
            declared = {k.lower(): k for k in self.declared}
            if key.lower() not in declared:
                known = ", ".join(sorted(self.declared)) or "none"
                raise EngineError(
                    Words(
                        "engine {engine}: no option '{key}' (it declares: {known})",
                        engine=self.name,
                        key=key,
                        known=known,
                    ),
                    engine=self.name,
                )
            await self._send(f"setoption name {declared[key.lower()]} value {value}")
        await self.ready(self.startup)

    def _declare(self, line: str) -> None:
        rest = line[len("option name ") :]
        name, _, kind = rest.partition(" type ")
        self.declared[name.strip()] = kind.split(" ", 1)[0]

    async def ready(self, timeout: int | None = None) -> None:
        """``isready`` → ``readyok`` within ``timeout`` ms (default: the stall timeout), or
        :class:`EngineError`."""
        await self._send("isready")
        await self._read_until("readyok", self.stall if timeout is None else timeout)

    async def new_game(self) -> None:
        """``ucinewgame`` and ``isready``: a new game starts."""
        await self._send("ucinewgame")
        await self.ready()

    async def quit(self, timeout: float = 2.0) -> None:
        """``quit``, then wait for the process to end (killed after ``timeout`` seconds); what
        it started is killed with it."""
        process = self._process
        if process is None:
            return
        if await self._try_send("quit"):
            # The exit itself, not process.wait(): that also waits for the output to close,
            # which a child holding it open would put off to the timeout.
            loop = asyncio.get_running_loop()
            end = loop.time() + timeout
            while process.returncode is None and loop.time() < end:
                await asyncio.sleep(0.005)
        await self.kill()

    async def kill(self) -> None:
        """End the process and its process group now, reap it and close its pipes."""
        process, output = self._process, self._output
        if process is None:
            return
        self._process = self._output = None
        _kill_group(process)
        await process.wait()
        if process.stdin is not None:
            process.stdin.close()
        if output is not None:  # the group is gone: the output ends at once
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(1.0):
                    while await output.line(None) is not None:
                        pass

    # -- lines ---------------------------------------------------------------------------------

    async def _send(self, line: str) -> None:
        process = self._process
        if process is None or process.stdin is None or process.returncode is not None:
            raise EngineError(
                Words("engine {engine} is not running", engine=self.name), engine=self.name
            )
        try:
            process.stdin.write(line.encode() + b"\n")
            await process.stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            raise EngineError(
                Words("engine {engine} closed its input", engine=self.name), engine=self.name
            ) from None

    async def _read_until(self, word: str, within: int, *, keep: bool = False) -> list[str]:
        """The lines before ``word`` (kept only when ``keep``), all within ``within`` ms."""
        output = self._output
        assert output is not None
        loop = asyncio.get_running_loop()
        end = loop.time() + within / 1000
        lines: list[str] = []
        expected = word.encode()
        while True:
            try:
                raw = await output.line(max(end - loop.time(), 0.0))
            except TimeoutError:
                raise EngineError(
                    Words(
                        "engine {engine}: no '{word}' within {within} ms",
                        engine=self.name,
                        word=word,
                        within=within,
                    ),
                    engine=self.name,
                ) from None
            if raw is None:
                raise EngineError(
                    Words(
                        "engine {engine} ended before '{word}' (exit status {status})",
                        engine=self.name,
                        word=word,
                        status=self._exit_status(),
                    ),
                    engine=self.name,
                )
            if raw.strip() == expected:
                return lines
            if keep:
                if len(lines) >= _DECLARED_LIMIT:
                    raise EngineError(
                        Words(
                            "engine {engine}: more than {limit} lines before '{word}'",
                            engine=self.name,
                            limit=_DECLARED_LIMIT,
                            word=word,
                        ),
                        engine=self.name,
                    )
                lines.append(_text(raw))

    def _exit_status(self) -> str:
        process = self._process
        return (
            "unknown" if process is None or process.returncode is None else str(process.returncode)
        )

    # -- a search ------------------------------------------------------------------------------

    async def search(self, position: str, go: str, deadline: float) -> Reply:
        """Send ``position`` and ``go``; wait for ``bestmove`` at most ``deadline`` seconds.

        At the deadline ``stop`` is sent and the late ``bestmove`` awaited (up to
        :data:`STOP_ANSWER` ms in all, however much else the engine writes) so that the engine
        is in step for the next game; past that the engine is killed. The reply is a timeout
        either way.
        """
        try:
            await self._send(position)
            start_ns = time.perf_counter_ns()
            start = self.source.now()
            await self._send(go)
        except EngineError as error:
            return Reply(ReplyKind.CRASH, detail=str(error))
        return await self._await_bestmove(_Search(start, start_ns), deadline)

    async def _await_bestmove(self, search: _Search, deadline: float) -> Reply:
        output = self._output
        assert output is not None
        loop = asyncio.get_running_loop()
        give_up = loop.time() + deadline
        stall = self.stall / 1000
        pinged: float | None = None
        while True:
            now = loop.time()
            if now >= give_up:  # also when the engine writes without end
                return await self._late(search)
            wait = min(give_up - now, (pinged + stall - now) if pinged is not None else stall)
            try:
                raw = await output.line(max(wait, 0.0))
            except TimeoutError:
                if loop.time() >= give_up:
                    return await self._late(search)
                if pinged is not None:
                    detail = f"no answer to isready within {self.stall} ms"
                    return self._reply(ReplyKind.STALL, search, detail)
                pinged = loop.time()
                if not await self._try_send("isready"):
                    return await self._crash(search)
                continue
            if raw is None:
                return await self._crash(search)
            if raw.startswith(b"bestmove"):
                return self._bestmove(_text(raw), search)
            if raw.strip() == b"readyok":
                pinged = None
            else:
                search.hear(raw)

    async def _try_send(self, line: str) -> bool:
        try:
            await self._send(line)
        except EngineError:
            return False
        return True

    def _bestmove(self, line: str, search: _Search) -> Reply:
        elapsed_ns = time.perf_counter_ns() - search.start_ns
        elapsed = self.source.now() - search.start
        tokens = line.split()
        move = tokens[1] if len(tokens) > 1 else ""
        ignored = tuple(search.ignored)
        if tokens[0] != "bestmove" or not is_uci_move(move):
            return Reply(
                ReplyKind.GARBAGE,
                move=move or None,
                info=search.info,
                elapsed=elapsed,
                elapsed_ns=elapsed_ns,
                detail=f"unreadable answer {line[:60]!r} (expected 'bestmove' and a UCI move)",
                ignored=ignored,
            )
        return Reply(ReplyKind.MOVE, move, search.info, elapsed, elapsed_ns, ignored=ignored)

    def _reply(self, kind: ReplyKind, search: _Search, detail: str) -> Reply:
        return Reply(
            kind,
            None,
            search.info,
            self.source.now() - search.start,
            time.perf_counter_ns() - search.start_ns,
            detail,
            tuple(search.ignored),
        )

    async def _crash(self, search: _Search) -> Reply:
        process = self._process
        if process is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), 1.0)  # for its exit status
        detail = f"the engine ended its output (exit status {self._exit_status()})"
        return self._reply(ReplyKind.CRASH, search, detail)

    async def _late(self, search: _Search) -> Reply:
        """The deadline passed: ``stop``, and read the late ``bestmove`` to keep in step; an
        engine that has not answered it within :data:`STOP_ANSWER` ms (or the stall timeout,
        if shorter) is killed."""
        reply = self._reply(ReplyKind.TIMEOUT, search, "no move in time")
        within = min(self.stall, STOP_ANSWER)
        if await self._try_send("stop"):
            try:
                await self._read_bestmove(within)
            except TimeoutError:
                await self.kill()  # it answers nothing: a fresh process for the next game
                detail = f"no move in time, and no answer to 'stop' within {within} ms"
                return replace(reply, detail=detail)
        return reply

    async def _read_bestmove(self, within: int) -> None:
        """Skip to ``bestmove`` (or the end of the output); ``TimeoutError`` after ``within``
        ms in all."""
        output = self._output
        assert output is not None
        loop = asyncio.get_running_loop()
        end = loop.time() + within / 1000
        while True:
            left = end - loop.time()
            if left <= 0:
                raise TimeoutError
            raw = await output.line(left)
            if raw is None or raw.startswith(b"bestmove"):
                return


def _kill_group(process: asyncio.subprocess.Process) -> None:
    """Kill ``process`` and every process of its group (what the engine started)."""
    if os.name == "posix":
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
    if process.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
