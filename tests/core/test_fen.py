"""FEN in and out: syntax errors name their field (``InvalidFen.field``), setups that cannot arise
under the Laws are refused with their reasons (``IllegalPosition.reasons``, Article 3.10.3),
X-FEN and Shredder-FEN castling for Chess960 (Guidelines II)."""

from __future__ import annotations

import pytest

from chesslaws import ChessLawsError, IllegalPosition, InvalidFen
from chesslaws.core import (
    BLACK,
    KING,
    KNIGHT,
    ROOK,
    STARTING_FEN,
    WHITE,
    Piece,
    Position,
    parse_fen,
    parse_square,
)

START_BOARD = STARTING_FEN.split()[0]


# -- reading --------------------------------------------------------------------------------------


def test_initial_position_reads_and_writes_back() -> None:
    pos = Position.from_fen(STARTING_FEN)
    assert pos.fen() == STARTING_FEN
    assert Position().fen() == STARTING_FEN
    assert pos.turn == WHITE
    assert pos.piece_at(parse_square("e1")) == Piece(KING, WHITE)
    assert pos.piece_at(parse_square("g8")) == Piece(KNIGHT, BLACK)
    assert pos.piece_at(parse_square("e4")) is None
    assert pos.castling_rights == sum(1 << parse_square(s) for s in ("a1", "h1", "a8", "h8"))
    assert pos.ep_square is None
    assert (pos.halfmove_clock, pos.fullmove_number) == (0, 1)


def test_fields_are_read() -> None:
    fen = "r3k2r/8/8/8/4Pp2/8/8/R3K2R b Kq e3 7 42"
    pos = Position.from_fen(fen)
    assert pos.turn == BLACK
    assert pos.castling_rights == 1 << parse_square("h1") | 1 << parse_square("a8")
    assert pos.ep_square == parse_square("e3")
    assert pos.halfmove_clock == 7
    assert pos.fullmove_number == 42
    assert pos.fen() == fen


def test_a_halfmove_clock_as_long_as_the_longest_game_is_read() -> None:
    # 9.6.2: no game passes 8,848½ moves; a clock of that many plies is the most a FEN may give.
    fen = "4k3/8/8/8/8/8/8/4K3 b - - 17697 8849"
    assert Position.from_fen(fen).halfmove_clock == 17_697


def test_epd_without_counters_reads_as_zero_and_one() -> None:
    pos = Position.from_fen("4k3/8/8/8/8/8/8/4K3 b -")
    assert pos.fen() == "4k3/8/8/8/8/8/8/4K3 b - - 0 1"


def test_surrounding_whitespace_is_ignored() -> None:
    assert Position.from_fen("  " + STARTING_FEN + "\n").fen() == STARTING_FEN


@pytest.mark.parametrize(
    ("fen", "field", "words"),
    [
        ("", "board", "empty"),
        ("   ", "board", "empty"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "board", "8 ranks"),
        ("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "8 ranks"),
        ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "rank 7"),
        ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "rank 7"),
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "'9'"),
        ("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "two digits"),
        ("rnbqkbnr/pppppppx/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", "'x'"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN0 w KQkq - 0 1", "board", "'0'"),
        (START_BOARD + " x KQkq - 0 1", "turn", "'x'"),
        (START_BOARD + " W KQkq - 0 1", "turn", "'W'"),
        (START_BOARD + " w KQkqK - 0 1", "castling", "'KQkqK'"),
        (START_BOARD + " w KK - 0 1", "castling", "'KK'"),
        (START_BOARD + " w KX - 0 1", "castling", "'KX'"),
        (START_BOARD + " w KQkq e9 0 1", "en passant", "'e9'"),
        (START_BOARD + " w KQkq i3 0 1", "en passant", "'i3'"),
        (START_BOARD + " w KQkq E3 0 1", "en passant", "'E3'"),
        (START_BOARD + " w KQkq - -1 1", "halfmove clock", "'-1'"),
        (START_BOARD + " w KQkq - x 1", "halfmove clock", "'x'"),
        (START_BOARD + " w KQkq - ٣ 1", "halfmove clock", "'٣'"),
        (START_BOARD + " w KQkq - 999999999 1", "halfmove clock", "999999999 plies"),
        (START_BOARD + " w KQkq - 17698 9000", "halfmove clock", "more than any game has"),
        (START_BOARD + " w KQkq - 0 1.5", "fullmove number", "'1.5'"),
        (START_BOARD + " w KQkq - 0 1 extra", "counters", "7"),
    ],
)
def test_invalid_fen_names_the_field(fen: str, field: str, words: str) -> None:
    with pytest.raises(InvalidFen) as info:
        Position.from_fen(fen)
    error = info.value
    assert not isinstance(error, IllegalPosition)
    assert error.field == field
    assert error.fen == fen
    message = str(error)
    assert field in message
    assert words in message
    # The family contract: every bad input is a ValueError, too.
    assert isinstance(error, ChessLawsError)
    assert isinstance(error, ValueError)


def test_parse_fen_raises_the_same_errors_as_from_fen() -> None:
    with pytest.raises(InvalidFen) as info:
        parse_fen(START_BOARD + " w KQkq e9 0 1")
    assert info.value.field == "en passant"


def test_a_non_string_fen_is_an_invalid_fen() -> None:
    with pytest.raises(InvalidFen, match="string"):
        Position.from_fen(42)


# -- positions that cannot arise (Article 3.10.3) ------------------------------------------------


def _reasons(fen: str, *, chess960: bool = False) -> tuple[str, ...]:
    with pytest.raises(IllegalPosition) as info:
        Position.from_fen(fen, chess960=chess960)
    error = info.value
    assert isinstance(error, InvalidFen)
    assert error.field == "position"
    assert error.fen == fen
    assert error.reasons
    for reason in error.reasons:
        assert reason in str(error)
    return error.reasons


@pytest.mark.parametrize(
    ("fen", "words"),
    [
        ("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", ("black", "0 kings")),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", ("white", "0 kings")),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", ("white", "2 kings")),
        ("k6k/8/8/8/8/8/8/4K3 w - - 0 1", ("black", "2 kings")),
    ],
)
def test_missing_or_extra_king(fen: str, words: tuple[str, ...]) -> None:
    reasons = _reasons(fen)
    assert any(all(w in r for w in words) for r in reasons), reasons


def test_an_empty_board_lacks_both_kings() -> None:
    reasons = _reasons("8/8/8/8/8/8/8/8 w - - 0 1")
    assert any("white" in r and "king" in r for r in reasons)
    assert any("black" in r and "king" in r for r in reasons)


@pytest.mark.parametrize(
    "fen",
    [
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2p w - - 0 1",
        "p3k3/8/8/8/8/8/8/4K3 b - - 0 1",
    ],
)
def test_pawns_on_the_first_or_last_rank(fen: str) -> None:
    reasons = _reasons(fen)
    assert any("pawn" in r and "rank" in r for r in reasons), reasons


@pytest.mark.parametrize(
    "fen",
    [
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",  # Black in check, White to move
        "4k3/8/8/8/8/5n2/8/4K3 b - - 0 1",  # White in check by a knight, Black to move
        "4k3/8/8/b7/8/8/8/4K3 b - - 0 1",  # White in check by a bishop, Black to move
    ],
)
def test_side_not_to_move_in_check(fen: str) -> None:
    reasons = _reasons(fen)
    assert any("not to move" in r and "check" in r for r in reasons), reasons


def test_side_to_move_may_be_in_check() -> None:
    pos = Position.from_fen("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1")
    assert pos.is_check()


@pytest.mark.parametrize(
    ("fen", "right"),
    [
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "K"),  # no rook at all
        ("4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "K"),  # rook on the wrong side
        ("4k3/8/8/8/8/8/R7/4K2R w Q - 0 1", "Q"),  # rook off the first rank
        ("r7/4k3/8/8/8/8/8/4K3 w q - 0 1", "q"),  # king off its first rank
        ("4k3/8/8/8/8/8/8/3K3R w K - 0 1", "K"),  # king off e1 in standard chess
        ("4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", "K"),  # rook off the corner in standard chess
    ],
)
def test_castling_rights_without_king_and_rook_at_home(fen: str, right: str) -> None:
    reasons = _reasons(fen)
    assert any(repr(right) in r and "castling" in r for r in reasons), reasons


@pytest.mark.parametrize(
    "fen",
    [
        "4k3/8/8/8/3p4/8/8/4K3 w - d6 0 1",  # no pawn on d5 to have made the step
        "4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1",  # wrong rank for White to move
        "4k3/8/8/3pP3/8/8/8/4K3 b - d6 0 1",  # wrong side: the pawn on d5 is Black's
        "4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 1",  # d7 occupied: the pawn could not come from it
        "4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1",  # d6 occupied
        "4k3/8/8/3Pp3/8/8/8/4K3 w - d6 0 1",  # the pawn on d5 is White's
    ],
)
def test_en_passant_square_no_double_step_explains(fen: str) -> None:
    reasons = _reasons(fen)
    assert any("en passant" in r and "d" in r for r in reasons), reasons


def test_every_reason_is_listed() -> None:
    reasons = _reasons("4k2P/4R3/8/8/3p4/8/8/4K3 w K d6 0 1")
    assert any("pawn" in r and "rank" in r for r in reasons)
    assert any("check" in r for r in reasons)
    assert any("castling" in r for r in reasons)
    assert any("en passant" in r for r in reasons)
    assert len(reasons) == 4


def test_every_reason_is_listed_even_without_kings() -> None:
    """Docstring of ``Position.from_setup``: "Rejected, with every reason listed"."""
    reasons = _reasons("8/8/8/8/8/8/8/P7 w - - 0 1")
    assert any("king" in r for r in reasons)
    assert any("pawn" in r and "rank" in r for r in reasons), reasons


def test_an_en_passant_square_whose_capture_is_illegal_is_accepted_and_dropped_on_output() -> None:
    # d7-d5 explains d6; exd6 is illegal (it would expose the a5 king to the h5 rook). The
    # FEN still describes a legal position, and is written back without the square.
    fen = "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2"
    pos = Position.from_fen(fen)
    assert pos.ep_square == parse_square("d6")
    assert pos.fen() == "4k3/8/8/K2pP2r/8/8/8/8 w - - 0 2"
    assert pos.fen(en_passant="fen") == fen


def test_an_en_passant_square_with_no_capturing_pawn_is_dropped_on_output() -> None:
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    pos = Position.from_fen(fen)
    assert pos.ep_square == parse_square("e3")
    assert pos.fen() == fen.replace(" e3 ", " - ")
    assert pos.fen(en_passant="fen") == fen


# -- Chess960 castling: X-FEN and Shredder-FEN ---------------------------------------------------


@pytest.mark.parametrize(
    ("given", "xfen", "shredder"),
    [
        # Two rooks on each side of the king: the outer ones are K/Q, the inner ones need letters.
        ("KQkq", "KQkq", "HAha"),
        ("HAha", "KQkq", "HAha"),
        ("KBkb", "KBkb", "HBhb"),
        ("HBhb", "KBkb", "HBhb"),
        ("Bb", "Bb", "Bb"),
        ("Hh", "Kk", "Hh"),
        ("Ah", "Qk", "Ah"),
        ("-", "-", "-"),
    ],
)
def test_chess960_castling_in_and_out(given: str, xfen: str, shredder: str) -> None:
    board = "rr2k2r/8/8/8/8/8/8/RR2K2R w"
    pos = Position.from_fen(f"{board} {given} - 0 1", chess960=True)
    assert pos.fen() == f"{board} {xfen} - 0 1"
    assert pos.fen(shredder=True) == f"{board} {shredder} - 0 1"
    again = Position.from_fen(pos.fen(shredder=True), chess960=True)
    assert again.castling_rights == pos.castling_rights


def test_chess960_castling_rights_are_rook_squares() -> None:
    pos = Position.from_fen("rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1", chess960=True)
    expected = {"h1", "b1", "h8", "b8"}
    assert pos.castling_rights == sum(1 << parse_square(s) for s in expected)


def test_shredder_fen_of_a_chess960_start() -> None:
    pos = Position.from_fen(
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -", chess960=True
    )
    assert pos.fen(shredder=True).split()[2] == "HFhf"
    assert pos.fen().split()[2] == "KQkq"  # f and h are the outermost rooks: X-FEN says K/Q


def test_two_rights_on_one_side_of_the_king_are_refused() -> None:
    reasons = _reasons("rr2k2r/8/8/8/8/8/8/RR2K2R w QB - 0 1", chess960=True)
    assert any("two castling rights" in r for r in reasons)


def test_chess960_castling_needs_a_rook_on_the_named_file() -> None:
    reasons = _reasons("1r2k1rr/8/8/8/8/8/8/1R2KR1R w G - 0 1", chess960=True)
    assert any("'G'" in r for r in reasons)


def test_standard_mode_refuses_chess960_castling_rights() -> None:
    fen = "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1"
    assert any("chess960" in r.lower() for r in _reasons(fen))
    pos = Position.from_fen(fen, chess960=True)
    assert pos.fen() == fen
    assert pos.fen(shredder=True) == fen.replace("KQkq", "GBgb")


def test_standard_position_in_shredder_fen() -> None:
    pos = Position.from_fen(START_BOARD + " w HAha - 0 1")
    assert pos.fen() == STARTING_FEN
    assert pos.fen(shredder=True) == STARTING_FEN.replace("KQkq", "HAha")


def test_castling_rights_lost_by_play_are_written() -> None:
    pos = Position.from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    pos.push_san("Rxa8+")
    assert pos.fen() == "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1"
    pos.push_san("Ke7")
    assert pos.fen().split()[2] == "K"


def test_setup_round_trip() -> None:
    fen = "r3k2r/8/8/8/4Pp2/8/8/R3K2R b Kq e3 7 42"
    pos = Position.from_fen(fen)
    setup = pos.setup()
    assert Position.from_setup(setup).fen() == fen
    with pytest.raises(IllegalPosition):
        Position.from_setup(parse_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1"))


def test_rook_piece_map_after_reading() -> None:
    pos = Position.from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert pos.piece_map() == {
        parse_square("a1"): Piece(ROOK, WHITE),
        parse_square("h1"): Piece(ROOK, WHITE),
        parse_square("e1"): Piece(KING, WHITE),
        parse_square("e8"): Piece(KING, BLACK),
    }
