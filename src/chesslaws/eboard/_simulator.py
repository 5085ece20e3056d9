"""A simulated DGT-compatible board and clock on a pseudo-terminal (``os.openpty``).

The program under test opens :attr:`SimulatedBoard.path` as its serial port; the simulator
answers the board's commands (a board dump, clock times, the version; updates switched on and
off) and lets a test lift and place pieces and press the lever, sending what a real board
sends. ``orientation`` turns the board (quarter turns): squares are reported as its sensors,
lying that way, see them.
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
import tty

from ._dgt import Command, board_dump, clock_times, field_update, frame
from ._session import ROTATIONS

__all__ = ["SimulatedBoard"]

_START = (
    4,
    2,
    3,
    5,
    6,
    3,
    2,
    4,
    *([1] * 8),
    *([0] * 32),
    *([9] * 8),
    12,
    10,
    11,
    13,
    14,
    11,
    10,
    12,
)


class SimulatedBoard:
    """A board (start position unless ``codes``: 64 core codes, a1 first) and its clock."""

    def __init__(self, codes: tuple[int, ...] | None = None, *, orientation: int = 0) -> None:
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.path = os.ttyname(self._slave)
        real_of_sensor = ROTATIONS[orientation % 4]
        self._sensor = {real: sensor for sensor, real in enumerate(real_of_sensor)}
        self.codes = list(codes if codes is not None else _START)
        self.updates = False
        self.commands: list[int] = []
        self.left_runs = True  # White's clock runs; White sits on the left of the clock
        self.times = [300, 300]  # right, left, seconds
        self._lock = threading.Lock()
        self._updates_on = threading.Event()
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    # -- what a test does ----------------------------------------------------------------------

    def wait_for_updates(self, timeout: float = 10.0) -> bool:
        """Wait until the host has asked for field updates."""
        return self._updates_on.wait(timeout)

    def lift(self, square: int) -> None:
        """A piece is lifted off ``square`` (a1 = 0)."""
        self.codes[square] = 0
        self._send(field_update(self._sensor[square], 0))

    def place(self, square: int, code: int) -> None:
        """A piece (core code) is put on ``square``."""
        self.codes[square] = code
        self._send(field_update(self._sensor[square], code))

    def press(self, side: str) -> None:
        """The ``left`` or ``right`` player presses his side of the lever."""
        self.left_runs = side == "right"
        self._send(self._clock())

    def send_raw(self, data: bytes) -> None:
        """Bytes on the line as they are (noise, a broken frame)."""
        with self._lock:
            os.write(self._master, data)

    def close(self) -> None:
        """Stop answering and close the terminal (the host then sees the port go away)."""
        self._closed.set()
        self._thread.join(timeout=2)
        for fd in (self._master, self._slave):
            with contextlib.suppress(OSError):
                os.close(fd)

    # -- the board's side ----------------------------------------------------------------------

    def _clock(self) -> bytes:
        status = 0x01 | (0x02 if self.left_runs else 0) | (0x10 if self.left_runs else 0x08)
        return clock_times(self.times[0], self.times[1], status=status)

    def _dump(self) -> bytes:
        sensed = [0] * 64
        for real, code in enumerate(self.codes):
            sensed[self._sensor[real]] = code
        return board_dump(sensed)

    def _send(self, data: bytes) -> None:
        if self.updates:
            with self._lock:
                os.write(self._master, data)

    def _serve(self) -> None:
        while not self._closed.is_set():
            ready, _, _ = select.select([self._master], [], [], 0.05)
            if not ready:
                continue
            try:
                data = os.read(self._master, 64)
            except OSError:
                return
            for byte in data:
                self.commands.append(byte)
                self._answer(byte)

    def _answer(self, command: int) -> None:
        reply = b""
        if command == Command.RESET:
            self.updates = False
        elif command == Command.SEND_BRD:
            reply = self._dump()
        elif command == Command.SEND_CLK:
            reply = self._clock()
        elif command == Command.SEND_VERSION:
            reply = frame(0x13, bytes((1, 7)))
        elif command in (Command.SEND_UPDATE, Command.SEND_UPDATE_BRD, Command.SEND_UPDATE_NICE):
            self.updates = True
            self._updates_on.set()
        if reply:
            with self._lock:
                os.write(self._master, reply)
