"""The DGT-compatible codec at the byte level: framing, every message type, partial frames,
garbage between frames; and the readings the messages stand for."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from chesslaws._color import Color
from chesslaws.core import Position
from chesslaws.eboard import BoardGame, BoardSnapshot, Flag, Lever, Lift, Place
from chesslaws.eboard._dgt import (
    BatteryStatus,
    BoardDump,
    ClockTimes,
    Command,
    Decoder,
    EeMoves,
    FieldUpdate,
    SerialNumber,
    UnknownMessage,
    Version,
    board_dump,
    clock_message,
    clock_times,
    field_update,
    frame,
    index_of_square,
    square_of_index,
)
from chesslaws.eboard._link import DgtReadings, play_board

START = Position().board_codes()


def test_field_index_order() -> None:
    """Index 0 is a8, 7 is h8, 8 is a7, 63 is h1."""
    assert [square_of_index(i) for i in (0, 7, 8, 56, 63)] == [56, 63, 48, 0, 7]
    assert all(index_of_square(square_of_index(i)) == i for i in range(64))


def test_header_and_length() -> None:
    """Header: id | 0x80, then the total length in two 7-bit bytes (high, low)."""
    assert frame(0x0E, b"\x0c\x01") == b"\x8e\x00\x05\x0c\x01"
    long = frame(0x0F, bytes(200))
    assert long[:3] == bytes((0x8F, 203 >> 7, 203 & 0x7F)) and len(long) == 203


def test_board_dump_bytes() -> None:
    data = board_dump(START)
    assert data[:3] == b"\x86\x00\x43" and len(data) == 67
    # a8..h8 is Black's back rank: rook 8, knight 9, bishop 10, queen 12, king 11
    assert list(data[3:11]) == [8, 9, 10, 12, 11, 10, 9, 8]
    assert list(data[-8:]) == [2, 3, 4, 6, 5, 4, 3, 2]  # a1..h1
    (message,) = Decoder().feed(data)
    assert isinstance(message, BoardDump) and message.codes() == START


def test_field_update_bytes() -> None:
    assert field_update(12, 0) == b"\x8e\x00\x05\x34\x00"  # e2 emptied (index 52)
    assert field_update(28, 1) == b"\x8e\x00\x05\x24\x01"  # white pawn on e4 (index 36)
    assert Decoder().feed(field_update(28, 1)) == [FieldUpdate(36, 1)]


def test_clock_times_bytes() -> None:
    data = clock_times(3725, 59, status=0x03, right_flags=0x4)
    assert data == b"\x8d\x00\x0a\x41\x02\x05\x00\x00\x59\x03"
    (message,) = Decoder().feed(data)
    assert message == ClockTimes(3725, 59, 0x4, 0, 0x03)
    assert message.running and message.left_runs and message.connected
    assert not message.battery_low


def test_clock_acknowledgement() -> None:
    data = frame(0x0D, bytes((0x0A, 0x10, 0x01, 0x0A, 0x00, 0x00, 0x00)))
    (message,) = Decoder().feed(data)
    assert isinstance(message, ClockTimes) and message.ack == (0x10, 0x01, 0x00, 0x00)


def test_other_messages() -> None:
    stream = (
        frame(0x13, bytes((1, 7)))
        + frame(0x11, b"12345")
        + frame(0x22, b"0012345678")
        + frame(0x20, bytes((0x58, 0, 0, 0, 0, 0, 0, 0, 0)))
        + frame(0x0F, bytes((0x6A, 0x01, 0x02)))
        + frame(0x25, b"\x01")
    )
    assert Decoder().feed(stream) == [
        Version(1, 7),
        SerialNumber("12345"),
        SerialNumber("0012345678"),
        BatteryStatus(bytes((0x58, 0, 0, 0, 0, 0, 0, 0, 0))),
        EeMoves(bytes((0x6A, 0x01, 0x02))),
        UnknownMessage(0x25, b"\x01"),
    ]


def test_partial_frames_byte_by_byte() -> None:
    stream = board_dump(START) + field_update(12, 0) + clock_times(300, 300)
    decoder = Decoder()
    out = []
    for byte in stream:
        out += decoder.feed(bytes((byte,)))
    assert [type(m) for m in out] == [BoardDump, FieldUpdate, ClockTimes]
    assert decoder.skipped == 0


def test_garbage_between_frames() -> None:
    noise = b"\x00\x13\x7f junk "
    stream = noise + field_update(12, 0) + noise + field_update(28, 1) + noise
    decoder = Decoder()
    assert decoder.feed(stream) == [FieldUpdate(52, 0), FieldUpdate(36, 1)]
    assert decoder.skipped == 3 * len(noise)


def test_cut_frame_is_dropped_and_the_next_read() -> None:
    """A frame cut short by the next header: its bytes are skipped, the next frame read."""
    stream = board_dump(START)[:20] + field_update(12, 0)
    decoder = Decoder()
    assert decoder.feed(stream) == [FieldUpdate(52, 0)]
    assert decoder.skipped == 20


def test_wrong_fixed_length_and_bad_bcd() -> None:
    bad_length = b"\x8e\x00\x06\x34\x00\x00"
    bad_bcd = frame(0x0D, bytes((0x00, 0x5A, 0x00, 0x00, 0x00, 0x00, 0x01)))
    decoder = Decoder()
    assert decoder.feed(bad_length + bad_bcd + field_update(12, 0)) == [FieldUpdate(52, 0)]
    assert decoder.skipped == len(bad_length) + len(bad_bcd)


def test_command_bytes() -> None:
    assert (Command.SEND_BRD, Command.SEND_UPDATE_NICE, Command.SEND_CLK) == (0x42, 0x4B, 0x41)
    assert clock_message(0x0B, b"\x05") == b"\x2b\x04\x03\x0b\x05\x00"  # beep


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300))
def test_never_crashes_on_any_bytes(data: bytes) -> None:
    decoder = Decoder()
    decoder.feed(data)
    decoder.feed(field_update(12, 0))
    assert decoder.skipped <= len(data) + 5


frames = st.sampled_from(
    [board_dump(START), field_update(12, 0), field_update(28, 1), clock_times(60, 61)]
)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(st.binary(max_size=8).map(lambda b: bytes(x & 0x7F for x in b)), frames),
        max_size=8,
    ),
    st.integers(1, 40),
)
def test_frames_survive_noise_and_any_chunking(
    parts: list[tuple[bytes, bytes]], chunk: int
) -> None:
    stream = b"".join(noise + data for noise, data in parts)
    decoder = Decoder()
    out = []
    for i in range(0, len(stream), chunk):
        out += decoder.feed(stream[i : i + chunk])
    expected = [m for _, data in parts for m in Decoder().feed(data)]
    assert out == expected


def test_messages_as_readings() -> None:
    source = DgtReadings()
    assert source.readings(BoardDump(tuple(board_dump(START)[3:])), 5) == [BoardSnapshot(5, START)]
    assert source.readings(FieldUpdate(52, 0), 6) == [Lift(6, 12)]
    assert source.readings(FieldUpdate(36, 1), 7) == [Place(7, 28, 1)]


def test_unreadable_field_updates_are_dropped_and_a_dump_asked_for() -> None:
    """An index above 63 names no square and a code above 12 no man: the update is no reading
    (never masked to a square, never read as a lift), and the host asks for a board dump."""
    source = DgtReadings()
    for update in (
        FieldUpdate(127, 15),
        FieldUpdate(127, 1),
        FieldUpdate(36, 13),
        FieldUpdate(64, 0),
    ):
        assert source.readings(update, 7) == []
        assert source.answer(update) == bytes((Command.SEND_BRD,))
    assert source.answer(FieldUpdate(36, 1)) == b""


class _Link:
    """A serial link that hands out ``chunks`` one read at a time, then goes away."""

    def __init__(self, chunks: list[bytes]) -> None:
        self.chunks = chunks
        self.written: list[bytes] = []

    def read(self, size: int = 1) -> bytes:
        if not self.chunks:
            raise OSError("the port went away")
        return self.chunks.pop(0)

    def write(self, data: bytes) -> int:
        self.written.append(data)
        return len(data)

    def close(self) -> None:
        pass


def test_a_corrupt_field_update_touches_nothing() -> None:
    """Index 127 with piece 15 was read as h1's rook lifted (a touch that never happened, and
    the moves after it never made); now it is dropped, a dump asked for, and e4 is made."""
    link = _Link(
        [
            clock_times(300, 300, status=0x01),
            frame(0x0E, bytes((127, 15))),
            field_update(12, 0),
            field_update(28, 1),
            clock_times(300, 300, status=0x03),  # the right player (White) pressed
        ]
    )
    board = BoardGame('{"type": "start", "time_control": "300"}')
    ticks = iter(range(0, 100_000, 400))
    play_board(link, board, now=lambda: next(ticks))
    events = [e.to_json() for e in board.events[1:]]
    assert [(e["type"], e.get("square"), e.get("move")) for e in events] == [
        ("touch", "e2", None),
        ("move", None, "e2e4"),
        ("press", None, None),
    ]
    assert link.written[1:] == [bytes((Command.SEND_BRD,))]


def test_lever_changes_are_presses() -> None:
    """The first press is by the side to move; it tells which player sits on which side."""
    source = DgtReadings(first=Color.WHITE)
    left_runs = ClockTimes(300, 300, 0, 0, 0x03)
    right_runs = ClockTimes(300, 300, 0, 0, 0x01)
    assert source.readings(right_runs, 0) == []  # the first message: no change yet
    assert source.readings(right_runs, 1) == []
    assert source.readings(left_runs, 2) == [Lever(2, Color.WHITE)]  # right pressed: White
    assert source.readings(right_runs, 3) == [Lever(3, Color.BLACK)]
    ack = ClockTimes(0, 0, 0xA, 0xA, 0x03, ack=(1, 2, 3, 4))
    assert source.readings(ack, 4) == []
    disconnected = ClockTimes(0, 0, 0, 0, 0x22)
    assert source.readings(disconnected, 5) == []


def test_the_clocks_flag_bits_are_flag_readings() -> None:
    """Either flag bit (0x1: fallen and held at zero; 0x4: fallen and shown) set where it was
    clear is the flag of the player on that side (known from the presses); shown again, the
    same flag is not read twice."""
    source = DgtReadings(first=Color.WHITE)
    assert source.readings(ClockTimes(300, 0, 0, 0x4, 0x01), 1) == [Flag(1, Color.WHITE)]
    source = DgtReadings(first=Color.WHITE)
    source.readings(ClockTimes(300, 300, 0, 0, 0x01), 0)
    assert source.readings(ClockTimes(300, 300, 0, 0, 0x03), 1) == [Lever(1, Color.WHITE)]
    assert source.readings(ClockTimes(300, 0, 0, 0x1, 0x03), 2) == [Flag(2, Color.BLACK)]
    assert source.readings(ClockTimes(300, 0, 0, 0x5, 0x03), 3) == []
    assert source.readings(ClockTimes(300, 0, 0x2, 0x5, 0x03), 4) == []  # time-per-move: no flag


def test_the_clocks_flag_ends_a_game_played_on_the_board() -> None:
    """The flag bits were ignored; now the flag is ruled (6.10.1, 6.8, 6.9) and reading stops."""
    link = _Link(
        [
            clock_times(300, 300, status=0x01),
            field_update(12, 0),
            field_update(28, 1),
            clock_times(300, 300, status=0x03),  # White (right) pressed
            clock_times(300, 0, status=0x03, left_flags=0x1),  # Black's flag, on the left
            field_update(52, 0),
        ]
    )
    board = BoardGame('{"type": "start", "time_control": "300"}')
    ticks = iter(range(0, 100_000, 400))
    play_board(link, board, now=lambda: next(ticks))
    assert board.game.result == "1-0" and board.game.reason == "flag"
    assert [e.to_json()["type"] for e in board.events[-2:]] == ["arbiter", "tick"]  # no touch
