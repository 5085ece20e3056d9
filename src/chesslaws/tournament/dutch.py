"""The FIDE Dutch system (C.04.3, the 2025 rules in force from 2026) for rounds 2 and later.

The round is paired bracket by bracket, from the top score group down, as a sequence of
maximum-weight matchings over every player still to be paired: each edge's weight encodes,
from the most significant bits down, the absolute criteria (C1 no second game, C3 no absolute
colour conflict, except topscorers in the last round), the completion criterion C4 with the
pairing-allocated bye's rules (C2: not to a player who already had a full point without
playing; C5: the bye to the lowest score possible), and the quality criteria in order: the
number of pairs and the scores paired in the bracket (C6, C7) and in the next (C8), the bye
assignee's unplayed games (C9), the colour criteria (C10-C13), the repeated floaters of the
last two rounds and their scores (C14-C21). Among pairings equal on every criterion the one
first in the rules' order of generation is taken (the moved-down players, then the exchanges
between S1 and S2, then the opponents in S2 order, C.04.3 B and D), each step fixing what the
next maximum-weight matching must keep. Colours follow E1-E5, boards the rules for
publishing (higher score first, then the higher player's pairing number).

This is written to agree exactly with bbpPairings (``--dutch``), the reference engine. C9 (the
bye assignee's unplayed games, a game lost by forfeit being one) weighs in a bracket while the
bye is to be assigned there or below: from the first bracket if the bye score is the top score
and no topscorer is provisionally paired below it; then in each next bracket whose score the
bye score reaches, unless a player carried into it or one of its own is provisionally paired
below it (the bye may still fall lower: ``tests/tournament/test_dutch.py`` keeps the cases that
showed it). One matching (:class:`._matching.Matching`) is kept up to date from step to step, as
bbpPairings keeps its own: a step re-optimises around the players whose edges changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from chesslaws.tournament._errors import TournamentError
from chesslaws.tournament._matching import Matching
from chesslaws.tournament.event import PLAYED_CODES, Event

__all__ = ["dutch_pairings"]

Pairs = tuple[tuple[int, int], ...]

DOWN, UP, NONE = "down", "up", "none"


def _tenths(value: Decimal) -> int:
    return int(value * 10)


def _bits(value: int) -> int:
    """How many bits write ``value`` (0 for 0)."""
    return value.bit_length()


@dataclass(slots=True)
class _Round:
    """A player's round as the pairing reads it (bbpPairings' model of a TRF entry)."""

    opponent: int  # the opponent's number; the player's own when he had none
    colour: str  # "w", "b" or "-"
    played: bool  # a game over the board
    paired: bool  # paired (a game, a forfeit) or given the pairing-allocated bye
    points: int  # in tenths of a point


@dataclass(slots=True)
class _Player:
    number: int
    rounds: list[_Round]
    score: int = 0  # tenths, without acceleration
    pairing_score: int = 0  # tenths, with acceleration: the score this round is paired on
    rank: int = 0  # the effective pairing number, 0-based
    forbidden: set[int] = field(default_factory=set)
    imbalance: int = 0
    preference: str = "-"
    repeated: str = "-"
    strong: bool = False
    played_games: int = 0
    bye_eligible: bool = True
    accelerations: dict[int, int] = field(default_factory=dict)  # round → tenths

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1

    @property
    def absolute(self) -> bool:
        """An absolute colour preference (A6.a: imbalance above 1 or the same colour twice)."""
        return self.imbalance > 1 or self.repeated != "-"


def _invert(colour: str) -> str:
    return {"w": "b", "b": "w"}.get(colour, "-")


def _read_round(event: Event, number: int, entry_opponent: int, colour: str, code: str) -> _Round:
    points = event.point_system
    if entry_opponent and code in PLAYED_CODES:
        return _Round(entry_opponent, colour, True, True, _tenths(points.points(code)))
    if entry_opponent and code in "+-":  # a forfeit: no game, so no float either way (A4)
        return _Round(number, colour, False, True, _tenths(points.points(code)))
    if code == "U":
        return _Round(number, "-", False, True, _tenths(points.bye))
    value = points.points(code) if code in "HF+" else points.absence
    return _Round(number, "-", False, False, _tenths(value))


def _players(event: Event, played_rounds: int) -> dict[int, _Player]:
    win = _tenths(event.point_system.win)
    players: dict[int, _Player] = {}
    for p in event.players:
        rounds = [
            _read_round(event, p.number, e.opponent, e.colour, e.code)
            for e in (p.entry(r) for r in range(1, played_rounds + 1))
        ]
        player = _Player(p.number, rounds)
        player.score = sum(r.points for r in rounds)
        player.forbidden = {r.opponent for r in rounds if r.played} | {p.number}
        player.bye_eligible = not any(not r.played and r.points >= win for r in rounds)
        player.accelerations = {
            r: _tenths(event.acceleration(p.number, r)) for r in range(1, played_rounds + 2)
        }
        _colour_data(player)
        players[p.number] = player
    next_round = played_rounds + 1
    for rule in event.prohibited:
        if rule.first_round <= next_round <= rule.last_round:
            for a in rule.players:
                if a in players:
                    players[a].forbidden |= set(rule.players)
    return players


def _colour_data(player: _Player) -> None:
    """Colour difference, preference and its strength (C.04.3 A6) from the games played."""
    white = black = consecutive = 0
    last = "-"
    for r in player.rounds:
        if not r.played:
            continue
        player.played_games += 1
        if r.colour == "w":
            white += 1
        else:
            black += 1
        consecutive = consecutive + 1 if consecutive and r.colour == last else 1
        last = r.colour
    lower = "b" if white > black else "w"
    player.imbalance = abs(white - black)
    if player.imbalance > 1:
        player.preference = lower
    elif consecutive > 1:
        player.preference = _invert(last)
    elif player.imbalance > 0:
        player.preference = lower
    elif consecutive:
        player.preference = _invert(last)
    player.repeated = last if consecutive > 1 else "-"
    player.strong = not player.absolute and player.imbalance > 0


class _Round2:
    """The state of one round's pairing: the players in order, the weights, the matching."""

    def __init__(self, event: Event) -> None:
        self.event = event
        self.played_rounds = event.rounds_paired
        self.by_number = _players(event, self.played_rounds)
        for p in self.by_number.values():
            p.pairing_score = self.score(p)
        absent = {b.player for b in event.byes if b.round == self.played_rounds + 1}
        valid = [
            p
            for p in sorted(self.by_number.values(), key=lambda p: p.number)
            if p.number not in absent or any(r.paired for r in p.rounds)
        ]
        for index, p in enumerate(valid):
            p.rank = index
        self.initial = _initial_colour(event, valid, self.played_rounds)
        present = [p for p in valid if p.number not in absent]
        present.sort(key=lambda p: (-p.pairing_score, p.rank))
        self.sorted = present
        win = _tenths(max(event.point_system.win, event.point_system.draw))
        self.top_threshold = (self.played_rounds * win) >> 1
        self.last_rounds = (event.total_rounds or 0) - 1 <= self.played_rounds
        self.floats: dict[tuple[int, int], str] = {}

    def score(self, p: _Player, back: int = 0) -> int:
        """The score with acceleration ``back`` rounds ago (0: before this round)."""
        index = self.played_rounds - back
        score = p.score - sum(r.points for r in p.rounds[index:])
        return score + p.accelerations.get(index + 1, 0)

    def float_of(self, p: _Player, back: int) -> str:
        """Whether the player floated down or up ``back`` rounds ago (A4: a bye with points
        is a downfloat)."""
        key = (p.number, back)
        if key not in self.floats:
            r = p.rounds[self.played_rounds - back]
            loss = _tenths(self.event.point_system.loss)
            if not r.played and r.points > loss:
                self.floats[key] = DOWN
            else:
                mine = self.score(p, back)
                theirs = self.score(self.by_number[r.opponent], back)
                self.floats[key] = DOWN if mine > theirs else UP if mine < theirs else NONE
        return self.floats[key]

    def compatible(self, a: _Player, b: _Player) -> bool:
        """C1 and C3: not met before, no absolute colour conflict (but topscorers, A7)."""
        if b.number in a.forbidden:
            return False
        if not (a.absolute and b.absolute and a.preference == b.preference):
            return True
        return self.last_rounds and (
            a.pairing_score > self.top_threshold or b.pairing_score > self.top_threshold
        )


def _initial_colour(event: Event, valid: list[_Player], played_rounds: int) -> str:
    """The initial colour (E5): as the event says, else from the first round with colours."""
    if event.initial_colour in ("W", "B"):
        return event.initial_colour.lower()
    for index in range(played_rounds):
        if not any(p.rounds[index].colour in "wb" for p in valid):
            continue
        earlier = [p for p in valid if any(r.paired for r in p.rounds[: index + 1])]
        for k, p in enumerate(earlier):
            colour = p.rounds[index].colour
            if colour in "wb":
                return colour if k % 2 == 0 else _invert(colour)
    raise TournamentError("the initial colour is not known (tag 152)", field="colour")


def dutch_pairings(event: Event) -> Pairs:
    """The next round's pairings by the Dutch system, ``(white, black)``, board 1 first, the
    pairing-allocated bye last as ``(n, 0)``."""
    for p in event.players:
        for round_, entry in enumerate(p.results, 1):
            if entry.code == "?":
                raise TournamentError(
                    f"round {round_} is not finished: player {p.number} has no result yet",
                    field="result",
                )
    if not event.total_rounds:  # C3's exception for topscorers needs the last round known
        raise TournamentError(
            "the Dutch system needs the planned number of rounds (tag 142, XXR)", field="round"
        )
    state = _Round2(event)
    if not state.sorted:
        return ()
    mates = _Pairer(state).pair()
    return _published(state, mates)


@dataclass
class _Weigher:
    """Edge weights of one bracket (see the module's docstring for the fields' order)."""

    state: _Round2
    shifts: dict[int, int]
    groups_shift: int
    group_bits: int
    bye_score: int = 0
    single_downfloater_bye: bool = False
    played_ranks: dict[int, int] = field(default_factory=dict)

    def edge(self, high: _Player, low: _Player, in_current: bool, in_next: bool) -> int:
        state = self.state
        if not state.compatible(high, low):
            return 0
        bits, gshift = self.group_bits, self.groups_shift
        sh, sl = high.pairing_score, low.pairing_score
        w = 1 + (not self._bye_candidate(high)) + (not self._bye_candidate(low))
        w = (w << bits) + in_current
        w <<= gshift
        if in_current:
            w += 1 << self.shifts[sh]
        w = (w << bits) + in_next
        w <<= gshift
        if in_next:
            w += 1 << self.shifts[sh]
        w <<= bits + 1  # C9: two ranks, each below 2**bits; their sum must not reach C8's bits
        if self.single_downfloater_bye:
            if sh == self.bye_score:
                w += self.played_ranks[high.played_games]
            if sl == self.bye_score:
                w += self.played_ranks[low.played_games]
        w = _colour_bits(w, low, high, in_current, bits)
        for back in (1, 2):
            if state.played_rounds < back:
                continue
            w <<= bits
            if in_current:
                w += state.float_of(low, back) == DOWN
                w += sh <= sl and state.float_of(high, back) == DOWN
            w <<= bits
            if in_current:
                w += not (sh > sl and state.float_of(low, back) == UP)
        for back in (1, 2):
            if state.played_rounds < back:
                continue
            w <<= gshift
            if in_current:
                w += (state.float_of(low, back) == DOWN) << self.shifts[sl]
                w += (state.float_of(high, back) == DOWN) << self.shifts[sh]
            w <<= gshift
            if in_current and not (state.float_of(low, back) == UP and sh > sl):
                w += 1 << self.shifts[sh]
        return w << (3 * bits + 1)

    def _bye_candidate(self, p: _Player) -> bool:
        return p.bye_eligible and p.pairing_score <= self.bye_score


def _colour_bits(w: int, p: _Player, q: _Player, in_current: bool, bits: int) -> int:
    """C10-C13: absolute colour imbalances, absolute preferences, preferences, strong ones."""
    differ = p.preference != q.preference
    w <<= bits
    w += in_current and (not p.absolute_imbalance or not q.absolute_imbalance or differ)
    w <<= bits
    if in_current:
        if p.imbalance == q.imbalance:
            repeat = p.repeated == "-" or p.repeated != q.repeated
        else:
            repeat = (q if p.imbalance > q.imbalance else p).repeated != _invert(p.preference)
        w += not p.absolute or not q.absolute or differ or repeat
    w <<= bits
    w += in_current and (differ or p.preference == "-" or q.preference == "-")
    w <<= bits
    w += in_current and (
        (not p.strong and not p.absolute)
        or (not q.strong and not q.absolute)
        or (p.absolute and q.absolute)
        or differ
    )
    return w


class _Pairer:
    """The bracket-by-bracket sequence of matchings (vertices: players in pairing order)."""

    def __init__(self, state: _Round2) -> None:
        self.state = state
        self.players = state.sorted
        n = len(self.players)
        self.n = n
        self.matching = Matching(n)
        shifts: dict[int, int] = {}
        total = 0
        biggest = 0
        scores = [p.pairing_score for p in self.players]
        self.scores = scores
        index = n - 1
        while index >= 0:
            start = index
            while start > 0 and scores[start - 1] == scores[index]:
                start -= 1
            size = index - start + 1
            shifts[scores[index]] = total
            total += _bits(size)
            biggest = max(biggest, size)
            index = start - 1
        self.weigher = _Weigher(state, shifts, total, _bits(biggest))
        self.fixed: dict[int, int] = {}

    # -- the matching -----------------------------------------------------------------

    def set(self, a: int, b: int, weight: int) -> None:
        if a not in self.fixed and b not in self.fixed:
            self.matching.set(a, b, weight)

    def match(self) -> list[int]:
        """The matching of greatest weight; the pairs already fixed stay as they are."""
        mate = self.matching.solve()
        for a, b in self.fixed.items():
            mate[a] = b
        return mate

    def finalize(self, a: int, b: int) -> None:
        """Fix the pair ``a``-``b``: both leave the graph (their edges dropped)."""
        self.matching.drop(a)
        self.matching.drop(b)
        self.fixed[a], self.fixed[b] = b, a

    # -- the round --------------------------------------------------------------------

    def pair(self) -> list[int]:
        self._initial_weights()
        mate = self.match()
        unmatched = [v for v in range(self.n) if mate[v] == v]
        if len(unmatched) > 1:
            raise TournamentError(
                "no pairing satisfies the absolute criteria (C1-C3)", field="round"
            )
        if self.n % 2:
            self._bye_weights(mate)
        return self._brackets()

    def _initial_weights(self) -> None:
        state, players, weigher = self.state, self.players, self.weigher
        odd = self.n % 2 == 1
        top = self.scores[0] if self.scores else 0
        for i, p in enumerate(players):
            for j in range(i):
                q = players[j]
                if odd:
                    w = 0
                    if state.compatible(p, q):
                        w = 1 + (not p.bye_eligible) + (not q.bye_eligible)
                        w <<= weigher.groups_shift
                        w += weigher.shifts[self.scores[i]] + weigher.shifts[self.scores[j]]
                        w = (w << weigher.group_bits) + (self.scores[i] >= top)
                    self.set(j, i, w)
                else:
                    self.set(j, i, weigher.edge(q, p, False, False))

    def _bye_weights(self, mate: list[int]) -> None:
        weigher, players = self.weigher, self.players
        bye = next(v for v in range(self.n) if mate[v] == v)
        weigher.bye_score = self.scores[bye]
        counts = sorted(
            (p.played_games for v, p in enumerate(players) if self.scores[v] == weigher.bye_score),
            reverse=True,
        )  # C9: the fewer games a player has played, the more his being paired weighs
        weigher.played_ranks = {games: rank for rank, games in enumerate(counts)}
        for i, p in enumerate(players):
            for j in range(i):
                self.set(j, i, weigher.edge(players[j], p, False, False))
        top = self.scores[0]
        single = weigher.bye_score >= top
        if single:
            for v in range(self.n):
                if self.scores[v] < top:
                    break
                if self.scores[mate[v]] < top:
                    single = False
                    break
        weigher.single_downfloater_bye = single

    def _brackets(self) -> list[int]:
        n, scores = self.n, self.scores
        final = list(range(n))
        bracket: list[int] = []  # vertices of the bracket (moved-down players first) and next
        it = 0
        while it < n and scores[it] >= scores[0]:
            bracket.append(it)
            it += 1
        matched = [False] * n
        movers = 0  # moved-down players at the head of ``bracket``
        group_vertex = 0  # the first vertex of the bracket's own score group
        while len(bracket) > 1 or it < n:
            residents_end = len(bracket)
            next_vertex = group_vertex + (residents_end - movers)
            group_start = it
            while it < n and scores[it] >= scores[group_start]:
                bracket.append(it)
                it += 1
            step = _Bracket(self, bracket, movers, residents_end, group_vertex, next_vertex)
            mate = step.pair(matched)
            new: list[int] = []
            movers = 0
            weigher = self.weigher
            next_score = scores[group_start] if group_start < n else None
            single = n % 2 == 1 and next_score is not None and weigher.bye_score >= next_score
            for index, v in enumerate(bracket):
                if index < residents_end and matched[v]:
                    final[v], final[mate[v]] = mate[v], v
                else:
                    new.append(v)
                    if index < residents_end:
                        movers += 1
                    if next_score is not None and scores[mate[v]] < next_score:
                        single = False
            weigher.single_downfloater_bye = single
            bracket = new
            group_vertex = next_vertex
        return final


class _Bracket:
    """One pairing bracket: its moved-down players, residents and the next score group."""

    def __init__(
        self,
        pairer: _Pairer,
        bracket: list[int],
        movers: int,
        residents_end: int,
        group_vertex: int,
        next_vertex: int,
    ) -> None:
        self.pairer = pairer
        self.v = bracket
        self.movers = movers
        self.end = residents_end
        self.group_vertex = group_vertex
        self.next_vertex = next_vertex
        players = pairer.players
        weigher = pairer.weigher
        self.base: dict[tuple[int, int], int] = {}
        for b in range(movers, len(bracket)):
            for a in range(b):
                w = weigher.edge(
                    players[bracket[a]], players[bracket[b]], b < residents_end, b >= residents_end
                )
                self.base[(a, b)] = w
                pairer.set(bracket[a], bracket[b], w)

    def in_group(self, vertex: int) -> bool:
        return self.group_vertex <= vertex < self.next_vertex

    def pair(self, matched: list[bool]) -> list[int]:
        pairer = self.pairer
        self.mate = pairer.match()
        self._choose_movers(matched)
        self._movers_opponents(matched)
        self._remainder(matched)
        return self.mate

    def _choose_movers(self, matched: list[bool]) -> None:
        """Which moved-down players are paired in the bracket (B: the highest first)."""
        pairer, v, scores = self.pairer, self.v, self.pairer.scores
        left = left_matched = 0
        group_score: int | None = None
        for i in range(self.movers):
            vertex = v[i]
            if group_score is None or scores[vertex] < group_score:
                group_score = scores[vertex]
                left = left_matched = 0
                k = i
                while scores[v[k]] >= group_score:
                    left += 1
                    left_matched += self.in_group(self.mate[v[k]])
                    k += 1
            if not left_matched:
                continue
            if left <= left_matched:
                matched[vertex] = True
                continue
            left -= 1
            if not self.in_group(self.mate[vertex]):
                for j in range(self.movers, self.end):
                    w = self.base[(i, j)]
                    if w:
                        pairer.set(vertex, v[j], w | 1)
                self.mate = pairer.match()
            if self.in_group(self.mate[vertex]):
                matched[vertex] = True
                left_matched -= 1
                for j in range(self.movers, self.end):
                    w = self.base[(i, j)]
                    if w:
                        pairer.set(vertex, v[j], w + (self.end - self.movers) + 1)

    def _movers_opponents(self, matched: list[bool]) -> None:
        """Each paired moved-down player's opponent: the highest resident possible."""
        pairer, v = self.pairer, self.v
        for i in range(self.movers):
            vertex = v[i]
            if not matched[vertex]:
                continue
            candidates = [j for j in range(self.movers, self.end) if not matched[v[j]]]
            first = next((j for j in candidates if self.base[(i, j)]), None)
            if first is None or self.mate[vertex] != v[first]:  # as in _s1_opponents
                addend = len(v)
                for j in reversed(candidates):
                    w = self.base[(i, j)]
                    if w:
                        pairer.set(vertex, v[j], w + addend)
                        addend += 1
                self.mate = pairer.match()
            partner = self.mate[vertex]
            matched[partner] = True
            pairer.finalize(vertex, partner)

    def _remainder(self, matched: list[bool]) -> None:
        """The residents left: S1 and S2, the fewest exchanges, then S1's opponents."""
        pairer, v = self.pairer, self.v
        rest = [j for j in range(self.movers, self.end) if self.mate[v[j]] >= self.group_vertex]
        pairs = sum(1 for j in rest if self.mate[v[j]] < v[j])
        position = {j: k for k, j in enumerate(rest)}

        def weight(a: int, b: int) -> int:
            w = self.base[(a, b)]
            if w:
                k = position[a]
                addend = ((int(k < pairs) << (2 * pairer.weigher.group_bits)) - k) << 1
                w += addend
            return w

        for kb, b in enumerate(rest):
            for a in rest[:kb]:
                pairer.set(v[a], v[b], weight(a, b))
        self.mate = pairer.match()
        exchanges = sum(1 for a in rest[:pairs] if not self._upward(v[a]))
        self._exchange_from_s1(rest, pairs, exchanges, weight)
        self._exchange_from_s2(rest, pairs, exchanges, weight)
        self._keep_exchanges(rest)
        self._s1_opponents(rest, matched)

    def _upward(self, vertex: int) -> bool:
        """Paired with a later player of the bracket's own score group (an S1 player)."""
        mate = self.mate[vertex]
        return vertex < mate < self.next_vertex

    def _exchange_from_s1(
        self, rest: list[int], pairs: int, exchanges: int, weight: Callable[[int, int], int]
    ) -> None:
        pairer, v = self.pairer, self.v
        remaining = exchanges
        k = pairs
        while k > 0 and remaining:
            k -= 1
            a = rest[k]
            if self._upward(v[a]):
                for b in rest[k + 1 :]:
                    w = weight(a, b)
                    if w:
                        pairer.set(v[a], v[b], w - 1)
                self.mate = pairer.match()
            exchange = not self._upward(v[a])
            remaining -= exchange
            for b in rest[k + 1 :]:
                if exchange:
                    self.base[(a, b)] = 0
                pairer.set(v[a], v[b], weight(a, b))

    def _exchange_from_s2(
        self, rest: list[int], pairs: int, exchanges: int, weight: Callable[[int, int], int]
    ) -> None:
        pairer, v = self.pairer, self.v
        remaining = exchanges
        for k in range(pairs, len(rest)):
            if remaining <= 1:
                break
            a = rest[k]
            already = self._upward(v[a])
            if not already:
                for b in rest[k + 1 :]:
                    w = weight(a, b)
                    if w:
                        pairer.set(v[a], v[b], w + 1)
                self.mate = pairer.match()
            if self._upward(v[a]):
                remaining -= 1
                for b in rest[:k]:
                    self.base[(b, a)] = 0
                    pairer.set(v[a], v[b], 0)
                for j in range(self.end, len(v)):
                    self.base[(a, j)] = 0
                    pairer.set(v[a], v[j], 0)
            if not already:
                for b in rest[k + 1 :]:
                    pairer.set(v[a], v[b], weight(a, b))

    def _keep_exchanges(self, rest: list[int]) -> None:
        pairer, v = self.pairer, self.v
        for k, a in enumerate(rest):
            for b in rest[k + 1 :]:
                if not self._upward(v[a]) or self._upward(v[b]):
                    self.base[(a, b)] = 0
                pairer.set(v[a], v[b], self.base[(a, b)])

    def _s1_opponents(self, rest: list[int], matched: list[bool]) -> None:
        """Each S1 player, in order, meets the highest S2 player an optimal pairing allows.

        One player at a time, as the moved-down players' opponents are chosen: the player's
        edges get a bonus by the opponent's rank (too small to outweigh any criterion: every
        criterion's weight lies above the edges' low ``3 * group_bits + 1`` bits), the
        matching is brought up to date and the pair fixed before the next S1 player's turn."""
        pairer, v = self.pairer, self.v
        for a in [a for a in rest if self._upward(v[a])]:
            candidates = [b for b in rest if b > a and not matched[v[b]]]
            first = next((b for b in candidates if self.base[(a, b)]), None)
            if first is None or self.mate[v[a]] != v[first]:
                for addend, b in enumerate(reversed(candidates), 1):
                    w = self.base[(a, b)]
                    if w:
                        pairer.set(v[a], v[b], w + addend)
                self.mate = pairer.match()
            partner = self.mate[v[a]]
            matched[v[a]] = matched[partner] = True
            pairer.finalize(v[a], partner)


def _published(state: _Round2, mates: list[int]) -> Pairs:
    """Colours by E1-E5 and the boards in the published order (bye last)."""
    players = state.sorted
    games: list[tuple[_Player, _Player]] = []
    bye: list[tuple[int, int]] = []
    for v, p in enumerate(players):
        m = mates[v]
        if m == v:
            bye.append((p.number, 0))
        elif p.number < players[m].number:
            q = players[m]
            white = _colour_of(state, p, q) == "w"
            games.append((p, q) if white else (q, p))

    def board(pair: tuple[_Player, _Player]) -> tuple[int, int, int]:
        high, low = sorted(pair, key=lambda p: (-p.score, p.rank))
        return (-high.score, -low.score, high.rank)

    games.sort(key=board)
    return (*((w.number, b.number) for w, b in games), *bye)


def _colour_of(state: _Round2, p: _Player, q: _Player) -> str:
    """The colour ``p`` gets against ``q`` (E1-E5)."""
    neutral = _neutral_colour(p, q)
    if neutral != "-":
        return neutral
    q_higher = (q.pairing_score, -q.rank) > (p.pairing_score, -p.rank)
    if p.preference == "-":
        if q_higher:
            return state.initial if q.rank % 2 else _invert(state.initial)
        return _invert(state.initial) if p.rank % 2 else state.initial
    return _invert(q.preference) if q_higher else p.preference


def _neutral_colour(p: _Player, q: _Player) -> str:
    """E1-E4: both preferences granted, the stronger one, then the last difference."""
    if p.preference != q.preference or "-" in (p.preference, q.preference):
        if p.preference != "-":
            return p.preference
        return _invert(q.preference)
    if p.absolute and (p.imbalance > q.imbalance or not q.absolute):
        return p.preference
    if q.absolute and (q.imbalance > p.imbalance or not p.absolute):
        return _invert(q.preference)
    if p.strong and not q.strong:
        return p.preference
    if q.strong and not p.strong:
        return _invert(q.preference)
    mine = [r.colour for r in p.rounds if r.played]
    theirs = [r.colour for r in q.rounds if r.played]
    for a, b in zip(reversed(mine), reversed(theirs), strict=False):
        if a != b:
            return b
    return "-"
