"""An earlier position restored by the arbiter (Articles 7.1, 7.6)."""

from __future__ import annotations

from tests.arbiter._log import moves, run


def test_7_6_a_displaced_piece_found_the_position_before_restored() -> None:
    # 7.6: after 1.e4 e5 2.Nf3 a piece is found displaced since Black's e5: the position after
    # White's e4 is restored; Black has the move and his clock runs; the counters show the
    # moves standing (7.1); the times stay as they were until the arbiter sets them.
    game, rulings = run(f"""
        start {{"time_control": "5400+30"}}
        {moves("e4 e5 Nf3")}
        20 arbiter restore moves=1
    """)
    assert rulings == [
        {
            "event": 7,
            "at": 20.0,
            "ruling": "position_restored",
            "article": "7.6",
            "note": "the position after 1 move (plies) restored: "
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1; clocks as they were "
            "(White 5457.5 s, Black 5412.5 s), move counters 1 and 0",
        }
    ]
    assert game.moves == ("e4",)
    assert game.position.side_to_move == 1
    clock = game.state().clock
    assert clock is not None and clock.clock.turn == 1
    assert clock.clock.moves_completed(0) == 1 and clock.clock.moves_completed(1) == 0


def test_7_1_restore_then_play_on_and_the_clock_of_the_mover_runs() -> None:
    game, rulings = run(f"""
        start {{"time_control": "5400+30"}}
        {moves("e4 e5 Nf3")}
        20 arbiter restore moves=2 article=7.1
        21 white move d2d4
        22 white press
    """)
    assert rulings[0]["article"] == "7.1"
    assert game.moves == ("e4", "e5", "d4")


def test_restore_needs_moves_that_exist() -> None:
    game, rulings = run(f"""
        start {{"time_control": "5400+30"}}
        {moves("e4")}
        20 arbiter restore moves=3
    """)
    assert rulings[-1]["ruling"] == "rejected"
    assert "has 1 moves, not 3" in rulings[-1]["reason"]
    assert game.moves == ("e4",)
