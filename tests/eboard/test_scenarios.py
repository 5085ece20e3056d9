"""Readings scenarios: what a hand does on the board, the events it makes, the rulings that follow.

Each scenario is a readings log written step by step (``_script.Script``; 300 ms between steps
unless a step says otherwise; default debounce 80 ms, settle 1000 ms). Events are compared as
compact tuples, rulings as their JSON without ``event``, ``at`` and ``note``.
"""

from __future__ import annotations

from tests.eboard._script import Script, run

CASTLING = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
PROMOTION = "k7/4P3/8/8/8/8/P7/4K3 w - - 0 1"
PROMOTION_CAPTURE = "k2r4/4P3/8/8/8/8/P7/4K3 w - - 0 1"
EN_PASSANT = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
FOOLS_MATE_AFTER = ("f2", "f3", "e7", "e5", "g2", "g4", "d8", "h4")


def start(fen: str | None = None, **extra: object) -> dict[str, object]:
    out: dict[str, object] = {"type": "start", "time_control": "5400+30", **extra}
    if fen is not None:
        out["fen"] = fen
    return out


def notices(board: object) -> list[str]:
    return [n.kind for n in board.notices]  # type: ignore[attr-defined]


def illegal(by: str, move: str | None, must: list[str] | None, article: str = "7.5.5") -> dict:
    out: dict[str, object] = {"ruling": "illegal_move", "by": by}
    if move is not None:
        out["move"] = move
    if must is not None:
        out["must_move"] = must
    out["article"] = article
    other = "black" if by == "white" else "white"
    out["penalty"] = {"add_time": {"player": other, "seconds": 120}}
    return out


# -- ordinary moves and captures (4.3, 4.7.1) ---------------------------------------------------


def test_ordinary_move_touch_made_pressed() -> None:
    events, rulings, board = run(Script().move("e2", "e4", "P", "white"))
    assert events == [("touch", "white", "e2"), ("move", "white", "e2e4"), ("press", "white")]
    assert rulings == []
    assert [e.at for e in board.events[1:]] == [300, 600, 900]  # lift, release, lever


def test_both_players_in_turn() -> None:
    script = Script().move("e2", "e4", "P", "white").move("c7", "c5", "p", "black")
    script.move("g1", "f3", "N", "white")
    events, rulings, board = run(script)
    assert [e for e in events if e[0] == "move"] == [
        ("move", "white", "e2e4"),
        ("move", "black", "c7c5"),
        ("move", "white", "g1f3"),
    ]
    assert rulings == []
    assert board.game.moves == ("e4", "c5", "Nf3")


def _open_centre() -> Script:
    return Script().move("e2", "e4", "P", "white").move("d7", "d5", "p", "black")


def test_capture_own_piece_lifted_first() -> None:
    script = _open_centre().lift("e4").lift("d5").place("d5", "P").lever("white")
    events, rulings, _ = run(script)
    assert events[-4:] == [
        ("touch", "white", "e4"),
        ("touch", "white", "d5"),
        ("move", "white", "e4d5"),
        ("press", "white"),
    ]
    assert rulings == []


def test_capture_opponents_piece_lifted_first_is_a_touch_of_it() -> None:
    """4.3.2: lifting the opponent's piece first touches it; the capture then fulfils it."""
    script = _open_centre().lift("d5").lift("e4").place("d5", "P").lever("white")
    events, rulings, _ = run(script)
    assert events[-4:-1] == [
        ("touch", "white", "d5"),
        ("touch", "white", "e4"),
        ("move", "white", "e4d5"),
    ]
    assert rulings == []


def test_opponents_piece_touched_then_not_captured() -> None:
    """4.3.2-4.3.3: the enemy piece touched first, then the knight: the knight cannot capture
    it, so the first touched piece that can be captured must be; Nf3 is taken back."""
    script = _open_centre().lift("d5").place("d5", "p").move("g1", "f3", "N", "white")
    events, rulings, board = run(script)
    assert events[-3:] == [
        ("touch", "white", "d5"),
        ("touch", "white", "g1"),
        ("move", "white", "g1f3"),
    ]
    assert rulings == [
        {
            "ruling": "touch_move",
            "by": "white",
            "move": "g1f3",
            "must_move": ["e4d5"],
            "article": "4.3.3",
        }
    ]
    assert "set_pieces" in notices(board) and "press_dropped" in notices(board)


def test_made_when_captured_piece_off_and_own_released() -> None:
    """4.7.1 (Greek 6.2): made once the captured piece is off and the capturing one released:
    the move's time is the later of the two."""
    script = _open_centre().lift("e4").lift("d5").place("d5", "P").lever("white")
    _, _, board = run(script)
    move = [e for e in board.events if e.to_json()["type"] == "move"][-1]
    assert move.at == script.lines[-2]["at"] * 1000


# -- castling (4.4.1, 4.4.2, 4.7.2) -------------------------------------------------------------


def test_castling_king_first() -> None:
    script = Script(start(CASTLING)).lift("e1").place("g1", "K").lift("h1").place("f1", "R")
    events, rulings, board = run(script.lever("white"))
    assert events == [
        ("touch", "white", "e1"),
        ("touch", "white", "h1"),
        ("move", "white", "e1g1"),
        ("press", "white"),
    ]
    assert rulings == []
    assert board.game.moves == ("O-O",)


def test_castling_queenside_king_first() -> None:
    script = Script(start(CASTLING)).lift("e1").place("c1", "K").lift("a1").place("d1", "R")
    events, rulings, board = run(script.lever("white"))
    assert ("move", "white", "e1c1") in events and rulings == []
    assert board.game.moves == ("O-O-O",)


def test_castling_made_when_rook_released() -> None:
    """4.7.2 (Greek 6.3, Spanish 4.7.b): the king released is not the move made; the rook
    released on the square the king crossed is."""
    script = Script(start(CASTLING)).lift("e1").place("g1", "K").wait(3000)
    script.lift("h1").place("f1", "R").lever("white")
    _, rulings, board = run(script)
    move = next(e for e in board.events if e.to_json()["type"] == "move")
    assert move.at == script.lines[3]["at"] * 1000 and rulings == []


def test_castling_rook_first_is_not_allowed_then() -> None:
    """4.4.2: rook first, castling on that side is not allowed; the rook must move."""
    script = Script(start(CASTLING)).lift("h1").place("f1", "R").lift("e1").place("g1", "K")
    script.lever("white")
    events, rulings, board = run(script)
    assert events == [("touch", "white", "h1"), ("touch", "white", "e1"), ("move", "white", "e1g1")]
    assert rulings == [
        {
            "ruling": "touch_move",
            "by": "white",
            "move": "e1g1",
            "must_move": ["h1f1", "h1g1"],
            "article": "4.4.2",
        }
    ]
    assert notices(board) == ["set_pieces", "press_dropped"]


def test_castling_rook_first_then_rook_moves() -> None:
    script = Script(start(CASTLING)).lift("h1").place("f1", "R").lift("e1").place("g1", "K")
    script.lever("white")
    script.lift("g1").place("e1", "K")  # the king goes back: the board shows Rf1
    script.lever("white")
    events, rulings, board = run(script)
    assert events[-2:] == [("move", "white", "h1f1"), ("press", "white")]
    assert len(rulings) == 1 and board.game.moves == ("Rf1",)


def test_king_carried_two_squares_without_rook_then_pressed() -> None:
    """A king released on g1 and the clock pressed with the rook still on h1 is an illegal
    move, not castling (4.7.2, 7.5.1)."""
    script = Script(start(CASTLING)).lift("e1").place("g1", "K").lever("white")
    events, rulings, board = run(script)
    assert events == [("touch", "white", "e1"), ("move", "white", "Ke1g1"), ("press", "white")]
    assert rulings[0]["ruling"] == "illegal_move" and "e1g1" in rulings[0]["must_move"]
    assert board.game.moves == () and "set_pieces" in notices(board)


# -- en passant ---------------------------------------------------------------------------------


def test_en_passant_capturing_pawn_first() -> None:
    script = Script(start(EN_PASSANT)).lift("e5").place("d6", "P").lift("d5").lever("white")
    events, rulings, board = run(script)
    assert events == [
        ("touch", "white", "e5"),
        ("touch", "white", "d5"),
        ("move", "white", "e5d6"),
        ("press", "white"),
    ]
    assert rulings == [] and board.game.moves == ("exd6",)


def test_en_passant_captured_pawn_removed_first() -> None:
    script = Script(start(EN_PASSANT)).lift("d5").lift("e5").place("d6", "P").lever("white")
    events, rulings, board = run(script)
    assert events[:3] == [
        ("touch", "white", "d5"),
        ("touch", "white", "e5"),
        ("move", "white", "e5d6"),
    ]
    assert rulings == [] and board.game.moves == ("exd6",)


# -- the act of promotion (4.4.4, 4.6, 4.7.3; Spanish 4.6, Greek 6.4) ------------------------------


def test_promotion_pawn_not_put_on_the_square() -> None:
    """4.6.1: the pawn need not be put on the arrival square."""
    script = Script(start(PROMOTION)).lift("e7").place("e8", "Q").lever("white")
    events, rulings, board = run(script)
    assert events == [
        ("touch", "white", "e7"),
        ("touch", "white", "e8", "q"),
        ("move", "white", "e7e8q"),
        ("press", "white"),
    ]
    assert rulings == [] and board.game.moves == ("e8=Q+",)


def test_promotion_pawn_on_the_square_then_exchanged() -> None:
    """4.7.3 (Greek 6.4): the pawn released on the square is no move made, however long the
    player takes to fetch the piece; the move is made when the new piece is released."""
    script = Script(start(PROMOTION)).lift("e7").place("e8", "P").wait(5000)
    script.lift("e8").place("e8", "N").lever("white")
    events, rulings, board = run(script)
    assert events == [
        ("touch", "white", "e7"),
        ("touch", "white", "e8", "n"),
        ("move", "white", "e7e8n"),
        ("press", "white"),
    ]
    assert rulings == [] and board.game.moves == ("e8=N",)
    move = next(e for e in board.events if e.to_json()["type"] == "move")
    assert move.at == script.lines[3]["at"] * 1000


def test_promotion_new_piece_placed_before_pawn_removed() -> None:
    """4.6.2: removing the pawn and placing the new piece, in either order."""
    script = Script(start(PROMOTION)).place("e8", "R").lift("e7").lever("white")
    events, rulings, board = run(script)
    assert events == [
        ("touch", "white", "e8", "r"),
        ("touch", "white", "e7"),
        ("move", "white", "e7e8r"),
        ("press", "white"),
    ]
    assert rulings == [] and board.game.moves == ("e8=R+",)


def test_promotion_with_capture_enemy_piece_removed_first() -> None:
    """4.6.3: the enemy piece on the arrival square is captured."""
    script = Script(start(PROMOTION_CAPTURE)).lift("d8").lift("e7").place("d8", "Q")
    events, rulings, board = run(script.lever("white"))
    assert events == [
        ("touch", "white", "d8"),
        ("touch", "white", "e7"),
        ("touch", "white", "d8", "q"),
        ("move", "white", "e7d8q"),
        ("press", "white"),
    ]
    assert rulings == [] and board.game.moves == ("exd8=Q+",)


def test_promotion_piece_fixed_once_it_touched_the_square() -> None:
    """4.4.4: a rook set on e8 fixes the promotion; exchanging it for a queen is a breach."""
    script = Script(start(PROMOTION)).lift("e7").place("e8", "R").lift("e8").place("e8", "Q")
    events, rulings, _ = run(script.lever("white"))
    assert events == [
        ("touch", "white", "e7"),
        ("touch", "white", "e8", "r"),
        ("move", "white", "e7e8q"),
    ]
    assert rulings == [
        {
            "ruling": "touch_move",
            "by": "white",
            "move": "e7e8q",
            "must_move": ["e7e8r"],
            "article": "4.4.4",
        }
    ]


def test_pawn_left_on_last_rank_and_pressed() -> None:
    """7.5.2: the pawn not exchanged: an illegal move, a queen is put there; the board must then
    show the queen."""
    script = Script(start(PROMOTION)).lift("e7").place("e8", "P").lever("white")
    script.lift("e8").place("e8", "Q")
    events, rulings, board = run(script)
    assert events == [("touch", "white", "e7"), ("move", "white", "e7e8"), ("press", "white")]
    assert rulings == [
        {
            "ruling": "illegal_move",
            "by": "white",
            "move": "e7e8",
            "article": "7.5.2",
            "penalty": {"add_time": {"player": "black", "seconds": 120}},
        }
    ]
    assert board.game.moves == ("e8=Q+",)
    assert notices(board) == ["set_pieces", "board_set"]


# -- touched and put back, sliding, adjusting (4.2, 4.3.1, 4.5) -----------------------------------


def test_piece_lifted_and_put_back_obligation_stands() -> None:
    """4.3.1: lifted and put back on its square: touched, not moved."""
    script = Script().lift("e2").place("e2", "P").move("d2", "d4", "P", "white")
    events, rulings, _ = run(script)
    assert events == [("touch", "white", "e2"), ("touch", "white", "d2"), ("move", "white", "d2d4")]
    assert rulings == [
        {
            "ruling": "touch_move",
            "by": "white",
            "move": "d2d4",
            "must_move": ["e2e3", "e2e4"],
            "article": "4.3.1",
        }
    ]


def test_touched_piece_without_legal_move_frees_the_player() -> None:
    """4.5 (Spanish 4.5): none of the touched pieces can move: any legal move."""
    script = Script().lift("c1").place("c1", "B").move("e2", "e4", "P", "white")
    events, rulings, _ = run(script)
    assert events[0] == ("touch", "white", "c1") and rulings == []


def test_sliding_through_squares_before_release() -> None:
    script = Script(start("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), step=150)
    script.lift("a1").place("a2", "R").lift("a2").place("a3", "R").lift("a3").place("a4", "R")
    script.lift("a4").place("a5", "R").lever("white", after=300)
    events, rulings, board = run(script)
    assert events == [("touch", "white", "a1"), ("move", "white", "a1a5"), ("press", "white")]
    assert rulings == [] and board.game.moves == ("Ra5",)


def test_sliding_with_a_pause_shorter_than_settle() -> None:
    script = Script(start("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))
    script.lift("a1").place("a3", "R").lift("a3", after=900).place("a6", "R").lever("white")
    events, _, _ = run(script)
    assert ("move", "white", "a1a6") in events and ("move", "white", "a1a3") not in events


def test_a_pause_longer_than_settle_is_a_release() -> None:
    """4.7: released on a square as a legal move, it is made; taking it on is a second move by
    the same player, which the board reads as the opponent's touch and no position."""
    script = Script(start("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))
    script.lift("a1").place("a3", "R").lift("a3", after=1500).place("a6", "R")
    events, _, board = run(script)
    assert ("move", "white", "a1a3") in events
    assert board.game.moves == ("Ra3",) and "set_pieces" not in notices(board)


def test_adjust_announced_creates_no_obligation() -> None:
    """4.2.1 (Greek 7.1): j'adoube announced before the lift: an adjustment, no touch."""
    script = Script().button("white", "adjust").lift("e2").place("e2", "P")
    script.move("d2", "d4", "P", "white")
    events, rulings, _ = run(script)
    assert events == [
        ("adjust", "white", "e2"),
        ("touch", "white", "d2"),
        ("move", "white", "d2d4"),
        ("press", "white"),
    ]
    assert rulings == []


def test_adjust_lapses_when_the_piece_is_back() -> None:
    """The announcement covers the adjustment; lifting the piece again is a touch."""
    script = Script().button("white", "adjust").lift("e2").place("e2", "P")
    script.lift("e2").place("e2", "P").move("d2", "d4", "P", "white")
    events, rulings, _ = run(script)
    assert events[:2] == [("adjust", "white", "e2"), ("touch", "white", "e2")]
    assert rulings[0]["ruling"] == "touch_move" and rulings[0]["article"] == "4.3.1"


def test_adjust_by_the_player_not_having_the_move() -> None:
    """4.2.1, 6.2.5: only the player having the move may adjust: the arbiter warns."""
    script = Script().button("black", "adjust").lift("e7").place("e7", "p")
    events, rulings, _ = run(script.move("e2", "e4", "P", "white"))
    assert events[0] == ("adjust", "black", "e7")
    assert rulings == [
        {
            "ruling": "penalty",
            "by": "black",
            "article": "4.2.1",
            "penalty": {"warning": {"player": "black"}},
        }
    ]


# -- quick succession, settling, the lever (6.2) ------------------------------------------------


def test_capture_and_recapture_with_presses() -> None:
    script = _open_centre().lift("e4").lift("d5").place("d5", "P").lever("white", after=100)
    script.lift("d8", after=100).lift("d5", after=100).place("d5", "q", after=100)
    script.lever("black", after=100)
    events, rulings, board = run(script)
    assert board.game.moves == ("e4", "d5", "exd5", "Qxd5") and rulings == []
    assert events[-3:] == [("touch", "black", "d5"), ("move", "black", "d8d5"), ("press", "black")]


def test_recapture_before_the_press_own_piece_first() -> None:
    """6.2.2: the reply may come before the press; lifting his own piece is the opponent's
    hand, so the capture was made."""
    script = _open_centre().lift("e4", after=100).lift("d5", after=100)
    script.place("d5", "P", after=100).lift("d8", after=100).lift("d5", after=100)
    script.place("d5", "q", after=100).lever("white", after=100).lever("black", after=100)
    events, rulings, board = run(script)
    assert board.game.moves == ("e4", "d5", "exd5", "Qxd5")
    assert events[-6:] == [
        ("move", "white", "e4d5"),
        ("touch", "black", "d8"),
        ("touch", "black", "d5"),
        ("move", "black", "d8d5"),
        ("press", "white"),
        ("press", "black"),
    ]
    assert rulings == []


def test_recapture_before_the_press_captured_piece_first() -> None:
    """The opponent lifts the piece that just captured (4.3.2 for him) before the settle time:
    the board showing the capture and the recapture tells both moves."""
    script = _open_centre().lift("e4", after=100).lift("d5", after=100)
    script.place("d5", "P", after=100).lift("d5", after=100).lift("d8", after=100)
    script.place("d5", "q", after=100).lever("white", after=100).lever("black", after=100)
    events, rulings, board = run(script)
    assert board.game.moves == ("e4", "d5", "exd5", "Qxd5")
    assert events[-6:] == [
        ("move", "white", "e4d5"),
        ("touch", "black", "d5"),
        ("touch", "black", "d8"),
        ("move", "black", "d8d5"),
        ("press", "white"),
        ("press", "black"),
    ]
    assert rulings == []


def test_made_by_settling_without_a_press_then_completed_by_the_next_move() -> None:
    """6.2.1.2: a move not pressed is completed by the same player's next move."""
    script = Script().move("e2", "e4", "P").wait(1200).move("e7", "e5", "p", "black")
    events, rulings, board = run(script)
    assert [e for e in events if e[0] == "move"] == [
        ("move", "white", "e2e4"),
        ("move", "black", "e7e5"),
    ]
    assert rulings == [{"ruling": "rejected", "reason": "black's clock is not running"}]
    assert board.game.moves == ("e4", "e5")


def test_late_press_after_the_reply() -> None:
    """6.2.2: the mover may press after the opponent replied."""
    script = Script().move("e2", "e4", "P").move("e7", "e5", "p").lever("white")
    events, rulings, board = run(script)
    assert events[-1] == ("press", "white") and rulings == []
    assert board.game.state().running is not None


def test_move_completed_only_by_the_press() -> None:
    """Greek 6.5–6.6, 6.2.1: with increments the move is completed when the clock is pressed:
    the increment is earned then."""
    made = Script().move("e2", "e4", "P")
    _, _, board = run(made)
    assert board.game.remaining(0, 2600) == 5400_000 - 2600  # made, not completed
    _, _, board = run(Script().move("e2", "e4", "P").lever("white", after=2000))
    assert board.game.remaining(0, 2600) == 5400_000 - 2600 + 30_000


def test_press_without_a_move() -> None:
    """7.5.3: the lever pressed with the board as it was."""
    events, rulings, _ = run(Script().lever("white"))
    assert events == [("press", "white")]
    assert rulings == [illegal("white", None, None, "7.5.3")]


def test_lever_of_the_player_whose_clock_is_not_running() -> None:
    events, rulings, _ = run(Script().lever("black"))
    assert events == [("press", "black")]
    assert rulings == [{"ruling": "rejected", "reason": "black's clock is not running"}]


# -- flicker, half-placed pieces, knocked-over pieces (4.2.2, 7.4) -----------------------------


def test_sensor_flicker_is_no_touch() -> None:
    script = Script().lift("d2").place("d2", "P", after=20).move("e2", "e4", "P", "white")
    events, rulings, _ = run(script)
    assert events == [("touch", "white", "e2"), ("move", "white", "e2e4"), ("press", "white")]
    assert rulings == []


def test_debounce_window_is_exact() -> None:
    """79 ms is flicker, 80 ms is a touch (default window 80 ms; injected time)."""
    quick = Script().lift("d2").place("d2", "P", after=79).move("e2", "e4", "P", "white")
    slow = Script().lift("d2").place("d2", "P", after=80).move("e2", "e4", "P", "white")
    assert run(quick)[0][0] == ("touch", "white", "e2")
    assert run(slow)[0][0] == ("touch", "white", "d2")
    assert run(slow, debounce=81)[0][0] == ("touch", "white", "e2")


def test_half_placed_piece() -> None:
    """A piece set down across e4 and e5 flickers between them before it rests on e4."""
    script = Script().lift("e2").place("e4", "P").lift("e4", after=15).place("e5", "P", after=5)
    script.lift("e5", after=20).place("e4", "P", after=10).lever("white")
    events, rulings, board = run(script)
    assert events == [("touch", "white", "e2"), ("move", "white", "e2e4"), ("press", "white")]
    assert rulings == [] and board.game.moves == ("e4",)


def test_pieces_knocked_over_are_not_touched() -> None:
    """Two squares emptied within 25 ms: knocked over, not touched (7.4.1: restored by the
    player); the move made afterwards is ruled as usual."""
    script = Script().lift("c1").lift("d1", after=5).place("c1", "B").place("d1", "Q")
    events, rulings, board = run(script.move("e2", "e4", "P", "white"))
    assert events == [("touch", "white", "e2"), ("move", "white", "e2e4"), ("press", "white")]
    assert rulings == [] and notices(board)[:2] == ["knocked", "knocked"]


def test_press_with_knocked_pieces_not_restored_waits() -> None:
    """7.4.1: displaced pieces are set right on the player's own time: the press counts once
    the board shows a position again."""
    script = Script().lift("c1").lift("d1", after=5).move("e2", "e4", "P", "white")
    script.place("c1", "B", after=2000).place("d1", "Q")
    events, rulings, board = run(script)
    assert events == [("touch", "white", "e2"), ("move", "white", "e2e4"), ("press", "white")]
    press = board.events[-1]
    assert press.at == script.lines[-1]["at"] * 1000 and rulings == []
    assert "press_held" in notices(board)


# -- boards that show no legal continuation (7.5) -----------------------------------------------


def test_illegal_move_ruled_and_the_position_restored() -> None:
    """7.5.1: an illegal move is completed by the press; the position before it is restored,
    the board must show it again, the same piece must move."""
    script = Script().lift("g1").place("g3", "N").lever("white")
    script.lift("g3").place("g1", "N").lift("g1").place("f3", "N").lever("white")
    events, rulings, board = run(script)
    assert events == [
        ("touch", "white", "g1"),
        ("move", "white", "g1g3"),
        ("press", "white"),
        ("move", "white", "g1f3"),
        ("press", "white"),
    ]
    assert rulings == [illegal("white", "g1g3", ["g1f3", "g1h3"])]
    assert notices(board) == ["set_pieces", "board_set"] and board.game.moves == ("Nf3",)


def test_after_the_take_back_another_piece_moved() -> None:
    """7.5.1 with 4.3: after the illegal move the piece moved illegally must move."""
    script = Script().lift("g1").place("g3", "N").lever("white")
    script.lift("g3").place("g1", "N").move("e2", "e4", "P", "white")
    events, rulings, _ = run(script)
    assert rulings[1] == {
        "ruling": "touch_move",
        "by": "white",
        "move": "e2e4",
        "must_move": ["g1f3", "g1h3"],
        "article": "4.3.1",
    }
    assert ("touch", "white", "e2") in events


def test_clock_after_the_take_back() -> None:
    """7.1/7.5.1: back to the earlier position, the offender's clock runs again."""
    script = Script().lift("g1").place("g3", "N").lever("white")
    _, _, board = run(script)
    assert board.game.state().running == 0 and board.game.moves == ()


def test_second_illegal_move_loses() -> None:
    """7.5.5: the second completed illegal move by the same player loses."""
    script = Script().lift("g1").place("g3", "N").lever("white")
    script.lift("g3").place("g1", "N").lift("g1").place("e2", "N").lever("white")
    _, rulings, board = run(script)
    assert rulings[-1] == {
        "ruling": "game_over",
        "result": "0-1",
        "reason": "second_illegal_move",
        "article": "7.5.5",
    }
    assert board.game.result == "0-1" and "game_over" in notices(board)


def test_unreadable_board_holds_the_press() -> None:
    """Two pieces carried off at once: the board shows no position; the press waits until it
    does, and the move it then shows is ruled (here against the touch of d2 first, 4.3.1)."""
    script = Script().lift("d2").lift("e2").place("e4", "P").place("d4", "P").lever("white")
    script.lift("d4", after=2000).place("d2", "P")
    events, rulings, board = run(script)
    assert events == [("touch", "white", "d2"), ("touch", "white", "e2"), ("move", "white", "e2e4")]
    assert board.events[-1].at == script.lines[-1]["at"] * 1000
    assert rulings == [
        {
            "ruling": "touch_move",
            "by": "white",
            "move": "e2e4",
            "must_move": ["d2d3", "d2d4"],
            "article": "4.3.1",
        }
    ]
    assert notices(board) == ["press_held", "set_pieces", "press_dropped"]


def test_board_not_set_at_the_start() -> None:
    """A snapshot that shows no position: set the pieces; what the hands do meanwhile is no
    touch; then play goes on."""
    script = Script().board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R")
    script.place("g1", "N").move("e2", "e4", "P", "white")
    events, rulings, board = run(script)
    assert events == [("touch", "white", "e2"), ("move", "white", "e2e4"), ("press", "white")]
    assert notices(board) == ["set_pieces", "board_set"] and rulings == []


# -- orientation and Chess960 (7.2.2, Guidelines II) --------------------------------------------


def test_board_turned_round() -> None:
    """The board lies the other way round: detected from the first snapshot."""
    script = Script().board("RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr")
    script.lift("d7").place("d5", "P").lever("white")  # the sensors' d7 is e2
    events, _, board = run(script)
    assert events == [("touch", "white", "e2"), ("move", "white", "e2e4"), ("press", "white")]
    assert notices(board) == ["orientation"] and board.orientation == 2


def test_board_turned_a_quarter() -> None:
    """7.2.2: a board placed wrongly (turned 90 degrees): play goes on, the position read as
    on a correctly placed board."""
    script = Script().board("rp4PR/np4PN/bp4PB/kp4PK/qp4PQ/bp4PB/np4PN/rp4PR")
    script.lift("g5").place("e5", "P").lever("white")  # the sensors' g5 and e5 are e2 and e4
    events, _, board = run(script)
    assert events == [("touch", "white", "e2"), ("move", "white", "e2e4"), ("press", "white")]
    assert board.orientation in (1, 3)


CHESS960 = "4k3/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HB - 0 1"


def test_chess960_start_and_castling_king_off_the_board() -> None:
    """II.3.2.5: the king lifted off, the rook moved, the king put down: castling."""
    script = Script(start(CHESS960, variant="chess960"))
    script.lift("f1").lift("h1").place("f1", "R").place("g1", "K").lever("white")
    events, rulings, board = run(script)
    assert events == [
        ("touch", "white", "f1"),
        ("touch", "white", "h1"),
        ("move", "white", "f1h1"),
        ("press", "white"),
    ]
    assert rulings == [] and board.game.moves == ("O-O",)


def test_chess960_king_step_onto_castling_square_then_rook() -> None:
    """A king step f1-g1 is a legal move, but the rook follows within the settle time:
    castling."""
    script = Script(start(CHESS960, variant="chess960"))
    script.lift("f1").place("g1", "K").lift("h1").place("f1", "R").lever("white")
    events, _, board = run(script)
    assert ("move", "white", "f1h1") in events and board.game.moves == ("O-O",)


def test_chess960_king_step_alone() -> None:
    script = Script(start(CHESS960, variant="chess960"))
    script.lift("f1").place("g1", "K").wait(1500).move("e7", "e5", "p")
    _, _, board = run(script)
    assert board.game.moves == ("Kg1", "e5")


# -- occupancy-only boards ----------------------------------------------------------------------


def test_occupancy_board_moves_and_capture() -> None:
    script = Script().lift("e2").place("e4").lever("white").lift("d7").place("d5")
    script.lever("black").lift("e4").lift("d5").place("d5").lever("white")
    events, rulings, board = run(script)
    assert board.game.moves == ("e4", "d5", "exd5") and rulings == []
    assert events[-4:-1] == [
        ("touch", "white", "e4"),
        ("touch", "white", "d5"),
        ("move", "white", "e4d5"),
    ]


def test_occupancy_board_touch_then_hold_is_no_capture() -> None:
    """The enemy piece lifted and put back, then the own piece lifted and held: no capture."""
    script = Script().move("e2", "e4", "P", "white").move("d7", "d5", "p", "black")
    script.lift("d5").place("d5").lift("e4").wait(3000)
    events, _, board = run(script)
    assert board.game.moves == ("e4", "d5")
    assert events[-2:] == [("touch", "white", "d5"), ("touch", "white", "e4")]


def test_occupancy_board_promotion_piece_from_the_button() -> None:
    """The board cannot tell a knight from a pawn: the promotion button says which (4.4.4)."""
    script = Script(start(PROMOTION)).lift("e7").place("e8").button("white", "promote", piece="n")
    events, rulings, board = run(script.lever("white"))
    assert events == [
        ("touch", "white", "e7"),
        ("touch", "white", "e8", "n"),
        ("move", "white", "e7e8n"),
        ("press", "white"),
    ]
    assert rulings == [] and board.game.moves == ("e8=N",)


def test_occupancy_board_promotion_without_the_button() -> None:
    """No piece named: the board can only read the pawn on the last rank (7.5.2)."""
    script = Script(start(PROMOTION)).lift("e7").place("e8").lever("white")
    events, rulings, board = run(script)
    assert events[1:] == [("move", "white", "e7e8"), ("press", "white")]
    assert rulings[0]["article"] == "7.5.2" and board.game.moves == ("e8=Q+",)


# -- the end of the game --------------------------------------------------------------------------


def test_checkmate_on_the_board_ends_the_game() -> None:
    script = Script()
    squares = FOOLS_MATE_AFTER
    pieces = ("P", "p", "P", "q")
    for i in range(4):
        by = "white" if i % 2 == 0 else "black"
        script.move(squares[2 * i], squares[2 * i + 1], pieces[i], by if i < 3 else None)
    script.lift("e1").place("e1", "K").lever("white")  # after the mate: nothing more
    events, rulings, board = run(script)
    assert rulings == [
        {"ruling": "game_over", "result": "0-1", "reason": "checkmate", "article": "5.1.1"}
    ]
    assert events[-1] == ("move", "black", "d8h4") and board.game.result == "0-1"


def test_resign_button() -> None:
    events, rulings, _ = run(Script().button("white", "resign"))
    assert events == [("resign", "white")]
    assert rulings == [
        {"ruling": "game_over", "result": "0-1", "reason": "resignation", "article": "5.1.2"}
    ]


# -- flags (6.1, 6.8, 6.9, 6.10.1) -------------------------------------------------------------


def test_a_move_long_after_the_flag_does_not_stand() -> None:
    """White's 300 s run out at 300 s; his move 3,601 s in is never passed on: the board's
    reader observes the flag when it fell (6.8) and the arbiter rules it (6.9)."""
    script = Script(start={"type": "start", "time_control": "300"}).wait(3_600_700)
    events, rulings, board = run(script.move("e2", "e4", "P", "white"))
    assert events == [("tick", None)]
    assert board.events[-1].at == 300_000
    assert rulings == [
        {"ruling": "flag", "by": "white", "article": "6.8"},
        {"ruling": "game_over", "result": "0-1", "reason": "flag", "article": "6.9"},
    ]
    assert board.game.moves == ()


def test_a_flag_against_a_lone_king_is_a_draw() -> None:
    """6.9: the flag loses unless the opponent cannot checkmate by any series of legal moves."""
    script = Script(start=start("4k3/8/8/8/8/8/8/4K2R w - - 0 1", time_control="300"))
    _, rulings, _ = run(script.wait(3_600_700).move("h1", "h4", "R", "white"))
    assert rulings[-1] == {
        "ruling": "game_over",
        "result": "1/2-1/2",
        "reason": "flag_cannot_checkmate",
        "article": "6.9",
    }


def test_a_flag_between_readings_is_observed_at_the_end() -> None:
    """No reading after the flag: the readings' end is when the arbiter looks (6.8)."""
    script = Script(start={"type": "start", "time_control": "60"}).move("e2", "e4", "P", "white")
    _, rulings, board = run(script.wait(200_000).lift("e7"))
    assert [r["ruling"] for r in rulings] == ["flag", "game_over"]
    assert rulings[0]["by"] == "black" and board.events[-1].at == 60_900


def test_a_mate_shown_before_the_flag_stands() -> None:
    """Fool's mate set on the board 0.5 s before Black's flag, not yet settled: the move made
    before the flag is taken first, and the mate ends the game (6.9 gives way to 5.1.1)."""
    script = Script(start={"type": "start", "time_control": "60"})
    for frm, to, piece, by in (("f2", "f3", "P", "white"), ("e7", "e5", "p", "black")):
        script.move(frm, to, piece, by)
    script.move("g2", "g4", "P", "white").wait(58_000)
    _, rulings, board = run(script.lift("d8").place("h4", "q").wait(5_000).lift("a2"))
    assert rulings[-1]["reason"] == "checkmate"
    assert board.game.moves[-1] == "Qh4#"
    kinds = [e.to_json()["type"] for e in board.events]
    assert "tick" not in kinds and kinds[-2:] == ["touch", "move"]
    presses = [e.at for e in board.events if e.to_json()["type"] == "press"]
    black_flag = presses[2] + 60_000 - (presses[1] - presses[0])
    assert board.events[-1].at < black_flag < board.events[-1].at + 1_000  # before it settled


def test_the_clocks_flag_rules_where_the_arbiters_clock_has_time() -> None:
    """A DGT clock's flag bits (a ``flag`` reading): the clock's readings are conclusive
    (6.10.1), so the arbiter's clock is set to the display and the flag observed (6.8, 6.9)."""
    script = Script(start={"type": "start", "time_control": "300"}).move("e2", "e4", "P", "white")
    events, rulings, _ = run(script._add("flag", 100_000, by="black"))
    assert events[-2:] == [("arbiter", "arbiter"), ("tick", None)]
    assert rulings == [
        {
            "ruling": "penalty",
            "article": "6.10.1",
            "penalty": {"set_time": {"player": "black", "seconds": 0}},
        },
        {"ruling": "flag", "by": "black", "article": "6.8"},
        {"ruling": "game_over", "result": "1-0", "reason": "flag", "article": "6.9"},
    ]


def test_a_flag_shown_for_the_player_not_running_rules_nothing() -> None:
    script = Script(start={"type": "start", "time_control": "300"}).move("e2", "e4", "P", "white")
    events, rulings, board = run(script._add("flag", 1_000, by="white"))
    assert rulings == [] and events[-1] == ("press", "white")
    assert notices(board)[-1] == "flag_unseen"
