"""Irregularities in the set-up, the colours and the clock setting (7.2, 7.3, 6.10.2, A.5.1).

* 7.2.1: the initial position was incorrect: "the game shall be cancelled and a new game shall
  be played"; 7.2.2: the board was wrongly placed: "the game shall continue but the position
  reached must be transferred to a correctly placed chessboard".
* 7.3: "If a game has started with colours reversed then, if less than 10 moves have been made
  by both players, it shall be discontinued and a new game played with the correct colours.
  After 10 moves or more, the game shall continue."
* 6.10.2: a wrong clock setting is corrected: the arbiter installs the correct control.
* A.5.1 (rapid and blitz without full supervision): once each player has completed ten moves,
  the clock setting is not changed "unless the schedule of the event would be adversely
  affected" (A.5.1.1: the arbiter names that ground with the action's ``article``), and no
  claim about an incorrect set-up or board orientation can be made (A.5.1.2).

A cancelled or discontinued game ends without a result (``*``, reason ``arbiter``): a new game
is played, in a new log.
"""

from __future__ import annotations

from chesslaws._errors import ChessLawsError
from chesslaws._words import Words
from chesslaws.clock import TimeControl
from chesslaws.endings import Reason, Result

from ._draft import Draft, Rejected, end, ruling
from ._events import Arbiter, ArbiterActionKind, Mode, Supervision
from ._rulings import Ruling, RulingKind

__all__ = ["on_colours_reversed", "on_set_control", "on_set_up_wrong"]

_TEN = 10


def _ten_each(d: Draft) -> bool:
    """Whether each player has completed ten moves (A.5.1; 7.3 counts moves made)."""
    white, black = d.moved
    return white >= _TEN and black >= _TEN


def _unsupervised(d: Draft) -> bool:
    profile = d.rules
    return profile.mode is not Mode.STANDARD and profile.supervision is Supervision.PARTIAL


def on_set_up_wrong(d: Draft, event: Arbiter, idx: int) -> list[Ruling]:
    """7.2.1 (the pieces) and 7.2.2 (``orientation``: the board turned): cancelled, or play
    goes on on a board placed correctly; A.5.1.2 after ten moves each."""
    orientation = event.action is ArbiterActionKind.BOARD_ORIENTATION
    if _unsupervised(d) and _ten_each(d):
        raise Rejected(
            Words(
                "A.5.1.2: each player has completed ten moves: no claim about an incorrect set-up "
                "or board orientation (a wrongly placed king or rook cannot castle)"
            )
        )
    if orientation:
        note = Words("the position reached is transferred to a correctly placed chessboard")
        return [
            ruling(idx, event.at, RulingKind.CLOCK, status="resumed", article="7.2.2", note=note)
        ]
    note = Words("the initial position was incorrect: the game is cancelled, a new game is played")
    return end(d, Result.NONE, Reason.ARBITER, event.article or "7.2.1", event.at, idx, note=note)


def on_colours_reversed(d: Draft, event: Arbiter, idx: int) -> list[Ruling]:
    """7.3: discontinued with fewer than ten moves by both players, else the game goes on."""
    if _ten_each(d):
        note = Words(
            "ten moves or more by both players: the game continues with the colours as played"
        )
        return [ruling(idx, event.at, RulingKind.CLOCK, status="resumed", article="7.3", note=note)]
    note = Words(
        "fewer than ten moves by both players: discontinued, a new game with the right colours"
    )
    return end(d, Result.NONE, Reason.ARBITER, event.article or "7.3", event.at, idx, note=note)


def on_set_control(d: Draft, event: Arbiter, idx: int) -> list[Ruling]:
    """6.10.2: the arbiter installs the correct control (times and counters kept; he sets them
    with ``set_time`` and ``set_moves``); A.5.1.1 after ten moves each, without his ground."""
    clock = d.clock
    if clock is None:
        raise Rejected(Words("set_control: the game has no clock"))
    assert event.time_control is not None
    if _unsupervised(d) and _ten_each(d) and event.article is None:
        raise Rejected(
            Words(
                "A.5.1.1: each player has completed ten moves: the clock setting is not changed "
                "unless the schedule would suffer (give the 'article' of that ground)"
            )
        )
    try:
        control = TimeControl.parse(event.time_control)
        corrected = clock.clock.copy()
        corrected.set_time_control(control)
    except ChessLawsError as error:
        raise Rejected(Words("set_control: {error}", error=error)) from None
    d.clock = clock.with_clock(corrected)
    note = Words("the clock set to {control}", control=control.canonical())
    article = event.article or "6.10.2"
    return [ruling(idx, event.at, RulingKind.CLOCK, status="corrected", article=article, note=note)]
