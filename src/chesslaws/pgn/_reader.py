"""Reading PGN files: a streaming, error-recovering reader (Article 8; Appendix C).

``read_games`` yields every game of a file in order, one at a time: memory does not grow with
the file. A game that cannot be read (a broken tag, an unreadable or illegal move, an unbalanced
variation, a truncated end) is still yielded, carrying :class:`ReadError` records with the game
number, line, column, text and reason; the next game is read as usual. So the number of games in
a file always equals the good ones plus the bad ones.
"""

from __future__ import annotations

import os
from bisect import bisect_right
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any, Generic, TypeVar

from chesslaws._words import Words

from ._game import Game, Line, ReadError
from ._movetext import LineDraft, move_offsets, parse_movetext, parse_tag_line
from ._source import MAX_GAME_BYTES, RawGame, decode, open_lines, split_games

if TYPE_CHECKING:
    from chesslaws.core import Position

__all__ = ["CHESS960_VARIANTS", "game_offsets", "read_game", "read_games"]

CHESS960_VARIANTS = frozenset(
    {"chess960", "chess 960", "fischerandom", "fischer random", "fischerrandom", "960", "frc"}
)
"""``Variant`` tag values naming Chess960 (compared case-insensitively)."""

_T = TypeVar("_T")

_STANDARD_VARIANTS = frozenset({"", "standard", "chess", "normal", "from position", "classical"})


def read_games(
    source: str | os.PathLike[str] | IO[Any],
    *,
    replay: bool = True,
    offset: int = 0,
    first_line: int = 1,
    first_game: int = 1,
    max_games: int | None = None,
) -> Reading[Game]:
    """Every game of a PGN file, in order, as :class:`Game` records.

    ``source`` is a path, a binary file (any encoding: UTF-8 with or without BOM, else Latin-1)
    or a text file. With ``replay`` (the default) each game's moves are replayed through the
    rules engine, so illegal moves are found; without it only the syntax is read (faster).

    ``offset``, ``first_line`` and ``first_game`` start reading a path at a game boundary found
    by :func:`chesslaws.pgn.game_offsets` (byte offset, its line, and that game's number); an
    open file is taken to be at that offset already. ``max_games`` stops after so many games:
    this is how the auditor spreads one file over several workers.

    >>> import io
    >>> game = next(read_games(io.StringIO('[White "A"]\\n\\n1. e4 e5 2. Nf3 *\\n')))
    >>> game.sans, game.ok
    (('e4', 'e5', 'Nf3'), True)
    """
    lines, handle = open_lines(source)
    if offset and handle is not None:
        handle.seek(offset)
    raws = split_games(lines, first_line=first_line, offset=offset, max_games=max_games)
    return Reading(_built(raws, first_game, replay), handle)


def _built(raws: Iterator[RawGame], first_game: int, replay: bool) -> Iterator[Game]:
    # a generator function, not a generator expression: mypyc reads one given as an argument
    # into a list at once (every game of the file in memory; tests/pgn/test_memory.py)
    for number, raw in enumerate(raws, first_game):
        yield build_game(raw, number, replay=replay)


def read_game(text: object, *, replay: bool = True) -> Game:
    """The first game of a PGN text given as a string.

    Raises :class:`~chesslaws.PgnError` when the text holds no game at all, or is not text (not
    a string, or a lone surrogate, which no encoding writes).
    """
    from chesslaws._errors import PgnError

    if not isinstance(text, str):
        why = Words("PGN must be a string, not {kind}", kind=type(text).__name__)
        raise PgnError(why, line=1, column=1)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as error:
        line = text.count("\n", 0, error.start) + 1
        column = error.start - (text.rfind("\n", 0, error.start) + 1) + 1
        code = ord(text[error.start])
        raise PgnError(
            Words(
                "line {line}, column {column}: a lone surrogate (U+{code}) is not text",
                line=line,
                column=column,
                code=format(code, "04X"),
            ),
            line=line,
            column=column,
        ) from None
    raws = split_games(iter(data.splitlines(keepends=True)), max_games=1)
    for raw in raws:
        return build_game(raw, 1, replay=replay)
    raise PgnError(Words("no game in the text"), line=1, column=1, text=text[:40])


def build_game(raw: RawGame, number: int, *, replay: bool = True) -> Game:
    """Read one game's lines into a :class:`Game` (tags, movetext, replay, errors)."""
    found: list[tuple[int, int, str, str, int | None]] = []  # (line, column, text, reason, ply)
    mended: list[tuple[int, int, str, str, int | None]] = []  # the same, for notes
    lines = decode(raw.tag_lines + raw.text_lines)
    tag_count = len(raw.tag_lines)
    tags: dict[str, str] = {}
    tag_at: dict[str, tuple[int, int]] = {}
    tag_notes: list[tuple[int, str]] = []
    for lineno, text in lines[:tag_count]:
        pairs, bad = parse_tag_line(text, tag_notes)
        while tag_notes:
            column, what = tag_notes.pop()
            mended.append((lineno, column + 1, text.strip()[:80], what, None))
        for name, value in pairs:
            tags[name] = value
            tag_at[name] = (lineno, text.find(name) + 1)
        if bad is not None:
            found.append((lineno, bad + 1, text.strip()[:80], Words("broken tag pair"), None))
    text_lines = lines[tag_count:]
    movetext = "\n".join(text for _, text in text_lines)
    starts: list[int] = []

    def where(offset: int) -> tuple[int, int]:
        """Line and column of an offset into the movetext (only needed for errors)."""
        if not text_lines:
            return raw.first_line, 1
        if not starts:
            at = 0
            for _, text in text_lines:
                starts.append(at)
                at += len(text) + 1
        index = max(bisect_right(starts, offset) - 1, 0)
        return text_lines[index][0], offset - starts[index] + 1

    draft, result, syntax = parse_movetext(movetext)
    if not text_lines and not raw.oversized:
        syntax = [(0, "", Words("no moves and no result after the tags (truncated?)"))]
    for offset, token, reason in syntax:
        line, column = where(offset)
        found.append((line, column, token, reason, None))
    for offset, token, reason in draft.notes:
        line, column = where(offset)
        mended.append((line, column, token, reason, None))
    if raw.unterminated_comment:
        found.append(
            (
                raw.unterminated_comment,
                1,
                "{",
                Words("comment not closed before the next game"),
                None,
            )
        )
    if raw.oversized:
        found.append(
            (
                raw.first_line,
                1,
                "",
                Words("game longer than {most} bytes: cut short", most=MAX_GAME_BYTES),
                None,
            )
        )
    fen = tags.get("FEN")
    variant = tags.get("Variant", "").strip().lower()
    chess960 = variant in CHESS960_VARIANTS
    main = None
    replayed = None
    if not chess960 and variant not in _STANDARD_VARIANTS:
        line, column = tag_at.get("Variant", (raw.first_line, 1))
        why = Words("not a variant of the Laws of Chess")
        found.append((line, column, tags["Variant"], why, None))
    elif replay:
        done = _replay(draft, movetext, fen, chess960, tag_at, raw, found, mended, where)
        if done is not None:
            main, replayed = done
    if main is None:  # not replayed: the moves as text only
        main = Line(tuple(draft.sans), (), draft.comments, draft.nags, _frozen_variations(draft))
    return Game(
        number,
        raw.first_line,
        tags,
        main,
        result,
        fen,
        chess960,
        _records(number, found),
        _records(number, mended),
        replayed,
    )


def _records(
    number: int, found: list[tuple[int, int, str, str, int | None]]
) -> tuple[ReadError, ...]:
    if not found:
        return ()
    found.sort(key=lambda item: (item[0], item[1]))
    return tuple(
        ReadError(number, line, column, text, reason, ply)
        for line, column, text, reason, ply in found
    )


def _replay(
    draft: LineDraft,
    movetext: str,
    fen: str | None,
    chess960: bool,
    tag_at: dict[str, tuple[int, int]],
    raw: RawGame,
    found: list[tuple[int, int, str, str, int | None]],
    mended: list[tuple[int, int, str, str, int | None]],
    where: Any,
) -> tuple[Line, Position] | None:
    """Replay the main line and its variations; errors of the main line go to ``found``, those
    of a variation (it stops there; the main line goes on) and a mended FEN to ``mended``."""
    from chesslaws._errors import ChessLawsError

    from ._game import read_start
    from ._replay import MoveError, replay_line

    try:
        position, fen_notes = read_start(fen, chess960)
    except ChessLawsError as exc:
        line, column = tag_at.get("FEN", (raw.first_line, 1))
        found.append((line, column, fen or "", Words("start position: {why}", why=exc), None))
        return None
    if fen_notes:
        line, column = tag_at.get("FEN", (raw.first_line, 1))
        mended.extend(
            (line, column, fen or "", Words("FEN tag: {note}", note=note), None)
            for note in fen_notes
        )
    move_errors: list[MoveError] = []
    main = replay_line(draft, position, move_errors, main=True, undo=False)
    national = _national(draft, fen, chess960, move_errors)
    if national is not None:
        main, position, move_errors, note = national
        mended.append((*where(_offset(movetext, note[0])), note[1], note[2], None))
    for offset, token, reason, ply in move_errors:
        if offset < 0:
            offset = move_offsets(movetext)[-1 - offset]
        line, column = where(offset)
        (found if ply is not None else mended).append((line, column, token, reason, ply))
    return main, position


def _offset(movetext: str, offset: int) -> int:
    return move_offsets(movetext)[-1 - offset] if offset < 0 else offset


def _national(
    draft: LineDraft, fen: str | None, chess960: bool, errors: list[Any]
) -> tuple[Line, Position, list[Any], tuple[int, str, str]] | None:
    """The main line read in another language's piece letters (Appendix C.3: "each player is
    free to use the names of the pieces in his/her own language") when English stops at a
    letter that is a piece letter elsewhere: the game is read again in each such language, and
    taken if the languages that read it furthest all read the same moves (Spanish and Italian
    share their letters); never a guess between two readings. Returns the line, the position,
    its errors and a note ``(offset, token, reason)`` of what was mended."""
    stop = next((e for e in errors if e[3] is not None), None)
    if stop is None:  # English read the main line to its end (the usual game): no import
        return None
    from chesslaws.core import LANGUAGES, san_languages, san_to_english
    from chesslaws.core._languages import _join

    from ._game import read_start
    from ._replay import replay_line

    candidates = [lang for lang in san_languages(stop[1]) if lang not in ("en", "figurine")]
    readings = []
    for lang in candidates:
        position = read_start(fen, chess960)[0]
        found: list[Any] = []
        line = replay_line(draft, position, found, main=True, undo=False, lang=lang)
        readings.append((len(line.moves), lang, line, position, found))
    best = max((r[0] for r in readings), default=0)
    top = [r for r in readings if r[0] == best]
    english_read = stop[3] - 1  # the ply of the first move English could not read, less one
    if best <= english_read or len({r[2].moves for r in top}) != 1:
        return None
    _, lang, line, position, found = top[0]
    reason = Words(
        "piece letters read as {languages} (Appendix C.3: {written} is {english}); PGN writes "
        "the English letters",
        languages=_join([LANGUAGES[r[1]].name for r in top]),
        written=repr(stop[1]),
        english=repr(san_to_english(stop[1], lang)),
    )
    return line, position, found, (stop[0], stop[1], reason)


def _frozen_variations(draft: LineDraft) -> dict[int, tuple[Line, ...]]:
    """Variations as lines of text only (for games read without replay)."""
    return {
        index: tuple(
            Line(tuple(v.sans), (), v.comments, v.nags, _frozen_variations(v)) for v in lines
        )
        for index, lines in draft.variations.items()
    }


def game_offsets(source: str | os.PathLike[str]) -> Reading[tuple[int, int]]:
    """``(byte offset, line number)`` where each game of a PGN file starts, in order.

    Reading from such an offset with ``read_games(path, offset=..., first_line=...,
    first_game=...)`` gives exactly the games a reading from the start gives there: the same
    game boundaries, numbers and lines.
    """
    lines, handle = open_lines(source)
    return Reading(_starts(split_games(lines)), handle)


def _starts(raws: Iterator[RawGame]) -> Iterator[tuple[int, int]]:
    for raw in raws:  # a generator function: see _built
        yield raw.offset, raw.first_line


class Reading(Generic[_T]):
    """The items read from a file, one at a time, and the file to close: closed at the end, by
    :meth:`close` (or ``with``), or when the reading is dropped before its end.

    A class, not a generator with ``finally``: a compiled generator dropped before its end does
    not run its ``finally`` (docs/compiled.md).
    """

    def __init__(self, items: Iterator[_T], handle: IO[Any] | None) -> None:
        self._items = items
        self._handle = handle

    def __iter__(self) -> Reading[_T]:
        return self

    def __next__(self) -> _T:
        try:
            return next(self._items)
        except BaseException:
            self.close()  # the end (StopIteration) or an error: the file is no longer needed
            raise

    def close(self) -> None:
        """Close the file now; the reading then ends."""
        handle = self._handle
        if handle is not None:
            self._handle = None
            self._items = iter(())
            handle.close()

    def __enter__(self) -> Reading[_T]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()
