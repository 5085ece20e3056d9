"""``chesslaws match``: an engine match under FIDE clocks, refereed by the arbiter.

    chesslaws match -engine cmd=CMD [name=NAME] [tc=TC] [option.NAME=VALUE]... -engine ...
        -each tc=TC [grace=MS] -games N [-rounds R] [-repeat]
        [-openings file=F format=epd|pgn order=sequential|random plies=N] [-concurrency N]
        [-pgnout FILE] [-eventsout DIR] [-sprt elo0=A elo1=B alpha=X beta=Y]
        [-resign movecount=N score=CP]
        [-draw movenumber=N movecount=N score=CP] [-maxmoves N] [-recover]
        [-illegal lose|fide] [-claims auto|never] [-srand N] [-event NAME] [--json]

TC is the clock's syntax (40/5400+30:1800+30, 300d5, 300b5) or cutechess's moves/time+inc
with fractional seconds (10+0.1, 40/60+0.6, 1:30+1); tc= in an -engine is that engine's own
control (time odds: any two controls, each engine's clock runs its own). Each game goes to
the PGN file as soon as it ends, and its event log to DIR/game-N.jsonl (chesslaws arbitrate
rules it the same way). Progress goes to standard error (a rich progress bar on a
terminal when rich is installed, else one line per game); the summary is the last lines of
standard output, or one JSON object with --json. Exit status: 0, 1 when an engine fault
stopped the match (see -recover), 2 for bad options or an engine that cannot be started. See
docs/match.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Callable
from typing import Any

from chesslaws._words import said
from chesslaws.cli import fail
from chesslaws.cli._i18n import _
from chesslaws.engines import (
    EngineError,
    GameReport,
    MatchError,
    MatchResult,
    MatchSettings,
    Summary,
    ending_text,
    parse_match_options,
    run_match,
)

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the ``match`` command; its cutechess-style options are read by the library."""
    parser = subparsers.add_parser(
        "match",
        help=_("an engine match under FIDE clocks (cutechess-style options; -h for them)"),
        description=_(str(__doc__)),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        prefix_chars="+",  # '-engine' and friends are read by parse_match_options
        add_help=False,
    )
    parser.add_argument("options", nargs="*", help=argparse.SUPPRESS)
    parser.set_defaults(func=run)


def _plain_progress(settings: MatchSettings) -> Callable[[int, GameReport, Summary], None]:
    total = settings.total_games
    first = settings.engines[0].label
    second = settings.engines[1].label

    def show(number: int, report: GameReport, summary: Summary) -> None:
        # cutechess's own lines, which other programs (fishtest-style scripts) parse: English in
        # every language, by design (issue 31), as PGN is.
        print(
            f"Finished game {number + 1} of {total} ({report.white} vs {report.black}): "
            f"{report.result} {{{ending_text(report)}}}",
            file=sys.stderr,
        )
        print(
            f"Score of {first} vs {second}: {summary.wins} - {summary.losses} - "
            f"{summary.draws} [{summary.score:.3f}] {summary.games}",
            file=sys.stderr,
            flush=True,
        )

    return show


async def _play(settings: MatchSettings) -> MatchResult:
    if sys.stderr.isatty():
        try:
            from rich.progress import Progress
        except ImportError:
            pass
        else:
            with Progress(transient=False) as progress:
                task = progress.add_task("games", total=settings.total_games)

                def advance(number: int, report: GameReport, summary: Summary) -> None:
                    del number, report
                    progress.update(
                        task,
                        advance=1,
                        description=(
                            f"+{summary.wins} -{summary.losses} ={summary.draws} "
                            f"Elo {summary.elo:+.0f}"
                        ),
                    )

                return await run_match(settings, on_game=advance)
    return await run_match(settings, on_game=_plain_progress(settings))


def _cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _warn_of_concurrency(settings: MatchSettings) -> None:
    """More games at once than cores: the engines think on shared cores, on the clock."""
    games = min(settings.concurrency, settings.total_games)
    cores = _cores()
    if games > cores:
        told = _(
            "chesslaws: warning: -concurrency {asked} plays {games} games at once on {cores} "
            "core(s): the engines share them, on the clock, and may lose on time"
        )
        print(told.format(asked=settings.concurrency, games=games, cores=cores), file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    """Play the match; print the summary."""
    argv: list[str] = args.options
    if not argv or any(word in ("-h", "--help", "-help") for word in argv):
        print(_(str(__doc__)))
        return 0 if argv else 2
    try:
        options = parse_match_options(argv)
        _warn_of_concurrency(options.settings)
        result = asyncio.run(_play(options.settings))
    except (MatchError, EngineError) as error:
        return fail(said(error))
    summary = result.summary
    assert summary is not None
    settings = options.settings
    controls = [str(settings.control_of(0)), str(settings.control_of(1))]
    if options.json:
        data = {
            "engines": [settings.engines[0].label, settings.engines[1].label],
            "time_controls": controls,
            "time_odds": controls[0] != controls[1],
            **summary.to_json(),
            "stopped": result.stopped or None,
        }
        print(json.dumps(data))
    else:
        if result.stopped:
            print(_("Match stopped: {why}").format(why=result.stopped))
        first, second = settings.engines[0].label, settings.engines[1].label
        if controls[0] != controls[1]:
            told = _("{first} ({first_control}) vs {second} ({second_control}): time odds")
            print(told.format(first=first, first_control=controls[0], second=second,
                              second_control=controls[1]))  # fmt: skip
        else:
            print(f"{first} vs {second}")
        for line in summary.lines():
            print(line)
    return 1 if result.stopped and not result.stopped.startswith("SPRT") else 0
