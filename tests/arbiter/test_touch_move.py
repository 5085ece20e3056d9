"""Touch-move (Articles 4.2–4.8) and made/completed moves (4.7, 6.2), as event logs."""

from __future__ import annotations

from tests.arbiter._log import moves, run

STANDARD = 'start {"time_control": "5400+30"}'
CASTLING = 'start {"time_control": "5400+30", "fen": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}'
RAPID_PARTIAL = 'start {"time_control": "1500+10", "rules": {"supervision": "partial"}}'


def test_a01_touched_knight_must_move() -> None:
    # A01 [4.3.1]: touch(g1), then e2-e4: a breach; the obligation is exactly {Nf3, Nh3}.
    game, rulings = run(f"""
        {STANDARD}
        5 white touch g1
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


def test_a03_first_touched_piece_that_can_move() -> None:
    # A03 [4.3.1]: touch(c1) then touch(g1): the bishop cannot move, so the knight must.
    _, rulings = run(f"""
        {STANDARD}
        5 white touch c1
        5.5 white touch g1
        6 white move e2e4
    """)
    assert rulings[0]["must_move"] == ["g1f3", "g1h3"]
    assert rulings[0]["article"] == "4.3.1"


def test_touched_piece_that_cannot_move_leaves_any_move() -> None:
    # 4.5: the only touched piece (the c1 bishop) has no legal move: any legal move is allowed.
    game, rulings = run(f"""
        {STANDARD}
        5 white touch c1
        6 white move e2e4
        7 white press
    """)
    assert rulings == []
    assert game.moves == ("e4",)


def test_a05_own_then_enemy_piece_capture_with_it() -> None:
    # A05 [4.3.3]: after 1.e4 e5 2.Nf3 Nc6, touch(f3) then touch(e5): the obligation is {Nxe5}.
    _, rulings = run(f"""
        {STANDARD}
        {moves("e4 e5 Nf3 Nc6")}
        10 white touch f3
        11 white touch e5
        12 white move d2d4
    """)
    assert rulings == [
        {
            "event": 11,
            "at": 12.0,
            "ruling": "touch_move",
            "by": "white",
            "move": "d2d4",
            "must_move": ["f3e5"],
            "article": "4.3.3",
        }
    ]


def test_enemy_piece_touched_must_be_captured() -> None:
    # 4.3.2: touching only the opponent's e5 pawn obliges a capture of it (only Nxe5 can).
    _, rulings = run(f"""
        {STANDARD}
        {moves("e4 e5 Nf3 Nc6")}
        10 white touch e5
        12 white move b1c3
    """)
    assert rulings[0]["must_move"] == ["f3e5"]
    assert rulings[0]["article"] == "4.3.2"


def test_own_and_enemy_when_that_capture_is_illegal() -> None:
    # 4.3.3: the b1 knight cannot take e5, so the first touched piece that can move must move.
    _, rulings = run(f"""
        {STANDARD}
        {moves("e4 e5 Nf3 Nc6")}
        10 white touch b1
        11 white touch e5
        12 white move f3e5
    """)
    assert rulings[0]["must_move"] == ["b1a3", "b1c3"]
    assert rulings[0]["article"] == "4.3.3"


def test_a09_rook_then_king_forbids_castling_on_that_side() -> None:
    # A09 [4.4.2]: touch(h1) then touch(e1): no O-O this move; the rook must move.
    _, rulings = run(f"""
        {CASTLING}
        5 white touch h1
        6 white touch e1
        7 white move e1g1
    """)
    assert rulings == [
        {
            "event": 3,
            "at": 7.0,
            "ruling": "touch_move",
            "by": "white",
            "move": "e1g1",
            "must_move": [
                "h1f1",
                "h1g1",
                "h1h2",
                "h1h3",
                "h1h4",
                "h1h5",
                "h1h6",
                "h1h7",
                "h1h8",
            ],
            "article": "4.4.2",
        }
    ]


def test_king_then_rook_must_castle() -> None:
    # 4.4.1: king then the h1 rook: castle on that side if legal.
    game, rulings = run(f"""
        {CASTLING}
        5 white touch e1
        6 white touch h1
        7 white move e1f1
        8 white move e1g1
        9 white press
    """)
    assert rulings[0]["must_move"] == ["e1g1"]
    assert rulings[0]["article"] == "4.4.1"
    assert game.moves == ("O-O",)


def test_king_then_rook_when_castling_is_illegal() -> None:
    # 4.4.3: the g8 rook covers g1, so O-O is illegal: another king move, O-O-O included.
    _, rulings = run("""
        start {"time_control": "5400+30", "fen": "3k2r1/8/8/8/8/8/8/R3K2R w KQ - 0 1"}
        5 white touch e1
        6 white touch h1
        7 white move h1h2
    """)
    assert rulings[0]["must_move"] == ["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    assert rulings[0]["article"] == "4.4.3"


def test_a11_king_released_on_an_illegal_castling_square() -> None:
    # A11 [4.7.2]: the f8 rook covers f1; the king released on g1 makes no move. The king must
    # go back and make another king move: {Kd1, Kd2, Ke2, O-O-O}.
    game, rulings = run("""
        start {"time_control": "5400+30", "fen": "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1"}
        5 white move e1g1
        6 white move h1h2
        7 white move e1c1
        8 white press
    """)
    assert rulings == [
        {
            "event": 2,
            "at": 6.0,
            "ruling": "touch_move",
            "by": "white",
            "move": "h1h2",
            "must_move": ["e1c1", "e1d1", "e1d2", "e1e2"],
            "article": "4.7.2",
        }
    ]
    assert game.moves == ("O-O-O",)
    assert game.illegal_moves == (0, 0)


def test_a13_released_piece_cannot_go_to_another_square() -> None:
    # A13 [4.7]: Nf3 released; moving it on to h3 is not taken; the record is 1.Nf3.
    game, rulings = run(f"""
        {STANDARD}
        5 white move g1f3
        6 white move f3h3
        7 white press
    """)
    assert [r["ruling"] for r in rulings] == ["rejected"]
    assert "does not have the move" in rulings[0]["reason"]
    assert game.moves == ("Nf3",)


def test_a15_promotion_piece_fixed_once_it_touches_the_square() -> None:
    # A15 [4.4.4]: a queen touched e8, then the player swaps in a knight: it must be e8=Q.
    game, rulings = run("""
        start {"time_control": "5400+30", "fen": "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1"}
        5 white touch e7
        6 white touch e8 q
        7 white move e7e8n
        8 white move e7e8q
        9 white press
    """)
    assert rulings == [
        {
            "event": 3,
            "at": 7.0,
            "ruling": "touch_move",
            "by": "white",
            "move": "e7e8n",
            "must_move": ["e7e8q"],
            "article": "4.4.4",
        }
    ]
    assert game.moves == ("e8=Q",)


def test_new_piece_touches_only_a_promotion_square() -> None:
    _, rulings = run(f"""
        {STANDARD}
        5 white touch e4 q
    """)
    assert rulings[0]["ruling"] == "rejected"
    assert "promotion square" in rulings[0]["reason"]


def test_a19_jadoube_creates_no_obligation() -> None:
    # A19 [4.2.1]: "j'adoube" on d2, then any move.
    game, rulings = run(f"""
        {STANDARD}
        5 white adjust d2
        6 white move g1f3
        7 white press
    """)
    assert rulings == []
    assert game.moves == ("Nf3",)


def test_a21_lift_and_replace_without_announcement_is_a_touch() -> None:
    # A21 [4.2.2]: lifting g1 and putting it back, unannounced, is a touch: {Nf3, Nh3}.
    _, rulings = run(f"""
        {STANDARD}
        5 white touch g1
        6 white move d2d4
    """)
    assert rulings[0]["must_move"] == ["g1f3", "g1h3"]


def test_adjusting_without_the_move_is_penalised() -> None:
    # 4.2.1, 6.2.5: only the player having the move may adjust.
    _, rulings = run(f"""
        {STANDARD}
        5 black adjust d7
    """)
    assert rulings == [
        {
            "event": 1,
            "at": 5.0,
            "ruling": "penalty",
            "by": "black",
            "article": "4.2.1",
            "penalty": {"warning": {"player": "black"}},
            "note": "only the player having the move, with his clock running, may adjust (6.2.5)",
        }
    ]


def test_touch_by_the_player_not_having_the_move_binds_nothing() -> None:
    # 4.3 binds the player having the move; a touch during the opponent's turn is no obligation.
    game, rulings = run(f"""
        {STANDARD}
        2 black touch b8
        5 white move e2e4
        6 white press
        8 black move e7e5
        9 black press
    """)
    assert rulings == []
    assert game.moves == ("e4", "e5")


def test_touch_of_an_empty_square_is_rejected() -> None:
    game, rulings = run(f"""
        {STANDARD}
        5 white touch e4
        6 white move e2e4
    """)
    assert rulings[0]["ruling"] == "rejected"
    assert rulings[0]["reason"] == "no piece on e4 to touch"
    assert game.moves == ("e4",)


def test_breach_ruled_on_the_opponents_claim() -> None:
    # 4.3 without an arbiter watching (A.5): the move stands until the opponent claims; then it
    # is taken back and White's clock runs again with the time he had when he pressed.
    game, rulings = run(f"""
        {RAPID_PARTIAL}
        5 white touch g1
        6 white move e2e4
        7 white press
        9 black claim touch_move
        12 white move g1f3
        13 white press
    """)
    assert rulings == [
        {
            "event": 4,
            "at": 9.0,
            "ruling": "touch_move",
            "by": "white",
            "move": "e2e4",
            "must_move": ["g1f3", "g1h3"],
            "article": "4.3.1",
            "note": "on the opponent's claim",
        }
    ]
    assert game.moves == ("Nf3",)
    # White pressed at 7 s with 1493 s left (7 s used, no increment kept); his clock ran again
    # from 9 s to 13 s, then the press added 10 s: 1493 - 4 + 10.
    assert game.remaining(game.position.side_to_move.other) == 1_499_000
    # Black's clock ran from 7 s to 9 s and keeps that.
    assert game.remaining(game.position.side_to_move) == 1_498_000


def test_4_8_claim_right_lost_by_touching_a_piece() -> None:
    # 4.8: the opponent touched a piece before claiming: the claim is refused, the move stands.
    game, rulings = run(f"""
        {RAPID_PARTIAL}
        5 white touch g1
        6 white move e2e4
        7 white press
        8 black touch e7
        9 black claim touch_move
    """)
    assert rulings == [
        {
            "event": 5,
            "at": 9.0,
            "ruling": "claim_refused",
            "by": "black",
            "article": "4.8",
            "note": "the claimant has touched a piece",
        }
    ]
    assert game.moves == ("e4",)


def test_arbiter_rules_breach_seen_in_claim_mode() -> None:
    # The arbiter who sees a breach of Article 4 steps in (Arbiters' Manual), claim or not.
    game, rulings = run(f"""
        {RAPID_PARTIAL}
        5 white touch g1
        6 white move e2e4
        8 arbiter observe_touch_move
    """)
    assert rulings[0]["ruling"] == "touch_move"
    assert rulings[0]["note"] == "ruled by the arbiter"
    assert game.moves == ()


def test_touch_move_claim_without_breach_is_refused() -> None:
    _, rulings = run(f"""
        {RAPID_PARTIAL}
        5 white move e2e4
        7 white press
        9 black claim touch_move
    """)
    assert rulings[0]["ruling"] == "claim_refused"
    assert rulings[0]["article"] == "4.3"


def test_made_move_passes_the_move_press_may_come_after_the_reply() -> None:
    # 1.3, 6.2.2: White moves; Black replies before White presses; White may still press.
    game, rulings = run(f"""
        {STANDARD}
        10 white move e2e4
        12 black move e7e5
        15 white press
        20 black press
    """)
    assert rulings == []
    assert game.moves == ("e4", "e5")
    white, black = game.remaining(0), game.remaining(1)
    assert (white, black) == (5400_000 - 15_000 + 30_000, 5400_000 - 5_000 + 30_000)


def test_next_move_completes_an_unpressed_move() -> None:
    # 6.2.1.2: White never presses after 1.e4; Black's reply cannot be completed by pressing
    # (his clock is not running) but White's next move completes 1.e4 all the same.
    game, rulings = run(f"""
        {STANDARD}
        10 white move e2e4
        12 black move e7e5
        13 black press
        20 white move g1f3
        21 white press
    """)
    assert [r["ruling"] for r in rulings] == ["rejected"]
    assert rulings[0]["reason"] == "black's clock is not running"
    assert game.moves == ("e4", "e5", "Nf3")
    assert game.remaining(0) == 5400_000 - 21_000 + 30_000


def test_move_by_the_player_without_the_move_is_rejected() -> None:
    _, rulings = run(f"""
        {STANDARD}
        5 black move e7e5
    """)
    assert rulings[0]["ruling"] == "rejected"
    assert "black does not have the move" in rulings[0]["reason"]


def test_chess960_king_then_rook_must_castle_on_that_side() -> None:
    # 4.4.1 with Guidelines II: king f1 then rook g1: 0-0 (king g1, rook f1) if legal.
    fen = "4k3/8/8/8/8/8/8/R4KR1 w AG - 0 1"
    game, rulings = run(f"""
        start {{"time_control": "5400+30", "variant": "chess960", "fen": "{fen}"}}
        5 white touch f1
        6 white touch g1
        7 white move f1e1
        8 white move O-O
        9 white press
    """)
    assert rulings[0]["must_move"] == ["f1g1"]
    assert rulings[0]["article"] == "4.4.1"
    assert game.moves == ("O-O",)


def test_a_press_after_a_taken_back_move_completes_nothing_whatever_is_touched_between() -> None:
    # 4.3.1: the arbiter takes e2-e4 back (g1 was touched); a press then completes no move and
    # is no illegal move (7.5.3), even after the player touches another piece of his own: the
    # touch adds to what he touched and keeps the arbiter's take-back.
    game, rulings = run(f"""
        {STANDARD}
        5 white touch g1
        6 white move e2e4
        7 white touch b1
        8 white press
        9 white move g1f3
        10 white press
    """)
    assert [r["ruling"] for r in rulings] == ["touch_move", "rejected"]
    assert "completes no move and is no illegal move" in str(rulings[1]["reason"])
    assert game.moves == ("Nf3",)
