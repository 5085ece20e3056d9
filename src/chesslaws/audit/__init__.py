"""The auditor: checking game collections against the Laws, game by game.

``audit_game`` judges one game read by :mod:`chesslaws.pgn`; ``audit_files`` runs over whole
files as they are published (plain or compressed, from a path, standard input or a URL), on
this process, on local worker processes or on a Dask cluster, always giving the same records in
the same order.
"""

from __future__ import annotations

from ._judge import MATE_BUDGET as MATE_BUDGET
from ._judge import audit_game as audit_game
from ._output import write_csv as write_csv
from ._output import write_jsonl as write_jsonl
from ._output import write_table as write_table
from ._record import AuditRecord as AuditRecord
from ._record import Code as Code
from ._record import Finding as Finding
from ._record import Verdict as Verdict
from ._run import Chunk as Chunk
from ._run import Segment as Segment
from ._run import audit_chunk as audit_chunk
from ._run import audit_files as audit_files
from ._run import in_part as in_part
from ._run import parse_sample as parse_sample
from ._run import plan_chunks as plan_chunks
from ._run import sampled as sampled

__all__ = [
    "MATE_BUDGET",
    "AuditRecord",
    "Chunk",
    "Code",
    "Finding",
    "Segment",
    "Verdict",
    "audit_chunk",
    "audit_files",
    "audit_game",
    "in_part",
    "parse_sample",
    "plan_chunks",
    "sampled",
    "write_csv",
    "write_jsonl",
    "write_table",
]
