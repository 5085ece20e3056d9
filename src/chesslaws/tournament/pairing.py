"""The next round's pairings of an event, as a deterministic function of the event so far.

Round-robins are paired by the Berger tables (:mod:`.berger`). The FIDE Dutch system (C.04.3):
the first round here (the top half against the bottom half, colours alternating from the
initial colour, the last player the bye), later rounds by :mod:`.dutch`.
:func:`pairs_text` writes pairings as bbpPairings and JaVaFo write them (``-p``): the number
of pairs, then a line ``white black`` per board, the pairing-allocated bye as ``N 0``.
"""

from __future__ import annotations

from chesslaws.tournament._errors import TournamentError
from chesslaws.tournament.berger import berger_round, cycle_length
from chesslaws.tournament.dutch import dutch_pairings
from chesslaws.tournament.event import Event

__all__ = ["next_pairings", "pairs_text"]

Pairs = tuple[tuple[int, int], ...]


def next_pairings(event: Event) -> tuple[int, Pairs]:
    """The next round's number and its pairings ``(white, black)``, board 1 first.

    A round-robin needs its players numbered 1..n (the Berger tables' numbers, drawn before
    the first round, C.05 Annex 1); it is a double round-robin when its system says so or the
    planned number of rounds is twice a cycle.
    """
    if not event.is_round_robin:
        return event.rounds_paired + 1, _dutch_first_round(event)
    players = len(event.players)
    numbers = [p.number for p in event.players]
    if numbers != list(range(1, players + 1)):
        raise TournamentError("a round-robin's players must be numbered 1 to n", field="player")
    cycle = cycle_length(players)
    double = event.total_rounds == 2 * cycle or "DOUBLE" in event.system.upper()
    round_ = event.rounds_paired + 1
    if round_ > (2 if double else 1) * cycle:
        raise TournamentError(f"all {round_ - 1} rounds are paired", field="round")
    return round_, berger_round(players, round_, double=double)


def _dutch_first_round(event: Event) -> Pairs:
    """Round 1 by the Dutch system (C.04.3): players ordered by pairing number, those who asked
    for a bye (record 240) left out; with an odd number the last has the pairing-allocated
    bye; the first half meets the second half in order, the top player of board 1 having
    the initial colour and colours alternating board by board."""
    if event.rounds_paired:
        return dutch_pairings(event)
    if event.accelerations:
        raise TournamentError(
            "Dutch pairing not implemented yet (accelerated rounds)", field="system"
        )
    if event.initial_colour not in ("W", "B"):
        raise TournamentError(
            "round 1 needs the initial colour (tag 152, or XXC white1/black1)", field="colour"
        )
    absent = {b.player for b in event.byes if b.round == 1}
    players = [p.number for p in event.players if p.number not in absent]
    bye = [(players.pop(), 0)] if len(players) % 2 else []
    half = len(players) // 2
    pairs = []
    for board, (top, bottom) in enumerate(zip(players[:half], players[half:], strict=True)):
        top_white = (board % 2 == 0) == (event.initial_colour == "W")
        pairs.append((top, bottom) if top_white else (bottom, top))
    return (*pairs, *bye)


def pairs_text(pairs: Pairs) -> str:
    """``N`` then ``white black`` per pair (the bye ``N 0``), as bbpPairings ``-p`` writes."""
    return f"{len(pairs)}\n" + "".join(f"{white} {black}\n" for white, black in pairs)
