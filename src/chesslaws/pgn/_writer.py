"""Writing games in the PGN export format (Article 8; Appendix C).

The Seven Tag Roster comes first, in its order, then the other tags as they were read; the
movetext follows in Standard Algebraic Notation as the rules engine writes it (``O-O``, ``e8=Q``,
check marks), with move numbers, NAGs, comments and variations, wrapped into lines of at most
79 characters (the export format's limit; breaks fall only between tokens, and a comment may
wrap between its words). Two things cannot be broken and so may make a longer line: a tag pair
(PGN keeps each on one line) and a single comment word longer than a line. No line starts with
``%``, which would make it an escape line. Reading what was written gives the same game back
(comments with their white space runs made single spaces, as the reader normalises them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, TYPE_CHECKING, TypeVar

from ._game import SEVEN_TAG_ROSTER, Game, Line

if TYPE_CHECKING:
    from chesslaws.core import Position

__all__ = ["LINE_WIDTH", "write_game"]

LINE_WIDTH = 79
"""Longest movetext line written (PGN export format, section 3.2.2)."""

_T = TypeVar("_T")
_DEFAULTS = {"Date": "????.??.??", "Result": "*"}


def write_game(game: Game, file: IO[str] | None = None, *, width: int = LINE_WIDTH) -> str:
    """The game in PGN export format (ending with a blank line); also written to ``file``.

    Moves that were replayed are written in canonical SAN; moves that could not be replayed
    (a game with errors) are written as they were read.

    >>> from chesslaws import pgn
    >>> print(pgn.write_game(pgn.read_game('1. e4 e5 2. Nf3 Nc6 *')), end="")
    [Event "?"]
    [Site "?"]
    [Date "????.??.??"]
    [Round "?"]
    [White "?"]
    [Black "?"]
    [Result "*"]
    <BLANKLINE>
    1. e4 e5 2. Nf3 Nc6 *
    <BLANKLINE>
    """
    result = game.result or game.tags.get("Result", "*")
    out = [_tag(name, game.tags.get(name, _DEFAULTS.get(name, "?"))) for name in SEVEN_TAG_ROSTER]
    out[-1] = _tag("Result", game.tags.get("Result", result))
    out.extend(_tag(k, v) for k, v in game.tags.items() if k not in SEVEN_TAG_ROSTER)
    out.append("")
    position = _start(game)
    tokens: list[str] = []
    if position is None:
        _line_text(game.main, tokens)
    else:
        _line_tokens(game.main, position, tokens)
    tokens.append(result)
    out.extend(_wrap(_glue(tokens), width))
    text = "\n".join(out) + "\n\n"
    if file is not None:
        file.write(text)
    return text


def _tag(name: str, value: str) -> str:
    # A tag pair is one line (PGN 8.1): line ends and other control characters become spaces.
    value = "".join(" " if ord(c) < 32 or ord(c) == 127 else c for c in value)
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _start(game: Game) -> Position | None:
    if not game.main.moves:
        return None
    from chesslaws._errors import ChessLawsError

    try:
        return game.start()
    except ChessLawsError:
        return None


def _comment(text: str, tokens: list[str]) -> None:
    words = text.replace("}", ")").split()
    if not words:
        return
    words[0] = "{" + words[0]
    words[-1] += "}"
    tokens.extend(words)


def _line_tokens(line: Line, position: Position, tokens: list[str]) -> None:
    """Tokens of a line whose moves were replayed, written with the engine's SAN."""
    comments = line.comments
    nags = line.nags
    variations = line.variations
    if -1 in comments:
        _comment(comments[-1], tokens)
    need_number = True
    pushed = 0
    for index, written in enumerate(line.sans):
        if index < len(line.moves):
            move = line.moves[index]
            san = position.san(move)
        else:
            move = None
            san = written
        number = position.fullmove_number
        if position.turn == 0:
            tokens.append(f"{number}.")
        elif need_number:
            tokens.append(f"{number}...")
        tokens.append(san)
        need_number = False
        if index in nags:
            tokens.extend(f"${nag}" for nag in nags[index])
        if index in comments:
            _comment(comments[index], tokens)
            need_number = True
        if index in variations:
            for variation in variations[index]:
                tokens.append("(")
                _line_tokens(variation, position, tokens)
                tokens.append(")")
            need_number = True
        if move is None:
            # Not replayed: the rest is written as read, without move numbers.
            rest = Line(
                line.sans[index + 1 :], (), _shift(comments, index + 1), _shift(nags, index + 1)
            )
            _line_text(rest, tokens, skip_start=True)
            break
        position.push(move)
        pushed += 1
    for _ in range(pushed):
        position.pop()


def _shift(mapping: Mapping[int, _T], by: int) -> dict[int, _T]:
    """The entries of ``mapping`` from index ``by`` on, renumbered from 0."""
    return {k - by: v for k, v in mapping.items() if k >= by}


def _line_text(line: Line, tokens: list[str], *, skip_start: bool = False) -> None:
    """Tokens of a line known only as text (not replayed): the moves as written, no numbers."""
    if -1 in line.comments and not skip_start:
        _comment(line.comments[-1], tokens)
    for index, written in enumerate(line.sans):
        tokens.append(written)
        if index in line.nags:
            tokens.extend(f"${nag}" for nag in line.nags[index])
        if index in line.comments:
            _comment(line.comments[index], tokens)
        for variation in line.variations.get(index, ()):
            tokens.append("(")
            _line_text(variation, tokens)
            tokens.append(")")


def _glue(tokens: list[str]) -> list[str]:
    """Attach a variation's ``(`` to the token after it and its ``)`` to the token before it.

    A comment's words are left alone, even a word that is a lone parenthesis: a comment starts
    with a token beginning with ``{`` and ends with the first token ending with ``}`` (its text
    has no other ``}``, see :func:`_comment`)."""
    glued: list[str] = []
    opening = ""
    in_comment = False
    for token in tokens:
        if in_comment or token.startswith("{"):
            in_comment = not token.endswith("}")
            glued.append(opening + token)
            opening = ""
        elif token == "(":
            opening += "("
        elif token == ")" and glued:
            glued[-1] += ")"
        else:
            glued.append(opening + token)
            opening = ""
    return glued


def _wrap(tokens: list[str], width: int) -> list[str]:
    """Greedy line filling; a line never starts with ``%`` (that would make it an escape line)."""
    lines: list[list[str]] = []
    current: list[str] = []
    length = 0
    for token in tokens:
        if current and length + 1 + len(token) > width:
            carried: list[str] = []
            while token.startswith("%") and len(current) > 1 and not carried:
                carried = [current.pop()]
            lines.append(current)
            current = carried
            length = len(" ".join(current))
        current.append(token)
        length += len(token) + (1 if len(current) > 1 else 0)
    if current:
        lines.append(current)
    return [" ".join(line) for line in lines]
