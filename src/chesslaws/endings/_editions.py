"""The endings as older editions of the Laws state them: the arbiter and the auditor share these.

* ``"pre-1997"`` (the Greek text, the 1985 numbering with its amendments): a game is drawn by
  the closed list of endings of 10.4 only (king against king; king against king and a bishop or
  a knight; king and bishop against king and bishop "moving on the same diagonal", i.e. bishops
  on squares of the same colour), not by the general dead position of 5.2.2; there is no
  fivefold repetition or seventy-five-move rule; on a flag, a player with a lone king cannot win
  (10.5): the game is drawn if his opponent oversteps the time, and otherwise the flag loses
  without asking whether the opponent could checkmate.
* ``"2014"`` (the Spanish text): fivefold repetition needs the position "for at least five
  consecutive alternate moves by each player" (see :func:`alternate_fivefold`).
* ``"2014"``, ``"2018"`` and ``"pre-1997"``: a resignation always loses (5.1.b, 5.1.2, 10.2);
  only 2023 draws it when the opponent cannot checkmate.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from chesslaws._color import Color
from chesslaws.core import BISHOP, KING, KNIGHT, Position

from ._outcome import Reason, Termination
from ._record import DEAD_POSITION_BUDGET, automatic_ending

__all__ = [
    "E2014",
    "EDITIONS",
    "PRE_1997",
    "alternate_fivefold",
    "edition_ending",
    "ending_article",
    "listed_draw",
    "lone_king",
    "resignation_always_loses",
]

PRE_1997 = "pre-1997"
E2014 = "2014"
EDITIONS = ("2023", "2018", E2014, PRE_1997)
"""The editions of the Laws chesslaws can rule by (``rules.edition``, ``audit --edition``)."""

_LIGHT = 0x55AA55AA55AA55AA  # the light squares (h1 is light)

_ARTICLES: dict[str, dict[Reason, str]] = {
    PRE_1997: {
        Reason.CHECKMATE: "10.1",
        Reason.RESIGNATION: "10.2",
        Reason.STALEMATE: "10.3",
        Reason.DEAD_POSITION: "10.4",
        Reason.FLAG_CANNOT_CHECKMATE: "10.5",
        Reason.AGREEMENT: "10.6",
    },
    E2014: {
        Reason.CHECKMATE: "5.1.a",
        Reason.RESIGNATION: "5.1.b",
        Reason.STALEMATE: "5.2.a",
        Reason.DEAD_POSITION: "5.2.b",
        Reason.AGREEMENT: "5.2.c",
        Reason.FIVEFOLD: "9.6.a",  # Article 9 is not in the Spanish text: its letters inferred
        Reason.SEVENTY_FIVE_MOVES: "9.6.b",
    },
}


def ending_article(edition: str, reason: Reason, article: str | None = None) -> str:
    """The Article of ``edition`` that ends a game for ``reason`` (``article``, else the 2023
    one, where that edition's text is not ours or keeps the number)."""
    found = _ARTICLES.get(edition, {}).get(reason)
    if found is not None:
        return found
    return article if article is not None else reason.article


def resignation_always_loses(edition: str) -> bool:
    """Before 2023 a resignation always lost (2014 5.1.b, 2018 5.1.2, pre-1997 10.2)."""
    return edition != "2023"


def lone_king(position: Position, color: Color) -> bool:
    """Whether ``color`` has nothing but his king (pre-1997 10.4 a, 10.5)."""
    return position.occupied_by(int(color)) == position.pieces(KING, int(color))


def listed_draw(position: Position) -> bool:
    """Pre-1997 10.4: king against king; king against king and one bishop or one knight; king
    and bishop against king and bishop on squares of the same colour. Nothing else."""
    rest = position.occupied & ~(position.pieces(KING, 0) | position.pieces(KING, 1))
    if rest == 0:
        return True  # 10.4 a
    if rest & (rest - 1) == 0:  # one piece besides the kings: 10.4 b
        return any(rest & position.pieces(kind, c) for kind in (BISHOP, KNIGHT) for c in (0, 1))
    white, black = position.pieces(BISHOP, 0), position.pieces(BISHOP, 1)
    one_each = white and black and not white & (white - 1) and not black & (black - 1)
    if rest != white | black or not one_each:
        return False
    return bool(white & _LIGHT) == bool(black & _LIGHT)  # 10.4 c


def alternate_fivefold(keys: Sequence[Hashable]) -> bool:
    """2014 9.6.a: the last position has stood "for at least five consecutive alternate moves by
    each player".

    ``keys`` are the repetition keys (9.2.3) of the positions of the game, oldest first, the
    last being the position now on the board. A player's move is never undone by the
    opponent's reply, so a position with the same side to move recurs at the earliest four
    plies later (each player moves away and back); "no other position between them" can only
    mean that shortest cycle. So the rule is read strictly as: the last 17 positions (16 plies)
    are one cycle of four plies made four times, the position now on the board standing for
    the fifth time, each player having made the same two moves back and forth with no other
    move between. A repetition spread out over other moves (the 2018 fivefold) is not enough.
    """
    if len(keys) < 17:
        return False
    last = keys[-17:]
    return all(last[i] == last[i + 4] for i in range(13))


def edition_ending(
    edition: str,
    position: Position,
    legal_count: int,
    repetitions: int,
    keys: Sequence[Hashable] = (),
    *,
    dead_position_budget: int = DEAD_POSITION_BUDGET,
) -> Termination | None:
    """The automatic ending on the board under ``edition`` (see the module text), or None.

    ``repetitions`` counts the current position (9.6.1 of 2018 and 2023); ``keys`` the
    positions of the game for the 2014 rule (:func:`alternate_fivefold`).
    """
    if edition == PRE_1997:
        if legal_count == 0:
            return Termination.CHECKMATE if position.is_check() else Termination.STALEMATE
        return Termination.DEAD_POSITION if listed_draw(position) else None
    if edition == E2014:
        found = automatic_ending(
            position, legal_count, 0, dead_position_budget=dead_position_budget
        )
        if found in (None, Termination.SEVENTY_FIVE_MOVES) and alternate_fivefold(keys):
            return Termination.FIVEFOLD
        return found
    return automatic_ending(
        position, legal_count, repetitions, dead_position_budget=dead_position_budget
    )
