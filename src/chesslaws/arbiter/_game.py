"""The game under the Laws: events in, rulings out (Articles 4, 5, 6, 7, 9, 12; A, B).

:class:`Game` is the arbiter's state machine. It takes one event at a time
(:meth:`Game.handle`, or :meth:`Game.handle_json` for a line of an event log) and returns the
rulings it causes. It holds the position and its history, the clock, the move record, the draw
offers, the touch-move obligation, the illegal moves and penalties given, and the result. It
does no I/O and reads no clock of its own: time comes from the events, so replaying the same
events always gives the same state and the same rulings.
"""

from __future__ import annotations

from collections.abc import Iterable

from chesslaws._errors import ChessLawsError, InvalidEvent
from chesslaws.core import Position
from chesslaws.endings import GameRecord

from ._claims import ClaimRulings
from ._clockface import ClockFace
from ._events import (
    Accept,
    Adjust,
    Arbiter,
    Claim,
    Decline,
    Event,
    Mode,
    MoveMade,
    Offer,
    Press,
    Resign,
    Start,
    Tick,
    Touch,
    Variant,
    parse_event,
)
from ._profile import Profile
from ._rulings import Ruling, RulingKind
from ._state import GameState, _Rejected
from ._time import Millis, ms_to_seconds

__all__ = ["Game", "GameState"]


class Game(ClaimRulings):
    """A game conducted by the Laws, driven by events (``spec/events.md``).

    >>> game = Game()
    >>> game.handle_json('{"type": "start", "time_control": "300+2"}')
    []
    >>> game.handle_json('{"type": "move", "at": 3, "by": "white", "move": "e4"}')
    []
    >>> [r.to_json() for r in game.handle_json('{"type": "resign", "at": 5, "by": "black"}')]
    [{'event': 2, 'at': 5.0, 'ruling': 'game_over', 'result': '1-0', 'reason': 'resignation', \
'article': '5.1.2'}]

    The game is mutable; every other value it hands out is frozen. ``handle`` never raises for
    an event it cannot take: it answers with a ``rejected`` ruling and leaves the state as it was.
    """

    @classmethod
    def replay(
        cls, events: Iterable[Event | str], *, mate_budget: int = 5_000
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
        idx = self._index if index is None else index
        try:
            event = parse_event(line, idx)
        except InvalidEvent as error:
            self._index = idx + 1
            self._events.append(line)
            return [Ruling(idx, None, RulingKind.REJECTED, reason=str(error))]
        return self.handle(event, index=idx)

    def handle(self, event: Event, *, index: int | None = None) -> list[Ruling]:
        """Take one event and return the rulings it causes (often none).

        ``index`` is the event's 0-based line number in its log (default: one more than the
        last). An event that cannot be taken gets a single ``rejected`` ruling and changes
        nothing else.
        """
        idx = self._index if index is None else index
        self._index = idx + 1
        self._events.append(event)
        at = event.at
        try:
            if isinstance(event, Start):
                return self._on_start(event, idx)
            self._check_time(at)
            rulings = self._dispatch(event, idx)
        except _Rejected as rejection:
            return [Ruling(idx, at, RulingKind.REJECTED, reason=str(rejection))]
        self._last_at = at
        return rulings

    def _check_time(self, at: Millis) -> None:
        if self._start is None:
            raise _Rejected("the game has not started (the first event must be 'start')")
        if self._result is not None:
            raise _Rejected(f"the game is over ({self._result}, {self._reason})")
        if at < self._last_at:
            raise _Rejected(
                f"time goes backwards: {ms_to_seconds(at)} s after {ms_to_seconds(self._last_at)} s"
            )

    def _dispatch(self, event: Event, idx: int) -> list[Ruling]:
        if isinstance(event, MoveMade):
            return self._on_move(event, idx)
        if isinstance(event, Press):
            return self._on_press(event, idx)
        if isinstance(event, Touch):
            return self._on_touch(event, idx)
        if isinstance(event, Adjust):
            return self._on_adjust(event, idx)
        if isinstance(event, Offer):
            return self._on_offer(event, idx)
        if isinstance(event, Accept):
            return self._on_accept(event, idx)
        if isinstance(event, Decline):
            return self._on_decline(event, idx)
        if isinstance(event, Claim):
            return self._on_claim(event, idx)
        if isinstance(event, Resign):
            return self._on_resign(event, idx)
        if isinstance(event, Tick):
            return self._observe_flag(event.at, idx)
        if isinstance(event, Arbiter):
            return self._on_arbiter(event, idx)
        raise _Rejected(f"unknown event {event!r}")  # pragma: no cover - typed union

    # -- start (6.6) ---------------------------------------------------------------------------

    def _on_start(self, event: Start, idx: int) -> list[Ruling]:
        if self._start is not None:
            raise _Rejected("the game has already started")
        chess960 = event.variant is Variant.CHESS960
        try:
            if event.fen is not None:
                position = Position.from_fen(event.fen, chess960=chess960)
            elif chess960:
                raise _Rejected("a chess960 game needs its starting 'fen' (Guidelines II.1)")
            else:
                position = Position()
        except ChessLawsError as error:
            raise _Rejected(f"bad 'fen': {error}") from None
        clock: ClockFace | None = None
        mode = event.mode
        if event.time_control is not None:
            try:
                clock = ClockFace.create(event.time_control, position.side_to_move)
            except ChessLawsError as error:
                raise _Rejected(f"bad 'time_control': {error}") from None
            if mode is None and clock is not None:
                mode = clock.mode
        self._start = event
        self._profile = Profile(mode or Mode.STANDARD, event.rules)
        self._record = GameRecord(position)
        self._clock = clock
        self._running = position.side_to_move
        self._last_at = Millis(0)
        ending = self._record.termination()
        if ending is not None:
            return self._end_by_termination(ending, Millis(0), idx)
        return []
