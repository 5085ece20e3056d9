"""The live game server: Starlette on uvicorn, an event store, seats and tokens (issue 14).

The server rules nothing itself: the arbiter (:class:`chesslaws.arbiter.Game`) rules every
event, the server stamps each with its own clock, logs it, and sends the rulings to every
client of the game. See ``docs/server.md`` for the contract.
"""

from __future__ import annotations

from chesslaws.server._app import create_app as create_app
from chesslaws.server._hub import Hub as Hub
from chesslaws.server._run import run as run
from chesslaws.server._run import serve as serve
from chesslaws.server._store import EventStore as EventStore
from chesslaws.server._store import StoreError as StoreError
from chesslaws.server._store import open_store as open_store

__all__ = ["EventStore", "Hub", "StoreError", "create_app", "open_store", "run", "serve"]
