"""Readable event logs for the arbiter's scenario tests.

A log is text, one event per line, turned into the JSON lines of ``docs/events.md`` and fed to
:meth:`Game.handle_json`. ``#`` starts a comment. Forms::

    start {"time_control": "5400+30", "fen": "..."}     # the start event (JSON fields)
    12.5 white move e2e4                               # at, by, then what happened
    13 white press
    14 black touch g8          | 14 white touch e8 q   (a new queen touches e8: 4.4.4)
    15 black adjust d7
    16 white move e1g1 hands=2
    17 white offer | accept | decline | resign | pause | arrive
    18 black claim threefold [INTENDED-MOVE]
    18 black record e5                                 (the player writes on his scoresheet)
    19 tick
    20 arbiter add_time player=black seconds=60
    {"type": "tick", "at": 21}                          # any raw JSON line, as is

``at`` is copied into the JSON as written, so decimal times stay exact.
"""

from __future__ import annotations

import json
from typing import Any

from chesslaws.arbiter import Game

__all__ = ["moves", "run", "run_then", "to_jsonl"]

_VERBS = {
    "offer": "offer_draw",
    "accept": "accept_draw",
    "decline": "decline_draw",
    "resign": "resign",
    "press": "press",
    "pause": "pause",
    "arrive": "arrive",
    "request_scoresheet": "request_scoresheet",
}


def _line(text: str) -> str:
    text = text.strip()
    if text.startswith("{"):
        return text
    words = text.split()
    if words[0] == "start":
        fields = json.loads(" ".join(words[1:]) or "{}")
        return json.dumps({"type": "start", **fields})
    at = words[0]
    float(at)  # a number, written as is below
    head = '{"at": ' + at + ", "
    if words[1] == "tick":
        return head + '"type": "tick"}'
    if words[1] == "arbiter":
        body: dict[str, Any] = {"type": "arbiter", "action": words[2]}
        for word in words[3:]:
            key, value = word.split("=", 1)
            numeric = key in ("seconds", "moves")
            body[key] = json.loads(value) if numeric else value
        return head + json.dumps(body)[1:]
    by, verb, args = words[1], words[2], words[3:]
    body = {"by": by}
    if verb in _VERBS:
        body["type"] = _VERBS[verb]
    elif verb in ("touch", "adjust"):
        body.update(type=verb, square=args[0])
        if len(args) > 1:
            body["piece"] = args[1]
    elif verb == "move":
        body.update(type="move", move=args[0])
        for extra in args[1:]:
            key, value = extra.split("=", 1)
            body[key] = int(value)
    elif verb == "sign":
        body.update(type="sign", result=args[0])
    elif verb == "record":
        body.update(type="record", move=args[0])
    elif verb == "claim":
        body.update(type="claim", kind=args[0])
        if len(args) > 1:
            body["move"] = args[1]
    else:
        raise ValueError(f"unknown verb in test log: {text!r}")
    return head + json.dumps(body)[1:]


def to_jsonl(log: str) -> list[str]:
    """The JSON lines of a readable log."""
    out = []
    for raw in log.splitlines():
        text = raw.split("#", 1)[0].strip() if not raw.strip().startswith("{") else raw.strip()
        if text:
            out.append(_line(text))
    return out


def run(log: str) -> tuple[Game, list[dict[str, Any]]]:
    """Feed the log to a new game; the game and every ruling as its JSON object."""
    game = Game()
    rulings: list[dict[str, Any]] = []
    for line in to_jsonl(log):
        rulings.extend(r.to_json() for r in game.handle_json(line))
    return game, rulings


def run_then(log: str, *raw: dict[str, Any]) -> tuple[Game, list[dict[str, Any]]]:
    """:func:`run` for the log and then ``raw`` events, JSON objects as they are (the events
    the readable form has no verb for)."""
    return run("\n".join([log, *(json.dumps(event) for event in raw)]))


def moves(sans: str, *, at: float = 1.0, step: float = 1.0, first: str = "white") -> str:
    """Log lines making and completing each move of ``sans`` in turn, ``step`` s apart."""
    lines = []
    side = first
    t = at
    for san in sans.split():
        if san[0].isdigit() and "." in san:
            san = san.split(".")[-1]
            if not san:
                continue
        lines.append(f"{t:g} {side} move {san}")
        lines.append(f"{t + step / 2:g} {side} press")
        t += step
        side = "black" if side == "white" else "white"
    return "\n".join(lines)
