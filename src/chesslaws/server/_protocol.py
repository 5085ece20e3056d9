"""What a client may send over its WebSocket, and how the server turns it into an event.

A client sends the events of ``docs/events.md`` without ``at`` (the server stamps the time from
its own clock) and without ``by`` (its seat says who acts). A seat (``white``, ``black``) sends
its player's acts; the arbiter sends ``arbiter`` events; a spectator sends nothing. A message
that breaks these rules is refused here with a sentence saying why, before the arbiter sees it.

A seat may send ``{"type": "pause"}``: the player stops the clocks to call the arbiter (6.11.2),
an event of the arbiter's own (docs/events.md), which the arbiter's ``resume`` ends.

Adjournment (Guidelines I): the arbiter sends ``adjourn`` (with ``resumes``, I.2.7),
``resume_session`` and ``open_envelope``; the player told to seal sends ``seal``.
"""

from __future__ import annotations

import json
import time
from decimal import Decimal
from typing import Any

from chesslaws._errors import InvalidEvent
from chesslaws._words import Words, said
from chesslaws.arbiter import Event, event_from_json

__all__ = [
    "ARBITER",
    "SEATS",
    "SPECTATOR",
    "RateLimit",
    "Refused",
    "build_event",
    "read_message",
]

SPECTATOR = "spectator"
ARBITER = "arbiter"
SEATS = ("white", "black")

#: The fields each event type may carry from a seat (besides ``type`` and ``by``).
_PLAYER_FIELDS: dict[str, frozenset[str]] = {
    "touch": frozenset({"square", "piece"}),
    "adjust": frozenset({"square"}),
    "move": frozenset({"move", "hands"}),
    "press": frozenset(),
    "offer_draw": frozenset(),
    "accept_draw": frozenset(),
    "decline_draw": frozenset(),
    "claim": frozenset({"kind", "move"}),
    "resign": frozenset(),
    "pause": frozenset(),
    # Appendix D: the visually disabled player's announcement (D.2.1; his page, as his
    # assistant, announces his move, D.2.10.2), his request for the times (D.2.6.1, D.2.10.4)
    # and a piece felt in its hole (D.2.2). The arbiter rejects them in other games.
    "announce": frozenset({"move"}),
    "request_time": frozenset(),
    "feel": frozenset({"square"}),
    "seal": frozenset({"move"}),
}
_ARBITER_FIELDS: dict[str, frozenset[str]] = {
    "arbiter": frozenset(
        {"action", "player", "seconds", "moves", "result", "reason", "article", "time_control"}
    ),
    "adjourn": frozenset({"resumes"}),
    "resume_session": frozenset(),
    "open_envelope": frozenset({"lost", "position_lost"}),
}

#: The largest message taken (bytes of text); a bigger frame closes the socket (1009).
MAX_MESSAGE = 4096


class Refused(Exception):
    """A message the server does not pass to the arbiter; the text says why."""


def read_message(text: str) -> dict[str, Any]:
    """The JSON object of one WebSocket text message, or :class:`Refused`."""
    try:
        obj = json.loads(text, parse_float=Decimal)
    except (ValueError, RecursionError) as error:
        raise Refused(Words("not valid JSON: {error}", error=error)) from None
    if not isinstance(obj, dict):
        raise Refused(
            Words(
                "a message is one JSON object (an event), not {kind}", kind=type(obj).__name__
            )
        )
    return obj


def build_event(role: str, obj: dict[str, Any], at_ms: int) -> Event:
    """The event ``role`` sends as ``obj``, stamped ``at_ms`` by the server; or :class:`Refused`.

    Refuses a spectator, an event type the role may not send, an unknown field, a ``by`` for
    someone else, and an ``at`` (the server's clock is the only clock).
    """
    if role == SPECTATOR:
        raise Refused(Words("spectators cannot act (connect with a seat's or the arbiter's token)"))
    kind = obj.get("type")
    table = _ARBITER_FIELDS if role == ARBITER else _PLAYER_FIELDS
    if not isinstance(kind, str) or kind not in table:
        allowed = ", ".join(sorted(table))
        raise Refused(
            Words(
                "the {role} cannot send an event of type {kind} (allowed: {allowed})",
                role=role,
                kind=repr(kind),
                allowed=allowed,
            )
        )
    if "at" in obj:
        raise Refused(Words("do not send 'at': the server stamps every event from its own clock"))
    by = obj.get("by", role)
    if by != role:
        raise Refused(
            Words("this connection acts for {role}, not for {by}", role=role, by=repr(by))
        )
    unknown = sorted(set(obj) - table[kind] - {"type", "by"})
    if unknown:
        known = ", ".join(sorted(table[kind])) or "none"
        raise Refused(
            Words(
                "unknown field {unknown} in a {kind} event (fields: {known})",
                unknown=repr(unknown[0]),
                kind=kind,
                known=known,
            )
        )
    fields = {**obj, "by": role, "at": Decimal(at_ms).scaleb(-3)}
    try:
        return event_from_json(fields)
    except InvalidEvent as error:
        raise Refused(said(error)) from None


class RateLimit:
    """A token bucket: ``rate`` messages a second, bursts up to ``burst``."""

    __slots__ = ("_burst", "_last", "_rate", "_tokens")

    def __init__(self, rate: float = 20.0, burst: float = 40.0) -> None:
        self._rate = rate
        self._burst = burst
        self._tokens = burst
        self._last = time.monotonic()

    def take(self) -> bool:
        """Whether one more message may pass now."""
        now = time.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._last) * self._rate)
        self._last = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False
