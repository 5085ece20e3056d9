"""Endings the arbiter applies at once (5.1, 5.2, 9.6), resignation (5.1.2) and 6.7, 12."""

from __future__ import annotations

from tests.arbiter._log import moves, run

STANDARD = 'start {"time_control": "5400+30"}'


def test_b15_checkmate_ends_the_game_without_a_press() -> None:
    # B15 [5.1.1, 6.2.1.1]: 1.f3 e5 2.g4 Qh4#: 0-1 at once, no clock press needed.
    game, rulings = run(f"""
        {STANDARD}
        {moves("f3 e5 g4")}
        10 black move Qh4
        11 black press
    """)
    assert rulings == [
        {
            "event": 7,
            "at": 10.0,
            "ruling": "game_over",
            "result": "0-1",
            "reason": "checkmate",
            "article": "5.1.1",
        },
        {
            "event": 8,
            "at": 11.0,
            "ruling": "rejected",
            "reason": "the game is over (0-1, checkmate)",
        },
    ]
    assert game.moves == ("f3", "e5", "g4", "Qh4#")
    assert game.article == "5.1.1"


def test_b17_stalemate() -> None:
    # B17 [5.2.1]: 1.Qf7 stalemates: 1/2-1/2 at once.
    _, rulings = run("""
        start {"time_control": "5400+30", "fen": "7k/8/6K1/8/8/8/5Q2/8 w - - 0 1"}
        5 white move Qf7
    """)
    assert rulings == [
        {
            "event": 1,
            "at": 5.0,
            "ruling": "game_over",
            "result": "1/2-1/2",
            "reason": "stalemate",
            "article": "5.2.1",
        }
    ]


def test_dead_position_after_a_capture() -> None:
    # 5.2.2: Bxh1 leaves king and bishop against a king: nobody can ever checkmate.
    _, rulings = run("""
        start {"time_control": "5400+30", "fen": "8/8/4k3/8/8/4KB2/8/7n w - - 0 1"}
        5 white move Bxh1
    """)
    assert rulings[0]["reason"] == "dead_position"
    assert rulings[0]["article"] == "5.2.2"


def test_b27_seventy_five_moves() -> None:
    # B27 [9.6.2]: the halfmove clock reaches 150 without a mate: drawn with no claim.
    _, rulings = run("""
        start {"time_control": "5400+30", "fen": "7k/8/6K1/8/8/8/8/R7 w - - 149 80"}
        5 white move Ra2
    """)
    assert rulings[0]["reason"] == "seventy_five_moves"
    assert rulings[0]["article"] == "9.6.2"


def test_b33_fivefold_is_automatic_and_only_at_the_fifth_occurrence() -> None:
    # B33 [9.6.1]: the start position for the 4th time: play on; the 5th time: drawn.
    dance = "Nf3 Nf6 Ng1 Ng8 " * 4
    game, rulings = run(f"""
        {STANDARD}
        {moves(dance.strip())}
    """)
    assert rulings == [
        {
            "event": 31,
            "at": 16.0,
            "ruling": "game_over",
            "result": "1/2-1/2",
            "reason": "fivefold",
            "article": "9.6.1",
        },
        {
            "event": 32,
            "at": 16.5,
            "ruling": "rejected",
            "reason": "the game is over (1/2-1/2, fivefold)",
        },
    ]
    assert len(game.moves) == 16


def test_a65_fivefold_before_an_unobserved_flag() -> None:
    # A65 [9.6.1 + Manual]: White's flag fell unnoticed during the dance; the fivefold draw
    # stands and a flag claimed afterwards has no effect.
    dance = "Nf3 Nf6 Ng1 Ng8 " * 4
    game, rulings = run(f"""
        start {{"time_control": "10"}}
        {moves(dance.strip(), step=1.5)}
        40 black claim flag
    """)
    assert game.remaining(0) == 0  # White's flag had fallen; nobody saw it
    assert rulings[0]["reason"] == "fivefold"
    assert rulings[-1]["ruling"] == "rejected"


def test_a63_resignation() -> None:
    # A63 [5.1.2]: after 1.e4, Black resigns: 1-0.
    game, rulings = run(f"""
        {STANDARD}
        {moves("e4")}
        5 black resign
    """)
    assert rulings == [
        {
            "event": 3,
            "at": 5.0,
            "ruling": "game_over",
            "result": "1-0",
            "reason": "resignation",
            "article": "5.1.2",
        }
    ]
    assert game.result == "1-0"


def test_resignation_when_the_opponent_cannot_checkmate_2023() -> None:
    # 5.1.2 (2023): White resigns, but Black has a bare king: 1/2-1/2. Under 2018: 0-1.
    fen = "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"
    _, new = run(f"""
        start {{"time_control": "5400+30", "fen": "{fen}"}}
        5 white resign
    """)
    assert new[0]["result"] == "1/2-1/2"
    assert new[0]["reason"] == "resignation_cannot_checkmate"
    _, old = run(f"""
        start {{"time_control": "5400+30", "fen": "{fen}", "rules": {{"edition": "2018"}}}}
        5 white resign
    """)
    assert old[0]["result"] == "0-1"
    assert old[0]["reason"] == "resignation"


def test_resignation_stands_against_a_king_and_knight_that_can_mate() -> None:
    # H5: Black's king and knight can mate White's king and pawn, so White's resignation loses.
    _, rulings = run("""
        start {"time_control": "5400+30", "fen": "8/8/8/8/8/8/5n1P/5k1K w - - 0 1"}
        5 white resign
    """)
    assert rulings[0]["result"] == "0-1"


def test_default_declared_by_the_arbiter() -> None:
    # 6.7.1: a player who arrives after the default time loses; the arbiter declares it.
    _, rulings = run("""
        start {"time_control": "5400+30", "rules": {"default_time": 0}}
        1 arbiter declare result=0-1 reason=default
    """)
    assert rulings == [
        {
            "event": 1,
            "at": 1.0,
            "ruling": "game_over",
            "result": "0-1",
            "reason": "default",
            "article": "6.7.1",
        }
    ]


def test_both_lose_under_11_8() -> None:
    # 10.1, 11.8: the arbiter may give both players a loss: 0-0.
    game, rulings = run("""
        start {"time_control": "5400+30"}
        100 arbiter declare result=0-0 reason=arbiter article=11.8
    """)
    assert rulings[0]["result"] == "0-0"
    assert rulings[0]["article"] == "11.8"
    assert game.result == "0-0"


def test_declare_with_an_unknown_reason_is_rejected() -> None:
    game, rulings = run("""
        start {"time_control": "5400+30"}
        1 arbiter declare result=1-0 reason=because
    """)
    assert rulings[0]["ruling"] == "rejected"
    assert not game.is_over


def test_warning_is_a_penalty() -> None:
    # 12.9.1: a warning.
    _, rulings = run("""
        start {"time_control": "5400+30"}
        1 arbiter warning player=black
    """)
    assert rulings == [
        {
            "event": 1,
            "at": 1.0,
            "ruling": "penalty",
            "by": "black",
            "article": "12.9.1",
            "penalty": {"warning": {"player": "black"}},
        }
    ]


def test_game_starting_in_checkmate_is_over_at_once() -> None:
    _, rulings = run("""
        start {"time_control": null, "fen": "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"}
        1 black resign
    """)
    assert rulings[0] == {
        "event": 0,
        "at": 0.0,
        "ruling": "game_over",
        "result": "1-0",
        "reason": "checkmate",
        "article": "5.1.1",
    }
    assert rulings[1]["ruling"] == "rejected"


def test_chess960_castling() -> None:
    # Guidelines II.3: king g1, rook f1 after 0-0 with the rook on g1 (transposition).
    fen = "4k3/8/8/8/8/8/8/R4KR1 w AG - 0 1"
    game, rulings = run(f"""
        start {{"time_control": "5400+30", "variant": "chess960", "fen": "{fen}"}}
        5 white move O-O
        6 white press
    """)
    assert rulings == []
    assert game.moves == ("O-O",)
    assert game.position.fen().startswith("4k3/8/8/8/8/8/8/R4RK1 b")
