"""Replaying the moves of a PGN game through the rules engine (Articles 3, 8; Appendix C).

The syntax layer hands over move text; here each move is read in the position it was played
from (SAN, leniently, as Appendix C allows; UCI when the text is UCI) and made on the board.
Variations are replayed from the position before the move they replace, then taken back, so a
single position serves the whole game.
"""

from __future__ import annotations

from chesslaws._errors import ChessLawsError
from chesslaws._words import Words, said
from chesslaws.core import Move, Position

from ._game import Line
from ._movetext import LineDraft

__all__ = ["FIGURINES", "MoveError", "replay_line"]

MoveError = tuple[int, str, str, int | None]
"""An error found while replaying: ``(offset, move text, reason, ply or None)``; an offset
``-1 - i`` stands for "the i-th main-line move" when offsets were not kept (fast parse)."""

FIGURINES = str.maketrans("♔♕♖♗♘♙♚♛♜♝♞♟", "KQRBNPKQRBNP")
"""Figurine piece symbols (Appendix C.3: print uses figurines) and their SAN letters."""

#: What reading one move of movetext may raise: a move that cannot be read or played (the
#: line's replay stops there with an error, not a traceback).
_UNREADABLE = (ChessLawsError, ValueError, LookupError, ArithmeticError)
_FILES = "abcdefgh"
_RANKS = "12345678"


def _looks_uci(text: str) -> bool:
    return (
        4 <= len(text) <= 5
        and text[0] in _FILES
        and text[1] in _RANKS
        and text[2] in _FILES
        and text[3] in _RANKS
    )


def replay_line(
    draft: LineDraft,
    position: Position,
    errors: list[MoveError],
    *,
    main: bool,
    undo: bool,
    lang: str = "en",
) -> Line:
    """The legal moves of ``draft`` from ``position``; errors are appended to ``errors``.

    Replay stops at the first move that cannot be read or is illegal (the moves after it are
    kept as text in ``Line.sans``). With ``undo`` the position is restored afterwards. ``lang``
    is the language of the piece letters (Appendix C.3; English by default).
    """
    # position.push_san is called as a method, not through a name bound to it: compiled, that
    # is a direct call (a bound method or a partial goes through Python's calling protocol)
    moves: list[Move] = []
    variations = draft.variations
    replayed: dict[int, tuple[Line, ...]] = {}
    sans = draft.sans
    start = 0
    if not variations:  # the common case, in a tight loop; a move that fails is read below
        try:
            for san in sans:
                moves.append(position.push_san(san, lang=lang))
        except _UNREADABLE:
            pass
        start = len(moves)
    for index in range(start, len(sans)):
        san = sans[index]
        if variations and index in variations:
            replayed[index] = tuple(
                replay_line(v, position, errors, main=False, undo=True, lang=lang)
                for v in variations[index]
            )
        try:
            moves.append(position.push_san(san, lang=lang))
            continue
        except _UNREADABLE as exc:
            fallback = None
            if not san.isascii():  # figurines (Appendix C.3)
                try:
                    fallback = position.parse_san(san.translate(FIGURINES))
                except _UNREADABLE:
                    fallback = None
            elif _looks_uci(san):
                try:
                    fallback = position.parse_uci(san)
                except _UNREADABLE:
                    fallback = None
            if fallback is None:
                where = index + 1 if main else None
                at = draft.offsets[index] if draft.offsets else -1 - index
                errors.append((at, san, _reason(exc, main, san, position), where))
                break
        position.push(fallback)
        moves.append(fallback)
    if undo:
        pop = position.pop
        for _ in moves:
            pop()
    return Line(
        sans=tuple(draft.sans),
        moves=tuple(moves),
        comments=draft.comments,
        nags=draft.nags,
        variations=replayed,
    )


_NULL_MOVES = frozenset({"Z0", "--", "0000", "@@@@", "null", "pass"})


def _reason(exc: Exception, main: bool, san: str, position: Position) -> str:
    text: str
    if san in _NULL_MOVES:
        text = Words(
            "a null move (a pass) is no move under the Laws (Article 1.2: players move in turn)"
        )
    elif isinstance(exc, ChessLawsError):
        text = said(exc) or type(exc).__name__
    else:  # a fault of the rules engine on odd input: reported, never fatal to the file
        text = Words(
            "move not understood ({kind}: {error}): {move} in {fen}",
            kind=type(exc).__name__,
            error=exc,
            move=repr(san),
            fen=position.fen(),
        )
    return text if main else Words("in a variation: {reason}", reason=text)
