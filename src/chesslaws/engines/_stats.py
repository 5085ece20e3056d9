"""The score of a match: Elo difference with its error, LOS, draw ratio, and an SPRT.

All figures are from the first engine's point of view. The Elo difference is the logistic one
(``-400 log10(1/s - 1)`` for a score ``s``); its error is half the width of the 95% interval
got by mapping ``s ± 1.96 σ/√n`` through the same formula. LOS (likelihood of superiority) is
``Φ((W - L) / √(W + L))``.

The SPRT is the usual generalised SPRT on the normal approximation of the log-likelihood ratio
(as fishtest and cutechess compute it), with logistic ``elo0``/``elo1`` bounds:
``LLR = n (s1 - s0) (2 x̄ - s0 - s1) / (2 σ²)`` over samples ``x`` of mean ``x̄`` and variance
``σ²``. With ``-repeat`` (every opening played twice, colours swapped) the samples are the
**pentanomial** game pairs (pair scores 0, ¼, ½, ¾, 1), which removes the openings' bias from
the variance; otherwise the **trinomial** single games (0, ½, 1). The test accepts H1 at
``log((1 - β)/α)`` and H0 at ``log(β/(1 - α))``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Sprt", "Summary", "elo_from_score", "summarise"]


def elo_from_score(score: float) -> float:
    """The logistic Elo difference of an expected ``score`` in (0, 1) (±inf at the ends)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return float(-400.0 * math.log10(1.0 / score - 1.0))


def _expected(elo: float) -> float:
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


@dataclass(frozen=True, slots=True)
class Sprt:
    """The hypotheses and error rates of a sequential probability ratio test."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def bounds(self) -> tuple[float, float]:
        """(lower, upper) LLR bounds: H0 accepted at or below, H1 at or above."""
        return (math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha))

    def llr(self, samples: Sequence[float]) -> float:
        """The log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``) for the samples."""
        n = len(samples)
        if n < 2:
            return 0.0
        mean = sum(samples) / n
        variance = sum((x - mean) ** 2 for x in samples) / n
        if variance <= 0.0:
            return 0.0
        s0, s1 = _expected(self.elo0), _expected(self.elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    def decision(self, llr: float) -> str | None:
        """``"H1"`` (elo1 accepted), ``"H0"``, or ``None`` while the test goes on."""
        lower, upper = self.bounds
        if llr >= upper:
            return "H1"
        if llr <= lower:
            return "H0"
        return None


@dataclass(frozen=True, slots=True)
class Summary:
    """The match score for the first engine against the second."""

    games: int
    wins: int
    losses: int
    draws: int
    elo: float
    elo_error: float
    los: float
    sprt_llr: float | None = None
    sprt_bounds: tuple[float, float] | None = None
    sprt_result: str | None = None
    sprt_model: str | None = None
    pentanomial: tuple[int, int, int, int, int] | None = None

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    @property
    def draw_ratio(self) -> float:
        return self.draws / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        def finite(x: float) -> float | None:
            return round(x, 2) if math.isfinite(x) else None

        data: dict[str, Any] = {
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "score": round(self.score, 4),
            "draw_ratio": round(self.draw_ratio, 4),
            "elo": finite(self.elo),
            "elo_error": finite(self.elo_error),
            "los": round(self.los, 4),
        }
        if self.pentanomial is not None:
            data["pentanomial"] = list(self.pentanomial)
        if self.sprt_llr is not None and self.sprt_bounds is not None:
            data["sprt"] = {
                "llr": round(self.sprt_llr, 3),
                "lower": round(self.sprt_bounds[0], 3),
                "upper": round(self.sprt_bounds[1], 3),
                "result": self.sprt_result,
                "model": self.sprt_model,
            }
        return data

    def lines(self) -> list[str]:
        """The summary for people: the last lines ``chesslaws match`` prints."""
        elo = f"{self.elo + 0.0:+.1f}" if math.isfinite(self.elo) else f"{self.elo:+}"
        error = "inf" if not math.isfinite(self.elo_error) else f"{self.elo_error:.1f}"
        out = [
            f"Games: {self.games}, wins: {self.wins}, losses: {self.losses}, draws: "
            f"{self.draws}, score: {self.score:.3f}, draw ratio: {self.draw_ratio:.1%}",
            f"Elo difference: {elo} +/- {error} (95%), LOS: {self.los:.1%}",
        ]
        if self.pentanomial is not None:
            out.insert(1, "Pentanomial [0, 1/4, 1/2, 3/4, 1]: " + str(list(self.pentanomial)))
        if self.sprt_llr is not None and self.sprt_bounds is not None:
            lower, upper = self.sprt_bounds
            verdict = self.sprt_result or "continue"
            out.append(
                f"SPRT ({self.sprt_model}): LLR {self.sprt_llr:.2f} ({lower:.2f}, {upper:.2f}) "
                f"{verdict}"
            )
        return out


def _elo_error(scores: Sequence[float]) -> float:
    n = len(scores)
    mean = sum(scores) / n
    variance = sum((x - mean) ** 2 for x in scores) / n
    margin = 1.959964 * math.sqrt(variance / n)
    high, low = elo_from_score(mean + margin), elo_from_score(mean - margin)
    return (high - low) / 2


def summarise(
    scores: Sequence[float],
    *,
    pairs: Sequence[tuple[float, float]] | None = None,
    sprt: Sprt | None = None,
) -> Summary:
    """The summary of the first engine's game scores (1, ½, 0) in the order they ended.

    ``pairs`` are the finished game pairs (one opening, colours swapped) for the pentanomial
    SPRT; without them the SPRT is trinomial.
    """
    n = len(scores)
    wins = sum(1 for s in scores if s == 1.0)
    losses = sum(1 for s in scores if s == 0.0)
    draws = n - wins - losses
    if n == 0:
        return Summary(0, 0, 0, 0, 0.0, math.inf, 0.5)
    elo = elo_from_score((wins + draws / 2) / n)
    error = _elo_error(scores)
    decisive = wins + losses
    los = 0.5 if decisive == 0 else 0.5 * (1 + math.erf((wins - losses) / math.sqrt(2 * decisive)))
    penta: tuple[int, int, int, int, int] | None = None
    if pairs is not None:
        counts = [0, 0, 0, 0, 0]
        for a, b in pairs:
            counts[round((a + b) * 2)] += 1
        penta = (counts[0], counts[1], counts[2], counts[3], counts[4])
    if sprt is None:
        return Summary(n, wins, losses, draws, elo, error, los, pentanomial=penta)
    if pairs is not None:
        samples = [(a + b) / 2 for a, b in pairs]
        model = "pentanomial"
    else:
        samples = list(scores)
        model = "trinomial"
    llr = sprt.llr(samples)
    return Summary(
        n, wins, losses, draws, elo, error, los, llr, sprt.bounds, sprt.decision(llr), model, penta
    )
