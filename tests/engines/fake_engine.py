"""A scripted UCI engine for the match tests: plays a legal move at once, or misbehaves on cue.

``python fake_engine.py [--name N] [--illegal-at K,...] [--crash-at K] [--stall-at K]
[--garbage-at K] [--late-at K] [--stream-at K] [--flood-at K [--flood-mb MB] [--noise]]
[--think MS] [--score CP] [--script FILE] [--log FILE] [--child FILE]``

On its K-th ``go`` (1-based, counted over the whole process) it plays an illegal move, exits,
stops answering anything (``isready`` included), prints garbage and a ``bestmove`` that is no
move, thinks until told ``stop``, writes ``info`` and unknown lines without end (deaf to
``stop``; ``--stream-at 0``: in answer to ``uci``), or writes ``--flood-mb`` megabytes of
``info`` (of unknown lines with ``--noise``) before its move. Otherwise it plays the first legal
move in UCI order after ``--think`` ms, reporting the score ``--score``; the move is chosen when
``position`` arrives, so answering ``go`` is instant. With ``--script`` (a file of UCI moves of
one game) it plays the script's move for the ply it is asked about, with no move generation at
all: the benchmark's engine, answering in microseconds. With ``--log`` it appends every ``go``
line it receives to the file, so that tests can check what it was told. With ``--child`` it
starts a child process that sleeps a minute (holding the output open), and writes the child's
process id to the file.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

if "--script" not in sys.argv:
    from chesslaws import Position


def _first_legal(position: Position) -> str:
    return min(position.uci(m) for m in position.legal_moves())


def _illegal(position: Position) -> str:
    legal = {position.uci(m) for m in position.legal_moves()}
    for text in sorted(legal):
        for file in "abcdefgh":
            for rank in "12345678":
                candidate = text[:2] + file + rank
                if candidate not in legal and candidate[2:] != text[:2]:
                    return candidate
    return "a1a1"


def _position(tokens: list[str]) -> Position:
    if tokens[1] == "startpos":
        position, rest = Position(), tokens[2:]
    else:
        end = tokens.index("moves") if "moves" in tokens else len(tokens)
        position, rest = Position.from_fen(" ".join(tokens[2:end])), tokens[end:]
    for move in rest[1:]:
        position.push_uci(move)
    return position


def _scripted(script: list[str]) -> None:
    out = sys.stdout
    reply = "0000"
    for line in sys.stdin:
        command = line[:10]
        if command.startswith("position"):
            tokens = line.split()
            played = len(tokens) - tokens.index("moves") - 1 if "moves" in tokens else 0
            reply = script[played] if played < len(script) else "0000"
        elif command.startswith("go"):
            out.write(f"info depth 1 score cp 0 nodes 1 time 0\nbestmove {reply}\n")
        elif command.startswith("isready"):
            out.write("readyok\n")
        elif command.startswith("ucinewgame"):
            continue
        elif command.startswith("uci"):
            out.write("id name script\nuciok\n")
        elif command.startswith("quit"):
            return
        out.flush()


def _stream() -> None:
    """``info`` and lines no protocol knows, without end, whatever the driver says."""
    out = sys.stdout
    number = 0
    while True:
        number += 1
        out.write(f"info depth {number % 99} score cp 1 nodes {number}\nnoise {number}\n")
        if number % 100 == 0:
            out.flush()


def _flood(megabytes: float, noise: bool) -> None:
    """``megabytes`` of ``info`` lines (a verbose engine's search), or of lines no protocol
    knows (``noise``), written at once."""
    line = b"info depth 20 seldepth 30 multipv 1 score cp 13 nodes 123456 nps 1000000 pv e2e4\n"
    if noise:
        line = b"noise: a line the UCI protocol does not know, which a driver must skip\n"
    sys.stdout.flush()
    sys.stdout.buffer.write(line * int(megabytes * 1_000_000 / len(line)))


def _start_child(path: str) -> None:
    import subprocess

    child = subprocess.Popen(["sleep", "60"], stdout=sys.stdout, stdin=subprocess.DEVNULL)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(str(child.pid))


def _numbers(text: str) -> tuple[int, ...]:
    return tuple(int(word) for word in text.split(","))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--name", default="fake")
    for cue in ("illegal", "crash", "stall", "garbage", "late", "stream", "flood"):
        parser.add_argument(f"--{cue}-at", type=_numbers, default=())
    parser.add_argument("--think", type=int, default=0)
    parser.add_argument("--score", type=int, default=0)
    parser.add_argument("--script", default=None)
    parser.add_argument("--log", default=None)
    parser.add_argument("--flood-mb", type=float, default=10)
    parser.add_argument("--noise", action="store_true")
    parser.add_argument("--child", default=None)
    args = parser.parse_args()
    if args.child is not None:
        _start_child(args.child)
    if args.script is not None:
        with open(args.script, encoding="utf-8") as handle:
            _scripted(handle.read().split())
        return
    out = sys.stdout
    gos = 0
    reply = "0000"
    position = Position()
    thinking = False
    for line in sys.stdin:
        tokens = line.split()
        if not tokens:
            continue
        command = tokens[0]
        if command == "uci":
            if 0 in args.stream_at:  # --stream-at 0: from the first word on
                _stream()
            out.write(f"id name {args.name}\noption name Hash type spin default 1 min 1 max 8\n")
            out.write("uciok\n")
        elif command == "isready":
            out.write("readyok\n")
        elif command == "position":
            position = _position(tokens)
            reply = _first_legal(position) if position.legal_moves() else "0000"
        elif command == "go":
            started = time.perf_counter_ns()
            gos += 1
            if args.log is not None:
                with open(args.log, "a", encoding="utf-8") as log:
                    log.write(line.strip() + "\n")
            if gos in args.crash_at:
                os._exit(3)
            if gos in args.stall_at:
                for _ in sys.stdin:  # deaf and dumb from now on
                    pass
                return
            if gos in args.late_at:
                thinking = True
                out.flush()
                continue
            if gos in args.stream_at:
                _stream()
            if gos in args.flood_at:
                _flood(args.flood_mb, args.noise)
            if gos in args.garbage_at:
                out.write("\x00\x01garbage \xff\xfe\n")
                out.write("bestmove zz99\n")
                out.flush()
                continue
            move = _illegal(position) if gos in args.illegal_at else reply
            if args.think:
                time.sleep(args.think / 1000)
            spent = time.perf_counter_ns() - started
            out.write(f"info depth 1 score cp {args.score} nodes 1 time {spent // 1_000_000}\n")
            out.write(f"bestmove {move}\n")
        elif command == "stop" and thinking:
            thinking = False
            out.write(f"bestmove {reply}\n")
        elif command == "quit":
            return
        out.flush()


if __name__ == "__main__":
    main()
