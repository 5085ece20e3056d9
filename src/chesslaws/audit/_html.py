"""A short HTML report of an audit for people: the counts, charts of the findings by
time-control category (Appendices A.1, B.1) and by month, and the worst games.

One self-contained page: its style inline, its charts inline SVG drawn here, no script and
nothing fetched, so it can be mailed or archived as it is. Every text from the games (names,
file names, tags) is escaped. Its words are the reader's (``words``, a catalog's ``gettext``, as
the CLI's ``--lang`` gives it; English by default); the finding kinds keep their codes, as in
the JSON and the table.
"""

from __future__ import annotations

import datetime
import html
import math
from collections.abc import Sequence
from typing import IO

from ._record import Code, Verdict
from ._report import N_, VERDICT_WORDS, Group, Summary, Words, describe

__all__ = ["write_html"]

_COLOURS = {
    Code.ILLEGAL_MOVE: "#b2182b",
    Code.PLAY_AFTER_END: "#d6604d",
    Code.RESULT_CONTRADICTS_POSITION: "#e08214",
    Code.TIME_FORFEIT_CANNOT_CHECKMATE: "#8c510a",
    Code.RESIGNATION_CANNOT_CHECKMATE: "#c51b7d",
    Code.ILLEGAL_MOVE_FORFEIT_CANNOT_CHECKMATE: "#762a83",
    Code.RESULT_TAG_NOT_A_RESULT: "#fdae61",
    Code.RESULT_TAG_CONTRADICTS_MOVETEXT: "#f46d43",
    Code.THREEFOLD_AVAILABLE: "#4393c3",
    Code.FIFTY_MOVES_AVAILABLE: "#92c5de",
    Code.UNDETERMINED: "#999999",
    Code.MENDED_ON_READING: "#c7e9c0",
    Code.ARBITERS_SCORE: "#b8e186",
    Code.DRAW_OFFER: "#d1e5f0",
    Code.AGREEMENT_BEFORE_BOTH_MOVED: "#fee090",
    Code.ADJOURNED: "#c2a5cf",
}
"""Warm colours for faults, cool ones for information."""

_CONTROL_ORDER = ("blitz", "rapid", "standard", "sandclock", "no clock", "unknown")

_STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222;
       padding: 0 1em; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
.meta { color: #666; margin-top: 0; }
.cards { display: flex; gap: 1em; flex-wrap: wrap; }
.card { border: 1px solid #ddd; border-radius: 6px; padding: 0.5em 1em; min-width: 8em; }
.card b { display: block; font-size: 1.5em; }
.clean b { color: #1a7f37; } .faulty b { color: #b2182b; } .unreadable b { color: #9a6700; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { padding: 0.2em 0.8em 0.2em 0; text-align: left; border-bottom: 1px solid #eee; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.swatch { display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.4em;
          border-radius: 2px; vertical-align: -0.05em; }
.zero { color: #aaa; }
svg text { font: 12px system-ui, sans-serif; fill: #333; }
"""


def write_html(
    summary: Summary,
    out: IO[str],
    *,
    inputs: Sequence[str] = (),
    words: Words = N_,
    lang: str = "en",
) -> None:
    """The report of ``summary`` as one HTML page written to ``out``, in the words of ``words``
    (a catalog's ``gettext``) and marked as language ``lang``."""
    _ = words
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    names = ", ".join(inputs) if inputs else _("games")
    title = _e(_("Audit of {names}").format(names=names))
    heading = _("Audit of {n} games by the Laws of Chess").format(n=f"{summary.games:,}")
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{_e(lang)}"><head><meta charset="utf-8">',
        f"<title>{title}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{_e(heading)}</h1>",
        f'<p class="meta">{_e(names)} · chesslaws audit · {when}</p>',
        _cards(summary, _),
        _h2(_("Findings of each kind")),
        _kinds(summary, _),
        _h2(_("Findings by time control")),
        _chart(_ordered_controls(summary.by_control), "time-control", _),
    ]
    months = sorted(summary.by_month.items())
    if len(months) > 1:
        parts += [_h2(_("Findings by month")), _chart(months, "month", _)]
    worst = summary.worst()
    if worst:
        parts.append(_h2(_("The worst games")) + "<ol>")
        parts.extend(f"<li>{_e(describe(record, _))}</li>" for record in worst)
        parts.append("</ol>")
    parts.append("</body></html>")
    out.write("\n".join(parts) + "\n")


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _h2(text: str) -> str:
    return f"<h2>{_e(text)}</h2>"


def _cards(summary: Summary, _: Words) -> str:
    games = _e(_("games"))
    cards = [f'<div class="card"><b>{summary.games:,}</b>{games}</div>']
    for verdict in Verdict:
        count = summary.verdicts[verdict.value]
        share = f" ({count / summary.games:.1%})" if summary.games else ""
        said = _e(_(VERDICT_WORDS[verdict]))
        cards.append(f'<div class="card {verdict.value}"><b>{count:,}</b>{said}{share}</div>')
    return '<div class="cards">' + "".join(cards) + "</div>"


def _kinds(summary: Summary, _: Words) -> str:
    heads = (_("Article"), _("finding"), _("kind"), _("count"))
    rows = ["<table><tr>" + "".join(f"<th>{_e(head)}</th>" for head in heads) + "</tr>"]
    fault, information = _e(_("fault")), _e(_("information"))
    for code in Code:
        count = summary.findings[code.label]
        zero = ' class="zero"' if not count else ""
        rows.append(
            f"<tr{zero}><td>{code.article}</td><td>"
            f'<span class="swatch" style="background:{_COLOURS[code]}"></span>{code.label}'
            f"</td><td>{fault if code.fault else information}</td>"
            f'<td class="n">{count:,}</td></tr>'
        )
    rows.append("</table>")
    return "\n".join(rows)


def _ordered_controls(groups: dict[str, Group]) -> list[tuple[str, Group]]:
    def rank(key: str) -> int:
        return _CONTROL_ORDER.index(key) if key in _CONTROL_ORDER else len(_CONTROL_ORDER)

    return sorted(groups.items(), key=lambda item: (rank(item[0]), item[0]))


def _chart(groups: Sequence[tuple[str, Group]], name: str, _: Words) -> str:
    """Horizontal bars, one per group: its findings per 1,000 games, stacked by kind, with the
    group's games and share of faulty games written beside it."""
    label_width, bar_width, row, top = 110, 440, 26, 24
    per_thousand = _e(_("findings per 1,000 games"))
    height = top + row * len(groups) + 30
    rates = [
        {code: 1000 * group.findings[code.label] / group.games for code in Code}
        for _, group in groups
    ]
    peak = max((sum(rate.values()) for rate in rates), default=0.0)
    step = _nice_step(peak / 4) if peak > 0 else 1.0
    scale = bar_width / (step * max(1, -(-peak // step)))
    shapes = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" class="chart" id="by-{name}" '
        f'width="{label_width + bar_width + 190}" height="{height}" '
        f'aria-label="{per_thousand} ({name})">',
        f'<text x="{label_width}" y="14">{per_thousand}</text>',
    ]
    tick = 0.0
    while tick * scale <= bar_width + 0.5:
        x = label_width + tick * scale
        shapes.append(
            f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{height - 26}" stroke="#ddd"/>'
            f'<text x="{x:.1f}" y="{height - 10}" text-anchor="middle">{tick:,.4g}</text>'
        )
        tick += step
    for index, ((key, group), rate) in enumerate(zip(groups, rates, strict=True)):
        y = top + index * row
        shapes.append(
            f'<text x="{label_width - 8}" y="{y + 16}" text-anchor="end">{_e(key)}</text>'
        )
        x = float(label_width)
        for code in Code:
            width = rate[code] * scale
            if width > 0:
                shapes.append(
                    f'<rect x="{x:.1f}" y="{y + 3}" width="{width:.1f}" height="{row - 8}" '
                    f'fill="{_COLOURS[code]}"><title>{_e(key)}: {code.label} '
                    f"{group.findings[code.label]:,} ({rate[code]:.1f} ‰)</title></rect>"
                )
                x += width
        one = group.games == 1
        many = _("1 game, {share} faulty") if one else _("{games} games, {share} faulty")
        told = many.format(games=f"{group.games:,}", share=f"{group.faulty / group.games:.1%}")
        shapes.append(f'<text x="{x + 6:.1f}" y="{y + 16}">{_e(told)}</text>')
    shapes.append("</svg>")
    return "\n".join(shapes)


def _nice_step(raw: float) -> float:
    """1, 2 or 5 times a power of ten, at least ``raw``."""
    power = 10.0 ** math.floor(math.log10(raw))
    return next(factor * power for factor in (1, 2, 5, 10) if factor * power >= raw)
