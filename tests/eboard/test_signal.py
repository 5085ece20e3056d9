"""The result signal of e-boards (issue 29): after the game both kings on centre squares, light
squares 1-0, dark 0-1, one of each a draw; said as a notice for the arbiter, never a move."""

from __future__ import annotations

import pytest

from chesslaws.eboard._readings import parse_placement
from chesslaws.eboard._signal import result_signal
from chesslaws.endings import Result
from tests.eboard._script import Script, run


@pytest.mark.parametrize(
    ("white", "black", "result"),
    [
        ("e4", "d5", Result.WHITE_WINS),
        ("d5", "e4", Result.WHITE_WINS),
        ("d4", "e5", Result.BLACK_WINS),
        ("e5", "d4", Result.BLACK_WINS),
        ("e4", "e5", Result.DRAW),
        ("d4", "d5", Result.DRAW),
        ("e4", "d4", Result.DRAW),
        ("d5", "e5", Result.DRAW),
    ],
)
def test_the_kings_on_the_centre_squares(white: str, black: str, result: Result) -> None:
    board = ["."] * 64
    for square, letter in ((white, "K"), (black, "k")):
        board["abcdefgh".index(square[0]) + 8 * (int(square[1]) - 1)] = letter
    board[0], board[63] = "R", "q"  # other men do not matter
    ranks = ["".join(board[r * 8 : r * 8 + 8]) for r in range(7, -1, -1)]
    placement = "/".join(_fen_rank(rank) for rank in ranks)
    assert result_signal(parse_placement(placement)) is result


def _fen_rank(rank: str) -> str:
    out, empty = "", 0
    for char in rank:
        if char == ".":
            empty += 1
            continue
        out += (str(empty) if empty else "") + char
        empty = 0
    return out + (str(empty) if empty else "")


@pytest.mark.parametrize(
    "placement",
    [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",  # the kings at home
        "8/8/8/3K4/4K3/8/8/8",  # two white kings
        "8/8/8/3K4/8/8/8/4k3",  # one king off the centre
        "8/8/8/3Kk3/4k3/8/8/8",  # three kings
    ],
)
def test_no_signal(placement: str) -> None:
    assert result_signal(parse_placement(placement)) is None


def test_the_signal_after_a_resignation_is_a_notice_not_a_move() -> None:
    script = Script().move("e2", "e4", "P", by="white").move("e7", "e5", "p", by="black")
    script.button("black", "resign")
    # The arbiter puts the kings on e4 and d5 (light squares): 1-0, as ruled.
    script.lift("e4").lift("e1").place("e4", "K").lift("e8").lift("e5").place("d5", "k")
    script.wait(3000)
    events, rulings, board = run(script)
    assert events == [("touch", "white", "e2"), ("move", "white", "e2e4"), ("press", "white"),
                      ("touch", "black", "e7"), ("move", "black", "e7e5"), ("press", "black"),
                      ("resign", "black")]  # fmt: skip
    signals = [n for n in board.notices if n.kind == "result_signal"]
    assert [n.text for n in signals] == ["the kings signal 1-0: the arbiter confirms the result"]
    assert rulings[-1]["result"] == "1-0"


def test_a_signal_other_than_the_result_ruled_is_for_the_arbiter() -> None:
    script = Script().button("white", "resign")  # 0-1
    script.lift("e2").lift("e1").place("e4", "K").lift("e7").lift("e8").place("e5", "k")
    _events, _rulings, board = run(script)
    texts = [n.text for n in board.notices if n.kind == "result_signal"]
    assert texts == ["the kings signal 1/2-1/2 but the game was ruled 0-1: the arbiter decides"]


def test_a_signal_during_the_game_is_said_and_makes_no_move() -> None:
    """The players agreed a draw without a button: the kings go to d4 and d5. No king can go
    there in one move, the lifts are touches (the arbiter's business), and no move is made."""
    script = Script().move("e2", "e4", "P", by="white").move("e7", "e5", "p", by="black")
    script.lift("e1").place("d4", "K").lift("e8").place("d5", "k").wait(3000)
    events, _rulings, board = run(script)
    assert not [e for e in events[6:] if e[0] in ("move", "press")]
    texts = [n.text for n in board.notices if n.kind == "result_signal"]
    assert texts == ["the kings signal 1/2-1/2: the arbiter confirms the result"]


def test_the_signal_read_from_the_centre_first_is_the_signal() -> None:
    """``result_signal`` looks at the four centre squares before the board (it is asked at every
    reading): the same answer as reading the kings of the whole board, on random boards with
    zero to three kings, a list or a tuple."""
    import random

    rng = random.Random(29)
    centre = [27, 28, 35, 36]
    signals = 0
    for _ in range(4000):
        codes = [rng.choice([0, 0, 0, 1, 2, 9, 13]) for _ in range(64)]
        for king in rng.choice([(6, 14), (6, 14), (14, 6), (6,), (6, 14, 14), (6, 6), ()]):
            codes[rng.choice(centre) if rng.random() < 0.8 else rng.randrange(64)] = king
        kings = [sq for sq, code in enumerate(codes) if code in (6, 14)]
        expected = None
        if len(kings) == 2 and codes[kings[0]] != codes[kings[1]] and set(kings) <= set(centre):
            light = sum(sq in (28, 35) for sq in kings)
            expected = (Result.BLACK_WINS, Result.DRAW, Result.WHITE_WINS)[light]
        assert result_signal(codes) is expected and result_signal(tuple(codes)) is expected
        signals += expected is not None
    assert signals > 300
