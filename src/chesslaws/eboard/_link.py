"""A DGT-compatible board on a serial port: its messages as readings, played into a game.

:class:`DgtReadings` turns decoded messages into readings (a board dump into a snapshot, a
field update into a lift or a place, a change of the clock's lever into a press by the player
whose side went down). A field update that names no square (an index above 63) or no piece (a
code above 12: the signal pieces, or line damage) is no reading: it is dropped, never guessed
at, and the board is asked for a whole dump (:meth:`DgtReadings.answer`), which puts the
squares right. A lever moved to start the clock the arbiter already runs (the clock
put right after a ruling) is no press. :func:`play_board` drives a serial link: it asks the
board for a dump and for updates, then feeds every reading to a :class:`BoardGame` with the
time it arrived.
pyserial is imported only by :func:`open_serial` (the ``eboard`` extra).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from chesslaws._color import Color
from chesslaws._words import Words
from chesslaws.arbiter import Millis

from ._dgt import (
    MAX_PIECE,
    BoardDump,
    ClockTimes,
    Command,
    Decoder,
    FieldUpdate,
    Message,
    core_code,
    square_of_index,
)
from ._hand import Notice
from ._readings import BoardSnapshot, Flag, Lever, Lift, Place, Reading
from ._session import BoardGame, Said

__all__ = ["DgtReadings", "SerialLink", "open_serial", "play_board"]


class SerialLink(Protocol):
    """What :func:`play_board` needs of a serial port (pyserial's ``Serial`` has it)."""

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes) -> int | None: ...

    def close(self) -> None: ...


def readable(update: FieldUpdate) -> bool:
    """Whether a field update names a square (index 0-63) and a piece code (0-12)."""
    return 0 <= update.index < 64 and 0 <= update.piece <= MAX_PIECE


class DgtReadings:
    """Readings from DGT messages.

    The clock knows its left and right players, not their colours: the first lever press of
    the game is by ``first`` (the side to move at the start, 6.6), which tells the sides.
    ``left`` fixes them instead.
    """

    def __init__(self, *, first: Color = Color.WHITE, left: Color | None = None) -> None:
        self._first = first
        self._left = left
        self._left_runs: bool | None = None
        self._fallen = (False, False)  # the flags the clock showed last: right, left

    def readings(self, message: Message, at: Millis) -> list[Reading]:
        """The readings one message stands for (none for most clock messages)."""
        if isinstance(message, BoardDump):
            return [BoardSnapshot(at, message.codes())]
        if isinstance(message, FieldUpdate):
            if not readable(message):
                return []
            square = square_of_index(message.index)
            code = core_code(message.piece)
            return [Place(at, square, code) if code else Lift(at, square)]
        if isinstance(message, ClockTimes) and message.ack is None and message.connected:
            return self._lever(message, at) + self._flags(message, at)
        return []

    def answer(self, message: Message) -> bytes:
        """What the host sends back: a board dump asked for after an unreadable field update."""
        if isinstance(message, FieldUpdate) and not readable(message):
            return bytes((Command.SEND_BRD,))
        return b""

    def _flags(self, message: ClockTimes, at: Millis) -> list[Reading]:
        """A flag the clock shows that it did not show before (6.1.1): its player's time is out.
        Before the first press only the first mover's clock has run, so the flag is his."""
        fallen = (message.right_fallen, message.left_fallen)
        before, self._fallen = self._fallen, fallen
        out: list[Reading] = []
        for left, now, was in ((False, fallen[0], before[0]), (True, fallen[1], before[1])):
            if now and not was:
                out.append(Flag(at, self._first if self._left is None else self._player(left)))
        return out

    def _player(self, left: bool) -> Color:
        assert self._left is not None
        return self._left if left else self._left.other

    def _lever(self, message: ClockTimes, at: Millis) -> list[Reading]:
        left_runs = message.left_runs
        previous, self._left_runs = self._left_runs, left_runs
        if previous is None or previous == left_runs:
            return []
        pressed_left = not left_runs  # the left side went down: the left player pressed
        if self._left is None:
            self._left = self._first if pressed_left else self._first.other
        by = self._left if pressed_left else self._left.other
        return [Lever(at, by)]


def open_serial(port: str) -> SerialLink:
    """Open ``port`` as the protocol wants it: 9600 baud, 8 data bits, no parity, 1 stop bit."""
    try:
        import serial  # type: ignore[import-untyped]
    except ImportError:
        raise RuntimeError(
            "reading a board needs pyserial: pip install 'chesslaws[eboard]'"
        ) from None
    link: SerialLink = serial.Serial(
        port, 9600, bytesize=8, parity="N", stopbits=1, timeout=0.05, xonxoff=False, rtscts=False
    )
    return link


def _sets_the_clock(board: BoardGame, lever: Lever) -> Notice | None:
    """A lever moved to start the clock that already runs for the arbiter: the physical clock
    put right after a ruling (7.1, 7.5.1: the offender's clock restarted), not a press."""
    running = board.standing.running
    if running is None or running is not lever.by.other:
        return None
    text = Words("the lever set to {player}'s clock: no press", player=running.words)
    return board.tell(Notice(lever.at, "clock_set", text))


def play_board(
    link: SerialLink,
    board: BoardGame,
    *,
    now: Callable[[], int],
    stop: Callable[[], bool] = lambda: False,
    on_reading: Callable[[Reading], None] | None = None,
    on_said: Callable[[Said], None] = lambda said: None,
) -> None:
    """Read the board on ``link`` into ``board`` until the game ends, ``stop()`` or the port
    closes. ``now()`` gives milliseconds since the game's start; ``on_said`` sees everything
    the board says (events with their rulings, notices) as it comes."""
    source = DgtReadings(first=board.standing.position.turn)  # the first press is his (6.6)
    decoder = Decoder()
    link.write(bytes((Command.RESET, Command.SEND_BRD, Command.SEND_UPDATE_NICE, Command.SEND_CLK)))
    while not board.over and not stop():
        try:
            data = link.read(256)
        except Exception:
            break
        at = Millis(max(now(), 0))
        for message in decoder.feed(data):
            request = source.answer(message)
            if request:
                link.write(request)
            for reading in source.readings(message, at):
                _take(board, reading, on_reading, on_said)
        for said in board.advance(at):
            on_said(said)
    for said in board.finish():
        on_said(said)


def _take(
    board: BoardGame,
    reading: Reading,
    on_reading: Callable[[Reading], None] | None,
    on_said: Callable[[Said], None],
) -> None:
    if isinstance(reading, Lever):
        notice = _sets_the_clock(board, reading)
        if notice is not None:
            on_said(notice)
            return
    if on_reading is not None:
        on_reading(reading)
    for said in board.feed(reading):
        on_said(said)
