"""The mate search of 6.9 (5.1.2, 7.5.5) runs off the event loop (issue 25, point 8): one game's
long search never delays another game, and the server rules as ``chesslaws arbitrate`` does."""

from __future__ import annotations

import asyncio
import json
import statistics

import pytest

from chesslaws.arbiter import GameState, parse_event, step
from chesslaws.endings import loss_or_draw
from chesslaws.server._search import Answers, SearchNeeded, answerer
from chesslaws.server.testing import ServerProcess
from tests.server._load import FLAT_P99_MS, close_all, open_games, p99, play, seat

#: Bishops of both colours, composed: whether White can still mate takes the search its whole
#: budget (over a minute at the default budget), Black to move.
BISHOPS = "k6B/1b4B1/2b2B2/4B3/3B4/1pB1B3/pP1B4/K7 b - - 0 1"


def median(latencies: list[float]) -> float:
    """The median, in ms (``p99``'s unit)."""
    return statistics.median(latencies) * 1000


def _fold(lines: list[str], answers: Answers | None = None) -> list[dict[str, object]]:
    state, ruled = GameState(), []
    for index, line in enumerate(lines):
        event = parse_event(line, index)
        if answers is None:
            state, rulings = step(state, event)
        else:
            while True:
                try:
                    state, rulings = step(state, event, loss_or_draw=answerer(answers))
                    break
                except SearchNeeded as need:
                    answers[need.key] = loss_or_draw(need.position, need.loser, budget=need.budget)
        ruled += [r.to_json() for r in rulings]
    return ruled


def test_step_with_an_answerer_rules_as_step_alone() -> None:
    """The answerer asks for the search (the state unchanged), then rules the same."""
    queen = "4k3/8/8/8/8/8/8/4K2Q b - - 0 1"
    lines = [
        json.dumps({"type": "start", "time_control": "60", "fen": queen}),
        json.dumps({"type": "resign", "at": 1, "by": "black"}),
        json.dumps({"type": "start", "time_control": "60"}),
    ]
    answers: Answers = {}
    state, _ = step(GameState(), parse_event(lines[0]))
    with pytest.raises(SearchNeeded) as need:
        step(state, parse_event(lines[1]), loss_or_draw=answerer(answers))
    assert need.value.key == (state.fen, need.value.loser, state.profile.mate_budget)  # type: ignore[union-attr]
    assert _fold(lines[:2], answers) == _fold(lines[:2])
    assert len(answers) == 1 and _fold(lines[:2])[-1]["result"] == "1-0"


def test_a_budget_over_the_ceiling_is_refused(server: ServerProcess) -> None:
    import urllib.error

    with pytest.raises(urllib.error.HTTPError) as refused:
        server.create_game(time_control="60", rules={"mate_budget": 10**12})
    answer = json.loads(refused.value.read())
    assert refused.value.code == 400 and "ceiling of 1000000" in answer["error"]


def _one_game_searches_while_others_play(server: ServerProcess, games: int, alone: bool) -> None:
    """The others' move→ruling times while the search runs, beside their times just before it.
    Ruled on the event loop, the search (over a minute) would hold every move of the window:
    few would be answered and none within a second. With the machine to itself (``--alone``),
    their p99 stays under issue 25's 50 ms. Beside another test worker, whose tests come and go
    on the same two cores (a p99 of 616 ms was seen beside 24 ms a few seconds before): as many
    moves answered as before, half of them as fast as before (the median within five times
    the median before, or 50 ms) and the p99 under a second."""
    composed = server.create_game(time_control="1", fen=BISHOPS, start="seated")

    async def scenario() -> tuple[list[float], list[float], list[str]]:
        others = await open_games(server, games)
        before, refusals = await play(others, seconds=3.0)
        # Both seated: Black's clock runs; his flag falls after a second and the server asks
        # whether White can still checkmate (6.9): a search of over a minute.
        bishops = (await seat(server, composed, "white"), await seat(server, composed, "black"))
        await asyncio.sleep(1.0)
        during, refused = await play(others, seconds=3.0)
        await close_all(others)
        for bot in bishops:
            await bot.close()
        return before, during, refusals + refused

    before, during, refusals = asyncio.run(scenario())
    assert not refusals, refusals[:3]
    state = server.state(composed["id"])
    assert state["started"] and state["result"] is None  # still searching, 3 s on
    assert state["clock"]["black"] == 0  # the flag fell (6.8) and stays fallen meanwhile
    assert len(during) >= games * 2
    told = (
        f"median {median(during):.1f} ms, p99 {p99(during):.1f} ms over {len(during)} moves "
        f"during the search; median {median(before):.1f} ms, p99 {p99(before):.1f} ms before"
    )
    print(told)  # the figures, for the log (-rP)
    if alone:
        assert p99(during) < FLAT_P99_MS, told
    else:
        assert median(during) < max(50.0, 5 * median(before)), told
        assert p99(during) < max(1000.0, 5 * p99(before)), told


@pytest.mark.latency
def test_a_mate_search_in_one_game_does_not_delay_forty_others(
    server: ServerProcess, alone: bool
) -> None:
    _one_game_searches_while_others_play(server, 40, alone)


@pytest.mark.slow
@pytest.mark.latency
def test_a_mate_search_in_one_game_does_not_delay_two_hundred_others(
    sqlite_url: str, alone: bool
) -> None:
    """Issue 25's own case, measured only with the machine to itself: beside another test
    worker, 200 games and a search that takes a core measured the other worker (a median of
    116 ms against 1 ms just before, in a clean clone's run); CI runs it alone."""
    if not alone:
        pytest.skip(
            "200 games beside a mate search and another test worker measure that worker: "
            "run alone (pytest --alone -m latency tests/server, as CI does)"
        )
    with ServerProcess(sqlite_url) as server:
        _one_game_searches_while_others_play(server, 200, alone)
