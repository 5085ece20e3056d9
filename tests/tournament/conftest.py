"""The Dutch system's checks share their helpers with ``benchmarks/dutch_events.py`` (the
slow run over many generated events): the benchmarks folder is importable here."""

from __future__ import annotations

import sys
from pathlib import Path

BENCHMARKS = str(Path(__file__).resolve().parents[2] / "benchmarks")
if BENCHMARKS not in sys.path:
    sys.path.append(BENCHMARKS)
