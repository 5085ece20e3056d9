"""The Dutch system (C.04.3) against bbpPairings on many generated events, in parts, resumable.

Each seed names one event: its size and rates are drawn from the seed (:func:`config_for`:
``--min-players`` to ``--max-players`` players, uniformly; 5 to 13 rounds; forfeits,
half-point byes asked for and absences, a withdrawal being an absence to the end, each at a
rate drawn too), ``bbpPairings --dutch -g`` plays it, and every round from the second is cut
out of it as it stood when that round was paired (:func:`cut_before`) and paired by chesslaws;
the pairs and colours must be those bbpPairings paired (:func:`paired_in`). On the same event,
every C.07 tie-break (:data:`TIEBREAKS`) and the ranks must be those of FIDE's tie-break server
(``tiebreakchecker.py``) reading the generator's own file (:func:`tiebreaks_differing`).

Each event's record counts its absences (rounds a player was not paired in: a bye asked for,
an absence, a withdrawal), forfeited games, players absent in round 1 who play later (late
entries, and byes asked for round 1) and players absent in the last round (withdrawals).

One JSON line per event goes to ``--results`` as soon as it is checked; seeds already there
are skipped, so a run stopped at any time goes on where it stopped. ``--summary`` prints what
the file holds. Needs ``../shared/tools`` (or ``CHESSLAWS_SHARED_TOOLS``).

Usage: ``python benchmarks/dutch_events.py --first 1 --count 2000 [--results FILE]``
(the results file by default ``benchmarks/dutch-events.jsonl``, the run recorded there;
``nice -n 10`` on a shared machine: events of 400 players take minutes each).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from chesslaws.tournament import Event, RequestedBye, TournamentError, read_trf
from chesslaws.tournament.event import NOT_PAIRED
from chesslaws.tournament.pairing import next_pairings
from chesslaws.tournament.standings import standings

TOOLS = Path(
    os.environ.get("CHESSLAWS_SHARED_TOOLS")
    or Path(__file__).resolve().parents[1].parent / "shared" / "tools"
)
BBP = TOOLS / "bbpPairings" / "bbpPairings"
TIEBREAK_SERVER = TOOLS / "tiebreakserver" / "tiebreakchecker.py"
#: Every tie-break of C.07 the standings compute, and some with modifiers (as the tests).
TIEBREAKS = ["PTS", "BH", "SB", "DE", "WIN", "BWG", "BPG", "ARO", "TPR", "PS", "KS"]
TIEBREAKS += ["BH/C1", "BH/M1", "SB/C1", "PS/C1", "ARO/C1"]


def config_for(seed: int, low: int = 8, high: int = 400) -> dict[str, int]:
    """The generator's settings (JaVaFo's RTG keys) of the event of ``seed``."""
    rng = random.Random(seed)
    players = rng.randint(low, high)
    config = {"PlayersNumber": players, "RoundsNumber": min(rng.randint(5, 13), players - 3)}
    if rng.random() < 0.8:
        config["ForfeitRate"] = rng.randint(4, 12)
    if rng.random() < 0.8:
        config["HalfPointByeRate"] = rng.randint(4, 12)
    if rng.random() < 0.8:
        config["RetiredRate"] = rng.randint(8, 50)
    return config


def generate(path: Path, seed: int, config: dict[str, int]) -> Event:
    """The event ``bbpPairings --dutch -g`` plays with ``config`` from ``seed``."""
    settings = path.with_suffix(".cfg")
    settings.write_text("".join(f"{key}={value}\n" for key, value in config.items()))
    subprocess.run(
        [BBP, "--dutch", "-g", settings, "-o", path, "-s", str(seed)],
        check=True,
        capture_output=True,
        timeout=3600,
    )
    return read_trf(path.read_text())[0]


def cut_before(event: Event, round_: int) -> Event:
    """The event as it stood when round ``round_`` was paired: earlier rounds only; whoever was
    not paired in round ``round_`` (a bye asked for, a withdrawal, a late entry) has asked for
    a bye."""
    byes = []
    players = []
    for p in event.players:
        entry = p.entry(round_)
        absent = entry.opponent == 0 and entry.code != "U"
        if absent and (entry != NOT_PAIRED or any(e != NOT_PAIRED for e in p.results)):
            kind = entry.code if entry.code in "HFZ" else "Z"
            byes.append(RequestedBye(kind, round_, p.number))
        results = list(p.results[: round_ - 1])
        while results and results[-1] == NOT_PAIRED:
            results.pop()
        players.append(dataclasses.replace(p, results=tuple(results)))
    return dataclasses.replace(event, players=tuple(players), byes=tuple(byes)).rescored()


def paired_in(event: Event, round_: int) -> set[tuple[int, int]]:
    """Round ``round_``'s boards as the file records them: (white, black), the bye (n, 0)."""
    pairs = set()
    for p in event.players:
        entry = p.entry(round_)
        if entry.opponent and entry.colour == "w":
            pairs.add((p.number, entry.opponent))
        elif entry.code == "U":
            pairs.add((p.number, 0))
    return pairs


def rounds_differing(event: Event) -> list[tuple[int, str]]:
    """The rounds ≥ 2 of a played event that chesslaws pairs otherwise (players, colours)."""
    rounds = max(len(p.results) for p in event.players)
    event = dataclasses.replace(event, total_rounds=rounds)
    differing = []
    for round_ in range(2, rounds + 1):
        try:
            ours = next_pairings(cut_before(event, round_))
        except TournamentError as error:
            differing.append((round_, f"error: {error}"))
            continue
        if ours[0] != round_ or set(ours[1]) != paired_in(event, round_):
            differing.append((round_, "pairs"))
    return differing


def tiebreaks_differing(event: Event, path: Path) -> list[str]:
    """The lines of the standings (ranks and every tie-break of :data:`TIEBREAKS`) where
    chesslaws and FIDE's tie-break server, reading the generated file ``path``, differ; their
    headers first when those differ. Empty when all are equal."""
    done = subprocess.run(
        [sys.executable, TIEBREAK_SERVER, "-i", path, "-c", "-dT", "-t", *TIEBREAKS],
        capture_output=True,
        text=True,
        timeout=3600,
    )
    if done.returncode not in (0, 1):
        return [f"tiebreakchecker failed: {done.stderr.strip()[-200:]}"]
    ours = standings(event, TIEBREAKS).tsv().splitlines()
    theirs = done.stdout.splitlines()
    differing = [f"{a!r} != {b!r}" for a, b in zip(ours, theirs, strict=False) if a != b]
    if len(ours) != len(theirs):
        differing.append(f"{len(ours)} lines != {len(theirs)} lines")
    return differing


def check(seed: int, low: int, high: int, folder: Path) -> dict[str, Any]:
    """One event checked: its settings, size, rounds, what differs and the time it took."""
    config = config_for(seed, low, high)
    record: dict[str, Any] = {"seed": seed, "config": config}
    start = time.monotonic()
    try:
        event = generate(folder / f"g{seed}.trf", seed, config)
    except subprocess.CalledProcessError as error:  # no valid pairing for some round
        record["unplayable"] = error.stderr.decode(errors="replace").strip()[-200:]
        return record
    generated = time.monotonic()
    cpu = time.process_time()
    record["players"] = len(event.players)
    record["rounds"] = max(len(p.results) for p in event.players)
    entries = [(p, e) for p in event.players for e in p.results]
    record["absences"] = sum(e.opponent == 0 and e.code != "U" for _, e in entries)
    record["forfeits"] = sum(e.code in "+-" and e.opponent > 0 for _, e in entries) // 2
    record["late_entries"] = sum(
        p.entry(1).opponent == 0 and any(e.opponent for e in p.results) for p in event.players
    )
    record["withdrawals"] = sum(
        bool(p.results) and p.results[-1].opponent == 0 and p.results[-1].code != "U"
        for p in event.players
    )
    record["differing"] = rounds_differing(event)
    record["chesslaws_cpu_s"] = round(time.process_time() - cpu, 2)
    if TIEBREAK_SERVER.exists():
        record["tiebreaks_differing"] = tiebreaks_differing(event, folder / f"g{seed}.trf")[:20]
    record["generator_s"] = round(generated - start, 2)
    return record


def done_seeds(results: Path) -> set[int]:
    if not results.exists():
        return set()
    return {json.loads(line)["seed"] for line in results.read_text().splitlines() if line}


def summary(records: Iterable[dict[str, Any]]) -> str:
    records = list(records)
    played = [r for r in records if "unplayable" not in r]
    equal = [r for r in played if not r["differing"]]
    seeds = sorted(r["seed"] for r in records)
    sizes = sorted(r["players"] for r in played)
    lines = [
        f"{len(records)} seeds ({seeds[0]}-{seeds[-1]})" if seeds else "0 seeds",
        f"{len(played)} events played ({len(records) - len(played)} the generator could not pair)",
        f"{len(equal)} of {len(played)} equal to bbpPairings on every round",
        f"{sum(r['rounds'] - 1 for r in played)} rounds compared (rounds 2 and later)",
    ]
    judged = [r for r in played if "tiebreaks_differing" in r]
    if judged:
        same = sum(not r["tiebreaks_differing"] for r in judged)
        lines.append(
            f"{same} of {len(judged)} equal to FIDE's tie-break server on the ranks and "
            f"{len(TIEBREAKS)} tie-breaks ({len(played) - len(judged)} events checked before "
            "the tie-breaks were)"
        )
    if sizes:
        lines.append(
            f"players {sizes[0]}-{sizes[-1]} (median {sizes[len(sizes) // 2]}; "
            f"{sum(s > 200 for s in sizes)} events above 200); rounds "
            f"{min(r['rounds'] for r in played)}-{max(r['rounds'] for r in played)}"
        )
        lines.append(
            ", ".join(
                f"{sum(r[key] for r in played)} {key.replace('_', ' ')}"
                for key in ("absences", "forfeits", "late_entries", "withdrawals")
            )
        )
    lines += [
        f"DIFFERENT: seed {r['seed']} {r['config']}: {r['differing']}"
        for r in played
        if r["differing"]
    ]
    lines += [
        f"TIE-BREAKS DIFFERENT: seed {r['seed']}: {r['tiebreaks_differing'][:3]}"
        for r in judged
        if r["tiebreaks_differing"]
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--min-players", type=int, default=8)
    parser.add_argument("--max-players", type=int, default=400)
    parser.add_argument("--results", type=Path, default=Path("benchmarks/dutch-events.jsonl"))
    parser.add_argument("--summary", action="store_true", help="print what --results holds")
    args = parser.parse_args(argv)
    if args.summary:
        lines = args.results.read_text().splitlines() if args.results.exists() else []
        print(summary(json.loads(line) for line in lines if line))
        return 0
    if not BBP.exists():
        sys.exit(f"bbpPairings not found at {BBP}")
    done = done_seeds(args.results)
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(args.first, args.first + args.count):
            if seed in done:
                continue
            record = check(seed, args.min_players, args.max_players, Path(folder))
            with args.results.open("a") as out:
                out.write(json.dumps(record) + "\n")
            verdict = (
                "unplayable"
                if "unplayable" in record
                else ("equal" if not record["differing"] else f"DIFFERENT {record['differing']}")
            )
            if record.get("tiebreaks_differing"):
                verdict += f"; TIE-BREAKS DIFFERENT {record['tiebreaks_differing'][:3]}"
            print(f"seed {seed}: {record.get('players')} players: {verdict}", flush=True)
            for leftover in Path(folder).iterdir():
                leftover.unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
