"""An event as frozen values: its players, rounds, results, byes and settings.

The fields follow what the FIDE Tournament Report File (TRF-2026, C.04 Annex 2) records, so an
event written as TRF and read back is equal to itself. A player's round is an :class:`Entry`:
the opponent's pairing number (0 for none), the colour (``w``, ``b`` or ``-``) and the TRF result
code:

======  =====================================================  ==========================
code    meaning                                                points (:class:`PointSystem`)
======  =====================================================  ==========================
``1``   win over the board                                     ``win``
``=``   draw over the board                                    ``draw``
``0``   loss over the board                                    ``loss``
``W``   win, the game lasted less than one move (not rated)   ``win``
``D``   draw, less than one move (not rated)                  ``draw``
``L``   loss, less than one move (not rated)                  ``loss``
``+``   forfeit win (the opponent did not come, Article 6.7)   ``win``
``-``   forfeit loss                                           ``absence``
``H``   half-point bye (requested before the round)            ``draw``
``F``   full-point bye                                         ``win``
``U``   pairing-allocated bye (at most one a round)            ``bye``
``Z``   zero-point bye (a known absence)                       ``absence``
`` ``   not paired this round (late entry, withdrawal)         ``absence``
``?``   paired, the result not known yet                       nothing yet
======  =====================================================  ==========================

Every change returns a new :class:`Event` (``dataclasses.replace``); nothing here is mutable.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from chesslaws._errors import TimeControlError
from chesslaws.clock import TimeControl
from chesslaws.tournament._errors import TournamentError

__all__ = [
    "BYE_CODES",
    "PLAYED_CODES",
    "RESULT_CODES",
    "Acceleration",
    "Entry",
    "Event",
    "Player",
    "PointSystem",
    "Prohibited",
    "RequestedBye",
]

#: Codes of games played over the board (with an opponent), rated or not.
PLAYED_CODES = frozenset("1=0WDL")
#: Codes of rounds without an opponent.
BYE_CODES = frozenset("HFUZ ")
#: Every result code an entry may hold (``?``: paired, the result not known yet).
RESULT_CODES = PLAYED_CODES | BYE_CODES | frozenset("+-?")

#: The result each side of a finished game writes: white's code → black's code.
OPPOSITE = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}
OPPOSITE["?"] = "?"

SWISS_WORDS = ("SWISS", "DUTCH", "BURSTEIN", "DUBOV", "LIM")
ROBIN_WORDS = ("ROBIN", "BERGER", "RR")

#: Most rounds and players an event may hold (TRF's columns: four digits a number).
MAX_ROUNDS = 99
MAX_PLAYERS = 9999


@dataclass(frozen=True, slots=True)
class Entry:
    """One player's round: ``opponent`` (0: none), ``colour`` (``w``, ``b``, ``-``), ``code``."""

    opponent: int = 0
    colour: str = "-"
    code: str = " "

    @property
    def played(self) -> bool:
        """A game over the board against an opponent (codes ``1 = 0 W D L``)."""
        return self.code in PLAYED_CODES and self.opponent > 0

    @property
    def paired(self) -> bool:
        """The player was given an opponent or the pairing-allocated bye this round."""
        return self.opponent > 0 or self.code == "U"


NOT_PAIRED = Entry()


@dataclass(frozen=True, slots=True)
class PointSystem:
    """Points for each kind of result (TRF-2026 tag 162; TRF(bx) ``BBW``..``BBU``).

    ``absence`` scores forfeit losses, zero-point byes and rounds not paired; ``bye`` the
    pairing-allocated bye (C.04.1: usually as many points as a win); ``unknown`` an adjourned
    or unknown result (``X``). The defaults are FIDE's: 1, ½, 0.
    """

    win: Decimal = Decimal("1.0")
    draw: Decimal = Decimal("0.5")
    loss: Decimal = Decimal("0.0")
    absence: Decimal = Decimal("0.0")
    bye: Decimal = Decimal("1.0")
    unknown: Decimal = Decimal("0.5")

    def points(self, code: str) -> Decimal:
        """What a result code scores (see the module's table)."""
        if code in "1W+F":
            return self.win
        if code in "=DH":
            return self.draw
        if code in "0L":
            return self.loss
        if code == "U":
            return self.bye
        return self.absence

    @property
    def is_default(self) -> bool:
        return self == PointSystem()


@dataclass(frozen=True, slots=True)
class Acceleration:
    """Fictitious points for pairing (TRF-2026 record 250; TRF(x) ``XXA``), C.04.5."""

    points: Decimal
    first_round: int
    last_round: int
    first_player: int
    last_player: int


@dataclass(frozen=True, slots=True)
class RequestedBye:
    """A bye asked for before its round is paired (record 240): ``kind`` ``H``, ``F`` or ``Z``."""

    kind: str
    round: int
    player: int


@dataclass(frozen=True, slots=True)
class Prohibited:
    """Players who must not be paired together in these rounds (record 260)."""

    first_round: int
    last_round: int
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Player:
    """A registered player and his rounds; ``number`` is the pairing (starting-rank) number.

    ``points`` and ``rank`` are what the file says (or the event computed); ``None`` if unknown.
    """

    number: int
    name: str
    rating: int | None = None
    federation: str = ""
    fide_id: int | None = None
    title: str = ""
    sex: str = ""
    birth: str = ""
    points: Decimal | None = None
    rank: int | None = None
    results: tuple[Entry, ...] = ()

    def entry(self, round_: int) -> Entry:
        """The player's entry for a round (1-based); a round beyond the list: not paired."""
        return self.results[round_ - 1] if 0 < round_ <= len(self.results) else NOT_PAIRED


@dataclass(frozen=True, slots=True)
class Event:
    """A tournament: its description, settings and players (what a TRF holds).

    ``system`` is the type of tournament as written (tag 092: ``FIDE_DUTCH_2025``,
    ``Round robin``...); ``type_code`` the encoded type (192). ``time_control`` is tag 222's
    encoding (``40/6000+30:900+30``); ``total_rounds`` the planned number of rounds (142,
    ``XXR``); ``initial_colour`` ``W`` or ``B`` (152, ``XXC white1``/``black1``) or empty.
    ``other_lines`` keeps lines this model does not interpret, verbatim, in order.
    """

    name: str = ""
    city: str = ""
    federation: str = ""
    start: str = ""
    end: str = ""
    system: str = ""
    type_code: str = ""
    chief_arbiter: str = ""
    deputies: tuple[str, ...] = ()
    allotted_times: str = ""
    time_control: str = ""
    round_dates: tuple[str, ...] = ()
    total_rounds: int | None = None
    initial_colour: str = ""
    point_system: PointSystem = field(default_factory=PointSystem)
    tiebreaks: tuple[str, ...] = ()
    accelerations: tuple[Acceleration, ...] = ()
    byes: tuple[RequestedBye, ...] = ()
    prohibited: tuple[Prohibited, ...] = ()
    players: tuple[Player, ...] = ()
    other_lines: tuple[str, ...] = ()

    # -- reading --------------------------------------------------------------------------

    @property
    def rounds_paired(self) -> int:
        """The last round in which anyone has an entry other than "not paired"."""
        last = 0
        for player in self.players:
            for index in range(len(player.results), last, -1):
                if player.results[index - 1] != NOT_PAIRED:
                    last = index
                    break
        return last

    @property
    def system_kind(self) -> str | None:
        """``"swiss"`` or ``"round-robin"`` as the system written (092, 192) names it, or None.

        A Swiss system's name wins (Dutch, Burstein, Dubov, Lim: C.04), then a round-robin's
        (``Round robin``, ``Berger``, ``RR``)."""
        text = f"{self.system} {self.type_code}".upper()
        if any(word in text for word in SWISS_WORDS):
            return "swiss"
        if any(word in text for word in ROBIN_WORDS):
            return "round-robin"
        return None

    @property
    def is_round_robin(self) -> bool:
        """The system written in the file names a round-robin (092 or 192)."""
        return self.system_kind == "round-robin"

    def player(self, number: int) -> Player:
        """The player with this pairing number; :class:`TournamentError` if there is none."""
        for player in self.players:
            if player.number == number:
                return player
        raise TournamentError(f"no player number {number}", field="player")

    def score(self, player: Player, rounds: int | None = None) -> Decimal:
        """A player's points after ``rounds`` (default: every round), by the point system."""
        points = self.point_system.points
        entries = player.results if rounds is None else player.results[:rounds]
        return sum((points(e.code) for e in entries if e.code != "?"), Decimal("0.0"))

    def acceleration(self, player: int, round_: int) -> Decimal:
        """The fictitious points a player carries for pairing a round (C.04.5)."""
        return sum(
            (
                a.points
                for a in self.accelerations
                if a.first_round <= round_ <= a.last_round
                and a.first_player <= player <= a.last_player
            ),
            Decimal("0.0"),
        )

    def time_controls(self) -> tuple[TimeControl, TimeControl] | None:
        """White's and Black's time controls from tag 222 (``None`` if not given).

        ``40/6000+30:900+30`` is both players'; ``W300-B240`` gives each his own (an
        Armageddon). :class:`TournamentError` if the text cannot be read.
        """
        text = self.time_control.strip()
        if not text:
            return None
        white, dash, black = text.partition("-B")
        try:
            if dash and white[:1].upper() == "W":
                return _control(white[1:]), _control(black)
            control = _control(text)
        except TimeControlError as error:
            raise TournamentError(f"tag 222: {error}", field="time_control") from None
        return control, control

    # -- changes --------------------------------------------------------------------------

    def rescored(self) -> Event:
        """The event with every player's ``points`` recomputed from his results."""
        players = tuple(dataclasses.replace(p, points=self.score(p)) for p in self.players)
        return dataclasses.replace(self, players=players)

    def add_player(self, player: Player) -> Event:
        """Register a player; after round 1 a late entry (his earlier rounds: not paired)."""
        if len(self.players) >= MAX_PLAYERS:
            raise TournamentError(f"an event holds at most {MAX_PLAYERS} players", field="player")
        if any(p.number == player.number for p in self.players):
            raise TournamentError(f"player number {player.number} is taken", field="player")
        if not 1 <= player.number <= MAX_PLAYERS:
            raise TournamentError(f"bad player number {player.number}", field="player")
        added = dataclasses.replace(player, points=self.score(player))
        players = tuple(sorted((*self.players, added), key=lambda p: p.number))
        return dataclasses.replace(self, players=players)

    def with_entries(self, round_: int, entries: dict[int, Entry]) -> Event:
        """Set the entries of a round (``{player: entry}``), rescoring the players touched."""
        if not 1 <= round_ <= MAX_ROUNDS:
            raise TournamentError(f"round {round_} is out of 1..{MAX_ROUNDS}", field="round")
        numbers = {p.number for p in self.players}
        for number, entry in entries.items():
            for who in (number, entry.opponent):
                if who and who not in numbers:
                    raise TournamentError(f"no player number {who}", field="player")
            if entry.code not in RESULT_CODES:
                raise TournamentError(f"unknown result code {entry.code!r}", field="result")
        players = []
        for p in self.players:
            if p.number in entries:
                results = list(p.results) + [NOT_PAIRED] * (round_ - len(p.results))
                results[round_ - 1] = entries[p.number]
                p = dataclasses.replace(p, results=_trimmed(results))
                p = dataclasses.replace(p, points=self.score(p))
            players.append(p)
        return dataclasses.replace(self, players=tuple(players))

    def pair_round(self, round_: int, pairs: Iterable[tuple[int, int]], *, bye: str = "U") -> Event:
        """Enter a round's pairings: ``(white, black)``; ``(n, 0)`` the pairing-allocated bye.

        Games get the result ``?`` until :meth:`set_result`; players requested a bye for the
        round (record 240) get it; everyone else is not paired. ``bye`` is the code of
        ``(n, 0)``: ``U`` in a Swiss; in a round-robin the free round scores nothing and is
        written as not paired (``" "``).
        """
        requested = {
            p.number: p.entry(round_) for p in self.players if p.entry(round_).code in "HFZ"
        }  # a round paired again keeps the byes asked for it
        requested |= {r.player: Entry(0, "-", r.kind) for r in self.byes if r.round == round_}
        entries = dict(requested)
        for white, black in pairs:
            if white == black:
                raise TournamentError(f"player {white} is paired with himself", field="player")
            for number in (white, black):
                if number in entries and number:
                    why = "has a requested bye" if number in requested else "is paired twice"
                    raise TournamentError(
                        f"player {number} {why} in round {round_}", field="player"
                    )
            if black == 0:
                entries[white] = Entry(0, "-", bye)
            else:
                entries[white] = Entry(black, "w", "?")
                entries[black] = Entry(white, "b", "?")
        everyone = {p.number: entries.get(p.number, NOT_PAIRED) for p in self.players}
        byes = tuple(b for b in self.byes if b.round != round_)
        return dataclasses.replace(self.with_entries(round_, {**entries, **everyone}), byes=byes)

    def set_result(self, round_: int, white: int, code: str) -> Event:
        """Record a game's result as white's TRF code (``1 = 0 + - W D L``, or ``--`` for a
        double forfeit); black's follows (a forfeit win for one is a forfeit loss for the other).
        A correction after an appeal is the same call with the new code."""
        entry = self.player(white).entry(round_)
        if entry.opponent == 0 or entry.colour != "w":
            raise TournamentError(
                f"player {white} has no game with white in round {round_}", field="player"
            )
        if code == "--":
            white_code, black_code = "-", "-"
        elif code in OPPOSITE:
            white_code, black_code = code, OPPOSITE[code]
        else:
            raise TournamentError(f"unknown result {code!r}", field="result")
        black = entry.opponent
        return self.with_entries(
            round_, {white: Entry(black, "w", white_code), black: Entry(white, "b", black_code)}
        )

    def request_bye(self, player: int, round_: int, kind: str = "H") -> Event:
        """A bye asked for before round ``round_`` is paired: ``H`` ½, ``F`` 1, ``Z`` 0 points."""
        self.player(player)
        if kind not in ("H", "F", "Z"):
            raise TournamentError(f"a requested bye is H, F or Z, not {kind!r}", field="bye")
        if round_ <= self.rounds_paired:
            raise TournamentError(f"round {round_} is already paired", field="round")
        kept = tuple(b for b in self.byes if (b.player, b.round) != (player, round_))
        byes = (*kept, RequestedBye(kind, round_, player))
        return dataclasses.replace(self, byes=tuple(sorted(byes, key=_bye_key)))

    def withdraw(self, player: int, from_round: int) -> Event:
        """The player withdraws: zero-point byes (absences) from ``from_round`` to the end."""
        last = max(self.total_rounds or 0, from_round)
        event = self
        for round_ in range(max(from_round, self.rounds_paired + 1), last + 1):
            event = event.request_bye(player, round_, "Z")
        return event


def _control(text: str) -> TimeControl:
    """One side's time control in tag 222's syntax (seconds, as in PGN's TimeControl tag)."""
    return TimeControl.parse(text, shorthand=False)


def _trimmed(results: list[Entry]) -> tuple[Entry, ...]:
    while results and results[-1] == NOT_PAIRED:
        results.pop()
    return tuple(results)


def _bye_key(bye: RequestedBye) -> tuple[int, int]:
    return (bye.round, bye.player)
