"""The blossom matching of the Dutch system (``_matching``) against networkx's, which is a
test dependency only: equal greatest total weights on random graphs, sparse and dense, with
small weights (many optima tie), random ones and weights of a few hundred bits."""

from __future__ import annotations

import random

import pytest

from chesslaws.tournament._matching import Matching, Weights, max_weight_matching


def _networkx_weight(vertices: int, weights: Weights) -> int:
    networkx = pytest.importorskip("networkx")
    graph = networkx.Graph()
    graph.add_nodes_from(range(vertices))
    graph.add_weighted_edges_from((a, b, w) for (a, b), w in weights.items() if w > 0)
    return sum(weights[(min(a, b), max(a, b))] for a, b in networkx.max_weight_matching(graph))


def _checked_weight(vertices: int, weights: Weights) -> int:
    """The matching's total weight, after checking it is a matching of the graph's edges."""
    mate = max_weight_matching(vertices, weights)
    assert len(mate) == vertices
    total = 0
    for v, m in enumerate(mate):
        assert mate[m] == v
        if v < m:
            assert weights.get((v, m), 0) > 0, f"{v}-{m} is no edge"
            total += weights[(v, m)]
    return total


def _random_graph(rng: random.Random, vertices: int) -> Weights:
    density = rng.random()
    top = rng.choice([3, 40, 1 << 300])
    weights: Weights = {}
    for a in range(vertices):
        for b in range(a + 1, vertices):
            if rng.random() < density:
                weights[(a, b)] = rng.randint(0, top)
    return weights


@pytest.mark.parametrize("seed", range(4))
def test_greatest_weight_as_networkx(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(120):
        vertices = rng.randint(0, 16)
        weights = _random_graph(rng, vertices)
        assert _checked_weight(vertices, weights) == _networkx_weight(vertices, weights), weights


def test_a_larger_dense_graph() -> None:
    rng = random.Random(7)
    weights = {(a, b): rng.randint(1, 1 << 120) for a in range(70) for b in range(a + 1, 70)}
    assert _checked_weight(70, weights) == _networkx_weight(70, weights)


def test_no_edges_and_a_single_edge() -> None:
    assert max_weight_matching(3, {}) == [0, 1, 2]
    assert max_weight_matching(3, {(0, 2): 5, (0, 1): 0}) == [2, 1, 0]


def test_a_heavier_pair_of_edges_beats_the_heaviest_edge() -> None:
    """A path a-b-c-d: 3 + 3 over the middle edge's 5; a triangle with a tail needs a
    blossom: 0-1-2 a triangle, 2-3 the tail."""
    assert max_weight_matching(4, {(0, 1): 3, (1, 2): 5, (2, 3): 3}) == [1, 0, 3, 2]
    mate = max_weight_matching(4, {(0, 1): 6, (0, 2): 6, (1, 2): 6, (2, 3): 5})
    assert mate[3] == 2 and {mate[0], mate[1]} == {0, 1}


def _weight_of(mate: list[int], weights: Weights) -> int:
    return sum(weights.get((v, m), 0) for v, m in enumerate(mate) if v < m)


@pytest.mark.parametrize("seed", range(3))
def test_kept_up_to_date_as_weights_change(seed: int) -> None:
    """One ``Matching`` re-solved after changing a vertex's edges, a few edges, removing a
    vertex's edges (``drop``, or each set to 0): each time as good as a fresh one."""
    rng = random.Random(100 + seed)
    for _ in range(25):
        vertices = rng.randint(2, 14)
        weights = _random_graph(rng, vertices)
        matching = Matching(vertices)
        for (a, b), w in weights.items():
            matching.set(a, b, w)
        for _ in range(12):
            change = rng.random()
            v = rng.randrange(vertices)
            others = [u for u in range(vertices) if u != v]
            if change < 0.1:
                matching.drop(v)
                weights = {key: 0 if v in key else w for key, w in weights.items()}
                others = []
            for u in rng.sample(others, rng.randint(1, len(others)) if others else 0):
                key = (min(u, v), max(u, v))
                weights[key] = 0 if change < 0.3 else rng.randint(0, 60)
                matching.set(*key, weights[key])
            mate = matching.solve()
            assert all(mate[m] == v for v, m in enumerate(mate))
            assert all(weights.get((v, m), 0) > 0 for v, m in enumerate(mate) if v < m)
            assert _weight_of(mate, weights) == _networkx_weight(vertices, weights), weights
