"""A game played on an electronic board: readings in, events and the arbiter's rulings out.

:class:`BoardGame` joins the pieces: the board's orientation, the debouncer, the interpreter
and a :class:`chesslaws.arbiter.Game`. Feed it readings in time order (:meth:`feed`), let time
pass when no reading comes (:meth:`advance`, for a live board) and end it (:meth:`finish`);
it keeps the derived events and every ruling. It does no I/O and reads no clock: a readings
log always gives the same events and rulings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from chesslaws._errors import InvalidEvent, InvalidReading
from chesslaws.arbiter import Event, Game, Millis, Ruling, RulingKind, Start, parse_event

from ._debounce import Debouncer
from ._interpreter import Interpreter, Notice
from ._readings import BoardSnapshot, Lift, Place, Reading, parse_reading

__all__ = ["ROTATIONS", "BoardGame", "rotate"]


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


class BoardGame:
    """A game on an e-board, ruled by the arbiter (see the module docstring).

    ``start`` is the game's ``start`` event (object or JSON line). ``debounce`` (ms): a square
    change undone within it is sensor flicker; ``knock`` (ms): lifts closer than that are
    pieces knocked over; ``settle`` (ms): a legal move shown that long is made; ``orientation``:
    quarter turns of the board (0 = a1 on White's left; detected from board snapshots when
    the board shows the position turned). ``on_event(event, rulings)`` sees each event;
    ``keep=False`` keeps no list of events, rulings and notices (a long log, streamed).
    """

    def __init__(
        self,
        start: Start | str,
        *,
        debounce: int = 80,
        knock: int = 25,
        settle: int = 1000,
        orientation: int = 0,
        keep: bool = True,
        on_event: Callable[[Event, list[Ruling]], None] | None = None,
    ) -> None:
        self.game = Game()
        self.keep = keep
        if isinstance(start, str):
            try:
                start_event = parse_event(start, 0)
            except InvalidEvent as error:
                why = str(error).removeprefix("line 0: ")
                raise InvalidReading(
                    f"line 0: a readings log begins with the arbiter's 'start' event ({why})",
                    line=0,
                ) from None
        else:
            start_event = start
        if not isinstance(start_event, Start):
            raise InvalidReading(
                "line 0: a readings log begins with the arbiter's 'start' event",
                line=0,
                field="type",
            )
        first = self.game.handle(start_event)
        if any(r.kind is RulingKind.REJECTED for r in first):
            raise InvalidReading(f"line 0: the start event is rejected: {first[0].reason}", line=0)
        self.events: list[Event] = [start_event]
        self.rulings: list[Ruling] = list(first)
        self._on_event = on_event
        self._fresh: list[tuple[Event, list[Ruling]]] = []
        self.orientation = orientation % 4
        self._oriented = orientation != 0
        board = self.game.position.board_codes()
        self.debouncer = Debouncer(board, window=debounce, knock=knock)
        self.interpreter = Interpreter(self.game, board, settle=settle, on_event=self._record)
        self._last_at = Millis(0)

    # -- reading ------------------------------------------------------------------------------

    @property
    def notices(self) -> list[Notice]:
        return self.interpreter.notices

    def _record(self, event: Event, rulings: list[Ruling]) -> None:
        if self.keep:
            self.events.append(event)
            self.rulings.extend(rulings)
        self._fresh.append((event, rulings))
        if self._on_event is not None:
            self._on_event(event, rulings)

    def _take_fresh(self) -> list[tuple[Event, list[Ruling]]]:
        fresh, self._fresh = self._fresh, []
        return fresh

    def feed(
        self, reading: Reading, *, line: int | None = None
    ) -> list[tuple[Event, list[Ruling]]]:
        """Take one reading; returns the events it let out, each with its rulings."""
        if reading.at < self._last_at:
            where = f"line {line}: " if line is not None else ""
            raise InvalidReading(
                f"{where}time goes backwards: {reading.at / 1000} s after {self._last_at / 1000} s",
                line=line,
                field="at",
            )
        self._last_at = reading.at
        reading = self._orient(reading)
        for item in self.debouncer.push(reading):
            self.interpreter.take(item)
        self.interpreter.tick(reading.at - self.debouncer.window)
        self.interpreter.observe_clock(reading.at - self.debouncer.window)
        return self._take_fresh()

    def feed_json(self, text: str, *, line: int | None = None) -> list[tuple[Event, list[Ruling]]]:
        """Take one JSON line of a readings log (raises :class:`InvalidReading`)."""
        return self.feed(parse_reading(text, line), line=line)

    def advance(self, now: int) -> list[tuple[Event, list[Ruling]]]:
        """Time has reached ``now`` (ms since the start) with no reading: settle what is due."""
        if now < self._last_at:
            return []
        for item in self.debouncer.advance(now):
            self.interpreter.take(item)
        self.interpreter.tick(now - self.debouncer.window)
        self.interpreter.observe_clock(now - self.debouncer.window)
        return self._take_fresh()

    def finish(self) -> list[tuple[Event, list[Ruling]]]:
        """The readings end: everything pending is released and a move the board shows made."""
        for item in self.debouncer.flush():
            self.interpreter.take(item)
        self.interpreter.finish(self._last_at)
        self.interpreter.observe_clock(self._last_at)
        return self._take_fresh()

    def _orient(self, reading: Reading) -> Reading:
        if isinstance(reading, BoardSnapshot):
            if not self._oriented:
                self._detect_orientation(reading)
            return BoardSnapshot(reading.at, rotate(reading.codes, self.orientation))
        if self.orientation and isinstance(reading, Lift | Place):
            table = ROTATIONS[self.orientation]
            if isinstance(reading, Lift):
                return Lift(reading.at, table[reading.square])
            return Place(reading.at, table[reading.square], reading.code)
        return reading

    def _detect_orientation(self, snapshot: BoardSnapshot) -> None:
        """The first snapshot that shows the expected position turned fixes the orientation
        (7.2.2: play goes on with the position on a correctly placed board)."""
        expected = self.interpreter.codes
        for turns in range(4):
            board = rotate(snapshot.codes, turns)
            if all(
                a == b or (a and b and 7 in (a, b)) for a, b in zip(board, expected, strict=True)
            ):
                self._oriented = True
                if turns:
                    self.orientation = turns
                    self.interpreter.notices.append(
                        Notice(
                            snapshot.at, "orientation", f"the board is turned {90 * turns} degrees"
                        )
                    )
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
    ) -> Iterator[tuple[Event, list[Ruling]] | Notice]:
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
            yield from self._take_notices()
        yield from self.finish()
        yield from self._take_notices()

    def _take_notices(self) -> list[Notice]:
        if self.keep:
            return []
        notices = list(self.interpreter.notices)
        self.interpreter.notices.clear()
        return notices

    def event_lines(self) -> list[str]:
        """The derived event log, one JSON line per event (``spec/events.md``)."""
        import json

        return [json.dumps(event.to_json()) for event in self.events]


def opening(numbered: Iterator[tuple[int, str | bytes]]) -> str:
    """The first line of a readings log that is not blank: its ``start`` event."""
    for number, line in numbered:
        text = _text(line, number).strip()
        if text:
            return text
    raise InvalidReading("the readings log is empty: it begins with a 'start' event", line=0)


def _text(line: str | bytes, number: int) -> str:
    """A line of a readings log as text (bytes are UTF-8; a BOM is read as nothing)."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidReading(
                f"line {number}: not UTF-8 text (byte {error.start + 1} of the line)", line=number
            ) from None
    return line.lstrip("\ufeff")
