"""``chesslaws tournament new|add|bye|withdraw|pair|result|standings|export|import`` on a TRF.

Every action reads the tournament file, applies the change through
:mod:`chesslaws.tournament` and writes the file back (TRF-2026); nothing here decides anything
the library does not.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from chesslaws.cli import fail
from chesslaws.cli._i18n import _
from chesslaws.tournament import (
    Event,
    Player,
    TournamentError,
    TrfError,
    TrfNote,
    parse_tiebreak,
    read_trf,
    standings,
    write_trf,
)
from chesslaws.tournament.pairing import next_pairings, pairs_text
from chesslaws.tournament.trf import decode_trf

__all__ = ["register"]

SYSTEMS = {
    "dutch": "FIDE_DUTCH_2025",
    "round-robin": "Round robin",
    "double-round-robin": "Double round robin",
}
DEFAULT_TIEBREAKS = "PTS,BH/C1,BH,SB,DE"


def register(subparsers: Any) -> None:
    """Add the ``tournament`` command and its actions."""
    parser = subparsers.add_parser(
        "tournament",
        help=_("run an event on a TRF file: players, pairings, results, standings (C.05, C.07)"),
        description=_("An event kept in a FIDE Tournament Report File (TRF-2026)."),
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    _register_new(actions)
    _register_add(actions)
    _register_byes(actions)
    _register_pair(actions)
    _register_result(actions)
    _register_standings(actions)
    _register_export(actions)


def _file(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, metavar="T.trf", help=_("the tournament file"))


def _register_new(actions: Any) -> None:
    p = actions.add_parser("new", help=_("create a tournament file"))
    _file(p)
    p.add_argument("--name", required=True)
    p.add_argument("--city", default="")
    p.add_argument("--federation", default="")
    p.add_argument("--start", default="", help="YYYY/MM/DD")
    p.add_argument("--end", default="", help="YYYY/MM/DD")
    p.add_argument("--arbiter", default="", help=_("the chief arbiter"))
    p.add_argument("--rounds", type=int, help=_("planned number of rounds"))
    p.add_argument("--system", choices=SYSTEMS, default="dutch")
    p.add_argument("--time-control", default="", help=_("tag 222, e.g. 40/6000+30:900+30"))
    p.add_argument("--tiebreaks", default="", help=_("comma-separated, e.g. PTS,BH/C1,BH,SB"))
    p.add_argument(
        "--initial-colour",
        choices=["W", "B"],
        default="",
        help=_("board 1's top player in round 1"),
    )
    p.add_argument("--force", action="store_true", help=_("overwrite an existing file"))
    p.set_defaults(func=_run, action_func=_new)


def _register_add(actions: Any) -> None:
    p = actions.add_parser("add", help=_("register a player (after round 1: a late entry)"))
    _file(p)
    p.add_argument("name", help="Lastname, Firstname")
    p.add_argument("--number", type=int, help=_("pairing number (default: the next free)"))
    p.add_argument("--rating", type=int)
    p.add_argument("--federation", default="")
    p.add_argument("--fide-id", type=int)
    p.add_argument("--title", default="")
    p.add_argument("--sex", default="", choices=["", "m", "w"])
    p.add_argument("--birth", default="", help="YYYY/MM/DD")
    p.set_defaults(func=_run, action_func=_add)


def _register_byes(actions: Any) -> None:
    p = actions.add_parser("bye", help=_("a bye requested before its round is paired"))
    _file(p)
    p.add_argument("player", type=int)
    p.add_argument("round", type=int)
    p.add_argument("--kind", choices=["H", "F", "Z"], default="H", help=_("points: H ½, F 1, Z 0"))
    p.set_defaults(func=_run, action_func=_bye)
    w = actions.add_parser("withdraw", help=_("a player withdraws from a round on"))
    _file(w)
    w.add_argument("player", type=int)
    w.add_argument("round", type=int, help=_("the first round he misses"))
    w.set_defaults(func=_run, action_func=_withdraw)


def _register_pair(actions: Any) -> None:
    p = actions.add_parser(
        "pair",
        help=_(
            "print the next round's pairings as bbpPairings -p does (round-robin; Swiss: round 1)"
        ),
    )
    _file(p)
    p.add_argument("--write", action="store_true", help=_("also enter them in the file"))
    p.set_defaults(func=_run, action_func=_pair)


def _register_result(actions: Any) -> None:
    p = actions.add_parser("result", help=_("enter or correct a game's result"))
    _file(p)
    p.add_argument("round", type=int)
    p.add_argument("white", type=int, help=_("white's pairing number"))
    p.add_argument(
        "result",
        help=_("white's TRF code: 1, =, 0; + or - (forfeit), -- (both absent); W, D, L (unrated)"),
    )
    p.set_defaults(func=_run, action_func=_result)


def _register_standings(actions: Any) -> None:
    p = actions.add_parser("standings", help=_("ranks and tie-breaks (C.07)"))
    _file(p)
    p.add_argument(
        "--tiebreaks", help=f"comma-separated (default: the file's, or {DEFAULT_TIEBREAKS})"
    )
    p.add_argument("--format", choices=["text", "tsv", "json"], default="text")
    p.add_argument("--rules", choices=["2024", "2026"], help=_("C.07's edition (default: by date)"))
    p.add_argument("--unrated", type=int, help=_("rating given to unrated players (ARO, TPR)"))
    p.add_argument("--round", type=int, help=_("the standings after this round"))
    kind = p.add_mutually_exclusive_group()
    kind.add_argument("--round-robin", dest="round_robin", action="store_true", default=None)
    kind.add_argument("--swiss", dest="round_robin", action="store_false")
    p.set_defaults(func=_run, action_func=_standings)


def _register_export(actions: Any) -> None:
    e = actions.add_parser("export", help=_("write the event as TRF-2026 (stdout or -o)"))
    _file(e)
    e.add_argument("-o", "--output", type=Path)
    e.set_defaults(func=_run, action_func=_export)
    i = actions.add_parser("import", help=_("read another program's TRF into a tournament file"))
    i.add_argument("source", type=Path, help=_("TRF-16, TRF(x), TRF(bx) or TRF-2026"))
    _file(i)
    i.add_argument("--force", action="store_true", help=_("overwrite an existing file"))
    i.set_defaults(func=_run, action_func=_import)


# -- actions --------------------------------------------------------------------------------


def _load(path: Path, *, quiet: bool = True) -> Event:
    try:
        text, decoding = decode_trf(path.read_bytes())
    except OSError as error:
        raise TournamentError(f"cannot read {path}: {error.strerror}", field="file") from None
    event, notes = read_trf(text)
    if not quiet:
        _print_notes(path, (*decoding, *notes))
    return event


def _print_notes(path: Path, notes: tuple[TrfNote, ...]) -> None:
    for note in notes:
        print(f"{path}: {note}", file=sys.stderr)


def _save(path: Path, event: Event, *, force: bool = True) -> None:
    if not force and path.exists():
        raise TournamentError(f"{path} exists (--force to overwrite)", field="file")
    text = write_trf(event)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8", newline="")
    os.replace(temporary, path)


def _run(args: argparse.Namespace) -> int:
    try:
        status: int = args.action_func(args)
    except (TournamentError, TrfError) as error:
        return fail(f"{args.file}: {error}")
    return status


def _new(args: argparse.Namespace) -> int:
    event = Event(
        name=args.name,
        city=args.city,
        federation=args.federation,
        start=args.start,
        end=args.end,
        chief_arbiter=args.arbiter,
        system=SYSTEMS[args.system],
        total_rounds=args.rounds,
        time_control=args.time_control,
        initial_colour=args.initial_colour,
        tiebreaks=tuple(t.strip() for t in args.tiebreaks.split(",") if t.strip()),
    )
    event.time_controls()  # a control the clock cannot read is refused here
    for name in event.tiebreaks:
        parse_tiebreak(name)
    _save(args.file, event, force=args.force)
    return 0


def _add(args: argparse.Namespace) -> int:
    if len(args.name) > 33:
        raise TournamentError("a name has at most 33 characters (TRF)", field="name")
    event = _load(args.file)
    number = args.number or max((p.number for p in event.players), default=0) + 1
    player = Player(
        number,
        args.name,
        args.rating,
        args.federation,
        args.fide_id,
        args.title,
        args.sex,
        args.birth,
    )
    _save(args.file, event.add_player(player))
    print(number)
    return 0


def _changing(
    change: Callable[[Event, argparse.Namespace], Event],
) -> Callable[[argparse.Namespace], int]:
    """An action that reads the file, changes the event and writes it back."""

    def action(args: argparse.Namespace) -> int:
        _save(args.file, change(_load(args.file), args))
        return 0

    return action


_bye = _changing(lambda event, a: event.request_bye(a.player, a.round, a.kind))
_withdraw = _changing(lambda event, a: event.withdraw(a.player, a.round))
_result = _changing(lambda event, a: event.set_result(a.round, a.white, a.result))


def _pair(args: argparse.Namespace) -> int:
    event = _load(args.file)
    round_, pairs = next_pairings(event)
    if args.write:
        free_round = " " if event.is_round_robin else "U"
        _save(args.file, event.pair_round(round_, pairs, bye=free_round))
    sys.stdout.write(pairs_text(pairs))
    return 0


def _standings(args: argparse.Namespace) -> int:
    event = _load(args.file)
    names = args.tiebreaks or ",".join(event.tiebreaks) or DEFAULT_TIEBREAKS
    table = standings(
        event,
        [n for n in names.split(",") if n.strip()],
        rules=args.rules,
        round_robin=args.round_robin,
        unrated=args.unrated,
        after_round=args.round,
    )
    if args.format == "tsv":
        sys.stdout.write(table.tsv())
        return 0
    names_by_number = {p.number: p.name for p in event.players}
    rows = [
        {"rank": rank, "number": number, "name": names_by_number[number]}
        | {str(tb): _plain(v) for tb, v in zip(table.tiebreaks, values, strict=True)}
        for rank, number, values in table.ranked()
    ]
    if args.format == "json":
        print(json.dumps(rows, indent=2))
        return 0
    _print_table(rows)
    return 0


def _print_table(rows: list[dict[str, object]]) -> None:
    """Columns padded to their widths; the name left-aligned, numbers right-aligned."""
    headers = list(rows[0]) if rows else ["rank", "number", "name"]
    cells = [["-" if row[h] is None else str(row[h]) for h in headers] for row in rows]
    widths = [max(len(h), *(len(c[k]) for c in cells)) for k, h in enumerate(headers)]
    for line in [headers, *cells]:
        padded = [
            c.ljust(w) if h == "name" else c.rjust(w)
            for c, w, h in zip(line, widths, headers, strict=True)
        ]
        print("  ".join(padded).rstrip())


def _plain(value: object) -> object:
    return value if value is None or isinstance(value, int) else str(value)


def _export(args: argparse.Namespace) -> int:
    event = _load(args.file, quiet=False)
    if args.output:
        _save(args.output, event)
    else:
        sys.stdout.write(write_trf(event, newline="\n"))
    return 0


def _import(args: argparse.Namespace) -> int:
    source: Path = args.source
    event = _load(source, quiet=False)
    _save(args.file, event, force=args.force)
    told = _("{players} players, {rounds} rounds")
    print(told.format(players=len(event.players), rounds=event.rounds_paired))
    return 0
