"""The SAN reader's fast path (``_parse_common``) against its general path and python-chess:
on every move of the shared PGN files and on every SAN-shaped text in random legal positions,
the fast path gives the general path's move or hands over (-1), never another answer."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import chess
import pytest

from chesslaws import ChessLawsError, pgn
from chesslaws.core import Position
from chesslaws.core._bitboards import word
from chesslaws.core._movegen import attackers
from chesslaws.core._notation import _king_safe, _parse_common, _parse_general, _san_syntax
from tests.conftest import shared_data

FILES = "abcdefgh"
COMPOSED = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  # kiwipete
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",  # en passant along a rank
    "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2",  # en passant exposing the king
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1",  # in check: no castling
    "r3k2r/8/8/8/8/5b2/8/R3K2R w KQkq - 0 1",  # castling through an attacked square
    "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
    "k3r3/8/8/1N6/8/8/4N3/4K3 w - - 0 1",  # a pinned knight is no rival
    "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1",  # three queens
    "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1",  # promotions, by push and capture
    "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",  # a pinned knight
    "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1",  # the king must capture or step aside
]


def san_shapes(position: Position, rng: random.Random, count: int) -> list[str]:
    """SAN-shaped texts for this position: every legal move's SAN, the same over-specified
    (file, rank, both), and ``count`` drawn from every shape (most illegal or ambiguous)."""
    shapes = []
    for square in chess.SQUARE_NAMES:
        for letter in "NBRQK":
            shapes.append(letter + square)
            shapes.extend(letter + file + square for file in FILES)
            shapes.extend(letter + rank + square for rank in "1278")
        if square[1] in "18":
            shapes.extend(f"{square}={piece}" for piece in "QRBN")
        else:
            shapes.append(square)
        for side in (-1, 1):
            file = chr(ord(square[0]) + side)
            if file in FILES:
                shapes.append(f"{file}x{square}" + ("=Q" if square[1] in "18" else ""))
    texts = [*rng.sample(shapes, count), "O-O", "O-O-O", "0-0", "O-O+"]
    for code in position.legal_codes():
        text = position.san_of_code(code).rstrip("+#")
        texts.append(text)
        if text[0] in "NBRQK":
            frm = chess.SQUARE_NAMES[code & 63]
            texts.extend(text[0] + extra + text[-2:] for extra in (frm[0], frm[1], frm))
    return texts


def outcome(position: Position, text: str) -> tuple[int, int]:
    """(fast path's code or -1, general path's code or -1 for an error)."""
    syntax = _san_syntax(text)
    assert syntax is not None, text
    before = position.fen()
    fast = _parse_common(position, syntax)
    try:
        general = _parse_general(position, text, syntax)
    except ChessLawsError:
        general = -1
    assert position.fen() == before
    return fast, general


def python_chess_uci(board: chess.Board, text: str) -> str | None:
    try:
        return board.parse_san(text).uci()
    except ValueError:
        return None


def check_position(position: Position, rng: random.Random, count: int = 60) -> None:
    board = chess.Board(position.fen())
    for text in san_shapes(position, rng, count):
        fast, general = outcome(position, text)
        assert fast in (-1, general), (position.fen(), text)
        ours = position.move_of(general).uci() if general >= 0 else None
        assert ours == python_chess_uci(board, text), (position.fen(), text)


def random_positions(seed: int, count: int) -> Iterator[Position]:
    rng = random.Random(seed)
    position = Position()
    for _ in range(count):
        codes = position.legal_codes()
        if not codes or position.halfmove_clock > 60:
            position = Position()
            continue
        position.push_code(rng.choice(codes))
        yield position


@pytest.mark.parametrize("fen", COMPOSED)
def test_composed_positions(fen: str) -> None:
    check_position(Position.from_fen(fen), random.Random(fen), 400)


@pytest.mark.parametrize("seed", range(4))
def test_random_legal_positions(seed: int) -> None:
    rng = random.Random(seed)
    for position in random_positions(seed, 60):
        check_position(position, rng)


@pytest.mark.parametrize(("name", "games"), [("selfplay.pgn", 300), ("eco.pgn", 3000)])
def test_every_move_of_the_shared_files(name: str, games: int) -> None:
    taken = 0
    with open(shared_data("pgn", name), "rb") as handle:
        for game in itertools.islice(pgn.read_games(handle, replay=False), games):
            position = game.start()
            board = chess.Board(position.fen())
            for text in game.sans:
                fast, general = outcome(position, text)
                assert general >= 0 and fast in (-1, general), (game.number, text)
                taken += fast >= 0
                move = position.move_of(general)
                assert move.uci() == board.parse_san(text).uci()
                position.push_code(general)
                board.push_uci(move.uci())
    assert taken > 0  # the fast path is taken on real games


@pytest.mark.parametrize("seed", range(3))
def test_king_safety_without_slider_lookups_agrees_with_attackers(seed: int) -> None:
    # _king_safe (lines through the king, a man between?) against the attack tables, for every
    # man of the side to move going to every square but its own men's, so pinned men, checks,
    # captures of the checker and king steps along a checking line all come up.
    rng = random.Random(seed)
    unsafe = 0
    for position in [*random_positions(seed, 80), *map(Position.from_fen, COMPOSED)]:
        us = int(position.turn)
        own = position.occupied_by(us)
        occupied = position.occupied
        for frm in (square for square in range(64) if own >> square & 1):
            for to in rng.sample([s for s in range(64) if not own >> s & 1], 20):
                king = to if position.king(us) == frm else position.king(us)
                captured = word(1 << to)
                after = word(occupied & ~(1 << frm) | 1 << to)
                expected = not attackers(position, us ^ 1, king, after) & ~captured
                assert _king_safe(position, us, king, after, captured) == expected, (
                    position.fen(), frm, to
                )
                unsafe += not expected
    assert unsafe > 0  # some of these moves leave the king attacked
