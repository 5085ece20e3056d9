"""Engine faults, each ruled by the arbiter: illegal moves, crashes, stalls, garbage, flags."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from chesslaws import pgn
from chesslaws.arbiter import RulingKind
from chesslaws.engines import IllegalMovePolicy

from ._helpers import fake, play, settings

# White (to move) has king and rook; Black a bare king: Black cannot checkmate (6.9).
BARE_KING = "8/8/4k3/8/8/8/4K3/4R3 w - - 0 1"


def _only(result):  # type: ignore[no-untyped-def]
    assert len(result.reports) == 1
    return result.reports[0][1]


def test_an_illegal_move_loses_at_once_by_default(tmp_path: Path) -> None:
    out = tmp_path / "games.pgn"
    result = play(settings(fake("--illegal-at", "2"), fake(), pgnout=str(out)))
    game = _only(result)
    assert (game.result, game.reason, game.article) == ("0-1", "arbiter", "12.9.6")
    assert game.termination == "rules infraction"
    assert "illegal move" in game.detail
    assert any(r.kind is RulingKind.ILLEGAL_MOVE for r in game.rulings)
    record = pgn.read_game(out.read_text())
    assert record.tags["Termination"] == "rules infraction"
    assert record.tags["Result"] == "0-1"
    assert record.ok and len(record.main.moves) == 2  # the illegal move is not in the record


def test_fide_policy_gives_the_penalty_and_the_second_illegal_move_loses() -> None:
    match = settings(
        fake("--illegal-at", "1,2"), fake(), illegal=IllegalMovePolicy.FIDE, tc="600+0"
    )
    game = _only(play(match))
    illegal = [r for r in game.rulings if r.kind is RulingKind.ILLEGAL_MOVE]
    assert len(illegal) == 2
    assert illegal[0].penalty is not None  # 7.5.5: time for the opponent
    assert (game.result, game.reason, game.article) == ("0-1", "second_illegal_move", "7.5.5")
    assert game.termination == "rules infraction"


def test_a_first_illegal_move_under_fide_rules_is_followed_by_a_legal_one() -> None:
    match = settings(
        fake("--illegal-at", "1"), fake(), illegal=IllegalMovePolicy.FIDE, maxmoves=2
    )
    game = _only(play(match))
    assert game.result == "1/2-1/2" and game.termination == "adjudication"
    assert len(game.moves) == 4
    penalty = next(r for r in game.rulings if r.kind is RulingKind.ILLEGAL_MOVE).penalty
    assert penalty is not None and penalty.player.label == "black"


def test_a_crash_loses_and_stops_the_match_without_recover() -> None:
    match = settings(fake("--crash-at", "2"), fake(), games=3)
    result = play(match)
    game = _only(result)
    assert (game.result, game.termination) == ("0-1", "abandoned")
    assert "exit status 3" in game.detail
    assert "crashed or stalled" in result.stopped


def test_recover_restarts_a_crashed_engine_for_the_next_game() -> None:
    match = settings(fake("--crash-at", "1"), fake(), games=3, recover=True)
    result = play(match)
    assert len(result.reports) == 3 and not result.stopped
    for number, game in result.reports:
        crashed = game.white if number % 2 == 0 else game.black
        assert crashed == "fake"  # names: both fakes; the crashing one is the first engine
        assert game.termination == "abandoned"
        first_wins = game.score_of(game_color(number))
        assert first_wins == 0.0
    assert result.summary is not None and result.summary.losses == 3


def game_color(number: int):  # type: ignore[no-untyped-def]
    from chesslaws import BLACK, WHITE

    return WHITE if number % 2 == 0 else BLACK


def test_a_stall_is_found_by_the_isready_ping() -> None:
    first = replace(fake("--stall-at", "1"), stall=200)
    game = _only(play(settings(first, fake(), tc="600+0")))
    assert (game.result, game.termination) == ("0-1", "abandoned")
    assert "isready" in game.detail
    assert game.moves == () and game.notes == ()


def test_a_stall_at_a_short_control_is_a_time_forfeit_under_6_9() -> None:
    stalled = replace(fake("--stall-at", "1"), stall=400)  # the flag falls before a ping
    result = play(settings(stalled, fake(), tc="0.3+0", games=2))
    game = _only(result)
    assert (game.result, game.reason, game.article) == ("0-1", "flag", "6.9")
    assert game.termination == "time forfeit"
    assert "no answer to 'stop'" in game.detail  # so it is killed, and the match stops
    assert "crashed or stalled" in result.stopped


def test_garbage_loses_as_a_rules_infraction() -> None:
    game = _only(play(settings(fake(), fake("--garbage-at", "3"))))
    assert (game.result, game.termination) == ("1-0", "rules infraction")
    assert "unreadable answer 'bestmove zz99'" in game.detail
    assert len(game.moves) == 5  # Black's third answer, the sixth ply


def test_losing_on_time_when_the_opponent_cannot_mate_is_a_draw(tmp_path: Path) -> None:
    out = tmp_path / "g.pgn"
    match = settings(fake("--late-at", "1"), fake(), tc="0.2+0", fen=BARE_KING, pgnout=str(out))
    game = _only(play(match))
    assert (game.result, game.reason, game.article) == ("1/2-1/2", "flag_cannot_checkmate", "6.9")
    assert game.termination == "time forfeit"
    tags = pgn.read_game(out.read_text()).tags
    assert tags["Result"] == "1/2-1/2" and tags["Termination"] == "time forfeit"
    assert tags["FEN"] == BARE_KING


def test_losing_on_time_when_the_opponent_can_mate_loses() -> None:
    game = _only(play(settings(fake(), fake("--late-at", "1"), tc="0.2+0", fen=BARE_KING)))
    assert (game.result, game.reason, game.article) == ("1-0", "flag", "6.9")


def test_grace_lets_a_late_move_stand_and_is_recorded(tmp_path: Path) -> None:
    out = tmp_path / "g.pgn"
    slow = fake("--think", "150")
    match = settings(slow, fake(), tc="0.1+1", grace=600, maxmoves=2, pgnout=str(out))
    game = _only(play(match))
    assert game.termination == "adjudication" and game.result == "1/2-1/2"
    assert game.notes[0].note.startswith("grace: ")
    assert game.state.sheet[0].clock == 1 + 1000  # charged 1 ms before the flag, then the increment
    text = out.read_text()
    assert '[Grace "0.6"]' in text and "grace: " in text


def test_without_grace_the_same_late_move_loses_on_time() -> None:
    game = _only(play(settings(fake("--think", "150"), fake(), tc="0.1+1")))
    assert (game.result, game.reason, game.termination) == ("0-1", "flag", "time forfeit")
