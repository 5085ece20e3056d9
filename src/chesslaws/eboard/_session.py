"""A game played on an electronic board: readings in, events and the arbiter's rulings out.

:class:`BoardGame` is the thin shell around three pure parts: the board's orientation, the
debouncer (:func:`~chesslaws.eboard._debounce.sense`) and the reader
(:func:`~chesslaws.eboard._hand.read`), folded together with the arbiter the board follows: by
default :class:`LocalArbiter`, a fold of the arbiter's :func:`~chesslaws.arbiter.step` over its
:class:`~chesslaws.arbiter.GameState`; with ``chesslaws eboard --serve`` a chesslaws server,
the only arbiter of the game. Feed it readings in time order (:meth:`BoardGame.feed`), let time
pass when no reading comes (:meth:`BoardGame.advance`, for a live board) and end it
(:meth:`BoardGame.finish`); each returns what was said: the events with their rulings
(:class:`Ruled`) and the notices. It does no I/O and reads no clock: a readings log always gives
the same events and rulings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NamedTuple, Protocol

from chesslaws._errors import InvalidEvent, InvalidReading
from chesslaws._words import Words, said
from chesslaws.arbiter import (
    Event,
    Game,
    GameState,
    Millis,
    Ruling,
    RulingKind,
    Start,
    parse_event,
    step,
)
from chesslaws.endings import Result

from ._debounce import Change, Sensors, Snapshot, flush, release, sense
from ._hand import QUIET_EVENTS, End, Hand, Item, Notice, Now, read
from ._profile import STANDARD, BoardProfile
from ._readings import BoardSnapshot, Lift, Place, Reading, at_line, parse_reading
from ._signal import result_signal
from ._standing import Standing

__all__ = ["ROTATIONS", "ArbiterLink", "BoardGame", "LocalArbiter", "Ruled", "rotate"]


def _rotation(quarter_turns: int) -> tuple[int, ...]:
    """Sensor square → real square when the board is turned ``quarter_turns`` × 90°."""
    table = list(range(64))
    for _ in range(quarter_turns % 4):
        table = [(7 - (sq & 7)) * 8 + (sq >> 3) for sq in table]
    return tuple(table)


#: The four ways a square board can lie: 0, 90, 180 and 270 degrees.
ROTATIONS = tuple(_rotation(k) for k in range(4))


def rotate(codes: tuple[int, ...], quarter_turns: int) -> tuple[int, ...]:
    """A board as its sensors report it, put right for a board turned ``quarter_turns``."""
    table = ROTATIONS[quarter_turns % 4]
    out = [0] * 64
    for sensor, code in enumerate(codes):
        out[table[sensor]] = code
    return tuple(out)


class Ruled(NamedTuple):
    """An event the board made, and the arbiter's rulings on it."""

    event: Event
    rulings: list[Ruling]


class ArbiterLink(Protocol):
    """The arbiter a board follows: it rules on the board's events; ``standing`` is what the
    board must follow after its last answer; ``opening`` the rulings on the start."""

    @property
    def standing(self) -> Standing: ...

    @property
    def opening(self) -> list[Ruling]: ...

    def rule(self, events: Sequence[Event]) -> list[Ruled]: ...

    def poll(self) -> list[Ruled]:
        """What the arbiter ruled meanwhile on events from elsewhere (followed already)."""
        ...


class LocalArbiter:
    """The arbiter in this process: a fold of :func:`~chesslaws.arbiter.step` over the game's
    state, from its ``start`` event (with the library's one mate budget)."""

    def __init__(self, start: Start) -> None:
        self.state, self.opening = step(GameState(), start)
        if any(r.kind is RulingKind.REJECTED for r in self.opening):
            reason = self.opening[0].reason
            why = Words("the start event is rejected: {reason}", reason=reason or "")
            raise InvalidReading(at_line(0, why), line=0)
        self.standing = Standing.of(self.state, self.opening)

    def rule(self, events: Sequence[Event]) -> list[Ruled]:
        out = []
        for event in events:
            self.state, rulings = step(self.state, event)
            out.append(Ruled(event, rulings))
        quiet = all(isinstance(event, QUIET_EVENTS) for event in events)
        rulings = out[-1].rulings if out else []
        self.standing = Standing.of(self.state, rulings, self.standing, quiet=quiet)
        return out

    def poll(self) -> list[Ruled]:
        return []  # nothing is ruled here but the board's events


Said = Ruled | Notice


def _changes(item: Item) -> Iterator[tuple[int, int]]:
    """The squares a released item changes, with their new codes."""
    if isinstance(item, Change):
        yield item.square, item.code
    elif isinstance(item, Snapshot):
        for change in item.changes:
            yield change.square, change.code


def start_event(start: Start | str) -> Start:
    """The ``start`` event a readings log begins with (object or JSON line)."""
    if not isinstance(start, str):
        return start
    try:
        event = parse_event(start)
    except InvalidEvent as error:
        why = Words(
            "a readings log begins with the arbiter's 'start' event ({why})", why=said(error)
        )
        raise InvalidReading(at_line(0, why), line=0) from None
    if not isinstance(event, Start):
        why = Words("a readings log begins with the arbiter's 'start' event")
        raise InvalidReading(at_line(0, why), line=0, field="type")
    return event


class BoardGame:
    """A game on an e-board, ruled by the arbiter it follows (see the module docstring).

    ``start`` is the game's ``start`` event (object or JSON line). ``debounce`` (ms): a square
    change undone within it is sensor flicker; ``knock`` (ms): lifts closer than that are
    pieces knocked over; ``settle`` (ms): a legal move shown that long is made; ``orientation``:
    quarter turns of the board (0 = a1 on White's left; detected from board snapshots when the
    board shows the position turned). ``profile``: the kind of board, whose times are the
    defaults of the three (``STANDARD``; ``TACTILE``: Appendix D's tactile board, every lift a
    touch, D.2.2). ``arbiter``: the arbiter to follow (default: a :class:`LocalArbiter` of
    ``start``). ``keep=False`` keeps no list of events, rulings and notices (a long log,
    streamed).
    """

    def __init__(
        self,
        start: Start | str,
        *,
        debounce: int | None = None,
        knock: int | None = None,
        settle: int | None = None,
        profile: BoardProfile = STANDARD,
        orientation: int = 0,
        keep: bool = True,
        arbiter: ArbiterLink | None = None,
    ) -> None:
        self.start = start_event(start)
        self.arbiter: ArbiterLink = arbiter if arbiter is not None else LocalArbiter(self.start)
        self.keep = keep
        self.events: list[Event] = [self.start]
        self.rulings: list[Ruling] = list(self.arbiter.opening)
        self.notices: list[Notice] = []
        self.orientation = orientation % 4
        self._oriented = orientation != 0
        self.profile = profile
        self.hand = Hand.start(
            self.arbiter.standing, settle=profile.settle if settle is None else settle
        )
        self.sensors = Sensors.start(
            self.hand.expected,
            window=profile.debounce if debounce is None else debounce,
            knock=profile.knock if knock is None else knock,
        )
        self._last_at = Millis(0)
        self.signalled: Result | None = None
        self._shows = list(self.hand.expected)  # what the sensors say the board shows

    # -- what the arbiter has ruled -----------------------------------------------------------

    @property
    def standing(self) -> Standing:
        return self.arbiter.standing

    @property
    def over(self) -> bool:
        return self.arbiter.standing.over is not None

    @property
    def state(self) -> GameState:
        """The state of the game, when this process is its arbiter."""
        if not isinstance(self.arbiter, LocalArbiter):
            raise TypeError("the game is ruled elsewhere (a server): it has no local state")
        return self.arbiter.state

    @property
    def game(self) -> Game:
        """The game to read (a :class:`~chesslaws.arbiter.Game` going on from :attr:`state`)."""
        return Game.from_state(self.state)

    # -- reading ------------------------------------------------------------------------------

    def feed(self, reading: Reading, *, line: int | None = None) -> list[Said]:
        """Take one reading; returns what it let out: events with their rulings, notices."""
        if reading.at < self._last_at:
            why = Words(
                "time goes backwards: {at} s after {last} s",
                at=str(reading.at / 1000),
                last=str(self._last_at / 1000),
            )
            raise InvalidReading(
                at_line(line, why),
                line=line,
                field="at",
            )
        self._last_at = reading.at
        out: list[Said] = []
        reading = self._orient(reading, out)
        self.sensors, released = sense(self.sensors, reading)
        return self._read_all([*released, Now(Millis(reading.at - self.sensors.window))], out)

    def feed_json(self, text: str, *, line: int | None = None) -> list[Said]:
        """Take one JSON line of a readings log (raises :class:`InvalidReading`)."""
        return self.feed(parse_reading(text, line), line=line)

    def advance(self, now: int) -> list[Said]:
        """Time has reached ``now`` (ms since the start) with no reading: settle what is due."""
        out: list[Said] = list(self._record(self.arbiter.poll()))
        if now < self._last_at:
            return self._read_all([], out)
        self.sensors, released = release(self.sensors, now)
        return self._read_all([*released, Now(Millis(now - self.sensors.window))], out)

    def finish(self) -> list[Said]:
        """The readings end: everything pending is released and a move the board shows made."""
        self.sensors, released = flush(self.sensors)
        return self._read_all([*released, End(self._last_at)], [])

    def tell(self, notice: Notice) -> Notice:
        """Record a notice given beside the readings (the board's link: the clock set)."""
        if self.keep:
            self.notices.append(notice)
        return notice

    def _read_all(self, items: Iterable[Item], out: list[Said]) -> list[Said]:
        """Read the items, having the arbiter rule on what the reader says, and read on with
        its answer until nothing more is said."""
        hand = self.hand
        items = list(items)
        for change in items:  # the board as it stands, whatever the game's state
            for square, code in _changes(change):
                self._shows[square] = code
        for item in (None, *items):  # None: follow what the arbiter ruled meanwhile
            hand, said = read(hand, self.arbiter.standing, item)
            while self._pass(said, out):
                hand, said = read(hand, self.arbiter.standing)
        self.hand = hand
        self._signal(out)
        return out

    def _signal(self, out: list[Said]) -> None:
        """The kings on the centre squares signal a result (the e-boards' convention): said once
        as a notice for the arbiter to confirm; the board records no move of it."""
        signalled = result_signal(self._shows)
        if signalled is None or signalled is self.signalled:
            self.signalled = signalled
            return
        self.signalled = signalled
        text = Words("the kings signal {result}: the arbiter confirms the result",
                     result=signalled.value)  # fmt: skip
        ruled = self.arbiter.standing.result
        if ruled is not None and ruled is not signalled:
            text = Words("the kings signal {result} but the game was ruled {ruled}: the arbiter "
                         "decides", result=signalled.value, ruled=ruled.value)  # fmt: skip
        out.append(self.tell(Notice(self._last_at, "result_signal", text)))

    def _pass(self, said: Sequence[Event | Notice], out: list[Said]) -> bool:
        """The arbiter rules on the events said; everything said goes to ``out`` in order.
        Whether there were events (the reader then follows the answer)."""
        if not said:
            return False
        events = [s for s in said if not isinstance(s, Notice)]
        ruled = iter(self.arbiter.rule(events) if events else [])
        out += self._record(item if isinstance(item, Notice) else next(ruled) for item in said)
        return bool(events)

    def _record(self, told: Iterable[Said]) -> list[Said]:
        out = list(told)
        if self.keep:
            for item in out:
                if isinstance(item, Notice):
                    self.notices.append(item)
                else:
                    self.events.append(item.event)
                    self.rulings.extend(item.rulings)
        return out

    def _orient(self, reading: Reading, out: list[Said]) -> Reading:
        if isinstance(reading, BoardSnapshot):
            if not self._oriented:
                self._detect_orientation(reading, out)
            return BoardSnapshot(reading.at, rotate(reading.codes, self.orientation))
        if self.orientation and isinstance(reading, Lift | Place):
            table = ROTATIONS[self.orientation]
            if isinstance(reading, Lift):
                return Lift(reading.at, table[reading.square])
            return Place(reading.at, table[reading.square], reading.code)
        return reading

    def _detect_orientation(self, snapshot: BoardSnapshot, out: list[Said]) -> None:
        """The first snapshot that shows the expected position turned fixes the orientation
        (7.2.2: play goes on with the position on a correctly placed board)."""
        expected = self.hand.expected
        for turns in range(4):
            board = rotate(snapshot.codes, turns)
            if all(
                a == b or (a and b and 7 in (a, b)) for a, b in zip(board, expected, strict=True)
            ):
                self._oriented = True
                if turns:
                    self.orientation = turns
                    text = Words("the board is turned {degrees} degrees", degrees=90 * turns)
                    out.append(self.tell(Notice(snapshot.at, "orientation", text)))
                return

    # -- whole logs ---------------------------------------------------------------------------

    @classmethod
    def replay(
        cls,
        lines: Iterable[str | bytes],
        *,
        on_error: Callable[[InvalidReading], None] | None = None,
        **options: Any,
    ) -> BoardGame:
        """A readings log (its first line the ``start`` event) played to its end.

        A line that cannot be read raises :class:`InvalidReading`, unless ``on_error`` takes it
        (then reading goes on). Blank lines are skipped.
        """
        numbered = enumerate(lines)
        board = cls(opening(numbered), **options)
        for _ in board.play(numbered, on_error=on_error):
            pass
        return board

    def play(
        self,
        numbered: Iterable[tuple[int, str | bytes]],
        *,
        on_error: Callable[[InvalidReading], None] | None = None,
    ) -> Iterator[Said]:
        """Feed the numbered lines of a readings log, one at a time, and then :meth:`finish`;
        yields every event made (with its rulings) and notice given, as it comes. The lines are
        never held: with ``keep=False`` a log of any length is played in the memory of one
        game. A line that cannot be read raises, unless ``on_error`` takes it."""
        for number, line in numbered:
            try:
                text = _text(line, number).strip()
                if text:
                    yield from self.feed_json(text, line=number)
            except InvalidReading as error:
                if on_error is None:
                    raise
                on_error(error)
        yield from self.finish()

    def event_lines(self) -> list[str]:
        """The derived event log, one JSON line per event (``docs/events.md``)."""
        import json

        return [json.dumps(event.to_json()) for event in self.events]


def opening(numbered: Iterator[tuple[int, str | bytes]]) -> str:
    """The first line of a readings log that is not blank: its ``start`` event."""
    for number, line in numbered:
        text = _text(line, number).strip()
        if text:
            return text
    raise InvalidReading(Words("the readings log is empty: it begins with a 'start' event"), line=0)


def _text(line: str | bytes, number: int) -> str:
    """A line of a readings log as text (bytes are UTF-8; a BOM is read as nothing)."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as error:
            said = Words("not UTF-8 text (byte {byte} of the line)", byte=error.start + 1)
            raise InvalidReading(at_line(number, said), line=number) from None
    return line.lstrip("\ufeff")
