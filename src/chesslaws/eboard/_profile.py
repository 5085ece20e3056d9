"""Board profiles: how the readings of a kind of board are timed and what a lift means.

A profile is the three times the reader works with (``docs/eboard.md``): ``debounce`` (a square
change undone within it is flicker), ``knock`` (lifts closer than that are pieces knocked over,
no touch; 0: never) and ``settle`` (a legal move shown that long is made, 4.7).

``tactile``: the visually disabled player's tactile board of Appendix D.1, every piece fixed by
a peg in a hole of its square. D.2.2: a piece counts as touched once it has been taken out of
its fixing hole, so every lift the board senses is a touch, and pieces fixed in holes are not
knocked over (``knock`` 0). Feeling a piece in its hole is no lift: the board senses nothing
(the arbiter's ``feel`` event records it when it matters). D.2.3: the move is made when the
piece is placed into a different hole and the move has been announced; the ``announce``
button (the player or his assistant, D.2.10.2) says the announcement was made: it makes the
move the board shows at once and passes on the ``announce`` event, so the clock pressed before
it is not taken (D.2.4, ruled by the arbiter).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PROFILES", "STANDARD", "TACTILE", "BoardProfile", "profile_named"]


@dataclass(frozen=True, slots=True)
class BoardProfile:
    """The reader's times for a kind of board (milliseconds)."""

    name: str
    debounce: int = 80
    knock: int = 25
    settle: int = 1000


STANDARD = BoardProfile("standard")
"""A board whose pieces stand free on their squares."""

TACTILE = BoardProfile("tactile", knock=0)
"""Appendix D.1's tactile board: a lift is a piece out of its fixing hole, a touch (D.2.2)."""

PROFILES = {profile.name: profile for profile in (STANDARD, TACTILE)}


def profile_named(name: str) -> BoardProfile:
    """The profile called ``name``; ``ValueError`` naming the known ones otherwise."""
    try:
        return PROFILES[name]
    except KeyError:
        known = ", ".join(PROFILES)
        raise ValueError(f"unknown board profile {name[:40]!r} (known: {known})") from None
