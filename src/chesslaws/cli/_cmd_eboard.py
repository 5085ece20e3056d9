"""``chesslaws eboard``: games on an electronic board, ruled by the Laws (``docs/eboard.md``).

``chesslaws eboard replay READINGS`` reads a readings log (its first line the arbiter's
``start`` event, then lifts, places, board snapshots, lever presses and buttons) and writes the
arbiter's rulings for the events the readings make, exactly as ``chesslaws arbitrate`` writes
them for that event log; ``--events`` writes the event log instead.

``chesslaws eboard --port PORT --log FILE`` reads a DGT-compatible board on a serial port into
a game and writes its event log as it goes (rulings on standard output); ``--serve URL --seat
TOKEN`` plays it into a live game on a chesslaws server instead.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import IO, Any

from chesslaws._errors import InvalidReading
from chesslaws.arbiter import Event, Ruling
from chesslaws.cli import fail
from chesslaws.cli._i18n import _

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``eboard`` command."""
    parser = subparsers.add_parser(
        "eboard",
        help=_("an electronic board: sensor readings to the arbiter's events and rulings"),
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _tuning(parser)
    parser.add_argument(
        "--port", metavar="PORT", help=_("the board's serial port (DGT-compatible)")
    )
    parser.add_argument("--log", metavar="FILE", help=_("write the game's event log to FILE"))
    parser.add_argument(
        "--readings", metavar="FILE", help=_("also record the raw readings in FILE")
    )
    parser.add_argument("--serve", metavar="URL", help=_("a chesslaws server (ws://host:port)"))
    parser.add_argument("--game", metavar="ID", help=_("the live game's id on the server"))
    parser.add_argument(
        "--seat",
        metavar="[COLOUR=]TOKEN",
        action="append",
        default=[],
        help=_("a seat's token (white=TOKEN / black=TOKEN; once per seat played from this board)"),
    )
    parser.add_argument("--start", metavar="JSON", help=_("the game's start event (JSON)"))
    parser.add_argument("--time-control", metavar="TC", help=_("time control of a new game"))
    parser.add_argument("--fen", metavar="FEN", help=_("starting position of a new game"))
    parser.add_argument("--chess960", action="store_true", help=_("a Chess960 game (with --fen)"))
    parser.set_defaults(func=run_live)
    sub = parser.add_subparsers(dest="action", metavar="ACTION")
    replay = sub.add_parser(
        "replay", help=_("rule on a recorded readings log"), description=__doc__
    )
    replay.add_argument("file", metavar="READINGS", help=_("the readings log, or '-' for stdin"))
    replay.add_argument("--events", action="store_true", help=_("write the derived event log"))
    replay.add_argument("--notices", action="store_true", help=_("also write notices to stderr"))
    _tuning(replay)
    replay.set_defaults(func=run_replay)


def _tuning(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--debounce",
        type=int,
        default=argparse.SUPPRESS,
        metavar="MS",
        help=_("sensor flicker window (default 80 ms)"),
    )
    parser.add_argument(
        "--settle",
        type=int,
        default=argparse.SUPPRESS,
        metavar="MS",
        help=_("a move shown this long is made (default 1000 ms)"),
    )
    parser.add_argument(
        "--knock",
        type=int,
        default=argparse.SUPPRESS,
        metavar="MS",
        help=_("lifts closer than this are pieces knocked over (default 25 ms)"),
    )
    parser.add_argument(
        "--orientation",
        type=int,
        default=argparse.SUPPRESS,
        metavar="N",
        choices=(0, 1, 2, 3),
        help=_("quarter turns of the board (default: detect)"),
    )


def _options(args: argparse.Namespace) -> dict[str, int]:
    return {
        k: getattr(args, k)
        for k in ("debounce", "settle", "knock", "orientation")
        if hasattr(args, k)
    }


def run_replay(args: argparse.Namespace) -> int:
    """Rule on a readings log; exit status 0, or 2 if it (or a line of it) cannot be read."""
    from chesslaws.cli._cmd_arbitrate import arbitrate
    from chesslaws.eboard import BoardGame

    try:
        if args.file == "-":
            lines = list(sys.stdin)
        else:
            with open(args.file, encoding="utf-8") as handle:
                lines = list(handle)
    except OSError as error:
        return fail(
            _("cannot read {file}: {why}").format(file=args.file, why=error.strerror or error)
        )
    except UnicodeDecodeError as error:
        return fail(_("{file} is not UTF-8 text: {why}").format(file=args.file, why=error))
    bad: list[InvalidReading] = []
    try:
        board = BoardGame.replay(lines, on_error=bad.append, **_options(args))
    except InvalidReading as error:
        return fail(f"{args.file}: {error}")
    for problem in bad:
        print(f"chesslaws: eboard: {args.file}: {problem} (line skipped)", file=sys.stderr)
    if args.notices:
        for notice in board.notices:
            print(json.dumps(notice.to_json()), file=sys.stderr)
    events = board.event_lines()
    if args.events:
        sys.stdout.write("".join(line + "\n" for line in events))
    else:
        arbitrate(events, sys.stdout)
    return 2 if bad else 0


def _start_line(args: argparse.Namespace) -> str:
    if args.start:
        return str(args.start)
    start: dict[str, Any] = {"type": "start", "time_control": args.time_control}
    if args.fen:
        start["fen"] = args.fen
    if args.chess960:
        start["variant"] = "chess960"
    return json.dumps(start)


def run_live(args: argparse.Namespace) -> int:
    """Read a board on a serial port into an event log or a live game."""
    if args.port is None:
        return fail(_("eboard needs --port PORT (or: chesslaws eboard replay READINGS)"))
    if (args.serve is None) == (args.log is None):
        return fail(_("eboard --port needs one of --log FILE or --serve URL --seat TOKEN"))
    if args.serve is not None and not args.seat:
        return fail(_("eboard --serve needs --seat TOKEN (the seat's token; once per seat)"))
    from chesslaws.eboard import BoardGame
    from chesslaws.eboard._link import open_serial, play_board

    try:
        log: IO[str] | None = open(args.log, "w", encoding="utf-8") if args.log else None  # noqa: SIM115
        readings: IO[str] | None = (
            open(args.readings, "w", encoding="utf-8") if args.readings else None  # noqa: SIM115
        )
    except OSError as error:
        return fail(_("cannot write: {why}").format(why=error))
    forward = None
    if args.serve is not None:
        try:
            from chesslaws.cli._eboard_serve import Seats

            forward = Seats(args.serve, args.game, args.seat)
        except (RuntimeError, ValueError, OSError) as error:
            return fail(str(error))

    def on_event(event: Event, rulings: list[Ruling]) -> None:
        if log is not None:
            log.write(json.dumps(event.to_json()) + "\n")
            log.flush()
        if forward is not None:
            forward.send(event)
        for ruling in rulings:
            sys.stdout.write(json.dumps(ruling.to_json()) + "\n")
        sys.stdout.flush()

    try:
        board = BoardGame(_start_line(args), on_event=on_event, **_options(args))
    except InvalidReading as error:
        return fail(str(error))
    if log is not None:
        log.write(board.event_lines()[0] + "\n")
        log.flush()
    try:
        link = open_serial(args.port)
    except (RuntimeError, OSError, ValueError) as error:
        return fail(_("cannot open {port}: {why}").format(port=args.port, why=error))
    origin = time.monotonic()

    def now() -> int:
        return int((time.monotonic() - origin) * 1000)

    def record(reading: Any) -> None:
        if readings is not None:
            readings.write(json.dumps(reading.to_json()) + "\n")
            readings.flush()

    if readings is not None:
        readings.write(board.event_lines()[0] + "\n")
    try:
        play_board(link, board, now=now, on_reading=record)
    except KeyboardInterrupt:
        board.finish()
    finally:
        link.close()
        for handle in (log, readings):
            if handle is not None:
                handle.close()
        if forward is not None:
            forward.close()
    return 0
