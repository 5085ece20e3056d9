"""The position: placement, side to move, castling rights, en passant, counters (Articles 2, 3).

:class:`Position` is deliberately **mutable**: :meth:`Position.push` and :meth:`Position.pop` make
and unmake moves in place, keeping one small undo tuple per move (O(1) undo, no board snapshot).
Use :meth:`Position.copy` for an independent position.

The undo tuples form a chain, each holding the one before it: never changed once made, so a copy
shares the whole history with its original (O(1), however long the game) and each goes on with
its own moves.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Final, TypeAlias

from chesslaws._color import BLACK, WHITE, Color
from chesslaws._errors import IllegalMove, IllegalPosition, InvalidNotation, PositionProblem
from chesslaws.core import _make, _movegen, _notation
from chesslaws.core._attacks import (
    BB_ALL,
    BETWEEN,
    DARK_SQUARES,
    KING_BB,
    LINE,
    PAWN_BB,
    RANK_BB,
)
from chesslaws.core._bitboards import (
    ALL,
    ONE,
    SIGNED_WORDS,
    bit_length,
    popcount,
    unsigned,
    word,
)
from chesslaws.core._fen import (
    STARTING_FEN,
    Setup,
    board_fen,
    chess960_fen,
    ep_name,
    parse_fen,
)
from chesslaws.core._languages import from_english
from chesslaws.core._move import CASTLING, EN_PASSANT, Move
from chesslaws.core._squares import (
    FILE_NAMES,
    PIECES_BY_CODE,
    SQUARE_NAMES,
    Piece,
    PieceType,
)
from chesslaws.core._zobrist import Z_EP_FILE, Z_PIECE_SQUARE, Z_TURN, castling_key

__all__ = ["LENIENT", "Position"]

LENIENT = PositionProblem.CASTLING_RIGHTS | PositionProblem.EN_PASSANT
"""The problems ``lenient=True`` allows: the recoverable ones, mended by dropping the castling
rights and the en passant square the position cannot have (as the PGN reader does)."""

COMPOSED = (
    LENIENT
    | PositionProblem.TOO_MANY_PAWNS
    | PositionProblem.TOO_MUCH_MATERIAL
    | PositionProblem.IMPOSSIBLE_CHECK
)
"""Every problem a composed position (a study, a perft suite, a test vector) may have: the
recoverable ones mended, the tolerable ones accepted; moves can still be generated."""

_NONE = PositionProblem(0)
_NEVER = PositionProblem.KINGS | PositionProblem.PAWN_ON_BACK_RANK | PositionProblem.OPPOSITE_CHECK
_Problems = list[tuple[PositionProblem, str]]

#: Moves are frozen values: one per (from, to, promotion), made on first use, at the index of
#: their code (a list, not a dict: a compiled build reads it without boxing the code).
_MOVES: Final[list[Move | None]] = [None] * 0x8000

#: UCI text -> (from, to, promotion, the Move it reads as), for texts that read as a move; at
#: most this many, so a hostile log cannot grow it (see :meth:`Position.legal_uci_move`).
_UCI_READINGS: dict[str, tuple[int, int, int, Move]] = {}
_UCI_READINGS_LIMIT = 50_000

if TYPE_CHECKING:
    from chesslaws.core._bitboards import Bitboard

_BACK_RANK = (RANK_BB[0], RANK_BB[7])
_BACK_RANKS: Final = RANK_BB[0] | RANK_BB[7]
_DARK: Final = word(DARK_SQUARES)
_CASTLE_FLAG: Final = CASTLING << 15
_EP_FLAG: Final = EN_PASSANT << 15

#: An undo record: (move code, captured piece code, castling rights, ep square, halfmove clock,
#: Zobrist key) as they were before the move, and the undo record of the move before (or None).
#: The tail is typed ``Any``, not ``_Undo | None``: a recursive alias crashes mypyc (the
#: compiled build, docs/compiled.md), which checks the tail's type where it is read instead.
_Undo: TypeAlias = "tuple[int, int, Bitboard, int, int, int, Any]"

#: The fields of a position, named once for ``__init__``, ``copy`` and pickling (compiled
#: classes have no ``__slots__`` to read at run time).
_FIELDS = (
    "_bb",
    "_board",
    "_castling_paths",
    "_ep",
    "_key",
    "_kings",
    "_occ_c",
    "_ply",
    "_stack",
    "_turn",
    "castling",
    "chess960",
    "fullmove_number",
    "halfmove_clock",
)


def _squares_of(bb: Bitboard) -> list[int]:
    """The squares of a bitboard, lowest first."""
    squares = []
    while bb:
        low = bb & -bb
        squares.append(bit_length(low) - 1)
        bb ^= low
    return squares


def _convert_bitboards(state: dict[str, Any], convert: Callable[[Any], Any]) -> None:
    """Apply ``convert`` to each bitboard of a pickled position's ``state``, in place: a pickle
    holds public values (:func:`unsigned` on the way out, :func:`word` on the way in, in the
    compiled build), so that either build reads what the other wrote."""
    state["_bb"] = [convert(bb) for bb in state["_bb"]]
    state["_occ_c"] = [convert(bb) for bb in state["_occ_c"]]
    state["castling"] = convert(state["castling"])
    state["_castling_paths"] = {
        rook: (king_to, rook_to, convert(empty), convert(path))
        for rook, (king_to, rook_to, empty, path) in state["_castling_paths"].items()
    }
    state["_stack"] = [(*undo[:2], convert(undo[2]), *undo[3:]) for undo in state["_stack"]]


class Position:
    """A chess position that can make and unmake moves (mutable; see the module docstring).

    >>> p = Position()
    >>> p.push_san("e4").uci()
    'e2e4'
    >>> p.fen()
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    """

    __slots__ = _FIELDS

    _board: list[int]
    _bb: list[Bitboard]
    _castling_paths: dict[int, tuple[int, int, Bitboard, Bitboard]]
    _ep: int
    _key: int
    _kings: list[int]
    _occ_c: list[Bitboard]
    _ply: int
    _stack: _Undo | None
    castling: Bitboard  # the rooks that may castle (the public value: castling_rights)
    chess960: bool
    fullmove_number: int
    halfmove_clock: int
    _turn: int

    def __init__(self, *, _blank: bool = False) -> None:
        # The starting position is read from its FEN once; each new one copies it as copy()
        # does (the lists copied, the rest shared: the castling paths are never changed).
        # ``_blank`` is the private path of the constructors below, which fill every field
        # themselves (a compiled class has no ``__new__`` to call).
        if _blank:
            return
        start = _starting_position()
        for name in _FIELDS:
            value = getattr(start, name)
            setattr(self, name, value.copy() if type(value) is list else value)

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def from_fen(
        cls,
        fen: object,
        *,
        chess960: bool = False,
        lenient: bool = False,
        allow: PositionProblem = _NONE,
    ) -> Position:
        """The position a FEN describes; raises :class:`InvalidFen` for bad syntax and
        :class:`IllegalPosition` (a subclass) for a setup that cannot arise under the Laws.

        ``allow`` forgives the listed :class:`~chesslaws.PositionProblem` reasons (see
        :meth:`from_setup`); ``lenient=True`` adds :data:`LENIENT` (impossible castling rights
        and en passant squares are dropped). :meth:`read_fen` also says what was mended.

        >>> Position.from_fen("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1", lenient=True).fen()
        '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
        """
        return cls.read_fen(fen, chess960=chess960, allow=allow | LENIENT if lenient else allow)[0]

    @classmethod
    def read_fen(
        cls, fen: object, *, chess960: bool = False, allow: PositionProblem = LENIENT
    ) -> tuple[Position, tuple[str, ...]]:
        """The position a FEN describes and notes of what was mended to read it (lenient by
        default: :data:`LENIENT`), as puzzle and study files need.

        >>> position, notes = Position.read_fen("4k3/8/8/8/8/8/8/4K3 w K - 1 0")
        >>> position.fen(), notes[0]
        ('4k3/8/8/8/8/8/8/4K3 w - - 1 1', 'fullmove number 0 read as 1 (the count starts at 1)')
        """
        setup = parse_fen(fen)  # refuses what is not a string
        position, notes = cls._from_setup(setup, chess960, str(fen), allow)
        return position, setup.notes + notes

    @classmethod
    def from_setup(
        cls,
        setup: Setup,
        *,
        chess960: bool = False,
        fen: str = "",
        allow: PositionProblem = _NONE,
    ) -> Position:
        """Validate a :class:`Setup` (Article 3.10.3) and build the position from it.

        Rejected, with every reason listed (:class:`~chesslaws.PositionProblem`): a side without
        exactly one king, pawns on the first or last rank, the side not to move in check,
        castling rights without king and rook on their original squares (for standard chess:
        king on e1/e8, rook in the corner), an en passant square that no double step of the last
        move can explain, more than eight pawns of a side, more promoted pieces than missing
        pawns, and checkers that no last move can give. Reasons in ``allow`` are forgiven:
        castling rights and en passant squares are then dropped, the others accepted as they
        are; a missing king, a pawn on a back rank and opposite check never are.
        """
        return cls._from_setup(setup, chess960, fen, allow)[0]

    @classmethod
    def _from_setup(
        cls, setup: Setup, chess960: bool, fen: str, allow: PositionProblem
    ) -> tuple[Position, tuple[str, ...]]:
        position = cls(_blank=True)
        found = position._load(setup, chess960=chess960)
        forgiven = allow & ~_NEVER
        refused = [(problem, text) for problem, text in found if not problem & forgiven]
        if refused:
            text = fen or "setup"
            reasons = tuple(reason for _, reason in refused)
            problems = PositionProblem(0)
            for problem, _ in refused:
                problems |= problem
            raise IllegalPosition(
                f"illegal position {text!r}: " + "; ".join(reasons),
                fen=text,
                reasons=reasons,
                problems=problems,
            )
        notes = tuple(
            f"{reason}: dropped"
            for problem, reason in found
            if problem in (PositionProblem.CASTLING_RIGHTS, PositionProblem.EN_PASSANT)
        )
        return position, notes

    @classmethod
    def from_chess960(cls, number: int) -> Position:
        """Chess960 starting position ``number`` (0–959; 518 is the standard setup), in the
        usual numbering (Guidelines II.2)."""
        return cls.from_fen(chess960_fen(number), chess960=True)

    def _load(self, setup: Setup, *, chess960: bool) -> _Problems:
        """Fill the position from ``setup``; returns the reasons it is illegal (none if legal).

        Castling rights and an en passant square that the position cannot have are not set."""
        self._board = list(setup.board)
        self._bb = [0] * 16
        for square, code in enumerate(self._board):
            if code:
                self._bb[code] |= ONE << square
        self._occ_c = [
            self._bb[1] | self._bb[2] | self._bb[3] | self._bb[4] | self._bb[5] | self._bb[6],
            self._bb[9] | self._bb[10] | self._bb[11] | self._bb[12] | self._bb[13] | self._bb[14],
        ]
        self._turn = int(setup.turn)
        self.chess960 = chess960
        self.halfmove_clock = setup.halfmove_clock
        self.fullmove_number = setup.fullmove_number
        self._stack = None
        self._ply = 0
        self._castling_paths = {}
        self.castling = 0
        reasons: _Problems = []
        self._kings = [0, 0]
        self._ep = -1
        kings_problem = PositionProblem.KINGS
        for color, name in ((0, "white"), (1, "black")):
            kings = self._bb[6 | color << 3]
            if popcount(kings) != 1:
                text = f"{name} has {popcount(kings)} kings, not one (Article 2.3)"
                reasons.append((kings_problem, text))
            else:
                self._kings[color] = bit_length(kings) - 1
        bad_kings = bool(reasons)
        if (self._bb[1] | self._bb[9]) & _BACK_RANKS:
            text = "a pawn stands on the first or last rank (Article 3.7)"
            reasons.append((PositionProblem.PAWN_ON_BACK_RANK, text))
        reasons.extend(self._material_problems())
        if bad_kings:  # the remaining tests need exactly one king a side
            self._key = 0
            return reasons
        them = self._turn ^ 1
        if _movegen.attackers(self, self._turn, self._kings[them], self._occupied()):
            text = "the side not to move is in check (Article 3.10.3)"
            reasons.append((PositionProblem.OPPOSITE_CHECK, text))
        reasons.extend(self._load_castling(setup.castling))
        if setup.ep_square is not None:
            reason = self._ep_problem(setup.ep_square)
            if reason:
                reasons.append((PositionProblem.EN_PASSANT, reason))
            else:
                self._ep = setup.ep_square
        reason = self._check_problem()
        if reason:
            reasons.append((PositionProblem.IMPOSSIBLE_CHECK, reason))
        self._key = self._compute_key()
        return reasons

    def _material_problems(self) -> _Problems:
        """More than eight pawns, or more promoted pieces than missing pawns (Articles 2.3,
        3.7.5): a side starts with 8 pawns, 1 queen, 2 rooks, a bishop of each square colour and
        2 knights, and only a pawn can become another piece."""
        found: _Problems = []
        bb = self._bb
        for color, name in ((0, "white"), (1, "black")):
            sh = color << 3
            pawns = popcount(bb[1 | sh])
            if pawns > 8:
                text = f"{name} has {pawns} pawns, more than eight (Article 2.3)"
                found.append((PositionProblem.TOO_MANY_PAWNS, text))
                continue
            bishops = bb[3 | sh]
            promoted = (
                max(0, popcount(bb[5 | sh]) - 1)
                + max(0, popcount(bb[4 | sh]) - 2)
                + max(0, popcount(bb[2 | sh]) - 2)
                + max(0, popcount(bishops & _DARK) - 1)
                + max(0, popcount(bishops & ~_DARK) - 1)
            )
            if promoted > 8 - pawns:
                text = (
                    f"{name} has at least {promoted} promoted pieces but only {8 - pawns} pawns "
                    "missing (Article 3.7.5)"
                )
                found.append((PositionProblem.TOO_MUCH_MATERIAL, text))
        return found

    def _check_problem(self) -> str | None:
        """Why the checkers of the side to move cannot have been given by any last move.

        A move checks with the piece moved and at most one line piece it uncovers, so: at most
        two checkers; two of them neither on one line through the king (the nearer would block
        the other, or the mover came from neither side of it) nor both unable to be uncovered
        (pawns, knights); and after a double step (en passant square set) only that pawn, or a
        line piece checking through the square it left.
        """
        king = self._kings[self._turn]
        checkers = _movegen.attackers(self, self._turn ^ 1, king, self._occupied())
        if not checkers:
            return None
        squares = _squares_of(checkers)
        sliders = [sq for sq in squares if self._board[sq] & 7 in (3, 4, 5)]
        where = " and ".join(SQUARE_NAMES[sq] for sq in squares)
        if len(squares) > 2:
            return f"{len(squares)} pieces give check ({where}): no move can (Article 3.9)"
        if len(squares) == 2:
            first, second = squares
            if LINE[first * 64 + king] >> second & 1:
                return f"check from {where} on one line through the king: no move can give it"
            if not sliders:
                return f"double check from {where}, none a line piece: no move can give it"
        if self._ep >= 0:
            pawn = self._ep - 8 if self._turn == 0 else self._ep + 8
            origin = self._ep + 8 if self._turn == 0 else self._ep - 8
            for square in squares:
                if square == pawn:
                    continue
                if square in sliders and BETWEEN[square * 64 + king] >> origin & 1:
                    continue
                return (
                    f"check from {SQUARE_NAMES[square]} cannot follow the double step to "
                    f"{SQUARE_NAMES[pawn]} (en passant square {SQUARE_NAMES[self._ep]})"
                )
        return None

    def _load_castling(self, field: str) -> _Problems:
        reasons: _Problems = []
        problem = PositionProblem.CASTLING_RIGHTS
        if field == "-":
            return reasons
        for char in field:
            color = 0 if char.isupper() else 1
            back = RANK_BB[0 if color == 0 else 7]
            king = self._kings[color]
            rooks = self._bb[4 | color << 3] & back
            rook: int | None = None
            if self._bb[6 | color << 3] & back:
                king_file = king & 7
                upper = char.upper()
                candidates = _squares_of(rooks)
                if upper == "K":
                    side = [sq for sq in candidates if sq & 7 > king_file]
                    rook = max(side) if side else None
                elif upper == "Q":
                    side = [sq for sq in candidates if sq & 7 < king_file]
                    rook = min(side) if side else None
                else:
                    square = (bit_length(back) - 8) + FILE_NAMES.index(char.lower())
                    rook = square if rooks >> square & 1 and square != king else None
            if rook is None:
                text = (
                    f"castling right {char!r} without the king and a rook on their first rank "
                    "(Article 3.8.2.1)"
                )
                reasons.append((problem, text))
                continue
            if not self.chess960 and ((king & 7) != 4 or (rook & 7) not in (0, 7)):
                text = (
                    f"castling right {char!r} needs king and rook on their original squares "
                    "(e-file king, corner rook); use chess960=True for Chess960"
                )
                reasons.append((problem, text))
                continue
            same_side = [
                r
                for r in self._castling_paths
                if (r >> 3) == (rook >> 3) and (r > king) == (rook > king)
            ]
            if same_side:
                text = f"two castling rights on one side of the {('white', 'black')[color]} king"
                reasons.append((problem, text))
                continue
            self.castling |= ONE << rook
            self._castling_paths[rook] = _movegen.castling_path(king, rook)
        return reasons

    def _ep_problem(self, ep: int) -> str | None:
        """Why ``ep`` cannot be the square a double step just passed over, or None."""
        if self._turn == 0:
            rank, pusher, origin = 5, ep - 8, ep + 8
            pawn = 9
        else:
            rank, pusher, origin = 2, ep + 8, ep - 8
            pawn = 1
        if ep >> 3 != rank or self._board[ep] or self._board[origin] or self._board[pusher] != pawn:
            return (
                f"en passant square {SQUARE_NAMES[ep]} cannot be explained by a double step of "
                "the last move (Article 3.7.3.1)"
            )
        return None

    def _compute_key(self) -> int:
        key = castling_key(self.castling)
        if self._turn:
            key ^= Z_TURN
        board = self._board
        for square in _squares_of(self._occupied()):
            key ^= Z_PIECE_SQUARE[board[square] * 64 + square]
        return key

    def __getstate__(self) -> dict[str, object]:
        """The position for ``pickle`` and ``copy``: the move history as a flat list, oldest
        first (the chain of undo records would be pickled one nesting level per move)."""
        state: dict[str, object] = {name: getattr(self, name) for name in _FIELDS}
        state["_stack"] = [undo[:6] for undo in self._undos()]
        if SIGNED_WORDS:
            _convert_bitboards(state, unsigned)
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        if SIGNED_WORDS:
            state = dict(state)
            _convert_bitboards(state, word)
        chain: _Undo | None = None
        for undo in state["_stack"]:  # type: ignore[attr-defined]
            chain = (*undo, chain)
        for name, value in state.items():
            setattr(self, name, chain if name == "_stack" else value)

    def copy(self) -> Position:
        """An independent copy, with the same move history (shared: see the module text)."""
        other = _bare(Position) if _BARE else Position(_blank=True)  # see _BARE
        other._board = self._board.copy()
        other._bb = self._bb.copy()
        other._occ_c = self._occ_c.copy()
        other._kings = self._kings.copy()
        other._stack = self._stack  # the chain never changes: shared, not copied
        other._ply = self._ply
        other._castling_paths = self._castling_paths
        other._ep = self._ep
        other._key = self._key
        other.castling = self.castling
        other.chess960 = self.chess960
        other.fullmove_number = self.fullmove_number
        other.halfmove_clock = self.halfmove_clock
        other._turn = self._turn
        return other

    # -- reading the position -----------------------------------------------------------------

    @property
    def turn(self) -> Color:
        """The side to move."""
        return BLACK if self._turn else WHITE

    @property
    def side_to_move(self) -> Color:
        """The side to move (same as :attr:`turn`)."""
        return BLACK if self._turn else WHITE

    @property
    def ep_square(self) -> int | None:
        """The square a pawn just passed over with a double step (as in FEN), or None."""
        return None if self._ep < 0 else self._ep

    # The bitboards handed out are public values (non-negative ints; the core's own are
    # bitboards of ._bitboards, signed words in the compiled build).

    @property
    def castling_rights(self) -> int:
        """Bitboard of the rooks that may still castle (Article 3.8.2.1)."""
        return unsigned(self.castling)

    @property
    def occupied(self) -> int:
        """Bitboard of all occupied squares."""
        return unsigned(self._occ_c[0] | self._occ_c[1])

    def _occupied(self) -> Bitboard:
        return self._occ_c[0] | self._occ_c[1]

    def occupied_by(self, color: int) -> int:
        """Bitboard of the squares ``color``'s pieces stand on."""
        return unsigned(self._occ_c[color])

    def pieces(self, piece_type: int, color: int) -> int:
        """Bitboard of ``color``'s pieces of ``piece_type``."""
        return unsigned(self._bb[piece_type | color << 3])

    def piece_at(self, square: int) -> Piece | None:
        """The piece on ``square``, or None."""
        code = self._board[square]
        return PIECES_BY_CODE[code] if code else None

    def piece_bitboards(self) -> tuple[int, ...]:
        """All piece bitboards in one tuple, indexed by piece code ``type | color << 3``
        (index 1–6 White's pawns to king, 9–14 Black's; the other entries are 0)."""
        if SIGNED_WORDS:
            return tuple([unsigned(bb) for bb in self._bb])
        return tuple(self._bb)

    def board_codes(self) -> tuple[int, ...]:
        """The 64 piece codes (``type | color << 3``, 0 for empty), a1 first."""
        return tuple(self._board)

    def piece_code_at(self, square: int) -> int:
        """The packed piece code (``type | color << 3``) on ``square``, 0 when empty."""
        return self._board[square]

    def piece_map(self) -> dict[int, Piece]:
        """Every occupied square and its piece."""
        return {sq: PIECES_BY_CODE[c] for sq, c in enumerate(self._board) if c}

    def king(self, color: int) -> int:
        """The square of ``color``'s king."""
        return self._kings[color]

    @property
    def ply(self) -> int:
        """Moves made since this position object was created."""
        return self._ply

    def key_history(self) -> tuple[list[int], list[int]]:
        """For the position before each move made since this object was created, and for the
        position now: Zobrist keys of the placement, side to move and castling rights (the en
        passant file left out), and halfmove clocks. Two positions that are the same under
        Article 9.2.3 have the same key; the converse needs the exact check of
        :meth:`repetition_key`. No move is replayed."""
        undos = self._undos()
        keys = [undo[5] for undo in undos]
        keys.append(self._key)
        clocks = [undo[4] for undo in undos]
        clocks.append(self.halfmove_clock)
        return keys, clocks

    @property
    def move_stack(self) -> list[Move]:
        """The moves made since this position object was created, oldest first."""
        return [self.move_of(undo[0]) for undo in self._undos()]

    def _undos(self) -> list[_Undo]:
        """The undo records of the moves made since this position object was created, oldest
        first (the chain walked back from the last move, once)."""
        undos = []
        undo = self._stack
        while undo is not None:
            undos.append(undo)
            undo = undo[6]
        undos.reverse()
        return undos

    def setup(self) -> Setup:
        """The position written down as a :class:`Setup` (FEN castling letters, as ``fen()``)."""
        return parse_fen(self.fen())

    # -- FEN ----------------------------------------------------------------------------------

    def fen(self, *, shredder: bool = False, en_passant: str = "legal") -> str:
        """The FEN. The en passant square is written only when a capture is legal
        (``en_passant="legal"``, the default), or whenever set (``"fen"``). Castling is
        ``KQkq`` in standard chess, X-FEN in Chess960, or Shredder-FEN with ``shredder=True``."""
        ep = self._ep
        if en_passant == "legal" and not self.has_legal_en_passant():
            ep = -1
        return " ".join(
            (
                board_fen(self._board),
                "b" if self._turn else "w",
                self._castling_field(shredder),
                ep_name(None if ep < 0 else ep),
                str(self.halfmove_clock),
                str(self.fullmove_number),
            )
        )

    def _castling_field(self, shredder: bool) -> str:
        field = ""
        for color in (0, 1):
            rights = self.castling & _BACK_RANK[color]
            king = self._kings[color]
            rooks = self._bb[4 | color << 3] & _BACK_RANK[color]
            letters = []
            for rook in sorted((sq for sq in range(64) if rights >> sq & 1), reverse=True):
                if shredder:
                    letter = FILE_NAMES[rook & 7].upper()
                elif rook > king:
                    below = (ONE << rook) - 1 | ONE << rook  # the rook's square and lower ones
                    outer = rooks & ~below
                    letter = "K" if not outer else FILE_NAMES[rook & 7].upper()
                else:
                    outer = rooks & (ONE << rook) - 1
                    letter = "Q" if not outer else FILE_NAMES[rook & 7].upper()
                letters.append(letter if color == 0 else letter.lower())
            field += "".join(letters)
        return field or "-"

    def __str__(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            rows.append(
                " ".join(
                    PIECES_BY_CODE[c].symbol() if (c := self._board[rank * 8 + f]) else "."
                    for f in range(8)
                )
            )
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"Position.from_fen({self.fen()!r}{', chess960=True' if self.chess960 else ''})"

    def __eq__(self, other: object) -> bool:
        """Positions are equal when they are the same position in the sense of Article 9.2.3."""
        if not isinstance(other, Position):
            return NotImplemented
        return self.repetition_key() == other.repetition_key()

    __hash__ = None  # type: ignore[assignment]  # mutable: key a position by zobrist_key() or fen()

    # -- keys for repetition (Article 9.2.3) ---------------------------------------------------

    def has_legal_en_passant(self) -> bool:
        """Whether an en passant capture is legal now (Article 3.7.3.1)."""
        ep = self._ep
        if ep < 0 or not PAWN_BB[self._turn ^ 1][ep] & self._bb[1 | self._turn << 3]:
            return False
        return any(code >> 15 == EN_PASSANT for code in self._codes_to(ONE << ep))

    def _codes_to(self, mask: Bitboard) -> list[int]:
        codes: list[int] = []
        _movegen.generate(self, codes, mask)
        return codes

    def zobrist_key(self) -> int:
        """A 64-bit hash of the position for repetition (Article 9.2.3): placement, side to
        move, castling rights and the en passant file only when that capture is legal."""
        key = self._key
        if self._ep >= 0 and self.has_legal_en_passant():
            key ^= Z_EP_FILE[self._ep & 7]
        return key

    def repetition_key(self) -> tuple[tuple[int, ...], int, int, int]:
        """The exact identity of the position under Article 9.2.3 (no hash collisions)."""
        ep = self._ep if self._ep >= 0 and self.has_legal_en_passant() else -1
        return (tuple(self._board), self._turn, unsigned(self.castling), ep)

    # -- making and unmaking moves ------------------------------------------------------------

    def push_code(self, code: int) -> None:
        """Make the move with this code (from :meth:`legal_codes`); trusts the caller."""
        _make.push_code(self, code)

    def pop_code(self) -> int:
        """Unmake the last move; returns its code. Raises IndexError when no move was made."""
        return _make.pop_code(self)

    def push(self, move: Move) -> None:
        """Make ``move``, trusting that it is legal (fast; an illegal move can corrupt the
        position). Use :meth:`play` to have it checked."""
        self.push_code(self._move_to_code(move))

    def play(self, move: Move) -> None:
        """Make ``move`` after checking it is legal; raises :class:`IllegalMove` and leaves the
        position unchanged otherwise (Article 3.10.1)."""
        code = self._legal_code(move)
        if code is None:
            raise IllegalMove(
                f"illegal move {move.uci()} in {self.fen()}", text=move.uci(), fen=self.fen()
            )
        self.push_code(code)

    def pop(self) -> Move:
        """Unmake the last move and return it."""
        if self._stack is None:
            raise IndexError("pop from a position with no moves made")
        return self.move_of(self.pop_code())

    def peek(self) -> Move | None:
        """The last move made, or None."""
        return self.move_of(self._stack[0]) if self._stack is not None else None

    # -- moves and codes ----------------------------------------------------------------------

    def legal_codes(self, to_mask: int = BB_ALL) -> list[int]:
        """The legal moves as packed ints (the fast path; see :meth:`Move` for the layout)."""
        codes: list[int] = []
        _movegen.generate(self, codes, ALL if to_mask == BB_ALL else word(to_mask))
        return codes

    def legal_moves(self) -> list[Move]:
        """The legal moves (Article 3), as :class:`Move` objects."""
        convert = self.move_of
        return [convert(code) for code in self.legal_codes()]

    def count_legal_moves(self, *, enough: int | None = None) -> int:
        """How many legal moves there are, without listing them; with ``enough``, counting may
        stop once that many are found (``min(count, enough)`` is then exact)."""
        if enough is None:
            return _movegen.generate(self, None)
        return _movegen.generate(self, None, ALL, enough)

    def count_legal_moves_and_check(self, enough: int = 2) -> tuple[int, bool]:
        """``(self.count_legal_moves(enough=enough), self.is_check())`` in one pass: the
        checkers are found once for both (what the arbiter asks after every move: checkmate,
        stalemate, the check mark, Articles 5.1.1, 5.2.1)."""
        return _movegen.count_and_check(self, enough)

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal here."""
        return self._legal_code(move) is not None

    def _legal_code(self, move: Move) -> int | None:
        if not (0 <= move.from_square < 64 and 0 <= move.to_square < 64):
            return None
        code = self._move_to_code(move)
        if move.promotion is not None and not code >> 12 & 7:
            return None  # a promotion piece on castling or en passant (Article 3.7.5)
        if not code >> 15:  # neither castling nor en passant: a few lookups decide
            return code if _movegen.is_legal_plain(self, code) else None
        to = code >> 6 & 63
        mask = ONE << to
        if code >> 15 == CASTLING:
            mask |= ONE << self._castling_paths.get(to, (to, 0, 0, 0))[0]
        return code if code in self._codes_to(mask) else None

    def _move_to_code(self, move: Move) -> int:
        frm, to = move.from_square, move.to_square
        code = self._board[frm]
        kind = code & 7
        us = self._turn
        if kind == 6 and code >> 3 == us:
            rook_code = 4 | us << 3
            if self._board[to] == rook_code and ONE << to & self.castling:
                return frm | to << 6 | _CASTLE_FLAG
            if abs(to - frm) == 2 and (frm >> 3) == (to >> 3):
                for rook, path in self._castling_paths.items():
                    if path[0] == to and ONE << rook & self.castling & _BACK_RANK[us]:
                        return frm | rook << 6 | _CASTLE_FLAG
        if kind == 1 and to == self._ep:
            return frm | to << 6 | _EP_FLAG
        promotion = int(move.promotion) if move.promotion is not None else 0
        return frm | to << 6 | promotion << 12

    def move_of(self, code: int) -> Move:
        """The :class:`Move` for a packed code of this position."""
        if code >> 15 == CASTLING:
            if not self.chess960:
                return Move(code & 63, self._castling_paths[code >> 6 & 63][0])
            return Move(code & 63, code >> 6 & 63)
        key = code & 0x7FFF  # from, to, promotion: all a Move holds (en passant is implied)
        move = _MOVES[key]
        if move is None:
            promotion = code >> 12 & 7
            move = Move(code & 63, code >> 6 & 63, PieceType(promotion) if promotion else None)
            _MOVES[key] = move
        return move

    def code_of(self, move: Move) -> int:
        """The packed code of ``move`` in this position (not checked for legality)."""
        return self._move_to_code(move)

    def squares_changed(self, code: int) -> int:
        """Bitboard of the squares whose content the move ``code`` changes in this position:
        its from- and to-squares, and the king's and rook's new squares of a castling, the
        captured pawn's square of an en passant capture (Articles 3.8.2, 3.7.3.1)."""
        to = code >> 6 & 63
        changed = 1 << (code & 63) | 1 << to
        flag = code >> 15
        if flag:
            if flag == CASTLING:  # in Chess960 the king or the rook may stay where it is
                king_to, rook_to, _, _ = self._castling_paths[to]
                changed |= 1 << king_to | 1 << rook_to
                if king_to == code & 63:
                    changed ^= 1 << king_to
                if rook_to == to:
                    changed ^= 1 << to
            else:
                changed |= 1 << (to - 8 if self._turn == 0 else to + 8)
        return changed

    # -- check, checkmate, stalemate (Articles 3.9, 5.1.1, 5.2.1) -------------------------------

    def checkers(self) -> int:
        """Bitboard of the enemy pieces giving check to the side to move (Article 3.9)."""
        occ = self._occ_c[0] | self._occ_c[1]
        return unsigned(_movegen.attackers(self, self._turn ^ 1, self._kings[self._turn], occ))

    def is_check(self) -> bool:
        """Whether the side to move is in check (Article 3.9.1)."""
        occ = self._occ_c[0] | self._occ_c[1]
        return _movegen.is_attacked(self, self._turn ^ 1, self._kings[self._turn], occ)

    def is_attacked(self, square: int, by: int) -> bool:
        """Whether a piece of colour ``by`` attacks ``square``."""
        return _movegen.is_attacked(self, by, square, self._occ_c[0] | self._occ_c[1])

    def is_checkmate(self) -> bool:
        """Whether the side to move is checkmated (Article 5.1.1)."""
        return self.is_check() and not self._has_legal_move()

    def is_stalemate(self) -> bool:
        """Whether the side to move is stalemated (Article 5.2.1)."""
        return not self.is_check() and not self._has_legal_move()

    def _has_legal_move(self) -> bool:
        us = self._turn
        ksq = self._kings[us]
        own = self._occ_c[us]
        occ = own | self._occ_c[us ^ 1]
        quick = KING_BB[ksq] & ~own
        while quick:
            bit = quick & -quick
            quick ^= bit
            if not _movegen.is_attacked(self, us ^ 1, bit_length(bit) - 1, occ ^ ONE << ksq):
                return True
        return _movegen.generate(self, None) > 0

    def is_capture(self, move: Move) -> bool:
        """Whether ``move`` captures (en passant included)."""
        code = self._move_to_code(move)
        if code >> 15 == CASTLING:
            return False
        return bool(self._board[move.to_square]) or code >> 15 == EN_PASSANT

    def is_en_passant(self, move: Move) -> bool:
        """Whether ``move`` is an en passant capture (Article 3.7.3.1)."""
        return self._move_to_code(move) >> 15 == EN_PASSANT

    def is_castling(self, move: Move) -> bool:
        """Whether ``move`` is castling (Article 3.8.2)."""
        return self._move_to_code(move) >> 15 == CASTLING

    def is_zeroing(self, move: Move) -> bool:
        """Whether ``move`` resets the fifty-move count: a pawn move or a capture (9.3)."""
        return self._board[move.from_square] & 7 == 1 or self.is_capture(move)

    def gives_check(self, move: Move) -> bool:
        """Whether ``move`` (legal) checks the opponent."""
        self.push(move)
        try:
            return self.is_check()
        finally:
            self.pop_code()

    # -- perft ----------------------------------------------------------------------------------

    def perft(self, depth: int) -> int:
        """The number of leaf nodes of the legal move tree ``depth`` plies deep (the last ply
        counted in bulk)."""
        if depth < 1:
            return 1
        if depth == 1:
            return _movegen.generate(self, None)
        total = 0
        push = _make.push_code
        pop = _make.pop_code
        for code in self.legal_codes():
            push(self, code)
            total += self.perft(depth - 1)
            pop(self)
        return total

    def perft_divide(self, depth: int) -> Iterator[tuple[Move, int]]:
        """Each legal move with the perft count below it (``depth`` >= 1)."""
        for code in self.legal_codes():
            move = self.move_of(code)
            self.push_code(code)
            yield move, self.perft(depth - 1)
            self.pop_code()

    # -- notation (Appendix C) ----------------------------------------------------------------

    def san(self, move: Move, *, lang: str = "en") -> str:
        """The SAN of a legal ``move``: ``Nbd7``, ``exd6``, ``O-O``, ``e8=Q+``, ``Qh4#``; with
        the piece letters of ``lang`` (C.3: ``"es"`` gives ``Cbd7``, ``"figurine"`` ``♘bd7``;
        the codes are those of :data:`chesslaws.core.LANGUAGES`)."""
        code = self._legal_code(move)
        if code is None:
            raise IllegalMove(
                f"illegal move {move.uci()} in {self.fen()}", text=move.uci(), fen=self.fen()
            )
        text = _notation.san(self, code)
        return text if lang == "en" else from_english(text, lang)

    def san_of_code(self, code: int, *, suffix: str | None = None) -> str:
        """The SAN of a legal move code (fast path). ``suffix`` (``""``, ``"+"`` or ``"#"``)
        is the check mark when the caller already knows the position after the move; it is
        found by making the move otherwise."""
        if suffix is None:
            return _notation.san(self, code)
        return _notation.san_body(self, code) + suffix

    def parse_san(self, text: object, *, lang: str = "en") -> Move:
        """The legal move that SAN ``text`` stands for (lenient about real-file spellings),
        written with the piece letters of ``lang`` (C.3; English by default). A letter that is
        not one of the language's is refused, naming the languages that would read it."""
        if lang != "en":
            return self.move_of(_notation.parse_national(self, text, lang))
        return self.move_of(_notation.parse_san(self, text))

    def san_readings(self, text: object) -> dict[Move, tuple[str, ...]]:
        """Every legal move ``text`` stands for in some language of C.3, with the languages
        that read it so, for text whose language is not known (a PGN file): one entry means
        one reading; more mean the text must be read in a chosen language."""
        return {
            self.move_of(code): tuple(langs)
            for code, langs in _notation.san_readings(self, text).items()
        }

    def push_san(self, text: object, *, lang: str = "en") -> Move:
        """Parse SAN ``text`` (in ``lang``, as :meth:`parse_san`), make the move and return
        it."""
        if lang != "en":
            national = self.parse_san(text, lang=lang)
            self.push(national)
            return national
        code = _notation.parse_san(self, text)
        self.push_code(code)
        move = _MOVES[code] if code < _EP_FLAG else None  # move_of's cache, inlined
        return self.move_of(code) if move is None else move

    def parse_uci(self, text: object) -> Move:
        """The legal move for UCI ``text`` (both castling spellings accepted)."""
        return self.move_of(_notation.parse_uci(self, text))

    def legal_uci_move(self, text: object, *, in_check: bool | None = None) -> Move | None:
        """The legal move UCI ``text`` stands for, as :meth:`parse_uci` reads it, or None when
        the text is no UCI move or no legal one (no error: :meth:`parse_uci` says which).
        ``in_check``, when the caller knows it, must be :meth:`is_check` (it saves a test)."""
        code = self.legal_uci_code(text, in_check=in_check)
        return None if code is None else self.move_of(code)

    def legal_uci_code(self, text: object, *, in_check: bool | None = None) -> int | None:
        """:meth:`legal_uci_move` as the move's packed code (:meth:`move_of` gives the move).

        The fast path of the arbiter's every move: one lookup of the text, then for any move but
        a castling (it has two spellings) or an en passant capture, the one test
        :meth:`is_legal` makes of a plain move; those two go the way :meth:`parse_uci` goes."""
        reading = _UCI_READINGS.get(text) if type(text) is str else None
        if reading is None:
            if not isinstance(text, str) or len(text) not in (4, 5):
                return None
            try:
                move = Move.from_uci(text)
            except InvalidNotation:
                return None
            promotion = 0 if move.promotion is None else int(move.promotion)
            reading = (move.from_square, move.to_square, promotion, move)
            if len(_UCI_READINGS) < _UCI_READINGS_LIMIT:
                _UCI_READINGS[text] = reading
        frm, to, promotion, move = reading
        board = self._board
        kind = board[frm] & 7
        if kind == 6:
            # a castling (either spelling: two squares along the rank, or onto the own rook) is
            # read the general way; any other king move is a plain one
            if abs(to - frm) == 2 or board[to] == 4 | self._turn << 3:
                return self._legal_code(move)
        elif kind == 1 and to == self._ep:
            return self._legal_code(move)
        code = frm | to << 6 | promotion << 12
        return code if _movegen.is_legal_plain(self, code, in_check is not False) else None

    def push_uci(self, text: object) -> Move:
        """Parse UCI ``text``, make the move and return it."""
        code = _notation.parse_uci(self, text)
        self.push_code(code)
        return self.move_of(code)

    def uci(self, move: Move, *, chess960: bool | None = None) -> str:
        """UCI for ``move``; castling as king-to-rook when ``chess960`` (default: the
        position's mode), else king-to-destination."""
        code = self._move_to_code(move)
        mode = self.chess960 if chess960 is None else chess960
        if code >> 15 == CASTLING:
            frm, rook = code & 63, code >> 6 & 63
            to = rook if mode else self._castling_paths[rook][0]
            return SQUARE_NAMES[frm] + SQUARE_NAMES[to]
        return move.uci()


_bare = object.__new__
_BARE: Final = Position.__new__ is object.__new__
"""Whether ``object.__new__`` gives a bare position: in the pure build it does, without the
constructor's call (``copy`` makes one at every move the arbiter rules); a compiled class has a
``__new__`` of its own that runs ``__init__`` (docs/compiled.md), and takes ``_blank`` there."""


@functools.cache
def _starting_position() -> Position:
    """The starting position as read from its FEN (Article 2.3), read once: ``Position()``
    copies it, and nothing changes it."""
    start = Position(_blank=True)
    start._load(parse_fen(STARTING_FEN), chess960=False)
    return start
