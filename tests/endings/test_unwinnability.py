"""can_checkmate / is_dead (Articles 5.1.2, 5.2.2, 6.9, 7.5.5): sound verdicts, replayed helpmates.

Every WINNABLE verdict's helpmate is replayed with python-chess (and the core) and must end in
checkmate by the right colour; every UNWINNABLE verdict is checked against CHA's test vectors.
"""

from __future__ import annotations

import chess
import pytest

from chesslaws import can_checkmate, is_dead
from chesslaws.core import Position
from chesslaws.endings import MateAnalysis, Winnability
from chesslaws.endings._unwinnability import _PROBE, MATE_BUDGET
from tests.conftest import shared_data
from tests.endings._helpers import assert_helpmate, composed, read_test_vector


def analyse(fen: str, color: int, budget: int = 20_000) -> MateAnalysis:
    position = composed(fen)
    before = position.fen()
    analysis = can_checkmate(position, color, budget=budget)
    assert position.fen() == before, "can_checkmate must not change the position"
    if analysis.verdict is Winnability.WINNABLE:
        assert_helpmate(fen, color, analysis.helpmate)
    return analysis


@pytest.mark.parametrize(
    ("fen", "winner"),
    [
        ("5K1k/5N1p/8/8/8/8/8/8 b - - 0 1", 0),  # H1
        ("kn6/2N5/1K6/8/8/8/8/8 b - - 0 1", 0),  # H2
        ("6bk/8/6K1/4B3/8/8/8/8 b - - 0 1", 0),  # H3
        ("7k/5N2/6KN/8/8/8/8/8 b - - 0 1", 0),  # H4
        ("8/8/8/8/8/8/5n1P/5k1K w - - 0 1", 1),  # H5
    ],
)
def test_checkmate_on_the_board_is_winnable_with_no_moves(fen: str, winner: int) -> None:
    analysis = analyse(fen, winner)
    assert analysis.verdict is Winnability.WINNABLE
    assert analysis.helpmate == ()
    assert analyse(fen, 1 - winner).verdict is Winnability.UNWINNABLE  # the game is over


@pytest.mark.parametrize(
    ("fen", "white", "black"),
    [
        ("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", Winnability.WINNABLE, Winnability.UNWINNABLE),  # A35
        ("4k3/8/8/8/4b3/8/7K/2B5 b - - 0 1", Winnability.WINNABLE, Winnability.WINNABLE),  # A37
        ("8/8/4k3/8/8/4KB2/8/8 b - - 0 1", Winnability.UNWINNABLE, Winnability.UNWINNABLE),
        ("8/4k2b/8/8/8/4KB2/8/8 w - - 0 1", Winnability.UNWINNABLE, Winnability.UNWINNABLE),
        ("8/4k1n1/8/8/8/4KN2/8/8 w - - 0 1", Winnability.WINNABLE, Winnability.WINNABLE),
        (
            "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1",  # B25: a pawn wall
            Winnability.UNWINNABLE,
            Winnability.UNWINNABLE,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Winnability.WINNABLE,
            Winnability.WINNABLE,
        ),
        ("8/8/3k4/8/3P4/3K4/8/8 w - - 0 1", Winnability.WINNABLE, Winnability.UNWINNABLE),
        ("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1", Winnability.WINNABLE, Winnability.UNWINNABLE),
        ("k7/8/1K6/8/8/8/8/1Q6 b - - 0 1", Winnability.WINNABLE, Winnability.UNWINNABLE),
        ("k7/8/1K6/8/8/8/8/1Q6 w - - 0 1", Winnability.WINNABLE, Winnability.UNWINNABLE),
    ],
)
def test_scenarios(fen: str, white: Winnability, black: Winnability) -> None:
    assert analyse(fen, 0).verdict is white
    assert analyse(fen, 1).verdict is black


def test_forced_line_to_a_dead_position() -> None:
    # Black's only legal move captures the last white piece: nobody can mate any more.
    fen = "k7/1Q6/8/8/8/8/8/7K b - - 0 1"
    assert analyse(fen, 1).verdict is Winnability.UNWINNABLE
    analysis = analyse(fen, 0)
    assert analysis.verdict is Winnability.UNWINNABLE
    assert is_dead(composed(fen))


def test_is_dead_examples() -> None:
    assert is_dead(composed("4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1"))
    assert is_dead(composed("8/8/4k3/8/8/4KB2/8/8 b - - 0 1"))
    assert not is_dead(Position())
    assert not is_dead(composed("8/4k1n1/8/8/8/4KN2/8/8 w - - 0 1"))


@pytest.mark.parametrize(
    ("fen", "color"),
    [
        # From CHA's test vector ("--"): kings and bishops shut in behind pawn walls.
        ("Bb1k1b2/bKp1p1p1/1pP1P1P1/1P6/p5P1/P7/8/8 w - - 0 1", 0),
        ("Bb1k1b2/bKp1p1p1/1pP1P1P1/1P6/p5P1/P7/8/8 w - - 0 1", 1),
        ("bqn1KN2/rrk1pB2/nb1pPp1p/p1pP1PpP/PpP3P1/1P2N1R1/4Q3/1R4B1 w - - 0 1", 0),
    ],
)
def test_reachability_proof_comes_right_after_the_probe(fen: str, color: int) -> None:
    """The reachability argument runs after a short probe of greedy dives (_PROBE positions),
    not after all the first dives: a position it proves costs a few dozen positions."""
    analysis = analyse(fen, color, budget=MATE_BUDGET)
    assert analysis.verdict is Winnability.UNWINNABLE
    assert analysis.reason == "reachability"
    assert analysis.nodes <= _PROBE + 1  # a dive may tick once more as the probe ends


def test_budget_runs_out_as_undetermined() -> None:
    analysis = can_checkmate(Position(), 0, budget=1)
    assert analysis.verdict in (Winnability.UNDETERMINED, Winnability.WINNABLE)
    if analysis.verdict is Winnability.WINNABLE:
        assert_helpmate(Position().fen(), 0, analysis.helpmate)


@pytest.mark.oracle
def test_agrees_with_python_chess_insufficient_material() -> None:
    """Where python-chess's material table says a side cannot mate, so do we (and with a
    helpmate it would be refuted); where it says a side can, a helpmate must replay."""
    path = shared_data("rules", "python-chess-insufficient-material.tsv")
    rows = [
        line.split("\t")
        for line in path.read_text().splitlines()
        if line and not line.startswith(("#", "fen\t"))
    ]
    assert rows
    for fen, white, black in rows:
        board = chess.Board(fen)
        if not board.is_valid():
            continue
        for color, insufficient in ((0, white), (1, black)):
            analysis = analyse(fen, color, budget=5_000)
            if insufficient.strip() == "true":
                assert analysis.verdict is Winnability.UNWINNABLE, (fen, color)


def _vector_pairs(step: int) -> list[tuple[str, str, int]]:
    rows = read_test_vector()
    return [(code, fen, color) for code, fen in rows[::step] for color in (0, 1)]


@pytest.mark.oracle
def test_static_arguments_are_sound_on_the_test_vector() -> None:
    """The static arguments alone never call a winnable pair of the test vector unwinnable."""
    from chesslaws.endings._unwinnability import static_cannot_mate

    proved = 0
    for code, fen, color in _vector_pairs(1):
        reason = static_cannot_mate(composed(fen), color)
        if reason:
            proved += 1
            assert code[color] == "-", (fen, color, reason)
    assert proved > 500


@pytest.mark.oracle
def test_sample_of_the_test_vector() -> None:
    """Every 30th position of CHA's test vector, both colours: no wrong verdict, helpmates
    replayed, and (a regression guard) most pairs decided."""
    wrong = []
    undetermined = 0
    pairs = _vector_pairs(30)
    for code, fen, color in pairs:
        analysis = analyse(fen, color, budget=2_000)
        expected = code[color] != "-"
        if analysis.verdict is Winnability.UNDETERMINED:
            undetermined += 1
        elif (analysis.verdict is Winnability.WINNABLE) is not expected:
            wrong.append((fen, color, analysis.verdict))
    assert not wrong
    assert undetermined <= len(pairs) * 0.4


# Undetermined pairs measured at the default budget (200,000 positions) on 2026-11-30 in each
# sixteenth of the vector (lines ``part::16``): the search is deterministic (its budget counts
# positions, not time), so more is a regression. If every part passes, at most
# sum(_UNDETERMINED_AT_MATE_BUDGET) pairs are undetermined in all. (Sixteen parts of 20-60 s
# keep the two test workers evenly loaded.)
_UNDETERMINED_AT_MATE_BUDGET = (1, 1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 2, 0, 1, 0)
_CHA_FIGURE = 20  # undetermined pairs CHA leaves at its limit of about ten million nodes


def test_the_parts_add_up_to_chas_figure() -> None:
    """Issue 3's target: at most as many undetermined pairs as CHA leaves."""
    assert sum(_UNDETERMINED_AT_MATE_BUDGET) <= _CHA_FIGURE


#: Two parts of the sixteen in the default run (an eighth of the vector, about two minutes of a
#: core); all sixteen with ``--deep`` (CI runs them so against the compiled build,
#: ``.ci/run``): the whole vector costs about 17 minutes of one core uncompiled, more than the
#: default run can give it.
_PARTS = [
    part if part % 8 == 4 else pytest.param(part, marks=pytest.mark.deep)
    for part in range(len(_UNDETERMINED_AT_MATE_BUDGET))
]


@pytest.mark.slow
@pytest.mark.oracle
@pytest.mark.parametrize("part", _PARTS)
def test_the_whole_test_vector(part: int) -> None:
    """All 3,606 (position, colour) pairs at the default budget, in parts that run in
    parallel: no wrong verdict, every helpmate replayed, and no more undetermined pairs than
    measured (which add up to at most CHA's figure)."""
    wrong = []
    undetermined = []
    parts = len(_UNDETERMINED_AT_MATE_BUDGET)
    for code, fen in read_test_vector()[part::parts]:
        for color in (0, 1):
            analysis = analyse(fen, color, budget=MATE_BUDGET)
            expected = code[color] != "-"
            if analysis.verdict is Winnability.UNDETERMINED:
                undetermined.append((fen, color))
            elif (analysis.verdict is Winnability.WINNABLE) is not expected:
                wrong.append((fen, color, analysis.verdict))
    assert not wrong
    assert len(undetermined) <= _UNDETERMINED_AT_MATE_BUDGET[part], undetermined


# Hard pairs of the vector: the 16 that a budget of 150,000 positions left undetermined on
# 2026-11-30 (7 stay undetermined at today's default), but for the eleven-bishop position
# (k6B/1b4B1/2b2B2/4B3/3B4/1pB1B3/pP1B4/K7 w, White), which stays undetermined at 1,000,000
# positions. Measured: at 500,000 positions the search decides all of these, in 141,000-367,000
# positions and 9-25 s each.
_LARGER_BUDGET = 500_000
_DECIDED_BY_A_LARGER_BUDGET = [
    ("W-", "1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - - 0 1", 1),
    ("W-", "1k6/1P3p1p/BP1p4/1P6/8/8/3P1PKP/8 w - - 0 1", 1),
    ("WB", "1k6/1P1p1p1p/BP6/1P6/1p6/8/1P1P1PKP/8 w - - 0 1", 1),
    ("WB", "1k6/1P1p1p1p/BP6/1P5p/8/8/3P1PKP/8 w - - 0 1", 1),
    ("WB", "1k6/1P1p1p1p/BP6/1P5p/8/8/3P1P1P/5K2 w - - 0 1", 1),
    ("WB", "1k6/1P1p1p1p/BP6/1P5p/8/5K2/3P1P1P/8 w - - 0 1", 1),
    ("WB", "1k6/1P1p3p/BP3p2/1P5p/8/3P4/5PKP/8 b - - 0 1", 1),
    ("WB", "1k6/1P1p3p/BP3p2/1P5p/8/3P4/5PKP/8 w - - 0 1", 1),
    ("WB", "1k6/1P1p3p/BP3p2/1P5p/8/8/3P1PKP/8 b - - 0 1", 1),
    ("WB", "6k1/p3p1P1/2p3PB/p5P1/8/4P3/PKP5/8 w - - 0 1", 1),
    ("WB", "6k1/p3p1P1/2p3PB/p5P1/8/4P3/PKP5/8 b - - 0 1", 1),
    ("WB", "7k/p3p1P1/2p3PB/p5P1/8/4P3/PKP5/8 b - - 0 1", 1),
    ("WB", "6k1/p3p1P1/p1p3PB/p5P1/8/4P3/PKP5/8 w - - 0 1", 1),
    ("WB", "8/pkp5/4p3/8/P5p1/2P3pb/P3P1p1/6K1 b - - 0 1", 0),
    ("WB", "8/pkp5/4p3/8/P5p1/2P3pb/P3P1p1/7K w - - 0 1", 0),
]


@pytest.mark.deep
@pytest.mark.oracle
@pytest.mark.parametrize(("code", "fen", "color"), _DECIDED_BY_A_LARGER_BUDGET)
def test_a_larger_budget_decides_the_hard_pairs(code: str, fen: str, color: int) -> None:
    """The undetermined pairs of the default budget need budget, not a new argument: at
    500,000 positions each gets the vector's verdict (helpmates replayed, proofs exhaustive)."""
    analysis = analyse(fen, color, budget=_LARGER_BUDGET)
    expected = Winnability.WINNABLE if code[color] != "-" else Winnability.UNWINNABLE
    assert analysis.verdict is expected
