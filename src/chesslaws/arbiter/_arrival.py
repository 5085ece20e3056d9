"""The players' arrival and the default time (Article 6.7).

6.7.1: the event sets a default time (0 if it does not); "any player who arrives at the
chessboard after the default time shall lose the game unless the arbiter decides otherwise".
6.7.2: with both players absent, White's clock runs from the start until he arrives and moves
(the clock does that by itself: White's clock runs from the ``start`` event, 6.6).

Arrivals are recorded only when the ``start`` event's rules say so (``arrivals``); the players
are then absent until their ``arrive`` event. A late arrival loses at once; an absence is
ruled when the arbiter looks at the clock after the default time (a ``tick``): the absent
player loses, both absent players both lose (0-0). Nothing but the arrival is taken from a
player who is not at the board.
"""

from __future__ import annotations

from dataclasses import replace

from chesslaws._color import Color
from chesslaws._words import Words, joined
from chesslaws.endings import Reason, Result

from ._draft import Draft, Rejected, end, pair
from ._events import Arrive
from ._rulings import Ruling
from ._time import Millis, ms_to_seconds

__all__ = ["absent_lose", "check_present", "lose_by_default", "on_arrive"]


def on_arrive(d: Draft, event: Arrive, idx: int) -> list[Ruling]:
    """A player arrives at the board (6.7.1): on time he plays; after the default time he
    loses, and so does an opponent still absent."""
    player = event.by
    if not d.rules.rules.arrivals:  # a note of who was present when (a live server's seats)
        return []
    present = d.players.present
    if present[player]:
        raise Rejected(Words("{player} is already at the board", player=player.words))
    if event.at > d.rules.rules.default_time:
        losers = (player,) if present[player.other] else tuple(Color)
        return lose_by_default(d, losers, event.at, idx)
    d.players = replace(d.players, present=pair(present, player, True))
    return []


def absent_lose(d: Draft, at: Millis, idx: int) -> list[Ruling]:
    """The arbiter looks at the clock after the default time: who is not at the board loses
    (6.7.1)."""
    if at <= d.rules.rules.default_time:
        return []
    absent = tuple(color for color in Color if not d.players.present[color])
    return lose_by_default(d, absent, at, idx) if absent else []


def check_present(d: Draft, by: Color) -> None:
    """Only a player at the board acts (6.7): raise :class:`Rejected` for one who is not."""
    if not d.players.present[by]:
        raise Rejected(Words("{by} has not arrived at the board (6.7)", by=by.words))


def lose_by_default(
    d: Draft,
    losers: tuple[Color, ...],
    at: Millis,
    idx: int,
    article: str = "6.7.1",
    *,
    resumed: bool = False,
) -> list[Ruling]:
    """The players of ``losers`` were not at the board at the default time (6.7.1; after the
    resumption of an adjourned game, ``resumed``, I.10): each loses, both 0-0."""
    limit = ms_to_seconds(d.rules.rules.default_time)
    when = Words("at the default time ({limit} s)", limit=limit)
    if resumed:
        when = Words("at the default time ({limit} s after the resumption)", limit=limit)
    if len(losers) == 2:
        note = Words("neither player was at the board {when}: both lose", when=when)
        result = Result.BOTH_LOSE
    else:
        (loser,) = losers
        note = Words("{loser} was not at the board {when}", loser=loser.words, when=when)
        result = Result.win_for(loser.other)
    unless = Words("unless the arbiter decides otherwise ({article})", article=article)
    note = joined(note, unless)
    return end(d, result, Reason.DEFAULT, article, at, idx, note=note)
