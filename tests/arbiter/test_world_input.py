"""Event logs as the world writes them: typos refused, contradictions refused, absurd numbers
refused with a ruling (never a traceback), BOM / CR-LF / bad UTF-8 lines, a streamed log, and
PGN exports that read back (issue 18's event-log and output points)."""

from __future__ import annotations

import io
import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from chesslaws import pgn
from chesslaws.arbiter import Game, game_to_pgn
from chesslaws.cli._cmd_arbitrate import arbitrate
from tests.arbiter._log import to_jsonl

START = '{"type": "start", "time_control": "300+2"}'


def _rulings(*lines: str) -> tuple[Game, list[dict[str, object]]]:
    game = Game()
    out: list[dict[str, object]] = []
    for line in lines:
        out.extend(r.to_json() for r in game.handle_json(line))
    return game, out


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ('{"type": "start", "time_contol": "300+2"}', "time_contol"),
        ('{"type": "start", "time_control": "300+2", "rule": {"edition": "2018"}}', "rule"),
        ('{"type": "start", "time_control": "300+2", "mdoe": "blitz"}', "mdoe"),
    ],
)
def test_an_unknown_field_of_the_start_is_refused(line: str, field: str) -> None:
    game, rulings = _rulings(line)
    assert len(rulings) == 1 and rulings[0]["ruling"] == "rejected"
    assert repr(field) in str(rulings[0]["reason"])
    assert not game.started


@pytest.mark.parametrize(
    "line",
    [
        '{"type": "move", "at": 1, "by": "white", "move": "e2e4", "hand": 2}',
        '{"type": "press", "at": 1, "by": "white", "when": 1}',
        '{"type": "touch", "at": 1, "by": "white", "square": "e2", "peice": "q"}',
        '{"type": "tick", "at": 1, "by": "white"}',
        '{"type": "arbiter", "at": 1, "action": "add_time", "player": "white", "second": 5}',
    ],
)
def test_an_unknown_field_of_any_event_is_refused_and_changes_nothing(line: str) -> None:
    game, rulings = _rulings(START, line)
    assert [r["ruling"] for r in rulings] == ["rejected"]
    assert "unknown field" in str(rulings[0]["reason"])
    assert game.moves == ()
    assert game.remaining(game.position.side_to_move) == 300_000


@pytest.mark.parametrize(
    ("result", "reason"),
    [("1/2-1/2", "checkmate"), ("0-0", "checkmate"), ("1-0", "stalemate"), ("0-1", "agreement")],
)
def test_a_declaration_whose_result_contradicts_its_reason_is_refused(
    result: str, reason: str
) -> None:
    line = json.dumps(
        {"type": "arbiter", "at": 3, "action": "declare", "result": result, "reason": reason}
    )
    game, rulings = _rulings(START, line)
    assert [r["ruling"] for r in rulings] == ["rejected"]
    assert reason in str(rulings[0]["reason"])
    assert game.result is None


def test_declarations_that_agree_with_their_reason_stand() -> None:
    for result, reason in [("1-0", "checkmate"), ("1/2-1/2", "stalemate"), ("0-0", "default")]:
        line = json.dumps(
            {"type": "arbiter", "at": 3, "action": "declare", "result": result, "reason": reason}
        )
        game, rulings = _rulings(START, line)
        assert rulings[-1]["ruling"] == "game_over"
        assert game.result == result


@pytest.mark.parametrize(
    "line",
    [
        '{"type": "tick", "at": 1e25}',
        '{"type": "tick", "at": 1' + "0" * 400 + "}",
        '{"type": "tick", "at": 1' + "0" * 5000 + "}",
        '{"type": "arbiter", "at": 2, "action": "add_time", "player": "white", "seconds": 1e300}',
        '{"type": "arbiter", "at": 2, "action": "set_time", "player": "white", "seconds": 1'
        + "0" * 20
        + "}",
    ],
)
def test_numbers_out_of_range_get_a_rejected_ruling(line: str) -> None:
    game, rulings = _rulings(START, line)
    assert [r["ruling"] for r in rulings] == ["rejected"]
    reason = str(rulings[0]["reason"])
    assert "out of range" in reason
    assert "set_int_max_str_digits" not in reason
    assert len(reason) < 300
    assert game.remaining(game.position.side_to_move) == 300_000


def test_long_decimals_within_range_are_read_exactly() -> None:
    game, rulings = _rulings(START, '{"type": "tick", "at": 0.' + "1" * 5000 + "}")
    assert rulings == [] and game.state().last_at == 111
    no_clock = '{"type": "start", "time_control": null}'
    game, rulings = _rulings(no_clock, '{"type": "tick", "at": 99999.9995}')
    assert rulings == [] and game.state().last_at == 100_000_000


def test_a_huge_time_control_is_refused_in_a_short_ruling() -> None:
    game, rulings = _rulings(json.dumps({"type": "start", "time_control": "9" * 5000}))
    assert rulings[0]["ruling"] == "rejected"
    assert len(str(rulings[0]["reason"])) <= 300
    assert not game.started


def _cli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "chesslaws", *args],
        input=stdin,
        capture_output=True,
        check=False,
        timeout=120,
    )


FOOLS = [
    START,
    '{"type": "move", "at": 1, "by": "white", "move": "f2f3"}',
    '{"type": "press", "at": 2, "by": "white"}',
    '{"type": "move", "at": 3, "by": "black", "move": "e7e5"}',
    '{"type": "press", "at": 4, "by": "black"}',
    '{"type": "move", "at": 5, "by": "white", "move": "g2g4"}',
    '{"type": "press", "at": 6, "by": "white"}',
    '{"type": "move", "at": 7, "by": "black", "move": "d8h4"}',
]


def test_a_log_with_a_bom_and_crlf_line_ends_is_read(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    log.write_bytes(b"\xef\xbb\xbf" + "\r\n".join(FOOLS).encode() + b"\r\n")
    done = _cli("arbitrate", str(log))
    assert done.returncode == 0, done.stderr
    last = json.loads(done.stdout.splitlines()[-1])
    assert (last["result"], last["reason"]) == ("0-1", "checkmate")


def test_a_line_that_is_not_utf8_is_rejected_alone(tmp_path: Path) -> None:
    lines = [line.encode() for line in FOOLS]
    lines.insert(3, b'{"type": "tick", "at": 2.5, "note": "caf\xe9"}')
    log = tmp_path / "game.jsonl"
    log.write_bytes(b"\n".join(lines) + b"\n")
    done = _cli("arbitrate", str(log))
    assert done.returncode == 0, done.stderr
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert out[0]["ruling"] == "rejected" and out[0]["event"] == 3
    assert "line 3" in out[0]["reason"] and "UTF-8" in out[0]["reason"]
    assert (out[-1]["result"], out[-1]["reason"]) == ("0-1", "checkmate")
    # standard input too
    piped = _cli("arbitrate", "-", stdin=log.read_bytes())
    assert piped.stdout == done.stdout


def test_arbitrate_streams_its_log() -> None:
    # 200,000 touches (the log is never held whole): the fold keeps only the game's state.
    def lines() -> object:
        yield '{"type": "start", "time_control": null}'
        for i in range(200_000):
            square = "bg"[i % 2] + "1"
            yield f'{{"type": "touch", "at": 1, "by": "white", "square": "{square}"}}'

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    state = arbitrate(lines(), io.StringIO())  # type: ignore[arg-type]
    grown_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert state.index == 200_001
    assert grown_kb < 50_000, f"the fold grew the process by {grown_kb} kB"


def _export(log: str) -> tuple[str, pgn.Game]:
    """The PGN export of a ruled log, and the one game read back from it."""
    state = arbitrate(to_jsonl(log), io.StringIO())
    text = game_to_pgn(state)
    games = list(pgn.read_games(io.StringIO(text)))
    assert len(games) == 1
    return text, games[0]


PARTIAL = 'start {"time_control": "600+5", "rules": {"supervision": "partial"}}'


def test_an_illegal_move_that_stood_is_written_so_the_pgn_reads() -> None:
    # A.5.2: Ke1-e3 unclaimed stands; the PGN keeps the legal moves before it as moves and
    # gives the illegal move and what followed in a comment with the position.
    _, game = _export(f"""
        {PARTIAL}
        1 white move e2e4
        1.5 white press
        2 black move e7e5
        2.5 black press
        3 white move e1e3
        3.5 white press
        4 black move d7d6
        4.5 black press
    """)
    assert game.ok, game.errors
    assert game.sans == ("e4", "e5")
    assert "A.5.2" in game.main.comments[1] and "e1e3 d6" in game.main.comments[1]
    assert game.tags["Result"] == game.result == "*"


def test_a_two_handed_move_that_stood_is_written_in_san_with_its_articles() -> None:
    _, game = _export(f"""
        {PARTIAL}
        1 white move e2e4 hands=2
        1.5 white press
        2 black move e7e5
        2.5 black press
    """)
    assert game.ok, game.errors
    assert game.sans == ("e4", "e5")
    assert "7.5.4" in game.main.comments[0] and "A.5.2" in game.main.comments[0]


def test_the_exported_time_control_is_canonical_and_the_result_tags_agree() -> None:
    _, game = _export("""
        start {"time_control": "G/5 inc2"}
        1 black resign
    """)
    assert game.tags["TimeControl"] == "300+2"
    assert game.tags["Result"] == game.result == "1-0"
    _, game = _export("""
        start {"time_control": "300"}
        {"type": "arbiter", "at": 1, "action": "declare", "result": "0-0", "reason": "default"}
    """)
    assert game.tags["Result"] == game.result == "*"  # PGN has no 0-0: said in the comment
    assert "0-0" in game.main.comments[-1]


def test_the_writer_keeps_a_tag_on_one_line() -> None:
    tags = {"Event": "Open\nRound 2", "White": 'a "b"'}
    record = pgn.Game(number=1, line=1, main=pgn.Line(), tags=tags)
    text = pgn.write_game(record)
    (back,) = pgn.read_games(io.StringIO(text))
    assert back.tags["Event"] == "Open Round 2"
    assert back.tags["White"] == 'a "b"'


def test_draw_offers_are_marked_in_the_pgn() -> None:
    # 8.1.5: both players mark a draw offer with "=": after the move it was made with.
    _, game = _export("""
        start {"time_control": "600+5"}
        1 white move e2e4
        1.2 white offer
        1.5 white press
        2 black decline
        2.5 black move e7e5
        3 black press
        4 white move g1f3
        4.5 white press
    """)
    assert game.ok, game.errors
    assert game.sans == ("e4", "e5", "Nf3")
    assert game.main.comments[0].endswith("(=)")
    assert "(=)" not in game.main.comments[1] and "(=)" not in game.main.comments[2]


@pytest.mark.parametrize("line", [None, b'{"type": "start"}', 42, ["start"]])
def test_a_line_that_is_not_text_is_rejected(line: object) -> None:
    game, _ = _rulings(START)
    before = game.state()
    (rejected,) = game.handle_json(line)  # type: ignore[arg-type]
    assert rejected.kind.value == "rejected"
    assert f"not a line of text but {type(line).__name__}" in str(rejected.reason)
    assert game.state().board == before.board and game.state().clock == before.clock
