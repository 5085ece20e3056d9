"""Hypothesis strategies for the rules engine: FEN-like text, reachable positions, SAN- and
UCI-like move text. Shared by the test packages (``from tests.strategies import ...``)."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from chesslaws.core import STARTING_FEN, Position

__all__ = [
    "fen_like",
    "mutated_fens",
    "random_boards",
    "reachable_positions",
    "san_like",
    "uci_like",
]

#: Real FENs to mutate: standard, castling both ways, en passant, promotion, Chess960
#: (X-FEN and Shredder-FEN), checks.
SEED_FENS = (
    STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1",
    "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2",
    "4k3/4R3/8/8/8/8/8/4K3 b - - 0 1",
)

_FEN_ALPHABET = "pnbrqkPNBRQK12345678/ wb-KQkqABCDEFGHabcdefgh0123456789x9"


def _mutate(fen: str, edits: list[tuple[int, int, str]]) -> str:
    text = list(fen)
    for kind, where, char in edits:
        if not text:
            text.append(char)
            continue
        i = where % len(text)
        if kind == 0:
            text[i] = char
        elif kind == 1:
            del text[i]
        elif kind == 2:
            text.insert(i, char)
        else:  # swap with the neighbour
            j = (i + 1) % len(text)
            text[i], text[j] = text[j], text[i]
    return "".join(text)


@st.composite
def mutated_fens(draw: st.DrawFn) -> str:
    """A real FEN with a few character edits (replace, delete, insert, swap) or field shuffles."""
    fen = draw(st.sampled_from(SEED_FENS))
    if draw(st.booleans()):
        fields = fen.split(" ")
        fields = draw(st.permutations(fields)) if draw(st.booleans()) else fields
        count = draw(st.integers(1, len(fields)))
        fen = " ".join(fields[:count] + draw(st.lists(st.sampled_from(fields), max_size=2)))
    edits = draw(
        st.lists(
            st.tuples(st.integers(0, 3), st.integers(0, 200), st.sampled_from(_FEN_ALPHABET)),
            max_size=4,
        )
    )
    return _mutate(fen, edits)


@st.composite
def random_boards(draw: st.DrawFn) -> str:
    """A FEN with well-formed fields but a random placement, castling field and en passant
    square: mostly syntactically valid, mostly illegal positions (Article 3.10.3)."""
    rows = []
    for _ in range(8):
        row = ""
        squares = 0
        while squares < 8:
            if draw(st.integers(0, 2)) == 0:
                gap = draw(st.integers(1, 8 - squares))
                row += str(gap)
                squares += gap
                # two digits in a row are not FEN; the next square holds a piece.
                if squares < 8:
                    row += draw(st.sampled_from("pnbrqkPNBRQK"))
                    squares += 1
            else:
                row += draw(st.sampled_from("pnbrqkPNBRQKPpPp"))
                squares += 1
        rows.append(row)
    turn = draw(st.sampled_from("wb"))
    castling = draw(
        st.one_of(
            st.just("-"),
            st.lists(
                st.sampled_from("KQkqABCDEFGHabcdefgh"), min_size=1, max_size=4, unique=True
            ).map("".join),
        )
    )
    ep = draw(st.one_of(st.just("-"), st.sampled_from([f + r for f in "abcdefgh" for r in "36"])))
    halfmove = draw(st.integers(0, 200))
    fullmove = draw(st.integers(1, 300))
    return f"{'/'.join(rows)} {turn} {castling} {ep} {halfmove} {fullmove}"


def fen_like() -> st.SearchStrategy[str]:
    """Any text a FEN reader may meet: arbitrary strings, FEN-alphabet strings, mutated real
    FENs and random boards."""
    return st.one_of(
        st.text(max_size=80),
        st.text(alphabet=_FEN_ALPHABET, max_size=90),
        mutated_fens(),
        random_boards(),
    )


@st.composite
def reachable_positions(draw: st.DrawFn, max_plies: int = 60) -> Position:
    """A position reached by seeded random play from the initial position or a Chess960 start."""
    seed = draw(st.integers(0, 2**32 - 1))
    plies = draw(st.integers(0, max_plies))
    chess960 = draw(st.booleans())
    rng = random.Random(seed)
    pos = Position.from_chess960(rng.randrange(960)) if chess960 else Position()
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        pos.push(rng.choice(moves))
    return pos


_SQUARES = [f + r for f in "abcdefgh" for r in "12345678"]


@st.composite
def _structured_san(draw: st.DrawFn) -> str:
    piece = draw(st.sampled_from(["", "", "N", "B", "R", "Q", "K", "P"]))
    origin = draw(
        st.one_of(
            st.just(""),
            st.sampled_from("abcdefgh"),
            st.sampled_from("12345678"),
            st.sampled_from(_SQUARES),
        )
    )
    capture = draw(st.sampled_from(["", "", "x", "-", ":"]))
    target = draw(st.sampled_from(_SQUARES))
    promotion = draw(st.sampled_from(["", "", "", "=Q", "=N", "Q", "=K", "=", "q", "b"]))
    suffix = draw(st.sampled_from(["", "", "+", "#", "!", "?", "!?", "+!", "e.p."]))
    return piece + origin + capture + target + promotion + suffix


def san_like() -> st.SearchStrategy[str]:
    """SAN-shaped text (often a legal move, often not) and arbitrary text."""
    return st.one_of(
        _structured_san(),
        st.sampled_from(["O-O", "O-O-O", "0-0", "0-0-0", "o-o", "O-O+", "OO", "O-O-O-O", "--"]),
        st.text(alphabet="KQRBNPabcdefgh12345678x=+#!?-O0o@ .:", max_size=12),
        st.text(max_size=12),
    )


def uci_like() -> st.SearchStrategy[str]:
    """UCI-shaped text (square pairs, promotion letters) and arbitrary text."""
    return st.one_of(
        st.builds(
            lambda a, b, p: a + b + p,
            st.sampled_from(_SQUARES),
            st.sampled_from(_SQUARES),
            st.sampled_from(["", "", "", "q", "r", "b", "n", "k", "p", "Q", "x"]),
        ),
        st.text(alphabet="abcdefghij0123456789qrbnkQ", max_size=6),
        st.text(max_size=8),
    )
