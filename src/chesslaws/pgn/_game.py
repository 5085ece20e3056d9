"""A game as read from PGN: tags, the main line with its variations, and what went wrong.

The record follows Article 8 (the scoresheet holds the moves, the clock times and other relevant
data) and the PGN export format. A :class:`Game` keeps both what was *written* (``sans``: the move
text exactly as it stood in the file) and what was *checked* (``moves``: the legal moves the
replay found, Appendix C). A game that could not be read to the end carries its
:class:`ReadError` records; reading goes on with the next game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chesslaws.clock import TimeControl
    from chesslaws.core import Move, Position

__all__ = [
    "HALF_SCORES",
    "SEVEN_TAG_ROSTER",
    "Game",
    "Line",
    "ReadError",
    "read_start",
    "start_position",
]

SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
"""The tags every exported PGN game starts with, in this order (PGN standard 8.1.1)."""

RESULTS = frozenset({"1-0", "0-1", "1/2-1/2", "*"})
"""The game termination markers of PGN (``*``: the game is unfinished or the result unknown)."""

HALF_SCORES = frozenset({"1/2-0", "0-1/2"})
"""Scores the arbiter may give that PGN has no marker for (10.2; 12.9.5: the offender's points
reduced, the opponent's half point kept): read as results, in the movetext and the tag."""

_OFFER = re.compile(r"(?<!\S)\(=\)(?!\S)")


_STARTS: dict[tuple[str | None, bool], tuple[Position, tuple[str, ...]]] = {}
_MAX_STARTS = 512
_MAX_CACHED_FEN = 200


def read_start(fen: str | None, chess960: bool) -> tuple[Position, tuple[str, ...]]:
    """A new position from a ``FEN`` tag (``None``: the initial position), copied from a cache,
    and notes of what was mended to read it.

    The tag is read leniently, as real files need (``Position.read_fen``): a fullmove number 0
    is read as 1, castling rights and an en passant square the position cannot have are
    dropped. Building a position from FEN text costs far more than copying one, and a
    collection's games mostly share their start. Raises :class:`~chesslaws.InvalidFen` for a
    bad FEN.
    """
    key = (fen, chess960)
    cached = _STARTS.get(key)
    if cached is None:
        from chesslaws.core import Position

        if fen is None:
            cached = (Position.from_chess960(518) if chess960 else Position(), ())
        else:
            cached = Position.read_fen(fen, chess960=chess960)
        if fen is None or len(fen) <= _MAX_CACHED_FEN:
            if len(_STARTS) >= _MAX_STARTS:
                _STARTS.clear()
            _STARTS[key] = cached
    return cached[0].copy(), cached[1]


def start_position(fen: str | None, chess960: bool) -> Position:
    """The position of :func:`read_start` alone."""
    return read_start(fen, chess960)[0]


@dataclass(frozen=True, slots=True)
class ReadError:
    """Why a game could not be read (or replayed) to the end, and where.

    ``game`` is the 1-based number of the game in its file; ``line`` and ``column`` are 1-based
    (column counts characters of the decoded line). ``text`` is the offending text (a move, a tag
    line, a bracket) and ``reason`` says what was expected. ``ply`` is the 1-based half-move of the
    main line at fault when the error is a move, else ``None``.
    """

    game: int
    line: int
    column: int
    text: str
    reason: str
    ply: int | None = None

    def __str__(self) -> str:
        where = f"game {self.game}, line {self.line}, column {self.column}"
        return f"{where}: {self.reason}" + (f": {self.text!r}" if self.text else "")

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready mapping of the fields."""
        return {
            "game": self.game,
            "line": self.line,
            "column": self.column,
            "text": self.text,
            "reason": self.reason,
            "ply": self.ply,
        }


@dataclass(frozen=True, slots=True)
class Line:
    """A line of play from one position: the main line of a game, or a variation.

    ``sans`` holds each move as written (annotation glyphs ``!?`` moved to ``nags``). ``moves``
    holds the legal moves found by replaying them: it is a prefix of ``sans`` (shorter when a
    move could not be replayed; empty when the game was read without replay).

    ``comments[i]`` is the comment after move ``i`` (0-based); ``comments[-1]`` is the comment
    before the first move. ``nags[i]`` are the numeric annotation glyphs of move ``i``.
    ``variations[i]`` are the alternatives to move ``i``, each starting from the position
    before it.
    """

    sans: tuple[str, ...] = ()
    moves: tuple[Move, ...] = ()
    comments: Mapping[int, str] = field(default_factory=dict)
    nags: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    variations: Mapping[int, tuple[Line, ...]] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.sans)


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a PGN file (Article 8: the record of the moves).

    - ``number``: 1-based position of the game in its file; ``line``: the line it starts on.
    - ``tags``: the tag pairs in file order (``tags["White"]``, ...).
    - ``main``: the main line, with comments, NAGs and variations.
    - ``result``: the game termination marker at the end of the movetext (``""`` if missing).
    - ``fen``: the start position given by the ``FEN`` tag, or ``None`` for the initial position;
      ``chess960``: the game is Chess960 (``Variant`` tag; Guidelines II).
    - ``errors``: what could not be read or replayed, in file order (empty for a good game).
    - ``notes``: what was mended to read the game (the same records as errors; the game is
      still good): a FEN tag's impossible castling rights dropped, a fullmove number 0 read as
      1, quotes inside a tag value, an unknown annotation glyph dropped, an illegal move in a
      side variation (that variation stops there; the main line is replayed and judged).
    """

    number: int
    line: int
    tags: Mapping[str, str]
    main: Line
    result: str = ""
    fen: str | None = None
    chess960: bool = False
    errors: tuple[ReadError, ...] = ()
    notes: tuple[ReadError, ...] = ()
    replayed: Position | None = field(default=None, compare=False, repr=False)
    """The position after the main line's legal moves, with those moves made on it (its
    history), as the replay left it; ``None`` when not replayed. Read it through :meth:`end`."""

    @property
    def ok(self) -> bool:
        """True when the game was read and replayed without error."""
        return not self.errors

    @property
    def error(self) -> ReadError | None:
        """The first error, or ``None`` for a good game."""
        return self.errors[0] if self.errors else None

    @property
    def moves(self) -> tuple[Move, ...]:
        """The legal moves of the main line, in order."""
        return self.main.moves

    @property
    def sans(self) -> tuple[str, ...]:
        """The moves of the main line as written in the file."""
        return self.main.sans

    @property
    def white(self) -> str:
        """The ``White`` tag (``"?"`` when absent)."""
        return self.tags.get("White", "?")

    @property
    def black(self) -> str:
        """The ``Black`` tag (``"?"`` when absent)."""
        return self.tags.get("Black", "?")

    @property
    def recorded_result(self) -> str:
        """The ``Result`` tag, or the movetext's termination marker when the tag is absent."""
        return self.tags.get("Result", self.result or "*")

    def start(self) -> Position:
        """A new :class:`~chesslaws.core.Position` at the start of the game.

        Raises :class:`~chesslaws.InvalidFen` if the ``FEN`` tag cannot be read (such a game
        carries a :class:`ReadError` for it).
        """
        return start_position(self.fen, self.chess960)

    def end(self) -> Position:
        """The position after the last legal move of the main line (a new copy each time,
        holding those moves: ``position.move_stack``)."""
        if self.replayed is not None:
            return self.replayed.copy()
        position = self.start()
        push = position.push
        for move in self.main.moves:
            push(move)
        return position

    @property
    def draw_offers(self) -> tuple[int, ...]:
        """The 1-based plies of the main line whose move a draw was offered with: the mark
        ``(=)`` after the move (8.1.5), as a token or in its comment (where ``chesslaws
        arbitrate --pgn`` and the server write it), in order.

        >>> from chesslaws import pgn
        >>> pgn.read_game("1. e4 e5 2. Nf3 (=) Nc6 3. Bb5 {[%clk 0:04:58] (=)} 1/2-1/2").draw_offers
        (3, 5)
        """
        comments = self.main.comments
        if not comments or "(=)" not in "\n".join(comments.values()):
            return ()  # the usual game: one look at all its comments, not one at each
        return tuple(i + 1 for i in sorted(comments) if i >= 0 and _OFFER.search(comments[i]))

    def comment_after(self, ply: int) -> str:
        """The comment after the main-line move of 1-based ``ply`` (``""`` when none)."""
        return self.main.comments.get(ply - 1, "")

    def time_control(self) -> TimeControl | None:
        """The ``TimeControl`` tag read as a :class:`~chesslaws.clock.TimeControl` (Article 6).

        ``None`` when the tag is absent; raises :class:`~chesslaws.TimeControlError` when it
        cannot be read.

        >>> from chesslaws import pgn
        >>> str(pgn.read_game('[TimeControl "180+2"]\\n\\n*').time_control())
        '180+2'
        """
        from chesslaws.clock import TimeControl

        text = self.tags.get("TimeControl")
        return None if text is None else TimeControl.parse(text)

    def time_controls(self) -> tuple[TimeControl, TimeControl] | None:
        """White's and Black's controls: the ``WhiteTimeControl`` and ``BlackTimeControl`` tags
        of a game at time odds (as cutechess and ``chesslaws match`` write them), else the
        ``TimeControl`` tag for both.

        ``None`` when neither says both players' controls (one per-player tag alone says
        nothing of the other player's); raises :class:`~chesslaws.TimeControlError` when a
        tag cannot be read.

        >>> from chesslaws import pgn
        >>> game = pgn.read_game('[WhiteTimeControl "300"]\\n[BlackTimeControl "240+2@61"]\\n\\n*')
        >>> [str(control) for control in game.time_controls()]
        ['300', '240+2@61']
        """
        from chesslaws.clock import TimeControl

        white, black = self.tags.get("WhiteTimeControl"), self.tags.get("BlackTimeControl")
        if white is not None and black is not None:
            return TimeControl.parse(white), TimeControl.parse(black)
        both = self.time_control()
        return None if both is None else (both, both)

    def clock_after(self, ply: int) -> tuple[int | None, int | None]:
        """The ``[%clk]`` and ``[%emt]`` times in ms after the move of 1-based ``ply``.

        ``[%clk]`` is the mover's time left on the clock, ``[%emt]`` the time the move took
        (Article 8.1.4: clock times belong on the scoresheet); ``None`` when not recorded or
        unreadable.

        >>> from chesslaws import pgn
        >>> pgn.read_game("1. e4 { [%clk 0:02:59.5] [%emt 0:00:01] } *").clock_after(1)
        (179500, 1000)
        """
        from chesslaws.clock import parse_clock_comment

        comment = self.main.comments.get(ply - 1)
        if comment is None:
            return None, None
        return parse_clock_comment(comment, strict=False)
