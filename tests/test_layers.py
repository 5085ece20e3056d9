"""Layers import downward only (DESIGN.md): every module's imports are walked (AST)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "chesslaws"

#: What each layer may import from chesslaws (besides itself and the bottom modules).
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "clock": set(),
    "endings": {"core"},
    "arbiter": {"core", "endings", "clock", "pgn"},  # pgn: the writer, for a ruled game's export
    "pgn": {"core", "endings", "clock"},
    "audit": {"core", "endings", "clock", "pgn"},
    "engines": {"core", "endings", "clock", "arbiter", "pgn"},
    "eboard": {"core", "clock", "endings", "arbiter"},
    # server: it hosts a tournament's live rounds (server/_tournament.py) as it hosts games
    "server": {"core", "endings", "clock", "pgn", "arbiter", "tournament"},
    # tournament: the event as values (players, pairings, standings, TRF), like the arbiter's
    # state: no I/O, below the server that plays its rounds
    "tournament": {"core", "endings", "clock", "pgn", "arbiter"},
    "cli": {
        "core",
        "endings",
        "clock",
        "pgn",
        "arbiter",
        "audit",
        "engines",
        "eboard",
        "server",
        "tournament",
    },
}
BOTTOM = {"_errors", "_color", "_words"}


def _imports(path: Path, *, at_run_time: bool = False) -> set[str]:
    """The absolute imports of a module; ``at_run_time`` leaves out those under
    ``if TYPE_CHECKING:``, which only a type checker (and mypyc) reads."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if at_run_time:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
                node.body = []
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def test_layers_import_downward_only() -> None:
    problems = []
    for layer, allowed in ALLOWED.items():
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            for name in _imports(path):
                parts = name.split(".")
                if parts[0] != "chesslaws" or len(parts) < 2:
                    continue
                target = parts[1]
                if target in (layer, *BOTTOM) or target in allowed:
                    continue
                problems.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert not problems, "upward or sideways imports:\n" + "\n".join(problems)


def test_core_has_no_third_party_imports() -> None:
    import sys

    stdlib = sys.stdlib_module_names
    for layer in ("core", "endings", "clock", "arbiter"):
        for path in (PACKAGE / layer).rglob("*.py"):
            for name in _imports(path, at_run_time=True):
                top = name.split(".")[0]
                assert top == "chesslaws" or top in stdlib, f"{path.name} imports {name}"
