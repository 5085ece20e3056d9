"""The settings of an engine match: the engines, the time control, the rules, adjudication.

Frozen values; ``chesslaws match`` builds them from its options, a program may build them
directly. Everything that is not the Laws (adjudication, the engine-testing rule for illegal
moves, automatic claims) is a setting, named for what it changes.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from chesslaws._errors import MatchError
from chesslaws._words import Words
from chesslaws.clock import TimeControl
from chesslaws.endings import MATE_BUDGET

from ._openings import OpeningBook
from ._stats import Sprt

__all__ = [
    "ClaimPolicy",
    "DrawAdjudication",
    "EngineSpec",
    "IllegalMovePolicy",
    "MatchSettings",
    "ResignAdjudication",
]


class IllegalMovePolicy(enum.Enum):
    """What an illegal move does.

    ``LOSE`` (the default, as in engine testing): the game is lost at once, declared by the
    arbiter (12.9.6). ``FIDE``: Article 7.5.5, the opponent gets the penalty time and the engine
    must move again; a second illegal move loses (or draws if the opponent cannot checkmate).
    """

    LOSE = "lose"
    FIDE = "fide"


class ClaimPolicy(enum.Enum):
    """Threefold repetition and the fifty-move rule (9.2, 9.3).

    ``AUTO`` (the default): the engine to move claims as soon as it could, before or with its
    move (9.2.1, 9.2.2, 9.3.1, 9.3.2), as cutechess ends such games; ``NEVER``: no engine claims,
    and the game goes on to fivefold repetition or 75 moves (9.6), which end it automatically.
    """

    AUTO = "auto"
    NEVER = "never"


@dataclass(frozen=True, slots=True)
class EngineSpec:
    """One engine of the match: its command, name, UCI options and own time control (odds)."""

    command: str
    name: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    time_control: TimeControl | None = None
    stall: int = 10_000

    @property
    def label(self) -> str:
        return self.name or self.command.split()[0].rsplit("/", 1)[-1]


@dataclass(frozen=True, slots=True)
class ResignAdjudication:
    """An engine resigns (5.1.2) when its own score has been at least ``score`` centipawns
    below zero for ``movecount`` of its moves in a row."""

    movecount: int
    score: int


@dataclass(frozen=True, slots=True)
class DrawAdjudication:
    """A draw is agreed (5.2.3) from move ``movenumber`` on, once both engines' scores have
    stayed within ``score`` centipawns of zero for ``movecount`` moves each in a row."""

    movenumber: int
    movecount: int
    score: int


@dataclass(frozen=True, slots=True)
class MatchSettings:
    """A match between two engines (the first is the one the score is for)."""

    engines: tuple[EngineSpec, EngineSpec]
    time_control: TimeControl | None = None
    grace: int = 0
    games: int = 2
    rounds: int = 1
    repeat: bool = False
    openings: OpeningBook | None = None
    concurrency: int = 1
    pgnout: str | None = None
    sprt: Sprt | None = None
    resign: ResignAdjudication | None = None
    draw: DrawAdjudication | None = None
    maxmoves: int | None = None
    recover: bool = False
    claims: ClaimPolicy = ClaimPolicy.AUTO
    illegal: IllegalMovePolicy = IllegalMovePolicy.LOSE
    mate_budget: int = MATE_BUDGET
    """The search effort of "can the opponent still checkmate?" (5.1.2, 6.9, 7.5.5), written
    into each game's ``start`` event so that its log replays alone."""
    eventsout: str | None = None
    event: str = "chesslaws match"
    seed: int | None = None
    extra_tags: tuple[tuple[str, str], ...] = field(default=())

    def control_of(self, index: int) -> TimeControl:
        """The time control of engine ``index`` (its own, or the match's)."""
        own = self.engines[index].time_control
        control = own if own is not None else self.time_control
        if control is None:
            raise MatchError(
                Words(
                    "engine {engine} has no time control: give -each tc=...",
                    engine=self.engines[index].label,
                ),
                option="tc",
            )
        return control

    @property
    def total_games(self) -> int:
        return self.games * self.rounds
