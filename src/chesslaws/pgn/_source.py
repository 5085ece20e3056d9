"""Splitting a PGN byte stream into games, line by line, in constant memory.

This is the outermost, purely lexical step of reading: it finds where each game starts and ends
(a tag line after movetext starts a new game, and so does movetext after a blank line that
follows a game termination marker: games written without tags), strips UTF-8 byte order marks
(at the start of the file and of any line, as where files were concatenated), reads LF, CR-LF
and CR-only line ends, joins lines longer than the read limit again, drops ``%`` escape lines,
and decodes each game as UTF-8, falling back to Latin-1 when the bytes are not UTF-8. It knows
no chess. Only one game is held at a time, and a game larger than ``MAX_GAME_BYTES`` is cut
short (and reported) so that memory never grows with the input.

A brace comment that runs across lines keeps following lines in the same game, except that a
tag pair line after a blank line starts a new game unless the comment is closed in that tag
section or right after it (a comment may quote a line starting ``[Event``): an unclosed ``{``
then damages only the game it is in. Likewise a tag the current tag section already has, after
a blank line (or an ``Event`` tag, blank line or not), starts a new game: the game before it
lost its movetext.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import IO, Any

__all__ = [
    "MAX_GAME_BYTES",
    "MAX_LINE",
    "RawGame",
    "decode",
    "open_lines",
    "physical_lines",
    "split_games",
]

MAX_GAME_BYTES = 8 * 1024 * 1024
"""A game whose text exceeds this many bytes is cut at that size and reported as too large."""

MAX_LINE = 1024 * 1024
"""Lines are read at most this many bytes at a time (a longer line counts as several), so that
a file without line breaks cannot fill the memory."""

_BOM = b"\xef\xbb\xbf"
_TAG_LIKE = re.compile(rb"\s*\[\s*[A-Za-z0-9_]+\s+\"")
_TAG_NAME = re.compile(rb"\s*\[\s*([A-Za-z0-9_]+)")
_BRACES = re.compile(rb"[{};]")
_COMMENTS = re.compile(rb"\{[^}]*\}?|;[^\n]*")
_LONE_CR = re.compile(rb"\r(?!\n)")
_ENDS_GAME = re.compile(rb"(?:^|[\s.)}])(?:1-0|0-1|1/2-1/2|1/2-0|0-1/2|\*)\s*\Z")


@dataclass(slots=True)
class RawGame:
    """The lines of one game, still undecoded, with where they came from."""

    offset: int
    """Byte offset of the game's first line in the stream."""
    first_line: int
    """1-based number of the game's first line."""
    tag_lines: list[tuple[int, bytes]] = field(default_factory=list)
    text_lines: list[tuple[int, bytes]] = field(default_factory=list)
    unterminated_comment: int = 0
    """Line number where a ``{`` comment was opened and never closed (0: none)."""
    oversized: bool = False
    size: int = 0

    def is_game(self) -> bool:
        """Whether this is a game, not just a comment between games (as at the top of a file)."""
        if self.tag_lines:
            return True
        text = b"\n".join(line for _, line in self.text_lines)
        return bool(_COMMENTS.sub(b"", text).strip())


def open_lines(source: str | os.PathLike[str] | IO[Any]) -> tuple[Iterator[bytes], IO[Any] | None]:
    """Byte lines of a path, a binary file or a text file; plus the file to close (if opened)."""
    if isinstance(source, str | os.PathLike):
        handle: IO[bytes] = open(source, "rb")  # noqa: SIM115 (closed by the reader)
        return iter(partial(handle.readline, MAX_LINE), b""), handle
    if isinstance(source, io.TextIOBase) or "b" not in getattr(source, "mode", "b"):
        text_lines = iter(partial(source.readline, MAX_LINE), "")
        return (line.encode("utf-8", "surrogatepass") for line in text_lines), None
    return iter(partial(source.readline, MAX_LINE), b""), None


def physical_lines(pieces: Iterable[bytes]) -> Iterator[tuple[bytes, int]]:
    """The lines of a stream read in pieces, each with the number of bytes it took.

    A piece is what ``readline(MAX_LINE)`` returned: a line, or part of one longer than the
    limit. Parts are joined again (a token is never cut in two, and a long line counts as one
    for line numbers); a line longer than ``MAX_GAME_BYTES`` is kept only up to just past that
    size (its game is then too large and reported so), the rest skipped. A lone CR ends a line
    too (old Mac files), as do LF and CR-LF.
    """
    held: list[bytes] = []
    held_size = 0
    skipped = 0
    for piece in pieces:
        if b"\r" in piece and not (piece.endswith(b"\r\n") and piece.count(b"\r") == 1):
            cut = piece.endswith(b"\r") and len(piece) >= MAX_LINE  # maybe CR of a CR-LF
            parts = _LONE_CR.split(piece[:-1] if cut else piece)
            if cut:
                parts[-1] += b"\r"
            for part in parts[:-1]:
                part += b"\r"
                if held:
                    held.append(part)
                    part = b"".join(held)
                    held = []
                    held_size = 0
                yield part, len(part) + skipped
                skipped = 0
            piece = parts[-1]
            if not piece:
                continue
        if piece.endswith(b"\n") and not held:
            yield piece, len(piece) + skipped
            skipped = 0
            continue
        if held_size > MAX_GAME_BYTES:
            skipped += len(piece)
        else:
            held.append(piece)
            held_size += len(piece)
        if piece.endswith(b"\n"):
            line = b"".join(held)
            held = []
            held_size = 0
            yield line, len(line) + skipped
            skipped = 0
    if held:
        line = b"".join(held)
        yield line, len(line) + skipped


class _Lines:
    """Numbered lines ``(number, byte offset, line without its end)`` with a push-back list,
    for the bounded look-ahead of :func:`split_games`."""

    __slots__ = ("_back", "_source", "lineno", "pos")

    def __init__(self, lines: Iterable[bytes], first_line: int, offset: int) -> None:
        self._source = physical_lines(lines)
        self._back: list[tuple[int, int, bytes]] = []
        self.lineno = first_line - 1
        self.pos = offset

    def next(self) -> tuple[int, int, bytes] | None:
        """The next line as ``(number, byte offset, line without its end)``."""
        if self._back:
            return self._back.pop()
        for raw, size in self._source:
            self.lineno += 1
            start = self.pos
            self.pos += size
            while raw[:3] == _BOM:  # at the start of the file, or of a file appended to it
                raw = raw[3:]
            return self.lineno, start, raw.rstrip(b"\r\n")
        return None

    def push_back(self, items: list[tuple[int, int, bytes]]) -> None:
        """Lines to be read again, in order, before the rest of the stream."""
        self._back.extend(reversed(items))


_LOOK_AHEAD = 64


def _starts_a_game(lines: _Lines, first: bytes) -> bool:
    """Whether a tag-like line met inside an open ``{`` comment, after a blank line, starts a
    new game (the comment was never closed) or belongs to the comment.

    It belongs to the comment when the comment is closed (``}``) on it, in the tag section it
    opens, or at the start of the text after that; a real game's tags and movetext do not begin
    so. At most ``_LOOK_AHEAD`` lines are read ahead; they are pushed back to be read as usual.
    """
    if b"}" in first:
        return False
    seen: list[tuple[int, int, bytes]] = []
    new_game = True
    while len(seen) < _LOOK_AHEAD:
        item = lines.next()
        if item is None:
            break
        seen.append(item)
        line = item[2]
        stripped = line.strip()
        if not stripped or line[:1] == b"%":
            continue
        closing = line.find(b"}")
        if stripped[:1] == b"[":
            if closing >= 0:
                new_game = False
                break
            continue
        opening = line.find(b"{")
        new_game = closing < 0 or 0 <= opening < closing
        break
    lines.push_back(seen)
    return new_game


def split_games(
    lines: Iterable[bytes], *, first_line: int = 1, offset: int = 0, max_games: int | None = None
) -> Iterator[RawGame]:
    """The games of a stream of byte lines, in order (comment-only chunks are skipped).

    ``first_line`` and ``offset`` give the line number and byte offset of the first line, so that
    a reader started in the middle of a file (at a game boundary) reports true positions.
    Stops after ``max_games`` games when given.

    A game ends where a tag line follows its movetext, and where movetext follows a blank line
    after a game termination marker (games written without tags, one after another).
    """
    if max_games is not None and max_games <= 0:
        return
    games = 0
    source = _Lines(lines, first_line, offset)
    current = RawGame(offset, first_line)
    has_text = False
    last_text = b""  # the last movetext line (does it end the game with its result?)
    in_comment = 0
    prev_blank = True
    while True:
        item = source.next()
        if item is None:
            break
        lineno, start, line = item
        if line[:1] == b"%":
            continue
        stripped = line.strip()
        if not stripped:
            prev_blank = True
            continue
        is_tag = stripped[:1] == b"["
        if in_comment:
            if not (prev_blank and _TAG_LIKE.match(line) and _starts_a_game(source, line)):
                prev_blank = False
                _append(current, current.text_lines, lineno, line)
                in_comment = _comment_state(line, in_comment, lineno)
                last_text = line
                continue
            current.unterminated_comment = in_comment
            in_comment = 0
        elif not is_tag and not (prev_blank and has_text and _ENDS_GAME.search(last_text)):
            prev_blank = False
            has_text = True
            _append(current, current.text_lines, lineno, line)
            if b"{" in line or b";" in line:
                in_comment = _comment_state(line, 0, lineno)
            last_text = line
            continue
        elif is_tag and not (has_text or _repeats_tag(current, line, prev_blank)):
            prev_blank = False
            _append(current, current.tag_lines, lineno, line)
            continue
        # A tag line after movetext (or repeating a tag after a blank line), or movetext after a
        # finished game and a blank line: a new game starts.
        if current.is_game():
            yield current
            games += 1
            if max_games is not None and games >= max_games:
                return
        current = RawGame(start, lineno)
        has_text = False
        last_text = b""
        prev_blank = False
        if is_tag:
            _append(current, current.tag_lines, lineno, line)
        else:
            source.push_back([item])
    if in_comment:
        current.unterminated_comment = in_comment
    if current.is_game():
        yield current


def _tag_name(line: bytes) -> bytes:
    match = _TAG_NAME.match(line)
    return match.group(1) if match else b""


def _repeats_tag(game: RawGame, line: bytes, after_blank: bool) -> bool:
    """Whether a tag line starts a new tag section: it names a tag the game already has, after
    a blank line (or it is ``Event``, always the first tag of a game): the game before it has
    no movetext."""
    if not game.tag_lines or not (after_blank or b"Event" in line):
        return False  # the usual tag line, at no cost: the rest needs the names
    name = _tag_name(line)
    if not name or not (after_blank or name == b"Event"):
        return False
    return any(_tag_name(seen) == name for _, seen in game.tag_lines)


def _append(game: RawGame, where: list[tuple[int, bytes]], lineno: int, line: bytes) -> None:
    game.size += len(line) + 1
    if game.size > MAX_GAME_BYTES:
        game.oversized = True
        return
    where.append((lineno, line))


def _comment_state(line: bytes, in_comment: int, lineno: int) -> int:
    """After ``line``: 0 outside a brace comment, else the line where the open comment began.

    ``in_comment`` is the state before the line (the opening line number, or 0), and ``lineno``
    is this line's number (used when a comment opens here).
    """
    if b";" not in line:
        # Without rest-of-line comments, the state at the end depends only on the last braces:
        # after a final '{' we are inside a comment, after a final '}' outside.
        opened = line.rfind(b"{")
        closed = line.rfind(b"}")
        if opened > closed:
            return in_comment or lineno
        return 0 if closed >= 0 else in_comment
    for match in _BRACES.finditer(line):
        char = match.group()
        if in_comment:
            if char == b"}":
                in_comment = 0
        elif char == b"{":
            in_comment = lineno
        elif char == b";":
            break
    return in_comment


def decode(lines: list[tuple[int, bytes]]) -> list[tuple[int, str]]:
    """Decode the lines of one game: UTF-8, or Latin-1 when the game is not valid UTF-8."""
    if not lines:
        return []
    blob = b"\n".join(text for _, text in lines)
    try:
        text = blob.decode("utf-8")
    except UnicodeDecodeError:
        text = blob.decode("latin-1")
    return list(zip((n for n, _ in lines), text.split("\n"), strict=True))
