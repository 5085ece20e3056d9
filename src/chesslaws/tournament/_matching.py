"""A maximum-weight matching of a general graph, for the Dutch system's pairings (C.04.3).

The pairing of a round is a maximum-weight matching whose weights encode the criteria in
order (:mod:`.dutch`). The matching itself is networkx's Edmonds blossom algorithm (exact in
integer arithmetic: the weights are integers of a few hundred bits), a long-tested
implementation; it is the ``tournament`` extra's one dependency.
"""

from __future__ import annotations

from chesslaws.tournament._errors import TournamentError

__all__ = ["Weights", "max_weight_matching"]

#: Edge weights by ``(smaller vertex, larger vertex)``; a missing or zero weight: no edge.
Weights = dict[tuple[int, int], int]


def max_weight_matching(vertices: int, weights: Weights) -> list[int]:
    """Each vertex's mate in a matching of greatest total weight (itself if unmatched)."""
    try:
        import networkx  # type: ignore[import-untyped,unused-ignore]
    except ImportError:  # pragma: no cover - the extra is installed wherever we test
        raise TournamentError(
            "Dutch pairing needs networkx (pip install 'chesslaws[tournament]')",
            field="system",
        ) from None
    graph = networkx.Graph()
    graph.add_nodes_from(range(vertices))
    graph.add_weighted_edges_from((a, b, w) for (a, b), w in weights.items() if w > 0)
    mate = list(range(vertices))
    for a, b in networkx.max_weight_matching(graph):
        mate[a], mate[b] = b, a
    return mate
