"""Throughput of the arbiter: events per second through ``Game``, side by side with python-chess.

The self-play games of ``../shared/data/pgn/selfplay.pgn`` (1,500 engine games at 180+2 with
``[%clk]`` comments) are turned into event logs: a ``start`` with the game's time control, then
for every ply a ``move`` (UCI) and a ``press`` at the instant the clock comment implies (the
mover's time before the move, plus the increment, minus what the clock showed after it). Each
log is fed to a fresh :class:`chesslaws.Game`, once as event objects (``Game.handle``) and once as
JSON lines (``Game.handle_json``), and the events per second are printed. Every game must end
with the same result the PGN records when that result is an automatic ending (checkmate,
stalemate, ...); engine games that stop by adjudication are simply left unfinished.

Side by side (the issue's yardstick): per ply, python-chess's ``Board.push_uci`` and the bare
``Board.outcome()`` (legality, checkmate, stalemate, insufficient material, seventy-five moves,
fivefold repetition) against the move-and-press pair through ``Game.handle_json`` (the same
and more: SAN, touch-move, the clock, the dead-position test of 5.2.2, the repetition count),
and through ``Game.handle`` with the events already read. Times are CPU seconds of this process
(``time.process_time``), best of ``--rounds`` interleaved rounds, so other work on the machine
weighs less on the ratio.

Usage: ``python benchmarks/bench_arbiter.py [--games N] [--rounds R] [--data PATH]``
(``--games 0``: all).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

from chesslaws import Game, pgn
from chesslaws.arbiter import MoveMade, Press, Start, parse_event
from chesslaws.clock import TimeControl, parse_clock_comment

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pgn"


def event_logs(path: Path, limit: int, recorded: list[str]) -> list[list[str]]:
    """One JSON event log per game of the PGN file (the first ``limit`` games; 0: all); each
    game's recorded result is appended to ``recorded``."""
    logs: list[list[str]] = []
    for game in pgn.read_games(path, max_games=limit or None):
        if not game.ok:
            continue
        control = game.tags.get("TimeControl", "180+2")
        periods = TimeControl.parse(control).periods
        increment = periods[0].increment if periods else 0
        lines = [json.dumps({"type": "start", "time_control": control})]
        left = [periods[0].time, periods[0].time] if periods else [0, 0]
        position = game.start()
        at_ms = 0
        for ply, move in enumerate(game.moves):
            mover = ply % 2
            clk, _ = parse_clock_comment(game.main.comments.get(ply, ""))
            if clk is not None:
                at_ms += max(0, left[mover] + increment - clk)
                left[mover] = clk
            side = "white" if mover == 0 else "black"
            at = at_ms / 1000
            lines.append(
                json.dumps({"type": "move", "at": at, "by": side, "move": position.uci(move)})
            )
            lines.append(json.dumps({"type": "press", "at": at, "by": side}))
            position.push(move)
        logs.append(lines)
        recorded.append(game.recorded_result)
    return logs


def run(
    logs: list[list[str]], *, as_json: bool, results: list[str] | None = None
) -> tuple[float, int, int]:
    """(seconds, events, games that ended) for feeding every log to a new Game; the result of
    each game (``*`` if it did not end) is appended to ``results``."""
    if as_json:
        feeds: list[list[object]] = [list(log) for log in logs]
    else:
        feeds = [[parse_event(line) for line in log] for log in logs]
    events = sum(len(feed) for feed in feeds)
    ended = 0
    start = time.perf_counter()
    for feed in feeds:
        game = Game()
        if as_json:
            for line in feed:
                game.handle_json(line)  # type: ignore[arg-type]
        else:
            for event in feed:
                game.handle(event)  # type: ignore[arg-type]
        ended += game.is_over
        if results is not None:
            results.append(game.result or "*")
    return time.perf_counter() - start, events, ended


def peer(logs: list[list[str]]) -> float:
    """CPU seconds for python-chess to push every move (UCI) and ask ``outcome()`` after each."""
    import chess

    games = [[json.loads(line)["move"] for line in log[1::2]] for log in logs]
    start = time.process_time()
    for moves in games:
        board = chess.Board()
        for uci in moves:
            board.push_uci(uci)
            board.outcome()
    return time.process_time() - start


def peer_with_scoresheet(logs: list[list[str]]) -> float:
    """CPU seconds for python-chess to do more of the arbiter's per-ply work: read the move's
    and the press's JSON lines, write the move's SAN (``Board.san``: disambiguation, check and
    mate marks), push it and ask ``outcome()``. Still no clock, touch-move or dead-position test
    (python-chess has none)."""
    import chess

    games = [log[1:] for log in logs]
    start = time.process_time()
    for lines in games:
        board = chess.Board()
        for i in range(0, len(lines), 2):
            move = chess.Move.from_uci(json.loads(lines[i])["move"])
            json.loads(lines[i + 1])
            if move not in board.legal_moves:
                raise ValueError(f"illegal move {move} in the benchmark's log")
            board.san(move)
            board.push(move)
            board.outcome()
    return time.process_time() - start


def ours(logs: list[list[str]], *, as_json: bool) -> float:
    """CPU seconds for ``Game`` to take every log (JSON lines, or events read beforehand)."""
    feeds: list[list[object]] = (
        [list(log) for log in logs] if as_json else [[parse_event(x) for x in log] for log in logs]
    )
    start = time.process_time()
    for feed in feeds:
        game = Game()
        if as_json:
            take = game.handle_json
            for line in feed:
                take(line)  # type: ignore[arg-type]
        else:
            handle = game.handle
            for event in feed:
                handle(event)  # type: ignore[arg-type]
    return time.process_time() - start


def side_by_side(logs: list[list[str]], rounds: int) -> None:
    """Print the per-ply table: python-chess push + outcome against a move-and-press pair."""
    plies = sum((len(log) - 1) // 2 for log in logs)
    best = {name: float("inf") for name in ("peer", "sheet", "json", "events")}
    for _ in range(rounds):
        best["peer"] = min(best["peer"], peer(logs))
        best["sheet"] = min(best["sheet"], peer_with_scoresheet(logs))
        best["json"] = min(best["json"], ours(logs, as_json=True))
        best["events"] = min(best["events"], ours(logs, as_json=False))
    per = {name: seconds / plies * 1e6 for name, seconds in best.items()}
    print(f"side by side, {plies} plies, best of {rounds} rounds (CPU time):")
    print(f"{'per ply':<48}{'us':>8}{'ratio':>8}")
    print(f"{'python-chess push_uci + outcome()':<48}{per['peer']:>8.1f}{'':>8}")
    for name, label in (
        ("json", "chesslaws handle_json(move) + handle_json(press)"),
        ("events", "chesslaws handle(move) + handle(press)"),
    ):
        print(f"{label:<48}{per[name]:>8.1f}{per['peer'] / per[name]:>7.2f}x")
    print()
    print("| per ply | µs | ratio |")
    print("| --- | ---: | ---: |")
    print(f"| python-chess `push_uci` + `outcome()` | {per['peer']:.1f} | |")
    ratio = per["peer"] / per["json"]
    print(f"| `Game.handle_json` move + press | {per['json']:.1f} | {ratio:.2f}× |")
    print(
        f"| `Game.handle` move + press (events read) | {per['events']:.1f} | "
        f"{per['peer'] / per['events']:.2f}× |"
    )
    print()
    print("Beside python-chess doing more of the same work (reading both JSON lines, legality,")
    print("`Board.san`, `push`, `outcome()`; no clock, touch-move or dead-position test):")
    print("| per ply | µs | ratio |")
    print("| --- | ---: | ---: |")
    print(f"| python-chess JSON + `san` + `push` + `outcome()` | {per['sheet']:.1f} | |")
    ratio = per["sheet"] / per["json"]
    print(f"| `Game.handle_json` move + press | {per['json']:.1f} | {ratio:.2f}× |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games to play (0: all)")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA / "selfplay.pgn")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (best kept)")
    parser.add_argument("--side-by-side-only", action="store_true", help="skip the events/s table")
    args = parser.parse_args(argv)
    if not args.data.exists():
        print(f"no data at {args.data}", file=sys.stderr)
        return 2
    recorded: list[str] = []
    logs = event_logs(args.data, args.games, recorded)
    assert all(isinstance(parse_event(log[0]), Start) for log in logs)
    assert isinstance(parse_event(logs[0][1]), MoveMade)
    assert isinstance(parse_event(logs[0][2]), Press)
    print(f"arbiter throughput: {len(logs)} games of {args.data.name}")
    print(
        f"python {platform.python_version()} on {platform.machine()}, {time.strftime('%Y-%m-%d')}"
    )
    side_by_side(logs, max(1, args.rounds))
    if args.side_by_side_only:
        return 0
    print()
    print(f"{'input':<16}{'events':>10}{'seconds':>10}{'events/s':>12}{'games ended':>13}")
    results: list[str] = []
    for as_json in (False, True):
        seconds, events, ended = run(logs, as_json=as_json, results=results)
        label = "JSON lines" if as_json else "event objects"
        print(f"{label:<16}{events:>10}{seconds:>10.2f}{events / seconds:>12,.0f}{ended:>13}")
    ours = results[: len(logs)]
    agree = sum(1 for a, b in zip(ours, recorded, strict=False) if a != "*" and a == b)
    differ = sum(1 for a, b in zip(ours, recorded, strict=False) if a != "*" and a != b)
    print(f"games ended by the arbiter with the PGN's result: {agree}; with another: {differ}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
