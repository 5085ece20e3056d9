"""Readings scripts for the e-board tests: a hand on the board, written step by step.

``Script`` writes a readings log (the ``start`` event, then lifts, places, lever presses, ...)
with times in milliseconds that advance by ``step`` unless a step says otherwise. ``run`` plays
it through :class:`chesslaws.eboard.BoardGame` and returns the derived events (without their
times, as compact tuples) and the rulings (their JSON, without ``event``/``at``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from chesslaws.eboard import BoardGame


@dataclass
class Script:
    start: dict[str, Any] = field(
        default_factory=lambda: {"type": "start", "time_control": "5400+30"}
    )
    step: int = 300
    now: int = 0
    lines: list[dict[str, Any]] = field(default_factory=list)

    def _add(self, kind: str, after: int | None, **fields: Any) -> Script:
        self.now += self.step if after is None else after
        self.lines.append({"type": kind, "at": self.now / 1000, **fields})
        return self

    def lift(self, square: str, *, after: int | None = None) -> Script:
        return self._add("lift", after, square=square)

    def place(self, square: str, piece: str | None = None, *, after: int | None = None) -> Script:
        extra = {"piece": piece} if piece is not None else {}
        return self._add("place", after, square=square, **extra)

    def lever(self, by: str, *, after: int | None = None) -> Script:
        return self._add("lever", after, by=by)

    def button(self, by: str, name: str, *, after: int | None = None, **extra: Any) -> Script:
        return self._add("button", after, by=by, name=name, **extra)

    def board(self, placement: str, *, after: int | None = None) -> Script:
        return self._add("board", after, placement=placement)

    def move(self, frm: str, to: str, piece: str, by: str | None = None) -> Script:
        """A plain move by the hand: lift, place, and the lever when ``by`` is given."""
        self.lift(frm).place(to, piece)
        return self.lever(by) if by else self

    def wait(self, ms: int) -> Script:
        self.now += ms
        return self

    def text(self) -> list[str]:
        return [json.dumps(self.start)] + [json.dumps(line) for line in self.lines]


def compact(event: dict[str, Any]) -> tuple[Any, ...]:
    """An event as a short tuple: ("touch", "white", "e2"), ("move", "white", "e2e4"), ..."""
    kind = event["type"]
    if kind in ("touch", "adjust"):
        out: tuple[Any, ...] = (kind, event["by"], event["square"])
        return out + ((event["piece"],) if "piece" in event else ())
    if kind == "move":
        return (kind, event["by"], event["move"])
    return (kind, event.get("by"))


def run(
    script: Script, **options: int
) -> tuple[list[tuple[Any, ...]], list[dict[str, Any]], BoardGame]:
    board = BoardGame.replay(script.text(), **options)
    events = [compact(e.to_json()) for e in board.events[1:]]
    rulings = []
    for ruling in board.rulings:
        data = ruling.to_json()
        data.pop("event", None)
        data.pop("at", None)
        data.pop("note", None)
        rulings.append(data)
    return events, rulings, board
