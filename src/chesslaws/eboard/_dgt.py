"""A DGT-compatible serial codec: commands to the board, messages from it.

The facts come from the protocol's public descriptions (the board header, reimplementations).

Written from the protocol's documented behaviour; an optional part of chesslaws (the protocol
belongs to DGT Projects B.V.). The host sends single-byte commands. The board answers with
messages framed as a 3-byte header (the message id with its top bit set, then the total length,
header included, as two 7-bit bytes) and a payload of bytes below 0x80. :class:`Decoder` reads
a byte stream into messages: frames may arrive in pieces, and bytes that belong to no frame
(line noise, a frame cut short) are skipped, so one bad byte never takes good messages down.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = [
    "BWTIME_LENGTH",
    "MAX_PIECE",
    "BatteryStatus",
    "BoardDump",
    "ClockTimes",
    "Command",
    "Decoder",
    "EeMoves",
    "FieldUpdate",
    "Message",
    "MessageId",
    "SerialNumber",
    "UnknownMessage",
    "Version",
    "board_dump",
    "clock_message",
    "clock_times",
    "core_code",
    "dgt_code",
    "field_update",
    "frame",
    "index_of_square",
    "square_of_index",
]


class Command(enum.IntEnum):
    """Single-byte commands from the host to the board."""

    RESET = 0x40
    SEND_CLK = 0x41
    SEND_BRD = 0x42
    SEND_UPDATE = 0x43
    SEND_UPDATE_BRD = 0x44
    SEND_SERIALNR = 0x45
    SEND_EE_MOVES = 0x49
    SEND_UPDATE_NICE = 0x4B
    SEND_BATTERY_STATUS = 0x4C
    SEND_VERSION = 0x4D
    SEND_LONG_SERIALNR = 0x55
    CLOCK_MESSAGE = 0x2B


class MessageId(enum.IntEnum):
    """Message ids from the board (sent with the top bit set: 0x86 for a board dump)."""

    BOARD_DUMP = 0x06
    BWTIME = 0x0D
    FIELD_UPDATE = 0x0E
    EE_MOVES = 0x0F
    SERIALNR = 0x11
    VERSION = 0x13
    BATTERY_STATUS = 0x20
    LONG_SERIALNR = 0x22


BWTIME_LENGTH = 10
#: Total lengths (header included) of the messages whose length is fixed.
_FIXED = {
    MessageId.BOARD_DUMP: 67,
    MessageId.FIELD_UPDATE: 5,
    MessageId.BWTIME: BWTIME_LENGTH,
    MessageId.VERSION: 5,
}
_MAX_LENGTH = 4096  # longer than any message the protocol has (the move log included)

#: The highest DGT code of a piece (12, the black queen); 13-15 are signal pieces, not men.
MAX_PIECE = 12
# DGT piece codes: 1-6 White pawn, rook, knight, bishop, king, queen; 7-12 the same for Black.
_DGT_TO_CORE = {1: 1, 2: 4, 3: 2, 4: 3, 5: 6, 6: 5, 7: 9, 8: 12, 9: 10, 10: 11, 11: 14, 12: 13}
_CORE_TO_DGT = {core: dgt for dgt, core in _DGT_TO_CORE.items()}


def core_code(dgt: int) -> int:
    """The core's piece code for a DGT piece code (0 for empty and for the signal pieces 13-15)."""
    return _DGT_TO_CORE.get(dgt, 0)


def dgt_code(core: int) -> int:
    """The DGT piece code for a core piece code (0 for empty)."""
    return _CORE_TO_DGT.get(core, 0)


def square_of_index(index: int) -> int:
    """The square (a1 = 0) of a DGT field index (0 = a8, 7 = h8, 63 = h1)."""
    return (7 - (index >> 3)) * 8 + (index & 7)


def index_of_square(square: int) -> int:
    """The DGT field index of a square (its own inverse: a8 and a1 trade places)."""
    return square_of_index(square)


@dataclass(frozen=True, slots=True)
class BoardDump:
    """The whole board: 64 DGT piece codes in field order (a8 first)."""

    fields: tuple[int, ...]

    def codes(self) -> tuple[int, ...]:
        """The 64 core piece codes, a1 first."""
        out = [0] * 64
        for index, code in enumerate(self.fields):
            out[square_of_index(index)] = core_code(code)
        return tuple(out)


@dataclass(frozen=True, slots=True)
class FieldUpdate:
    """One square changed: its field index and the DGT piece code now on it (0: emptied)."""

    index: int
    piece: int


_FALLEN = 0x1 | 0x4  # the flag bits that say a flag fell


@dataclass(frozen=True, slots=True)
class ClockTimes:
    """A clock message: both times in seconds, each side's flag bits, and the status byte.

    ``right`` and ``left`` are the players as the clock faces them. Status bits: 0x01 running,
    0x02 lever high on the left (the left player's clock runs), 0x04 battery low, 0x08 Black's
    turn, 0x10 White's turn, 0x20 no clock connected. Flag bits (the high nibble of each hours
    byte): 0x1 the flag fell and the time is held at zero, 0x2 time-per-move indicator, 0x4
    the flag fell and is shown (the clock may still run). An acknowledgement of a clock command
    has the hours nibble 0xa on both sides; ``ack`` holds its four bytes.
    """

    right: int
    left: int
    right_flags: int
    left_flags: int
    status: int
    ack: tuple[int, int, int, int] | None = None

    @property
    def running(self) -> bool:
        return bool(self.status & 0x01)

    @property
    def left_runs(self) -> bool:
        """The lever is high on the left: the right player pressed, the left clock runs."""
        return bool(self.status & 0x02)

    @property
    def right_fallen(self) -> bool:
        """The clock shows the right player's flag fallen (either flag bit)."""
        return bool(self.right_flags & _FALLEN)

    @property
    def left_fallen(self) -> bool:
        return bool(self.left_flags & _FALLEN)

    @property
    def battery_low(self) -> bool:
        return bool(self.status & 0x04)

    @property
    def connected(self) -> bool:
        return not self.status & 0x20


@dataclass(frozen=True, slots=True)
class Version:
    major: int
    minor: int


@dataclass(frozen=True, slots=True)
class SerialNumber:
    text: str


@dataclass(frozen=True, slots=True)
class BatteryStatus:
    payload: bytes


@dataclass(frozen=True, slots=True)
class EeMoves:
    payload: bytes


@dataclass(frozen=True, slots=True)
class UnknownMessage:
    """A well-framed message of an id this codec does not read."""

    id: int
    payload: bytes


Message = (
    BoardDump
    | FieldUpdate
    | ClockTimes
    | Version
    | SerialNumber
    | BatteryStatus
    | EeMoves
    | UnknownMessage
)


# -- encoding ------------------------------------------------------------------------------------


def frame(message_id: int, payload: bytes) -> bytes:
    """One message as the board sends it: header (id | 0x80, length in two 7-bit bytes)."""
    if any(b >= 0x80 for b in payload):
        raise ValueError("DGT payload bytes must be below 0x80")
    length = len(payload) + 3
    if length >= 1 << 14:
        raise ValueError(f"a DGT message is at most {(1 << 14) - 1} bytes long, not {length}")
    return bytes((0x80 | message_id, length >> 7, length & 0x7F)) + payload


def board_dump(codes: tuple[int, ...] | list[int]) -> bytes:
    """A BOARD_DUMP message for 64 core codes (a1 first)."""
    fields = bytes(dgt_code(codes[square_of_index(i)]) for i in range(64))
    return frame(MessageId.BOARD_DUMP, fields)


def field_update(square: int, code: int) -> bytes:
    """A FIELD_UPDATE message: ``square`` (a1 = 0) now holds core ``code`` (0: emptied)."""
    return frame(MessageId.FIELD_UPDATE, bytes((index_of_square(square), dgt_code(code))))


def _bcd(value: int) -> int:
    return (value // 10) << 4 | value % 10


def _hms(seconds: int, flags: int) -> bytes:
    hours, rest = divmod(seconds, 3600)
    if hours > 9:
        raise ValueError("a DGT clock shows at most 9 hours")
    return bytes((flags << 4 | hours, _bcd(rest // 60), _bcd(rest % 60)))


def clock_times(
    right: int, left: int, *, status: int = 0x01, right_flags: int = 0, left_flags: int = 0
) -> bytes:
    """A BWTIME message: times in whole seconds, flag nibbles and the status byte."""
    payload = _hms(right, right_flags) + _hms(left, left_flags) + bytes((status,))
    return frame(MessageId.BWTIME, payload)


def clock_message(command: int, data: bytes = b"") -> bytes:
    """A command for the clock, wrapped for the board: ``0x2b <len> 0x03 <cmd> … 0x00``."""
    return bytes((Command.CLOCK_MESSAGE, len(data) + 3, 0x03, command)) + data + b"\x00"


# -- decoding ------------------------------------------------------------------------------------


def _unbcd(byte: int) -> int:
    high, low = byte >> 4, byte & 0x0F
    if high > 9 or low > 9:
        raise ValueError(f"not a BCD digit pair: {byte:#04x}")
    return high * 10 + low


def _clock(payload: bytes) -> ClockTimes:
    b = payload
    if b[0] & 0x0F == 0x0A and b[3] & 0x0F == 0x0A:
        return ClockTimes(0, 0, b[0] >> 4, b[3] >> 4, b[6], ack=(b[1], b[2], b[4], b[5]))
    right = (b[0] & 0x0F) * 3600 + _unbcd(b[1]) * 60 + _unbcd(b[2])
    left = (b[3] & 0x0F) * 3600 + _unbcd(b[4]) * 60 + _unbcd(b[5])
    return ClockTimes(right, left, b[0] >> 4, b[3] >> 4, b[6])


def _message(message_id: int, payload: bytes) -> Message:
    if message_id == MessageId.BOARD_DUMP:
        return BoardDump(tuple(payload))
    if message_id == MessageId.FIELD_UPDATE:
        return FieldUpdate(payload[0], payload[1])
    if message_id == MessageId.BWTIME:
        return _clock(payload)
    if message_id == MessageId.VERSION:
        return Version(payload[0], payload[1])
    if message_id in (MessageId.SERIALNR, MessageId.LONG_SERIALNR):
        return SerialNumber(payload.decode("ascii", "replace"))
    if message_id == MessageId.BATTERY_STATUS:
        return BatteryStatus(bytes(payload))
    if message_id == MessageId.EE_MOVES:
        return EeMoves(bytes(payload))
    return UnknownMessage(message_id, bytes(payload))


class Decoder:
    """Reads the board's byte stream into messages (see the module docstring).

    ``skipped`` counts the bytes that belonged to no well-formed message.
    """

    __slots__ = ("_buffer", "skipped")

    def __init__(self) -> None:
        self._buffer = bytearray()
        self.skipped = 0

    def feed(self, data: bytes) -> list[Message]:
        """Take the next bytes; returns the messages completed by them, in order."""
        buffer = self._buffer
        buffer += data
        out: list[Message] = []
        while buffer:
            if buffer[0] < 0x80:  # not a header: noise between frames
                self._skip(1)
                continue
            if len(buffer) < 3:
                break
            message_id = buffer[0] & 0x7F
            if buffer[1] >= 0x80 or buffer[2] >= 0x80:
                self._skip(1)
                continue
            length = buffer[1] << 7 | buffer[2]
            expected = _FIXED.get(message_id)  # type: ignore[call-overload]
            if length < 3 or length > _MAX_LENGTH or (expected is not None and length != expected):
                self._skip(1)
                continue
            available = min(len(buffer), length)
            cut = next((i for i in range(3, available) if buffer[i] >= 0x80), None)
            if cut is not None:  # a header inside the payload: the frame was cut short
                self._skip(cut)
                continue
            if len(buffer) < length:
                break
            payload = bytes(buffer[3:length])
            del buffer[:length]
            try:
                out.append(_message(message_id, payload))
            except (ValueError, IndexError):
                self.skipped += length
        return out

    def _skip(self, count: int) -> None:
        del self._buffer[:count]
        self.skipped += count
