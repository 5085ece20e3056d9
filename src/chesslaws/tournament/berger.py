"""Round-robin pairings by the Berger tables (FIDE C.05, Annex 1).

The tables, for an even number ``n`` of players (an odd number plays the table of ``n + 1``,
the highest number being the bye), follow one rule, read off the published tables:

* Player ``n`` stays put; the others, ``1 .. n-1``, meet in round ``r`` when their numbers add
  up to ``r + 1`` modulo ``n - 1``, and the one left over (twice his number ≡ ``r + 1``) meets
  ``n``.
* Board 1 is ``n``'s game: in an odd round ``(r + 1) / 2`` has white against ``n``; in an even
  round ``n`` has white against ``r / 2 + n / 2``.
* The other boards take, in order, the next players after board 1's (counting round ``1 .. n-1``)
  as white, each against the partner the first rule gives.

For 6 players: round 1 is 1-6, 2-5, 3-4; round 2 is 6-4, 5-3, 1-2; round 3 is 2-6, 3-1, 4-5.

A double round-robin plays the table twice, the second cycle with the colours reversed; as
Annex 1 recommends, the last two rounds of the first cycle are exchanged, so that no player
has the same colour three times running across the cycles.
"""

from __future__ import annotations

from chesslaws.tournament._errors import TournamentError

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "berger_round", "berger_rounds", "cycle_length"]

MIN_PLAYERS = 3
MAX_PLAYERS = 24

Pairs = tuple[tuple[int, int], ...]


def cycle_length(players: int) -> int:
    """Rounds in one cycle: ``n - 1`` for an even ``n``, ``n`` for an odd one."""
    _check(players)
    return players - 1 if players % 2 == 0 else players


def berger_round(players: int, round_: int, *, double: bool = False) -> Pairs:
    """The games of a round, ``(white, black)`` by pairing number, board 1 first.

    With an odd number of players the one drawn against the missing highest number has the
    bye, written ``(player, 0)`` after the games.

    >>> berger_round(6, 2)
    ((6, 4), (5, 3), (1, 2))
    >>> berger_round(5, 1)
    ((2, 5), (3, 4), (1, 0))
    """
    cycle = cycle_length(players)
    last = 2 * cycle if double else cycle
    if not 1 <= round_ <= last:
        raise TournamentError(f"round {round_} is out of 1..{last}", field="round")
    if not double:
        return _table_round(players, round_)
    if round_ > cycle:
        games = _table_round(players, round_ - cycle)
        return tuple((black, white) if black else (white, 0) for white, black in games)
    swapped = {cycle - 1: cycle, cycle: cycle - 1}.get(round_, round_) if cycle > 2 else round_
    return _table_round(players, swapped)


def berger_rounds(players: int, *, double: bool = False) -> tuple[Pairs, ...]:
    """Every round of the round-robin (or double round-robin), in order."""
    rounds = cycle_length(players) * (2 if double else 1)
    return tuple(berger_round(players, r, double=double) for r in range(1, rounds + 1))


def _check(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise TournamentError(
            f"the Berger tables are for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}",
            field="players",
        )


def _table_round(players: int, round_: int) -> Pairs:
    """Round ``round_`` of the table for an even number (the bye last for an odd number)."""
    n = players + players % 2
    m = n - 1
    if round_ % 2:
        first = (round_ + 1) // 2
        games = [(first, n)]
    else:
        first = round_ // 2 + n // 2
        games = [(n, first)]
    for board in range(1, n // 2):
        white = (first + board - 1) % m + 1
        black = (round_ + 1 - white - 1) % m + 1
        games.append((white, black))
    if n == players:
        return tuple(games)
    bye = next(w if b == n else b for w, b in games if n in (w, b))
    return (*(g for g in games if n not in g), (bye, 0))
