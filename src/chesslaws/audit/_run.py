"""Auditing whole inputs: in this process, on local worker processes, or on a Dask cluster.

Where an input can be cut without reading it (a plain PGN file on a path, or a zstandard file
of several frames: see ``_spans``), the judges read their own parts: each is handed a span of
the file's stored bytes, decompresses and cuts it itself, and this process only checks that
the spans join at true game boundaries and gives the games their numbers and lines.

Otherwise one reader goes through the input once, from its start, decompressing as it goes
(see ``_input``), and cuts it at game boundaries (the PGN splitter's, reading no moves) into
chunks of a few dozen games. A chunk carries the games' bytes with the number, line and offset
of the first game of each run, so any worker can read it alone and report true game numbers
and lines; with Dask nothing but the chunk travels. Either way the units of work are handed out
in order and their records collected in order, a bounded number in flight at a time: the same
records in the same order whatever the backend, in memory that does not grow with the input.
In this process alone an input is simply read game by game: the same games, with no cutting.

``sample`` keeps a fixed share of the games, chosen by a hash of each game's number in its
input: the same games on every run and backend, spread evenly, and the games left out are
only split off, never replayed. ``part`` K/N keeps the K-th of N disjoint parts made by the same
hash, so that N runs (on N machines) share one file between them. ``limit`` stops after so many
games audited. These three take the one reader's chunks (a span's judge does not know its games'
numbers, which the sample is drawn by, until the client has joined the spans before it).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import io
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from functools import partial
from itertools import islice
from typing import Any, Protocol

from chesslaws._errors import ChessLawsError
from chesslaws.endings import EDITIONS
from chesslaws.pgn import read_games
from chesslaws.pgn._source import split_games

from ._input import Input, is_url, open_input
from ._judge import MATE_BUDGET, audit_game
from ._record import AuditRecord
from ._spans import Joiner, Judged, Span, audit_span, fingerprint, plan_spans

__all__ = [
    "DASK_GAMES_PER_CHUNK",
    "GAMES_PER_CHUNK",
    "Chunk",
    "Progress",
    "Segment",
    "audit_chunk",
    "audit_files",
    "bucket",
    "in_part",
    "parse_sample",
    "plan_chunks",
    "sampled",
]

GAMES_PER_CHUNK = 64
"""Games per unit of work handed to a local worker process."""

DASK_GAMES_PER_CHUNK = 256
"""Games per unit of work handed to a Dask worker: a Dask task costs more to hand out and
collect (the scheduler, the network), so it is given more to do."""

Progress = Callable[[int, int, "int | None"], None]
"""Called as ``progress(games, stored_bytes_read, stored_bytes_total)`` as the audit goes on
(the total is ``None`` when an input's size is unknown, as for a pipe)."""


@dataclass(frozen=True, slots=True)
class Segment:
    """Consecutive games of one input: their bytes, and the number, line and byte offset (in
    the decompressed input) of the first."""

    first_game: int
    first_line: int
    offset: int
    data: bytes


@dataclass(frozen=True, slots=True)
class Chunk:
    """The unit of work: a few dozen games of one input, in runs of consecutive games."""

    file: str
    segments: tuple[Segment, ...]
    games: int
    mate_budget: int = MATE_BUDGET
    edition: str = "2023"


def parse_sample(text: str) -> tuple[int, int]:
    """``"1/1000"`` as ``(1, 1000)``: 1 game in 1000 (or part 1 of 1000). Raises
    ``ChessLawsError``."""
    share, _, out_of = text.partition("/")
    try:
        kept, whole = int(share), int(out_of)
    except ValueError:
        raise ChessLawsError(f"{text!r}: expected M/N, such as 1/1000") from None
    if not 0 < kept <= whole:
        raise ChessLawsError(f"{text!r}: expected 0 < M <= N in M/N")
    return kept, whole


def bucket(number: int, whole: int) -> int:
    """Which of ``whole`` buckets game ``number`` of an input falls in (a hash of the number:
    the same on every machine, spread evenly)."""
    digest = hashlib.blake2b(number.to_bytes(8, "little"), digest_size=8).digest()
    return int.from_bytes(digest, "little") % whole


def sampled(number: int, sample: tuple[int, int] | None) -> bool:
    """Whether game ``number`` of an input is in the ``(M, N)`` sample (M games in N)."""
    return sample is None or bucket(number, sample[1]) < sample[0]


def in_part(number: int, part: tuple[int, int] | None) -> bool:
    """Whether game ``number`` of an input is in part ``(K, N)``, the K-th of N (1-based)."""
    return part is None or bucket(number, part[1]) == part[0] - 1


class _Cutter:
    """The bytes an input's splitter has read and not yet given out, and the chunk being
    filled: runs of chosen games, closed where the next game starts."""

    def __init__(self, model: Chunk) -> None:
        self.model = model
        """What every chunk is like: its file, mate budget and edition; ``games`` is how many
        games a chunk holds."""
        self.buffer = bytearray()
        self.base = 0
        """Offset in the decompressed input of ``buffer[0]``."""
        self.run: tuple[int, int, int] | None = None
        """``(number, line, offset)`` of the first game of the open run."""
        self.segments: list[Segment] = []
        self.games = 0

    @property
    def end(self) -> int:
        return self.base + len(self.buffer)

    def close_run(self, end: int) -> None:
        if self.run is not None:
            number, line, start = self.run
            data = bytes(self.buffer[start - self.base : end - self.base])
            self.segments.append(Segment(number, line, start, data))
            self.run = None

    def add(self, number: int, line: int, offset: int) -> None:
        if self.run is None:
            self.run = (number, line, offset)
        self.games += 1

    def forget_before(self, offset: int) -> None:
        keep = offset if self.run is None else self.run[2]
        del self.buffer[: keep - self.base]
        self.base = keep

    def take(self) -> Chunk:
        chunk = dataclasses.replace(self.model, segments=tuple(self.segments), games=self.games)
        self.segments.clear()
        self.games = 0
        return chunk


def plan_chunks(
    source: Input,
    *,
    games_per_chunk: int = GAMES_PER_CHUNK,
    select: Callable[[int], bool] | None = None,
    limit: int | None = None,
    mate_budget: int = MATE_BUDGET,
    edition: str = "2023",
) -> Iterator[tuple[Chunk, int]]:
    """The chunks of an input in order, each of ``games_per_chunk`` chosen games (the last
    fewer), with the stored bytes read when it was cut. One pass: the input is read once.
    ``select(number)`` chooses the games (all by default), ``limit`` stops after so many."""
    cutter = _Cutter(Chunk(source.label, (), games_per_chunk, mate_budget, edition))
    source.record = cutter.buffer
    try:
        yield from _cut(source, cutter, select, limit)
    finally:
        source.record = None


def _cut(
    source: Input, cutter: _Cutter, select: Callable[[int], bool] | None, limit: int | None
) -> Iterator[tuple[Chunk, int]]:
    games_per_chunk = cutter.model.games
    taken = 0
    for number, raw in enumerate(split_games(source.pieces()), start=1):
        chosen = (select is None or select(number)) and not (limit is not None and taken >= limit)
        if cutter.games == games_per_chunk or not chosen:
            cutter.close_run(raw.offset)
        if cutter.games == games_per_chunk:
            yield cutter.take(), source.read
        if limit is not None and taken >= limit:
            break
        cutter.forget_before(raw.offset)
        if chosen:
            cutter.add(number, raw.first_line, raw.offset)
            taken += 1
    else:
        cutter.close_run(cutter.end)
    if cutter.games:
        yield cutter.take(), source.read


def audit_chunk(chunk: Chunk) -> list[AuditRecord]:
    """Read and audit the games of one chunk (the unit of work of every backend)."""
    budget, edition = chunk.mate_budget, chunk.edition
    return [
        audit_game(game, chunk.file, mate_budget=budget, edition=edition)
        for segment in chunk.segments
        for game in read_games(
            io.BytesIO(segment.data),
            offset=segment.offset,
            first_line=segment.first_line,
            first_game=segment.first_game,
        )
    ]


class _Future(Protocol):
    def result(self) -> Any: ...


_Done = tuple[int, list[AuditRecord], "str | None"]
"""Stored bytes read in all when a unit of work was handed out, its records, and the damage
that stopped the reading of its input (``None``: none)."""

_Work = tuple[Callable[[Any], Any], Any, Callable[[Any], _Done]]
"""A unit of work: the function a judge runs, its argument, and what the client does with the
result (in order)."""


class _Judges(Protocol):
    slots: int
    """How many units of work run at once."""
    window: int
    """How many are handed out and not yet taken, at most."""

    def submit(self, function: Callable[[Any], Any], argument: Any) -> _Future: ...

    def sees(self, path: str) -> bool:
        """Whether every judge can open ``path`` and finds the file the client finds."""
        ...


def _in_order(judges: _Judges, work: Iterable[_Work], window: int) -> Iterator[_Done]:
    """The results of ``work`` in order, at most ``window`` units handed out and not yet
    taken; when the reader meets damaged data, the units before it are taken first."""
    pending: deque[tuple[Callable[[Any], _Done], _Future]] = deque()
    try:
        for function, argument, finish in work:
            pending.append((finish, judges.submit(function, argument)))
            while len(pending) >= window:
                done, future = pending.popleft()
                yield done(future.result())
    except ChessLawsError:
        while pending:
            done, future = pending.popleft()
            yield done(future.result())
        raise
    while pending:
        done, future = pending.popleft()
        yield done(future.result())


def audit_files(
    paths: Sequence[str | os.PathLike[str]],
    *,
    workers: int = 1,
    dask: str | Any | None = None,
    games_per_chunk: int | None = None,
    mate_budget: int = MATE_BUDGET,
    edition: str = "2023",
    sample: tuple[int, int] | None = None,
    part: tuple[int, int] | None = None,
    limit: int | None = None,
    progress: Progress | None = None,
) -> Iterator[AuditRecord]:
    """The audit records of the games of ``paths``, input by input, game by game.

    A path may be ``-`` (standard input) or a URL (``https://``, ``s3://``: see ``_input``);
    plain, zstandard, gzip, bzip2 and xz PGN are read as they come. ``workers`` > 1 runs on
    that many local processes; ``dask`` (a scheduler address such as ``"tcp://10.0.0.5:8786"``,
    or a ``distributed.Client``) runs on a Dask cluster (the extra ``chesslaws[dask]``).
    ``sample`` ``(M, N)`` audits M games in N (see :func:`sampled`), ``part`` ``(K, N)`` the
    K-th of N parts (see :func:`in_part`), ``limit`` at most so many games in all.
    ``games_per_chunk`` is the unit of work where one reader cuts an input (default
    :data:`GAMES_PER_CHUNK`, :data:`DASK_GAMES_PER_CHUNK` on Dask; in one process, how often
    progress is told); a plain file on a path, or a zstandard one of at least two frames per
    judge, is cut into spans that the judges read themselves instead (a Dask cluster only when
    every worker sees the same file at that path), unless a sample, part or limit is given.
    ``edition`` is the Laws the games are judged by (see :func:`audit_game`).
    Raises ``OSError`` before any work if an input cannot be opened, ``ChessLawsError`` for an
    unknown edition or damaged compressed data, and ``RuntimeError`` if the Dask scheduler
    cannot be reached.
    """
    if edition not in EDITIONS:
        raise ChessLawsError(f"unknown edition {edition!r}: one of {', '.join(EDITIONS)}")
    if games_per_chunk is None:
        games_per_chunk = GAMES_PER_CHUNK if dask is None else DASK_GAMES_PER_CHUNK
    with contextlib.ExitStack() as stack:
        inputs: list[Input] = []
        for path in paths:
            inputs.append(open_input(os.fspath(path)))
            stack.callback(inputs[-1].close)
        sizes = [source.size for source in inputs]
        total = None if None in sizes else sum(size or 0 for size in sizes)
        tell = (lambda games, read, total: None) if progress is None else progress
        if dask is None and workers <= 1 and sample is None and part is None:
            yield from _serial(inputs, total, games_per_chunk, mate_budget, edition, limit, tell)
            return
        select = None
        if sample is not None or part is not None:
            select = partial(_chosen, sample, part)
        judges = stack.enter_context(_judges(workers, dask))
        if select is None and limit is None:
            work = _work(inputs, judges, games_per_chunk, mate_budget, edition)
        else:
            chunks = _chunks(inputs, games_per_chunk, select, limit, mate_budget, edition)
            work = ((audit_chunk, chunk, partial(_chunk_done, read)) for chunk, read in chunks)
        games = 0
        for read, records, damage in _in_order(judges, work, judges.window):
            games += len(records)
            tell(games, read, total)
            yield from records
            if damage is not None:
                raise ChessLawsError(damage)


def _work(
    inputs: list[Input], judges: _Judges, games_per_chunk: int, mate_budget: int, edition: str
) -> Iterator[_Work]:
    """The units of work of every input in order: spans that the judges read themselves where
    an input can be cut so (see ``_spans``), else chunks cut by one reader here."""
    before = 0
    for source in inputs:
        spans = _spans_of(source, judges, mate_budget, edition)
        if spans is None:
            for chunk, read in plan_chunks(
                source, games_per_chunk=games_per_chunk, mate_budget=mate_budget, edition=edition
            ):
                yield audit_chunk, chunk, partial(_chunk_done, before + read)
            before += source.read
            continue
        joiner = Joiner()
        for span in spans:
            yield audit_span, span, partial(_span_done, joiner, span, before + span.end)
        before += source.size or 0


def _spans_of(source: Input, judges: _Judges, mate_budget: int, edition: str) -> list[Span] | None:
    if source.size is None or source.label == "-" or is_url(source.label):
        return None
    path = os.path.abspath(source.label)
    spans = plan_spans(
        path,
        source.label,
        source.compression,
        judges.slots,
        mate_budget=mate_budget,
        edition=edition,
    )
    return spans if spans is not None and judges.sees(path) else None


def _chunk_done(read: int, records: list[AuditRecord]) -> _Done:
    return read, records, None


def _span_done(joiner: Joiner, span: Span, read: int, judged: Judged) -> _Done:
    records, damage = joiner.take(span, judged)
    return read, records, damage


def _chosen(sample: tuple[int, int] | None, part: tuple[int, int] | None, number: int) -> bool:
    return sampled(number, sample) and in_part(number, part)


def _chunks(
    inputs: list[Input],
    games_per_chunk: int,
    select: Callable[[int], bool] | None,
    limit: int | None,
    mate_budget: int,
    edition: str,
) -> Iterator[tuple[Chunk, int]]:
    """The chunks of every input in order, each with the stored bytes read in all so far."""
    before = 0
    for source in inputs:
        for chunk, read in plan_chunks(
            source,
            games_per_chunk=games_per_chunk,
            select=select,
            limit=limit,
            mate_budget=mate_budget,
            edition=edition,
        ):
            if limit is not None:
                limit -= chunk.games
            yield chunk, before + read
        before += source.read
        if limit is not None and limit <= 0:
            return


def _serial(
    inputs: list[Input],
    total: int | None,
    every: int,
    mate_budget: int,
    edition: str,
    limit: int | None,
    tell: Progress,
) -> Iterator[AuditRecord]:
    """The records of the inputs read in this process game by game (the same games, numbers
    and lines as the chunks give). Progress is told every ``every`` games."""
    before = 0
    games = 0
    for source in inputs:
        left = None if limit is None else limit - games
        for game in islice(read_games(source.as_file()), left):
            yield audit_game(game, source.label, mate_budget=mate_budget, edition=edition)
            games += 1
            if games % every == 0:
                tell(games, before + source.read, total)
        before += source.read
        tell(games, before, total)
        if limit is not None and games >= limit:
            return


class _Here:
    """Judging in this process, one unit at a time."""

    slots = 1
    window = 1

    def submit(self, function: Callable[[Any], Any], argument: Any) -> _Future:
        future: Future[Any] = Future()
        future.set_result(function(argument))
        return future

    def sees(self, path: str) -> bool:
        return True


class _Pool:
    """Local worker processes (they see this machine's files)."""

    def __init__(self, pool: Any, slots: int) -> None:
        self.pool = pool
        self.slots = slots
        self.window = 3 * slots

    def submit(self, function: Callable[[Any], Any], argument: Any) -> _Future:
        future: _Future = self.pool.submit(function, argument)
        return future

    def sees(self, path: str) -> bool:
        return True


class _Dask:
    """A Dask cluster: its workers may be on other machines, with other files."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.slots = max(sum(client.nthreads().values()), 1)
        self.window = 3 * self.slots

    def submit(self, function: Callable[[Any], Any], argument: Any) -> _Future:
        future: _Future = self.client.submit(function, argument, pure=False)
        return future

    def sees(self, path: str) -> bool:
        try:
            mine = fingerprint(path)
            theirs = self.client.run(fingerprint, path, on_error="return")
        except (OSError, ValueError, TypeError, TimeoutError):
            return False
        return bool(theirs) and all(seen == mine for seen in theirs.values())


@contextlib.contextmanager
def _judges(workers: int, dask: str | Any | None) -> Iterator[_Judges]:
    if dask is not None:
        with _dask_client(dask) as client:
            yield _Dask(client)
    elif workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield _Pool(pool, workers)
    else:
        yield _Here()


@contextlib.contextmanager
def _dask_client(dask: str | Any) -> Iterator[Any]:
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
        yield client
    finally:
        if own:
            client.close()
