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
Lines the protocol does not know are ignored, as UCI asks, and kept for the reason text.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import shlex
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from chesslaws._errors import EngineError
from chesslaws.clock import MONOTONIC, TimeSource

__all__ = ["Info", "Reply", "ReplyKind", "UciEngine", "parse_info"]

_LINE_LIMIT = 1 << 20
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


class UciEngine:
    """One engine process spoken to in UCI.

    ``command`` is the program and its arguments (a list, or a string split as a shell would).
    ``options`` are set with ``setoption`` after ``uci``; a name the engine did not declare is
    an :class:`EngineError`. ``stall`` (ms) is how long the engine may stay silent before it is
    sent ``isready``, and how long it then has to answer ``readyok``; ``startup`` (ms) how long
    it has to answer ``uci`` and the first ``isready``.
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
            raise EngineError("an engine needs a command", engine=name or "")
        self.name = name or self.argv[0].rsplit("/", 1)[-1]
        self.options = dict(options or {})
        self.source = source
        self.stall = stall
        self.startup = startup
        self.id_name: str | None = None
        self.declared: dict[str, str] = {}
        self._process: asyncio.subprocess.Process | None = None

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
                limit=_LINE_LIMIT,
            )
        except OSError as error:
            raise EngineError(
                f"engine {self.name}: cannot start {self.argv[0]!r}: {error.strerror or error}",
                engine=self.name,
            ) from None
        await self._send("uci")
        lines = await self._read_until("uciok", self.startup)
        for line in lines:
            if line.startswith("id name "):
                self.id_name = line[8:].strip()
            elif line.startswith("option name "):
                self._declare(line)
        for key, value in self.options.items():
            declared = {k.lower(): k for k in self.declared}
            if key.lower() not in declared:
                known = ", ".join(sorted(self.declared)) or "none"
                raise EngineError(
                    f"engine {self.name}: no option {key!r} (it declares: {known})",
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
        """``quit``, then wait for the process to end (killed after ``timeout`` seconds)."""
        process = self._process
        if process is None:
            return
        if process.returncode is None:
            try:
                await self._send("quit")
                await asyncio.wait_for(process.wait(), timeout)
            except (EngineError, TimeoutError):
                pass
        await self.kill()

    async def kill(self) -> None:
        """End the process now (a crashed or stalled engine) and reap it."""
        process = self._process
        if process is None:
            return
        if process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
        await process.wait()
        self._process = None

    # -- lines ---------------------------------------------------------------------------------

    async def _send(self, line: str) -> None:
        process = self._process
        if process is None or process.stdin is None or process.returncode is not None:
            raise EngineError(f"engine {self.name} is not running", engine=self.name)
        try:
            process.stdin.write(line.encode() + b"\n")
            await process.stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            raise EngineError(f"engine {self.name} closed its input", engine=self.name) from None

    async def _line(self, timeout: float | None) -> str | None:
        """The next line (``None`` at the end of the output); ``TimeoutError`` after ``timeout``."""
        process = self._process
        assert process is not None and process.stdout is not None
        try:
            if timeout is None:
                raw = await process.stdout.readline()
            else:
                raw = await asyncio.wait_for(process.stdout.readline(), timeout)
        except ValueError:  # a line over the limit: read what is there and call it garbage
            raw = await process.stdout.read(_LINE_LIMIT)
            return "\ufffd" + raw[:40].decode(errors="replace")
        if not raw:
            return None
        return raw.decode(errors="replace").strip()

    async def _read_until(self, word: str, stall: int) -> list[str]:
        lines: list[str] = []
        while True:
            try:
                line = await self._line(stall / 1000)
            except TimeoutError:
                raise EngineError(
                    f"engine {self.name}: no {word!r} within {stall} ms", engine=self.name
                ) from None
            if line is None:
                raise EngineError(
                    f"engine {self.name} ended before {word!r} (exit status {self._exit_status()})",
                    engine=self.name,
                )
            if line == word:
                return lines
            lines.append(line)

    def _exit_status(self) -> str:
        process = self._process
        return (
            "unknown" if process is None or process.returncode is None else str(process.returncode)
        )

    # -- a search ------------------------------------------------------------------------------

    async def search(self, position: str, go: str, deadline: float) -> Reply:
        """Send ``position`` and ``go``; wait for ``bestmove`` at most ``deadline`` seconds.

        At the deadline ``stop`` is sent and the late ``bestmove`` awaited (up to the stall
        timeout) so that the engine is in step for the next game: the reply is a timeout.
        """
        source = self.source
        try:
            await self._send(position)
            start_ns = time.perf_counter_ns()
            start = source.now()
            await self._send(go)
        except EngineError as error:
            return Reply(ReplyKind.CRASH, detail=str(error))
        return await self._await_bestmove(start, start_ns, deadline)

    async def _await_bestmove(self, start: int, start_ns: int, deadline: float) -> Reply:
        loop = asyncio.get_running_loop()
        give_up = loop.time() + deadline
        stall = self.stall / 1000
        pinged: float | None = None
        info: Info | None = None
        ignored: list[str] = []
        while True:
            now = loop.time()
            wait = min(give_up - now, (pinged + stall - now) if pinged is not None else stall)
            try:
                line = await self._line(max(wait, 0.0))
            except TimeoutError:
                now = loop.time()
                if now >= give_up:
                    return await self._late(start, start_ns, info, ignored)
                if pinged is not None:
                    return self._reply(
                        ReplyKind.STALL,
                        start,
                        start_ns,
                        info,
                        ignored,
                        detail=(f"no answer to isready within {self.stall} ms"),
                    )
                pinged = now
                if not await self._try_send("isready"):
                    return await self._crash(start, start_ns, info, ignored)
                continue
            if line is None:
                return await self._crash(start, start_ns, info, ignored)
            if line.startswith("bestmove"):
                return self._bestmove(line, start, start_ns, info, ignored)
            if line == "readyok":
                pinged = None
            elif line.startswith("info"):
                found = parse_info(line)
                if found is not None and found.has_score:
                    info = found
            elif line:
                ignored.append(line)

    async def _try_send(self, line: str) -> bool:
        try:
            await self._send(line)
        except EngineError:
            return False
        return True

    def _bestmove(
        self, line: str, start: int, start_ns: int, info: Info | None, ignored: list[str]
    ) -> Reply:
        elapsed_ns = time.perf_counter_ns() - start_ns
        elapsed = self.source.now() - start
        tokens = line.split()
        move = tokens[1] if len(tokens) > 1 else ""
        if tokens[0] != "bestmove" or not is_uci_move(move):
            return Reply(
                ReplyKind.GARBAGE,
                move=move or None,
                info=info,
                elapsed=elapsed,
                elapsed_ns=elapsed_ns,
                detail=f"unreadable answer {line[:60]!r} (expected 'bestmove' and a UCI move)",
                ignored=tuple(ignored[-5:]),
            )
        return Reply(ReplyKind.MOVE, move, info, elapsed, elapsed_ns, ignored=tuple(ignored[-5:]))

    def _reply(
        self,
        kind: ReplyKind,
        start: int,
        start_ns: int,
        info: Info | None,
        ignored: list[str],
        *,
        detail: str,
    ) -> Reply:
        return Reply(
            kind,
            None,
            info,
            self.source.now() - start,
            time.perf_counter_ns() - start_ns,
            detail,
            tuple(ignored[-5:]),
        )

    async def _crash(
        self, start: int, start_ns: int, info: Info | None, ignored: list[str]
    ) -> Reply:
        process = self._process
        if process is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), 1.0)  # for its exit status
        return self._reply(
            ReplyKind.CRASH,
            start,
            start_ns,
            info,
            ignored,
            detail=f"the engine ended its output (exit status {self._exit_status()})",
        )

    async def _late(
        self, start: int, start_ns: int, info: Info | None, ignored: list[str]
    ) -> Reply:
        """The deadline passed: ``stop``, and read the late ``bestmove`` to keep in step."""
        reply = self._reply(
            ReplyKind.TIMEOUT, start, start_ns, info, ignored, detail="no move in time"
        )
        if await self._try_send("stop"):
            try:
                while True:
                    line = await self._line(self.stall / 1000)
                    if line is None or line.startswith("bestmove"):
                        break
            except TimeoutError:
                await self.kill()  # it answers nothing: a fresh process for the next game
                return Reply(
                    reply.kind,
                    None,
                    info,
                    reply.elapsed,
                    reply.elapsed_ns,
                    f"no move in time, and no answer to 'stop' within {self.stall} ms",
                    reply.ignored,
                )
        return reply
