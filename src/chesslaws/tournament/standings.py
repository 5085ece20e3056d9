"""Standings and tie-breaks by FIDE C.07 (Tie-Break Regulations, 2024; the 2026 amendment).

``standings(event, ["PTS", "BH/C1", "SB", "DE"])`` ranks the players by the tie-breaks in the
order given (the order is the event's setting, C.07 §4): each one only separates players still
tied on those before it.

=======  ======================================================================================
name     value (C.07 article)
=======  ======================================================================================
PTS      points (§5)
DE       direct encounter among the tied players, applied again within each smaller tie (§6);
         the value written is the place within the tie (1, 2, ...), 0 if DE separates no one
WIN      rounds with as many points as a win, played or not (§7.1)
BPG      games played with black (§7.3)
BWG      games won with black (§7.4)
PS       progressive score: the sum of the running scores (§7.5); ``/Cn`` drops the first n
KS       Koya: points against players who scored at least half the maximum (§7.6)
BH       Buchholz: the sum of the opponents' scores (§8.1); ``/Cn`` cuts the n lowest
         contributions, ``/Mn`` the n lowest and n highest (§14)
SB       Sonneborn-Berger: opponents' scores times the points against them (§9.1); ``/Cn``
ARO      average rating of the opponents played (§10.1), rounded; ``/Cn``, ``/Mn``
TPR      tournament performance rating: ARO plus ``dp`` of the percentage scored (§10.2)
=======  ======================================================================================

Unplayed games, C.07 §16: for an opponent's contribution to Buchholz and Sonneborn-Berger,
his rounds without a game after the last one he took part in (a withdrawal, trailing byes)
count as draws (§16.3; in a round-robin as losses); a player's own unplayed round counts as a
game against a virtual opponent with as many points as the player (§16.4, 2024), or, by the
2026 amendment, with no more than that and no more than half the rounds (a forfeit: the real
opponent's score if lower). Such rounds are the first cut (§14.1). In a round-robin every
scheduled game counts as played (§16.1). ``rules`` picks the edition; by default the one in
force when the event started (the 2026 text from 2026-03-01), the 2026 text without a date.

Values are exact (``Decimal`` sums of the points, written with the points' decimals, as FIDE's
tie-break server writes them); ARO and TPR are integers, ``None`` when undefined (no game
against a rated player; any unrated player in the event and no rating set for them).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from chesslaws.tournament._errors import TournamentError
from chesslaws.tournament._rating import DP, round_half_up
from chesslaws.tournament.event import Event

__all__ = ["TIEBREAKS", "Standings", "TieBreak", "parse_tiebreak", "standings"]

Value = Decimal | int | None

#: The tie-breaks known, and the modifiers each takes (C: cut, M: median).
TIEBREAKS = {
    "PTS": "",
    "DE": "",
    "WIN": "",
    "BPG": "",
    "BWG": "",
    "PS": "C",
    "KS": "",
    "BH": "CM",
    "SB": "C",
    "ARO": "CM",
    "TPR": "CM",
}
#: Tie-breaks where fewer is better (the rest: more is better).
ASCENDING = frozenset({"DE"})
AMENDMENT_2026 = "2026/03/01"


@dataclass(frozen=True, slots=True)
class TieBreak:
    """A tie-break as C.07 abbreviates it: ``name``, and cuts (``BH/C1``, ``BH/M1``)."""

    name: str
    cut_low: int = 0
    cut_high: int = 0

    def __str__(self) -> str:
        if self.cut_low and self.cut_low == self.cut_high:
            return f"{self.name}/M{self.cut_low}"
        return f"{self.name}/C{self.cut_low}" if self.cut_low else self.name


def parse_tiebreak(text: str) -> TieBreak:
    """Read ``BH``, ``BH/C1``, ``BH/M1``, ``PS/C1``...; :class:`TournamentError` otherwise."""
    match = re.fullmatch(r"([A-Z]+)(?:/([CM])([1-9]))?", text.strip().upper())
    if match is None or match[1] not in TIEBREAKS:
        known = ", ".join(TIEBREAKS)
        raise TournamentError(f"unknown tie-break {text!r} (known: {known})", field="tiebreak")
    name, kind, count = match[1], match[2], int(match[3] or 0)
    if kind and kind not in TIEBREAKS[name]:
        raise TournamentError(f"{name} takes no /{kind} modifier", field="tiebreak")
    return TieBreak(name, count, count if kind == "M" else 0)


@dataclass(frozen=True, slots=True)
class Standings:
    """Every player's rank and tie-break values, in pairing-number order."""

    tiebreaks: tuple[TieBreak, ...]
    numbers: tuple[int, ...]
    ranks: tuple[int, ...]
    values: tuple[tuple[Value, ...], ...]
    #: Every rank equals the rank written in the file.
    check: bool

    def ranked(self) -> list[tuple[int, int, tuple[Value, ...]]]:
        """``(rank, number, values)`` best first."""
        rows = zip(self.ranks, self.numbers, self.values, strict=True)
        return sorted(rows, key=lambda row: (row[0], row[1]))

    def tsv(self) -> str:
        """The table as FIDE's tie-break checker writes it (``-c -dT``): a header
        ``StartNo Rank`` and the tie-breaks, a line per player, then ``Check: True|False``."""
        header = "\t".join(["StartNo", "Rank", *(str(tb) for tb in self.tiebreaks)])
        lines = [header]
        for number, rank, values in zip(self.numbers, self.ranks, self.values, strict=True):
            texts = [str(number), str(rank), *("-0" if v is None else str(v) for v in values)]
            lines.append("\t".join(texts))
        lines.append(f"Check: {self.check}")
        return "\n".join(lines) + "\n"


class _Table:
    """Each player's rounds, read once: points, opponent (an index, -1: none), colour, kind."""

    def __init__(self, event: Event, rounds: int, round_robin: bool) -> None:
        points = event.point_system.points
        self.win = event.point_system.win
        self.draw = event.point_system.draw
        self.rounds = rounds
        self.round_robin = round_robin
        self.numbers = [p.number for p in event.players]
        index = {number: i for i, number in enumerate(self.numbers)}
        self.ratings = [p.rating for p in event.players]
        self.file_ranks = [p.rank or 0 for p in event.players]
        self.points: list[list[Decimal]] = []
        self.opponents: list[list[int]] = []  # index of the opponent, -1 for none
        self.black: list[list[bool]] = []
        self.played: list[list[bool]] = []  # over the board, or the pairing-allocated bye
        self.voluntary: list[list[bool]] = []  # unplayed and not a win (C.07 §16.2)
        for player in event.players:
            entries = [player.entry(r) for r in range(1, rounds + 1)]
            self.points.append([points(e.code) for e in entries])
            self.opponents.append(
                [index.get(e.opponent, -1) if e.opponent else -1 for e in entries]
            )
            self.black.append([e.colour == "b" for e in entries])
            self.played.append([e.code in "1=0WDLU" for e in entries])
            self.voluntary.append([e.code not in "1=0WDLU+F" for e in entries])
        self.totals = [sum(p, Decimal("0.0")) for p in self.points]
        self.adjusted = [self._adjusted(i) for i in range(len(self.numbers))]

    def _adjusted(self, i: int) -> Decimal:
        """A player's score as his opponents' Buchholz counts it (C.07 §16.3): rounds without
        an opponent after the last round he took part in count as draws (round-robin: 0)."""
        last = max((r + 1 for r, v in enumerate(self.voluntary[i]) if not v), default=0)
        instead = Decimal("0.0") if self.round_robin else self.draw
        score: Decimal = sum(
            (
                p if r < last or self.opponents[i][r] >= 0 else instead
                for r, p in enumerate(self.points[i])
            ),
            Decimal("0.0"),
        )
        return score

    def met(self, i: int, r: int) -> bool:
        """A game that counts as played for tie-breaks (§16.1: all scheduled, round-robin)."""
        return self.opponents[i][r] >= 0 and (self.played[i][r] or self.round_robin)


def standings(
    event: Event,
    tiebreaks: Sequence[str | TieBreak],
    *,
    rules: str | None = None,
    round_robin: bool | None = None,
    unrated: int | None = None,
    after_round: int | None = None,
) -> Standings:
    """Rank the event's players by ``tiebreaks`` in order (see the module's table).

    ``rules`` ``"2024"`` or ``"2026"`` (default: by the event's start date); ``round_robin``
    default: the system the event names, else whether the rounds are those of an all-play-all;
    ``unrated``: the rating given to unrated players for ARO and TPR; ``after_round``: the
    standings after that round (default: every round).
    """
    parsed = tuple(t if isinstance(t, TieBreak) else parse_tiebreak(t) for t in tiebreaks)
    rounds = _rounds(event)
    if round_robin is None:
        round_robin = _is_round_robin(event, rounds)
    if after_round is not None:
        if not 0 < after_round <= rounds:
            raise TournamentError(f"round {after_round} is out of 1..{rounds}", field="round")
        rounds = after_round
    table = _Table(event, rounds, round_robin)
    amended = _amended(event, rules)
    count = len(table.numbers)
    ranks = [1] * count
    order = sorted(range(count), key=lambda i: table.numbers[i])
    columns: list[list[Value]] = []
    for tb in parsed:
        if tb.name == "DE":
            column: list[Value] = list(_direct_encounter(table, order, ranks))
        else:
            column = list(_compute(table, tb, amended, unrated))
        columns.append(column)
        order = _rerank(table, order, ranks, column, ascending=tb.name in ASCENDING)
    values = tuple(tuple(column[i] for column in columns) for i in range(count))
    check = all(r == f for r, f in zip(ranks, table.file_ranks, strict=True))
    return Standings(parsed, tuple(table.numbers), tuple(ranks), values, check)


def _rounds(event: Event) -> int:
    """Rounds counted: the planned number, or the last with a game or the bye if later."""
    last = 0
    for player in event.players:
        for r, entry in enumerate(player.results, 1):
            if entry.code in "1=0WDLU" and r > last:
                last = r
    return max(last, event.total_rounds or 0)


def _is_round_robin(event: Event, rounds: int) -> bool:
    if event.system_kind is not None:
        return event.system_kind == "round-robin"
    n = len(event.players)
    return n > 0 and rounds in (n - 1, n, 2 * n - 1, 2 * n)


def _amended(event: Event, rules: str | None) -> bool:
    """Whether the 2026 amendment of §16.4 applies."""
    if rules is not None:
        if rules not in ("2024", "2026"):
            raise TournamentError(f"rules are 2024 or 2026, not {rules!r}", field="rules")
        return rules == "2026"
    start = event.start.replace("-", "/").replace(".", "/")
    if re.fullmatch(r"\d{4}/\d{2}/\d{2}", start):
        return start >= AMENDMENT_2026
    return True


def _compute(table: _Table, tb: TieBreak, amended: bool, unrated: int | None) -> list[Value]:
    count = len(table.numbers)
    name = tb.name
    if name == "PTS":
        return list(table.totals)
    if name in ("BH", "SB"):
        return [_buchholz(table, i, tb, amended) for i in range(count)]
    if name in ("ARO", "TPR"):
        return _performance(table, tb, unrated)
    if name == "PS":
        return [_progressive(table, i, tb.cut_low) for i in range(count)]
    if name == "KS":
        return _koya(table)
    return [_count(table, i, name) for i in range(count)]


def _count(table: _Table, i: int, name: str) -> int:
    """WIN, BPG, BWG (C.07 §7)."""
    rounds = range(table.rounds)
    if name == "WIN":
        return sum(1 for r in rounds if table.points[i][r] == table.win)
    games_black = [r for r in rounds if table.black[i][r] and table.played[i][r]]
    if name == "BPG":
        return len(games_black)
    return sum(1 for r in games_black if table.points[i][r] == table.win)


def _buchholz(table: _Table, i: int, tb: TieBreak, amended: bool) -> Value:
    """BH or SB with cuts (C.07 §8, §9, §14, §16)."""
    total = table.totals[i]
    half_of_rounds = table.draw * table.rounds
    parts: list[tuple[bool, Decimal, Decimal]] = []  # (voluntary unplayed, score, value)
    for r in range(table.rounds):
        opponent = table.opponents[i][r]
        voluntary = table.voluntary[i][r]
        if table.met(i, r):
            score, voluntary = table.adjusted[opponent], False
        elif table.round_robin:
            if opponent < 0:
                continue
            score = Decimal("0.0")
        elif not amended:
            score = total
        elif opponent >= 0:
            score = min(total, table.adjusted[opponent])
        else:
            score = min(total, half_of_rounds)
        value = score * table.points[i][r] if tb.name == "SB" else score
        parts.append((voluntary, score, value))
    return sum((v for _, _, v in _cut(parts, tb, table.rounds)), 0)


def _cut(
    parts: list[tuple[bool, Decimal, Decimal]], tb: TieBreak, rounds: int
) -> list[tuple[bool, Decimal, Decimal]]:
    """Drop the lowest (first the voluntarily unplayed rounds, §14.1) and highest parts."""
    low = min(tb.cut_low, rounds)
    high = min(tb.cut_high, rounds - low)
    for _ in range(low):
        if not parts:
            break
        lowest = min(parts, key=lambda p: (p[1], p[2]))
        unplayed = min(parts, key=lambda p: (not p[0], p[1], p[2]))
        parts.remove(lowest if lowest[2] > unplayed[2] else unplayed)
    for _ in range(high):
        if not parts:
            break
        parts.remove(max(parts, key=lambda p: (p[1], p[2])))
    return parts


def _progressive(table: _Table, i: int, cut: int) -> Value:
    """PS (C.07 §7.5): the running score summed round by round, the first ``cut`` left out."""
    running: Decimal | int = 0
    total: Decimal | int = 0
    for r, points in enumerate(table.points[i]):
        running = running + points
        if r >= cut:
            total = total + running
    return total


def _koya(table: _Table) -> list[Value]:
    """KS (C.07 §7.6): points against opponents with at least half the maximum score."""
    games = table.rounds
    count = len(table.numbers)
    if table.round_robin:
        if count and games % count == 0:
            games -= games // count
        games -= sum(1 for i in range(count) if not _ever_paired(table, i))
    limit = Decimal("50.0") * table.win * games / Decimal("100.0")
    values: list[Value] = []
    for i in range(count):
        ks: Decimal | int = 0
        for r, opponent in enumerate(table.opponents[i]):
            if opponent >= 0 and table.totals[opponent] >= limit:
                ks = ks + table.points[i][r]
        values.append(ks)
    return values


def _ever_paired(table: _Table, i: int) -> bool:
    return any(o >= 0 or p for o, p in zip(table.opponents[i], table.played[i], strict=True))


def _performance(table: _Table, tb: TieBreak, unrated: int | None) -> list[Value]:
    """ARO and TPR (C.07 §10) over the games played against rated opponents."""
    count = len(table.numbers)
    if unrated is None and any(r is None for r in table.ratings):
        return [None] * count
    values: list[Value] = []
    for i in range(count):
        games = [
            r for r in range(table.rounds) if table.played[i][r] and table.opponents[i][r] >= 0
        ]
        rated = []
        for r in games:
            rating = table.ratings[table.opponents[i][r]]
            rating = unrated if rating is None else rating
            if rating is not None:
                rated.append((rating, _game_score(table.points[i][r], table)))
        rated = _cut_ratings(rated, len(games), tb, table.rounds)
        values.append(_aro_or_tpr(rated, tb.name))
    return values


def _game_score(points: Decimal, table: _Table) -> int:
    """The game's result in hundredths of a point for rating (a win 100, a draw 50)."""
    if points == table.win:
        return 100
    return 50 if points == table.draw else 0


def _cut_ratings(
    rated: list[tuple[int, int]], games: int, tb: TieBreak, rounds: int
) -> list[tuple[int, int]]:
    low = min(tb.cut_low, rounds)
    high = min(tb.cut_high, rounds - low)
    ordered = sorted(rated, key=lambda g: g[0])
    for _ in range(low):
        if games == len(ordered) and ordered:
            ordered.pop(0)
        games -= 1
    for _ in range(high):
        if games == len(ordered) and ordered:
            ordered.pop()
        games -= 1
    return ordered


def _aro_or_tpr(rated: list[tuple[int, int]], name: str) -> int | None:
    if not rated:
        return None
    aro = round_half_up(sum(r for r, _ in rated), len(rated))
    if name == "ARO":
        return aro
    percent = round_half_up(sum(s for _, s in rated), len(rated))
    return aro + DP[percent]


def _direct_encounter(table: _Table, order: list[int], ranks: list[int]) -> list[int]:
    """DE (C.07 §6): within each group tied so far, the points scored against each other
    decide; those still tied are compared again among themselves, until nothing changes."""
    place = list(ranks)
    for group in _groups(order, ranks):
        if len(group) > 1:
            _split(table, group, place)
    values = [0] * len(ranks)
    for group in _groups(order, ranks):
        places = sorted(place[i] for i in group)
        offset = places[0] - (1 if places[0] != places[-1] else 0)
        for i in group:
            values[i] = place[i] - offset
    return values


def _groups(order: list[int], key: list[int]) -> list[list[int]]:
    groups: list[list[int]] = []
    for i in order:
        if groups and key[groups[-1][0]] == key[i]:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def _split(table: _Table, group: list[int], place: list[int]) -> None:
    """Order one tied group by their games among themselves; recurse into what stays tied."""
    members = set(group)
    scores: dict[int, tuple[Decimal, Decimal]] = {}
    everyone_met = True
    for i in group:
        against: dict[int, list[Decimal]] = {}
        for r, opponent in enumerate(table.opponents[i]):
            if opponent in members and table.met(i, r):
                against.setdefault(opponent, []).append(table.points[i][r])
        score = sum((sum(p, Decimal(0)) / len(p) for p in against.values()), Decimal(0))
        missing = len(group) - 1 - len(against)
        if not table.round_robin and missing > 0:
            everyone_met = False
            scores[i] = (score, score + missing * table.win)
        else:
            scores[i] = (score, score)
    first = place[group[0]]
    if everyone_met:
        ordered = sorted(group, key=lambda i: (-scores[i][0], table.numbers[i]))
    else:
        ordered = sorted(group, key=lambda i: (-scores[i][0], -scores[i][1], table.numbers[i]))
    new = _places(ordered, scores, first, everyone_met)
    if len(set(new.values())) == 1:
        return
    for i, p in new.items():
        place[i] = p
    tied: dict[int, list[int]] = {}
    for i in ordered:
        tied.setdefault(new[i], []).append(i)
    for subgroup in tied.values():
        if len(subgroup) > 1:
            _split(table, subgroup, place)


def _places(
    ordered: list[int], scores: dict[int, tuple[Decimal, Decimal]], first: int, everyone_met: bool
) -> dict[int, int]:
    """Competition places from ``first``: a player is placed below the one before only if that
    one scored more (everyone met) or more than anyone after him could still score (§6.2)."""
    places = {ordered[0]: first}
    current = first
    separate = True
    for k in range(1, len(ordered)):
        before, here = ordered[k - 1], ordered[k]
        if everyone_met:
            apart = scores[before][0] != scores[here][0]
        else:
            best_after = max(scores[i][1] for i in ordered[k:])
            apart = separate and scores[before][0] > best_after
            separate = apart
        if apart:
            current = first + k
        places[here] = current
    return places


def _rerank(
    table: _Table, order: list[int], ranks: list[int], column: list[Value], *, ascending: bool
) -> list[int]:
    """Sort by the ranks so far, then this tie-break; competition ranks (1, 2, 2, 4...)."""

    def key(i: int) -> tuple[int, bool, Decimal | int, int]:
        value = column[i]
        if value is None:
            return (ranks[i], not ascending, 0, table.numbers[i])
        return (ranks[i], ascending, value if ascending else -value, table.numbers[i])

    order = sorted(order, key=key)
    if not order:
        return order
    previous_value = column[order[0]]
    ranks[order[0]] = 1
    for position in range(1, len(order)):
        i = order[position]
        if ranks[i] == position + 1 or column[i] != previous_value:
            ranks[i] = position + 1
            previous_value = column[i]
        else:
            ranks[i] = ranks[order[position - 1]]
    return order
