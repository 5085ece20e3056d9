"""Issue 13: a pawn released on the last rank (4.7, 4.4.4), the press after a move the arbiter
took back, endings made by moves outside 4.2–4.7 (5.1.1, 5.2.1), wrong promotions (3.7.3.3,
7.5.1) and a player stopping the clocks (6.11.2), as event logs."""

from __future__ import annotations

from chesslaws._color import Color
from chesslaws.arbiter import Millis
from tests.arbiter._log import run

PAWN_ON_E7 = '"fen": "3r3k/4P3/8/8/8/8/8/K5R1 w - - 0 1"'
PAWN_ON_B7 = '"fen": "4k3/1P6/8/8/8/8/8/R3K3 w - - 0 1"'
E8_PROMOTIONS = ["e7e8b", "e7e8n", "e7e8q", "e7e8r"]
TAKEN_BACK = (
    "the arbiter has taken back white's move (touch-move, 4.3-4.7): the press completes no "
    "move and is no illegal move; the clock runs on"
)
CLAIM = '"rules": {"touch_move": "claim"}'
ROOK_MATES = '"fen": "7k/8/6K1/8/8/8/8/R7 w - - 0 1"'


def test_pawn_released_on_e8_can_only_promote_there() -> None:
    # 4.7 (Greek 6.4): released on e8, the pawn cannot then capture on d8; the press that
    # follows the taken-back move is no 7.5.3 press; the piece is still free (a knight).
    game, rulings = run(f"""
        start {{"time_control": "5400+30", {PAWN_ON_E7}}}
        5 white move e7e8
        6 white move e7d8q
        6.5 white press
        7 white move e7e8n
        8 white press
    """)
    assert rulings == [
        {
            "event": 2,
            "at": 6.0,
            "ruling": "touch_move",
            "by": "white",
            "move": "e7d8q",
            "must_move": E8_PROMOTIONS,
            "article": "4.7",
        },
        {"event": 3, "at": 6.5, "ruling": "rejected", "reason": TAKEN_BACK},
    ]
    assert game.state().moves == ("e7e8n",)
    assert game.state().illegal == (0, 0)
    assert game.state().penalties == ()


def test_pawn_released_on_e8_breach_left_to_a_claim() -> None:
    # Claim mode: the capture on d8 stands until Black claims; then an e8 promotion is due.
    game, rulings = run(f"""
        start {{"time_control": "5400+30", {PAWN_ON_E7}, {CLAIM}}}
        5 white move e7e8
        6 white move e7d8q
        6.5 white press
        7 black claim touch_move
        8 white move e7e8r
        9 white press
    """)
    assert rulings == [
        {
            "event": 4,
            "at": 7.0,
            "ruling": "touch_move",
            "by": "white",
            "move": "e7d8q",
            "must_move": E8_PROMOTIONS,
            "article": "4.7",
            "note": "on the opponent's claim",
        }
    ]
    assert game.state().moves == ("e7e8r",)


def test_new_piece_touching_the_square_after_the_pawn_fixes_it() -> None:
    # 4.6.2 with 4.4.4: pawn first, then the new knight on b8: the knight is the piece.
    game, rulings = run(f"""
        start {{"time_control": "5400+30", {PAWN_ON_B7}}}
        5 white move b7b8
        6 white touch b8 n
        7 white move b7b8q
        8 white press
        9 white move b7b8n
        10 white press
    """)
    assert rulings == [
        {
            "event": 3,
            "at": 7.0,
            "ruling": "touch_move",
            "by": "white",
            "move": "b7b8q",
            "must_move": ["b7b8n"],
            "article": "4.4.4",
        },
        {"event": 4, "at": 8.0, "ruling": "rejected", "reason": TAKEN_BACK},
    ]
    assert game.state().moves == ("b7b8n",)


def test_press_after_a_taken_back_breach_is_no_illegal_move() -> None:
    # Two breach-and-press pairs (what an e-board sends): no 7.5.3, no time, no loss.
    game, rulings = run("""
        start {"time_control": "5400+30"}
        5 white touch g1
        6 white move e2e4
        6.5 white press
        7.5 white move g1f3
        8 white press
        9 black touch b8
        10 black move e7e5
        10.5 black press
        11 black move b8c6
        12 black press
    """)
    assert [(r["ruling"], r.get("article")) for r in rulings] == [
        ("touch_move", "4.3.1"),
        ("rejected", None),
        ("touch_move", "4.3.1"),
        ("rejected", None),
    ]
    assert rulings[3]["reason"] == TAKEN_BACK.replace("white", "black")
    assert game.state().moves == ("g1f3", "b8c6")
    assert not game.is_over
    assert game.state().illegal == (0, 0)


def test_press_without_a_move_after_a_real_move_is_still_7_5_3() -> None:
    # The excuse is for the press right after the taken-back move only: once the player has
    # moved and pressed, a press without a move is 7.5.3 again.
    _, rulings = run("""
        start {"time_control": "5400+30"}
        5 white touch g1
        6 white move e2e4
        7 white move g1f3
        8 white press
        9 black move e7e5
        10 black press
        11 white press
    """)
    assert rulings[-1]["ruling"] == "illegal_move"
    assert rulings[-1]["article"] == "7.5.3"


def test_mate_made_with_two_hands_ends_the_game() -> None:
    # 5.1.1 names Article 3 and 4.2-4.7, not 4.1; 7.5.4 applies only once the clock is pressed.
    game, rulings = run("""
        start {"time_control": "5400+30", "fen": "7k/6pp/8/8/8/8/8/R5K1 w - - 0 1"}
        5 white move a1a8 hands=2
    """)
    assert rulings == [
        {
            "event": 1,
            "at": 5.0,
            "ruling": "game_over",
            "result": "1-0",
            "reason": "checkmate",
            "article": "5.1.1",
        }
    ]
    assert game.state().moves == ("a1a8",)


def test_two_handed_move_that_ends_nothing_is_still_7_5_4() -> None:
    _, rulings = run("""
        start {"time_control": "5400+30", "fen": "7k/6pp/8/8/8/8/8/R5K1 w - - 0 1"}
        5 white move a1a7 hands=2
        6 white press
    """)
    assert rulings[0]["ruling"] == "illegal_move"
    assert rulings[0]["article"] == "7.5.4"


def test_claim_mode_mate_by_a_breach_can_still_be_claimed() -> None:
    # 5.1.1 with 4.3: the mate broke touch-move, so it ends nothing while Black may claim.
    game, rulings = run(f"""
        start {{"time_control": "5400+30", {ROOK_MATES}, {CLAIM}}}
        5 white touch g6
        6 white move a1a8
        7 white press
        8 black claim touch_move
        9 white move g6f6
        10 white press
    """)
    assert rulings == [
        {
            "event": 4,
            "at": 8.0,
            "ruling": "touch_move",
            "by": "white",
            "move": "a1a8",
            "must_move": ["g6f5", "g6f6", "g6f7", "g6g5", "g6h5", "g6h6"],
            "article": "4.3.1",
            "note": "on the opponent's claim",
        }
    ]
    assert game.state().moves == ("g6f6",)
    assert not game.is_over


def test_claim_mode_mate_by_a_breach_ends_at_the_opponents_next_act() -> None:
    # A tick is no act of Black's; his touch lets the claim go (4.8): mate, at that touch.
    game, rulings = run(f"""
        start {{"time_control": "5400+30", {ROOK_MATES}, {CLAIM}}}
        5 white touch g6
        6 white move a1a8
        7 white press
        8 tick
        9 black touch h8
    """)
    assert rulings == [
        {
            "event": 5,
            "at": 9.0,
            "ruling": "game_over",
            "result": "1-0",
            "reason": "checkmate",
            "article": "5.1.1",
            "note": "the touch-move breach was not claimed (4.8)",
        }
    ]
    assert game.result == "1-0"
    assert game.state().moves == ("a1a8",)


def test_claim_mode_stalemate_by_a_breach_ends_at_the_opponents_move() -> None:
    game, rulings = run(f"""
        start {{"time_control": "5400+30", "fen": "k7/8/K7/8/8/8/8/1Q6 w - - 0 1", {CLAIM}}}
        5 white touch a6
        6 white move b1b6
        7 white press
        8 black move a8b8
    """)
    assert rulings == [
        {
            "event": 4,
            "at": 8.0,
            "ruling": "game_over",
            "result": "1/2-1/2",
            "reason": "stalemate",
            "article": "5.2.1",
            "note": "the touch-move breach was not claimed (4.8)",
        }
    ]
    assert game.state().moves == ("b1b6",)


def test_promotion_to_a_king_or_a_pawn_is_an_illegal_move() -> None:
    # 3.7.3.3, 7.5.1: ruled as an illegal move (7.5.5 in standard play), not as unreadable.
    game, rulings = run(f"""
        start {{"time_control": "5400+30", {PAWN_ON_E7}}}
        5 white move e7e8k
        6 white press
        7 white move e7e8q
        8 white press
        9 black move d8e8
        10 black press
        11 white move g1g8
        12 white press
    """)
    first = rulings[0]
    assert (first["ruling"], first["article"], first["move"]) == (
        "illegal_move",
        "7.5.5",
        "e7e8k",
    )
    assert first["penalty"] == {"add_time": {"player": "black", "seconds": 120}}
    assert first["note"].startswith("promotion to a king or a pawn (3.7.3.3)")
    assert game.state().moves[0] == "e7e8q"
    assert len(rulings) == 1


def test_wrong_promotion_letter_of_a_non_pawn_is_still_unreadable() -> None:
    _, rulings = run(f"""
        start {{"time_control": "5400+30", {PAWN_ON_E7}}}
        5 white move g1g8k
    """)
    assert rulings[0]["ruling"] == "rejected"
    assert "not a move" in rulings[0]["reason"]


def test_player_stops_the_clocks_to_call_the_arbiter() -> None:
    # 6.11.2 (Greek 5e): the player pauses; the clocks stand until the arbiter resumes.
    game, rulings = run("""
        start {"time_control": "60"}
        5 white pause
        6 black pause
        30 arbiter resume
        31 white move e2e4
    """)
    assert rulings == [
        {
            "event": 1,
            "at": 5.0,
            "ruling": "clock",
            "by": "white",
            "status": "paused",
            "article": "6.11.2",
            "note": "the player stopped the clocks to call the arbiter; the arbiter resumes "
            "(6.11.3)",
        },
        {"event": 2, "at": 6.0, "ruling": "rejected", "reason": "the clock is already paused"},
        {"event": 3, "at": 30.0, "ruling": "clock", "status": "resumed", "article": "6.11.3"},
    ]
    clock = game.state().clock
    assert clock is not None
    assert clock.remaining(Color.WHITE, Millis(31_000)) == 60_000 - 6_000  # 5 s, then 1 s


def test_claim_mode_breach_never_pressed_leaves_the_clock_where_it_runs() -> None:
    # White moved twice without pressing, then pressed: Black's clock runs with White to move.
    # A breach White never pressed, taken back on Black's claim (4.3), changed no clock: it
    # must not be taken for White's running clock (the press that followed once escaped
    # handle_json as a ClockError, a random stream of tests/arbiter/test_step.py found it).
    game, rulings = run(f"""
        start {{"time_control": "120", "fen": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {CLAIM}}}
        1 white move h1h4
        2 black move e8d7
        3 white press
        4 white touch h4
        5 white move a1a2
        6 black claim touch_move
        7 white move h4h5
        8 white press
    """)
    assert [r["ruling"] for r in rulings] == ["touch_move", "rejected"]
    assert rulings[1]["reason"] == "white's clock is not running"
    assert game.clock is not None and game.clock.running is Color.BLACK
    assert game.state().moves == ("h1h4", "e8d7", "h4h5")
