"""The game under the Laws: events in, rulings out (Articles 4, 5, 6, 7, 9, 12; A, B).

:class:`Game` is a thin shell over :func:`~chesslaws.arbiter.step`: it keeps the current
:class:`~chesslaws.arbiter.GameState` and the events handled, takes one event at a time
(:meth:`Game.handle`, or :meth:`Game.handle_json` for a line of an event log) and returns the
rulings. It does no I/O and reads no clock of its own: time comes from the events, so replaying
the same events always gives the same state and the same rulings.
"""

from __future__ import annotations

from collections.abc import Iterable

from chesslaws._color import Color
from chesslaws._errors import InvalidEvent
from chesslaws.clock import Clock
from chesslaws.core import Move, Position
from chesslaws.endings import MATE_BUDGET, GameRecord

from ._events import Event, Start, plain_event, read_in_general
from ._illegal import PendingIllegal
from ._profile import Profile
from ._rulings import Ruling
from ._state import GameState, Particulars
from ._step import step_at, unreadable
from ._time import Millis
from ._touch import Obligation

__all__ = ["Game", "GameState"]


class Game:
    """A game conducted by the Laws, driven by events (``docs/events.md``).

    >>> game = Game()
    >>> game.handle_json('{"type": "start", "time_control": "300+2"}')
    []
    >>> game.handle_json('{"type": "move", "at": 3, "by": "white", "move": "e4"}')
    []
    >>> [r.to_json() for r in game.handle_json('{"type": "resign", "at": 5, "by": "black"}')]
    [{'event': 2, 'at': 5.0, 'ruling': 'game_over', 'result': '1-0', 'reason': 'resignation', \
'article': '5.1.2'}]

    The game holds the current state (a frozen :class:`GameState`, :meth:`state`) and the log
    of events handled; every value it hands out is frozen or a copy. ``handle`` never raises
    for an event it cannot take: it answers with a ``rejected`` ruling and leaves the state as
    it was. ``mate_budget`` is the search effort of "can the opponent still checkmate?" when the
    ``start`` event's ``rules`` give no ``mate_budget`` (put it there for a log that replays
    alone).
    """

    def __init__(self, *, mate_budget: int = MATE_BUDGET) -> None:
        self._state = GameState(particulars=Particulars(mate_budget=mate_budget))
        self._events: list[Event | str] = []

    @classmethod
    def from_state(cls, state: GameState) -> Game:
        """A game that goes on from ``state`` (from :meth:`state` or a fold of ``step``); its
        :attr:`events` are those handled from then on."""
        game = cls.__new__(cls)
        game._state = state
        game._events = []
        return game

    @classmethod
    def replay(
        cls, events: Iterable[Event | str], *, mate_budget: int = MATE_BUDGET
    ) -> tuple[Game, list[Ruling]]:
        """A new game fed ``events`` (objects or JSON lines) in order, with all its rulings."""
        game = cls(mate_budget=mate_budget)
        rulings: list[Ruling] = []
        for event in events:
            if isinstance(event, str):
                rulings.extend(game.handle_json(event))
            else:
                rulings.extend(game.handle(event))
        return game, rulings

    # -- taking events -------------------------------------------------------------------------

    def handle_json(self, line: str, *, index: int | None = None) -> list[Ruling]:
        """Take one JSON line of an event log; a line that cannot be read is ``rejected``."""
        idx = self._state.index if index is None else index
        event = plain_event(line)  # parse_event's first reading: a plain move or press
        if event is None:
            try:
                event = read_in_general(line, idx)
            except InvalidEvent as error:
                self._events.append(line)
                self._state, rulings = unreadable(self._state, idx, error)
                return rulings
        self._events.append(event)
        self._state, rulings = step_at(self._state, event, idx)
        return rulings

    def handle(self, event: Event, *, index: int | None = None) -> list[Ruling]:
        """Take one event and return the rulings it causes (often none).

        ``index`` is the event's 0-based line number in its log (default: one more than the
        last). An event that cannot be taken gets a single ``rejected`` ruling and changes
        nothing else.
        """
        self._events.append(event)
        state = self._state
        self._state, rulings = step_at(state, event, state.index if index is None else index)
        return rulings

    def state(self) -> GameState:
        """The whole state as a value: equal for two games fed the same events, and resumable
        (:meth:`from_state`, or :func:`~chesslaws.arbiter.step`)."""
        return self._state

    # -- public reading -----------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self._state.start is not None

    @property
    def is_over(self) -> bool:
        return self._state.ending is not None

    @property
    def result(self) -> str | None:
        """``1-0``, ``0-1``, ``1/2-1/2``, ``0-0``, or ``None`` while the game goes on (the text of
        :attr:`GameState.result`, for the layers that write it)."""
        result = self._state.result
        return result.value if result is not None else None

    @property
    def reason(self) -> str | None:
        """The ``reason`` code of the ending (``checkmate``, ``flag``, …), or ``None``."""
        reason = self._state.reason
        return reason.value if reason is not None else None

    @property
    def article(self) -> str | None:
        """The Article that ended the game, or ``None``."""
        ending = self._state.ending
        return ending.article if ending is not None else None

    @property
    def position(self) -> Position:
        """A copy of the position on the board (legal moves only; see ``pending_illegal``)."""
        return self._state.board.position

    @property
    def record(self) -> GameRecord:
        """A record of the moves standing on the board since the start (a new copy at each
        reading: pushing on it does not change the game)."""
        return self._state.board.record()

    @property
    def clock(self) -> Clock | None:
        """A copy of the game's chess clock (``None`` without one); correct it through events."""
        clock = self._state.clock
        return clock.clock if clock is not None else None

    @property
    def start_event(self) -> Start | None:
        return self._state.start

    @property
    def profile(self) -> Profile | None:
        return self._state.profile

    @property
    def moves(self) -> tuple[str, ...]:
        """The moves made and standing, in SAN (Appendix C), oldest first."""
        return tuple(ply.san for ply in self._state.sheet)

    @property
    def uci_moves(self) -> tuple[str, ...]:
        return tuple(ply.uci for ply in self._state.sheet)

    @property
    def legal_moves_made(self) -> tuple[Move, ...]:
        """The moves standing on the board from the start, up to any illegal move that stood
        unclaimed (A.5.2), which no :class:`~chesslaws.core.Move` can stand for."""
        out: list[Move] = []
        for ply in self._state.sheet:
            if ply.move is None:
                break
            out.append(ply.move)
        return tuple(out)

    @property
    def move_clocks(self) -> tuple[Millis | None, ...]:
        """Each move's mover's remaining time once it was completed (``None``: no clock yet)."""
        return tuple(
            Millis(ply.clock) if ply.clock is not None else None for ply in self._state.sheet
        )

    @property
    def illegal_moves(self) -> tuple[int, int]:
        """Completed illegal moves ruled on, per colour (White, Black) (7.5.5)."""
        return self._state.illegal

    @property
    def penalties(self) -> tuple[Ruling, ...]:
        """Every ruling that carried a penalty, in order."""
        return self._state.penalties

    @property
    def draw_offer(self) -> Color | None:
        """The player whose draw offer stands, if any (9.1.2.1)."""
        for color in (Color.WHITE, Color.BLACK):
            if self._state.offers[color]:
                return color
        return None

    @property
    def pending_illegal(self) -> PendingIllegal | None:
        return self._state.pending

    @property
    def events(self) -> tuple[Event | str, ...]:
        """The events handled so far (a line that could not be read is kept as its text)."""
        return tuple(self._events)

    def obligation(self) -> Obligation:
        """What the player having the move must play: touched pieces, claims, 7.5.1 (4.3–4.5)."""
        return self._state.obligation()

    def remaining(self, color: Color, at: int | None = None) -> Millis | None:
        """``color``'s time left at instant ``at`` (default: the last event), or None (no clock)."""
        clock = self._state.clock
        if clock is None:
            return None
        return clock.remaining(Color(color), self._state.last_at if at is None else Millis(at))
