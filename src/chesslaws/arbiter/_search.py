"""Who answers "can the opponent still checkmate?" while :func:`~chesslaws.arbiter.step` runs.

When a player loses by a rule (resignation 5.1.2, flag 6.9, second illegal move 7.5.5, A.5.3),
the opponent wins only if he can checkmate by some series of legal moves; otherwise the game is
drawn. That question is the one long part of a ruling (a search of up to the game's
``mate_budget`` positions). By default :func:`chesslaws.endings.loss_or_draw` answers it in
place. A caller that must not wait for the search in its own thread (the live server) passes
``step`` a function of the same signature that looks the answer up, and raises to say the
search is needed; it runs the search elsewhere and steps the event again with the answer. The
answer is a function of the position, the loser and the budget only, so the rulings are the
same either way.

The function given to ``step`` is held in a context variable for the length of that call only.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextvars import ContextVar

from chesslaws._color import Color
from chesslaws.core import Position
from chesslaws.endings import Result, Winnability, loss_or_draw

__all__ = ["LossOrDraw", "answering", "loss_or_draw_now"]

LossOrDraw = Callable[..., tuple[Result, Winnability]]
"""``(position, loser, *, budget) -> (result, verdict)``, as
:func:`chesslaws.endings.loss_or_draw`."""

_ANSWER: ContextVar[LossOrDraw] = ContextVar("loss_or_draw", default=loss_or_draw)


@contextlib.contextmanager
def answering(answer: LossOrDraw) -> Iterator[None]:
    """Within the block, :func:`loss_or_draw_now` asks ``answer``."""
    token = _ANSWER.set(answer)
    try:
        yield
    finally:
        _ANSWER.reset(token)


def loss_or_draw_now(
    position: Position, loser: Color, *, budget: int
) -> tuple[Result, Winnability]:
    """The result when ``loser`` loses by a rule, from the answerer of the current step."""
    return _ANSWER.get()(position, loser, budget=budget)
