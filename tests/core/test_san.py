"""Standard algebraic notation (Appendix C), written and read: disambiguation by file, rank or
both (C.10), captures, ``+`` and ``#``, ``O-O``/``O-O-O``, ``=Q``; the tolerances real files need
when reading; and errors that name the text and the position."""

from __future__ import annotations

import pytest

from chesslaws import AmbiguousMove, ChessLawsError, IllegalMove, InvalidNotation
from chesslaws.core import BISHOP, KNIGHT, QUEEN, ROOK, Move, Position, parse_square

KNIGHTS_B1_F1 = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"
ROOKS_A1_A5 = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1"
QUEENS_A1_A3_C1 = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1"
CASTLE_BOTH = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
PROMOTE_B7 = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def uci_move(text: str) -> Move:
    return Move.from_uci(text)


def san_of(fen: str, uci: str) -> str:
    return Position.from_fen(fen).san(uci_move(uci))


# -- writing -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "uci", "san"),
    [
        (Position().fen(), "e2e4", "e4"),
        (Position().fen(), "g1f3", "Nf3"),
        # C.10: file first when it tells the pieces apart...
        (KNIGHTS_B1_F1, "b1d2", "Nbd2"),
        (KNIGHTS_B1_F1, "f1d2", "Nfd2"),
        (KNIGHTS_B1_F1, "b1c3", "Nc3"),  # only one knight reaches c3: no disambiguation
        # ...the rank when the file does not...
        (ROOKS_A1_A5, "a1a3", "R1a3"),
        (ROOKS_A1_A5, "a5a3", "R5a3"),
        (ROOKS_A1_A5, "a5a7", "Ra7"),
        # ...and both when neither alone does.
        (QUEENS_A1_A3_C1, "a1b2", "Qa1b2"),
        (QUEENS_A1_A3_C1, "a3b2", "Q3b2"),
        (QUEENS_A1_A3_C1, "c1b2", "Qcb2"),
        (QUEENS_A1_A3_C1, "a1c3", "Qa1c3"),
        # A pinned knight cannot move, so it is no rival: no disambiguation (Article 3.9).
        ("k3r3/8/8/1N6/8/8/4N3/4K3 w - - 0 1", "b5c3", "Nc3"),
        # Captures, en passant, check and checkmate.
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "exd5"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6"),
        ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8+"),
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"),
        ("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3", "h5f7", "Qxf7#"),
        # Castling, with check.
        (CASTLE_BOTH, "e1g1", "O-O"),
        (CASTLE_BOTH, "e1c1", "O-O-O"),
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"),
        ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O+"),
        # Promotion (Article 3.7.5), to each piece, with and without capture and check.
        (PROMOTE_B7, "b7b8q", "b8=Q+"),
        (PROMOTE_B7, "b7b8r", "b8=R+"),
        (PROMOTE_B7, "b7b8b", "b8=B"),
        (PROMOTE_B7, "b7b8n", "b8=N"),
        (PROMOTE_B7, "b7a8q", "bxa8=Q+"),
        (PROMOTE_B7, "b7a8n", "bxa8=N"),
        ("7k/1P4pp/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", "b8=Q#"),
    ],
)
def test_san_written(fen: str, uci: str, san: str) -> None:
    assert san_of(fen, uci) == san
    # Reading back gives the same move.
    pos = Position.from_fen(fen)
    assert pos.uci(pos.parse_san(san)) == uci


def test_san_of_an_illegal_move_raises() -> None:
    pos = Position()
    with pytest.raises(IllegalMove) as info:
        pos.san(uci_move("e2e5"))
    assert info.value.text == "e2e5"
    assert info.value.fen == pos.fen()


def test_san_leaves_the_position_unchanged() -> None:
    pos = Position.from_fen(KIWIPETE)
    before = (pos.fen(), pos.zobrist_key(), pos.ply)
    for move in pos.legal_moves():
        pos.san(move)
    assert (pos.fen(), pos.zobrist_key(), pos.ply) == before


@pytest.mark.parametrize(
    "fen",
    [
        KIWIPETE,
        KNIGHTS_B1_F1,
        ROOKS_A1_A5,
        QUEENS_A1_A3_C1,
        PROMOTE_B7,
        CASTLE_BOTH,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        "1N1N4/8/1N1N4/8/8/8/8/4K2k w - - 0 1",
    ],
)
def test_every_legal_move_round_trips_through_san(fen: str) -> None:
    pos = Position.from_fen(fen)
    moves = pos.legal_moves()
    sans = [pos.san(m) for m in moves]
    assert len(set(sans)) == len(sans), "two moves share a SAN"
    for move, san in zip(moves, sans, strict=True):
        assert pos.parse_san(san) == move


def test_four_knights_disambiguated_by_file_or_rank() -> None:
    # Knights b6, d6, b8, d8: pairs on one file need the rank, pairs on one rank the file.
    pos = Position.from_fen("1N1N4/8/1N1N4/8/8/8/8/4K2k w - - 0 1")
    sans = {pos.uci(m): pos.san(m) for m in pos.legal_moves()}
    assert sans["b6d7"] == "N6d7"
    assert sans["b8d7"] == "N8d7"
    assert sans["b6c4"] == "Nbc4"
    assert sans["d6c4"] == "Ndc4"
    assert sans["b6c8"] == "Nbc8"
    assert sans["b6d5"] == "Nd5"


# -- reading: tolerances -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "text", "uci"),
    [
        (Position().fen(), "e4", "e2e4"),
        (Position().fen(), "Pe4", "e2e4"),
        (Position().fen(), "e2e4", "e2e4"),  # long algebraic
        (Position().fen(), "e2-e4", "e2e4"),
        (Position().fen(), "Ng1-f3", "g1f3"),
        (Position().fen(), "Ng1f3", "g1f3"),
        (Position().fen(), "Ngf3", "g1f3"),  # redundant disambiguation: only one knight reaches
        (Position().fen(), "N1f3", "g1f3"),
        (Position().fen(), "Nf3!?", "g1f3"),  # trailing annotation
        (Position().fen(), "Nf3!", "g1f3"),
        (Position().fen(), "Nf3??", "g1f3"),
        (Position().fen(), "Nf3+", "g1f3"),  # a wrong check sign is forgiven
        (Position().fen(), " Nf3 ", "g1f3"),
        (CASTLE_BOTH, "O-O", "e1g1"),
        (CASTLE_BOTH, "0-0", "e1g1"),  # zeros
        (CASTLE_BOTH, "O-O-O", "e1c1"),
        (CASTLE_BOTH, "0-0-0", "e1c1"),
        (CASTLE_BOTH, "O-O+", "e1g1"),
        (PROMOTE_B7, "b8=Q", "b7b8q"),
        (PROMOTE_B7, "b8Q", "b7b8q"),  # missing '='
        (PROMOTE_B7, "b8=N", "b7b8n"),
        (PROMOTE_B7, "b8N", "b7b8n"),
        (PROMOTE_B7, "bxa8=Q+", "b7a8q"),
        (PROMOTE_B7, "bxa8Q", "b7a8q"),
        (PROMOTE_B7, "b7b8q", "b7b8q"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6", "e5d6"),
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5", "e4d5"),
        (KNIGHTS_B1_F1, "Nb1d2", "b1d2"),  # over-disambiguated by square
        (ROOKS_A1_A5, "Ra1a3", "a1a3"),
    ],
)
def test_san_read_leniently(fen: str, text: str, uci: str) -> None:
    pos = Position.from_fen(fen)
    move = pos.parse_san(text)
    assert pos.uci(move) == uci


def test_push_san_makes_the_move() -> None:
    pos = Position()
    for text in ("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"):
        pos.push_san(text)
    assert pos.fen() == "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4"


# -- reading: errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "text", "error"),
    [
        (KNIGHTS_B1_F1, "Nd2", AmbiguousMove),
        (ROOKS_A1_A5, "Ra3", AmbiguousMove),
        (QUEENS_A1_A3_C1, "Qb2", AmbiguousMove),
        (QUEENS_A1_A3_C1, "Qab2", AmbiguousMove),  # a1 and a3 both on the a-file
        (QUEENS_A1_A3_C1, "Q1b2", AmbiguousMove),  # a1 and c1 both on the first rank
        (Position().fen(), "e5", IllegalMove),
        (Position().fen(), "Nf4", IllegalMove),
        (Position().fen(), "Ke2", IllegalMove),
        (Position().fen(), "Bb5", IllegalMove),
        (Position().fen(), "O-O", IllegalMove),
        (Position().fen(), "O-O-O", IllegalMove),
        (Position().fen(), "exd3", IllegalMove),
        (Position().fen(), "e8=Q", IllegalMove),
        (Position().fen(), "Qd1d3", IllegalMove),
        (PROMOTE_B7, "b8", IllegalMove),  # the promotion piece is missing (Article 3.7.5)
        (Position().fen(), "a1", IllegalMove),  # a pawn move to its own first rank
        (Position().fen(), "h2", IllegalMove),
        ("4k3/8/8/8/8/8/8/4K3 b - - 0 1", "h8", IllegalMove),
        (PROMOTE_B7, "b8=K", InvalidNotation),
        (PROMOTE_B7, "Nb8=Q", InvalidNotation),  # only a pawn promotes
        (Position().fen(), "", InvalidNotation),
        (Position().fen(), "xyz", InvalidNotation),
        (Position().fen(), "e", InvalidNotation),
        (Position().fen(), "K", InvalidNotation),
        (Position().fen(), "nf3", InvalidNotation),
        (Position().fen(), "Z0", InvalidNotation),
        (Position().fen(), "N@f3", InvalidNotation),
        (Position().fen(), "--", InvalidNotation),
    ],
)
def test_san_errors_name_the_text_and_the_position(
    fen: str, text: str, error: type[InvalidNotation]
) -> None:
    pos = Position.from_fen(fen)
    with pytest.raises(error) as info:
        pos.parse_san(text)
    assert type(info.value) is error
    assert info.value.text == text
    assert info.value.fen == pos.fen()
    message = str(info.value)
    assert repr(text) in message
    assert pos.fen() in message
    assert isinstance(info.value, ChessLawsError)
    # push_san fails the same way and leaves the position unchanged.
    with pytest.raises(error):
        pos.push_san(text)
    assert pos.fen() == Position.from_fen(fen).fen()
    assert pos.ply == 0


def test_error_hierarchy() -> None:
    assert issubclass(AmbiguousMove, IllegalMove)
    assert issubclass(IllegalMove, InvalidNotation)
    assert issubclass(InvalidNotation, ChessLawsError)
    assert issubclass(ChessLawsError, ValueError)


def test_a_non_string_san_is_invalid_notation() -> None:
    with pytest.raises(InvalidNotation):
        Position().parse_san(None)


# -- Chess960 castling in SAN (Guidelines II) ----------------------------------------------------


def test_chess960_castling_san() -> None:
    pos = Position.from_fen("1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1", chess960=True)
    short = pos.parse_san("O-O")
    assert pos.uci(short) == "g1h1"
    assert pos.san(short) == "O-O"
    long = pos.parse_san("O-O-O")
    assert pos.uci(long) == "g1b1"
    assert pos.san(long) == "O-O-O"
    pos.push(long)
    assert pos.fen() == "1r4kr/8/8/8/8/8/8/2KR3R b kq - 1 1"


def test_chess960_castling_blocked_by_a_piece_on_the_rook_destination() -> None:
    # King b1, rook a1, a bishop on d1: O-O-O needs d1 empty for the rook (Guidelines II.3.2).
    pos = Position.from_fen("4k3/8/8/8/8/8/8/RK1B4 w Q - 0 1", chess960=True)
    with pytest.raises(IllegalMove):
        pos.parse_san("O-O-O")
    assert not any(pos.is_castling(m) for m in pos.legal_moves())


def test_promotion_pieces_parsed() -> None:
    pos = Position.from_fen(PROMOTE_B7)
    assert [pos.parse_san(f"b8={p}").promotion for p in "QRBN"] == [QUEEN, ROOK, BISHOP, KNIGHT]
    assert pos.parse_san("b8=Q").from_square == parse_square("b7")
