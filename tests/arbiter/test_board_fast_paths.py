"""The board's per-ply fast paths give exactly what the plain paths give, over the positions of
real games (standard and Chess960): the legal moves counted together with check (against
``legal_codes()``, ``is_check()`` and python-chess), the UCI reading of ``read_move`` (against
``parse_uci``, both castling spellings, random texts, with and without the check known), the SAN
body (against python-chess), the repetition counts of boards whose exact keys are compared only
on a Zobrist match (against ``GameRecord``, and with every Zobrist key colliding), the shared
move history (``move_stack``, ``key_history``, ``record()``) and board equality."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import chess
import pytest

from chesslaws import ChessLawsError, pgn
from chesslaws.arbiter._board import BoardState
from chesslaws.arbiter._moves import read_move
from chesslaws.core import Move, Position, _movegen, _notation
from chesslaws.endings import GameRecord
from tests.conftest import shared_data

FILES = "abcdefgh"


def _games(name: str, limit: int) -> Iterator[tuple[Position, list[Move], bool]]:
    """(start position, moves, chess960) of the readable games of a shared PGN file."""
    path = shared_data("pgn", *name.split("/"))
    for game in pgn.read_games(path, max_games=limit):
        if game.ok and game.moves:
            start = game.start()
            yield start, list(game.moves), start.chess960


def _recorded_games() -> Iterator[tuple[Position, list[Move], bool]]:
    yield from _games("selfplay.pgn", 70)
    yield from _games("python-chess/cutechess-fischerrandom.pgn", 30)
    yield from _games("python-chess/kasparov-deep-blue-1997.pgn", 10)


def _parse_uci(position: Position, text: str) -> Move | None:
    """The plain reading: ``parse_uci``'s move, or None where it finds no legal move."""
    try:
        return position.parse_uci(text)
    except ChessLawsError:
        return None


def _texts(position: Position, played: Move, rng: random.Random) -> list[str]:
    """UCI texts to read here: the move played and a few legal ones in both castling spellings,
    and random from-to texts from the mover's men (most of them illegal)."""
    legal = position.legal_moves()
    moves = [played, *rng.sample(legal, min(2, len(legal)))]
    texts = []
    for move in moves:
        spellings = {position.uci(move, chess960=False), position.uci(move, chess960=True)}
        texts += [text for text in spellings if text[:2] != text[2:]]  # a Chess960 king may stay
    mine = [sq for sq in range(64) if (p := position.piece_at(sq)) and p.color == position.turn]
    for _ in range(2):
        frm, to = rng.choice(mine), rng.randrange(64)
        if frm != to:
            text = chess.SQUARE_NAMES[frm] + chess.SQUARE_NAMES[to]
            texts.append(text + rng.choice(["", "", "q", "n"]))
    return texts


def _peer(position: Position) -> chess.Board:
    return chess.Board(position.fen(), chess960=position.chess960)


def test_the_fast_paths_read_real_games_as_the_plain_paths() -> None:
    rng = random.Random(12)
    plies = texts_read = sans = 0
    for start, moves, _ in _recorded_games():
        board = BoardState.start(start.copy())
        record = GameRecord(start)
        peer = _peer(start)
        boards = [board]
        for index, move in enumerate(moves):
            position = board.position
            codes = position.legal_codes()
            in_check = position.is_check()
            count = position.count_legal_moves(enough=2)  # "two or more" may count beyond two
            assert min(count, 2) == min(len(codes), 2)
            assert position.count_legal_moves_and_check(enough=2) == (count, in_check)
            assert position.count_legal_moves_and_check() == (count, in_check)  # 2 by default
            assert (board.legal_count, board.in_check) == (count, in_check)
            assert in_check == peer.is_check()
            assert len(codes) == peer.legal_moves.count()
            for text in _texts(position, move, rng):
                plain = _parse_uci(position, text)
                assert position.legal_uci_move(text) == plain, text
                assert position.legal_uci_move(text, in_check=in_check) == plain, text
                legal, raw = read_move(board, text)
                assert legal == plain, text
                assert raw == (None if plain is not None else Move.from_uci(text)), text
                texts_read += 1
            for code in codes if index % 10 == 0 else [position.code_of(move)]:
                peer_san = peer.san(peer.parse_uci(position.uci(position.move_of(code))))
                assert _notation.san_body(position, code) == peer_san.rstrip("+#")
                sans += 1
            code = position.code_of(move)
            board = board.after(code)
            record.push_code(code)
            peer.push(peer.parse_uci(position.uci(move)))
            assert board.repetitions == record.repetitions()
            assert board.position.zobrist_key() == record.position.zobrist_key()
            boards.append(board)
            plies += 1
        _same_history(boards, moves, start)
    assert plies > 8_000 and texts_read > 40_000 and sans > 20_000


def _same_history(boards: list[BoardState], moves: list[Move], start: Position) -> None:
    """Every board of a game holds the history of its own moves (shared, not copied), records it
    as a replay does, and equals the board a fresh replay gives, and the one taken back."""
    for ply in (1, len(moves) // 2, len(moves)):
        board = boards[ply]
        assert board.position.move_stack == moves[:ply]
        assert board.position.ply == ply
        assert board.record().moves == moves[:ply]
        replay = GameRecord(start)
        for move in moves[:ply]:
            replay.push(move)
        assert board.position.key_history() == replay.position.key_history()
        assert board.record().repetitions() == replay.repetitions() == board.repetitions
        assert board.taken_back() == boards[ply - 1]
        assert hash(board.taken_back()) == hash(boards[ply - 1])
    again = BoardState.start(start.copy())
    for move in moves:
        again = again.after(again.position.code_of(move))
    assert again == boards[-1] and hash(again) == hash(boards[-1])
    assert boards[0].position.ply == 0 and boards[0].position.move_stack == []
    if len(moves) > 1:
        assert boards[-1] != boards[-2]


def _exact_count(history: list[Position]) -> int:
    """How often the last position has stood, by the exact key of 9.2.3 alone (no hash)."""
    last = history[-1].repetition_key()
    return sum(1 for position in history if position.repetition_key() == last)


@pytest.mark.parametrize("seed", range(3))
def test_a_zobrist_collision_never_decides_a_repetition(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """Every Zobrist key made equal: the counts still come from the exact keys alone, as they
    do with the real keys (random walks that often take their last move back repeat often)."""
    rng = random.Random(seed)
    walks = []
    for _ in range(30):
        position = Position()
        for _ in range(60):
            codes = position.legal_codes()
            if not codes:
                break
            stack = position.move_stack
            back = Move(stack[-2].to_square, stack[-2].from_square) if len(stack) > 1 else None
            if back is not None and position.is_legal(back) and rng.random() < 0.6:
                position.play(back)  # the mover's last move undone: positions recur
            else:
                position.push_code(rng.choice(codes))
        walks.append(position.move_stack)
    repeated = 0
    for moves in walks:
        real = [BoardState.start(Position())]
        for move in moves:
            real.append(real[-1].after(real[-1].position.code_of(move)))
        with monkeypatch.context() as patch:
            patch.setattr(Position, "zobrist_key", lambda self: 0)
            colliding = [BoardState.start(Position())]
            for move in moves:
                colliding.append(colliding[-1].after(colliding[-1].position.code_of(move)))
        history = [board.position for board in real]
        for ply in range(len(history)):
            count = _exact_count(history[: ply + 1])
            assert real[ply].repetitions == colliding[ply].repetitions == count
            repeated += count > 1
            # the 2014 rule's keys of the last 17 positions are equal exactly when the
            # positions are (9.2.3), with the real keys and with every key colliding
            exact = [position.repetition_key() for position in history[max(0, ply - 16) : ply + 1]]
            for keys in (real[ply].recent_keys(17), colliding[ply].recent_keys(17)):
                assert len(keys) == len(exact)
                for i, j in itertools.combinations(range(len(exact)), 2):
                    assert (keys[i] == keys[j]) is (exact[i] == exact[j])
    assert repeated > 100


def test_a_board_read_without_the_check_known_reads_as_parse_uci() -> None:
    """The few spellings the fast path hands over (castling both ways, en passant) beside the
    king's steps and promotions it reads, and illegal texts, in composed positions."""
    cases = {
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1": ["e1g1", "e1h1", "e1c1", "e1a1", "e1f1", "e1e2"],
        "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2": ["d5e6", "d5d6", "c5d6", "c5b6"],
        "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1": ["e7e8q", "e7d8n", "e7e8", "e7d8", "e7e8k"],
        "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1": ["d2f3", "d2b3", "e1f2", "e1d1"],
        "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1": ["e1e2", "e1d1", "e1f1", "e1f2"],
        "k3r3/8/8/1N6/8/8/4N3/4K3 w - - 0 1": ["e2c3", "b5c3", "e2e3", "e1d2"],
    }
    # Chess960: a castling spelled king to rook, one square away or not, beside king steps
    chess960 = {
        "1rk4r/8/8/8/8/8/8/1RK4R w HBhb - 0 1": ["c1b1", "c1h1", "c1d1", "c1c2", "c1g1", "c1a1"],
        "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1": ["g1h1", "g1b1", "g1f1", "g1c1", "g1f2"],
        "4k3/8/8/8/8/8/8/1R1K3R w HB - 0 1": ["d1b1", "d1h1", "d1c1", "d1e1", "d1c2"],
    }
    for fen, texts in [*cases.items(), *chess960.items()]:
        position = Position.from_fen(fen, chess960=fen in chess960)
        board = BoardState.start(position)
        for text in texts:
            plain = _parse_uci(position, text)
            assert position.legal_uci_move(text) == plain, (fen, text)
            assert position.legal_uci_move(text, in_check=position.is_check()) == plain
            if plain is not None:
                assert read_move(board, text) == (plain, None)


PINS = [
    "4k3/8/8/8/q2N3K/8/8/8 w - - 0 1",  # a queen pins along a rank
    "4k3/4r3/8/8/4B3/8/8/4K3 w - - 0 1",  # a rook pins along a file
    "4k3/8/8/8/8/2b5/3P4/4K3 w - - 0 1",  # a bishop pins a pawn
    "4k3/8/8/1q6/8/3R4/8/5K2 w - - 0 1",  # a queen pins along a diagonal
    "7k/8/8/8/R2p1K2/8/8/8 b - - 0 1",  # a rook behind a pawn, the king beyond
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
]


def _positions_out_of_check() -> Iterator[Position]:
    for fen in PINS:
        yield Position.from_fen(fen)
    rng = random.Random(3)
    for start, moves, _ in _recorded_games():
        position = start.copy()
        for index, move in enumerate(moves):
            if index % 25 == 7 and not position.is_check():
                yield position.copy()
            position.push(move)
    for _ in range(40):
        position = Position()
        for _ in range(rng.randint(20, 90)):
            codes = position.legal_codes()
            if not codes:
                break
            position.push_code(rng.choice(codes))
        if not position.is_check() and position.legal_codes():
            yield position


def _every_man_every_square(position: Position) -> Iterator[int]:
    """The plain codes (no en passant) from each man of the side to move to every other
    square, a pawn on the last rank promoting to a queen."""
    turn = position.turn
    for frm in range(64):
        piece = position.piece_at(frm)
        if piece is None or piece.color != turn:
            continue
        for to in range(64):
            code = frm | to << 6
            if piece.type == 1 and to >> 3 in (0, 7):
                code |= 5 << 12  # a promotion, to a queen
            if frm != to and not position.is_en_passant(position.move_of(code)):
                yield code


def test_out_of_check_the_plain_legality_test_needs_no_attack_test_off_the_king_lines() -> None:
    """``is_legal_plain`` told the side to move is not in check (the arbiter knows it) answers
    as the full test and as the legal moves do, for every man and every square."""
    tested = 0
    for position in _positions_out_of_check():
        legal = set(position.legal_codes())
        for code in _every_man_every_square(position):
            full = _movegen.is_legal_plain(position, code)
            assert _movegen.is_legal_plain(position, code, False) == full, (position, code)
            if not position.is_castling(position.move_of(code)):
                assert full == (code in legal), (position, code)
            tested += 1
    assert tested > 100_000


def _positions_in_check() -> Iterator[Position]:
    rng = random.Random(9)
    found = 0
    while found < 60:
        position = Position()
        for _ in range(rng.randint(10, 120)):
            codes = position.legal_codes()
            if not codes:
                break
            position.push_code(rng.choice(codes))
            if position.is_check() and position.legal_codes():
                found += 1
                yield position.copy()


def test_in_check_the_plain_legality_test_answers_as_the_legal_moves() -> None:
    """The same for a side in check: every man of it, every square (the pieces that can block
    or take the checker, and the king's way out)."""
    tested = legal_found = 0
    for position in _positions_in_check():
        legal = set(position.legal_codes())
        for code in _every_man_every_square(position):
            if position.is_castling(position.move_of(code)):
                continue
            assert _movegen.is_legal_plain(position, code) == (code in legal), (position, code)
            tested += 1
            legal_found += code in legal
    assert tested > 20_000 and legal_found > 100
