"""Shared helpers of the engine-match tests: the scripted fake engine, settings, one match."""

from __future__ import annotations

import asyncio
import shlex
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from chesslaws.engines import (
    EngineSpec,
    MatchResult,
    MatchSettings,
    Opening,
    OpeningBook,
    read_match_tc,
    run_match,
)

FAKE = Path(__file__).with_name("fake_engine.py")
STOCKFISH = Path("/usr/games/stockfish")


def fake(*flags: str, name: str = "fake") -> EngineSpec:
    """The scripted engine with ``flags`` (see fake_engine.py)."""
    command = " ".join(shlex.quote(w) for w in (sys.executable, str(FAKE), "--name", name, *flags))
    return EngineSpec(command, name)


def settings(white: EngineSpec, black: EngineSpec, tc: str = "60+0", **kw: Any) -> MatchSettings:
    """A one-game match (first engine White) at ``tc``; ``fen=`` starts from that position."""
    fen = kw.pop("fen", None)
    base = MatchSettings(engines=(white, black), time_control=read_match_tc(tc), games=1)
    if fen is not None:
        kw["openings"] = OpeningBook([Opening(fen)])
    return replace(base, **kw)


def play(match: MatchSettings) -> MatchResult:
    return asyncio.run(run_match(match))
