"""Draw offers, agreement and claims (Articles 5.2.3, 9.1–9.5, A.3)."""

from __future__ import annotations

from tests.arbiter._log import moves, run

STANDARD = 'start {"time_control": "5400+30"}'
DANCE = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1"  # B31: the start position appears a third time next


def test_a51_offer_after_moving_accepted() -> None:
    # A51 [9.1.2.1, 5.2.3]: White moves, offers, presses; Black accepts on his own time.
    game, rulings = run(f"""
        {STANDARD}
        {moves("e4 e5")}
        10 white move g1f3
        11 white offer
        12 white press
        20 black accept
    """)
    assert rulings == [
        {
            "event": 6,
            "at": 11.0,
            "ruling": "draw_offer",
            "by": "white",
            "status": "standing",
            "article": "9.1.2.1",
        },
        {
            "event": 8,
            "at": 20.0,
            "ruling": "game_over",
            "result": "1/2-1/2",
            "reason": "agreement",
            "article": "5.2.3",
        },
    ]
    assert game.result == "1/2-1/2"
    assert game.draw_offer is None


def test_a53_offer_before_moving_stands_and_is_noted() -> None:
    # A53 [9.1.2.1, 11.5]: offered before making a move: valid; the arbiter notes it.
    _, rulings = run(f"""
        {STANDARD}
        {moves("e4 e5")}
        10 white offer
        11 black accept
    """)
    assert rulings[0]["status"] == "standing"
    assert rulings[0]["note"] == (
        "offered at another time than after making a move and before pressing: the offer "
        "stands; the arbiter notes it (11.5, 12.9)"
    )
    assert rulings[1]["reason"] == "agreement"


def test_a55_no_agreement_before_both_players_have_moved() -> None:
    # A55 [5.2.3]: 1.e4 with an offer; Black accepts before making a move: not valid. His later
    # touch with intent rejects the offer (9.1.2.1); accepting afterwards is not possible.
    game, rulings = run(f"""
        {STANDARD}
        5 white move e2e4
        6 white offer
        7 white press
        9 black accept
        12 black touch e7
        13 black accept
    """)
    assert rulings[1] == {
        "event": 4,
        "at": 9.0,
        "ruling": "draw_offer",
        "by": "white",
        "status": "standing",
        "article": "5.2.3",
        "note": "no agreement before both players have made at least one move",
    }
    assert rulings[2] == {
        "event": 5,
        "at": 12.0,
        "ruling": "draw_offer",
        "by": "white",
        "status": "declined",
        "article": "9.1.2.1",
    }
    assert rulings[3]["ruling"] == "rejected"
    assert rulings[3]["reason"] == "no draw offer by white stands to accept"
    assert not game.is_over


def test_offer_declined_orally() -> None:
    _, rulings = run(f"""
        {STANDARD}
        {moves("e4 e5")}
        10 white offer
        11 black decline
        12 black accept
    """)
    assert [r.get("status") for r in rulings[:2]] == ["standing", "declined"]
    assert rulings[2]["ruling"] == "rejected"


def test_offer_declined_by_making_a_move() -> None:
    # 9.1.2.1: the opponent's move rejects the offer.
    game, rulings = run(f"""
        {STANDARD}
        {moves("e4 e5")}
        10 white move g1f3
        11 white offer
        12 white press
        15 black move b8c6
    """)
    assert rulings[1]["status"] == "declined"
    assert rulings[1]["event"] == 8
    assert game.draw_offer is None


def test_offer_lapses_when_the_game_ends_otherwise() -> None:
    _, rulings = run(f"""
        {STANDARD}
        {moves("e4 e5")}
        10 white offer
        11 white resign
    """)
    assert rulings[1] == {
        "event": 6,
        "at": 11.0,
        "ruling": "draw_offer",
        "by": "white",
        "status": "lapsed",
        "article": "9.1.2.1",
    }
    assert rulings[2]["result"] == "0-1"


def test_event_rule_no_offers_before_move_30() -> None:
    # 9.1.1: the event bars offers before move 30; the offer is not taken, so no agreement.
    _, rulings = run(f"""
        start {{"time_control": "5400+30", "rules": {{"draw_offers_from_move": 30}}}}
        {moves("e4 e5")}
        10 white move g1f3
        11 white offer
        12 black accept
    """)
    assert rulings[0] == {
        "event": 6,
        "at": 11.0,
        "ruling": "draw_offer",
        "by": "white",
        "status": "not_allowed",
        "article": "9.1.1",
        "note": "no draw offers before move 30",
    }
    assert rulings[1]["ruling"] == "rejected"


def test_b29_fifty_moves_claimed_by_the_player_having_the_move() -> None:
    # B29 [9.3.2]: a correct White claim draws; a Black claim is refused (not his move).
    fen = "7k/8/6K1/8/8/8/8/R7 w - - 100 80"
    _, black = run(f"""
        start {{"time_control": "5400+30", "fen": "{fen}"}}
        5 black claim fifty
    """)
    assert black == [
        {
            "event": 1,
            "at": 5.0,
            "ruling": "claim_refused",
            "by": "black",
            "article": "9.3",
            "note": "only the player having the move may claim",
        }
    ]
    game, white = run(f"""
        start {{"time_control": "5400+30", "fen": "{fen}"}}
        5 white claim fifty
    """)
    assert white == [
        {
            "event": 1,
            "at": 5.0,
            "ruling": "game_over",
            "by": "white",
            "result": "1/2-1/2",
            "reason": "fifty_moves",
            "article": "9.3.2",
        }
    ]
    assert game.result == "1/2-1/2"


def test_fifty_moves_with_the_intended_move() -> None:
    # 9.3.1: the written move would complete the fifty moves.
    _, rulings = run("""
        start {"time_control": "5400+30", "fen": "7k/8/6K1/8/8/8/8/R7 w - - 99 80"}
        5 white claim fifty a1a2
    """)
    assert rulings[0]["reason"] == "fifty_moves"
    assert rulings[0]["article"] == "9.3.1"


def test_b31_threefold_claims() -> None:
    # B31 [9.2.1, 9.2.2]: after 2...Ng8 a White claim is incorrect (second occurrence): Black
    # +2:00 and the claim stands as a draw offer (9.1.2.3). After 4.Ng1 Black claims with the
    # intended 4...Ng8: correct.
    game, rulings = run(f"""
        {STANDARD}
        {moves("Nf3 Nf6 Ng1 Ng8")}
        10 white claim threefold
        {moves("Nf3 Nf6 Ng1", at=11)}
        20 black claim threefold Ng8
    """)
    assert rulings == [
        {
            "event": 9,
            "at": 10.0,
            "ruling": "incorrect_claim",
            "by": "white",
            "article": "9.5.3",
            "penalty": {"add_time": {"player": "black", "seconds": 120}},
            "note": "claim under 9.2.2 is incorrect",
        },
        {
            "event": 9,
            "at": 10.0,
            "ruling": "draw_offer",
            "by": "white",
            "status": "standing",
            "article": "9.1.2.3",
        },
        {
            "event": 12,
            "at": 12.0,
            "ruling": "draw_offer",
            "by": "white",
            "status": "declined",
            "article": "9.1.2.1",
        },
        {
            "event": 16,
            "at": 20.0,
            "ruling": "game_over",
            "by": "black",
            "result": "1/2-1/2",
            "reason": "threefold",
            "article": "9.2.1",
        },
    ]
    assert game.remaining(1, 20_000) > 5400_000


def test_b31_threefold_on_the_board() -> None:
    # B31: after 4...Ng8 the start position stands for the third time; White claims (9.2.2).
    _, rulings = run(f"""
        {STANDARD}
        {moves(DANCE + " Ng8")}
        20 white claim threefold
    """)
    assert rulings[0]["reason"] == "threefold"
    assert rulings[0]["article"] == "9.2.2"


def test_b35_en_passant_square_without_a_capture_is_the_same_position() -> None:
    # B35 [9.2.3.1]: the position after 1...e5 shows e6 in FEN, but no e.p. capture was legal.
    _, rulings = run(f"""
        {STANDARD}
        {moves("e4 e5 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")}
        30 white claim threefold
    """)
    assert rulings[0]["reason"] == "threefold"


def test_a57_claim_counts_as_an_offer_and_may_be_accepted() -> None:
    # A57 [9.1.2.3]: an incorrect claim is an offer; the opponent accepts: agreement.
    _, rulings = run(f"""
        {STANDARD}
        {moves("Nf3 Nf6 Ng1 Ng8")}
        10 white claim threefold
        11 black accept
    """)
    assert rulings[-1]["reason"] == "agreement"


def test_a59_touch_then_claim_is_refused_on_this_move() -> None:
    # A59 [9.4]: White touches g1, then claims: refused; he must move the knight.
    game, rulings = run(f"""
        {STANDARD}
        {moves(DANCE + " Ng8")}
        20 white touch g1
        21 white claim threefold
        22 white move b1c3
    """)
    assert rulings[0] == {
        "event": 18,
        "at": 21.0,
        "ruling": "claim_refused",
        "by": "white",
        "article": "9.4",
        "note": "a piece was touched on this move",
    }
    assert rulings[1]["ruling"] == "touch_move"
    assert rulings[1]["must_move"] == ["g1f3", "g1h3"]
    assert not game.is_over


def test_a59_claim_right_returns_next_turn() -> None:
    # A59 + Manual: on his next turn he may claim about the position then current.
    _, rulings = run(f"""
        {STANDARD}
        {moves(DANCE + " Ng8")}
        20 white touch g1
        21 white claim threefold
        {moves("Nf3 Nf6", at=22)}
        30 white claim threefold
    """)
    assert rulings[-1]["reason"] == "threefold"


def test_a61_illegal_intended_move() -> None:
    # A61 [9.2.1, 9.5.3 + Manual]: Black writes the illegal Nf6-f4 and claims: incorrect, White
    # +2:00, and Black must move the f6 knight.
    _, rulings = run(f"""
        {STANDARD}
        {moves("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")}
        20 black claim threefold f6f4
    """)
    assert rulings[0] == {
        "event": 15,
        "at": 20.0,
        "ruling": "incorrect_claim",
        "by": "black",
        "move": "f6f4",
        "must_move": ["f6d5", "f6e4", "f6g4", "f6g8", "f6h5"],
        "article": "9.5.3",
        "penalty": {"add_time": {"player": "white", "seconds": 120}},
        "note": "claim under 9.2.1 is incorrect",
    }


def test_incorrect_claim_intended_move_must_be_played() -> None:
    # 9.5.3: the written move must now be played (Articles 3 and 4).
    game, rulings = run(f"""
        {STANDARD}
        {moves("Nf3 Nf6 Ng1")}
        10 black claim threefold f6h5
        11 black move f6g8
        12 black move f6h5
        13 black press
    """)
    assert rulings[0]["must_move"] == ["f6h5"]
    assert rulings[2] == {
        "event": 8,
        "at": 11.0,
        "ruling": "touch_move",
        "by": "black",
        "move": "f6g8",
        "must_move": ["f6h5"],
        "article": "9.5.3",
    }
    assert game.moves[-1] == "Nh5"


def test_rapid_incorrect_claim_is_one_minute() -> None:
    # A.3 (2023): one minute in rapid; the 2018 Laws gave two.
    log = f"""
        {moves("Nf3 Nf6 Ng1 Ng8")}
        10 white claim threefold
    """
    _, rapid = run('start {"time_control": "1500+10"}' + log)
    assert rapid[0]["article"] == "A.3"
    assert rapid[0]["penalty"] == {"add_time": {"player": "black", "seconds": 60}}
    _, old = run('start {"time_control": "1500+10", "rules": {"edition": "2018"}}' + log)
    assert old[0]["penalty"] == {"add_time": {"player": "black", "seconds": 120}}


def test_9_1_2_3_a_claim_accepted_as_a_draw_offer_before_the_arbiter_checks_it() -> None:
    # The claim (here incorrect: no repetition) is a draw offer; the opponent accepted it
    # before the arbiter checked: drawn by agreement, no check, no penalty.
    game, rulings = run(f"""
        start {{"time_control": "5400+30"}}
        {moves("e4 e5")}
        {{"type": "claim", "at": 5, "by": "white", "kind": "threefold", "accepted": true}}
    """)
    assert rulings == [
        {
            "event": 5,
            "at": 5.0,
            "ruling": "game_over",
            "by": "white",
            "result": "1/2-1/2",
            "reason": "agreement",
            "article": "5.2.3",
            "note": "the claim accepted as a draw offer before the arbiter checked it (9.1.2.3)",
        }
    ]
    assert game.state().penalties == ()


def test_9_1_2_3_not_where_agreement_is_forbidden() -> None:
    _, rulings = run(f"""
        start {{"time_control": "5400+30", "rules": {{"draw_agreement": false}}}}
        {moves("e4 e5")}
        {{"type": "claim", "at": 5, "by": "white", "kind": "fifty", "accepted": true}}
    """)
    assert rulings[0]["ruling"] == "rejected" and "9.1.1" in rulings[0]["reason"]


def test_a_spectators_remark_about_a_flag_has_no_effect() -> None:
    # 6.8: a flag counts when the arbiter observes it or a player claims it; 12.7.
    _, rulings = run("""
        start {"time_control": "60"}
        {"type": "spectator_remark", "at": 61, "about": "flag"}
        62 arbiter observe_flag
    """)
    assert rulings[0]["ruling"] == "rejected"
    assert "no effect" in rulings[0]["reason"]
    assert (rulings[1]["ruling"], rulings[2]["reason"]) == ("flag", "flag")


def test_9_2_1_an_intended_move_declared_but_not_written_is_to_be_made_legal() -> None:
    # 9.2.1: the move is written first; the Manual: the arbiter may ask the player to make the
    # claim legal rather than reject it: refused, no penalty, no offer; the written claim then
    # counts as usual (here incorrect: the penalty and the move are due).
    unwritten = '{"type": "claim", "at": 5, "by": "black", "kind": "threefold", "move": "Ng8"'
    game, rulings = run(f"""
        start {{"time_control": "5400+30"}}
        {moves("Nf3 Nf6 Ng1")}
        {unwritten}, "written": false}}
        6 black claim threefold Ng8
    """)
    assert rulings[0] == {
        "event": 7,
        "at": 5.0,
        "ruling": "claim_refused",
        "by": "black",
        "move": "Ng8",
        "article": "9.2.1",
        "note": "the intended move is not written on the scoresheet: the claim is to be made legal",
    }
    assert rulings[1]["ruling"] == "incorrect_claim"
    assert len(game.state().penalties) == 1  # only the written claim's (9.5.3)
