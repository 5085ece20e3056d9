"""The web board's pages: play, watch and arbitrate a game in a browser.

:func:`page_routes` gives the server's app the routes of the three pages (``/play/{id}`` for a
seat, ``/watch/{id}`` for spectators, ``/arbiter`` for the arbiter's console,
``/tournament/{id}`` for a tournament served live), the list of
games at ``/``, the static assets under ``/static`` (HTML, CSS, JavaScript and SVG shipped in
the package's ``web`` folder: nothing is fetched from anywhere else).

The pages rule nothing. A page sends what its user does as events over the game's WebSocket
and draws what the server sends back: the snapshot when it joins, then each message's ``view``
(``chesslaws.server._view``); it makes no request per message. :func:`game_view` reads a
whole event log the same way, for tools (it has no route: replaying a log per message made a
game cost O(n²)).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from chesslaws._color import Color
from chesslaws.arbiter import Arbiter, Game, Obligation, Ruling, RulingKind, board_after
from chesslaws.core import Position, square_name

from ._view import ruling_json

__all__ = ["MAX_LOG_BYTES", "WEB", "game_view", "page_routes"]

#: The folder of the static assets (package data).
WEB = Path(__file__).resolve().parent / "web"

#: The largest event log a tool should hand :func:`game_view` (a long game's is under 1 MB).
MAX_LOG_BYTES = 4_000_000

_COLORS = (Color.WHITE, Color.BLACK)
_LABELS = ("white", "black")


def page_routes() -> list[BaseRoute]:
    """The routes of the web board, for the server's Starlette app."""
    return [
        Route("/", _page("index.html"), methods=["GET"]),
        Route("/play/{game_id}", _page("play.html"), methods=["GET"]),
        Route("/watch/{game_id}", _page("watch.html"), methods=["GET"]),
        Route("/arbiter", _page("arbiter.html"), methods=["GET"]),
        Route("/tournament/{tid}", _page("tournament.html"), methods=["GET"]),
        Mount("/static", app=StaticFiles(directory=WEB), name="static"),
    ]


def _page(name: str) -> Any:
    path = WEB / name

    async def page(request: Request) -> Response:
        del request
        # A seat's or the arbiter's token is in the page's address: never send it on as a
        # Referer, never cache the page.
        return FileResponse(
            path,
            media_type="text/html; charset=utf-8",
            headers={"Referrer-Policy": "no-referrer", "Cache-Control": "no-store"},
        )

    return page


def game_view(lines: Iterable[str]) -> dict[str, Any]:
    """What a board, two clocks and a scoresheet show after the event log ``lines``.

    The log is replayed through :class:`chesslaws.arbiter.Game`; every value comes from the
    arbiter (nothing is ruled here). Times are in milliseconds at the instant of the last
    event (``last_at``); a page runs the clock on from there and corrects it from the server's
    state. Raises ``ValueError`` when the first line is not an accepted ``start`` event.

    >>> view = game_view(['{"type": "start", "time_control": "300+2"}',
    ...                   '{"type": "move", "at": 3, "by": "white", "move": "e2e4"}'])
    >>> view["moves"][0]["san"], view["running"], view["turn"], view["clock"]["white"]
    ('e4', 'white', 'black', 297000)
    """
    game, rulings, offers, actions = _replay(lines)
    if not game.started:
        first = rulings[0].reason if rulings and rulings[0].reason else "no 'start' event"
        raise ValueError(f"line 0 of the event log is not a 'start' event: {first}")
    start = game.start_event
    assert start is not None
    position = game.position
    pending = game.pending_illegal
    return {
        "start": start.to_json(),
        "mode": game.profile.mode.value if game.profile is not None else None,
        "fen": position.fen(),
        "board": _board_fen(position, pending),
        "turn": _on_move(position, pending).label,
        "check": _king_in_check(position),
        "legal": sorted(position.uci(m) for m in position.legal_moves()),
        "obligation": _obligation(game, position),
        "touched": [square_name(t.square) for t in game.state().touch.touches],
        "offers": dict(zip(_LABELS, game.state().offers, strict=True)),
        "uncompleted": dict(zip(_LABELS, game.state().uncompleted, strict=True)),
        "illegal_moves": dict(zip(_LABELS, game.illegal_moves, strict=True)),
        "pending_illegal": _pending(pending),
        "moves": _scoresheet(game, offers),
        "last_move": game.uci_moves[-1] if game.uci_moves else None,
        "result": game.result,
        "reason": game.reason,
        "article": game.article,
        "last_at": game.state().last_at,
        "events": len(game.events),
        **_clock_view(game),
        "rulings": [ruling_json(r) for r in rulings],
        "arbiter_actions": actions,
    }


def _on_move(position: Position, pending: Any) -> Color:
    """Who has the move (1.3): an unseen completed illegal move passed it on (A.5.2)."""
    if pending is not None and pending.completed_at is not None:
        return Color(pending.by.other)
    return position.side_to_move


def _board_fen(position: Position, pending: Any) -> str:
    """The board as it stands, an illegal move released on it included (7.5: not yet ruled)."""
    if pending is not None and pending.move is not None:
        return board_after(position, pending.move)
    return position.fen()


def _king_in_check(position: Position) -> str | None:
    if not position.is_check():
        return None
    return square_name(position.king(position.side_to_move))


def _obligation(game: Game, position: Position) -> dict[str, Any] | None:
    """The touch-move obligation (4.3–4.5, 7.5.1, 9.5.3), when the player is bound."""
    if game.is_over:
        return None
    found: Obligation = game.obligation()
    if found.moves is None:
        return None
    return {"moves": sorted(position.uci(m) for m in found.moves), "article": found.article}


def _pending(pending: Any) -> dict[str, Any] | None:
    if pending is None:
        return None
    return {
        "by": pending.by.label,
        "move": pending.text,
        "article": pending.kind.value,
        "completed": pending.completed_at is not None,
    }


def _replay(
    lines: Iterable[str],
) -> tuple[Game, list[Ruling], set[int], list[dict[str, Any]]]:
    """The game fed ``lines``, its rulings, the plies after which a draw was offered, and the
    arbiter's actions, each with the rulings it caused (none, for a look at a clock showing no
    flag)."""
    game = Game()
    rulings: list[Ruling] = []
    offers: set[int] = set()
    actions: list[dict[str, Any]] = []
    for index, line in enumerate(lines):
        ruled = game.handle_json(line)
        rulings.extend(ruled)
        if any(r.kind is RulingKind.DRAW_OFFER and r.status == "standing" for r in ruled):
            offers.add(len(game.moves) - 1)
        event = game.events[-1] if game.events else None
        if isinstance(event, Arbiter):
            shown = event.to_json()
            shown["seq"] = index
            shown["rulings"] = [ruling_json(r) for r in ruled]
            actions.append(shown)
    return game, rulings, offers, actions


def _scoresheet(game: Game, offers: set[int]) -> list[dict[str, Any]]:
    """The moves standing, in SAN (Appendix C), each with its mover's clock when completed
    and ``offer`` when a draw was offered after it (marked "=" on the scoresheet, 9.1.2.2)."""
    clocks = game.move_clocks
    rows = []
    for ply, (san, uci) in enumerate(zip(game.moves, game.uci_moves, strict=True)):
        clock = clocks[ply] if ply < len(clocks) else None
        row: dict[str, Any] = {"san": san, "uci": uci, "clock": clock}
        if ply in offers:
            row["offer"] = True
        rows.append(row)
    return rows


def _clock_view(game: Game) -> dict[str, Any]:
    clock = game.clock
    if clock is None:
        return {
            "clock": None,
            "running": None,
            "paused": False,
            "time_control": None,
            "time_controls": None,
        }
    at = game.state().last_at
    flags = {c.label: clock.flag_instant(c, at) is not None for c in _COLORS}
    return {
        "clock": {c.label: clock.remaining(c, at) for c in _COLORS},
        "delay": {c.label: clock.delay_remaining(c, at) for c in _COLORS},
        "period": {c.label: clock.period(c) for c in _COLORS},
        "moves_to_control": {c.label: clock.moves_to_control(c) for c in _COLORS},
        "moves_completed": {c.label: clock.moves_completed(c) for c in _COLORS},
        "flag_fallen": flags,
        "running": clock.turn.label if clock.turn is not None and not clock.stopped else None,
        "paused": clock.paused,
        "time_control": None if clock.odds else clock.time_control.to_json(),
        "time_controls": {c.label: clock.time_control_of(c).to_json() for c in _COLORS},
    }
