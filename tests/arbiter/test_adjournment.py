"""Adjourned games (Guidelines I, numbered as in the 2023 text): sealing, the envelope, the
resumption, and the sealed move kept from everyone but the arbiter until it is opened."""

from __future__ import annotations

import dataclasses
import json
import pickle
from typing import Any

import pytest

from chesslaws import InvalidEvent
from chesslaws._color import BLACK, WHITE
from chesslaws.arbiter import (
    Adjourn,
    Game,
    Millis,
    OpenEnvelope,
    ResumeSession,
    Seal,
    game_to_pgn,
    parse_event,
    sealed_move,
    sealing_event,
)
from chesslaws.arbiter._envelope import Phase
from chesslaws.core import Position
from tests.arbiter._log import moves, run_then

_START = 'start {"time_control": "5400+30", "rules": {"default_time": 3600}}'


_run = run_then


def _adjourn(at: int) -> dict[str, Any]:
    return {"type": "adjourn", "at": at}


def _seal(at: int, by: str, move: str) -> dict[str, Any]:
    return {"type": "seal", "at": at, "by": by, "move": move}


def _press(at: int, by: str) -> dict[str, Any]:
    return {"type": "press", "at": at, "by": by}


def _arrive(at: int, by: str) -> dict[str, Any]:
    return {"type": "arrive", "at": at, "by": by}


def _resume(at: int) -> dict[str, Any]:
    return {"type": "resume_session", "at": at}


def _open(at: int) -> dict[str, Any]:
    return {"type": "open_envelope", "at": at}


_WHITE_SEALED = 5400_000 - 15_000 + 30_000 - 25_000 + 30_000
"""White's time in the envelope of :data:`_OPENING` sealed at 50 s."""

_OPENING = f"{_START}\n" + moves("e4 e5", at=10, step=10)
"""White 1.e4 at 10 s (pressed at 15), Black 1...e5 at 20 s (pressed at 25): White to move."""


_SEALED = (_adjourn(30), _seal(40, "white", "Nf3"), _press(50, "white"))
"""White, to move in :data:`_OPENING`, seals 2.Nf3 and stops his clock at 50 s."""


def test_i_1_1_the_player_to_move_seals_and_may_change_it_until_he_stops_the_clock() -> None:
    game, rulings = _run(
        _OPENING, _adjourn(30), _seal(40, "white", "Nc3"), _seal(45, "white", "Nf3"),
        _press(50, "white"),
    )
    assert rulings == [
        {"event": 5, "at": 30.0, "ruling": "adjournment", "by": "white", "status": "seal",
         "article": "I.1.1",
         "note": "white has the move and seals it; his clock runs until he stops it"},
        {"event": 6, "at": 40.0, "ruling": "adjournment", "by": "white", "status": "written",
         "article": "I.1.1"},
        {"event": 7, "at": 45.0, "ruling": "adjournment", "by": "white", "status": "changed",
         "article": "I.1.1"},
        {"event": 8, "at": 50.0, "ruling": "adjournment", "by": "white", "status": "sealed",
         "article": "I.2",
         "note": "the sealed move is kept by the arbiter until the envelope is opened (I.3, I.7)"},
    ]
    state = game.state()
    assert sealed_move(state) == "Nf3"
    # Once the clock is stopped the move is sealed: a later seal is not taken.
    after = game.handle_json(json.dumps(_seal(60, "white", "Nc3")))
    assert [r.kind.value for r in after] == ["rejected"]
    assert sealed_move(game.state()) == "Nf3"


def test_i_1_1_only_the_player_having_the_move_seals() -> None:
    _, rulings = _run(_OPENING, _adjourn(30), _seal(40, "black", "Nc6"), _press(41, "black"))
    assert [(r["ruling"], r.get("reason")) for r in rulings[1:]] == [
        ("rejected", "white is sealing his move (I.1.1)"),
        ("rejected", "white is sealing his move (I.1.1)"),
    ]


def test_i_1_1_the_sealer_cannot_stop_a_paused_clock() -> None:
    # The arbiter pauses the clocks while the move is sealed (8.5.3: he reconstructs the game);
    # the sealer's press is rejected as any press while the clock is paused (6.11), and once
    # the clocks run again it stops his clock and makes the envelope (I.2).
    pause = {"type": "arbiter", "at": 42, "action": "pause"}
    resume = {"type": "arbiter", "at": 60, "action": "resume"}
    game, rulings = _run(
        _OPENING, _adjourn(30), _seal(40, "white", "Nf3"), pause, _press(45, "white"), resume,
        _press(61, "white"),
    )
    assert (rulings[-3]["ruling"], rulings[-3].get("reason")) == (
        "rejected", "the clock is paused (6.11)",
    )
    assert (rulings[-1]["status"], rulings[-1]["article"]) == ("sealed", "I.2")
    assert game.state().adjourned is not None
    assert game.state().adjourned.phase is Phase.SEALED


def test_i_1_1_a_move_made_on_the_board_after_being_told_to_seal_is_the_sealed_move() -> None:
    game, rulings = _run(
        _OPENING, _adjourn(30), {"type": "move", "at": 40, "by": "white", "move": "g1f3"},
        _press(41, "white"),
    )
    assert rulings[1] == {
        "event": 6, "at": 40.0, "ruling": "adjournment", "by": "white", "status": "written",
        "article": "I.1.1",
        "note": "a move made on the board after being told to seal is the sealed move; the "
        "board keeps the position before it (I.1.1, I.5)",
    }
    state = game.state()
    assert sealed_move(state) == "g1f3"
    assert state.fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert state.moves == ("e2e4", "e7e5")


def test_i_2_the_envelope_records_position_times_sealer_move_number_and_draw_offer() -> None:
    game, _ = _run(
        _OPENING, {"type": "offer_draw", "at": 28, "by": "black"}, _adjourn(30),
        _seal(40, "white", "Nf3"), _press(50, "white"),
    )
    adjourned = game.state().adjourned
    assert adjourned is not None and adjourned.phase is Phase.SEALED
    envelope = adjourned.envelope
    assert envelope is not None
    assert envelope.fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert envelope.sealer.label == "white" and envelope.move_number == 2
    assert envelope.draw_offer is not None and envelope.draw_offer.label == "black"
    # White: 5400 - 15 (1.e4, pressed at 15 s) + 30, - 25 (25..50 s) + 30 (the sealing press);
    # Black: 5400 - 10 (1...e5, 15..25 s) + 30.
    assert envelope.remaining == (_WHITE_SEALED, 5420_000)
    assert envelope.sealed_at == 50_000


def _black_replied(*then: dict[str, Any]) -> tuple[Game, list[dict[str, Any]]]:
    """:data:`_SEALED`, resumed at 100000 s with Black alone, the envelope opened and Black's
    2...Nc6 (events 8-12); then ``then``."""
    return _run(
        _OPENING, *_SEALED, _resume(100_000), _arrive(100_010, "black"), _open(100_020),
        {"type": "move", "at": 100_030, "by": "black", "move": "b8c6"},
        _press(100_031, "black"), *then,
    )


def _sealed_game(sealed: str = "Nf3") -> tuple[Game, list[dict[str, Any]]]:
    return _run(_OPENING, _adjourn(30), _seal(40, "white", sealed), _press(50, "white"))


def test_the_sealed_move_is_in_no_public_view_before_the_envelope_is_opened() -> None:
    game, rulings = _sealed_game("Nf3")
    state = game.state()
    shown = [repr(state), str(state), game_to_pgn(state), json.dumps(rulings)]
    assert all("Nf3" not in text and "g1f3" not in text for text in shown)
    # A caller that serialises the whole state gets an error, not the move.
    with pytest.raises(TypeError):
        json.dumps(dataclasses.asdict(state))
    # One that turns what it cannot write into text gets the redaction.
    assert "Nf3" not in json.dumps(dataclasses.asdict(state), default=str)
    # A stored game keeps it (pickling is the server's store), and the arbiter reads it.
    assert sealed_move(pickle.loads(pickle.dumps(state))) == "Nf3"


def test_the_pgn_of_an_adjourned_game_says_so_with_result_star_and_no_seal() -> None:
    game, _ = _sealed_game("Nf3")
    text = game_to_pgn(game.state())
    assert '[Result "*"]' in text
    flat = " ".join(text.split())
    assert "{[%clk 1:30:20] adjourned: white sealed his move 2 (Guidelines I.1, I.2)} *" in flat
    assert text.rstrip().endswith("*")
    assert "Nf3" not in text


def test_i_5_the_clocks_stand_between_the_sessions() -> None:
    game, rulings = _run(_OPENING, *_SEALED,
                         {"type": "tick", "at": 900_000})
    assert rulings[-1]["status"] == "sealed"  # the tick days later rules nothing
    assert game.remaining(WHITE, 900_000) == _WHITE_SEALED
    assert game.remaining(BLACK, 900_000) == 5420_000


def test_i_4_i_6_a_draw_offered_after_sealing_and_accepted_concludes_the_game() -> None:
    game, rulings = _run(
        _OPENING, *_SEALED,
        {"type": "offer_draw", "at": 5000, "by": "black"},
        {"type": "accept_draw", "at": 6000, "by": "white"},
    )
    assert rulings[-2:] == [
        {"event": 8, "at": 5000.0, "ruling": "draw_offer", "by": "black", "status": "standing",
         "article": "I.4",
         "note": "offered after the sealing: it stands until accepted or rejected (I.4, 9.1)"},
        {"event": 9, "at": 6000.0, "ruling": "game_over", "result": "1/2-1/2",
         "reason": "agreement", "article": "5.2.3", "note": "before the resumption (I.6)"},
    ]
    state = game.state()
    assert state.adjourned is None and sealed_move(state) is None  # never shown
    assert "Nf3" not in game_to_pgn(state)


def test_i_6_a_resignation_before_the_resumption_concludes_the_game() -> None:
    game, rulings = _run(
        _OPENING, *_SEALED,
        {"type": "resign", "at": 7000, "by": "black"},
    )
    assert rulings[-1] == {
        "event": 8, "at": 7000.0, "ruling": "game_over", "result": "1-0",
        "reason": "resignation", "article": "5.1.2", "note": "before the resumption (I.6)",
    }
    assert game.result == "1-0"


def test_nothing_but_offers_resignation_and_the_clocks_before_the_session_resumes() -> None:
    _, rulings = _run(
        _OPENING, *_SEALED,
        _arrive(60, "black"), _open(70),
    )
    assert [r.get("reason") for r in rulings[-2:]] == [
        "the game is adjourned: the session has not resumed (I.9)",
        "the game is adjourned: the session has not resumed (I.9)",
    ]


def test_i_7_i_9_opened_only_with_the_replier_present_then_the_sealed_move_is_made() -> None:
    game, rulings = _run(
        _OPENING, *_SEALED,
        _resume(100_000), _arrive(100_005, "white"), _open(100_010),
        _arrive(100_020, "black"), _open(100_030),
        {"type": "move", "at": 100_040, "by": "black", "move": "b8c6"},
        _press(100_041, "black"),
    )
    assert rulings[3:] == [
        {"event": 8, "at": 100000.0, "ruling": "adjournment", "by": "black",
         "status": "resumed", "article": "I.9", "note": "black's clock is started"},
        {"event": 10, "at": 100010.0, "ruling": "rejected",
         "reason": "the envelope is opened only when black, who replies to the sealed move, "
         "is present (I.7)"},
        {"event": 12, "at": 100030.0, "ruling": "adjournment", "by": "white",
         "status": "opened", "move": "g1f3", "article": "I.9"},
    ]
    state = game.state()
    assert state.adjourned is None
    assert state.moves == ("e2e4", "e7e5", "g1f3", "b8c6")
    # I.9, I.11: Black's clock ran from the resumption (100000 s), present or not.
    assert game.remaining(BLACK) == 5420_000 - 41_000 + 30_000
    assert game.remaining(WHITE) == _WHITE_SEALED
    assert "[%clk" in game_to_pgn(state) and "Nf3" in game_to_pgn(state)


def test_i_9_3_the_envelope_opened_with_the_sealer_absent_he_must_still_arrive() -> None:
    game, rulings = _black_replied({"type": "tick", "at": 103_601})
    assert rulings[-1] == {
        "event": 13, "at": 103601.0, "ruling": "game_over", "result": "0-1",
        "reason": "default", "article": "I.10",
        "note": "white was not at the board at the default time (3600 s after the "
        "resumption); unless the arbiter decides otherwise (I.10)",
    }
    assert game.state().moves[-1] == "b8c6"


@pytest.mark.parametrize(
    ("opening", "sealed", "fault"),
    [
        ("Nf3 d5 d3 e5", "Nd2", "'Nd2' is ambiguous"),
        ("e4 e5", "Ke3", "'Ke3' is illegal"),
        ("e4 e5", "the knight to f3", "'the knight to f3' is impossible to read as a move"),
    ],
)
def test_i_8_an_ambiguous_illegal_or_unreadable_sealed_move_loses(
    opening: str, sealed: str, fault: str
) -> None:
    log = f"{_START}\n" + moves(opening, at=10, step=10)
    game, rulings = _run(
        log, _adjourn(100), _seal(110, "white", sealed), _press(120, "white"),
        _resume(100_000), _arrive(100_010, "black"), _open(100_020),
    )
    assert rulings[-1] == {
        "event": rulings[-1]["event"], "at": 100020.0, "ruling": "game_over", "result": "0-1",
        "reason": "illegal_move", "article": "I.8", "note": f"the sealed move {fault} (I.8)",
    }
    assert Position.from_fen(game.state().fen).fullmove_number == len(opening.split()) // 2 + 1


def test_i_8_no_move_written_loses() -> None:
    _, rulings = _run(
        _OPENING, _adjourn(30), _press(50, "white"),
        _resume(100_000), _arrive(100_010, "black"), _open(100_020),
    )
    assert rulings[1]["note"] == (
        "no move was written: the sealed move is kept by the arbiter until the envelope is "
        "opened (I.3, I.7)"
    )
    assert rulings[-1]["result"] == "0-1"
    assert rulings[-1]["note"] == "the sealed move was not written (I.8)"


def test_i_8_6_9_an_illegal_sealed_move_against_a_lone_king_draws() -> None:
    start = 'start {"time_control": "5400+30", "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", '
    start += '"rules": {"default_time": 3600}}'
    _, rulings = _run(
        start, _adjourn(10), _seal(20, "white", "Ra8+ Kd7"), _press(30, "white"),
        _resume(100_000), _arrive(100_001, "black"), _open(100_002),
    )
    assert rulings[-1]["result"] == "1/2-1/2"
    assert rulings[-1]["reason"] == "illegal_move_cannot_checkmate"
    assert rulings[-1]["article"] == "I.8"


def test_i_10_a_late_arrival_loses() -> None:
    _, rulings = _run(
        _OPENING, *_SEALED,
        _resume(100_000), _arrive(100_010, "white"), _arrive(103_601, "black"),
    )
    assert rulings[-1] == {
        "event": 10, "at": 103601.0, "ruling": "game_over", "result": "1-0",
        "reason": "default", "article": "I.10",
        "note": "black was not at the board at the default time (3600 s after the "
        "resumption); unless the arbiter decides otherwise (I.10)",
    }


def test_i_10_a_sealed_move_that_concluded_the_game_still_applies() -> None:
    log = f"{_START}\n" + moves("f3 e5 g4", at=10, step=10)
    game, rulings = _run(
        log, _adjourn(100), _seal(110, "black", "Qh4#"), _press(120, "black"),
        _resume(100_000), {"type": "tick", "at": 103_601},
    )
    assert [(r["ruling"], r.get("status"), r.get("result"), r.get("reason"))
            for r in rulings[-2:]] == [
        ("adjournment", "opened", None, None),
        ("game_over", None, "0-1", "checkmate"),
    ]
    assert game.state().moves[-1] == "d8h4"


def test_i_14_the_arbiter_corrects_a_clock_before_the_first_move() -> None:
    game, rulings = _run(
        _OPENING, *_SEALED,
        _resume(100_000),
        {"type": "arbiter", "at": 100_001, "action": "set_time", "player": "white",
         "seconds": 5000},
    )
    assert rulings[-1]["ruling"] in ("penalty", "clock")
    assert game.remaining(WHITE) == 5000_000


def test_sealing_events_outside_an_adjournment_are_refused() -> None:
    _, rulings = _run(_OPENING, _seal(30, "white", "Nf3"), _open(31), _resume(32))
    assert [r["ruling"] for r in rulings] == ["rejected"] * 3
    assert rulings[0]["reason"] == "the game is not adjourned: no Seal (Guidelines I.1)"


def test_the_adjournment_events_read_and_write_back() -> None:
    events = (Adjourn(30_000), Seal(40_500, WHITE, "Nf3"), ResumeSession(100_000),
              OpenEnvelope(100_001))
    for event in events:
        assert parse_event(json.dumps(event.to_json())) == event
    assert "Nf3" not in repr(Seal(1, WHITE, "Nf3"))
    with pytest.raises(InvalidEvent, match="the arbiter's act"):
        parse_event('{"type": "open_envelope", "at": 1, "by": "white"}')
    with pytest.raises(InvalidEvent, match="move"):
        parse_event('{"type": "seal", "at": 1, "by": "white"}')


def test_i_12_a_lost_envelope_leaves_the_sealer_to_move_with_the_times_adjourned() -> None:
    game, rulings = _run(
        _OPENING, *_SEALED,
        _resume(100_000), _arrive(100_010, "black"), _arrive(100_020, "white"),
        {"type": "open_envelope", "at": 100_030, "lost": True},
        {"type": "move", "at": 100_040, "by": "white", "move": "d2d4"},
        _press(100_041, "white"),
    )
    assert rulings[-1] == {
        "event": 11, "at": 100030.0, "ruling": "adjournment", "by": "white", "status": "lost",
        "article": "I.12",
        "note": "the envelope is missing: the game continues from the adjourned position with "
        "the times recorded at the adjournment; white makes the move he states he sealed",
    }
    state = game.state()
    assert state.adjourned is None and state.moves == ("e2e4", "e7e5", "d2d4")
    # White's time as he stopped the clock (before that press's increment), then 11 s used
    # from the opening (100030 s) and this press's increment; Black's clock ran 30 s.
    assert game.remaining(WHITE) == _WHITE_SEALED - 30_000 - 11_000 + 30_000
    assert game.remaining(BLACK) == 5420_000 - 30_000
    assert parse_event('{"type": "open_envelope", "at": 1, "lost": true}') == OpenEnvelope(
        1000, lost=True
    )


def test_the_pgn_comment_follows_the_adjournment_and_never_holds_the_seal() -> None:
    game, _ = _run(_OPENING, _adjourn(30), _seal(40, "white", "Nf3"))
    flat = " ".join(game_to_pgn(game.state()).split())
    assert "adjourned: white seals his move (Guidelines I.1.1)} *" in flat
    game, _ = _run(_OPENING, *_SEALED,
                   _resume(100_000), _arrive(100_001, "black"))
    flat = " ".join(game_to_pgn(game.state()).split())
    assert "the session has resumed, the envelope is not yet opened (I.9)} *" in flat
    assert "Nf3" not in flat


def test_an_absent_sealer_does_nothing_once_the_envelope_is_opened_until_he_arrives() -> None:
    game, rulings = _black_replied(
        {"type": "move", "at": 100_040, "by": "white", "move": "f1b5"},
        _arrive(100_050, "white"),
        {"type": "move", "at": 100_060, "by": "white", "move": "f1b5"},
    )
    assert rulings[-1] == {
        "event": 13, "at": 100040.0, "ruling": "rejected",
        "reason": "white has not arrived at the board (I.9, I.10)",
    }
    state = game.state()
    assert state.adjourned is None
    assert state.moves == ("e2e4", "e7e5", "g1f3", "b8c6", "f1b5")


def test_a_game_without_a_clock_is_adjourned_and_resumed() -> None:
    log = 'start {"time_control": "-", "rules": {"default_time": 3600}}\n' + moves(
        "e4 e5", at=10, step=10
    )
    game, rulings = _run(
        log, _adjourn(30), _seal(40, "white", "g1f3"), _press(50, "white"),
        _resume(100_000), _arrive(100_010, "black"), _arrive(100_011, "white"),
        _open(100_020),
    )
    assert rulings[-1]["status"] == "opened"
    assert game.state().moves[-1] == "g1f3" and game.state().adjourned is None


def test_i_1_2_adjourned_before_the_end_of_the_session_the_time_is_counted_to_its_end() -> None:
    # The session ends at 60 s; White seals at 40 s and stops his clock at 50 s: his remaining
    # time is recorded as at 60 s (10 s more used), Black's is untouched.
    game, rulings = _run(
        _OPENING, {"type": "adjourn", "at": 30, "session_end": 60},
        _seal(40, "white", "Nf3"), _press(50, "white"),
    )
    assert rulings[-1] == {
        "event": 7, "at": 50.0, "ruling": "adjournment", "by": "white", "status": "sealed",
        "article": "I.2",
        "note": "adjourned before the end of the session: sealed as at its nominal end, his "
        "time so recorded (I.1.2); the sealed move is kept by the arbiter until the envelope "
        "is opened (I.3, I.7)",
    }
    assert game.remaining(WHITE) == _WHITE_SEALED - 10_000
    assert game.remaining(BLACK) == 5420_000
    envelope = game.state().adjourned.envelope  # type: ignore[union-attr]
    assert envelope is not None and envelope.remaining == (
        _WHITE_SEALED - 10_000, 5420_000
    )


def test_i_1_2_a_session_end_before_the_adjournment_is_refused() -> None:
    _, rulings = _run(_OPENING, {"type": "adjourn", "at": 30, "session_end": 20})
    assert rulings == [{
        "event": 5, "at": 30.0, "ruling": "rejected",
        "reason": "adjourn: the nominal end of the session is before the adjournment (I.1.2)",
    }]


def test_i_2_7_the_time_of_resumption_is_kept_and_read_with_its_zone() -> None:
    game, _ = _run(_OPENING, {"type": "adjourn", "at": 30, "resumes": "2026-12-03T14:00+01:00"})
    adjourned = game.state().adjourned
    assert adjourned is not None and adjourned.resumes == "2026-12-03T14:00:00+01:00"
    with pytest.raises(InvalidEvent, match="with its zone"):
        parse_event('{"type": "adjourn", "at": 1, "resumes": "2026-12-03T14:00"}')
    with pytest.raises(InvalidEvent, match="resumes"):
        parse_event('{"type": "adjourn", "at": 1, "resumes": "tomorrow"}')
    event = Adjourn(30_000, "2026-12-03T14:00:00+01:00", 60_000)
    assert parse_event(json.dumps(event.to_json())) == event


def test_a_sealed_move_is_bounded_in_length() -> None:
    with pytest.raises(InvalidEvent, match="at most 32 characters"):
        parse_event(json.dumps({"type": "seal", "at": 1, "by": "white", "move": "N" * 33}))


def _reply_sealed(*then: dict[str, Any]) -> tuple[Game, list[dict[str, Any]]]:
    """:data:`_SEALED`, resumed at 100000 s with Black alone, the envelope opened (2.Nf3 made);
    Black seals his reply 2...Nc6 and stops his clock at 100040 s (events 7-12); then ``then``."""
    return _run(
        _OPENING, *_SEALED, _resume(100_000), _arrive(100_010, "black"), _open(100_020),
        _seal(100_030, "black", "Nc6"), _press(100_040, "black"), *then,
    )


def test_i_9_3_the_replier_seals_his_reply_and_starts_the_absent_sealers_clock() -> None:
    game, rulings = _reply_sealed()
    assert rulings[-2:] == [
        {"event": 11, "at": 100030.0, "ruling": "adjournment", "by": "black",
         "status": "reply_written", "article": "I.9.3"},
        {"event": 12, "at": 100040.0, "ruling": "adjournment", "by": "black",
         "status": "reply_sealed", "article": "I.9.3",
         "note": "the reply is kept by the arbiter and opened when white arrives"},
    ]
    state = game.state()
    assert state.moves == ("e2e4", "e7e5", "g1f3")  # the reply is not on the board
    assert state.running is WHITE and sealed_move(state) == "Nf3"
    assert "Nc6" not in repr(state) and "c6" not in game_to_pgn(state)
    # Black's clock ran from the resumption to his press; White's runs from it.
    assert game.remaining(BLACK) == 5420_000 - 40_000 + 30_000
    assert game.remaining(WHITE, 100_100_000) == _WHITE_SEALED - 60_000


def test_i_9_3_the_reply_is_opened_on_the_sealers_arrival() -> None:
    game, rulings = _reply_sealed(
        _arrive(100_100, "white"),
        {"type": "move", "at": 100_110, "by": "white", "move": "f1c4"},
        _press(100_111, "white"),
    )
    assert rulings[-1] == {
        "event": 13, "at": 100100.0, "ruling": "adjournment", "by": "black",
        "status": "reply_opened", "move": "b8c6", "article": "I.9.3",
    }
    state = game.state()
    assert state.adjourned is None
    assert state.moves == ("e2e4", "e7e5", "g1f3", "b8c6", "f1c4")
    # White's clock ran from Black's press (100040 s) to his own (100111 s).
    assert game.remaining(WHITE) == _WHITE_SEALED - 71_000 + 30_000


def test_i_9_3_an_illegal_sealed_reply_loses() -> None:
    _, rulings = _run(
        _OPENING, *_SEALED, _resume(100_000), _arrive(100_010, "black"), _open(100_020),
        _seal(100_030, "black", "Ke7"), _seal(100_031, "black", "Ke6"),
        _press(100_040, "black"), _arrive(100_100, "white"),
    )
    assert rulings[-3]["status"] == "changed"
    assert rulings[-1] == {
        "event": 14, "at": 100100.0, "ruling": "game_over", "result": "1-0",
        "reason": "illegal_move", "article": "I.8",
        "note": "the sealed reply 'Ke6' is illegal (I.8, I.9.3)",
    }


def test_i_9_3_a_reply_only_by_the_replier_with_the_sealer_absent() -> None:
    _, before_opening = _run(
        _OPENING, *_SEALED, _resume(100_000), _arrive(100_010, "black"),
        _seal(100_015, "black", "Nc6"),
    )
    _, sealer_present = _run(
        _OPENING, *_SEALED, _resume(100_000), _arrive(100_005, "white"),
        _arrive(100_010, "black"), _open(100_020), _seal(100_030, "black", "Nc6"),
    )
    _, after_press = _reply_sealed(
        {"type": "move", "at": 100_050, "by": "black", "move": "b8c6"},
        _seal(100_051, "black", "Nf6"),
    )
    reason = "only black, replying to the sealed move while white is absent, seals a reply (I.9.3)"
    assert before_opening[-1] == {"event": 10, "at": 100015.0, "ruling": "rejected",
                                  "reason": reason}
    assert sealer_present[-1]["ruling"] == "rejected"
    assert [r["reason"] for r in after_press[-2:]] == [
        "the reply is sealed: it is opened when white arrives (I.9.3)"
    ] * 2


def test_i_13_a_position_that_cannot_be_re_established_annuls_the_game() -> None:
    for resumed in ((), (_resume(100_000),)):
        game, rulings = _run(
            _OPENING, *_SEALED, *resumed,
            {"type": "open_envelope", "at": 100_001, "position_lost": True},
        )
        assert rulings[-1] == {
            "event": 8 + len(resumed), "at": 100001.0, "ruling": "game_over", "result": "*",
            "reason": "arbiter", "article": "I.13",
            "note": "the position cannot be re-established: the game is annulled and a new "
            "game is played",
        }
        assert game.state().adjourned is None


def test_sealing_event_names_the_lines_that_hold_a_sealed_move() -> None:
    game, _ = _run(_OPENING, _adjourn(30))
    sealing = game.state()
    assert sealing_event(sealing, Seal(Millis(40_000), WHITE, "Nf3"))
    assert sealing_event(sealing, parse_event('{"type": "move", "at": 40, "by": "white", '
                                              '"move": "g1f3"}'))
    assert not sealing_event(sealing, parse_event('{"type": "press", "at": 50, "by": "white"}'))
    game, _ = _run(_OPENING, *_SEALED, _resume(100_000), _arrive(100_005, "black"))
    assert not sealing_event(game.state(), parse_event('{"type": "move", "at": 1, '
                                                       '"by": "black", "move": "b8c6"}'))
    game, _ = _run(_OPENING)
    assert not sealing_event(game.state(), Seal(Millis(40_000), WHITE, "Nf3"))


@pytest.mark.parametrize("edition", ["2023", "2018"])
def test_guidelines_i_is_cited_by_its_2023_numbers_in_the_editions_that_have_it(
    edition: str,
) -> None:
    start = f'start {{"time_control": "5400+30", "rules": {{"default_time": 3600, ' \
            f'"edition": "{edition}"}}}}'  # fmt: skip
    _, rulings = _run(
        f"{start}\n" + moves("e4 e5", at=10, step=10),
        {"type": "adjourn", "at": 30, "session_end": 60}, _seal(40, "white", "Nf3"),
        _press(50, "white"), _resume(100_000), _arrive(100_010, "black"), _open(100_020),
        _seal(100_030, "black", "Nc6"), _press(100_040, "black"), _arrive(100_100, "white"),
    )
    assert [(r.get("status"), r["article"]) for r in rulings] == [
        ("seal", "I.1.1"), ("written", "I.1.1"), ("sealed", "I.2"), ("resumed", "I.9"),
        ("opened", "I.9"), ("reply_written", "I.9.3"), ("reply_sealed", "I.9.3"),
        ("reply_opened", "I.9.3"),
    ]


def test_i_9_3_no_reply_is_sealed_after_the_replier_has_moved_on_the_board() -> None:
    _, rulings = _black_replied(_seal(100_040, "black", "Nf6"))
    assert rulings[-1]["ruling"] == "rejected" and "(I.9.3)" in rulings[-1]["reason"]
