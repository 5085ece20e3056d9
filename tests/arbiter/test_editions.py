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


def test_pre_1997_resignation_always_loses() -> None:
    # White cannot checkmate (a lone king), yet Black's resignation loses (10.2); 2023 draws.
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


def test_pre_1997_agreement_before_any_move() -> None:
    # 10.6: at any time unless the event forbids it (2018 and 2023: each side must have moved).
    game, rulings = run(f"""
        {_start("pre-1997")}
        5 white offer
        6 black accept
    """)
    assert _endings(rulings)[0]["reason"] == "agreement"
    assert _endings(rulings)[0]["article"] == "10.6"
    assert game.result == "1/2-1/2"
    _, modern = run("""
        start {"time_control": "5400+30"}
        5 white offer
        6 black accept
    """)
    assert _endings(modern) == []


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
