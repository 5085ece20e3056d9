"""An earlier position restored (Articles 7.1, 7.5.1, 7.6): the arbiter's ``restore``.

7.6: a piece found displaced from its correct square: "the position before the irregularity
shall be restored", or the last identifiable one; 7.1: "if an irregularity forces a return to
an earlier position, the arbiter shall use his/her best judgement to determine the times to
be shown on the chessclock ... He/she shall also, if necessary, adjust the clock's move
counter". The arbiter names how many moves of the scoresheet stand; the moves after them are
taken back, the player to move in that position has the move and his clock runs, the clock's
move counters are set to each player's moves standing, and the times are left as they are
(the arbiter sets them with ``set_time`` where his judgement says otherwise).
"""

from __future__ import annotations

from chesslaws._color import Color

from ._clockface import ClockState
from ._draft import Draft, Rejected, ruling
from ._events import Arbiter
from ._rulings import Ruling, RulingKind
from ._state import NO_TOUCH
from ._time import Millis, ms_to_seconds

__all__ = ["on_restore"]


def on_restore(d: Draft, event: Arbiter, idx: int) -> list[Ruling]:
    """The position after the first ``event.moves`` moves (plies) of the scoresheet is
    restored (7.1, 7.6); the article is the event's, else 7.6."""
    keep = event.moves
    assert keep is not None
    made = d.sheet.length
    if keep > made:
        raise Rejected(f"restore: the scoresheet has {made} moves, not {keep}")
    if d.pending is not None:
        raise Rejected("restore: an illegal move is waiting to be ruled on (7.5, A.5.2)")
    back = made - keep
    board, sheet = d.board, d.sheet
    if back > board.position.ply:
        raise Rejected(
            f"restore: the position after move {keep} cannot be told (an illegal move stood "
            "after it, A.5.2)"
        )
    for _ in range(back):
        board, sheet = board.taken_back(), sheet.without_last()
    d.board, d.sheet = board, sheet
    d.touch = NO_TOUCH
    d.breach = None
    d.uncompleted = (False, False)
    mover = board.position.side_to_move
    d.running = mover
    plural = "" if keep == 1 else "s"
    note = f"the position after {keep} move{plural} (plies) restored: {board.position.fen()}"
    if d.clock is not None:
        d.clock = _clock_restored(d, d.clock, mover, event.at)
        shown = d.clock.clock
        note += (
            f"; clocks as they were (White {ms_to_seconds(shown.remaining(Color.WHITE))} s, "
            f"Black {ms_to_seconds(shown.remaining(Color.BLACK))} s), move counters "
            f"{shown.moves_completed(Color.WHITE)} and {shown.moves_completed(Color.BLACK)}"
        )
    article = event.article or "7.6"
    return [ruling(idx, event.at, RulingKind.POSITION_RESTORED, article=article, note=note)]


def _clock_restored(d: Draft, state: ClockState, mover: Color, at: Millis) -> ClockState:
    """The clock once the position is restored: ``mover``'s clock runs (no move counted, no
    increment), the counters show the moves standing (7.1)."""
    clock = state.clock.copy()
    if not clock.stopped:
        clock.switch(mover, at)
    for color, moves in zip(Color, d.moved, strict=True):
        clock.set_moves(color, moves)
    return ClockState(clock, state.mode)
