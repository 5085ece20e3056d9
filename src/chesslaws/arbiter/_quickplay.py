"""Guidelines III: games without increment, including quickplay finishes.

* III.2: only if announced (the ``guidelines_iii`` rule: ``false`` refuses them), only in
  standard and rapid games without increment, never in blitz.
* III.3.1: both flags have fallen and it cannot be established which fell first: in a period
  that is not the last, play continues (III.3.1.1: the clocks are paused and the flags set
  aside; the arbiter sets the clock with ``set_time``, ``set_moves`` and resumes it); in the
  last, the game is drawn (III.3.1.2).
* III.5 and III.6: the player to move, with less than two minutes and before his flag falls,
  claims a draw (``claim`` of kind ``quickplay``). With an arbiter present the clocks are
  paused and the arbiter agrees (``declare``, III.5.1), postpones or rejects (``add_time`` of
  two minutes to the opponent, III.5.2, III.5.3). With no arbiter present (the
  ``arbiter_present`` rule ``false``) the claim ends the game (III.6); the designated arbiter
  gives the result later (``amend_result``).
"""

from __future__ import annotations

from chesslaws._color import Color
from chesslaws._words import Words
from chesslaws.endings import Reason, Result

from ._draft import Draft, Rejected, end, ruling
from ._events import Arbiter, Claim, Mode
from ._rulings import Ruling, RulingKind

__all__ = ["check_guidelines_iii", "on_flags_unordered", "on_quickplay_claim"]

_TWO_MINUTES = 120_000


def check_guidelines_iii(d: Draft) -> None:
    """III.2: raise :class:`Rejected` where Guidelines III do not apply."""
    if d.rules.rules.guidelines_iii is False:
        raise Rejected(Words("Guidelines III apply only if announced before the event (III.2.1)"))
    clock = d.clock
    if clock is None:
        raise Rejected(Words("Guidelines III: the game has no clock"))
    if d.rules.mode is Mode.BLITZ or any(tc.has_increment for tc in clock.time_controls):
        raise Rejected(
            Words("Guidelines III apply only to standard and rapid games without increment")
        )


def on_flags_unordered(d: Draft, event: Arbiter, idx: int) -> list[Ruling]:
    """III.3.1: both flags down, which fell first cannot be told."""
    check_guidelines_iii(d)
    state = d.clock
    assert state is not None
    clock = state.clock
    at = event.at
    if any(clock.flag_instant(color, at) is None for color in Color):
        raise Rejected(Words("III.3.1: both flags must have fallen"))
    if all(clock.moves_to_control(color) is None for color in Color):
        note = Words(
            "both flags have fallen, which first cannot be established, in the last period"
        )
        return end(d, Result.DRAW, Reason.ARBITER, "III.3.1.2", at, idx, note=note)
    corrected = clock.copy()
    if not corrected.paused:
        corrected.pause(at)  # the fallen flags are read first, then set aside
    for color in Color:
        corrected.clear_flag(color)
    d.clock = state.with_clock(corrected)
    note = Words(
        "both flags have fallen, which first cannot be established, before the last period: play "
        "continues once the arbiter has set the clock (set_time, set_moves, resume)"
    )
    return [ruling(idx, at, RulingKind.CLOCK, status="paused", article="III.3.1.1", note=note)]


def on_quickplay_claim(d: Draft, event: Claim, idx: int) -> list[Ruling]:
    """III.5, III.6: the player to move, under two minutes, claims a draw before his flag."""
    check_guidelines_iii(d)
    player = event.by
    state = d.clock
    assert state is not None
    at = event.at
    if d.on_move is not player:
        raise Rejected(
            Words(
                "{player} does not have the move: III.5 is for the player to move",
                player=player.words,
            )
        )
    if state.clock.flag_instant(player, at) is not None:
        raise Rejected(
            Words(
                "{player}'s flag has fallen: the claim comes too late (III.5)", player=player.words
            )
        )
    if state.remaining(player, at) >= _TWO_MINUTES:
        raise Rejected(Words("{player} has two minutes or more left (III.5)", player=player.words))
    if d.rules.rules.arbiter_present is False:
        note = Words(
            "no arbiter present: the claim ends the game; the claimant writes down the final "
            "position and an up-to-date scoresheet, the opponent verifies them, and the "
            "designated arbiter gives the result"
        )
        return end(d, Result.NONE, Reason.ARBITER, "III.6", at, idx, by=player, note=note)
    if not state.paused:
        d.clock = state.pause(at)
    note = Words(
        "draw claimed: the arbiter agrees (declare, III.5.1), postpones (III.5.2) or rejects it "
        "(two minutes to the opponent, III.5.3)"
    )
    return [
        ruling(idx, at, RulingKind.CLOCK, by=player, status="paused", article="III.5", note=note)
    ]
