"""Judges that read their own part of a file (issue 30): plain PGN cut by bytes, zstandard cut at
frames found by their headers or the seek table; the same records, in order, as one process
reading the file from its start, wherever the frames cut the games."""

from __future__ import annotations

import dataclasses
import itertools
import os
import struct
from pathlib import Path
from typing import Any

import pytest

from chesslaws import ChessLawsError
from chesslaws.audit import AuditRecord, _spans, audit_files
from chesslaws.audit._spans import Joiner, audit_span, plan_spans
from tests.conftest import shared_data

zstandard = pytest.importorskip("zstandard", reason="the audit extra: pip install chesslaws[audit]")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "collection.pgn"
QUOTED = (
    b'[Event "A comment quotes a game"]\n[Site "?"]\n[Result "*"]\n\n1. e4 {he had read:\n\n'
    b'[Event "Hastings"]\n[Site "Hastings"]\n} e5 2. Nf3 *\n\n'
)
"""A game whose comment holds a line that looks like a tag: it stays in the comment (the
comment is closed right after that tag section)."""
TAGLESS = b"1. e4 e5 2. Qh5 Nc6 1-0\n\n1. d4 d5 1/2-1/2\n\n1. c4 *\n\n"


@pytest.fixture(scope="module")
def medley() -> bytes:
    """Real games, the examples (mended notes, faults), a broken game, games without tags and
    a comment quoting a tag line, so that errors and notes fall in later parts of the file."""
    selfplay = shared_data("pgn", "selfplay.pgn").read_bytes()
    cuts = [0]
    for _ in range(24):
        cuts.append(selfplay.index(b'[Event "Self-play corpus"]', cuts[-1] + 1))
    return (
        selfplay[: cuts[8]]
        + EXAMPLES.read_bytes()
        + b'\n[Event "broken"]\n[White "x\n\n1. e4 {open\n\n'
        + selfplay[cuts[8] : cuts[14]]
        + QUOTED
        + TAGLESS
        + selfplay[cuts[14] : cuts[24]]
    )


def compressed(data: bytes, cuts: list[int], **options: bool) -> bytes:
    """``data`` as zstandard frames, one per piece between ``cuts``."""
    compressor = zstandard.ZstdCompressor(level=3, **options)
    edges = [0, *cuts, len(data)]
    return b"".join(compressor.compress(data[a:b]) for a, b in itertools.pairwise(edges))


def seekable(data: bytes, cuts: list[int]) -> bytes:
    """The seekable format: frames, then the seek table in a skippable frame at the end."""
    compressor = zstandard.ZstdCompressor(level=3)
    edges = [0, *cuts, len(data)]
    frames = [compressor.compress(data[a:b]) for a, b in itertools.pairwise(edges)]
    entries = b"".join(
        struct.pack("<II", len(f), b - a) for f, a, b in zip(frames, edges, edges[1:], strict=False)
    )
    footer = struct.pack("<IBI", len(frames), 0, 0x8F92EAB1)
    table = struct.pack("<II", 0x184D2A5E, len(entries) + len(footer)) + entries + footer
    return b"".join(frames) + table


def without_file(records: list[AuditRecord]) -> list[AuditRecord]:
    return [dataclasses.replace(r, file="") for r in records]


def reference(data: bytes, folder: Path) -> list[AuditRecord]:
    path = folder / "reference.pgn"
    path.write_bytes(data)
    return without_file(list(audit_files([path])))


def judged_in_order(path: Path, per_judge: int = 1000) -> tuple[list[AuditRecord], Joiner]:
    """Every span of ``path`` judged here, in order, through the client's joiner (a span per
    frame by default)."""
    compression = "zstd" if path.suffix == ".zst" else ""
    spans = plan_spans(str(path), str(path), compression, 1, per_judge=per_judge)
    assert spans is not None and len(spans) > 1
    joiner = Joiner()
    records: list[AuditRecord] = []
    for span in spans:
        found, damage = joiner.take(span, audit_span(span))
        records += found
        if damage is not None:
            raise ChessLawsError(damage)
    return without_file(records), joiner


def cuts_inside(data: bytes, marks: list[bytes], shift: int) -> list[int]:
    """Frame boundaries ``shift`` bytes after each of ``marks`` in ``data``."""
    return [data.index(mark) + shift for mark in marks]


def test_frames_that_cut_games_tags_and_lines_give_the_same_records(
    medley: bytes, tmp_path: Path
) -> None:
    expected = reference(medley, tmp_path)
    path = tmp_path / "cut.pgn.zst"
    step = len(medley) // 23
    for shift in (0, 1, 7, 5000):  # at a game's first byte, inside a tag, mid-movetext
        cuts = sorted({min(k * step + shift, len(medley) - 1) for k in range(1, 23)})
        marks = cuts_inside(medley, [b'[Event "broken"]', b'[Event "Hastings"]', b"1. d4 d5"], 0)
        path.write_bytes(compressed(medley, sorted(set(cuts + marks))))
        found, joiner = judged_in_order(path)
        assert found == expected
        assert joiner.games == len(expected)


def test_every_cut_through_the_quoted_tag_and_the_games_without_tags(
    medley: bytes, tmp_path: Path
) -> None:
    """A frame that starts at a line looking like a game's start inside a comment, or inside
    games written without tags: the candidate boundary is wrong, the client sees it and judges
    that span again from the true start."""
    expected = reference(medley, tmp_path)
    path = tmp_path / "quoted.pgn.zst"
    rejudged = 0
    start = medley.index(QUOTED)
    for at in range(start + len(QUOTED) - 60, start + len(QUOTED) + len(TAGLESS), 9):
        before = medley.index(b'[Event "Hastings"]') - 1
        path.write_bytes(compressed(medley, [before, at]))
        found, joiner = judged_in_order(path)
        assert found == expected
        rejudged += joiner.rejudged
    assert rejudged > 0


def test_empty_frames_and_skippable_frames_are_stepped_over(medley: bytes, tmp_path: Path) -> None:
    expected = reference(medley, tmp_path)
    third = len(medley) // 3
    skippable = struct.pack("<II", 0x184D2A53, 5) + b"notes"
    empty = zstandard.ZstdCompressor().compress(b"")
    data = (
        empty
        + compressed(medley[:third], [third // 2])
        + skippable
        + empty
        + empty
        + compressed(medley[third:], [third])
    )
    path = tmp_path / "gaps.pgn.zst"
    path.write_bytes(data)
    found, _ = judged_in_order(path)
    assert found == expected
    assert without_file(list(audit_files([path]))) == expected


@pytest.mark.parametrize(
    "options",
    [
        {"write_checksum": True, "write_content_size": True},
        {"write_checksum": False, "write_content_size": False},
    ],
)
def test_frame_headers_are_walked_to_each_frame_end(
    options: dict[str, bool], tmp_path: Path
) -> None:
    """Compressed, raw (incompressible) and run-length blocks, with and without the checksum
    and the content size: the walk finds each frame where it was written."""
    pieces = [b"1. e4 e5 *\n\n" * 20_000, os.urandom(300_000), b"\n" * 400_000, b"", b"x"]
    compressor = zstandard.ZstdCompressor(level=3, **options)
    frames = [compressor.compress(piece) for piece in pieces]
    path = tmp_path / "frames.zst"
    path.write_bytes(b"".join(frames))
    starts = [sum(len(f) for f in frames[:k]) for k in range(len(frames))]
    with open(path, "rb") as handle:
        assert _spans._zstd_bounds(handle, path.stat().st_size) == (starts, len(frames))
        truncated = path.stat().st_size - 1
        assert _spans._zstd_bounds(handle, truncated) is None


def test_the_seek_table_gives_the_frames_without_walking(
    medley: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = reference(medley, tmp_path)
    cuts = [len(medley) * k // 9 + 3 for k in range(1, 9)]
    path = tmp_path / "seekable.pgn.zst"
    data = seekable(medley, cuts)
    path.write_bytes(data)
    real_frame_end = _spans._frame_end
    calls: list[int] = []

    def counted(handle: Any, at: int, size: int) -> Any:
        calls.append(at)
        return real_frame_end(handle, at, size)

    monkeypatch.setattr(_spans, "_frame_end", counted)
    spans = plan_spans(str(path), "x", "zstd", 1, per_judge=1000)
    assert calls == []  # planned from the table alone
    assert spans is not None
    assert [s.start for s in spans] == table_starts(data)
    found, _ = judged_in_order(path)
    assert found == expected
    # a table that disagrees with the file's size is not trusted: the headers are walked
    path.write_bytes(data[:-9] + struct.pack("<IBI", 8, 0, 0x8F92EAB1))
    calls.clear()
    again = plan_spans(str(path), "x", "zstd", 1, per_judge=1000)
    assert again is not None and calls
    assert [s.start for s in again] == [*table_starts(data), len(data) - 8 - 8 * 9 - 9]


def table_starts(data: bytes) -> list[int]:
    """Where each frame of a seekable file starts, read back from its seek table."""
    count = struct.unpack("<I", data[-9:-5])[0]
    table = data[-(9 + 8 * count) : -9]
    sizes = [struct.unpack("<II", table[8 * j : 8 * j + 8])[0] for j in range(count)]
    return [sum(sizes[:j]) for j in range(count)]


def test_one_frame_keeps_one_reader(
    medley: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "one.pgn.zst"
    path.write_bytes(zstandard.ZstdCompressor().compress(medley))
    assert plan_spans(str(path), "x", "zstd", 1) is None
    path.write_bytes(compressed(medley, [len(medley) // 2]))
    assert plan_spans(str(path), "x", "zstd", 1) is not None
    assert plan_spans(str(path), "x", "zstd", 2) is None  # fewer than two frames per judge
    assert plan_spans(str(path), "x", "gzip", 1) is None
    monkeypatch.setattr(_spans, "MAX_FRAME_BYTES", path.stat().st_size // 3)
    assert plan_spans(str(path), "x", "zstd", 1) is None  # a frame too large for one span


def test_plain_files_are_cut_by_bytes(medley: bytes, tmp_path: Path) -> None:
    expected = reference(medley, tmp_path)
    path = tmp_path / "plain.pgn"
    for data in (medley, medley.replace(b"\n", b"\r\n")):
        path.write_bytes(data)
        want = expected if data is medley else reference(data, tmp_path)
        for per_judge in (3, 40):
            found, _ = judged_in_order(path, per_judge)
            assert found == want


def test_a_damaged_frame_stops_after_the_records_before_it(medley: bytes, tmp_path: Path) -> None:
    expected = reference(medley, tmp_path)
    cuts = [len(medley) * k // 8 for k in range(1, 8)]
    data = bytearray(compressed(medley, cuts, write_checksum=True))
    fifth = len(compressed(medley[: cuts[4]], cuts[:4], write_checksum=True))
    data[fifth + 200 : fifth + 230] = bytes(30)  # inside the sixth frame's first block
    path = tmp_path / "damaged.pgn.zst"
    path.write_bytes(bytes(data))
    found: list[AuditRecord] = []
    with pytest.raises(ChessLawsError, match=r"damaged\.pgn\.zst: damaged or truncated zstd"):
        found.extend(audit_files([path], workers=2))
    assert 0 < len(found) < len(expected)
    assert without_file(found) == expected[: len(found)]


def test_local_workers_read_their_own_frames(medley: bytes, tmp_path: Path) -> None:
    """The whole path through ``audit_files``: progress told per span up to the file's size."""
    expected = reference(medley, tmp_path)
    path = tmp_path / "frames.pgn.zst"
    path.write_bytes(compressed(medley, [len(medley) * k // 9 + 11 for k in range(1, 9)]))
    size = path.stat().st_size
    seen: list[tuple[int, int, int | None]] = []
    found = list(audit_files([path, path], workers=2, progress=lambda *at: seen.append(at)))
    assert without_file(found) == expected + expected
    assert [r.game for r in found[len(expected) :]] == [r.game for r in expected]
    assert [read for _, read, _ in seen] == sorted(read for _, read, _ in seen)
    assert seen[-1] == (2 * len(expected), 2 * size, 2 * size)


def test_truncated_data_with_one_reader_gives_every_chunk_cut_before_it(tmp_path: Path) -> None:
    """A truncated file of one frame (the one reader's path): the chunks cut before the damage
    are judged and given, on workers as in one process, then the error."""
    selfplay = shared_data("pgn", "selfplay.pgn").read_bytes()
    games = selfplay[: selfplay.index(b'[Event "Self-play corpus"]', len(selfplay) * 2 // 5)]
    expected = reference(games, tmp_path)
    data = zstandard.ZstdCompressor().compress(games)
    path = tmp_path / "truncated.pgn.zst"
    path.write_bytes(data[: len(data) * 4 // 5])
    found: dict[int, list[AuditRecord]] = {1: [], 2: []}
    for workers, records in found.items():
        with pytest.raises(ChessLawsError, match=r"truncated\.pgn\.zst: damaged or truncated"):
            records.extend(audit_files([path], workers=workers, games_per_chunk=3))
        assert without_file(records) == expected[: len(records)]
    assert 0 < len(found[1]) - 3 <= len(found[2]) <= len(found[1])
