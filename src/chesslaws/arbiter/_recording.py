"""Recording the moves (Article 8): when the duty to record lapses.

8.4: "If a player has less than five minutes left on his/her clock during an allotted period
of time and does not have additional time of 30 seconds or more added with each move, then
for the remainder of the period he/she is not obliged to meet the requirements of Article
8.1.1." The arbiter notes the moment it begins: at the press of the move during which the
player's time went under five minutes (standard play only: rapid and blitz players need not
record at all, A.2, B.3).
"""

from __future__ import annotations

from chesslaws._color import Color

from ._draft import Draft, ruling
from ._rulings import Ruling, RulingKind
from ._scoresheet import Scoresheet
from ._time import Millis

__all__ = ["recording_exemption"]

_FIVE_MINUTES = 300_000
_THIRTY_SECONDS = 30_000


def recording_exemption(
    d: Draft, player: Color, own: Scoresheet | None, at: Millis, idx: int
) -> list[Ruling]:
    """8.4 as it begins, at ``player``'s press: his time as he pressed is under five minutes,
    it was not as he pressed his previous move (``own`` ends with the move just completed),
    and his period gives less than 30 s a move. A press that reached the control starts a new
    period: nothing then."""
    state = d.clock
    assert state is not None
    last = state.last_press
    if last is None or last.color is not player or last.before >= _FIVE_MINUTES:
        return []
    clock = state.clock
    increment = clock.period_of(player).increment
    if increment >= _THIRTY_SECONDS or last.after > last.before + increment:
        return []
    earlier = own.before.before if own is not None and own.before is not None else None
    if earlier is not None and earlier.san is not None:
        # His time as he pressed his previous move: what it showed after it, less the
        # increment that press earned (the lowest his clock showed during that move).
        had = earlier.clock - increment if earlier.clock is not None else None
    else:
        had = clock.time_control_of(player).periods[0].time
    if had is None or had < _FIVE_MINUTES:
        return []
    return [
        ruling(
            idx,
            at,
            RulingKind.SCORESHEET,
            by=player,
            status="exempt",
            article="8.4",
            note="less than five minutes left and no increment of 30 s or more: no duty to "
            "record the moves for the rest of the period",
        )
    ]
