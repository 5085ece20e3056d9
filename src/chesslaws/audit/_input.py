"""Game collections as they are published: plain or compressed PGN from a path, standard input
or a URL, read as one stream, never decompressed to disk.

The compression is told by the first bytes, not by the name (a ``.pgn`` that is really gzip is
read all the same): zstandard (the lichess database; the optional extra ``chesslaws[audit]``),
gzip, bzip2, xz, or none. A URL (``https://...``, ``s3://...``) is opened through ``fsspec``,
as Dask opens its files (HTTP as one streamed request; other schemes need fsspec's package for
them, ``s3fs`` for ``s3://``). Every input counts the bytes it has read *before*
decompression, so that the progress can be told against the size of the file as stored, when
that is known.
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import os
import re
import stat
import sys
from collections.abc import Iterator
from functools import partial
from typing import IO, Any, cast

from chesslaws._errors import ChessLawsError
from chesslaws.pgn._source import MAX_LINE

__all__ = ["Input", "InputError", "Pieces", "is_url", "open_input"]

_MAGIC = (
    (b"\x28\xb5\x2f\xfd", "zstd"),
    (b"\x1f\x8b", "gzip"),
    (b"BZh", "bzip2"),
    (b"\xfd7zXZ\x00", "xz"),
)
_HEAD = max(len(magic) for magic, _ in _MAGIC)
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
_READ_SIZE = 1 << 20
"""Bytes of decompressed text read at a time (and the block size of a URL but HTTP's)."""
_DAMAGED: tuple[type[Exception], ...] = (EOFError, OSError, lzma.LZMAError)
"""What the decompressors raise on damaged or truncated data (and zstandard's own error)."""


class InputError(OSError):
    """An input that cannot be opened (the message names it and says why)."""


def is_url(name: str) -> bool:
    """Whether ``name`` is a URL (``scheme://...``) rather than a path."""
    return _URL.match(name) is not None


class _Counted(io.RawIOBase):
    """A binary file read through, counting the bytes; ``head`` (bytes already read from it to
    tell the compression) is given out first."""

    def __init__(self, raw: Any, head: bytes) -> None:
        super().__init__()
        self._raw = raw
        self._head = head
        self.count = len(head)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        if self._head:
            size = min(len(view), len(self._head))
            view[:size] = self._head[:size]
            self._head = self._head[size:]
            return size
        data = self._raw.read(len(view))
        view[: len(data)] = data
        self.count += len(data)
        return len(data)


class Input:
    """One opened input: its label, its decompressed lines, and how far it has been read.

    ``size`` is the stored (compressed) size when known; :attr:`read` the stored bytes read so
    far. Damaged compressed data raises :class:`~chesslaws.ChessLawsError` naming the input and
    the stored byte near which the damage was found.
    """

    def __init__(self, label: str, raw: Any, size: int | None, owned: bool) -> None:
        self.label = label
        self.size = size
        self.record: bytearray | None = None
        """When set, every decompressed byte read is added to it (the reader cutting chunks
        keeps what it has read and not yet handed out)."""
        self._raw = raw if owned else None
        head = _read_head(raw)
        self.compression = next((kind for magic, kind in _MAGIC if head.startswith(magic)), "")
        self._counted = _Counted(raw, head)
        self._stream, self._damage = _decompressed(self._counted, self.compression, label)

    @property
    def read(self) -> int:
        """Stored bytes read so far (before decompression)."""
        return self._counted.count

    def readline(self, limit: int = -1) -> bytes:
        """The next decompressed line (at most ``limit`` bytes), ``b""`` at the end; added to
        :attr:`record` too when that is set."""
        try:
            line: bytes = self._stream.readline(limit)
        except self._damage as exc:
            raise self._damaged(exc) from None
        if self.record is not None:
            self.record += line
        return line

    def _damaged(self, exc: BaseException) -> ChessLawsError:
        kind = self.compression or "PGN"
        return ChessLawsError(
            f"{self.label}: damaged or truncated {kind} data near stored byte {self.read}: {exc}"
        )

    def pieces(self) -> Iterator[bytes]:
        """The decompressed stream as ``readline(MAX_LINE)`` pieces (what the PGN splitter
        reads)."""
        return iter(partial(self.readline, MAX_LINE), b"")

    def as_file(self) -> IO[bytes]:
        """This input as a binary file for :func:`chesslaws.pgn.read_games` (it reads lines)."""
        return cast("IO[bytes]", self)

    def close(self) -> None:
        """Close what this input opened (standard input is left open)."""
        self._stream.close()
        if self._raw is not None:
            self._raw.close()


def _read_head(raw: Any) -> bytes:
    """The first bytes of ``raw``, enough to tell the compression (fewer at the end)."""
    head = b""
    while len(head) < _HEAD:
        more = raw.read(_HEAD - len(head))
        if not more:
            break
        head += more
    return head


def _decompressed(
    counted: _Counted, compression: str, label: str
) -> tuple[Any, tuple[type[Exception], ...]]:
    """The decompressed stream, and the errors it raises on damaged data."""
    if compression == "zstd":
        return _zstd(counted, label)
    if compression == "gzip":
        return gzip.GzipFile(fileobj=counted, mode="rb"), _DAMAGED
    if compression == "bzip2":
        return bz2.BZ2File(counted), _DAMAGED
    if compression == "xz":
        return lzma.LZMAFile(cast("IO[bytes]", counted)), _DAMAGED
    return io.BufferedReader(counted, _READ_SIZE), _DAMAGED


def _zstd(counted: _Counted, label: str) -> tuple[Any, tuple[type[Exception], ...]]:
    try:
        import zstandard
    except ImportError:
        raise ChessLawsError(
            f"{label} is zstandard-compressed: reading it needs the optional extra: "
            "pip install 'chesslaws[audit]'"
        ) from None
    frames = _ZstdFrames(counted, zstandard.ZstdDecompressor().decompressobj)
    return io.BufferedReader(frames, _READ_SIZE), (*_DAMAGED, zstandard.ZstdError)


_ZSTD_FEED = 1024
"""Compressed bytes given to the zstandard decompressor at a time. A zstandard block can
multiply its size by 32,768 at most (a run-length block), so no more than 32 MiB come out of
one call, however the data was made."""


class Pieces(io.RawIOBase):
    """A binary stream given out of pieces made as they are needed: :meth:`more` makes the
    next piece (it may be empty), ``None`` at the end."""

    def __init__(self) -> None:
        super().__init__()
        self._out = b""
        self._at = 0

    def readable(self) -> bool:
        return True

    def more(self) -> bytes | None:
        """The next piece of the stream, ``None`` at its end."""
        raise NotImplementedError

    def readinto(self, buffer: Any) -> int:
        while self._at == len(self._out):
            piece = self.more()
            if piece is None:
                return 0
            self._out, self._at = piece, 0
        view = memoryview(buffer).cast("B")
        size = min(len(view), len(self._out) - self._at)
        view[:size] = self._out[self._at : self._at + size]
        self._at += size
        return size


class _ZstdFrames(Pieces):
    """zstandard frames one after another (as written by ``zstd``, by ``cat`` of several
    files, or in the seekable format), decompressed as they are read. Raises ``EOFError`` when
    the data ends inside a frame (a truncated download)."""

    def __init__(self, source: _Counted, new_frame: Any) -> None:
        super().__init__()
        self._source = source
        self._new_frame = new_frame
        self._frame = new_frame()
        self._in_frame = False

    def more(self) -> bytes | None:
        data = self._source.read(_ZSTD_FEED)
        if not data:
            if self._in_frame:
                raise EOFError("the zstandard data ends inside a frame")
            return None
        return self._feed(data)

    def _feed(self, data: bytes) -> bytes:
        out = []
        while data:
            self._in_frame = True
            out.append(self._frame.decompress(data))
            data = b""
            if self._frame.eof:
                data = self._frame.unused_data
                self._frame = self._new_frame()
                self._in_frame = False
        return b"".join(out)


def open_input(name: str) -> Input:
    """Open a path, ``-`` (standard input) or a URL for reading games.

    Raises :class:`InputError` (an ``OSError``) naming the input when it cannot be opened,
    and :class:`~chesslaws.ChessLawsError` for a URL scheme no installed package reads.
    """
    if name == "-":
        stdin = sys.stdin.buffer
        return Input("-", stdin, _regular_size(stdin), owned=False)
    if is_url(name):
        return _open_url(name)
    try:
        handle = open(name, "rb")  # noqa: SIM115 (closed by Input.close)
    except OSError as exc:
        raise InputError(f"cannot read {name}: {exc.strerror or exc}") from exc
    try:
        return Input(name, handle, _regular_size(handle), owned=True)
    except BaseException:
        handle.close()
        raise


def _regular_size(handle: Any) -> int | None:
    """The size of a regular file; ``None`` for a pipe, a terminal or a device."""
    try:
        info = os.fstat(handle.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        return None
    return info.st_size if stat.S_ISREG(info.st_mode) else None


def _open_url(url: str) -> Input:
    try:
        import fsspec  # type: ignore[import-untyped]
    except ImportError:
        raise ChessLawsError(
            f"reading {url} needs the optional extra: pip install 'chesslaws[audit]'"
        ) from None
    try:
        system, path = fsspec.core.url_to_fs(url)
    except (ImportError, ValueError) as exc:
        raise ChessLawsError(f"cannot read {url}: {exc}") from None
    streaming = "http" in _protocols(system)
    try:
        size = system.size(path)
        # HTTP: one GET read as it comes (block_size=0), not a range request per block.
        handle = system.open(path, "rb", block_size=0 if streaming else _READ_SIZE)
    except FileNotFoundError:
        raise InputError(f"cannot read {url}: not found") from None
    except OSError as exc:
        raise InputError(f"cannot read {url}: {exc}") from exc
    try:
        return Input(url, handle, size if isinstance(size, int) else None, owned=True)
    except BaseException:
        handle.close()
        raise


def _protocols(system: Any) -> tuple[str, ...]:
    protocol = system.protocol
    return (protocol,) if isinstance(protocol, str) else tuple(protocol)
