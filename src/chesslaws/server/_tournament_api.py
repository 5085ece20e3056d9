"""The tournaments' part of the HTTP interface (``docs/server.md``, "Tournaments").

``GET /api/tournaments`` lists the served tournaments; ``GET /api/tournaments/T`` gives one
(players, rounds, standings; ``?tiebreaks=BH,SB``); ``POST /api/tournaments/T/rounds`` pairs the
next round and ``POST /api/tournaments/T/results`` enters a result, both with the organiser's
token; ``GET /api/tournaments/T/rounds/R`` gives each board of a round as ``GET /api/games/ID``
does (the arbiter's round view); ``/rounds/R/pgn`` is the round as one PGN and
``/broadcast.pgn`` the round being played, at an address that stays.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from chesslaws._words import Words, said

from ._app import _bounded, _error, _hub, _json_body_refused, _read_json
from ._hub import BadRequest, Busy, Hub
from ._tournament import Director, TournamentRefused

__all__ = ["collect_results", "tournament_routes"]

log = logging.getLogger("chesslaws.server")

#: Seconds between two looks at the boards of the rounds being played.
COLLECT_EVERY = 1.0

_PGN = "application/x-chess-pgn"


def tournament_routes() -> list[BaseRoute]:
    return [
        Route("/api/tournaments", list_tournaments, methods=["GET"]),
        Route("/api/tournaments/{tid}", read_tournament, methods=["GET"]),
        Route("/api/tournaments/{tid}/rounds", pair_round, methods=["POST"]),
        Route("/api/tournaments/{tid}/results", enter_result, methods=["POST"]),
        Route("/api/tournaments/{tid}/rounds/{round:int}", read_round, methods=["GET"]),
        Route("/api/tournaments/{tid}/rounds/{round:int}/pgn", read_round_pgn, methods=["GET"]),
        Route("/api/tournaments/{tid}/broadcast.pgn", read_broadcast, methods=["GET"]),
    ]


def _directors(request: Request) -> dict[str, Director]:
    directors: dict[str, Director] = request.app.state.tournaments
    return directors


def _director(request: Request) -> Director | JSONResponse:
    tid = request.path_params["tid"]
    director = _directors(request).get(tid)
    if director is None:
        return _error(404, Words("no tournament '{name}'", name=tid[:64]))
    return director


async def _result_of(hub: Hub, game: str) -> str | None:
    live = hub.games.get(game)
    if live is not None:
        return live.result
    row = await hub.store.game(game)
    return None if row is None else row.result


async def collect_results(hub: Hub, directors: dict[str, Director]) -> None:
    """Each second, take the results of the boards that ended into their tournaments."""
    while True:
        for director in directors.values():
            try:
                await director.collect(lambda game: _result_of(hub, game))
            except Exception:  # a store or file failure: logged, tried again next time
                log.exception("tournament %s: collecting results", director.id)
        await asyncio.sleep(COLLECT_EVERY)


async def list_tournaments(request: Request) -> Response:
    listed = []
    for director in _directors(request).values():
        event = director.event
        listed.append({"id": director.id, "name": event.name, "players": len(event.players),
                       "rounds_paired": event.rounds_paired,
                       "total_rounds": event.total_rounds})  # fmt: skip
    return JSONResponse(listed)


async def read_tournament(request: Request) -> Response:
    director = _director(request)
    if isinstance(director, Response):
        return director
    await director.collect(lambda game: _result_of(_hub(request), game))
    names = request.query_params.get("tiebreaks", "")
    if len(names) > 200:
        return _error(400, Words("tiebreaks: at most 200 characters"))
    wanted = tuple(n.strip() for n in names.split(",") if n.strip()) or None
    try:
        return JSONResponse(director.to_json(wanted))
    except TournamentRefused as error:
        return _error(400, _bounded(error, 300))


async def _organiser_act(request: Request) -> tuple[Director, dict[str, Any]] | JSONResponse:
    """The tournament and the JSON object of an organiser's request, or the refusal."""
    director = _director(request)
    if isinstance(director, JSONResponse):
        return director
    refused = request.app.state.access.organiser(request) or _json_body_refused(request)
    if refused is not None:
        return refused
    body = await _read_json(request)
    if isinstance(body, JSONResponse):
        return body
    if not isinstance(body, dict):
        return _error(400, Words("the body is a JSON object"))
    return director, body


async def pair_round(request: Request) -> Response:
    found = await _organiser_act(request)
    if isinstance(found, JSONResponse):
        return found
    director, body = found
    control = body.get("time_control")
    if control is not None and not isinstance(control, str):
        return _error(400, Words('time_control: a string such as "5400+30"'))
    hub = _hub(request)

    async def create(game: dict[str, Any]) -> tuple[str, dict[str, str]]:
        made = await hub.create(game)
        return made.id, {**made.to_json()["seats"], "arbiter": made.tokens["arbiter"]}

    await director.collect(lambda game: _result_of(hub, game))
    try:
        paired = await director.pair(create, control)
    except (TournamentRefused, BadRequest) as error:
        return _error(400, _bounded(error, 500))
    except Busy as error:
        return _error(503, said(error))
    return JSONResponse(paired, status_code=201)


async def enter_result(request: Request) -> Response:
    found = await _organiser_act(request)
    if isinstance(found, JSONResponse):
        return found
    director, body = found
    round_, white, result = body.get("round"), body.get("white"), body.get("result")
    why = body.get("why", "")
    if not (isinstance(round_, int) and isinstance(white, int) and isinstance(result, str)
            and isinstance(why, str)):  # fmt: skip
        return _error(
            400, Words('a result is {{"round": 3, "white": 12, "result": "1-0", "why": "…"}}')
        )
    await director.collect(lambda game: _result_of(_hub(request), game))
    try:
        director.enter_result(round_, white, result, why=why)
    except (TournamentRefused, ValueError) as error:
        return _error(400, _bounded(error, 300))
    return JSONResponse(director.to_json())


def _paired_round(request: Request) -> tuple[Director, int] | JSONResponse:
    """The tournament and the round the address names, or the refusal (404)."""
    director = _director(request)
    if isinstance(director, Response):
        return director
    round_: int = request.path_params["round"]
    if round_ not in director.boards:
        return _error(404, Words("round {round} was not paired on this server", round=round_))
    return director, round_


async def read_round(request: Request) -> Response:
    """The arbiter's round view: every board's game as ``GET /api/games/ID`` gives it."""
    found = _paired_round(request)
    if isinstance(found, Response):
        return found
    director, round_ = found
    hub = _hub(request)
    boards = []
    for board in director.boards[round_]:
        live = await hub.get(board.game)
        game = live.state_json() if live is not None else None
        if live is not None:
            hub.release(live)
        boards.append({**board.to_json(), "state": game})
    return JSONResponse({"round": round_, "boards": boards})


async def _pgn_of(hub: Hub, cache: dict[str, str], game: str) -> str | None:
    """A game's PGN; a finished game's is kept (it no longer changes)."""
    if game in cache:
        return cache[game]
    live = await hub.get(game)
    if live is None:
        return None
    text = live.pgn_text()
    if live.result is not None:
        cache[game] = text
    hub.release(live)
    return text


async def _round_pgn(request: Request, director: Director, round_: int) -> Response:
    cache: dict[str, str] = request.app.state.finished_pgn
    hub = _hub(request)
    text = await director.round_pgn(round_, lambda game: _pgn_of(hub, cache, game))
    return PlainTextResponse(text, media_type=_PGN, headers={"Cache-Control": "no-cache"})


async def read_round_pgn(request: Request) -> Response:
    found = _paired_round(request)
    if isinstance(found, Response):
        return found
    return await _round_pgn(request, *found)


async def read_broadcast(request: Request) -> Response:
    """The round being played (the last one paired here) as one PGN: the address a live
    broadcast polls."""
    director = _director(request)
    if isinstance(director, Response):
        return director
    if not director.boards:
        return PlainTextResponse("", media_type=_PGN, headers={"Cache-Control": "no-cache"})
    return await _round_pgn(request, director, max(director.boards))


async def collector(hub: Hub, directors: dict[str, Director]) -> AsyncIterator[None]:
    """While the server runs, results flow from the boards into the tournaments."""
    task = asyncio.get_running_loop().create_task(collect_results(hub, directors))
    try:
        yield
    finally:
        task.cancel()
