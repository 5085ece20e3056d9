"""The setting of a game with a blind or visually disabled player (Appendix D.1) and what
the arbiter keeps of it during play.

D.1: either player may demand two boards, a normal one and a tactile one (black squares raised,
a fixing hole in each square, the pieces fixed by pegs), and the organiser may adapt the rules;
D.2.10-D.2.11: an assistant may make the moves, announce them, keep score, report the times and
claim a flag for the visually disabled player; D.2.7: he keeps score in Braille, in longhand
or on a recording device; D.2.11: an assistant must be used when he meets a hearing-impaired
player. The ``start`` event's rule ``appendix_d`` is read here:
``{"visually_disabled": ["black"], "tactile_board": true, "assistant": true,
"scoresheet": "recorder", "hearing_impaired": ["white"]}``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from chesslaws._color import Color
from chesslaws._words import Words

__all__ = ["ANNOUNCED", "SCORESHEETS", "Announcement", "BlindSetting", "read_setting"]

SCORESHEETS = ("braille", "longhand", "recorder")
"""D.2.7: how the visually disabled player keeps score."""


@dataclass(frozen=True, slots=True)
class BlindSetting:
    """D.1: who is visually disabled, whether his board is a tactile one (D.2.2-D.2.4: a touch
    is a piece taken out of its hole; a move is made when placed in a hole and announced), and
    whether an assistant acts for him (D.2.10); how he keeps score (D.2.7) and who is
    hearing-impaired (D.2.11)."""

    visually_disabled: tuple[Color, ...]
    tactile_board: bool = True
    assistant: bool = False
    scoresheet: str = "braille"
    hearing_impaired: tuple[Color, ...] = ()

    def disabled(self, color: Color) -> bool:
        return color in self.visually_disabled

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"visually_disabled": [c.label for c in self.visually_disabled]}
        if not self.tactile_board:
            out["tactile_board"] = False
        if self.assistant:
            out["assistant"] = True
        if self.scoresheet != "braille":
            out["scoresheet"] = self.scoresheet
        if self.hearing_impaired:
            out["hearing_impaired"] = [c.label for c in self.hearing_impaired]
        return out

    def records_on_device(self, color: Color) -> bool:
        """D.2.7: whether ``color`` is visually disabled and records his moves on a device."""
        return self.disabled(color) and self.scoresheet == "recorder"


@dataclass(frozen=True, slots=True)
class Announcement:
    """Where the announcement of the visually disabled player's last move stands (D.2.1,
    D.2.3, D.2.8): ``announced`` once it names the move on the board; ``differs`` after one
    that names another move, until it is corrected."""

    announced: bool = True
    differs: bool = False


ANNOUNCED = Announcement()
"""Nothing awaits an announcement (at the start, after each completed move)."""

_KEYS = frozenset(
    {"visually_disabled", "tactile_board", "assistant", "scoresheet", "hearing_impaired"}
)


def read_setting(raw: object, fail: Callable[[Words], Exception]) -> BlindSetting:
    """The ``appendix_d`` rule; ``fail(message)`` makes the error naming the field."""
    if not isinstance(raw, dict):
        raise fail(Words("'appendix_d' must be an object, not {value}", value=repr(raw)[:160]))
    unknown = sorted(str(key)[:40] for key in set(raw) - _KEYS)
    if unknown:
        known = ", ".join(sorted(_KEYS))
        raise fail(
            Words(
                "unknown appendix_d field {name} (known: {known})",
                name=repr(unknown[0]),
                known=known,
            )
        )
    players = raw.get("visually_disabled")
    if not isinstance(players, list) or not players or len(players) > 2:
        raise fail(Words("'appendix_d' needs 'visually_disabled': a list of \"white\", \"black\""))
    colors = _colors("visually_disabled", players, fail)
    hearing = raw.get("hearing_impaired", [])
    if not isinstance(hearing, list) or len(hearing) > 2:
        raise fail(Words('\'hearing_impaired\' must be a list of "white", "black"'))
    deaf = _colors("hearing_impaired", hearing, fail)
    flags = {}
    for key, default in (("tactile_board", True), ("assistant", False)):
        value = raw.get(key, default)
        if not isinstance(value, bool):
            raise fail(
                Words(
                    "'appendix_d' field '{name}' must be true or false, not {value}",
                    name=key,
                    value=repr(value),
                )
            )
        flags[key] = value
    scoresheet = raw.get("scoresheet", "braille")
    if scoresheet not in SCORESHEETS:
        raise fail(
            Words(
                "'scoresheet' must be one of {allowed} (D.2.7), not {value}",
                allowed=", ".join(SCORESHEETS),
                value=repr(scoresheet)[:160],
            )
        )
    if not flags["assistant"] and any(c.other in colors for c in deaf):
        raise fail(
            Words(
                "a visually disabled player meets a hearing-impaired one: an assistant must "
                "be used ('assistant': true, D.2.11)"
            )
        )
    return BlindSetting(
        colors, flags["tactile_board"], flags["assistant"], scoresheet, hearing_impaired=deaf
    )


def _colors(field: str, names: list[Any], fail: Callable[[Words], Exception]) -> tuple[Color, ...]:
    colors: list[Color] = []
    for name in names:
        if name not in ("white", "black") or Color.parse(name) in colors:
            raise fail(
                Words(
                    '\'{name}\' holds "white" and "black" once each, not {value}',
                    name=field,
                    value=repr(name)[:160],
                )
            )
        colors.append(Color.parse(name))
    return tuple(sorted(colors, key=lambda c: c.value))
