"""A Dutch-system round (C.04.3) paired by chesslaws beside bbpPairings, on the same event.

bbpPairings' generator plays a Swiss of ``--players`` over ``--rounds``; the event is cut
before round ``--round`` (default: the last) and that round is paired by both: chesslaws'
``next_pairings`` in this process (CPU seconds, best of ``--repeat``) and
``bbpPairings --dutch -p`` (CPU seconds of the child process). Their outputs must be equal.
Needs ``../shared/tools``.

Usage: ``python benchmarks/bench_dutch.py [--players N] [--rounds R] [--round K] [--seed S]
[--played FILE]`` (``--played``: a tournament the generator played earlier, ``-o FILE``, instead
of generating one; 400 players × 9 rounds take it minutes).
"""

from __future__ import annotations

import argparse
import dataclasses
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from chesslaws.tournament import read_trf, write_trf
from chesslaws.tournament.pairing import next_pairings, pairs_text
from dutch_events import BBP, cut_before


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--round", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--played", type=Path)
    args = parser.parse_args()
    if not BBP.exists():
        sys.exit(f"bbpPairings not found at {BBP}")
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder, "rtg.cfg")
        config.write_text(f"PlayersNumber={args.players}\nRoundsNumber={args.rounds}\n")
        played = args.played or Path(folder, "played.trf")
        if not args.played:
            subprocess.run(
                [BBP, "--dutch", "-g", config, "-o", played, "-s", str(args.seed)],
                check=True,
                capture_output=True,
            )
        event = read_trf(played.read_text())[0]
        round_ = args.round or args.rounds
        event = cut_before(dataclasses.replace(event, total_rounds=args.rounds), round_)
        cut = Path(folder, "cut.trf")
        cut.write_text(write_trf(event))
        before = child_cpu()
        done = subprocess.run([BBP, "--dutch", cut, "-p"], capture_output=True, text=True)
        theirs = child_cpu() - before
        ours = float("inf")
        for _ in range(args.repeat):
            start = time.process_time()
            pairs = next_pairings(event)[1]
            ours = min(ours, time.process_time() - start)
    same = done.stdout == pairs_text(pairs)
    print(
        f"{args.players} players, round {round_} of {args.rounds}: chesslaws {ours:.2f} s, "
        f"bbpPairings {theirs:.3f} s, ratio {ours / max(theirs, 1e-3):.1f}x; "
        f"{'equal' if same else 'DIFFERENT'}"
    )


if __name__ == "__main__":
    main()
