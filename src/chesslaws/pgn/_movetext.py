"""The syntax of a PGN game: tag pairs and movetext tokens, without any chess legality.

Movetext is cut into tokens by one compiled regular expression, the fastest way to scan text in
CPython. The tokens are: moves (SAN or UCI, with the tolerances of real files: ``0-0``, ``e8Q``,
``exd6 e.p.``, figurines such as ``♘f3``, move numbers glued to the move as in ``1.Nf3``), move
numbers, brace and rest-of-line comments, NAGs (``$14``) and the annotation glyphs they
abbreviate (``!?``, ``±``), variations in parentheses, and the game termination markers.
Anything else is reported with its offset, and the parse goes on so that one error does not hide
the rest of the game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from chesslaws._words import Words

__all__ = [
    "GLYPHS",
    "OFFER_MARK",
    "LineDraft",
    "move_offsets",
    "parse_movetext",
    "parse_tag_line",
]

GLYPHS: dict[str, int] = {
    "!": 1,
    "?": 2,
    "!!": 3,
    "??": 4,
    "!?": 5,
    "?!": 6,
    "=": 10,
    "∞": 13,
    "+=": 14,
    "⩲": 14,
    "=+": 15,
    "⩱": 15,
    "±": 16,
    "+/-": 16,
    "∓": 17,
    "-/+": 17,
    "+-": 18,
    "-+": 19,
}
"""Annotation glyphs written after moves, and the NAG each stands for (PGN standard 10)."""

# Token kinds, by group number of _TOKEN (the alternatives are tried in this order). The first
# alternative takes a whole ply at once, as most movetext is written: an optional move number,
# the move, and an optional closed comment after it (group 2).
_SAN, _SAN_COMMENT = 1, 2
_RESULT, _NUMBER, _COMMENT, _NAG, _GLYPH = 3, 4, 5, 6, 7
_OPEN, _CLOSE, _STAR, _SEMI, _NULL, _EP, _DRAW_OFFER, _JUNK = 8, 9, 10, 11, 12, 13, 14, 15

_TOKEN = re.compile(
    r"\s*(?:"
    r"(?:\d+\.*\s*)?(?!e\.p\.)"  # a move number glued or not to the move
    # 1 a move: SAN, LAN, UCI; national piece letters (Greek, Cyrillic) and figurines (C.3)
    r"([A-Za-z\u2654-\u265f\u0391-\u03a9\u0410-\u042f]"
    r"[A-Za-z0-9=+#:\-\u2654-\u265f\u0391-\u03a9\u0410-\u044f]*|0-0(?:-0)?[+#]*)"
    r"(?:\s*\{([^}]*)\})?"  # 2 the comment after it
    # 3 game termination marker; the arbiter's scores 1/2-0 and 0-1/2 too (10.2, 12.9.5)
    r"|(1/2-1/2|1/2-0|0-1/2|1-0|0-1|½-½|½-0|0-½)"
    r"|(\d+\.*|\.+)"  # 4 move number alone
    r"|(\{[^}]*\}?)"  # 5 brace comment (unterminated when no closing brace)
    r"|\$(\d+)"  # 6 NAG
    r"|(\+/-|-/\+|[!?]+|[±∓⩲⩱∞]|\+-|-\+|\+=|=\+)"  # 7 annotation glyph
    r"|(\((?!=\)))"  # 8 variation opens (not the draw offer mark "(=)")
    r"|(\))"  # 9 variation closes
    r"|(\*)"  # 10 unfinished game
    r"|;([^\n]*)"  # 11 rest-of-line comment
    r"|(--|Z0)"  # 12 null move
    r"|(e\.p\.)"  # 13 en passant suffix (Appendix C.9): ignored
    r"|(\(=\)|=)"  # 14 draw offer mark (8.1.5): "(=)" kept in the move's comment; "=" alone not
    r"|(\S)"  # 15 anything else
    r")"
)

# The fast path: most movetext is nothing but plies (a move number, a move, a comment) and a
# result. One split by the ply cuts it into what stands between plies (nothing, when they
# follow one another), the moves and the comments, without a Python step per token; what is
# left after the last ply must be the result. Anything else takes the general path. The split
# stays linear on any text, as its search restarts after each failed offset: a ply starts
# after no white space (its own leading white space is where the last ply ended), its move
# number has at most five digits, and its comment holds no "{" (so no search can scan a long
# run of spaces, digits or unclosed comments again and again).
_PLAIN_PLY = re.compile(
    r"(?<!\s)\s*(?:\d{1,5}+\.++\s*)?([A-Za-z\u2654-\u265f][A-Za-z0-9=+#\-]*|0-0(?:-0)?[+#]*)"
    r"(?:\s*\{([^{}]*)\})?"
)
_PLAIN_END = re.compile(r"\s*(1/2-1/2|1/2-0|0-1/2|1-0|0-1|\*)\s*")

_TAG = re.compile(r'\s*\[\s*([A-Za-z0-9_+#=:\-]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
# A whole tag line whose value holds unescaped quotes ([White ""Chess Guru""]): the value is
# everything between the first and the last quote.
_LOOSE_TAG = re.compile(r'\s*\[\s*([A-Za-z0-9_+#=:\-]+)\s*"(.*)"\s*\]\s*\Z')

OFFER_MARK = "(=)"
"""The draw offer mark of the scoresheet (8.1.5), after the move the offer was made with."""

MAX_VARIATION_DEPTH = 100
"""Variations nested deeper than this are reported (an error of that game) and skipped."""
MAX_NAG_DIGITS = 3
"""A NAG has at most this many digits (the standard's NAGs run from 0 to 255)."""
_UNESCAPE = re.compile(r"\\(.)")


@dataclass(slots=True)
class LineDraft:
    """A line of moves being read: mutable, turned into a frozen ``Line`` once replayed."""

    anchor: int = -1
    """Index, in the parent line, of the move this variation replaces (-1 for the main line)."""
    opened_at: int = 0
    """Offset of the ``(`` that opened this variation."""
    sans: list[str] = field(default_factory=list)
    offsets: list[int] = field(default_factory=list)
    """Offset of each move in the movetext (empty when read by the fast path: see
    :func:`move_offsets`)."""
    comments: dict[int, str] = field(default_factory=dict)
    nags: dict[int, tuple[int, ...]] = field(default_factory=dict)
    variations: dict[int, list[LineDraft]] = field(default_factory=dict)
    notes: list[tuple[int, str, str]] = field(default_factory=list)
    """What was mended on reading, as ``(offset, text, what)`` (kept on the main line only)."""


def parse_tag_line(
    line: str, notes: list[tuple[int, str]] | None = None
) -> tuple[list[tuple[str, str]], int | None]:
    """The tag pairs of one line, and the 0-based column of unreadable text (``None``: none).

    A line holding one tag whose value has unescaped quotes inside (``[White ""Chess Guru""]``)
    is read with the value between the first and the last quote; ``(column, what)`` is then
    appended to ``notes``.
    """
    pairs: list[tuple[str, str]] = []
    pos = 0
    while True:
        match = _TAG.match(line, pos)
        if match is None:
            loose = _LOOSE_TAG.match(line, pos)
            if loose is not None:
                pairs.append((loose.group(1), loose.group(2)))
                if notes is not None:
                    notes.append(
                        (loose.start(2), Words("quotes inside a tag value read as written"))
                    )
                pos = loose.end()
            break
        value = match.group(2)
        if "\\" in value:
            value = _UNESCAPE.sub(r"\1", value)
        pairs.append((match.group(1), value))
        pos = match.end()
    rest = line[pos:]
    stripped = rest.lstrip()
    if stripped:
        return pairs, pos + len(rest) - len(stripped)
    return pairs, None


def parse_movetext(text: str) -> tuple[LineDraft, str, list[tuple[int, str, str]]]:
    """Read movetext into its main line, its termination marker and syntax errors.

    Errors are ``(offset, text, reason)`` with ``offset`` into ``text``. The termination marker
    is ``""`` when missing (a truncated game), which is itself reported.
    """
    if "(" in text:  # a variation most likely (or a comment's parenthesis): not plain
        return _parse_tokens(text)
    # [between, move, comment, between, move, comment, ..., the rest]
    pieces = _PLAIN_PLY.split(text)
    end = _PLAIN_END.fullmatch(pieces[-1])
    if end is not None and not any(pieces[0:-1:3]):
        main = LineDraft()
        main.sans = pieces[1::3]
        comments = main.comments
        # without runs of white space in the text, no comment has any to normalise inside
        spaced = "  " in text or "\n" in text or "\t" in text or "\r" in text
        for index, comment in enumerate(pieces[2::3]):
            if comment:
                comment = " ".join(comment.split()) if spaced else comment.strip()
                if comment:
                    comments[index] = comment
        return main, end.group(1), []
    return _parse_tokens(text)


def move_offsets(text: str) -> list[int]:
    """The offset of each main-line move of ``text`` (for error positions after a fast parse)."""
    return _parse_tokens(text)[0].offsets


def _parse_tokens(text: str) -> tuple[LineDraft, str, list[tuple[int, str, str]]]:
    """The general path of :func:`parse_movetext`: token by token, with error recovery."""
    # Trailing white space would make every failed match scan it to the end: quadratic time.
    text = text.rstrip()
    errors: list[tuple[int, str, str]] = []
    main = LineDraft()
    current = main
    sans = current.sans
    offsets = current.offsets
    stack: list[LineDraft] = []
    result = ""
    comments = current.comments
    ended = False  # the result was read: only comments may follow
    skipping = 0  # depth inside a variation nested too deep, being skipped
    notes = main.notes
    for match in _TOKEN.finditer(text):
        kind = match.lastindex or _JUNK
        if skipping:
            if kind == _OPEN:
                skipping += 1
            elif kind == _CLOSE:
                skipping -= 1
            continue
        if kind <= _SAN_COMMENT:  # a move, the common case, kept short
            if ended:
                errors.append((match.start(1), match.group(1), Words("move after the result")))
                continue
            sans.append(match.group(1))
            offsets.append(match.start(1))
            if kind == _SAN_COMMENT:
                comment = match.group(2).strip()
                if comment:
                    if "  " in comment or "\n" in comment or "\t" in comment or "\r" in comment:
                        comment = " ".join(comment.split())
                    comments[len(sans) - 1] = comment  # the move is new: no comment yet
        elif kind in (_NUMBER, _EP):
            continue
        elif kind in (_COMMENT, _SEMI):
            body = match.group(kind)
            if kind == _COMMENT:
                if body.endswith("}"):
                    body = body[1:-1]
                else:
                    errors.append((match.start(kind), "{", Words("comment not closed with '}}'")))
                    body = body[1:]
            if ended:
                continue
            comment = " ".join(body.split())
            if comment:
                at = len(sans) - 1
                before = comments.get(at)
                comments[at] = comment if before is None else f"{before} {comment}"
        elif kind in (_NAG, _GLYPH):
            token = match.group(kind)
            if kind == _NAG and len(token) > MAX_NAG_DIGITS:
                why = Words("NAG out of range (0 to 255)")
                errors.append((match.start(kind), f"${token[:8]}…", why))
                continue
            nag = int(token) if kind == _NAG else GLYPHS.get(token)
            if nag is None:
                notes.append((match.start(kind), token, Words("unknown annotation glyph dropped")))
            elif not sans:
                errors.append((match.start(kind), token, Words("annotation before any move")))
            elif not ended:
                at = len(sans) - 1
                current.nags[at] = (*current.nags.get(at, ()), nag)
        elif kind == _OPEN:
            if ended:
                errors.append((match.start(kind), "(", Words("variation after the result")))
            elif not sans:
                errors.append((match.start(kind), "(", Words("variation before any move")))
            if len(stack) >= MAX_VARIATION_DEPTH:
                reason = Words(
                    "variations nested more than {most} deep: skipped", most=MAX_VARIATION_DEPTH
                )
                errors.append((match.start(kind), "(", reason))
                skipping = 1
                continue
            stack.append(current)
            current = LineDraft(anchor=len(sans) - 1, opened_at=match.start(kind))
            sans = current.sans
            offsets = current.offsets
            comments = current.comments
        elif kind == _CLOSE:
            if not stack:
                errors.append((match.start(kind), ")", Words("')' closes no variation")))
                continue
            current = _close(current, stack.pop())
            sans = current.sans
            offsets = current.offsets
            comments = current.comments
        elif kind in (_RESULT, _STAR):
            if stack:
                continue  # a result inside a variation says nothing about the game
            if result:
                errors.append((match.start(kind), match.group(kind), Words("second result")))
                continue
            result = match.group(kind).replace("½", "1/2")
            ended = True
        elif kind == _NULL:
            errors.append((match.start(kind), match.group(kind), Words("null move: not a move")))
        elif kind == _DRAW_OFFER:
            # 8.1.5: "(=)" after a move is the draw offer made with it, kept where the arbiter's
            # PGN writes it (in that move's comment): not a variation, not a glyph.
            if match.group(kind) == "(=)" and sans and not ended:
                at = len(sans) - 1
                before = comments.get(at)
                comments[at] = OFFER_MARK if before is None else f"{before} {OFFER_MARK}"
        else:
            errors.append((match.start(kind), match.group(kind), Words("unexpected character")))
    while stack:
        errors.append((current.opened_at, "(", Words("variation not closed with ')'")))
        current = _close(current, stack.pop())
    if not result:
        why = Words("no result at the end of the game (truncated?)")
        errors.append((len(text.rstrip()), "", why))
    return main, result, errors


def _close(variation: LineDraft, parent: LineDraft) -> LineDraft:
    """Attach a finished variation to its parent line and return the parent."""
    if variation.anchor >= 0 and variation.sans:
        parent.variations.setdefault(variation.anchor, []).append(variation)
    return parent
