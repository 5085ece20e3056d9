"""Differential test of the rules engine against python-chess (an independent oracle).

Positions are reached by seeded random play, so every run visits the same ones:

* 100,000 positions in 10 chunks of 10,000 (six chunks, 60,000 positions, in the default run;
  all ten with ``--deep``): chunks 0–4 play from the standard initial position,
  chunks 5–9 from Chess960 starting positions (a random number 0–959 for each game, set up with
  ``Position.from_chess960(n)`` and ``chess.Board.from_chess960_pos(n)``). A game ends at
  checkmate, stalemate, insufficient material, 150 halfmoves without a pawn move or capture, or
  400 plies; the next one starts afresh. The walk leans towards castling (Article 3.8,
  Guidelines II), which blind random play seldom reaches: a legal castling is chosen half the
  time, and one move in four (when it can) develops a knight, bishop or queen off the back rank.
* On **every** position: the same set of legal moves (our UCI against python-chess's UCI; in
  Chess960 both spell castling king-to-rook), the same count from ``count_legal_moves``, the
  same FEN (X-FEN castling) and Shredder-FEN, the FEN read back to the same position with the
  same Zobrist key (so the incremental key equals one computed from scratch), and the same
  check / checkmate / stalemate flags.
* On every 4th position (25,000 positions, about 575,000 moves): the SAN of every legal move,
  ``parse_san`` of python-chess's SAN giving back the same move, and the capture / en passant /
  castling predicates.
* Across each chunk: two positions have the same Zobrist key and the same ``repetition_key`` if
  and only if python-chess gives them the same EPD (placement, side to move, castling rights and
  an en passant square only where the capture is legal: Article 9.2.3).

Besides random play, 30,000 random setups (two kings, up to 14 other men, often king and rooks at
home with castling rights, sometimes an en passant square) test what no game need reach:
13,173 are legal and compared as above (SAN on every 4th; castling is legal in 2,409, and there
are 4,106 checks, impossible ones included), and the 16,827 we refuse are all flagged by
python-chess too.

Runtime: about 100 s of CPU for the 10 random-play chunks and 20 s for the random setups (the
wall time is longer on a busy machine).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from chesslaws import IllegalPosition, PositionProblem
from chesslaws.core import STARTING_FEN, Move, Position

chess = pytest.importorskip("chess")

CHUNKS = 10
POSITIONS_PER_CHUNK = 10_000
SAN_EVERY = 4
MAX_PLIES = 400
MAX_HALFMOVES = 150
_MINOR_OR_QUEEN = (chess.KNIGHT, chess.BISHOP, chess.QUEEN)


@dataclass
class Coverage:
    """What a chunk of positions exercised, so that a walk that misses a rule fails loudly."""

    positions: int = 0
    san_positions: int = 0
    san_moves: int = 0
    castling_positions: int = 0
    castles_played: int = 0
    en_passant_positions: int = 0
    promotion_positions: int = 0
    checks: int = 0
    checkmates: int = 0
    stalemates: int = 0
    keys: dict[str, tuple[int, object]] = field(default_factory=dict)


def _new_game(rng: random.Random, chess960: bool) -> tuple[Position, chess.Board]:
    if chess960:
        number = rng.randrange(960)
        return Position.from_chess960(number), chess.Board.from_chess960_pos(number)
    return Position(), chess.Board()


def _game_over(board: chess.Board) -> bool:
    return (
        board.halfmove_clock >= MAX_HALFMOVES
        or board.ply() >= MAX_PLIES
        or board.is_insufficient_material()
        or not any(board.generate_legal_moves())
    )


def _compare(
    pos: Position, board: chess.Board, chess960: bool, cov: Coverage, san: bool
) -> tuple[dict[str, Move], dict[str, chess.Move]]:
    """Compare one position in every respect listed in the module docstring; returns both
    sides' legal moves keyed by UCI."""
    fen = board.fen()
    where = f"in {fen}"
    moves = pos.legal_moves()
    ours = {pos.uci(m): m for m in moves}
    theirs = {board.uci(m): m for m in board.legal_moves}
    assert len(ours) == len(moves), f"duplicate legal moves {where}"
    assert sorted(ours) == sorted(theirs), where
    assert pos.count_legal_moves() == len(moves), where

    assert pos.fen() == fen
    shredder = pos.fen(shredder=True).split(" ")
    assert shredder[2] == board.castling_shredder_fen(), where
    assert shredder[:2] + shredder[3:] == fen.split(" ")[:2] + fen.split(" ")[3:]
    again = Position.from_fen(fen, chess960=chess960, allow=_TOLERABLE)
    assert again.fen() == fen
    assert again.zobrist_key() == pos.zobrist_key(), f"incremental Zobrist key differs {where}"
    assert again.repetition_key() == pos.repetition_key(), where

    check = board.is_check()
    assert pos.is_check() == check, where
    assert pos.is_checkmate() == board.is_checkmate(), where
    assert pos.is_stalemate() == board.is_stalemate(), where
    assert bool(pos.checkers()) == check, where

    cov.positions += 1
    cov.checks += check
    cov.checkmates += pos.is_checkmate()
    cov.stalemates += pos.is_stalemate()
    cov.castling_positions += any(board.is_castling(m) for m in theirs.values())
    cov.en_passant_positions += board.has_legal_en_passant()
    cov.promotion_positions += any(m.promotion for m in theirs.values())

    epd = fen.rsplit(" ", 2)[0]
    key = (pos.zobrist_key(), pos.repetition_key())
    seen = cov.keys.setdefault(epd, key)
    assert seen == key, f"same position (Article 9.2.3), different keys: {epd}"

    if san:
        cov.san_positions += 1
        for uci, move in ours.items():
            their_move = theirs[uci]
            text = board.san(their_move)
            assert pos.san(move) == text, f"SAN of {uci} {where}"
            assert pos.parse_san(text) == move, f"parse_san({text!r}) {where}"
            assert pos.is_capture(move) == board.is_capture(their_move), f"{uci} {where}"
            assert pos.is_en_passant(move) == board.is_en_passant(their_move), f"{uci} {where}"
            assert pos.is_castling(move) == board.is_castling(their_move), f"{uci} {where}"
            cov.san_moves += 1
    return ours, theirs


def _walk(seed: int, chess960: bool) -> Coverage:
    rng = random.Random(seed)
    cov = Coverage()
    pos, board = _new_game(rng, chess960)
    while cov.positions < POSITIONS_PER_CHUNK:
        ours, theirs = _compare(pos, board, chess960, cov, san=cov.positions % SAN_EVERY == 0)
        if _game_over(board):
            pos, board = _new_game(rng, chess960)
            continue
        names = sorted(ours)
        castles = [u for u in names if board.is_castling(theirs[u])]
        home = 0 if board.turn == chess.WHITE else 7
        developing = [
            u
            for u in names
            if chess.square_rank(theirs[u].from_square) == home
            and board.piece_type_at(theirs[u].from_square) in _MINOR_OR_QUEEN
        ]
        if castles and rng.randrange(2) == 0:
            uci = rng.choice(castles)
            cov.castles_played += 1
        elif developing and rng.randrange(4) == 0:
            uci = rng.choice(developing)
        else:
            uci = rng.choice(names)
        pos.push(ours[uci])
        board.push_uci(uci)
    return cov


#: Six chunks of the ten in the default run (three standard, three Chess960: 60,000 positions);
#: all ten with ``--deep``.
_CHUNKS = [
    chunk if chunk % 5 < 3 else pytest.param(chunk, marks=pytest.mark.deep)
    for chunk in range(CHUNKS)
]


@pytest.mark.slow
@pytest.mark.oracle
@pytest.mark.parametrize("chunk", _CHUNKS)
def test_random_play_agrees_with_python_chess(chunk: int) -> None:
    chess960 = chunk >= CHUNKS // 2
    cov = _walk(seed=20_260_000 + chunk, chess960=chess960)
    assert cov.positions == POSITIONS_PER_CHUNK
    assert cov.san_positions == POSITIONS_PER_CHUNK // SAN_EVERY
    # The walk must have met every kind of rule, or the comparison proves little.
    assert cov.castles_played > 0
    assert cov.castling_positions > 0
    assert cov.en_passant_positions > 0
    assert cov.promotion_positions > 0
    assert cov.checks > 0
    assert cov.checkmates > 0
    # Distinct positions have distinct Zobrist keys (collisions would be a 1-in-2**40 fluke).
    zobrist = {key for key, _ in cov.keys.values()}
    exact = {rep for _, rep in cov.keys.values()}
    assert len(zobrist) == len(exact) == len(cov.keys)


_TOLERABLE = (
    PositionProblem.IMPOSSIBLE_CHECK
    | PositionProblem.TOO_MUCH_MATERIAL
    | PositionProblem.TOO_MANY_PAWNS
)
_MATERIAL_AND_CHECK_FLAGS = (
    chess.STATUS_TOO_MANY_WHITE_PAWNS
    | chess.STATUS_TOO_MANY_BLACK_PAWNS
    | chess.STATUS_TOO_MANY_WHITE_PIECES
    | chess.STATUS_TOO_MANY_BLACK_PIECES
    | chess.STATUS_TOO_MANY_CHECKERS
    | chess.STATUS_IMPOSSIBLE_CHECK
)


def _random_board(rng: random.Random) -> str:
    """A random setup: two kings, up to 14 other men, sometimes king and rooks at home with
    castling rights, sometimes an en passant square. Often illegal, often strange."""
    placement: dict[int, str] = {}
    castling = ""
    for color, back in ((chess.WHITE, 0), (chess.BLACK, 56)):
        if rng.random() < 0.4:
            placement[back + 4] = "K" if color else "k"
            for rook, letter in ((back + 7, "K"), (back, "Q")):
                if rng.random() < 0.7:
                    placement[rook] = "R" if color else "r"
                    castling += letter if color else letter.lower()
    free = [sq for sq in range(64) if sq not in placement]
    rng.shuffle(free)
    for king in ("K", "k"):
        if king not in placement.values():
            placement[free.pop()] = king
    for _ in range(rng.randrange(15)):
        square = free.pop()
        symbol = rng.choice("PPPNBRQ")
        if symbol == "P" and square >> 3 in (0, 7):
            continue
        placement[square] = symbol if rng.random() < 0.5 else symbol.lower()
    board = chess.Board(None)
    for square, symbol in placement.items():
        board.set_piece_at(square, chess.Piece.from_symbol(symbol))
    turn = rng.choice("wb")
    ep = "-"
    if rng.random() < 0.3:
        ep = rng.choice("abcdefgh") + ("6" if turn == "w" else "3")
    return f"{board.board_fen()} {turn} {castling or '-'} {ep} 0 1"


@pytest.mark.slow
@pytest.mark.oracle
def test_random_setups_agree_with_python_chess() -> None:
    """Setups no game need reach (impossible checks, nine pawns, pieces anywhere): the same
    verdict on legality, and where legal the same moves, FEN, flags and (on every 4th) SAN."""
    rng = random.Random(20_261_130)
    compared = refused = tolerated = 0
    for _ in range(30_000):
        fen = _random_board(rng)
        board = chess.Board(fen)
        status = board.status()
        try:
            pos = Position.from_fen(fen)
        except IllegalPosition as error:
            if error.problems & ~_TOLERABLE:
                assert status != chess.STATUS_VALID, f"refused, but python-chess accepts {fen}"
                refused += 1
                continue
            # Only reasons a caller may allow (python-chess flags some of them in its status,
            # and finds fewer impossible checks): the moves are still comparable.
            assert status & ~_MATERIAL_AND_CHECK_FLAGS == chess.STATUS_VALID, fen
            pos = Position.from_fen(fen, allow=error.problems)
            tolerated += 1
        else:
            assert status & ~_MATERIAL_AND_CHECK_FLAGS == chess.STATUS_VALID, fen
            # What python-chess calls too much material or an impossible check, we refuse too.
            assert not status & _MATERIAL_AND_CHECK_FLAGS, f"accepted, python-chess flags {fen}"
        _compare(pos, board, False, Coverage(), san=compared % SAN_EVERY == 0)
        compared += 1
    assert compared > 10_000
    assert refused > 10_000
    assert tolerated > 100


@pytest.mark.oracle
def test_every_chess960_start_matches_python_chess() -> None:
    for number in range(960):
        pos = Position.from_chess960(number)
        board = chess.Board.from_chess960_pos(number)
        assert pos.chess960
        assert pos.fen() == board.fen(), number
        assert pos.fen(shredder=True) == board.fen(shredder=True), number
        assert sorted(pos.uci(m) for m in pos.legal_moves()) == sorted(
            board.uci(m) for m in board.legal_moves
        )


def test_chess960_start_518_is_the_standard_setup() -> None:
    assert Position.from_chess960(518).fen() == STARTING_FEN
    others = {Position.from_chess960(n).fen() for n in range(960) if n != 518}
    assert STARTING_FEN not in others
    assert len(others) == 959


@pytest.mark.parametrize("number", [-1, 960, 10_000])
def test_chess960_numbers_outside_0_to_959_are_refused(number: int) -> None:
    with pytest.raises(ValueError, match=str(number)):
        Position.from_chess960(number)


def _after(moves: str, fen: str = STARTING_FEN) -> Position:
    pos = Position.from_fen(fen)
    for text in moves.split():
        pos.push_san(text)
    return pos


def test_zobrist_key_equal_for_transpositions() -> None:
    a = _after("Nf3 Nf6 g3 g6")
    b = _after("g3 g6 Nf3 Nf6")
    assert a.move_stack != b.move_stack
    assert a.fen() != b.fen()  # the halfmove clocks differ, which Article 9.2.3 ignores
    assert a.zobrist_key() == b.zobrist_key()
    assert a.repetition_key() == b.repetition_key()
    assert a == b
    c = _after("Nf3 Nf6 g3 g6 Ng1 Ng8 Nf3 Nf6")
    assert c.zobrist_key() == a.zobrist_key()
    # A different side to move is a different position (Article 9.2.3).
    d = _after("Nf3 Nf6 g3 g6 Ng1")
    assert d.zobrist_key() != a.zobrist_key()


def test_zobrist_key_differs_when_castling_rights_differ() -> None:
    # The kings went out and back: same placement and turn, but the castling rights are gone
    # (Article 9.2.3: the positions are not the same).
    moved = _after("e4 e5 Ke2 Ke7 Ke1 Ke8")
    fresh = _after("e4 e5")
    assert moved.fen().split()[0] == fresh.fen().split()[0]
    assert moved.fen().split()[2] == "-"
    assert fresh.fen().split()[2] == "KQkq"
    assert moved.zobrist_key() != fresh.zobrist_key()
    assert moved.repetition_key() != fresh.repetition_key()
    assert moved != fresh
    # One right less is enough.
    rook = _after("Nf3 Nf6 Rg1 Nc6 Rh1 Nb8 Ng1 Ng8")
    assert rook.fen().split()[:2] == STARTING_FEN.split()[:2]
    assert rook.fen().split()[2] == "Qkq"
    assert rook.zobrist_key() != Position().zobrist_key()


def test_repetition_key_ignores_an_en_passant_square_whose_capture_is_illegal() -> None:
    # Black just played ...d7-d5, but exd6 would take both pawns off the fifth rank and leave the
    # white king on a5 in check from the h5 rook: the capture is illegal, so the en passant
    # square does not make the position different (Article 9.2.3).
    with_ep = Position.from_fen("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2")
    without = Position.from_fen("4k3/8/8/K2pP2r/8/8/8/8 w - - 0 2")
    board = chess.Board("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2")
    assert not board.has_legal_en_passant()
    assert with_ep.ep_square is not None
    assert "e5d6" not in {m.uci() for m in with_ep.legal_moves()}
    assert with_ep.fen() == without.fen()
    assert with_ep.repetition_key() == without.repetition_key()
    assert with_ep.zobrist_key() == without.zobrist_key()
    assert with_ep == without


def test_repetition_key_keeps_an_en_passant_square_whose_capture_is_legal() -> None:
    with_ep = Position.from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
    without = Position.from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2")
    assert "e5d6" in {m.uci() for m in with_ep.legal_moves()}
    assert with_ep.fen().split()[3] == "d6"
    assert with_ep.repetition_key() != without.repetition_key()
    assert with_ep.zobrist_key() != without.zobrist_key()
    assert with_ep != without
