"""FEN text to and from :class:`Setup`, an unvalidated record of a position.

A FEN may describe nonsense (two white kings, a pawn on the eighth rank); reading it only checks
the syntax of each field. :meth:`chesslaws.core.Position.from_setup` is the one door to a
playable position and says which Laws the setup breaks (Article 3.10.3).

Castling fields: ``KQkq`` (X-FEN: the outermost rook on that side of the king), rook-file letters
``A``–``H`` / ``a``–``h`` (Shredder-FEN, or X-FEN for an inner rook), or ``-``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from chesslaws._color import BLACK, WHITE, Color
from chesslaws._errors import InvalidFen
from chesslaws._words import Words
from chesslaws.core._squares import SQUARE_NAMES, parse_square

__all__ = ["STARTING_FEN", "Setup", "chess960_fen", "parse_fen"]

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
_PIECE_CODES = {s: i + 1 for i, s in enumerate("PNBRQK")} | {
    s: i + 9 for i, s in enumerate("pnbrqk")
}
PIECE_SYMBOLS = {code: symbol for symbol, code in _PIECE_CODES.items()}


@dataclass(frozen=True, slots=True)
class Setup:
    """A position as written down, not yet checked against the Laws.

    ``board`` holds 64 piece codes (0 empty, ``type | color << 3``), a1 first. ``castling`` is
    the text of the FEN castling field, resolved to rook squares only by ``Position.from_setup``
    (which knows where the kings are). ``notes`` says what was mended on reading (a fullmove
    number 0, common in puzzle files, read as 1); it takes no part in equality.
    """

    board: tuple[int, ...]
    turn: Color
    castling: str
    ep_square: int | None
    halfmove_clock: int
    fullmove_number: int
    notes: tuple[str, ...] = field(default=(), compare=False)


#: The FEN's fields, as a person reads them in an error (``InvalidFen.field`` keeps the code).
_FIELDS = {
    "board": Words("board"),
    "turn": Words("turn"),
    "castling": Words("castling"),
    "en passant": Words("en passant"),
    "halfmove clock": Words("halfmove clock"),
    "fullmove number": Words("fullmove number"),
    "counters": Words("counters"),
}


def _fail(fen: str, field: str, problem: str) -> InvalidFen:
    words = Words("invalid FEN {fen}: {field}: {problem}", fen=repr(fen), field=_FIELDS[field],
                  problem=problem)  # fmt: skip
    return InvalidFen(words, fen=fen, field=field)


def _parse_board(fen: str, text: str) -> tuple[int, ...]:
    rows = text.split("/")
    if len(rows) != 8:
        raise _fail(
            fen, "board", Words("expected 8 ranks separated by '/', found {count}", count=len(rows))
        )
    board = [0] * 64
    for index, row in enumerate(rows):
        rank = 7 - index
        file = 0
        previous_digit = False
        for char in row:
            if char in "12345678":
                if previous_digit:
                    raise _fail(
                        fen, "board", Words("two digits in a row on rank {rank}", rank=rank + 1)
                    )
                file += int(char)
                previous_digit = True
            elif char in _PIECE_CODES:
                if file < 8:
                    board[rank * 8 + file] = _PIECE_CODES[char]
                file += 1
                previous_digit = False
            else:
                words = Words(
                    "unexpected character {char} on rank {rank}", char=repr(char), rank=rank + 1
                )
                raise _fail(fen, "board", words)
        if file != 8:
            words = Words("rank {rank} has {count} squares, expected 8", rank=rank + 1, count=file)
            raise _fail(fen, "board", words)
    return tuple(board)


LONGEST_GAME_PLIES = 17_697
"""The most plies a game can have under the Laws since 2014: 8,848½ moves, after which the
75-move rule (9.6.2) has ended it whatever is played (each reset of the count needs a capture
or a pawn move, and there are only so many of them). A halfmove clock counts plies of the game,
so a FEN's clock above this describes no game; older editions, without 9.6.2, leave a game
unbounded in principle, but no game has come near."""


def _parse_counter(fen: str, field: str, text: str, minimum: int) -> int:
    if not text.isdigit() or not text.isascii() or len(text) > 9:
        raise _fail(fen, field, Words("expected a whole number, found {text}", text=repr(text)))
    value = int(text)
    if value < minimum:
        raise _fail(
            fen,
            field,
            Words("must be at least {minimum}, found {value}", minimum=minimum, value=value),
        )
    return value


def _parse_halfmove_clock(fen: str, text: str) -> int:
    """The halfmove clock (9.3, 9.6.2): plies since the last capture or pawn move, which no game
    has more of than :data:`LONGEST_GAME_PLIES` (python-chess takes any number; this refuses only
    what describes no game)."""
    value = _parse_counter(fen, "halfmove clock", text, 0)
    if value > LONGEST_GAME_PLIES:
        raise _fail(
            fen,
            "halfmove clock",
            Words(
                "{value} plies is more than any game has ({most}: 8,848½ moves end every game "
                "under the 75-move rule, 9.6.2)",
                value=value,
                most=format(LONGEST_GAME_PLIES, ","),
            ),
        )
    return value


def parse_fen(fen: object) -> Setup:
    """Read a FEN (or a four-field EPD position) into a :class:`Setup`; raises :class:`InvalidFen`.

    The move counters may be missing (then 0 and 1, as in EPD). A fullmove number of 0 (written
    by many puzzle tools) is read as 1, with a note in ``Setup.notes``.
    """
    if not isinstance(fen, str):
        raise InvalidFen(f"FEN must be a string, not {type(fen).__name__}", fen=repr(fen))
    parts = fen.split()
    if not parts:
        raise _fail(fen, "board", Words("empty FEN"))
    if len(parts) > 6:
        raise _fail(
            fen, "counters", Words("expected at most 6 fields, found {count}", count=len(parts))
        )
    board = _parse_board(fen, parts[0])
    turn_text = parts[1] if len(parts) > 1 else "w"
    if turn_text not in ("w", "b"):
        raise _fail(fen, "turn", Words("expected 'w' or 'b', found {text}", text=repr(turn_text)))
    castling = parts[2] if len(parts) > 2 else "-"
    if castling != "-" and (
        len(castling) > 4
        or not all(c in "KQkqABCDEFGHabcdefgh" for c in castling)
        or len(set(castling)) != len(castling)
    ):
        words = Words("expected '-' or up to 4 of KQkq/A-H/a-h, found {text}", text=repr(castling))
        raise _fail(fen, "castling", words)
    ep_text = parts[3] if len(parts) > 3 else "-"
    ep_square = None
    if ep_text != "-":
        try:
            ep_square = parse_square(ep_text)
        except ValueError:
            words = Words("expected '-' or a square, found {text}", text=repr(ep_text))
            raise _fail(fen, "en passant", words) from None
    halfmove = _parse_halfmove_clock(fen, parts[4]) if len(parts) > 4 else 0
    fullmove = _parse_counter(fen, "fullmove number", parts[5], 0) if len(parts) > 5 else 1
    notes: tuple[str, ...] = ()
    if fullmove == 0:
        fullmove = 1
        notes = ("fullmove number 0 read as 1 (the count starts at 1)",)
    turn = WHITE if turn_text == "w" else BLACK
    return Setup(board, turn, castling, ep_square, halfmove, fullmove, notes)


def board_fen(board: list[int] | tuple[int, ...]) -> str:
    """The placement field of a FEN."""
    rows = []
    for rank in range(7, -1, -1):
        row = ""
        empty = 0
        for file in range(8):
            code = board[rank * 8 + file]
            if code:
                if empty:
                    row += str(empty)
                    empty = 0
                row += PIECE_SYMBOLS[code]
            else:
                empty += 1
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows)


def ep_name(square: int | None) -> str:
    """``"-"`` or the square name."""
    return "-" if square is None else SQUARE_NAMES[square]


def chess960_fen(number: int) -> str:
    """The FEN of Chess960 starting position ``number`` (0–959; 518 is the standard setup), in
    the usual numbering (Guidelines II.2): bishops, queen, then knights placed by the digits of
    the number, the rooks and king on the three squares left, king between the rooks."""
    if not 0 <= number <= 959:
        raise ValueError(f"Chess960 position numbers run from 0 to 959, not {number}")
    rank: list[str | None] = [None] * 8
    n, light = divmod(number, 4)
    rank[2 * light + 1] = "b"
    n, dark = divmod(n, 4)
    rank[2 * dark] = "b"
    n, queen = divmod(n, 6)
    free = [i for i in range(8) if rank[i] is None]
    rank[free[queen]] = "q"
    knights = ((0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))
    free = [i for i in range(8) if rank[i] is None]
    for index in knights[n]:
        rank[free[index]] = "n"
    free = [i for i in range(8) if rank[i] is None]
    for square, piece in zip(free, "rkr", strict=True):
        rank[square] = piece
    black = "".join(p or "" for p in rank)
    fen = f"{black}/pppppppp/8/8/8/8/PPPPPPPP/{black.upper()} w KQkq - 0 1"
    return fen
