"""``chesslaws eboard``: games on an electronic board, ruled by the Laws (``docs/eboard.md``).

``chesslaws eboard replay READINGS`` reads a readings log (its first line the arbiter's
``start`` event, then lifts, places, board snapshots, lever presses and buttons) and writes the
arbiter's rulings for the events the readings make, exactly as ``chesslaws arbitrate`` writes
them for that event log; ``--events`` writes the event log instead.

``chesslaws eboard --port PORT --log FILE`` reads a DGT-compatible board on a serial port into
a game and writes its event log as it goes (rulings on standard output); ``--serve URL --seat
TOKEN`` plays it into a live game on a chesslaws server instead, the server its only arbiter
(the rulings shown are the server's).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Iterator
from typing import IO, Any

from chesslaws import _words
from chesslaws._errors import InvalidReading
from chesslaws.cli import fail
from chesslaws.cli._i18n import _, render

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``eboard`` command."""
    parser = subparsers.add_parser(
        "eboard",
        help=_("an electronic board: sensor readings to the arbiter's events and rulings"),
        description=_(str(__doc__)),
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
        "replay", help=_("rule on a recorded readings log"), description=_(str(__doc__))
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
    parser.add_argument(
        "--profile",
        default=argparse.SUPPRESS,
        choices=("standard", "tactile"),
        help=_("the kind of board: 'tactile' is Appendix D's, every lift a touch (D.2.2)"),
    )


def _options(args: argparse.Namespace) -> dict[str, Any]:
    from chesslaws.eboard import profile_named

    options = {
        k: getattr(args, k)
        for k in ("debounce", "settle", "knock", "orientation")
        if hasattr(args, k)
    }
    if hasattr(args, "profile"):
        options["profile"] = profile_named(args.profile)
    return options


def run_replay(args: argparse.Namespace) -> int:
    """Rule on a readings log; exit status 0, or 2 if it (or a line of it) cannot be read.

    The log is streamed: read a line at a time, its events ruled and written as they come, so a
    log of millions of readings takes the memory of one game.
    """
    try:
        if args.file == "-":
            handle: IO[bytes] = sys.stdin.buffer
        else:
            handle = open(args.file, "rb")  # noqa: SIM115
    except OSError as error:
        return fail(
            _("cannot read {file}: {why}").format(file=args.file, why=error.strerror or error)
        )
    bad: list[InvalidReading] = []
    try:
        with handle if args.file != "-" else contextlib.nullcontext(handle):
            return _replay(args, handle, bad)
    except InvalidReading as error:
        return fail(_("{file}: {why}").format(file=args.file, why=render(_words.said(error))))
    except OSError as error:
        why = error.strerror or error
        return fail(_("cannot read {file}: {why}").format(file=args.file, why=why))


def _replay(args: argparse.Namespace, handle: IO[bytes], bad: list[InvalidReading]) -> int:
    from chesslaws.cli._cmd_arbitrate import arbitrate
    from chesslaws.eboard import BoardGame, Notice
    from chesslaws.eboard._session import opening

    numbered = enumerate(handle)
    board = BoardGame(opening(numbered), keep=False, **_options(args))

    def skip(problem: InvalidReading) -> None:
        bad.append(problem)
        told = _("chesslaws: eboard: {file}: {problem} (line skipped)")
        print(told.format(file=args.file, problem=render(_words.said(problem))), file=sys.stderr)

    def event_lines() -> Iterator[str]:
        yield json.dumps(board.start.to_json())
        for said in board.play(numbered, on_error=skip):
            if isinstance(said, Notice):
                if args.notices:  # its text in the reader's language, its code beside it
                    told = {**said.to_json(), "text": render(said.text)}
                    print(json.dumps(told, ensure_ascii=False), file=sys.stderr)
                continue
            yield json.dumps(said.event.to_json())

    if args.events:
        for line in event_lines():
            sys.stdout.write(line + "\n")
    else:
        arbitrate(event_lines(), sys.stdout)
    return 2 if bad else 0


def _start_line(args: argparse.Namespace, view: dict[str, Any] | None) -> str:
    """The game's start event: ``--start``, or from the options (with ``--serve``, the
    server's game: its time control, unless given)."""
    if args.start:
        return str(args.start)
    time_control = args.time_control
    if time_control is None and view is not None:
        time_control = view.get("time_control") or "-"
    start: dict[str, Any] = {"type": "start", "time_control": time_control}
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
    from chesslaws.eboard import BoardGame, Notice, Reading, Ruled
    from chesslaws.eboard._link import open_serial, play_board

    server = None
    if args.serve is not None:
        try:
            from chesslaws.cli._eboard_serve import ServerArbiter

            server = ServerArbiter(args.serve, args.game, args.seat, chess960=args.chess960)
        except (RuntimeError, ValueError, OSError, TimeoutError) as error:
            return fail(f"{args.serve}: {error}")
    try:
        start = _start_line(args, server.view if server is not None else None)
        board = BoardGame(start, arbiter=server, **_options(args))
        log = _open(args.log)
        readings = _open(args.readings)
    except InvalidReading as error:
        return fail(_words.said(error))
    except OSError as error:
        return fail(_("cannot write: {why}").format(why=error))
    for handle in (log, readings):
        _write(handle, board.start.to_json())
    try:
        link = open_serial(args.port)
    except (RuntimeError, OSError, ValueError) as error:
        return fail(_("cannot open {port}: {why}").format(port=args.port, why=error))
    origin = time.monotonic()

    def now() -> int:
        return int((time.monotonic() - origin) * 1000)

    def record(reading: Reading) -> None:
        _write(readings, reading.to_json())

    def show(said: Ruled | Notice) -> None:
        if isinstance(said, Notice):
            return
        _write(log, said.event.to_json())
        for ruling in said.rulings:
            _write(sys.stdout, ruling.to_json())

    try:
        play_board(link, board, now=now, on_reading=record, on_said=show)
    except KeyboardInterrupt:
        for said in board.finish():
            show(said)
    except ConnectionError as error:  # the server went away (--serve)
        return fail(f"{args.serve}: {error}")
    finally:
        link.close()
        for handle in (log, readings):
            if handle is not None:
                handle.close()
        if server is not None:
            server.close()
    return 0


def _open(path: str | None) -> IO[str] | None:
    return open(path, "w", encoding="utf-8") if path else None


def _write(handle: IO[str] | None, obj: dict[str, Any]) -> None:
    """One JSON line, flushed (the log is read as the game goes)."""
    if handle is not None:
        handle.write(json.dumps(obj) + "\n")
        handle.flush()
