"""The audit judges what a PGN can show of issue 27's rulings: draw offers marked "(=)" (8.1.5,
9.1.2.1, 5.2.3) and the arbiter's scores 1/2-0 and 0-1/2 (10.2, 12.9.5); and it reads back
exactly what ``chesslaws arbitrate --pgn`` and the server write (write, read, judge)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from chesslaws import pgn
from chesslaws.audit import AuditRecord, Verdict, audit_game
from chesslaws.cli import main
from chesslaws.server import Hub
from chesslaws.server._pgn import game_pgn
from tests.server._load import seated_live


def audit(text: str, edition: str = "2023") -> AuditRecord:
    return audit_game(pgn.read_game(text), "test.pgn", edition=edition)


def found(record: AuditRecord) -> list[tuple[int, str, str, bool]]:
    return [(f.ply, f.code.label, f.article, f.is_fault) for f in record.findings]


# -- offers --------------------------------------------------------------------------------------


def test_an_offer_declined_by_the_reply_and_one_accepted_at_the_end() -> None:
    record = audit("1. e4 e5 2. Nf3 (=) Nc6 3. Bb5 a6 {(=)} 1/2-1/2")
    assert record.verdict is Verdict.CLEAN and record.lawful_result == "1/2-1/2"
    assert found(record) == [
        (3, "draw-offer", "9.1.2.1", False),
        (6, "draw-offer", "5.2.3", False),
    ]
    declined, agreed = (f.message for f in record.findings)
    assert "Black declined it by playing 2... Nc6 (9.1.2.1)" in declined
    assert agreed.endswith("White accepted it: drawn by agreement (Article 5.2.3)")


def test_agreement_before_each_player_has_moved_is_no_ending() -> None:
    record = audit("1. e4 (=) 1/2-1/2")
    assert record.verdict is Verdict.FAULTY and record.lawful_result == "*"
    assert found(record) == [(1, "agreement-before-both-moved", "5.2.3", True)]
    # Pre-1997 (Greek 10.6): agreed at any time.
    old = audit("1. e4 (=) 1/2-1/2", edition="pre-1997")
    assert old.verdict is Verdict.CLEAN and old.lawful_result == "1/2-1/2"
    assert found(old) == [(1, "draw-offer", "10.6", False)]


def test_an_offer_that_lapses_at_the_end_and_one_that_stands() -> None:
    resigned = audit("1. e4 e5 2. Qh5 Nc6 3. Bc4 (=) Nf6 4. Qxf7# {(=)} 1-0")
    assert found(resigned) == [
        (5, "draw-offer", "9.1.2.1", False),
        (7, "draw-offer", "9.1.2.1", False),
    ]
    assert resigned.findings[1].message.endswith("it lapsed when the game ended (9.1.2.1)")
    going = audit("1. d4 d5 2. c4 (=) *")
    assert going.findings[0].message.endswith("it stands: the game is unfinished (9.1.2.1)")
    assert going.lawful_result == "*" and going.verdict is Verdict.CLEAN


# -- the arbiter's scores ------------------------------------------------------------------------


def test_a_half_point_score_is_lawful_and_the_arbiters() -> None:
    record = audit('[Result "1/2-0"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-0')
    assert record.verdict is Verdict.CLEAN and record.lawful_result == "1/2-0"
    assert found(record) == [(4, "arbiters-score", "10.2", False)]
    assert "Black's points reduced (12.9.5)" in record.findings[0].message


def test_a_half_point_score_after_an_ending_on_the_board_is_not_contradicted() -> None:
    # Stalemate drew (5.2.1); the arbiter then reduced White's points (12.9.5): 0-1/2.
    stalemate = "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"
    record = audit(f'[FEN "{stalemate}"]\n[SetUp "1"]\n\n1. Kh6 0-1/2')
    assert record.verdict is Verdict.CLEAN and record.lawful_result == "0-1/2"
    assert found(record) == [(1, "arbiters-score", "10.2", False)]
    assert record.findings[0].message.endswith(
        "the game ended with stalemate (Article 5.2.1), a result of 1/2-1/2")
    # Moves after the ending do not count, but the arbiter's score stands: information.
    later = audit(f'[FEN "{stalemate}"]\n[SetUp "1"]\n\n1. Kh6 Kg8 0-1/2')
    assert later.verdict is Verdict.CLEAN
    assert [f[1] for f in found(later)] == ["arbiters-score", "play-after-end"]


def test_the_result_tag_may_say_the_arbiters_score() -> None:
    record = audit('[Result "0-1/2"]\n\n1. e4 e5 1/2-1/2')
    assert [f[1] for f in found(record)] == ["result-tag-contradicts-movetext", "arbiters-score"]
    odd = audit('[Result "3/4-1/4"]\n\n1. e4 e5 *')
    assert "nor the arbiter's 1/2-0, 0-1/2 (10.2)" in odd.findings[0].message


# -- write, read, judge ------------------------------------------------------------------------


EVENTS = [
    {"type": "start", "time_control": "300+2"},
    {"type": "move", "at": 1, "by": "white", "move": "e2e4"},
    {"type": "offer_draw", "at": 1.5, "by": "white"},
    {"type": "press", "at": 2, "by": "white"},
    {"type": "move", "at": 3, "by": "black", "move": "e7e5"},
    {"type": "press", "at": 4, "by": "black"},
    {"type": "move", "at": 5, "by": "white", "move": "g1f3"},
    {"type": "press", "at": 6, "by": "white"},
    {"type": "move", "at": 7, "by": "black", "move": "b8c6"},
    {"type": "offer_draw", "at": 7.5, "by": "black"},
    {"type": "press", "at": 8, "by": "black"},
    {"type": "accept_draw", "at": 9, "by": "white"},
]


def judged_offers(text: str) -> list[tuple[int, str, str, bool]]:
    game = pgn.read_game(text)
    assert game.ok, game.errors
    assert game.draw_offers == (1, 4)
    record = audit_game(game, "round-trip.pgn")
    assert record.verdict is Verdict.CLEAN and record.lawful_result == "1/2-1/2"
    return found(record)


def test_arbitrate_pgn_writes_offers_the_audit_reads_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in EVENTS))
    assert main(["arbitrate", "--pgn", str(log)]) == 0
    written = capsys.readouterr().out
    assert "(=)" in written
    assert judged_offers(written) == [
        (1, "draw-offer", "9.1.2.1", False),
        (4, "draw-offer", "5.2.3", False),
    ]


def test_the_servers_pgn_writes_offers_the_audit_reads_back(tmp_path: Path) -> None:
    async def scenario() -> str:
        hub = Hub(f"sqlite:///{tmp_path / 'games.db'}", workers=1)
        await hub.start()
        try:
            live = await seated_live(hub, "300+2")
            for event in EVENTS[1:]:
                act = {k: v for k, v in event.items() if k not in ("at", "by")}
                assert await live.submit(str(event["by"]), act) is None, event
            return game_pgn(live.state, live.row.meta, live.row.created)
        finally:
            await hub.stop()

    written = asyncio.run(scenario())
    assert judged_offers(written)[-1] == (4, "draw-offer", "5.2.3", False)


def test_chesslaws_audit_reads_a_half_point_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = tmp_path / "scores.pgn"
    games.write_text('[Result "1/2-0"]\n\n1. e4 e5 1/2-0\n\n[Result "0-1/2"]\n\n1. d4 0-1/2\n')
    status = main(["audit", "--jsonl", str(games)])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert status == 0
    assert [(r["recorded_result"], r["lawful_result"], r["verdict"]) for r in records] == [
        ("1/2-0", "1/2-0", "clean"),
        ("0-1/2", "0-1/2", "clean"),
    ]
    assert [r["findings"][0]["code"] for r in records] == ["arbiters-score"] * 2
