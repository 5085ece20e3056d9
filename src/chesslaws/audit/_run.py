"""Auditing whole files: in this process, on local worker processes, or on a Dask cluster.

Every file is cut at game boundaries into chunks of a few dozen games (one streaming pass that
finds where games start, reading no moves). A chunk carries its bytes, the line and the number
of its first game, so any worker can read it alone and report true game numbers and lines;
with Dask no shared file system is needed. Chunks are handed out in order and their records
collected in order, a bounded number in flight at a time: the same records in the same order
whatever the backend, in memory that does not grow with the files. In this process alone the
files are simply read from their start, game by game: the same games, with no pass to find
where they start.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import stat
import sys
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any, Protocol

from chesslaws._errors import ChessLawsError
from chesslaws.endings import EDITIONS
from chesslaws.pgn import game_offsets, read_games

from ._judge import MATE_BUDGET, audit_game
from ._record import AuditRecord

__all__ = ["GAMES_PER_CHUNK", "Chunk", "audit_chunk", "audit_files", "plan_chunks"]

GAMES_PER_CHUNK = 64
"""Games per unit of work handed to a worker."""

Progress = Callable[[int, int], None]
"""Called as ``progress(bytes_done, bytes_total)`` after each chunk."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """Consecutive games of one file: their bytes, and where they start in it."""

    file: str
    data: bytes
    offset: int
    first_line: int
    first_game: int
    mate_budget: int = MATE_BUDGET
    edition: str = "2023"


def plan_chunks(
    path: str | os.PathLike[str], *, games_per_chunk: int = GAMES_PER_CHUNK, label: str = ""
) -> Iterator[Chunk]:
    """The chunks of a file in order, each holding ``games_per_chunk`` games (the last fewer)."""
    name = label or os.fspath(path)
    size = os.path.getsize(path)
    with open(path, "rb") as handle:
        start, line, first = 0, 1, 1
        count = 0
        for offset, game_line in game_offsets(path):
            if count == games_per_chunk:
                handle.seek(start)
                yield Chunk(name, handle.read(offset - start), start, line, first)
                start, line, first = offset, game_line, first + count
                count = 0
            count += 1
        if count or start < size:
            handle.seek(start)
            yield Chunk(name, handle.read(size - start), start, line, first)


def audit_chunk(chunk: Chunk) -> list[AuditRecord]:
    """Read and audit the games of one chunk (the unit of work of every backend)."""
    games = read_games(
        io.BytesIO(chunk.data),
        offset=chunk.offset,
        first_line=chunk.first_line,
        first_game=chunk.first_game,
    )
    budget, edition = chunk.mate_budget, chunk.edition
    return [audit_game(game, chunk.file, mate_budget=budget, edition=edition) for game in games]


class _Future(Protocol):
    def result(self) -> list[AuditRecord]: ...


def _in_order(
    submit: Callable[[Chunk], _Future], chunks: Iterable[Chunk], window: int
) -> Iterator[tuple[Chunk, list[AuditRecord]]]:
    pending: deque[tuple[Chunk, _Future]] = deque()
    for chunk in chunks:
        pending.append((chunk, submit(chunk)))
        while len(pending) >= window:
            done, future = pending.popleft()
            yield done, future.result()
    while pending:
        done, future = pending.popleft()
        yield done, future.result()


def audit_files(
    paths: Sequence[str | os.PathLike[str]],
    *,
    workers: int = 1,
    dask: str | Any | None = None,
    games_per_chunk: int = GAMES_PER_CHUNK,
    mate_budget: int = MATE_BUDGET,
    edition: str = "2023",
    progress: Progress | None = None,
) -> Iterator[AuditRecord]:
    """The audit records of every game of ``paths``, file by file, game by game.

    ``workers`` > 1 runs on that many local processes; ``dask`` (a scheduler address such as
    ``"tcp://10.0.0.5:8786"``, or a ``distributed.Client``) runs on a Dask cluster (the extra
    ``chesslaws[dask]``). A path ``-`` is standard input; pipes and devices are read once into
    a temporary file. ``edition`` is the Laws the games are judged by (see :func:`audit_game`).
    Raises ``OSError`` before any work if a file cannot be read, ``ValueError`` for an unknown
    edition, and ``RuntimeError`` if the Dask scheduler cannot be reached.
    """
    if edition not in EDITIONS:
        raise ChessLawsError(f"unknown edition {edition!r}: one of {', '.join(EDITIONS)}")
    with contextlib.ExitStack() as stack:
        files = [(os.fspath(path), _seekable(path, stack)) for path in paths]
        total = sum(os.path.getsize(p) for _, p in files)
        if dask is None and workers <= 1:
            yield from _serial(files, total, games_per_chunk, mate_budget, edition, progress)
            return
        chunks = (
            Chunk(c.file, c.data, c.offset, c.first_line, c.first_game, mate_budget, edition)
            for label, path in files
            for c in plan_chunks(path, games_per_chunk=games_per_chunk, label=label)
        )
        done = 0
        for chunk, records in _run(chunks, workers, dask):
            done += len(chunk.data)
            if progress is not None:
                progress(done, total)
            yield from records


def _serial(
    files: list[tuple[str, str]],
    total: int,
    every: int,
    mate_budget: int,
    edition: str,
    progress: Progress | None,
) -> Iterator[AuditRecord]:
    """The records of the files read in this process from their start, game by game (the same
    games, numbers and lines as the chunks give: they exist so that a worker can start in the
    middle; here no pass to find them is needed). Progress is told every ``every`` games."""
    before = 0
    for label, path in files:
        with open(path, "rb") as handle:
            for count, game in enumerate(read_games(handle), start=1):
                yield audit_game(game, label, mate_budget=mate_budget, edition=edition)
                if progress is not None and count % every == 0:
                    progress(min(before + handle.tell(), total), total)
        before += os.path.getsize(path)
        if progress is not None:
            progress(before, total)


def _seekable(path: str | os.PathLike[str], stack: contextlib.ExitStack) -> str:
    """A regular file to plan chunks on: ``path`` itself, or for ``-`` (standard input), a pipe
    or a device such as ``/dev/stdin``, a temporary copy of what it holds (read once, in
    pieces; removed at the end). Raises ``OSError`` naming the file it cannot read."""
    name = os.fspath(path)
    if name != "-":
        with open(name, "rb") as handle:
            if stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return name
            return _spool(handle, stack)
    return _spool(sys.stdin.buffer, stack)


def _spool(source: IO[bytes], stack: contextlib.ExitStack) -> str:
    copy = stack.enter_context(tempfile.NamedTemporaryFile(prefix="chesslaws-", suffix=".pgn"))  # noqa: SIM115
    shutil.copyfileobj(source, copy)
    copy.flush()
    return copy.name


def _run(
    chunks: Iterable[Chunk], workers: int, dask: str | Any | None
) -> Iterator[tuple[Chunk, list[AuditRecord]]]:
    if dask is not None:
        yield from _run_dask(chunks, dask)
    elif workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield from _in_order(lambda c: pool.submit(audit_chunk, c), chunks, 3 * workers)
    else:
        for chunk in chunks:
            yield chunk, audit_chunk(chunk)


def _run_dask(
    chunks: Iterable[Chunk], dask: str | Any
) -> Iterator[tuple[Chunk, list[AuditRecord]]]:
    try:
        from distributed import Client
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise RuntimeError(
            "the Dask backend needs the optional extra: pip install 'chesslaws[dask]'"
        ) from exc
    own = isinstance(dask, str)
    try:
        client: Any = Client(dask) if own else dask  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TypeError, TimeoutError) as exc:
        raise RuntimeError(f"cannot reach the Dask scheduler {dask}: {exc}") from None
    try:
        slots = max(sum(client.nthreads().values()), 1)
        yield from _in_order(lambda c: client.submit(audit_chunk, c, pure=False), chunks, 3 * slots)
    finally:
        if own:
            client.close()
