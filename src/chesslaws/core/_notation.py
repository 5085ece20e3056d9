"""Standard algebraic notation and UCI (Appendix C).

Writing follows Appendix C: piece letter, disambiguation by file, then rank, then both (C.10),
``x`` for captures, ``=Q`` for promotion, ``O-O``/``O-O-O``, ``+`` for check and ``#`` for mate.
Reading is lenient where real files are: ``0-0``, a missing ``=`` (``e8Q``), a redundant
disambiguation, long algebraic (``Ng1-f3``, ``e2e4``), trailing ``+ # ! ?``. Anything else raises
:class:`InvalidNotation`, :class:`IllegalMove` or :class:`AmbiguousMove`, naming the text and the
position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from chesslaws._errors import AmbiguousMove, IllegalMove, InvalidNotation
from chesslaws._words import Words, said
from chesslaws.core._attacks import (
    BETWEEN_BB,
    BISHOP_MASKS,
    BISHOP_TABLES,
    FILE_BB,
    KING_BB,
    KNIGHT_BB,
    PAWN_BB,
    RANK_BB,
    ROOK_MASKS,
    ROOK_TABLES,
)
from chesslaws.core._bitboards import ONE, bit_length
from chesslaws.core._languages import LANGUAGES, letters, national_hint, to_english
from chesslaws.core._move import CASTLING, EN_PASSANT, Move
from chesslaws.core._movegen import _BISHOP_EMPTY, _ROOK_EMPTY, attackers, king_path_safe
from chesslaws.core._squares import FILE_NAMES, SQUARE_NAMES

if TYPE_CHECKING:
    from chesslaws.core._bitboards import Bitboard
    from chesslaws.core._position import Position

__all__ = ["parse_national", "parse_san", "parse_uci", "san", "san_body", "san_readings"]

_LETTERS: Final = " PNBRQK"
_PIECE_KINDS: Final = {"N": 2, "B": 3, "R": 4, "Q": 5, "K": 6}
_PROMOTIONS: Final = {"N": 2, "B": 3, "R": 4, "Q": 5}
_CASTLE_SHORT: Final = frozenset({"O-O", "0-0", "o-o"})
_CASTLE_LONG: Final = frozenset({"O-O-O", "0-0-0", "o-o-o"})
_SQUARE_INDEX: Final = {name: i for i, name in enumerate(SQUARE_NAMES)}


def san(pos: Position, code: int) -> str:
    """The SAN of a legal move code (Appendix C)."""
    text = san_body(pos, code)
    pos.push_code(code)
    try:
        if pos.is_check():
            text += "#" if pos.count_legal_moves() == 0 else "+"
    finally:
        pos.pop_code()
    return text


def san_body(pos: Position, code: int) -> str:
    """The SAN of a legal move code without its check mark (Appendix C)."""
    frm = code & 63
    to = code >> 6 & 63
    flag = code >> 15
    if flag == CASTLING:
        return "O-O" if to > frm else "O-O-O"
    board = pos._board
    piece = board[frm]
    kind = piece & 7
    capture = bool(board[to]) or flag == EN_PASSANT
    if kind == 1:
        text = FILE_NAMES[frm & 7] + "x" if capture else ""
        text += SQUARE_NAMES[to]
        promotion = code >> 12 & 7
        if promotion:
            text += "=" + _LETTERS[promotion]
        return text
    text = _LETTERS[kind]
    others = pos._bb[piece] & ~(ONE << frm)
    if others:
        # The other men of this kind that reach the square (C.10), then those whose move to it
        # is legal (3.9); the mover's only man of a kind (a king, most queens) has no rival.
        others &= _reach(pos, kind, to)
    if not others:
        return text + "x" + SQUARE_NAMES[to] if capture else text + SQUARE_NAMES[to]
    rivals = []
    while others:
        low = others & -others
        others ^= low
        square = bit_length(low) - 1
        if _leaves_king_safe(pos, square | to << 6):
            rivals.append(square)
    if rivals:
        if all(r & 7 != frm & 7 for r in rivals):
            text += FILE_NAMES[frm & 7]
        elif all(r >> 3 != frm >> 3 for r in rivals):
            text += str((frm >> 3) + 1)
        else:
            text += SQUARE_NAMES[frm]
    if capture:
        text += "x"
    return text + SQUARE_NAMES[to]


def _reach(pos: Position, kind: int, to: int) -> Bitboard:
    """The squares from which a man of ``kind`` but a pawn reaches ``to`` on this board
    (Articles 3.2 to 3.6, 3.8.1; a line piece is stopped by the first man in its way)."""
    if kind == 2:
        return KNIGHT_BB[to]
    if kind == 6:
        return KING_BB[to]
    occ = pos._occ_c[0] | pos._occ_c[1]
    if kind == 3:
        return BISHOP_TABLES[to][occ & BISHOP_MASKS[to]]
    if kind == 4:
        return ROOK_TABLES[to][occ & ROOK_MASKS[to]]
    return BISHOP_TABLES[to][occ & BISHOP_MASKS[to]] | ROOK_TABLES[to][occ & ROOK_MASKS[to]]


def _error(kind: type[InvalidNotation], text: str, pos: Position, why: str) -> InvalidNotation:
    fen = pos.fen()
    return kind(
        Words("{why}: {text} in {fen}", why=why, text=repr(text), fen=fen), text=text, fen=fen
    )


#: SAN text -> its syntax (see :func:`_san_syntax`); SAN repeats a lot in real games. Only
#: texts of at most ``_SYNTAX_CACHE_TEXT`` characters are kept (real SAN is shorter), so the
#: cache is bounded in size, not only in count, whatever text a file holds.
_SYNTAX_CACHE: Final[dict[object, tuple[int, int, int, int, int] | None]] = {}
_SYNTAX_CACHE_LIMIT: Final = 50_000
_SYNTAX_CACHE_TEXT: Final = 16


def _san_syntax(text: str) -> tuple[int, int, int, int, int] | None:
    """Read SAN syntax, not legality: ``(kind, to, from_file, from_rank, promotion)`` with -1
    for what is not given; castling is ``(0, 1, -1, -1, 0)`` (short) or ``(0, 0, ...)`` (long).
    None when the text is no SAN at all."""
    s = text.strip().rstrip("+#!?")
    if s in _CASTLE_SHORT or s in _CASTLE_LONG:
        return (0, 1 if s in _CASTLE_SHORT else 0, -1, -1, 0)
    promotion = 0
    if len(s) >= 3 and s[-1].upper() in _PROMOTIONS and (s[-2] in "18" or s[-2] == "="):
        promotion = _PROMOTIONS[s[-1].upper()]
        s = s[:-2] if s[-2] == "=" else s[:-1]
    to = _SQUARE_INDEX.get(s[-2:])
    if to is None:
        return None
    head = s[:-2]
    kind = 1
    if head and head[0] in _PIECE_KINDS:
        kind = _PIECE_KINDS[head[0]]
        head = head[1:]
    elif head.startswith("P"):
        head = head[1:]
    from_file = from_rank = -1
    marked = False  # a capture or long-algebraic mark has been read: the square comes next
    for char in head:
        if "a" <= char <= "h":
            if from_file >= 0 or marked:
                return None  # two files ("Nace2") or "Nxce2": no guessing which was meant
            from_file = ord(char) - 97
        elif "1" <= char <= "8":
            if from_rank >= 0 or marked:
                return None
            from_rank = ord(char) - 49
        elif char in "x-:" and not marked:
            marked = True
        else:
            return None
    if promotion and kind != 1:
        return None
    return (kind, to, from_file, from_rank, promotion)


def parse_national(pos: Position, text: object, lang: str) -> int:
    """The legal move code that SAN ``text``, written with the piece letters of ``lang``
    (Appendix C.3: ``"Cf3"`` in Spanish), stands for; errors name the text as written."""
    if not isinstance(text, str):
        return parse_san(pos, text)  # which refuses it, as not a string
    english = to_english(text, lang)
    try:
        return parse_san(pos, english)
    except InvalidNotation as error:
        written = Words("{text} ({language})", text=repr(text), language=letters(lang).name)
        message = said(error)
        if isinstance(message, Words) and message.params.get("text") == repr(english):
            message = Words(message.msgid, **{**message.params, "text": written})
        raise type(error)(message, text=text, fen=error.fen) from None


def san_readings(pos: Position, text: object) -> dict[int, list[str]]:
    """Every legal move that ``text`` stands for in some language (C.3), with the languages
    that read it so: ``{code: ["es", "fr", ...]}``. For text whose language is not known."""
    found: dict[int, list[str]] = {}
    for lang in LANGUAGES:
        try:
            code = parse_san(pos, text) if lang == "en" else parse_national(pos, text, lang)
        except InvalidNotation:
            continue
        found.setdefault(code, []).append(lang)
    return found


def parse_san(pos: Position, text: object) -> int:
    """The legal move code that SAN ``text`` stands for (lenient, see the module docstring).

    The common shapes (a pawn push or capture, a piece move with one candidate, castling) are
    read by :func:`_parse_common`; anything else, and every error, by :func:`_parse_general`.
    Both give the same answer (tests/core/test_san_fast.py checks them against each other and
    python-chess)."""
    try:
        syntax = _SYNTAX_CACHE[text]
    except KeyError:
        if not isinstance(text, str):
            raise InvalidNotation(
                f"SAN must be a string, not {type(text).__name__}", text=repr(text)
            ) from None
        syntax = _san_syntax(text)
        if len(text) <= _SYNTAX_CACHE_TEXT:
            if len(_SYNTAX_CACHE) >= _SYNTAX_CACHE_LIMIT:
                _SYNTAX_CACHE.clear()
            _SYNTAX_CACHE[text] = syntax
    except TypeError:  # unhashable
        raise InvalidNotation(
            f"SAN must be a string, not {type(text).__name__}", text=repr(text)
        ) from None
    # only text is in the cache: str() gives it back as it is, for the type checker
    if syntax is None:
        hint = national_hint(text)
        why = Words("not a move in SAN ({hint})", hint=hint) if hint else Words("not a move in SAN")
        raise _error(InvalidNotation, str(text), pos, why)
    code = _parse_common(pos, syntax)
    return code if code >= 0 else _parse_general(pos, str(text), syntax)


def _parse_common(pos: Position, syntax: tuple[int, int, int, int, int]) -> int:
    """The move code of the common shapes of SAN, or -1 for the general path to decide.

    Read here: castling; a pawn push or a capture that is neither en passant nor a promotion,
    without a from-rank; a piece move (king included) with exactly one piece of that kind that
    could make it, disambiguated or not. The one candidate passes the test of
    :func:`_parse_general` (:func:`_leaves_king_safe`, the same answer from :func:`_king_safe`);
    when it fails, or there is no candidate or more than one, -1 is returned and the general
    path finds the move or the error.

    No slider attacks are looked up (a dict each, keyed by the blockers: costly compiled, where
    the key is boxed and hashed): a line piece is a candidate when it stands on a line through
    the square with nothing between, and the king's safety is read the same way."""
    kind, to, from_file, from_rank, promotion = syntax
    if kind == 0:
        return _castling_code(pos, bool(to))
    us = pos._turn
    occ_c = pos._occ_c
    own = occ_c[us]
    tobit = ONE << to
    if tobit & own or promotion:
        return -1
    bb = pos._bb
    occ = own | occ_c[us ^ 1]
    if kind == 1:
        if from_rank >= 0 or to < 8 or to >= 56:  # promotions and odd spellings: general
            return -1
        pawns = bb[1 | us << 3]
        if from_file < 0 or from_file == to & 7:  # a push (Article 3.7.1, 3.7.2)
            if occ & tobit:
                return -1
            frm = to - 8 if us == 0 else to + 8
            if not pawns >> frm & 1:
                if occ >> frm & 1 or to >> 3 != (3 if us == 0 else 4):
                    return -1
                frm = to - 16 if us == 0 else to + 16
                if not pawns >> frm & 1:
                    return -1
        else:  # a capture (3.7.3); en passant, to an empty square, goes to the general path
            if not occ & tobit:
                return -1
            found = PAWN_BB[us ^ 1][to] & pawns & FILE_BB[from_file]
            if not found:
                return -1
            frm = bit_length(found) - 1
    else:
        piece = bb[kind | us << 3]
        if kind == 2:
            found = KNIGHT_BB[to] & piece
        elif kind == 6:
            found = KING_BB[to] & piece
        elif kind == 3:
            found = _BISHOP_EMPTY[to] & piece
        elif kind == 4:
            found = _ROOK_EMPTY[to] & piece
        else:
            found = (_BISHOP_EMPTY[to] | _ROOK_EMPTY[to]) & piece
        if from_file >= 0:
            found &= FILE_BB[from_file]
        if from_rank >= 0:
            found &= RANK_BB[from_rank]
        if 3 <= kind <= 5:
            # a line piece reaches the square only with no man between (Articles 3.2 to 3.4):
            # the few on its lines through it are looked at, not its attacks
            rest = found
            while rest:
                low = rest & -rest
                rest ^= low
                if BETWEEN_BB[(bit_length(low) - 1) << 6 | to] & occ:
                    found ^= low
        if not found or found & (found - 1):
            return -1
        frm = bit_length(found) - 1
    king = to if kind == 6 else pos._kings[us]
    if not _king_safe(pos, us, king, occ ^ ONE << frm | tobit, tobit):
        return -1
    return frm | to << 6


def _king_safe(pos: Position, us: int, king: int, occupied: Bitboard, captured: Bitboard) -> bool:
    """Whether the king of ``us`` on ``king`` is attacked by no man of the opponent but the
    one on ``captured`` (taken by the move), the ``occupied`` squares as after the move
    (Article 3.9). The same answer as :func:`attackers`: a line piece is found on the king's
    lines and tested for a man between, without looking up its attacks."""
    bb = pos._bb
    sh = (us ^ 1) << 3
    if (
        (KNIGHT_BB[king] & bb[2 | sh])
        | (PAWN_BB[us][king] & bb[1 | sh])
        | (KING_BB[king] & bb[6 | sh])
    ) & ~captured:
        return False
    queens = bb[5 | sh]
    lines = (_ROOK_EMPTY[king] & (bb[4 | sh] | queens)) | (
        _BISHOP_EMPTY[king] & (bb[3 | sh] | queens)
    )
    lines &= ~captured
    while lines:
        low = lines & -lines
        lines ^= low
        if not BETWEEN_BB[king << 6 | (bit_length(low) - 1)] & occupied:
            return False
    return True


def _castling_code(pos: Position, short: bool) -> int:
    """The code of castling on that side if it is legal (Article 3.8.2), else -1: a right,
    empty squares, the king not in check, and the generator's own test of the king's path."""
    us = pos._turn
    king = pos._kings[us]
    rights = pos.castling & RANK_BB[0 if us == 0 else 7]
    if not rights or pos.is_check():
        return -1
    occ = pos._occ_c[0] | pos._occ_c[1]
    while rights:
        bit = rights & -rights
        rights ^= bit
        rook = bit_length(bit) - 1
        if (rook > king) != short:
            continue
        if occ & pos._castling_paths[rook][2] or not king_path_safe(pos, rook, occ):
            return -1
        return king | rook << 6 | CASTLING << 15
    return -1


def _parse_general(pos: Position, text: str, syntax: tuple[int, int, int, int, int]) -> int:
    """The legal move code for the syntax of SAN ``text``, whatever its shape, or the error:
    every candidate is tried (3.9), and an ambiguous or illegal move raises."""
    kind, to, from_file, from_rank, promotion = syntax
    if kind == 0:
        king = pos._kings[pos._turn]
        for code in pos.legal_codes():
            if code >> 15 == CASTLING and ((code >> 6 & 63) > king) == bool(to):
                return code
        raise _error(IllegalMove, text, pos, Words("castling is not legal"))
    found = -1
    for frm in _origins(pos, kind, to, from_file):
        if (from_file >= 0 and frm & 7 != from_file) or (from_rank >= 0 and frm >> 3 != from_rank):
            continue
        code = frm | to << 6
        if kind == 1:
            if to == pos._ep and frm & 7 != to & 7:
                code |= EN_PASSANT << 15
            elif (to >> 3) in (0, 7):
                if not promotion:
                    raise _error(
                        IllegalMove, text, pos, Words("illegal move (promotion piece missing)")
                    )
                code |= promotion << 12
        if not _leaves_king_safe(pos, code):
            continue
        if found >= 0:
            raise _error(AmbiguousMove, text, pos, Words("ambiguous move"))
        found = code
    if found < 0 or (promotion and not found >> 12 & 7):
        raise _error(IllegalMove, text, pos, Words("illegal move"))
    return found


def _origins(pos: Position, kind: int, to: int, from_file: int) -> list[int]:
    """Squares from which a piece of ``kind`` of the side to move could reach ``to`` by the
    rules of Article 3, ignoring whether its own king would then be in check."""
    us = pos._turn
    own = pos._occ_c[us]
    bit = ONE << to
    if bit & own:
        return []
    bb = pos._bb
    occ = own | pos._occ_c[us ^ 1]
    piece = kind | us << 3
    if kind == 1:
        forward = 8 if us == 0 else -8
        if from_file >= 0 and from_file != to & 7:
            if not (occ & bit or to == pos._ep):
                return []
            found = PAWN_BB[us ^ 1][to] & bb[piece]
        elif occ & bit or not 0 <= to - forward < 64:
            return []
        elif bb[piece] >> (to - forward) & 1:
            return [to - forward]
        elif (
            (to >> 3) == (3 if us == 0 else 4)
            and not occ >> (to - forward) & 1
            and bb[piece] >> (to - 2 * forward) & 1
        ):
            return [to - 2 * forward]
        else:
            return []
    else:
        found = _reach(pos, kind, to) & bb[piece]
    squares = []
    while found:
        low = found & -found
        found ^= low
        squares.append(bit_length(low) - 1)
    return squares


def _leaves_king_safe(pos: Position, code: int) -> bool:
    """Whether a pseudo-legal, non-castling move code leaves its own king unattacked (3.9)."""
    us = pos._turn
    frm = code & 63
    to = code >> 6 & 63
    occ = pos._occ_c[0] | pos._occ_c[1]
    removed = ONE << to
    after = occ ^ ONE << frm | removed
    if code >> 15 == EN_PASSANT:
        captured = to - 8 if us == 0 else to + 8
        removed = ONE << captured
        after ^= removed
    king = to if pos._board[frm] & 7 == 6 else pos._kings[us]
    return not attackers(pos, us ^ 1, king, after) & ~removed


def parse_uci(pos: Position, text: object) -> int:
    """The legal move code for UCI ``text``; castling may be written king-to-destination
    (``e1g1``) or king-to-rook (``e1h1``, the Chess960 form) in any position."""
    try:
        move = Move.from_uci(text)
    except InvalidNotation:
        raise _error(InvalidNotation, str(text), pos, Words("not a UCI move")) from None
    code = pos._legal_code(move)
    if code is None:
        raise _error(IllegalMove, str(text), pos, Words("illegal move"))
    return code
