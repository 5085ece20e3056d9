"""Judges that read their own part of a file: spans of a plain PGN file or of a zstandard file
of several frames, each decompressed, cut and judged by the worker it is given to.

A file on a path is cut, without reading it, into spans of stored bytes: byte ranges of a plain
file, or runs of whole frames of a zstandard file (frames are independent: each decompresses
alone). The frames are found by the seekable format's seek table when the file ends with one,
else by walking the frame and block headers (RFC 8878 3.1: a frame header, blocks of a 3-byte
header each, an optional checksum; skippable frames step over by their size). Nothing is
decompressed to plan. A file of one frame (as the lichess database is published) cannot be cut
so; the caller then keeps one reader for it.

A span's judge decompresses its range and reads on into the frames after it as far as needed.
Its own games are those that start at or after its *cut* (the first line that starts after the
span's first decompressed byte; the file's first span starts at byte 0) and before the next
span's cut; it reads on past its end until the game that began inside it is over, and says
where the next game starts. A game boundary found so, in mid-stream, is only a candidate: a
``{comment}`` may hold a line that looks like a tag, a game may be written without tags. So
:class:`Joiner`, in the client, checks that each span's first game starts exactly where the
span before said the next game starts (found by the real splitter, which read on from a true
boundary), and when they disagree judges that span again from the known start: never a game
lost, judged twice or cut wrong. It then gives the games their true numbers and lines, so that
the records are those of one process reading the file from its start, in the same order.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import itertools
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from itertools import chain
from typing import IO, cast

from chesslaws._errors import ChessLawsError
from chesslaws._words import Words
from chesslaws.pgn._reader import build_game
from chesslaws.pgn._source import MAX_LINE, RawGame, split_games

from ._input import Pieces
from ._judge import MATE_BUDGET, audit_game
from ._record import AuditRecord, Code, Finding, read_at

__all__ = [
    "Joiner",
    "Judged",
    "Span",
    "audit_span",
    "fingerprint",
    "plan_spans",
]

SPANS_PER_JUDGE = 4
"""Spans planned per judge (local worker or Dask thread): enough to even out unequal spans at
the end of a file, few enough that handing a span out costs nothing beside judging it."""

MAX_SPAN_BYTES = {"": 32 << 20, "zstd": 8 << 20}
"""The largest span in stored bytes (plain; zstandard, about 5 times as much PGN): a span's
records are held until it is done, so this bounds the memory of each span in flight. A single
frame larger than this is one span all the same (a frame cannot be cut)."""

MAX_FRAME_BYTES = 32 << 20
"""A zstandard file with a frame larger than this (stored) keeps the one reader: that frame's
span would hold the records of some 50,000 games or more."""

_READ = 1 << 20
"""Stored bytes read at a time."""

_ZSTD_MAGIC = 0xFD2FB528
_SKIPPABLE = 0x184D2A50
"""Skippable frames: magic numbers 0x184D2A50 to 0x184D2A5F (RFC 8878 3.1.2)."""
_SEEK_TABLE = 0x184D2A5E
_SEEKABLE_MAGIC = 0x8F92EAB1
_FOOTER = 9
"""The seek table's footer: number of frames (4 bytes), descriptor (1), magic (4)."""


@dataclass(frozen=True, slots=True)
class Span:
    """A part of one file to judge: stored bytes ``[start, end)``.

    ``first`` marks the file's first span (it starts at a game boundary: the file's start).
    ``skip``, when set, is where in the span's decompressed bytes a game is known to start (the
    span judged again from there after a disagreement)."""

    path: str
    """The file to open (an absolute path)."""
    file: str
    """The file as named in the records."""
    compression: str
    start: int
    end: int
    first: bool
    mate_budget: int = MATE_BUDGET
    edition: str = "2023"
    skip: int | None = None


@dataclass(frozen=True, slots=True)
class Judged:
    """What a span's judge found. Offsets count decompressed bytes from the span's start; game
    numbers and lines are the span's own, from 1 at the place it started reading games."""

    records: list[AuditRecord]
    own: int
    """Decompressed bytes of the span's own stored range."""
    cut_end: int
    """Where the next span's games begin: the first line that starts after ``own``."""
    first: int | None
    """Where the first game judged starts (``None``: none)."""
    first_line: int
    """The line that game starts on (1 when none)."""
    stop: int
    """Where the judge stopped: the start of the next span's first game, or the data's end."""
    stop_line: int
    """The line of ``stop``."""
    damage: str | None = None
    """Why the reading stopped early: damaged or truncated data (the records are those
    before it)."""


def fingerprint(path: str) -> tuple[int, bytes]:
    """A file's size and a digest of its first and last 64 KiB: does a Dask worker see the same
    file as the client?"""
    with open(path, "rb") as handle:
        size = os.fstat(handle.fileno()).st_size
        digest = hashlib.blake2b(handle.read(1 << 16), digest_size=16)
        handle.seek(max(size - (1 << 16), 0))
        digest.update(handle.read(1 << 16))
    return size, digest.digest()


def plan_spans(
    path: str,
    file: str,
    compression: str,
    judges: int,
    *,
    mate_budget: int = MATE_BUDGET,
    edition: str = "2023",
    per_judge: int = SPANS_PER_JUDGE,
) -> list[Span] | None:
    """The spans of a file (opened by ``path``, named ``file`` in the records) for ``judges``
    judges, or ``None`` when it cannot be cut so: not a
    regular file, compressed otherwise than zstandard, or a zstandard file of fewer than two
    frames per judge (one reader serves it better) or with a frame larger than
    :data:`MAX_FRAME_BYTES`, or whose headers do not walk to its end (a truncated or damaged
    file: the one reader then says where). About ``per_judge`` spans
    are made per judge."""
    if compression not in MAX_SPAN_BYTES:
        return None
    try:
        with open(path, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                return None
            size = info.st_size
            wanted = judges * per_judge
            bounds = _plain_bounds(size, wanted) if not compression else _zstd_bounds(handle, size)
    except OSError:
        return None
    if bounds is None:
        return None
    starts, frames = bounds
    if compression and frames < 2 * judges:
        return None
    if compression and max(b - a for a, b in itertools.pairwise([*starts, size])) > MAX_FRAME_BYTES:
        return None
    edges = _grouped(starts, size, wanted, MAX_SPAN_BYTES[compression])
    return [
        Span(path, file, compression, start, end, start == 0, mate_budget, edition)
        for start, end in zip(edges, [*edges[1:], size], strict=True)
    ]


def _plain_bounds(size: int, wanted: int) -> tuple[list[int], int]:
    count = max(wanted, -(-size // MAX_SPAN_BYTES[""]))
    return sorted({size * k // count for k in range(count)}), count


def _grouped(starts: list[int], size: int, wanted: int, largest: int) -> list[int]:
    """The places among ``starts`` where spans begin: about ``wanted`` spans of even stored
    size, none larger than ``largest`` unless one piece is."""
    target = min(max(size // max(wanted, 1), 1), largest)
    edges = [0]
    for start in starts[1:]:
        if start - edges[-1] >= target:
            edges.append(start)
    return edges


def _zstd_bounds(handle: IO[bytes], size: int) -> tuple[list[int], int] | None:
    """Where each frame of a zstandard file starts (skippable frames included) and how many
    hold data; ``None`` when the headers do not walk to the end of the file."""
    table = _seek_table(handle, size)
    if table is not None:
        return table
    starts: list[int] = []
    frames = 0
    at = 0
    while at < size:
        found = _frame_end(handle, at, size)
        if found is None:
            return None
        starts.append(at)
        end, data = found
        frames += data
        at = end
    return starts, frames


def _seek_table(handle: IO[bytes], size: int) -> tuple[list[int], int] | None:
    """The frames of the seekable format's seek table (a skippable frame at the end of the
    file), when the file has one that agrees with its size."""
    if size < 8 + _FOOTER:
        return None
    handle.seek(size - _FOOTER)
    footer = handle.read(_FOOTER)
    count = int.from_bytes(footer[:4], "little")
    if int.from_bytes(footer[5:], "little") != _SEEKABLE_MAGIC or footer[4] & 0x7C:
        return None
    entry = 12 if footer[4] & 0x80 else 8
    table = 8 + count * entry + _FOOTER
    if table > size:
        return None
    handle.seek(size - table)
    data = handle.read(table - _FOOTER)
    if (
        int.from_bytes(data[:4], "little") != _SEEK_TABLE
        or int.from_bytes(data[4:8], "little") != table - 8
    ):
        return None
    starts = []
    at = 0
    for k in range(count):
        starts.append(at)
        at += int.from_bytes(data[8 + k * entry : 12 + k * entry], "little")
    if at != size - table:
        return None
    return starts, count  # the table itself ends the last span


def _frame_end(handle: IO[bytes], at: int, size: int) -> tuple[int, bool] | None:
    """Where the frame at ``at`` ends and whether it holds data (not a skippable frame);
    ``None`` when no frame starts there or it runs past the end of the file. Only headers are
    read (RFC 8878 3.1.1)."""
    handle.seek(at)
    head = handle.read(14)
    if len(head) < 8:
        return None
    magic = int.from_bytes(head[:4], "little")
    if magic & 0xFFFFFFF0 == _SKIPPABLE:
        end = at + 8 + int.from_bytes(head[4:8], "little")
        return (end, False) if end <= size else None
    if magic != _ZSTD_MAGIC:
        return None
    descriptor = head[4]
    if descriptor & 0x08:  # the reserved bit
        return None
    single = descriptor >> 5 & 1
    content_size = (single, 2, 4, 8)[descriptor >> 6]
    at += 5 + (1 - single) + (0, 1, 2, 4)[descriptor & 3] + content_size
    while True:
        handle.seek(at)
        block = handle.read(3)
        if len(block) < 3:
            return None
        header = int.from_bytes(block, "little")
        kind = header >> 1 & 3
        if kind == 3:  # reserved block type
            return None
        at += 3 + (1 if kind == 1 else header >> 3)  # a run-length block holds one byte
        if header & 1:  # the last block
            break
    at += 4 * (descriptor >> 2 & 1)  # the content checksum
    return (at, True) if at <= size else None


class _Decompressed(Pieces):
    """A span's decompressed bytes, from its start to the end of the file, read as they are
    needed; it notes where its own stored range ends (``own``) and the first line that starts
    after that (``cut_end``), in decompressed bytes."""

    def __init__(self, pieces: Iterator[tuple[bytes, int]], end: int, start: int) -> None:
        super().__init__()
        self._pieces = pieces
        self._end = end
        self.made = 0
        self.own: int | None = 0 if start >= end else None
        self.cut_end: int | None = None

    def more(self) -> bytes | None:
        for piece, stored in self._pieces:
            if self.own is not None and self.cut_end is None:
                newline = piece.find(b"\n")
                if newline >= 0:
                    self.cut_end = self.made + newline + 1
            self.made += len(piece)
            if self.own is None and stored >= self._end:
                self.own = self.made
            return piece
        if self.own is None:
            self.own = self.made
        if self.cut_end is None:
            self.cut_end = self.made
        return None


def _plain_pieces(handle: IO[bytes], span: Span) -> Iterator[tuple[bytes, int]]:
    """The file from the span's start, in pieces that end at the span's end, not across it."""
    handle.seek(span.start)
    at = span.start
    while True:
        size = _READ if at >= span.end else min(_READ, span.end - at)
        piece = handle.read(size)
        if not piece:
            return
        at += len(piece)
        yield piece, at


def _zstd_pieces(handle: IO[bytes], span: Span) -> Iterator[tuple[bytes, int]]:
    """The frames from the span's start, decompressed frame by frame, each fed exactly its
    stored bytes. Raises ``ChessLawsError`` on damaged or truncated data."""
    import zstandard

    size = os.fstat(handle.fileno()).st_size
    at = span.start
    while at < size:
        found = _frame_end(handle, at, size)
        if found is None:
            raise _damaged(span.file, at, "no whole zstandard frame starts here")
        end, data = found
        if data:
            handle.seek(at)
            frame = zstandard.ZstdDecompressor().decompressobj()
            done = at
            while done < end:
                stored = handle.read(min(_READ, end - done))
                done += len(stored)
                try:
                    piece = frame.decompress(stored)
                except zstandard.ZstdError as exc:
                    raise _damaged(span.file, done, str(exc)) from None
                yield piece, done
            if not frame.eof:
                raise _damaged(span.file, end, "the frame ends early")
        else:
            yield b"", end
        at = end


def _damaged(file: str, at: int, why: str) -> ChessLawsError:
    return ChessLawsError(f"{file}: damaged or truncated zstd data near stored byte {at}: {why}")


def audit_span(span: Span) -> Judged:
    """Read and judge one span (the unit of work of every backend when a file can be cut)."""
    with open(span.path, "rb") as handle:
        pieces = _zstd_pieces if span.compression else _plain_pieces
        stream = _Decompressed(pieces(handle, span), span.end, span.start)
        reader = cast("IO[bytes]", io.BufferedReader(stream, _READ))
        try:
            return _judged(span, stream, reader)
        except ChessLawsError as exc:  # damaged before the first game
            return Judged([], stream.made, stream.made, None, 1, stream.made, 0, str(exc))


def _judged(span: Span, stream: _Decompressed, reader: IO[bytes]) -> Judged:
    lines = iter(partial(reader.readline, MAX_LINE), b"")
    start, head = _games_start(span, lines)
    known = span.first or span.skip is not None
    records: list[AuditRecord] = []
    first: int | None = None
    first_line = 1
    stop, stop_line = -1, 0
    damage = None
    try:
        for raw in split_games(chain(head, lines), offset=start):
            if first is None and not known and raw.offset == start and not _opens_with_event(raw):
                continue  # the end of a game begun before the span
            if stream.cut_end is not None and raw.offset >= stream.cut_end:
                stop, stop_line = raw.offset, raw.first_line
                break
            if first is None:
                first, first_line = raw.offset, raw.first_line
            game = build_game(raw, len(records) + 1)
            budget, edition = span.mate_budget, span.edition
            records.append(audit_game(game, span.file, mate_budget=budget, edition=edition))
    except ChessLawsError as exc:
        damage = str(exc)
    return Judged(
        records,
        stream.made if stream.own is None else stream.own,
        stream.made if stream.cut_end is None else stream.cut_end,
        first,
        first_line,
        stream.made if stop < 0 else stop,
        stop_line,
        damage,
    )


def _games_start(span: Span, lines: Iterator[bytes]) -> tuple[int, list[bytes]]:
    """Where the span's reading of games starts, and what was read there already: the file's
    start, the known start of a game, or the first line after the span's first byte that is
    not blank."""
    at = 0
    if span.first:
        return 0, []
    if span.skip is not None:
        for piece in lines:
            if at + len(piece) > span.skip:  # a game may start after a lone CR, mid-piece
                return span.skip, [piece[span.skip - at :]]
            at += len(piece)
            if at == span.skip:
                break
        return at, []
    for piece in lines:  # the rest of the line the span's first byte is in
        at += len(piece)
        if piece.endswith(b"\n"):
            break
    for piece in lines:
        if piece.strip():
            return at, [piece]
        at += len(piece)
    return at, []


_EVENT = re.compile(rb"\s*\[\s*Event\s")


def _opens_with_event(raw: RawGame) -> bool:
    """Whether the first line read is an ``Event`` tag pair, the first tag of a game (the PGN
    standard's seven tag roster, 8.1.1): a game most likely starts there."""
    if not raw.tag_lines or raw.tag_lines[0][0] != raw.first_line:
        return False
    return _EVENT.match(raw.tag_lines[0][1]) is not None


_READ_AT = read_at(0, 0, "").msgid


class Joiner:
    """The client's side of one file's spans, taken in order: checks that each span starts
    where the one before it stopped, judges it again from there when not, and gives the
    records their true game numbers and lines."""

    def __init__(self) -> None:
        self.expect = 0
        """Where the next game starts, in decompressed bytes from the file's start (a true
        boundary: found by a reading that started at one)."""
        self.line = 1
        """The line of ``expect``."""
        self.games = 0
        self.base = 0
        """Where the next span starts, in decompressed bytes."""
        self.rejudged = 0
        """Spans judged again in this process after a disagreement."""

    def take(self, span: Span, judged: Judged) -> tuple[list[AuditRecord], str | None]:
        """The records of ``span`` (given in order), renumbered, and what damage stopped the
        reading (``None``: none; the caller raises it after the records)."""
        base = self.base
        known = span.first
        if not known and judged.damage is None and self.expect >= base + judged.cut_end:
            self.base += judged.own  # no game starts in this span
            return [], None
        if not known and (judged.first is None or base + judged.first != self.expect):
            self.rejudged += 1
            judged = audit_span(dataclasses.replace(span, skip=self.expect - base))
            known = True
        # the line of the first game judged, or of the place the reading started when known
        lines = self.line - (1 if known else judged.first_line)
        games = self.games
        records = [_renumbered(r, games, lines) for r in judged.records]
        self.games = games + len(records)
        self.expect = base + judged.stop
        self.line = judged.stop_line + lines
        self.base = base + judged.own
        return records, judged.damage


def _renumbered(record: AuditRecord, games: int, lines: int) -> AuditRecord:
    """``record`` with its game number and lines moved on by ``games`` and ``lines``."""
    if not lines:
        return dataclasses.replace(record, game=record.game + games)
    error = record.error
    if error is not None:
        error = {**error, "line": error["line"] + lines}
    findings = tuple(_moved(f, lines) for f in record.findings)
    return dataclasses.replace(record, game=record.game + games, error=error, findings=findings)


def _moved(finding: Finding, lines: int) -> Finding:
    message = finding.message
    if finding.code is not Code.MENDED_ON_READING or not isinstance(message, Words):
        return finding
    if message.msgid != _READ_AT:
        return finding
    params = message.params
    line, column = params["line"], params["column"]
    assert isinstance(line, int) and isinstance(column, int)
    moved = read_at(line + lines, column, cast("str", params["reason"]))
    return dataclasses.replace(finding, message=moved)
