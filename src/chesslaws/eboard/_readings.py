"""Readings: what an electronic board senses, one JSON line each (``docs/eboard.md``).

A board knows no touches and no moves: it sees squares emptied (:class:`Lift`) and filled
(:class:`Place`, with the piece where the board identifies pieces), a whole board at once
(:class:`BoardSnapshot`), the clock's lever (:class:`Lever`) and buttons (:class:`Button`).
Each reading has its time ``at`` in integer milliseconds since the game's ``start`` event, read
exactly as the arbiter reads an event's ``at`` (``docs/events.md``).
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar, TypeAlias

from chesslaws._color import Color
from chesslaws._errors import InvalidReading
from chesslaws._words import Words, said
from chesslaws.arbiter import Millis, seconds_to_ms
from chesslaws.core import PieceType, parse_square, square_name

__all__ = [
    "OCCUPIED",
    "BoardSnapshot",
    "Button",
    "ButtonName",
    "Flag",
    "Lever",
    "Lift",
    "Place",
    "Reading",
    "code_of_letter",
    "letter_of_code",
    "parse_placement",
    "parse_reading",
    "placement_of",
    "reading_from_json",
]

#: The code of a square an occupancy-only board reports filled, piece unknown (the core's
#: piece codes are ``type | colour << 3``: 1–6 for White, 9–14 for Black; 7 is unused).
OCCUPIED = 7

_LETTERS = "PNBRQK"


def code_of_letter(letter: str) -> int:
    """The core's piece code for a FEN letter (``"P"`` 1, ``"k"`` 14), ``?`` for OCCUPIED."""
    if letter == "?":
        return OCCUPIED
    index = _LETTERS.find(letter.upper()) if len(letter) == 1 else -1
    if index < 0:
        why = Words(
            "not a piece letter: {letter} (FEN letters PNBRQK, pnbrqk)", letter=repr(letter)
        )
        raise ValueError(why)
    return (index + 1) | (0 if letter.isupper() else 8)


def letter_of_code(code: int) -> str:
    """The FEN letter of a piece code (``?`` for OCCUPIED)."""
    if code == OCCUPIED:
        return "?"
    letter = _LETTERS[(code & 7) - 1]
    return letter if code < 8 else letter.lower()


def parse_placement(text: str) -> tuple[int, ...]:
    """The 64 codes (a1 first) of a FEN placement; ``?`` is a square filled by an unknown piece.

    >>> parse_placement("8/8/8/8/8/8/8/?6K")[:8]
    (7, 0, 0, 0, 0, 0, 0, 6)
    """
    ranks = text.strip().split("/")
    if len(ranks) != 8:
        raise ValueError(
            Words("a placement has 8 ranks separated by '/', not {count}", count=len(ranks))
        )
    codes = [0] * 64
    for row, rank_text in enumerate(ranks):
        rank = 7 - row
        file = 0
        for char in rank_text:
            if char.isdigit():
                file += int(char)
                continue
            if file > 7:
                break
            codes[rank * 8 + file] = code_of_letter(char)
            file += 1
        if file != 8:
            why = Words(
                "rank {rank} of the placement has {count} squares, not 8", rank=rank + 1, count=file
            )
            raise ValueError(why)
    return tuple(codes)


def placement_of(codes: tuple[int, ...] | list[int]) -> str:
    """The FEN placement of 64 codes (``?`` for OCCUPIED)."""
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            code = codes[rank * 8 + file]
            if not code:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += letter_of_code(code)
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


@dataclass(frozen=True, slots=True)
class Lift:
    """A square emptied: a piece was lifted off it (or fell off)."""

    at: Millis
    square: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "lift", "at": self.at / 1000, "square": square_name(self.square)}


@dataclass(frozen=True, slots=True)
class Place:
    """A square filled; ``code`` is the piece (the core's code) or OCCUPIED when not identified."""

    at: Millis
    square: int
    code: int = OCCUPIED

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "place", "at": self.at / 1000}
        out["square"] = square_name(self.square)
        if self.code != OCCUPIED:
            out["piece"] = letter_of_code(self.code)
        return out


@dataclass(frozen=True, slots=True)
class BoardSnapshot:
    """The whole board at once (a board dump): 64 codes, a1 first, 0 for an empty square."""

    at: Millis
    codes: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "board", "at": self.at / 1000, "placement": placement_of(self.codes)}


@dataclass(frozen=True, slots=True)
class _PlayersReading:
    """A reading of one player's side of the clock, at an instant."""

    KIND: ClassVar[str] = ""
    at: Millis
    by: Color

    def to_json(self) -> dict[str, Any]:
        return {"type": self.KIND, "at": self.at / 1000, "by": self.by.label}


@dataclass(frozen=True, slots=True)
class Lever(_PlayersReading):
    """``by`` presses the clock's lever: his clock stops, the opponent's starts (6.2.1)."""

    KIND: ClassVar[str] = "lever"


@dataclass(frozen=True, slots=True)
class Flag(_PlayersReading):
    """The clock shows ``by``'s flag fallen (6.1.1): its time is out (a DGT clock's flag bits)."""

    KIND: ClassVar[str] = "flag"


class ButtonName(enum.Enum):
    """The buttons a board or clock may have (``docs/eboard.md``)."""

    ADJUST = "adjust"  # j'adoube announced (4.2.1)
    PROMOTE = "promote"  # the promotion piece, for boards that cannot tell pieces apart (4.4.4)
    OFFER_DRAW = "offer_draw"
    ACCEPT_DRAW = "accept_draw"
    DECLINE_DRAW = "decline_draw"
    RESIGN = "resign"
    ANNOUNCE = "announce"  # the move just made has been announced (Appendix D.2.1, D.2.3)


@dataclass(frozen=True, slots=True)
class Button:
    """``by`` presses a button; ``piece`` is the promotion piece chosen with ``promote``."""

    at: Millis
    by: Color
    name: ButtonName
    piece: PieceType | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "button", "at": self.at / 1000, "by": self.by.label}
        out["name"] = self.name.value
        if self.piece is not None:
            out["piece"] = self.piece.letter.lower()
        return out


Reading: TypeAlias = Lift | Place | BoardSnapshot | Lever | Button | Flag
"""Any reading of a readings log."""


def at_line(line: int | None, text: Words) -> Words:
    """``text`` after the number of the log's line it is about (0-based), when known."""
    return text if line is None else Words("line {line}: {said}", line=line, said=text)


class _Fields:
    """Reads the fields of one reading object, raising InvalidReading naming line and field."""

    __slots__ = ("kind", "line", "obj")

    def __init__(self, obj: dict[str, Any], line: int | None, kind: str) -> None:
        self.obj, self.line, self.kind = obj, line, kind

    def fail(self, name: str, message: str) -> InvalidReading:
        """The error naming the line, the reading's type (a code) and the field."""
        why = Words("{kind} reading: {said}", kind=self.kind, said=message)
        return InvalidReading(at_line(self.line, why), line=self.line, field=name)

    def at(self) -> Millis:
        value = self.obj.get("at")
        if isinstance(value, bool) or not isinstance(value, int | Decimal | float):
            raise self.fail(
                "at",
                Words(
                    "'{name}' must be a number of seconds, not {value}",
                    name="at",
                    value=repr(value),
                ),
            )
        try:
            ms = seconds_to_ms(value)
        except ValueError as error:
            raise self.fail("at", said(error)) from None
        if ms < 0:
            raise self.fail("at", Words("'at' is negative: {value}", value=value))
        return ms

    def square(self) -> int:
        value = self.obj.get("square")
        if not isinstance(value, str):
            raise self.fail(
                "square",
                Words(
                    "'{name}' must be a square name such as \"e2\", not {value}",
                    name="square",
                    value=repr(value),
                ),
            )
        try:
            return parse_square(value.strip().lower())
        except ValueError:
            raise self.fail("square", Words("no such square: {value}", value=repr(value))) from None

    def color(self) -> Color:
        value = self.obj.get("by")
        if value not in ("white", "black"):
            raise self.fail(
                "by",
                Words(
                    '\'{name}\' must be "white" or "black", not {value}',
                    name="by",
                    value=repr(value),
                ),
            )
        return Color.parse(value)

    def piece(self) -> int:
        value = self.obj.get("piece")
        if value is None:
            return OCCUPIED
        if not isinstance(value, str) or len(value) != 1 or value == "?":
            raise self.fail(
                "piece",
                Words(
                    "'piece' must be one FEN letter (PNBRQK, pnbrqk), not {value}",
                    value=repr(value),
                ),
            )
        try:
            return code_of_letter(value)
        except ValueError as error:
            raise self.fail("piece", said(error)) from None


def _button(fields: _Fields) -> Button:
    name_text = fields.obj.get("name")
    names = ", ".join(repr(n.value) for n in ButtonName)
    try:
        name = ButtonName(name_text)
    except ValueError:
        raise fields.fail(
            "name",
            Words(
                "'{name}' must be one of {allowed}, not {value}",
                name="name",
                allowed=names,
                value=repr(name_text),
            ),
        ) from None
    piece: PieceType | None = None
    if name is ButtonName.PROMOTE:
        letter = fields.obj.get("piece")
        if not isinstance(letter, str) or letter.strip().lower() not in ("q", "r", "b", "n"):
            raise fields.fail(
                "piece",
                Words(
                    "'promote' needs 'piece': one of q, r, b, n, not {value}", value=repr(letter)
                ),
            )
        piece = PieceType("pnbrqk".index(letter.strip().lower()) + 1)
    return Button(fields.at(), fields.color(), name, piece)


def reading_from_json(obj: object, line: int | None = None) -> Reading:
    """The reading an already-decoded JSON object stands for; ``InvalidReading`` if none."""
    if not isinstance(obj, dict):
        why = Words("a reading is a JSON object, not {value}", value=repr(obj)[:160])
        raise InvalidReading(at_line(line, why), line=line)
    kind = obj.get("type")
    fields = _Fields(obj, line, str(kind))
    if kind == "lift":
        return Lift(fields.at(), fields.square())
    if kind == "place":
        return Place(fields.at(), fields.square(), fields.piece())
    if kind == "lever":
        return Lever(fields.at(), fields.color())
    if kind == "flag":
        return Flag(fields.at(), fields.color())
    if kind == "button":
        return _button(fields)
    if kind == "board":
        text = obj.get("placement")
        if not isinstance(text, str):
            raise fields.fail(
                "placement",
                Words("'placement' must be a FEN placement, not {value}", value=repr(text)),
            )
        try:
            codes = parse_placement(text)
        except ValueError as error:
            raise fields.fail(
                "placement", Words("bad placement {value}: {why}", value=repr(text), why=error)
            ) from None
        return BoardSnapshot(fields.at(), codes)
    why = Words(
        "unknown reading type {value} (known: {known}; the first line: start)",
        value=repr(kind),
        known="lift, place, board, lever, flag, button",
    )
    raise InvalidReading(at_line(line, why), line=line, field="type")


def _no_constant(name: str) -> Any:
    raise ValueError(Words("{name} is not a number", name=name))


def parse_reading(text: str, line: int | None = None) -> Reading:
    """Read one JSON line of a readings log (``line`` numbers the error, 0-based).

    >>> parse_reading('{"type": "place", "at": 1.25, "square": "e4", "piece": "P"}')
    Place(at=1250, square=28, code=1)
    """
    try:
        obj = json.loads(text, parse_float=Decimal, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        raise InvalidReading(
            at_line(line, Words("not valid JSON: {error}", error=error)), line=line
        ) from None
    return reading_from_json(obj, line)
