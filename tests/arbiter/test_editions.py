"""The editions as settings (``rules.edition``): a scenario per difference from 2018/2023,
under its edition, with the same log under the default edition beside it where that shows
the difference (docs/events.md, "Editions")."""

from __future__ import annotations

import pytest

from chesslaws.core import Position
from chesslaws.endings import alternate_fivefold, listed_draw
from tests.arbiter._log import moves, run


def _start(edition: str, fen: str | None = None, tc: str = "5400+30", **rules: str) -> str:
    fen_field = f', "fen": "{fen}"' if fen else ""
    extra = "".join(f', "{k}": "{v}"' for k, v in rules.items())
    return (
        f'start {{"time_control": "{tc}"{fen_field}, "rules": {{"edition": "{edition}"{extra}}}}}'
    )


def _endings(rulings: list[dict[str, object]]) -> list[dict[str, object]]:
    return [r for r in rulings if r["ruling"] == "game_over"]


# -- pre-1997 (the Greek text) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "listed"),
    [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", True),  # 10.4 a
        ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", True),  # 10.4 b
        ("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", True),  # 10.4 b
        ("4k3/8/8/8/8/2b5/8/2B1K3 w - - 0 1", True),  # 10.4 c: c1 and c3, both dark
        ("4k3/8/8/8/8/8/4b3/2B1K3 w - - 0 1", False),  # bishops on squares of both colours
        ("4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", False),  # two bishops: dead in 2023, not listed
        ("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", False),
        ("4k3/4p3/8/8/8/8/8/4K3 w - - 0 1", False),
    ],
)
def test_pre_1997_listed_draws_are_10_4_only(fen: str, listed: bool) -> None:
    assert listed_draw(Position.from_fen(fen)) is listed


def test_pre_1997_game_drawn_by_10_4_cites_10_4() -> None:
    # K+B v K+B on squares of the same colour, made by a capture: drawn at once by 10.4 c.
    game, rulings = run(f"""
        {_start("pre-1997", "4k3/8/8/8/8/2b5/3N4/2B1K3 b - - 0 1")}
        5 black move c3d2
    """)
    assert _endings(rulings) == [
        {
            "event": 1,
            "at": 5.0,
            "ruling": "game_over",
            "result": "1/2-1/2",
            "reason": "dead_position",
            "article": "10.4",
            "note": "2023: 5.2.2",
        }
    ]
    assert game.result == "1/2-1/2"


def test_pre_1997_two_bishops_of_one_colour_play_on() -> None:
    # Two bishops on dark squares against a lone king: dead in 2023 (5.2.2), not in 10.4's
    # list, so the game goes on; Black's flag then loses (10.5: White has more than a king).
    fen = "4k3/8/8/8/8/4B3/8/2B1K3 b - - 0 1"
    _, modern = run(f"""
        start {{"time_control": "60", "fen": "{fen}"}}
    """)
    assert modern[0]["reason"] == "dead_position"
    game, rulings = run(f"""
        {_start("pre-1997", fen, tc="60")}
        61 tick
    """)
    assert _endings(rulings) == [
        {
            "event": 1,
            "at": 61.0,
            "ruling": "game_over",
            "result": "1-0",
            "reason": "flag",
            "article": "6.9",
            "note": "pre-1997: only a lone king saves the flag (10.5)",
        }
    ]
    assert game.result == "1-0"


def test_pre_1997_flag_against_a_lone_king_draws() -> None:
    # 10.5: White flags; Black has a lone king and cannot win.
    _, rulings = run(f"""
        {_start("pre-1997", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", tc="60")}
        61 tick
    """)
    assert _endings(rulings)[0]["result"] == "1/2-1/2"
    assert _endings(rulings)[0]["reason"] == "flag_cannot_checkmate"
    assert _endings(rulings)[0]["article"] == "10.5"


def test_pre_1997_flag_loses_without_a_mate_search() -> None:
    # 10.5: White (K+B) flags; Black has a king and a pawn, more than a lone king: 0-1.
    _, rulings = run(f"""
        {_start("pre-1997", "4k3/4p3/8/8/8/8/8/2B1K3 w - - 0 1", tc="60")}
        61 tick
    """)
    assert (_endings(rulings)[0]["result"], _endings(rulings)[0]["reason"]) == ("0-1", "flag")


def test_pre_1997_no_fivefold_repetition() -> None:
    shuffle = "Nf3 Nf6 Ng1 Ng8 " * 5
    game, rulings = run(f"""
        {_start("pre-1997")}
        {moves(shuffle)}
    """)
    assert _endings(rulings) == []
    assert len(game.state().moves) == 20
    _, modern = run(f"""
        start {{"time_control": "5400+30"}}
        {moves(shuffle)}
    """)
    assert _endings(modern)[0]["reason"] == "fivefold"


def test_pre_1997_no_seventy_five_move_rule() -> None:
    fen = "4k2r/8/8/8/8/8/8/R3K3 w - - 149 120"
    game, rulings = run(f"""
        {_start("pre-1997", fen)}
        5 white move a1a2
    """)
    assert _endings(rulings) == []
    assert not game.is_over
    _, modern = run(f"""
        start {{"time_control": "5400+30", "fen": "{fen}"}}
        5 white move a1a2
    """)
    assert _endings(modern)[0]["reason"] == "seventy_five_moves"


def test_pre_1997_resignation_always_loses_but_not_to_a_lone_king() -> None:
    # 10.2: a resignation loses whatever stands on the board, but 10.5 "a player with only a
    # king does not win" is not limited to flags (the test asserted 1-0 for a lone king before
    # issue 27): drawn, 10.5. With White's knight (more than a king) it is lost, 10.2.
    fen = "4k3/4p3/8/8/8/8/8/4K3 b - - 0 1"
    _, rulings = run(f"""
        {_start("pre-1997", fen)}
        5 black resign
    """)
    assert rulings == [
        {
            "event": 1,
            "at": 5.0,
            "ruling": "game_over",
            "result": "1/2-1/2",
            "reason": "resignation_cannot_checkmate",
            "article": "10.5",
            "note": "a player with only a king does not win (10.5; in place of 10.2)",
        }
    ]
    _, rulings = run(f"""
        {_start("pre-1997", "4k3/4p3/8/8/8/8/8/4K1N1 b - - 0 1")}
        5 black resign
    """)
    assert rulings == [
        {
            "event": 1,
            "at": 5.0,
            "ruling": "game_over",
            "result": "1-0",
            "reason": "resignation",
            "article": "10.2",
            "note": "2023: 5.1.2",
        }
    ]
    _, modern = run(f"""
        start {{"time_control": "5400+30", "fen": "{fen}"}}
        5 black resign
    """)
    assert modern[0]["result"] == "1/2-1/2"


def test_pre_1997_a_second_illegal_move_against_a_lone_king_is_drawn() -> None:
    # 10.5 beyond flags: White's second completed illegal move would lose (7.5.5 as 2018), but
    # Black has only a king: drawn, 10.5.
    game, rulings = run(f"""
        {_start("pre-1997", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")}
        5 white move e2e5
        6 white press
        8 white move e2e6
        9 white press
    """)
    assert _endings(rulings) == [
        {
            "event": 4,
            "at": 9.0,
            "ruling": "game_over",
            "result": "1/2-1/2",
            "reason": "illegal_move_cannot_checkmate",
            "article": "10.5",
            "note": "a player with only a king does not win (10.5; in place of 7.5.5)",
        }
    ]
    assert game.result == "1/2-1/2"


def test_pre_1997_agreement_before_both_have_moved() -> None:
    # 10.6: agreement at any time unless the event forbids it (2018 and 2023: each side must
    # have moved, 5.2.3). The offer is made with White's first move (10.7; the test offered
    # before any move until issue 27: 10.7 allows an offer only when making one's move).
    offer = """
        4 white move e2e4
        5 white offer
        6 black accept
    """
    game, rulings = run(_start("pre-1997") + offer)
    assert _endings(rulings)[0]["reason"] == "agreement"
    assert _endings(rulings)[0]["article"] == "10.6"
    assert game.result == "1/2-1/2"
    _, modern = run('start {"time_control": "5400+30"}' + offer)
    assert _endings(modern) == []


def test_pre_1997_an_offer_before_moving_is_not_allowed() -> None:
    # Greek 10.7: "only when he makes his move"; 2023 9.1.2.1 lets it stand, noted (11.5).
    game, rulings = run(f"""
        {_start("pre-1997")}
        5 white offer
        6 black accept
    """)
    assert rulings[0] == {
        "event": 1,
        "at": 5.0,
        "ruling": "draw_offer",
        "by": "white",
        "status": "not_allowed",
        "article": "10.7",
        "note": "a draw may be offered only when making one's move (10.7)",
    }
    assert rulings[1]["ruling"] == "rejected"
    assert not game.is_over


@pytest.mark.parametrize(("edition", "article"), [("pre-1997", "10.6"), ("2023", "9.1.1")])
def test_the_event_may_forbid_agreement_outright(edition: str, article: str) -> None:
    # Greek 10.6 "unless the organisers' regulations forbid it"; 2023 9.1.1 "or at all".
    rules = f'{{"edition": "{edition}", "draw_agreement": false}}'
    game, rulings = run(f"""
        start {{"time_control": "5400+30", "rules": {rules}}}
        1 white move e2e4
        2 white offer
        3 black accept
    """)
    assert rulings[0] == {
        "event": 2,
        "at": 2.0,
        "ruling": "draw_offer",
        "by": "white",
        "status": "not_allowed",
        "article": article,
        "note": "the event forbids agreeing to a draw",
    }
    assert rulings[1]["ruling"] == "rejected"
    assert not game.is_over


def test_pre_1997_adjusting_needs_only_the_move() -> None:
    # Greek 7.1: "the player having the move" may adjust; no clock condition (2023 4.2.1 with
    # 6.2.5: only while his clock runs). White made e4 without pressing: Black has the move.
    _, rulings = run(f"""
        {_start("pre-1997")}
        1 white move e2e4
        2 black adjust e7
        3 white adjust d2
    """)
    assert rulings == [
        {
            "event": 3,
            "at": 3.0,
            "ruling": "penalty",
            "by": "white",
            "article": "7.1",
            "penalty": {"warning": {"player": "white"}},
            "note": "only the player having the move may adjust (7.1; 2023: 4.2.1)",
        }
    ]
    _, modern = run("""
        start {"time_control": "5400+30"}
        1 white move e2e4
        2 black adjust e7
    """)
    assert modern[0]["article"] == "4.2.1"


def test_pre_1997_a_mate_by_a_touch_move_breach_ends_the_game_at_once() -> None:
    # Greek 10.1: "the game is won by the player who checkmated. The game ends at once": no
    # proviso about touch-move (2023 5.1.1 needs 4.2-4.7, so the mate waits for the claim).
    fen = "6k1/5ppp/8/8/8/8/8/R3K2R w - - 0 1"
    breach = """
        1 white touch h1
        2 white move a1a8
    """
    _, rulings = run(_start("pre-1997", fen, touch_move="claim") + breach)
    assert rulings == [
        {
            "event": 2,
            "at": 2.0,
            "ruling": "game_over",
            "result": "1-0",
            "reason": "checkmate",
            "article": "10.1",
            "note": "2023: 5.1.1",
        }
    ]
    modern, waiting = run(_start("2023", fen, touch_move="claim") + breach)
    assert waiting == [] and not modern.is_over


def test_pre_1997_touching_a_piece_does_not_reject_an_offer_a_move_does() -> None:
    # 10.7: rejected "either orally or by making a move"; a touch is neither.
    game, rulings = run(f"""
        {_start("pre-1997")}
        {moves("e4 e5")}
        3 white move g1f3
        3.2 white offer
        3.5 white press
        4 black touch b8
        4.5 black move b8c6
    """)
    offers = [(r["status"], r["article"]) for r in rulings if r["ruling"] == "draw_offer"]
    assert offers == [("standing", "9.1.2.1"), ("declined", "10.7")]
    assert rulings[-1]["event"] == 9  # declined by the move, not at the touch (event 8)
    assert not game.is_over


def test_pre_1997_touch_then_accept() -> None:
    _, rulings = run(f"""
        {_start("pre-1997")}
        {moves("e4 e5")}
        3 white move g1f3
        3.2 white offer
        3.5 white press
        4 black touch b8
        4.5 black accept
    """)
    assert _endings(rulings)[0]["reason"] == "agreement"


def test_pre_1997_offer_while_the_opponent_thinks_stands_and_is_cautioned() -> None:
    # 10.8: the offer stands (Black accepts it), and the arbiter cautions White.
    game, rulings = run(f"""
        {_start("pre-1997")}
        {moves("e4 e5 Nf3")}
        4 white offer
        5 black accept
    """)
    assert rulings[:2] == [
        {
            "event": 7,
            "at": 4.0,
            "ruling": "draw_offer",
            "by": "white",
            "status": "standing",
            "article": "10.8",
        },
        {
            "event": 7,
            "at": 4.0,
            "ruling": "penalty",
            "by": "white",
            "article": "10.8",
            "penalty": {"warning": {"player": "white"}},
            "note": "draw offered while the opponent's clock runs: the player is cautioned",
        },
    ]
    assert game.result == "1/2-1/2"


def test_pre_1997_checkmate_cites_10_1() -> None:
    _, rulings = run(f"""
        {_start("pre-1997")}
        {moves("f3 e5 g4 Qh4")}
    """)
    assert (_endings(rulings)[0]["result"], _endings(rulings)[0]["article"]) == ("0-1", "10.1")


# -- 2014 (the Spanish text) ------------------------------------------------------------------

_A = "Nf3 Nf6 Ng1 Ng8 "
_B = "Nc3 Nc6 Nb1 Nb8 "


def test_2014_fivefold_needs_consecutive_alternate_moves() -> None:
    # The start position stands for the fifth time after ply 16 in both logs; 2018 ends the
    # game there. In 2014 the b-knights' cycle between breaks the run: only after four more
    # g-knight cycles in a row (ply 28) is it five times on consecutive alternate moves.
    line = _A + _A + _B + _A + _A + _A + _A
    game, rulings = run(f"""
        {_start("2014")}
        {moves(line)}
    """)
    assert _endings(rulings) == [
        {
            "event": 55,
            "at": 28.0,
            "ruling": "game_over",
            "result": "1/2-1/2",
            "reason": "fivefold",
            "article": "9.6.a",
            "note": "2023: 9.6.1",
        }
    ]
    assert len(game.state().moves) == 28
    game18, rulings18 = run(f"""
        {_start("2018")}
        {moves(line)}
    """)
    assert _endings(rulings18)[0]["event"] == 31
    assert len(game18.state().moves) == 16


def test_2014_fivefold_in_a_row_from_the_start() -> None:
    game, rulings = run(f"""
        {_start("2014")}
        {moves(_A * 4)}
    """)
    assert _endings(rulings)[0]["reason"] == "fivefold"
    assert len(game.state().moves) == 16


def test_alternate_fivefold_reading() -> None:
    cycle = ["P", "q", "r", "s"]
    assert alternate_fivefold(cycle * 4 + ["P"])
    assert not alternate_fivefold(cycle * 4)  # P four times only
    assert not alternate_fivefold(["x", "q", "r", "s", *cycle * 3, "P"])
    broken = [*cycle * 2, "P", "q", "t", "s", *cycle, "P"]  # P five times, one reply differs
    assert broken.count("P") == 5
    assert not alternate_fivefold(broken)


def test_2014_resignation_always_loses() -> None:
    _, rulings = run(f"""
        {_start("2014", "4k3/4p3/8/8/8/8/8/4K3 b - - 0 1")}
        5 black resign
    """)
    assert (rulings[0]["result"], rulings[0]["article"]) == ("1-0", "5.1.b")


def test_2014_rapid_without_full_supervision_first_illegal_move_loses() -> None:
    # 2014 A.4.b: claimed before the opponent's next move, the first illegal move loses.
    game, rulings = run(f"""
        {_start("2014", tc="1500+10", supervision="partial")}
        5 white move e2e5
        6 white press
        7 black claim illegal_move
    """)
    assert [(r["ruling"], r.get("reason"), r["article"]) for r in rulings] == [
        ("illegal_move", None, "A.4.b"),
        ("game_over", "illegal_move", "A.4.b"),
    ]
    assert game.result == "0-1"
    _, modern = run("""
        start {"time_control": "1500+10", "rules": {"supervision": "partial"}}
        5 white move e2e5
        6 white press
        7 black claim illegal_move
    """)
    assert [r["ruling"] for r in modern] == ["illegal_move"]  # 2023: time, not the game


def test_2014_first_illegal_move_drawn_if_the_opponent_cannot_checkmate() -> None:
    _, rulings = run(f"""
        {_start("2014", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", tc="1500+10", supervision="partial")}
        5 white move e2e5
        6 white press
        7 black claim illegal_move
    """)
    assert _endings(rulings)[0]["result"] == "1/2-1/2"
    assert _endings(rulings)[0]["reason"] == "illegal_move_cannot_checkmate"


def test_2014_unclaimed_illegal_move_stands() -> None:
    game, rulings = run(f"""
        {_start("2014", tc="1500+10", supervision="partial")}
        5 white move e2e5
        6 white press
        7 black move e7e6
    """)
    assert rulings[0]["status"] == "stands"
    assert not game.is_over


def test_2014_press_without_a_move_is_no_illegal_move() -> None:
    game, rulings = run(f"""
        {_start("2014")}
        5 white press
    """)
    assert rulings[0]["ruling"] == "rejected"
    assert "2014" in rulings[0]["reason"]
    assert game.state().illegal == (0, 0)
    _, modern = run("""
        start {"time_control": "5400+30"}
        5 white press
    """)
    assert (modern[0]["ruling"], modern[0]["article"]) == ("illegal_move", "7.5.3")


def test_2014_two_handed_move_is_no_illegal_move() -> None:
    game, rulings = run(f"""
        {_start("2014")}
        5 white move e2e4 hands=2
        6 white press
    """)
    assert rulings == []
    assert game.state().moves == ("e2e4",)
    assert game.state().illegal == (0, 0)


def test_2014_dead_position_cites_5_2_b() -> None:
    _, rulings = run(f"""
        {_start("2014", "4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1")}
    """)
    assert (rulings[0]["reason"], rulings[0]["article"]) == ("dead_position", "5.2.b")


def test_unknown_edition_is_rejected() -> None:
    _, rulings = run("""
        start {"time_control": "60", "rules": {"edition": "1990"}}
    """)
    assert rulings[0]["ruling"] == "rejected"
    assert "edition" in rulings[0]["reason"]


# -- each edition's own numbers (docs/events.md, "Editions") ---------------------------------


def test_2014_touch_move_rulings_cite_the_lettered_articles() -> None:
    # 2014 lettered Article 4 (4.3 a-c, 4.4 a-d, 4.7 a-c): a knight touched, another piece
    # moved: 4.3.a, with the 2023 number in the note.
    _, rulings = run(f"""
        {_start("2014")}
        1 white touch g1
        2 white move e2e4
    """)
    assert rulings == [
        {
            "event": 2,
            "at": 2.0,
            "ruling": "touch_move",
            "by": "white",
            "move": "e2e4",
            "must_move": ["g1f3", "g1h3"],
            "article": "4.3.a",
            "note": "2023: 4.3.1",
        }
    ]


def test_2014_king_released_on_an_illegal_castling_square_cites_4_7_b() -> None:
    # 2014 4.7 b (our Spanish text): the king released, castling on that side illegal: another
    # king move. Claimed in claim mode: the note keeps "on the opponent's claim".
    fen = "4k3/8/8/8/8/8/5r2/4K2R w K - 0 1"
    _, rulings = run(f"""
        {_start("2014", fen, touch_move="claim")}
        1 white move e1g1
        2 white move h1h2
        3 white press
        4 black claim touch_move
    """)
    touch = [r for r in rulings if r["ruling"] == "touch_move"]
    assert touch and touch[-1]["article"] == "4.7.b"
    assert touch[-1]["note"] == "on the opponent's claim; 2023: 4.7.2"


@pytest.mark.parametrize(
    ("edition", "supervision", "tc", "article", "note_end"),
    [
        ("2023", "full", "1500+10", "A.4", "; A.4"),
        ("2018", "full", "1500+10", "A.3", "; A.3 (2023: A.4)"),
        ("2018", "partial", "1500+10", "A.4.2", "; A.4.2 (2023: A.5.2); on the opponent's claim"),
        ("2018", "full", "180+2", "B.3", "; B.3 (2023: B.2)"),
        ("2018", "partial", "180+2", "B.4", "; B.4 (2023: B.3); on the opponent's claim"),
    ],
)
def test_2018_appendices_are_numbered_as_in_2018(
    edition: str, supervision: str, tc: str, article: str, note_end: str
) -> None:
    # 2018: A.3 the supervised rapid regime, A.4 the other (2023: A.4, A.5); blitz B.3, B.4.
    _, rulings = run(f"""
        {_start(edition, tc=tc, supervision=supervision)}
        5 white move g1g3
        6 white press
        7 black claim illegal_move
    """)
    assert rulings[0]["ruling"] == "illegal_move"
    assert rulings[0]["article"] == article
    assert rulings[0]["note"].endswith(note_end)
