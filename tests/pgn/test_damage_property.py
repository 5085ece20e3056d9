"""A property of the reader against python-chess (issue 18): the games of ``../shared/data/pgn/``
concatenated in random order, with random damage (lines broken in two, stray bytes, byte order
marks, CR or CR-LF line ends), give as many games as python-chess finds in the same bytes,
less the deliberate differences of docs/pgn.md (text holding nothing but comments is no game).
"""

from __future__ import annotations

import io
import itertools
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chesslaws import pgn
from tests.conftest import shared_data

chess_pgn = pytest.importorskip("chess.pgn")

SELFPLAY_GAMES = 40
ECO_GAMES = 150
# Bytes that damage a line without opening or closing a comment, a tag, an escape or a
# variation (those change where games end, for python-chess as for us: docs/pgn.md).
STRAY = [bytes([b]) for b in b"abcxyzKQN!?-=+#$0123456789.,/@&~^`'|<>:" + b"\xff\xc3\x80\xfe"]


@cache
def pieces() -> tuple[bytes, ...]:
    """The games of the data files, one piece each (a file's leading text stays with its first
    game), trailing blank lines removed."""
    folder = shared_data("pgn")
    found: list[bytes] = []
    for path in sorted(folder.rglob("*.pgn")):
        data = path.read_bytes()
        offsets = [offset for offset, _ in pgn.game_offsets(path)]
        limit = {"selfplay.pgn": SELFPLAY_GAMES, "eco.pgn": ECO_GAMES}.get(path.name)
        if limit is not None:
            offsets = offsets[: limit + 1]
        else:
            offsets.append(len(data))
        offsets[0] = 0
        for start, end in itertools.pairwise(offsets):
            found.append(data[start:end].rstrip())
    return tuple(found)


def _break_line(line: bytes, at: int) -> list[bytes]:
    """``line`` broken in two at ``at`` when neither half is blank nor starts a tag, comment,
    escape or variation line, else unchanged."""
    head, tail = line[:at], line[at:]
    if not head.strip() or not tail.strip() or tail.lstrip()[:1] in (b"[", b"%", b";", b"{"):
        return [line]
    return [head, tail.lstrip()]


@st.composite
def damaged(draw: st.DrawFn) -> bytes:
    pool = pieces()
    chosen = draw(st.lists(st.sampled_from(range(len(pool))), min_size=1, max_size=25))
    out: list[bytes] = []
    for index in chosen:
        lines = pool[index].split(b"\n")
        # Text before the first tag (a file's preamble of comments) is left alone: damage there
        # makes a game of it for us, junk python-chess skips (docs/pgn.md).
        first_tag = next((i for i, line in enumerate(lines) if line.startswith(b"[")), 0)
        for _ in range(draw(st.integers(0, 3))):
            row = draw(st.integers(first_tag, len(lines) - 1))
            line = lines[row]
            if line.startswith(b"[") or not line.strip():
                continue  # tag lines and blank lines keep their meaning
            if draw(st.booleans()):
                at = draw(st.integers(1, max(1, len(line) - 1)))
                lines[row : row + 1] = _break_line(line, at)
            else:
                at = draw(st.integers(1, max(1, len(line))))
                lines[row] = line[:at] + draw(st.sampled_from(STRAY)) + line[at:]
        text = b"\n".join(lines)
        if draw(st.booleans()):
            text = b"\xef\xbb\xbf" + text
        out.append(text)
    data = b"\n\n".join(out) + b"\n"
    ending = draw(st.sampled_from([b"\n", b"\r\n", b"\r"]))
    return data.replace(b"\n", ending) if ending != b"\n" else data


class _Counter(chess_pgn.BaseVisitor):  # type: ignore[misc]
    """What python-chess saw of one game: any tag, move, result or error (or only comments)."""

    def begin_game(self) -> None:
        self.substance = False

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.substance = True

    def visit_move(self, board: object, move: object) -> None:
        self.substance = True

    def visit_result(self, result: str) -> None:
        self.substance = True

    def visit_nag(self, nag: int) -> None:
        self.substance = True

    def handle_error(self, error: Exception) -> None:
        self.substance = True

    def result(self) -> bool:
        return self.substance


def python_chess_games(data: bytes) -> int:
    """Games python-chess reads from ``data`` as a user would open it (text, universal line
    ends), less chunks of nothing but comments, which are no game for us (docs/pgn.md)."""
    handle = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="replace", newline=None)
    count = 0
    while True:
        seen = chess_pgn.read_game(handle, Visitor=_Counter)
        if seen is None:
            return count
        count += bool(seen)


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(damaged())
def test_damaged_concatenations_give_as_many_games_as_python_chess(data: bytes) -> None:
    ours = sum(1 for _ in pgn.read_games(io.BytesIO(data), replay=False))
    assert ours == python_chess_games(data)


def test_the_pieces_are_the_games_of_the_data() -> None:
    pool = pieces()
    data = b"\n\n".join(pool) + b"\n"
    assert sum(1 for _ in pgn.read_games(io.BytesIO(data), replay=False)) == len(pool)
    assert python_chess_games(data) == len(pool)
