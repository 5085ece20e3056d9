"""Illegal moves (Article 7.5) in standard, rapid and blitz play (A.3, A.4, A.5.2, B.2, B.3)."""

from __future__ import annotations

from tests.arbiter._log import moves, run

STANDARD = 'start {"time_control": "5400+30"}'
PROMOTION = 'start {"time_control": "5400+30", "fen": "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1"}'


def test_a29_illegal_move_released_but_not_pressed_is_corrected_without_penalty() -> None:
    # A29 [7.5.1 + Manual]: Ng1-g3 released, not pressed: no penalty; the knight must move.
    game, rulings = run(f"""
        {STANDARD}
        5 white move g1g3
        6 white move e2e4
        7 white move g1f3
        8 white press
    """)
    assert rulings == [
        {
            "event": 2,
            "at": 6.0,
            "ruling": "touch_move",
            "by": "white",
            "move": "e2e4",
            "must_move": ["g1f3", "g1h3"],
            "article": "4.3.1",
        }
    ]
    assert game.moves == ("Nf3",)
    assert game.illegal_moves == (0, 0)


def test_completed_illegal_move_first_time_two_minutes_to_the_opponent() -> None:
    # 7.5.1, 7.5.5: position restored, the same piece must move, Black gets 2 minutes.
    game, rulings = run(f"""
        {STANDARD}
        5 white move g1g3
        6 white press
        9 white move g1h3
        10 white press
    """)
    assert rulings == [
        {
            "event": 2,
            "at": 6.0,
            "ruling": "illegal_move",
            "by": "white",
            "move": "g1g3",
            "must_move": ["g1f3", "g1h3"],
            "article": "7.5.5",
            "penalty": {"add_time": {"player": "black", "seconds": 120}},
            "note": "position before the move restored; the same piece must move if it can "
            "(7.5.1, 4.3)",
        }
    ]
    assert game.moves == ("Nh3",)
    assert game.illegal_moves == (1, 0)
    # White's clock ran on from 0 to 10 s (no increment for the illegal press); Black +2:00.
    assert game.remaining(0) == 5400_000 - 10_000 + 30_000
    assert game.remaining(1) == 5400_000 + 120_000
    assert len(game.penalties) == 1


def test_a17_pawn_not_exchanged_on_the_last_rank() -> None:
    # A17 [7.5.2, 7.5.5]: e7-e8 pressed without exchanging: a queen is put there, Black +2:00.
    game, rulings = run(f"""
        {PROMOTION}
        5 white move e7e8
        6 white press
    """)
    assert rulings == [
        {
            "event": 2,
            "at": 6.0,
            "ruling": "illegal_move",
            "by": "white",
            "move": "e7e8",
            "article": "7.5.2",
            "penalty": {"add_time": {"player": "black", "seconds": 120}},
            "note": "the pawn is replaced by a queen (7.5.2)",
        }
    ]
    assert game.moves == ("e8=Q",)
    assert game.illegal_moves == (1, 0)
    assert game.position.side_to_move == 1  # the move is completed: Black's turn


def test_a23_second_completed_illegal_move_loses() -> None:
    # A23 [7.5.5]: White's second completed illegal move; Black can checkmate: 0-1.
    game, rulings = run(f"""
        {STANDARD}
        5 white press
        8 white move g1g3
        9 white press
    """)
    assert [r["ruling"] for r in rulings] == ["illegal_move", "illegal_move", "game_over"]
    assert rulings[0]["article"] == "7.5.3"
    assert rulings[0]["note"] == "clock pressed without a move (7.5.3)"
    assert rulings[2] == {
        "event": 3,
        "at": 9.0,
        "ruling": "game_over",
        "result": "0-1",
        "reason": "second_illegal_move",
        "article": "7.5.5",
    }
    assert game.result == "0-1"


def test_second_illegal_move_drawn_if_the_opponent_cannot_checkmate() -> None:
    # 7.5.5: Black has a bare king and cannot checkmate White by any series of legal moves.
    game, rulings = run("""
        start {"time_control": "5400+30", "fen": "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"}
        5 white move a1a1
        6 white press
        7 white move e1e3
        8 white press
    """)
    assert rulings[-1] == {
        "event": 4,
        "at": 8.0,
        "ruling": "game_over",
        "result": "1/2-1/2",
        "reason": "illegal_move_cannot_checkmate",
        "article": "7.5.5",
    }
    assert game.illegal_moves == (2, 0)


def test_a25_illegal_move_counts_are_per_player() -> None:
    # A25 [7.5.5]: one illegal move each: play goes on; the next by either player loses.
    game, rulings = run(f"""
        {STANDARD}
        5 white press
        6 white move e2e4
        7 white press
        9 black press
        10 black move e7e5
        11 black press
        15 white move e1e3
        16 white press
    """)
    kinds = [r["ruling"] for r in rulings]
    assert kinds == ["illegal_move", "illegal_move", "illegal_move", "game_over"]
    assert rulings[1]["by"] == "black"
    assert rulings[1]["penalty"] == {"add_time": {"player": "white", "seconds": 120}}
    assert rulings[3]["result"] == "0-1"
    assert game.illegal_moves == (2, 1)


def test_a27_two_handed_castling_is_one_illegal_move() -> None:
    # A27 [7.5.4]: O-O with two hands, pressed: illegal move; Black +2:00; the king was touched
    # first and then the rook, so White must castle (now with one hand).
    game, rulings = run("""
        start {"time_control": "5400+30", "fen": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}
        5 white move e1g1 hands=2
        6 white press
        8 white move e1g1
        9 white press
    """)
    assert rulings == [
        {
            "event": 2,
            "at": 6.0,
            "ruling": "illegal_move",
            "by": "white",
            "move": "e1g1",
            "must_move": ["e1g1"],
            "article": "7.5.4",
            "penalty": {"add_time": {"player": "black", "seconds": 120}},
            "note": "move made with two hands; position restored (7.5.4)",
        }
    ]
    assert game.moves == ("O-O",)
    assert game.illegal_moves == (1, 0)


def test_illegal_san_that_names_no_piece() -> None:
    # A move written as SAN that fits no legal move: illegal, but no piece to oblige.
    game, rulings = run(f"""
        {STANDARD}
        5 white move Qh5
        6 white press
    """)
    assert rulings[0]["ruling"] == "illegal_move"
    assert rulings[0]["move"] == "Qh5"
    assert "must_move" not in rulings[0]
    assert game.moves == ()


def test_move_from_an_empty_square_is_rejected() -> None:
    _, rulings = run(f"""
        {STANDARD}
        5 white move e3e4
    """)
    assert rulings == [
        {"event": 1, "at": 5.0, "ruling": "rejected", "reason": "no piece on e3 to move"}
    ]


def test_not_a_move_at_all_is_rejected() -> None:
    _, rulings = run(f"""
        {STANDARD}
        5 white move hello
    """)
    assert rulings[0]["ruling"] == "rejected"
    assert rulings[0]["reason"] == "not a move (UCI or SAN): 'hello'"


RAPID_PARTIAL = 'start {"time_control": "1500+10", "rules": {"supervision": "partial"}}'


def test_a31_unsupervised_rapid_illegal_move_on_claim() -> None:
    # A31 [A.5.2, A.3]: nobody sees it; Black claims before making his next move: restored,
    # the knight must move, Black +1:00 (2023), White's clock runs again without the increment.
    game, rulings = run(f"""
        {RAPID_PARTIAL}
        5 white move g1g3
        6 white press
        9 black claim illegal_move
        12 white move g1f3
        13 white press
    """)
    assert rulings == [
        {
            "event": 3,
            "at": 9.0,
            "ruling": "illegal_move",
            "by": "white",
            "move": "g1g3",
            "must_move": ["g1f3", "g1h3"],
            "article": "A.5.2",
            "penalty": {"add_time": {"player": "black", "seconds": 60}},
            "note": "position before the move restored; the same piece must move if it can "
            "(7.5.1, 4.3); A.5.2; on the opponent's claim",
        }
    ]
    assert game.moves == ("Nf3",)
    assert game.remaining(0) == 1500_000 - 6_000 - 4_000 + 10_000
    assert game.remaining(1) == 1500_000 - 3_000 + 60_000


def test_a31_edition_2018_rapid_penalty_is_two_minutes() -> None:
    _, rulings = run("""
        start {"time_control": "1500+10", "rules": {"supervision": "partial", "edition": "2018"}}
        5 white move g1g3
        6 white press
        9 black claim illegal_move
    """)
    assert rulings[0]["penalty"] == {"add_time": {"player": "black", "seconds": 120}}


def test_a5_2_unclaimed_illegal_move_stands() -> None:
    # A.5.2: Black makes his next move without claiming: the illegal move stands.
    game, rulings = run(f"""
        {RAPID_PARTIAL}
        5 white move g1g3
        6 white press
        9 black move e7e5
        10 black press
        11 white claim illegal_move
    """)
    assert rulings[0] == {
        "event": 3,
        "at": 9.0,
        "ruling": "illegal_move",
        "by": "white",
        "move": "g1g3",
        "status": "stands",
        "article": "A.5.2",
        "note": "not claimed before the opponent's next move: the illegal move stands",
    }
    assert rulings[1]["ruling"] == "claim_refused"
    assert game.position.piece_at(22) is not None  # the knight stands on g3
    assert game.illegal_moves == (0, 0)
    assert game.moves[-1] == "e5"


def test_a33_rapid_full_supervision_arbiter_acts_without_claim() -> None:
    # A33 [A.4, A.3]: rapid with full supervision, 2023: the arbiter acts at once; Black +1:00.
    _, rulings = run("""
        start {"time_control": "1500+10", "rules": {"supervision": "full"}}
        5 white move g1g3
        6 white press
    """)
    assert rulings[0]["article"] == "A.4"
    assert rulings[0]["penalty"] == {"add_time": {"player": "black", "seconds": 60}}


def test_blitz_without_full_supervision_penalty_one_minute_on_claim() -> None:
    # B.3 imports A.3 and A.5: one minute, only on a claim or when the arbiter sees it.
    game, rulings = run("""
        start {"time_control": "180+2", "rules": {"supervision": "partial"}}
        5 white move g1g3
        6 white press
        7 arbiter observe_illegal_move
    """)
    assert rulings[0]["article"] == "B.3"
    assert rulings[0]["penalty"] == {"add_time": {"player": "black", "seconds": 60}}
    assert rulings[0]["note"].endswith("B.3")
    assert game.illegal_moves == (1, 0)


def test_blitz_full_supervision_amount_is_an_event_setting() -> None:
    # B.2 leaves the amount open (digest §0.2.2): the event may set two minutes.
    _, rulings = run("""
        start {"time_control": "180+2", "rules": {"illegal_move_penalty": 120}}
        5 white move g1g3
        6 white press
    """)
    assert rulings[0]["article"] == "B.2"
    assert rulings[0]["penalty"] == {"add_time": {"player": "black", "seconds": 120}}


def test_illegal_move_claim_with_nothing_to_claim() -> None:
    _, rulings = run(f"""
        {RAPID_PARTIAL}
        {moves("e4")}
        3 black claim illegal_move
    """)
    assert rulings[0]["ruling"] == "claim_refused"
    assert rulings[0]["article"] == "A.5.2"


def test_a5_2_stood_illegal_move_then_a_move_that_is_no_move() -> None:
    game, rulings = run(f"""
        {RAPID_PARTIAL}
        5 white move g1g3
        6 white press
        9 black move zz
    """)
    assert [r["ruling"] for r in rulings] == ["illegal_move", "rejected"]
    assert rulings[0]["status"] == "stands"
    assert game.position.side_to_move == 1


# -- a press without a move under partial supervision (A.5.2 names 7.5.3) ---------------------


def test_a5_2_press_without_a_move_waits_for_the_claim() -> None:
    # A.5.2: "If the arbiter observes an action taken under Article 7.5.1, 7.5.2, 7.5.3 or
    # 7.5.4" ... "the opponent is entitled to claim": the press is not ruled at once; Black's
    # claim before his next move gives 7.5.5 through A.5.2 (1 minute), White's clock runs again
    # with the time he had, and White is to move.
    game, rulings = run(f"""
        {RAPID_PARTIAL}
        5 white press
        8 black claim illegal_move
    """)
    assert rulings == [
        {
            "event": 2,
            "at": 8.0,
            "ruling": "illegal_move",
            "by": "white",
            "article": "A.5.2",
            "penalty": {"add_time": {"player": "black", "seconds": 60}},
            "note": "clock pressed without a move (7.5.3); A.5.2; on the opponent's claim",
        }
    ]
    assert game.illegal_moves == (1, 0)
    assert game.remaining(0) == 1500_000 - 5_000  # his time as he pressed (7.1, the Manual)
    assert game.position.side_to_move == 0


def test_a5_2_press_without_a_move_unclaimed_stands_as_a_pass() -> None:
    # Nobody claims and Black makes his next move: the press stands, White passed; the game
    # continues with Black's move (no penalty, no 7.5.3 count).
    game, rulings = run(f"""
        {RAPID_PARTIAL}
        5 white press
        8 black move e7e5
        9 black press
    """)
    assert rulings == [
        {
            "event": 2,
            "at": 8.0,
            "ruling": "illegal_move",
            "by": "white",
            "status": "stands",
            "article": "A.5.2",
            "note": "not claimed before the opponent's next move: the press without a move "
            "(7.5.3) stands; the player passed",
        }
    ]
    assert game.moves == ("--", "e5")
    assert game.state().moves == ("0000", "e7e5")
    assert game.illegal_moves == (0, 0)
    assert game.position.fen() == "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2"


def test_a5_2_press_without_a_move_seen_by_the_arbiter() -> None:
    game, rulings = run(f"""
        {RAPID_PARTIAL}
        5 white press
        6 arbiter observe_illegal_move
    """)
    assert (rulings[0]["ruling"], rulings[0]["article"]) == ("illegal_move", "A.5.2")
    assert rulings[0]["note"] == "clock pressed without a move (7.5.3); A.5.2"
    assert game.illegal_moves == (1, 0)
