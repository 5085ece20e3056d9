"""The tactile board of Appendix D as a board profile (numbered as in the 2023 text, the same in
2014 and 2018): a piece taken out of its fixing hole is touched (D.2.2), so no lift is read as
pieces knocked over; the move is made when the piece is in a different hole and announced
(D.2.3; the ``announce`` button), and only then is the clock pressed (D.2.4)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chesslaws.eboard import STANDARD, TACTILE, BoardGame, profile_named
from tests.eboard._script import Script, compact, run
from tests.eboard.test_cli import chesslaws

_SETTING = {"visually_disabled": ["white"], "tactile_board": True}


def _script() -> Script:
    start = {"type": "start", "time_control": "5400+30", "rules": {"appendix_d": _SETTING}}
    return Script(start=start)


def _tactile(script: Script) -> tuple[list[tuple[Any, ...]], list[dict[str, Any]], BoardGame]:
    board = BoardGame.replay(script.text(), profile=TACTILE)
    events = [compact(e.to_json()) for e in board.events[1:]]
    rulings = [r.to_json() for r in board.rulings]
    return events, rulings, board


def test_d_2_2_two_pieces_out_of_their_holes_together_are_both_touched() -> None:
    # g1 and b1 out of their holes 10 ms apart: on a board of free-standing pieces that is
    # pieces knocked over (no touch); on the tactile board both are touched (D.2.2).
    script = _script().lift("g1").lift("b1", after=10).place("b1", "N").place("g1", "N")
    events, _, board = run(script)
    assert [e for e in events if e[0] == "touch"] == []
    assert "knocked" in [n.kind for n in board.notices]
    events, _, board = _tactile(script)
    assert events == [("touch", "white", "g1"), ("touch", "white", "b1")]
    assert "knocked" not in [n.kind for n in board.notices]


def test_d_2_3_d_2_4_the_move_is_made_once_announced_then_the_clock_pressed() -> None:
    script = _script().lift("g1").place("f3", "N").lever("white")
    script.button("white", "announce").lever("white")
    events, rulings, board = _tactile(script)
    assert events == [
        ("touch", "white", "g1"), ("move", "white", "g1f3"), ("press", "white"),
        ("announce", "white"), ("press", "white"),
    ]
    assert [board.events[4].to_json()["move"]] == ["g1f3"]
    assert rulings == [
        {"event": 3, "at": 0.9, "ruling": "rejected",
         "reason": "white's move is made only once it is announced (D.2.3): his clock is not "
         "pressed before (D.2.4)"},
    ]
    assert board.state.running is not None and board.state.running.label == "black"


def test_d_2_3_the_announcement_makes_the_move_the_board_shows_at_once() -> None:
    # The piece is in its new hole; the announcement follows 100 ms later, long before the
    # settle time: the move is made with it, and the press after it is taken.
    script = _script().lift("e2").place("e4", "P")
    script.button("white", "announce", after=100).lever("white", after=100)
    events, rulings, board = _tactile(script)
    assert events == [
        ("touch", "white", "e2"), ("move", "white", "e2e4"), ("announce", "white"),
        ("press", "white"),
    ]
    assert rulings == []
    assert board.state.moves == ("e2e4",)


def test_an_announcement_before_any_move_is_a_notice() -> None:
    events, rulings, board = _tactile(_script().button("white", "announce"))
    assert events == [] and rulings == []
    assert [n.kind for n in board.notices] == ["nothing_announced"]


def test_the_profiles_are_named() -> None:
    assert profile_named("tactile") is TACTILE and profile_named("standard") is STANDARD
    assert (TACTILE.knock, STANDARD.knock) == (0, 25)
    with pytest.raises(ValueError, match=r"unknown board profile 'braille' \(known: standard, "):
        profile_named("braille")
    # An explicit time still wins over the profile's.
    board = BoardGame('{"type": "start"}', profile=TACTILE, knock=30)
    assert board.sensors.knock == 30


def test_replay_on_the_command_line_with_the_tactile_profile(tmp_path: Path) -> None:
    script = _script().lift("g1").lift("b1", after=10).place("b1", "N").place("g1", "N")
    readings = tmp_path / "readings.jsonl"
    readings.write_text("\n".join(script.text()) + "\n")
    events = {}
    for profile in ("standard", "tactile"):
        done = chesslaws("eboard", "replay", "--events", "--profile", profile, str(readings))
        assert done.returncode == 0, done.stderr
        events[profile] = [json.loads(line)["type"] for line in done.stdout.splitlines()]
    assert events == {"standard": ["start"], "tactile": ["start", "touch", "touch"]}
    wrong = chesslaws("eboard", "replay", "--profile", "braille", str(readings))
    assert wrong.returncode == 2 and "invalid choice: 'braille'" in wrong.stderr
