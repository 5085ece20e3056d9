"""Blind and visually disabled players (Appendix D.2), for a game whose ``start`` rules have
``appendix_d`` (:mod:`._appendix_d`).

D.2.1: moves are announced clearly. D.2.2: on the tactile board a piece counts as touched once
it has been taken out of its fixing hole (a ``touch``); feeling it in its hole (``feel``) is no
touch. D.2.3-D.2.4: the visually disabled player's move is made when the piece is placed in a
different hole (a ``move``) and the move has been announced; only then is the opponent's clock
started, so his ``press`` before the announcement is not taken. D.2.5: for the sighted player
the normal rules apply. D.2.8: a slip of the tongue in the announcement is corrected at once,
before the opponent's clock is started. D.2.9 (boards differing) is the arbiter's ``restore``
with article D.2.9; D.2.10's assistant acts in the player's name (``by`` the player).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chesslaws._color import Color
from chesslaws._words import Words
from chesslaws.clock import format_clk

from ._appendix_d import ANNOUNCED, Announcement, BlindSetting
from ._draft import Draft, Rejected, ruling
from ._events import Announce, Event, Feel, MoveMade, Press, RequestTime
from ._moves import own_last
from ._rulings import Ruling, RulingKind

__all__ = ["on_announce", "on_feel", "on_request_time", "with_appendix_d"]

_Handler = Callable[[Draft, Any, int], list[Ruling]]

_AWAITED = Announcement(announced=False)
_DIFFERS = Announcement(announced=False, differs=True)


def _setting(d: Draft, what: str) -> BlindSetting:
    setting = d.rules.rules.appendix_d
    if setting is None:
        raise Rejected(
            Words("{what}: the start event's rules have no 'appendix_d' (D.1)", what=what)
        )
    return setting


def on_feel(d: Draft, event: Feel, idx: int) -> list[Ruling]:
    """D.2.2: a piece felt in its hole on the tactile board is not touched."""
    setting = _setting(d, "feel")
    if not (setting.tactile_board and setting.disabled(event.by)):
        raise Rejected(
            Words(
                "feel: {by} plays on no tactile board (D.2.2 is the visually disabled player's); "
                "a piece he touches is a 'touch'",
                by=event.by.words,
            )
        )
    return []


def on_announce(d: Draft, event: Announce, idx: int) -> list[Ruling]:
    """D.2.1: the player announces the move he has made and not yet completed. One that names
    another move is noted; for the visually disabled player it must be corrected before his
    clock is pressed (D.2.8)."""
    setting = _setting(d, "announce")
    player = event.by
    sheet = d.sheet
    last = sheet.last
    if last is None or not d.uncompleted[player] or own_last(d, player) is not sheet:
        raise Rejected(
            Words("announce: {player} has made no move to announce (D.2.1)", player=player.words)
        )
    disabled = setting.disabled(player)
    if _names(event.move, last.san, last.uci):
        if disabled and d.blind is not None and d.blind.differs:
            d.blind = ANNOUNCED
            return [_announcement(event, idx, "corrected", "D.2.8")]
        if disabled:
            d.blind = ANNOUNCED
        return []
    if disabled:
        d.blind = _DIFFERS
    if _without_piece(event.move, last.san):
        note = Words(
            "a promotion is announced with the piece chosen (D.2.1): {san} was made; corrected "
            "before the opponent's clock is started (D.2.8)",
            san=last.san,
        )
        return [_announcement(event, idx, "differs", "D.2.1", note=note)]
    note = Words(
        "the announcement names another move than {san}, made on the board: corrected before the "
        "opponent's clock is started (D.2.8), else the boards differ (D.2.9)",
        san=last.san,
    )
    return [_announcement(event, idx, "differs", "D.2.8", note=note)]


def on_request_time(d: Draft, event: RequestTime, idx: int) -> list[Ruling]:
    """D.2.6.1, D.2.10.4: the times and the number of moves completed are read out to the
    visually disabled player on his request (his talking clock, or his assistant); a sighted
    player reads the clock himself."""
    setting = _setting(d, "request_time")
    player = event.by
    if not setting.disabled(player):
        raise Rejected(
            Words("request_time: {player} is not visually disabled (D.2.6)", player=player.words)
        )
    clock = d.clock
    if clock is None:
        raise Rejected(Words("request_time: the game has no clock"))
    white, black = (format_clk(clock.remaining(color, event.at))[6:-1] for color in Color)
    made = d.moved
    done = [made[color.value] - d.uncompleted[color.value] for color in Color]
    note = Words(
        "white {white}, black {black}; moves completed: white {white_moves}, black {black_moves}",
        white=white, black=black, white_moves=done[0], black_moves=done[1],
    )  # fmt: skip
    return [
        ruling(idx, event.at, RulingKind.ANNOUNCEMENT, by=player, status="time",
               article="D.2.6", note=note)
    ]


def _announcement(event: Announce, idx: int, status: str, article: str, **fields: Any) -> Ruling:
    return ruling(
        idx, event.at, RulingKind.ANNOUNCEMENT, by=event.by, status=status, move=event.move,
        article=article, **fields,
    )


def _names(announced: str, san: str, uci: str) -> bool:
    """Whether the announcement names the move (its SAN, check marks aside, or its UCI)."""
    said = announced.strip().rstrip("+#")
    return said in (san.rstrip("+#"), uci)


def _without_piece(announced: str, san: str) -> bool:
    """Whether the announcement names the promotion ``san`` but not the piece chosen (D.2.1)."""
    said = announced.strip().rstrip("+#")
    bare = san.rstrip("+#")
    return "=" in bare and said == bare.split("=", 1)[0]


def with_appendix_d(d: Draft, event: Event, idx: int, handler: _Handler) -> list[Ruling]:
    """D.2.3-D.2.4 around the usual handling: the visually disabled player's move awaits its
    announcement, and his clock is not pressed before it."""
    setting = d.rules.rules.appendix_d
    assert setting is not None
    if not isinstance(event, MoveMade | Press) or not setting.disabled(event.by):
        return handler(d, event, idx)
    player = event.by
    blind = d.blind
    assert blind is not None
    if isinstance(event, Press) and d.uncompleted[player] and not blind.announced:
        raise Rejected(
            Words(
                "{player}'s move is made only once it is announced (D.2.3): his clock is not "
                "pressed before (D.2.4)",
                player=player.words,
            )
        )
    rulings = handler(d, event, idx)
    if isinstance(event, MoveMade) and d.uncompleted[player] and d.ending is None:
        d.blind = _AWAITED
    return rulings
