"""A live game in PGN export format: :func:`chesslaws.arbiter.game_to_pgn` (the export of
``chesslaws arbitrate --pgn``) with the tags the server knows: the players' names, the event,
site and round, and the date the game was created."""

from __future__ import annotations

from typing import Any

from chesslaws.arbiter import GameState, game_to_pgn

__all__ = ["game_pgn"]


def game_pgn(state: GameState, meta: dict[str, Any], created: str) -> str:
    """The game in ``state`` as PGN, tagged from ``meta`` (``white``, ``black``, ``event``,
    ``site``, ``round``, and ``board`` if set) and the creation date ``created`` (ISO 8601)."""
    tags = {name.capitalize(): str(meta.get(name) or "") for name in _NAMES}
    if len(created) >= 10:
        tags["Date"] = created[:10].replace("-", ".")
    return game_to_pgn(state, tags)


_NAMES = ("event", "site", "round", "board", "white", "black")
