"""Standings with ten tie-breaks of a large Swiss: chesslaws beside FIDE's tie-break server.

A Swiss of ``--players`` (default 400) over ``--rounds`` (11) is made up deterministically
(each round pairs the players in score order, avoiding rematches; results drawn at random,
with forfeits, half-point byes, a pairing-allocated bye and withdrawals), written as TRF, and
ranked by ten tie-breaks (PTS BH/C1 BH SB DE WIN BWG BPG ARO TPR PS KS: the points and ten
more). Timed: ``read_trf`` and ``standings`` in this process (CPU seconds, best of
``--repeat``), and, as a side-by-side yardstick when ``../shared/tools`` is there, the whole
``chesslaws tournament standings --format tsv`` run against ``tiebreakchecker.py`` on the same
file (CPU seconds of each child process, start-up included); their outputs must be equal.

Usage: ``python benchmarks/bench_tournament.py [--players N] [--rounds R] [--repeat K]``
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from chesslaws.tournament import Event, Player, read_trf, standings, write_trf

TIEBREAKS = ["PTS", "BH/C1", "BH", "SB", "DE", "WIN", "BWG", "BPG", "ARO", "TPR", "PS", "KS"]
TOOLS = Path(__file__).resolve().parents[1].parent / "shared" / "tools"


def made_up_swiss(players: int, rounds: int, seed: int = 1) -> Event:
    """A deterministic Swiss-like event: score-ordered pairings, random results."""
    rnd = random.Random(seed)
    event = Event(
        name="Benchmark Open",
        system="FIDE_DUTCH_2025",
        total_rounds=rounds,
        players=tuple(
            Player(n, f"Player {n:04d}", 2700 - n * 1200 // players) for n in range(1, 1 + players)
        ),
    )
    withdrawn: set[int] = set()
    for round_ in range(1, rounds + 1):
        if round_ > rounds // 2:
            withdrawn |= {rnd.randint(1, players) for _ in range(players // 100)}
        event = _play_round(event, round_, rnd, withdrawn)
    return event


def _play_round(event: Event, round_: int, rnd: random.Random, withdrawn: set[int]) -> Event:
    met = {(p.number, e.opponent) for p in event.players for e in p.results}
    byes = {rnd.randint(1, len(event.players)) for _ in range(3)} - withdrawn
    for number in byes:
        event = event.request_bye(number, round_, "H")
    waiting = sorted(
        (p for p in event.players if p.number not in withdrawn | byes),
        key=lambda p: (-event.score(p), p.number),
    )
    pairs: list[tuple[int, int]] = []
    while len(waiting) > 1:
        top = waiting.pop(0)
        k = next((i for i, p in enumerate(waiting) if (top.number, p.number) not in met), 0)
        other = waiting.pop(k)
        pairs.append(_coloured(top, other, rnd))
    if waiting:
        pairs.append((waiting[0].number, 0))  # the pairing-allocated bye
    event = event.pair_round(round_, pairs)
    for white, black in pairs:
        if black:
            event = event.set_result(round_, white, rnd.choices("1=0+-", (40, 30, 26, 2, 2))[0])
    return event


def _coloured(one: Player, two: Player, rnd: random.Random) -> tuple[int, int]:
    """White to the one who had white less often (a coin if equal)."""
    balance = _whites(one) - _whites(two)
    if balance < 0 or (balance == 0 and rnd.random() < 0.5):
        return one.number, two.number
    return two.number, one.number


def _whites(player: Player) -> int:
    return sum(1 if e.colour == "w" else -1 for e in player.results if e.colour != "-")


def _best(repeat: int, job: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        job()
        best = min(best, time.process_time() - start)
    return best


def _child_cpu(command: list[str]) -> tuple[float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, done.stdout


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    event = made_up_swiss(args.players, args.rounds)
    text = write_trf(event)
    figures = {
        "read_trf": _best(args.repeat, lambda: read_trf(text)),
        "standings": _best(args.repeat, lambda: standings(event, TIEBREAKS)),
    }
    print(f"{args.players} players x {args.rounds} rounds, {len(TIEBREAKS)} tie-breaks")
    print(f"  read_trf   {1000 * figures['read_trf']:8.1f} ms CPU (best of {args.repeat})")
    print(f"  standings  {1000 * figures['standings']:8.1f} ms CPU (best of {args.repeat})")
    checker = TOOLS / "tiebreakserver" / "tiebreakchecker.py"
    python = shutil.which("python3", path="/usr/bin:/bin")
    if not checker.exists() or python is None:
        print("  (no ../shared/tools: the tie-break server's side is skipped)")
        return figures
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.trf"
        path.write_text(text)
        command = [sys.executable, "-m", "chesslaws", "tournament", "standings", str(path)]
        options = ["--tiebreaks", ",".join(TIEBREAKS), "--format", "tsv"]
        ours, ours_out = _child_cpu([*command, *options])
        theirs, theirs_out = _child_cpu(
            [python, str(checker), "-i", str(path), "-c", "-dT", "-t", *TIEBREAKS]
        )
    figures |= {"cli": ours, "tiebreakchecker": theirs}
    print(f"  chesslaws tournament standings  {ours:6.2f} s CPU (whole run)")
    print(f"  tiebreakchecker.py              {theirs:6.2f} s CPU (whole run)")
    print(f"  ratio {theirs / ours:.1f}x; outputs equal: {ours_out == theirs_out}")
    return figures


if __name__ == "__main__":
    main()
