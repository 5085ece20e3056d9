"""The auditor's judgement of single games, rule by rule (Articles 3, 5, 6.9, 7.5.5, 9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chesslaws import pgn
from chesslaws.audit import AuditRecord, Code, Verdict, audit_game
from tests.conftest import shared_data

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "collection.pgn"


def audit(text: str, **kwargs: int) -> AuditRecord:
    return audit_game(pgn.read_game(text), "test.pgn", **kwargs)


def codes(record: AuditRecord) -> list[tuple[int, str, str]]:
    return [(f.ply, f.code.label, f.article) for f in record.findings]


# game number -> (verdict, lawful result, ending, findings as (ply, code, article))
EXPECTED = {
    1: ("clean", "1-0", "checkmate", []),
    2: ("faulty", "0-1", "checkmate", [(4, "result-contradicts-position", "5.1.1")]),
    3: (
        "faulty",
        "1-0",
        "checkmate",
        [(7, "result-contradicts-position", "5.1.1"), (8, "play-after-end", "5.1.1")],
    ),
    4: ("faulty", "1/2-1/2", "stalemate", [(19, "result-contradicts-position", "5.2.1")]),
    5: (
        "faulty",
        "1/2-1/2",
        "dead position",
        [(1, "result-contradicts-position", "5.2.2"), (2, "play-after-end", "5.2.2")],
    ),
    6: (
        "faulty",
        "1/2-1/2",
        "fivefold repetition",
        [
            (8, "threefold-claim-available", "9.2"),
            (16, "result-contradicts-position", "9.6.1"),
            (17, "play-after-end", "9.6.1"),
        ],
    ),
    7: (
        "faulty",
        "1/2-1/2",
        "seventy-five-move rule",
        [
            (1, "fifty-move-claim-available", "9.3"),
            (10, "result-contradicts-position", "9.6.2"),
            (11, "play-after-end", "9.6.2"),
        ],
    ),
    8: ("faulty", "1/2-1/2", "time forfeit", [(4, "time-forfeit-cannot-checkmate", "6.9")]),
    9: ("faulty", "1/2-1/2", "time forfeit", [(3, "time-forfeit-cannot-checkmate", "6.9")]),
    10: ("faulty", "1/2-1/2", "resignation", [(2, "resignation-cannot-checkmate", "5.1.2")]),
    11: ("clean", "1-0", "time forfeit", []),
    12: ("faulty", None, None, [(18, "illegal-move", "3")]),
    13: ("clean", "1/2-1/2", None, [(8, "threefold-claim-available", "9.2")]),
    14: ("unreadable", None, None, [(0, "mended-on-reading", "8")]),  # a variation note
    15: ("clean", "*", None, []),
}


def test_the_example_collection_shows_each_finding() -> None:
    records = [audit_game(g, "collection.pgn") for g in pgn.read_games(EXAMPLES)]
    assert [r.game for r in records] == list(EXPECTED)
    for record in records:
        verdict, lawful, ending, findings = EXPECTED[record.game]
        assert (record.verdict.value, record.lawful_result, record.ending) == (
            verdict,
            lawful,
            ending,
        ), record.game
        assert codes(record) == findings, record.game


def test_mate_on_the_seventy_fifth_move_stands() -> None:
    record = audit('[FEN "k7/8/1K6/8/8/8/7Q/8 w - - 149 100"]\n[Result "1-0"]\n\n100. Qh8# 1-0')
    assert (record.verdict, record.ending, record.lawful_result) == (
        Verdict.CLEAN,
        "checkmate",
        "1-0",
    )


def test_play_after_stalemate() -> None:
    moves = "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3"
    record = audit(f'[Result "1-0"]\n\n{moves} 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 Kh7 1-0')
    assert (20, "play-after-end", "5.2.1") in codes(record)
    assert record.lawful_result == "1/2-1/2" and record.plies == 19


@pytest.mark.parametrize(
    "termination", ["Time forfeit", "time forfeit", "Black won on time", "White flagged"]
)
def test_time_forfeit_spellings(termination: str) -> None:
    record = audit(
        f'[Result "0-1"]\n[Termination "{termination}"]\n'
        '[FEN "8/8/8/3k4/8/8/8/Q2K4 w - - 0 80"]\n\n80. Kd2 Ke4 0-1'
    )
    assert codes(record) == [(2, "time-forfeit-cannot-checkmate", "6.9")]
    assert record.lawful_result == "1/2-1/2"


def test_illegal_move_forfeit_where_the_winner_cannot_checkmate() -> None:
    record = audit(
        '[Result "0-1"]\n[Termination "illegal move"]\n'
        '[FEN "8/8/8/3k4/8/8/8/Q2K4 w - - 0 80"]\n\n80. Kd2 Ke4 0-1'
    )
    assert codes(record) == [(2, "illegal-move-forfeit-cannot-checkmate", "7.5.5")]


def test_other_terminations_are_not_judged() -> None:
    record = audit(
        '[Result "0-1"]\n[Termination "abandoned"]\n'
        '[FEN "8/8/8/3k4/8/8/8/Q2K4 w - - 0 80"]\n\n80. Kd2 Ke4 0-1'
    )
    assert (record.findings, record.lawful_result, record.ending) == ((), "0-1", None)


def test_a_resignation_with_mating_material_left_stands() -> None:
    record = audit('[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 1-0')
    assert (record.verdict, record.ending, record.lawful_result) == (
        Verdict.CLEAN,
        "resignation",
        "1-0",
    )


def test_undecided_mate_question_is_information() -> None:
    text = '[Result "1-0"]\n[Termination "time forfeit"]\n\n1. e4 e5 2. Nf3 Nc6 1-0'
    record = audit(text, mate_budget=0)
    assert [f.code for f in record.findings] == [Code.UNDETERMINED]
    assert record.lawful_result == "1-0" and record.verdict is Verdict.CLEAN


def test_claim_at_the_last_move_of_a_drawn_game_was_made() -> None:
    shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8"
    assert audit(f'[Result "1/2-1/2"]\n\n{shuffle} 1/2-1/2').findings == ()
    assert codes(audit(f'[Result "1-0"]\n\n{shuffle} 1-0'))[0][1] == "threefold-claim-available"


def test_unfinished_and_unreadable_games() -> None:
    assert audit("1. e4 e5 *").lawful_result == "*"
    broken = audit("1. e4 e5 @ 2. Nf3 *")
    assert (broken.verdict, broken.lawful_result, broken.error) == (
        Verdict.UNREADABLE,
        None,
        {"line": 1, "column": 10, "text": "@", "reason": "unexpected character", "ply": None},
    )
    bad_fen = audit('[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n1. e4 *')
    assert (bad_fen.verdict, bad_fen.plies, bad_fen.lawful_result) == (Verdict.UNREADABLE, 0, None)


def test_record_as_json_has_the_contract_fields() -> None:
    data = audit('[White "A"]\n[Black "B"]\n[Result "1/2-1/2"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2')
    record = data.as_dict()
    assert {
        "game",
        "file",
        "white",
        "black",
        "recorded_result",
        "lawful_result",
        "error",
        "findings",
    } <= record.keys()
    assert (record["white"], record["black"], record["file"], record["game"]) == (
        "A",
        "B",
        "test.pgn",
        1,
    )
    (finding,) = record["findings"]
    assert {"ply", "code", "article", "message"} <= finding.keys()
    assert finding["message"].endswith("the result is 0-1, not 1/2-1/2")


def test_real_games_are_clean_except_the_null_move() -> None:
    folder = shared_data("pgn", "python-chess")
    for path in sorted(folder.glob("*.pgn")):
        for game in pgn.read_games(path):
            record = audit_game(game, path.name)
            if path.name == "anastasian-lewis.pgn":
                assert codes(record) == [(82, "illegal-move", "3")]
            else:
                assert record.verdict is Verdict.CLEAN, (path.name, record.findings)


def test_selfplay_games_are_lawful() -> None:
    path = shared_data("pgn", "selfplay.pgn")
    informational = {}
    for game in pgn.read_games(path):
        record = audit_game(game, path.name)
        assert record.verdict is Verdict.CLEAN, record.as_dict()
        assert record.lawful_result == game.tags["Result"]
        if record.findings:
            informational[record.game] = (codes(record), record.plies, game)
    # Two games go on one move after a check whose only answer leaves no mating material: the
    # position after the check is already dead (5.2.2), so the reply does not count, but the
    # recorded draw stands.
    assert sorted(informational) == [424, 951]
    for found, plies, game in informational.values():
        assert found == [(plies + 1, "play-after-end", "5.2.2")]
        position = game.start()
        for move in game.moves[:plies]:
            position.push(move)
        assert position.is_check() and len(position.legal_moves()) == 1
        assert len(game.moves) == plies + 1


def test_moves_after_the_end_with_the_right_result_are_information() -> None:
    record = audit('[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 3. Nf3 0-1')
    (finding,) = record.findings
    assert (finding.code, finding.is_fault, record.verdict) == (
        Code.PLAY_AFTER_END,
        False,
        Verdict.CLEAN,
    )
    assert finding.message.endswith("the result stands")


def test_dead_from_the_start_and_first_dead_ply_by_bisection() -> None:
    dead_start = audit(
        '[FEN "8/8/8/3k4/8/2n5/8/3K4 w - - 0 80"]\n[Result "0-1"]\n\n80. Kd2 Ke4 0-1'
    )
    assert codes(dead_start) == [
        (0, "result-contradicts-position", "5.2.2"),
        (1, "play-after-end", "5.2.2"),
    ]
    assert "before the first move" in dead_start.findings[1].message
    # Bishop takes the last pawn at ply 5; then a long shuffle: the first dead ply is found.
    moves = "1. Bxa7 Kd7 2. Bb8 Ke7 3. Bxc7 Kd7 " + " ".join(
        f"{n}. Bb6 Ke7 {n + 1}. Bc7 Kd7" for n in range(4, 30, 2)
    )
    record = audit(f'[FEN "4k3/p1p5/8/8/8/4B3/8/4K3 w - - 0 1"]\n[Result "1-0"]\n\n{moves} 1-0')
    assert record.ending == "dead position" and record.plies == 5
    assert (6, "play-after-end", "5.2.2") in codes(record)
