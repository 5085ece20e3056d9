"""chesslaws.tournament: an event from registration to standings (FIDE C.04, C.05, C.07).

The event is a frozen value (:class:`Event`: players, rounds, results, byes, settings) read from
and written to the FIDE Tournament Report File (:func:`read_trf`, :func:`write_trf`);
round-robin pairings come from the Berger tables (:func:`berger_round`, C.05 Annex 1);
standings and tie-breaks follow C.07 (:func:`standings`). This layer rules no game: a board's
result comes from its arbiter.
"""

from __future__ import annotations

from chesslaws.tournament._errors import TournamentError as TournamentError
from chesslaws.tournament._errors import TrfError as TrfError
from chesslaws.tournament.berger import berger_round as berger_round
from chesslaws.tournament.berger import berger_rounds as berger_rounds
from chesslaws.tournament.event import Acceleration as Acceleration
from chesslaws.tournament.event import Entry as Entry
from chesslaws.tournament.event import Event as Event
from chesslaws.tournament.event import Player as Player
from chesslaws.tournament.event import PointSystem as PointSystem
from chesslaws.tournament.event import Prohibited as Prohibited
from chesslaws.tournament.event import RequestedBye as RequestedBye
from chesslaws.tournament.standings import Standings as Standings
from chesslaws.tournament.standings import TieBreak as TieBreak
from chesslaws.tournament.standings import parse_tiebreak as parse_tiebreak
from chesslaws.tournament.standings import standings as standings
from chesslaws.tournament.trf import TrfNote as TrfNote
from chesslaws.tournament.trf import read_trf as read_trf
from chesslaws.tournament.trf import write_trf as write_trf

__all__ = [
    "Acceleration",
    "Entry",
    "Event",
    "Player",
    "PointSystem",
    "Prohibited",
    "RequestedBye",
    "Standings",
    "TieBreak",
    "TournamentError",
    "TrfError",
    "TrfNote",
    "berger_round",
    "berger_rounds",
    "parse_tiebreak",
    "read_trf",
    "standings",
    "write_trf",
]
