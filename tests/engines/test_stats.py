"""The match summary: Elo, its error, LOS, draw ratio, and the SPRT."""

from __future__ import annotations

import math

import pytest

from chesslaws.engines import Sprt, elo_from_score, summarise


def test_elo_of_a_score() -> None:
    assert elo_from_score(0.5) == 0.0
    assert elo_from_score(0.75) == pytest.approx(190.85, abs=0.01)  # 400 log10(3)
    assert elo_from_score(0.25) == pytest.approx(-190.85, abs=0.01)
    assert elo_from_score(1.0) == math.inf and elo_from_score(0.0) == -math.inf


def test_summary_of_wins_losses_and_draws() -> None:
    scores = [1.0] * 30 + [0.0] * 20 + [0.5] * 50
    summary = summarise(scores)
    assert (summary.games, summary.wins, summary.losses, summary.draws) == (100, 30, 20, 50)
    assert summary.score == 0.55 and summary.draw_ratio == 0.5
    assert summary.elo == pytest.approx(34.86, abs=0.01)
    # LOS = Phi((W - L) / sqrt(W + L)) = Phi(10 / sqrt(50))
    assert summary.los == pytest.approx(0.5 * (1 + math.erf(10 / math.sqrt(50) / math.sqrt(2))))
    # error: the 95% interval of the mean score mapped to Elo (variance 0.425 - 0.55^2)
    margin = 1.959964 * math.sqrt((0.425 - 0.55**2) / 100)
    expected = (elo_from_score(0.55 + margin) - elo_from_score(0.55 - margin)) / 2
    assert summary.elo_error == pytest.approx(expected)
    assert 40 < summary.elo_error < 60


def _normal_llr(samples: list[float], elo0: float, elo1: float) -> float:
    """The LLR as a sum of log density ratios of two normals with the samples' variance."""
    n = len(samples)
    mean = sum(samples) / n
    var = sum((x - mean) ** 2 for x in samples) / n
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    return sum(((x - s0) ** 2 - (x - s1) ** 2) / (2 * var) for x in samples)


def test_trinomial_sprt_matches_the_normal_likelihood_ratio() -> None:
    scores = [1.0] * 60 + [0.0] * 40 + [0.5] * 100
    summary = summarise(scores, sprt=Sprt(0, 10, 0.05, 0.05))
    assert summary.sprt_model == "trinomial"
    assert summary.sprt_llr == pytest.approx(_normal_llr(scores, 0, 10))
    assert summary.sprt_bounds == pytest.approx((-2.944, 2.944), abs=1e-3)
    assert summary.sprt_result is None


def test_sprt_decides_both_ways() -> None:
    strong = [1.0] * 300 + [0.0] * 100 + [0.5] * 200
    weak = [1.0] * 100 + [0.0] * 300 + [0.5] * 200
    assert summarise(strong, sprt=Sprt(0, 10)).sprt_result == "H1"
    assert summarise(weak, sprt=Sprt(0, 10)).sprt_result == "H0"


def test_pentanomial_sprt_uses_the_pairs() -> None:
    pairs = [(1.0, 0.5)] * 20 + [(0.5, 0.5)] * 30 + [(0.0, 0.5)] * 10 + [(1.0, 1.0)] * 5
    scores = [s for pair in pairs for s in pair]
    summary = summarise(scores, pairs=pairs, sprt=Sprt(0, 10))
    assert summary.sprt_model == "pentanomial"
    assert summary.pentanomial == (0, 10, 30, 20, 5)
    assert summary.sprt_llr == pytest.approx(_normal_llr([(a + b) / 2 for a, b in pairs], 0, 10))


def test_summary_lines_and_json() -> None:
    summary = summarise([1.0, 0.0, 0.5, 0.5], sprt=Sprt(-5, 5))
    lines = summary.lines()
    assert lines[0].startswith("Games: 4, wins: 1, losses: 1, draws: 2")
    assert lines[1].startswith("Elo difference: +0.0 +/- ")
    assert "LOS: 50.0%" in lines[1]
    data = summary.to_json()
    assert data["games"] == 4 and data["draw_ratio"] == 0.5 and data["sprt"]["model"]
