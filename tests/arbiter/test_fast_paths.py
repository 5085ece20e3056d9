"""The arbiter's fast paths give the values and rulings of the plain ones: frozen values built
as drafts that take their class, the draft that becomes the next state, the early answers of
the dead-position test, the remembered UCI readings, the quick count of "two or more" legal
moves."""

from __future__ import annotations

import dataclasses
import json
import pickle
import random
from decimal import Decimal

import pytest

from chesslaws import pgn
from chesslaws._color import Color
from chesslaws.arbiter import Game, GameState, MoveMade, Press, _board, _events
from chesslaws.arbiter._board import BoardState, Ply
from chesslaws.arbiter._clockface import ClockState, LastPress
from chesslaws.arbiter._draft import open_draft
from chesslaws.arbiter._scoresheet import EMPTY_SHEET
from chesslaws.arbiter._values import builder
from chesslaws.core import Move, Position
from chesslaws.core import _move as core_move
from chesslaws.endings import Reason, _record, _unwinnability
from chesslaws.endings._unwinnability import static_cannot_mate
from tests.conftest import shared_data


def _logs(games: int) -> list[list[str]]:
    """Event logs of self-play games: a start, then per ply a move and a press (as the bench)."""
    logs = []
    for game in pgn.read_games(shared_data("pgn", "selfplay.pgn"), max_games=games):
        if not game.ok:
            continue
        position = game.start()
        lines = [json.dumps({"type": "start", "time_control": "180+2"})]
        at = 0.0
        for ply, move in enumerate(game.moves):
            side = "white" if ply % 2 == 0 else "black"
            at = round(at + 1.25 + (ply % 7) * 0.5, 3)
            lines.append(
                json.dumps({"type": "move", "at": at, "by": side, "move": position.uci(move)})
            )
            lines.append(json.dumps({"type": "press", "at": at, "by": side}))
            position.push(move)
        logs.append(lines)
    return logs


def _frozen(value: object, field: str) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, field, None)


def test_a_move_added_to_the_sheet_reads_as_the_ply_written_at_once() -> None:
    position = Position.from_fen("r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
    move = position.parse_uci("a1a8")
    sheet = EMPTY_SHEET.add_move(position.san_of_code(position.code_of(move), suffix="+"), move)
    assert sheet.last == Ply("Rxa8+", "a1a8", move) and type(sheet.last) is Ply
    assert sheet == EMPTY_SHEET.add(Ply("Rxa8+", "a1a8", move))
    assert hash(sheet) == hash(EMPTY_SHEET.add(Ply("Rxa8+", "a1a8", move)))
    noted = sheet.with_clock(5)
    assert noted.last == Ply("Rxa8+", "a1a8", move, 5) and sheet.last.clock is None
    assert tuple(noted) == (Ply("Rxa8+", "a1a8", move, 5),) and noted != sheet
    assert pickle.loads(pickle.dumps(noted)) == noted
    _frozen(sheet, "san")


def test_values_built_as_drafts_are_the_frozen_values() -> None:
    move = Move.from_uci("e2e4")
    start = BoardState.start(Position())
    after = start.after(Position().code_of(move))
    plain = BoardState(after.position, after.keys, after.legal_count, after.in_check)
    assert type(after) is BoardState and after == plain
    _frozen(after, "legal_count")
    event = _events.parse_event('{"type": "move", "at": 1.5, "by": "white", "move": "e2e4"}')
    assert type(event) is MoveMade and event == MoveMade(1500, event.by, "e2e4")
    assert dataclasses.replace(event, at=7) == MoveMade(7, event.by, "e2e4")
    _frozen(event, "move")
    press = _events.parse_event('{"type": "press", "at": 2, "by": "black"}')
    assert type(press) is Press and press == Press(2000, press.by)
    _frozen(press, "at")


def test_the_builder_makes_the_values_the_constructor_makes_and_only_for_frozen_slots() -> None:
    new_move = builder(MoveMade)
    made = new_move(1500, Color.BLACK, "e7e5")
    assert type(made) is MoveMade and made == MoveMade(1500, Color.BLACK, "e7e5")
    assert made.hands == 1 and new_move(1, Color.WHITE, "e4", 2).hands == 2
    assert hash(made) == hash(MoveMade(1500, Color.BLACK, "e7e5"))
    _frozen(made, "by")

    @dataclasses.dataclass(slots=True)
    class Loose:
        a: int

    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    for cls in (Loose, NoSlots, GameState, _events.Start):
        with pytest.raises(TypeError):
            builder(cls)


def test_a_press_gives_the_clock_state_the_constructor_gives() -> None:
    state = ClockState.create("180+2", Position().side_to_move)
    assert state is not None
    pressed = state.press(Position().side_to_move, 1500)
    clock = state.clock.copy()
    color = Position().side_to_move
    before, moves = clock.remaining(color, 1500), clock.moves_completed(color)
    after = clock.press(color, 1500)
    expected = ClockState(clock, state.mode, color, 1500, before, moves, after)
    assert type(pressed) is ClockState and pressed == expected
    assert pressed.last_press == LastPress(color, 1500, before, moves, after)
    assert pressed.snapshot() == expected.snapshot()
    _frozen(pressed, "mode")
    _frozen(pressed, "time_after")
    _frozen(pressed.last_press, "at")


def test_a_frozen_draft_is_the_state_of_its_fields() -> None:
    game = Game()
    for line in _logs(1)[0][:9]:
        game.handle_json(line)
    state = game.state()
    fields = {f.name: getattr(state, f.name) for f in dataclasses.fields(GameState)}
    frozen = open_draft(state).freeze()
    assert type(frozen) is GameState and frozen == GameState(**fields) == state
    _frozen(frozen, "index")


def test_recorded_games_rule_the_same_with_the_full_dead_position_test(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    logs = _logs(30)
    fast = [Game.replay(log)[1] for log in logs]
    fast_states = [Game.replay(log)[0].state() for log in logs]

    def full(position: Position) -> bool:
        return bool(static_cannot_mate(position, 0)) and bool(static_cannot_mate(position, 1))

    # the full static arguments after every move: no pawn-walk proof kept by the boards, and
    # no early answer of neither_can_mate (where the endings call it, and where they look it up)
    monkeypatch.setattr(_board, "pawn_walk_proof", lambda position: 0)
    monkeypatch.setattr(_unwinnability, "neither_can_mate", full)
    monkeypatch.setattr(_record, "neither_can_mate", full)
    slow = [Game.replay(log)[1] for log in logs]
    slow_states = [Game.replay(log)[0].state() for log in logs]
    assert fast == slow and fast_states == slow_states
    assert sum(len(log) for log in logs) > 3000
    assert any(r.reason == "dead_position" for rulings in fast for r in rulings)


def test_the_fast_reader_reads_recorded_lines_as_the_general_one() -> None:
    decoder = json.JSONDecoder(parse_float=Decimal)
    lines = [line for log in _logs(10) for line in log[1:]]
    for line in lines:
        obj = decoder.decode(line)
        reader = _events._Reader(obj, None, obj["type"])
        if obj["type"] == "move":
            general: MoveMade | Press = _events._move(reader)
        else:
            general = Press(reader.at(), reader.color())
        assert _events.parse_event(line) == general


def _reading(line: str) -> object:
    """What ``parse_event`` makes of ``line``: the event, or the text of its error."""
    try:
        return _events.parse_event(line)
    except ValueError as error:
        return str(error)


@pytest.mark.parametrize(
    "at",
    ["0", "0.5", "7.25", "1.000", "999999999.999", "1000000000", "1000000000.0",
     "1000000000.001", "1000000001", "9999999999", "5000000000000", "01", "1.0001", "-1",
     "0.001", "0.1", "123.456", "86399.999", "1e3", "1.5e2", "2.50", " 3", "true", '"5"'],
)
@pytest.mark.parametrize("tail", [', "by": "white"}', ', "by": "black", "move": "e7e5"}'])
def test_the_fast_reader_takes_an_instant_exactly_when_the_general_one_does(
    at: str, tail: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    kind = "move" if "move" in tail else "press"
    line = f'{{"type": "{kind}", "at": {at}{tail}'
    fast = _reading(line)
    monkeypatch.setattr(_events, "plain_event", lambda text: None)  # the general reader only
    assert fast == _reading(line)


def test_the_fast_reader_reads_random_instants_and_moves_as_the_general_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(12)
    lines = []
    for _ in range(3000):
        whole = str(rng.choice([0, rng.randrange(10**rng.randrange(1, 11))]))
        decimals = "".join(rng.choice("0123456789") for _ in range(rng.randrange(5)))
        at = whole + ("." + decimals if decimals or rng.random() < 0.1 else "")
        by = rng.choice(["white", "black", "White"])
        move = rng.choice(["e2e4", "a7a8q", "h2h1n", "e7e8k", "e1g1", "i2i4", "e2e4 "])
        line = f'{{"type": "move", "at": {at}, "by": "{by}", "move": "{move}"}}'
        lines += [line, f'{{"type": "press", "at": {at}, "by": "{by}"}}']
    fast = [_reading(line) for line in lines]
    assert 0 < len(_events._SECONDS_MS) <= _events._SECONDS_KEPT
    assert all(ms == int(seconds) * 1000 for seconds, ms in _events._SECONDS_MS.items())
    monkeypatch.setattr(_events, "_SECONDS_MS", {})
    monkeypatch.setattr(_events, "_SECONDS_KEPT", 0)  # nothing kept: read anew every time
    assert fast == [_reading(line) for line in lines] and not _events._SECONDS_MS
    monkeypatch.setattr(_events, "plain_event", lambda text: None)
    assert fast == [_reading(line) for line in lines]
    assert sum(isinstance(event, (MoveMade, Press)) for event in fast) > 2000


def test_remembered_uci_readings_are_the_readings() -> None:
    texts = ["e2e4", "e7e8q", "a1h8", "e7e8N", "g1f3"]
    for text in texts * 2:
        assert Move.from_uci(text) == Move(*_fresh(text))
    for bad in ("e2e2", "e2e9", "e7e8k", "", "e2e4qq", "zz", "E2E4"):
        for _ in range(2):
            with pytest.raises(ValueError, match="not a UCI move"):
                Move.from_uci(bad)
    assert all(Move.from_uci(text) == move for text, move in core_move._FROM_UCI.items())
    assert len(core_move._FROM_UCI) <= core_move._FROM_UCI_LIMIT


def _fresh(text: str) -> tuple[int, int, object]:
    """The fields of ``text`` read without the remembered readings."""
    saved = dict(core_move._FROM_UCI)
    core_move._FROM_UCI.clear()
    try:
        move = Move.from_uci(text)
    finally:
        core_move._FROM_UCI.update(saved)
    return move.from_square, move.to_square, move.promotion


def test_the_quick_count_of_two_or_more_counts_the_legal_moves() -> None:
    rng = random.Random(32)
    checked = 0
    for _ in range(60):
        position = Position()
        for _ in range(rng.randint(10, 120)):
            codes = position.legal_codes()
            if not codes:
                break
            total = len(codes)
            checked += 1
            assert position.count_legal_moves() == total
            for enough in (1, 2, 3):
                assert min(position.count_legal_moves(enough=enough), enough) == min(total, enough)
            position.push_code(rng.choice(codes))
    assert checked > 2000


def test_boards_after_moves_count_as_positions_do() -> None:
    position = Position()
    board = BoardState.start(position)
    rng = random.Random(7)
    for _ in range(150):
        codes = board.position.legal_codes()
        if not codes:
            break
        board = board.after(rng.choice(codes))
        # 0, 1, or any number from 2 up for "two or more" (counting may stop there)
        assert min(board.legal_count, 2) == min(len(board.position.legal_codes()), 2)
        assert board.legal_count <= len(board.position.legal_codes())
        assert board.in_check == board.position.is_check()
    assert isinstance(board, _board.BoardState)


def test_a_board_gives_the_automatic_ending_of_its_position() -> None:
    """``BoardState.ending`` answers most moves without a call (a pawn walk kept, two or more
    legal moves, under five occurrences, under 150 halfmoves): the answer of
    ``automatic_ending`` asked with no walk proof, on random games, a fivefold repetition and
    the 75-move rule."""
    rng = random.Random(26)
    boards = []
    for _ in range(40):
        board = BoardState.start(Position())
        for _ in range(rng.randint(20, 160)):
            codes = board.position.legal_codes()
            if not codes:
                break
            board = board.after(rng.choice(codes))
            boards.append(board)
    shuffle = BoardState.start(Position())
    for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] * 4:
        shuffle = shuffle.after(shuffle.position.legal_uci_code(uci))
        boards.append(shuffle)
    late = BoardState.start(Position.from_fen("4k3/4p3/8/8/8/8/4P3/R3K3 w - - 149 120"))
    boards.append(late.after(late.position.legal_uci_code("a1a2")))
    endings = [board.ending() for board in boards]
    for board, ending in zip(boards, endings, strict=True):
        position = board.position
        assert ending == _record.automatic_ending(position, board.legal_count, board.repetitions)
    assert endings[-2] is Reason.FIVEFOLD and endings[-1] is Reason.SEVENTY_FIVE_MOVES
    pairs = zip(boards, endings, strict=True)
    assert sum(board.walk != 0 and ending is None for board, ending in pairs) > 3000


def test_a_copy_of_a_position_calls_no_constructor(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pure build: ``Position.copy`` (one at every move ruled) makes a bare object, not a call
    of the class."""
    from chesslaws.core import _position

    if not _position._BARE:
        pytest.skip("compiled build: a copy takes the constructor's private path (_blank)")
    position = Position.from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1")

    def refused(self: Position, **_: object) -> None:
        raise AssertionError("Position() called")

    monkeypatch.setattr(_position.Position, "__init__", refused)
    copied = position.copy()
    assert copied == position and copied is not position and copied.fen() == position.fen()
    copied.push_uci("e5d6")
    assert position.fen() == "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"
