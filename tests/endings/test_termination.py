"""Termination and Outcome: each ending carries its Article (Articles 5, 9)."""

from __future__ import annotations

import pytest

from chesslaws import Color
from chesslaws.endings import Outcome, Result, Termination


@pytest.mark.parametrize(
    ("termination", "article", "automatic"),
    [
        (Termination.CHECKMATE, "5.1.1", True),
        (Termination.STALEMATE, "5.2.1", True),
        (Termination.DEAD_POSITION, "5.2.2", True),
        (Termination.FIVEFOLD, "9.6.1", True),
        (Termination.SEVENTY_FIVE_MOVES, "9.6.2", True),
        (Termination.THREEFOLD, "9.2", False),
        (Termination.FIFTY_MOVES, "9.3", False),
    ],
)
def test_articles(termination: Termination, article: str, automatic: bool) -> None:
    assert termination.article == article
    assert termination.automatic is automatic
    assert termination.is_draw is (termination is not Termination.CHECKMATE)
    assert termination.result_kind == ("win" if termination is Termination.CHECKMATE else "draw")


def test_outcome_results() -> None:
    assert Outcome(Termination.CHECKMATE, Color.WHITE).result is Result.WHITE_WINS
    assert Outcome(Termination.CHECKMATE, Color.BLACK).result is Result.BLACK_WINS
    assert Outcome(Termination.STALEMATE, None).result is Result.DRAW
    assert Outcome(Termination.FIVEFOLD, None).article == "9.6.1"
