"""What the board reader takes from the arbiter's state: every read of a ``GameState`` is here.

The reader follows the arbiter and rules nothing; it needs to know little of the game: the
position the board must show, whether the game is over, whose clock runs and when its flag
falls (6.1, 6.8), and whether the last move was taken back as a touch-move breach (4.3). Reading
the state through this one place keeps the e-board out of the arbiter's internals.
"""

from __future__ import annotations

from chesslaws.arbiter import GameState, Millis

__all__ = ["flag_due"]


def flag_due(state: GameState) -> Millis | None:
    """The instant the running clock's flag falls (6.1.1) if it keeps running; None without a
    clock, with the clock paused or stopped, or once the game is over."""
    clock = state.clock
    running = state.running
    if clock is None or running is None or state.is_over:
        return None
    due = clock.clock.flag_due(running)
    return None if due is None else Millis(due)
