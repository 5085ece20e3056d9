"""The greedy best-first helpmate search (Articles 5.2.2, 6.9): long helpmates of blocked
positions, its estimate of the distance to mate, and its limits.

Every helpmate found is replayed with python-chess (and the core) and must end in checkmate by
the right colour.
"""

from __future__ import annotations

from chesslaws.core import Position
from chesslaws.endings._bestfirst import BestFirstSearch, distance_to_mate
from chesslaws.endings._unwinnability import _Search
from tests.endings._helpers import assert_helpmate, composed, moves_of_codes

WHITE, BLACK = 0, 1


def _finder(position: Position, winner: int, limit: int) -> BestFirstSearch:
    return BestFirstSearch(position, winner, limit, _Search(position, winner, 0).mates_now)


def test_finds_a_long_helpmate_and_restores_the_position() -> None:
    # Crowded bishops: the kings and the free bishops walk round the wall of pawns and bishops
    # to a corner mate, some forty plies.
    fen = "4K3/8/3pBp2/3PbP2/3pBp2/3PbP2/8/4k3 w - - 0 1"
    position = composed(fen)
    finder = _finder(position, BLACK, 600)
    path = finder.find()
    assert path is not None
    assert len(path) > 30
    assert finder.nodes <= 600
    assert position.fen() == fen
    assert position.ply == 0
    assert_helpmate(fen, BLACK, moves_of_codes(fen, path))


def test_gives_up_within_its_limit_and_restores_the_position() -> None:
    fen = "k7/p1p1p3/8/8/8/6p1/P1P1P1Pp/7K w - - 0 1"  # winnable for White, but far away
    position = composed(fen)
    finder = _finder(position, WHITE, 200)
    assert finder.find() is None
    assert finder.nodes == 200
    assert position.fen() == fen
    assert position.ply == 0


def test_runs_out_of_positions_without_a_mate() -> None:
    fen = "8/8/4k3/8/8/4K3/8/8 w - - 0 1"  # a lone king never mates
    position = composed(fen)
    finder = _finder(position, WHITE, 10_000)
    assert finder.find() is None
    assert finder.nodes < 10_000
    assert position.fen() == fen


def test_estimate_prefers_a_freer_pawn_and_a_boxed_king() -> None:
    # A pawn closer to promotion is closer to a mate; so is one with no pawn in its way.
    far = composed("k7/8/8/8/8/8/4P3/K7 w - - 0 1")
    near = composed("k7/8/4P3/8/8/8/8/K7 w - - 0 1")
    blocked = composed("k7/8/4p3/8/8/8/4P3/K7 w - - 0 1")
    assert distance_to_mate(near, WHITE) < distance_to_mate(far, WHITE)
    assert distance_to_mate(far, WHITE) < distance_to_mate(blocked, WHITE)
    # The loser's king in the corner, short of flight squares, is closer to being mated.
    cornered = composed("k7/8/1K6/8/8/8/7Q/8 w - - 0 1")
    centred = composed("8/8/1K6/8/3k4/8/7Q/8 w - - 0 1")
    assert distance_to_mate(cornered, WHITE) < distance_to_mate(centred, WHITE)
