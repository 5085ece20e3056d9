"""Exact perft (the number of leaf nodes of the legal move tree) on every position and depth of
``../shared/data/perft/*.perft``: move generation and make/unmake for every rule of Article 3,
Chess960 castling (Guidelines II) included.

``tricky.perft`` and ``lichess-games.perft`` are read in standard mode, except the tricky
positions whose castling rights only Chess960 can hold (X-FEN rook letters or a king off the e-file:
ids ``xfen-*`` and ``hside-*``); ``chess960.perft`` (Shredder-FEN castling) with ``chess960=True``.

The cases are split by cost (our perft counts about 1.5–2 million leaf nodes a second on one
core of the development machine, counting the last ply in bulk):

* default, fast: every position at depths 1–3 (960 + 300 + 18 positions), and the tricky
  positions at any depth up to 1,000,000 nodes: 3,846 cases, 30 million nodes, ~25 s of CPU;
* ``slow`` (run by default and in CI): the tricky cases of 1–5 million nodes, and depth 4 of
  every 10th Chess960 position (ids 0, 10, …, 950; 0.1–1.5 million nodes each): 100 cases,
  68 million nodes, ~50 s of CPU;
* ``deep`` (deselected unless ``--deep`` is given, see ``tests/conftest.py``;
  ``pytest --deep -m deep`` runs them): the other 2,805 cases, 566 billion nodes: depth 4 of
  the other 864 Chess960 positions
  (~500 million nodes, ~5 minutes) up to the 12 billion nodes of ``xfen-01`` at depth 7 (hours
  in pure Python each; days in all).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from chesslaws import PositionProblem
from chesslaws.core import Position
from tests.conftest import find_data, shared_data

#: Perft suites hold positions no game reaches (impossible checks, too much material) on
#: purpose, to test the move generator: those reasons are allowed here.
ALLOW = (
    PositionProblem.IMPOSSIBLE_CHECK
    | PositionProblem.TOO_MUCH_MATERIAL
    | PositionProblem.TOO_MANY_PAWNS
)

FAST_NODES = 1_000_000
SLOW_NODES = 5_000_000
CHESS960_SAMPLE_EVERY = 10
FILES = ("tricky.perft", "chess960.perft", "lichess-games.perft")
#: How many positions each file holds, so that a truncated or misread file fails loudly.
POSITIONS_IN_FILE = {"tricky.perft": 18, "chess960.perft": 960, "lichess-games.perft": 300}


@dataclass(frozen=True)
class PerftPosition:
    file: str
    name: str
    epd: str
    counts: tuple[tuple[int, int], ...]  # (depth, nodes)

    @property
    def chess960(self) -> bool:
        return self.file == "chess960.perft" or self.name.startswith(("xfen-", "hside-"))


def read_perft_file(path: Path) -> list[PerftPosition]:
    """Read the ``.perft`` format described in ``../shared/data/README.md``."""
    positions: list[PerftPosition] = []
    name = epd = None
    counts: list[tuple[int, int]] = []

    def flush() -> None:
        if epd is not None:
            assert counts, f"{path.name}: position {name} has no perft lines"
            positions.append(PerftPosition(path.name, name or epd, epd, tuple(counts)))

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", "%")):
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "id":
            flush()
            name, epd, counts = rest.strip(), None, []
        elif keyword == "epd":
            if epd is not None:
                flush()
                name, counts = None, []
            epd = rest.strip()
        elif keyword == "perft":
            depth, nodes = rest.split()
            counts.append((int(depth), int(nodes)))
        else:
            raise AssertionError(f"{path.name}:{number}: unexpected line {raw!r}")
    flush()
    return positions


def _marks(
    position: PerftPosition, index: int, depth: int, nodes: int
) -> list[pytest.MarkDecorator]:
    if depth <= 3 or (nodes <= FAST_NODES and position.file == "tricky.perft"):
        return []
    if position.file == "tricky.perft" and nodes <= SLOW_NODES:
        return [pytest.mark.slow]
    if position.file == "chess960.perft" and depth == 4 and index % CHESS960_SAMPLE_EVERY == 0:
        return [pytest.mark.slow]
    return [pytest.mark.deep]


def _cases() -> list[object]:
    cases: list[object] = []
    for filename in FILES:
        path = find_data("perft", filename)
        if path is None:  # the test itself skips, saying which file is missing
            cases.append(pytest.param(filename, None, 0, 0, id=f"{filename}-missing"))
            continue
        for index, position in enumerate(read_perft_file(path)):
            for depth, nodes in position.counts:
                cases.append(
                    pytest.param(
                        filename,
                        position,
                        depth,
                        nodes,
                        id=f"{filename.removesuffix('.perft')}-{position.name}-d{depth}",
                        marks=_marks(position, index, depth, nodes),
                    )
                )
    return cases


@pytest.mark.parametrize(("filename", "position", "depth", "nodes"), _cases())
def test_perft(filename: str, position: PerftPosition | None, depth: int, nodes: int) -> None:
    shared_data("perft", filename)
    assert position is not None
    pos = Position.from_fen(position.epd, chess960=position.chess960, allow=ALLOW)
    assert pos.perft(depth) == nodes
    # perft leaves the position as it found it.
    assert pos.fen(en_passant="fen") == Position.from_fen(
        position.epd, chess960=position.chess960, allow=ALLOW
    ).fen(en_passant="fen")
    assert pos.ply == 0


@pytest.mark.parametrize("filename", FILES)
def test_perft_file_holds_every_position(filename: str) -> None:
    positions = read_perft_file(shared_data("perft", filename))
    assert len(positions) == POSITIONS_IN_FILE[filename]
    assert len({p.name for p in positions}) == len(positions)
    for position in positions:
        depths = [depth for depth, _ in position.counts]
        assert depths == sorted(set(depths)), position.name


def _tricky() -> list[PerftPosition]:
    return read_perft_file(shared_data("perft", "tricky.perft"))


def test_standard_positions_count_the_same_in_chess960_mode() -> None:
    """A standard position is also a Chess960 position (Guidelines II.1); the mode changes only
    how castling is spelt, never which moves are legal."""
    checked = 0
    for position in _tricky():
        if position.chess960:
            continue
        for depth, nodes in position.counts:
            if nodes <= 100_000:
                pos = Position.from_fen(position.epd, chess960=True, allow=ALLOW)
                assert pos.perft(depth) == nodes
                checked += 1
    assert checked >= 30


def test_perft_divide_sums_to_perft_and_lists_each_legal_move_once() -> None:
    for position in _tricky():
        depth, nodes = max((d, n) for d, n in position.counts if d <= 3)
        pos = Position.from_fen(position.epd, chess960=position.chess960, allow=ALLOW)
        divide = list(pos.perft_divide(depth))
        assert sum(count for _, count in divide) == nodes, position.name
        assert sorted(m.uci() for m, _ in divide) == sorted(m.uci() for m in pos.legal_moves())


def test_perft_depth_zero_and_one() -> None:
    pos = Position()
    assert pos.perft(0) == 1
    assert pos.perft(1) == len(pos.legal_moves()) == 20
