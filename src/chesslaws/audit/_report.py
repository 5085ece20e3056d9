"""What an audit found, in sum: counts of every verdict and finding kind, the worst games, and
the findings by time-control category (Appendices A.1, B.1) and by month.

A :class:`Summary` takes the records one at a time in constant memory (the worst games are a
short list, the months at most ``MAX_GROUPS``), so it can follow an audit of any size.
"""

from __future__ import annotations

import heapq
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from chesslaws._errors import ChessLawsError
from chesslaws.clock import TimeControl, TimeControlKind

from ._record import AuditRecord, Code, Verdict

#: Words in the reader's language: English (the catalogs' keys) unless the caller gives the
#: catalog's ``gettext`` (the CLI's ``--lang``). The marker only lets the extractor find them.
Words = Callable[[str], str]


def N_(text: str) -> str:
    return text


#: The verdicts in words (their values stay English in JSON and CSV).
VERDICT_WORDS = {
    Verdict.CLEAN: N_("clean"),
    Verdict.FAULTY: N_("faulty"),
    Verdict.UNREADABLE: N_("unreadable"),
}

__all__ = [
    "MAX_GROUPS",
    "N_",
    "VERDICT_WORDS",
    "WORST",
    "Group",
    "Summary",
    "Words",
    "describe",
    "month_of",
    "printable",
    "time_control_class",
]

WORST = 10
"""How many of the worst games a summary keeps."""

MAX_GROUPS = 240
"""Months kept apart at most (20 years); the games of any further month count as ``other``."""

_CONTROLS = {code: f"\\x{code:02x}" for code in (*range(32), 127)} | {
    code: f"\\u{code:04x}" for code in range(0x80, 0xA0)
}
_DATE = re.compile(r"(\d{4})[.\-/](\d{2})")
_CLASSES: dict[str, str] = {}
_CLASS_CACHE = 1024


def printable(text: str) -> str:
    """``text`` with control characters (terminal escape sequences among them) written as
    ``\\x1b``-style escapes: what a tag says is shown, never obeyed by the terminal."""
    return text.translate(_CONTROLS) if not text.isprintable() else text


def time_control_class(tag: str | None) -> str:
    """The category of a ``TimeControl`` tag by the Laws (blitz, rapid, standard: A.1, B.1),
    ``no clock`` for ``-``, ``sandclock``, or ``unknown``."""
    if not tag:
        return "unknown"
    known = _CLASSES.get(tag)
    if known is None:
        known = _classify(tag)
        if len(_CLASSES) < _CLASS_CACHE:
            _CLASSES[tag] = known
    return known


def _classify(tag: str) -> str:
    try:
        control = TimeControl.parse(tag, shorthand=False)
    except ChessLawsError:
        return "unknown"
    if control.kind is TimeControlKind.NONE:
        return "no clock"
    if control.kind is TimeControlKind.SANDCLOCK:
        return "sandclock"
    category = control.category()
    return "unknown" if category is None else category.value


def month_of(tags: dict[str, str]) -> str:
    """``YYYY-MM`` of a game's ``UTCDate`` or ``Date`` tag, or ``unknown``."""
    for name in ("UTCDate", "Date"):
        match = _DATE.match(tags.get(name, ""))
        if match and 1 <= int(match.group(2)) <= 12:
            return f"{match.group(1)}-{match.group(2)}"
    return "unknown"


def badness(record: AuditRecord) -> tuple[int, int, int]:
    """How bad a game's record is, for ranking: its faults, then unreadable before clean, then
    its findings."""
    faults = sum(1 for f in record.findings if f.is_fault)
    return faults, record.verdict is not Verdict.CLEAN, len(record.findings)


@dataclass
class Group:
    """The games of one time-control category or month: how many, how many faulty, and the
    findings of each kind."""

    games: int = 0
    faulty: int = 0
    findings: Counter[str] = field(default_factory=Counter)


@dataclass
class Summary:
    """Counts of verdicts and finding kinds over an audit, the worst games, and groups."""

    games: int = 0
    verdicts: Counter[str] = field(default_factory=Counter)
    findings: Counter[str] = field(default_factory=Counter)
    by_control: dict[str, Group] = field(default_factory=dict)
    by_month: dict[str, Group] = field(default_factory=dict)
    _worst: list[tuple[tuple[int, int, int], int, AuditRecord]] = field(default_factory=list)

    def add(self, record: AuditRecord) -> None:
        """Count one game's record."""
        self.games += 1
        self.verdicts[record.verdict.value] += 1
        codes = [f.code.label for f in record.findings]
        self.findings.update(codes)
        tags = dict(record.tags)
        control = time_control_class(tags.get("TimeControl"))
        month = month_of(tags)
        if month not in self.by_month and len(self.by_month) >= MAX_GROUPS:
            month = "other"
        for groups, key in ((self.by_control, control), (self.by_month, month)):
            group = groups.setdefault(key, Group())
            group.games += 1
            group.faulty += record.verdict is Verdict.FAULTY
            group.findings.update(codes)
        score = badness(record)
        if score > (0, 0, 0):
            entry = (score, -self.games, record)
            if len(self._worst) < WORST:
                heapq.heappush(self._worst, entry)
            elif entry[:2] > self._worst[0][:2]:
                heapq.heapreplace(self._worst, entry)

    def worst(self) -> list[AuditRecord]:
        """The worst games, worst first (in input order among equals)."""
        return [record for _, _, record in sorted(self._worst, key=lambda e: e[:2], reverse=True)]

    def lines(self, _: Words = N_) -> list[str]:
        """The summary for people: verdicts, every finding kind with its Article, worst games,
        in the words of ``_`` (a catalog's ``gettext``; English by default)."""
        verdicts = ", ".join(f"{self.verdicts[v.value]:,} {_(VERDICT_WORDS[v])}" for v in Verdict)
        lines = [
            _("{n} games: {verdicts}").format(n=f"{self.games:,}", verdicts=verdicts),
            _("findings of each kind (Article, kind, how many, fault or information):"),
        ]
        width = max(len(code.label) for code in Code)
        for code in Code:
            kind = _("fault") if code.fault else _("information")
            count = self.findings[code.label]
            lines.append(f"  {code.article:>5}  {code.label:{width}} {count:>9,}  {kind}")
        worst = self.worst()
        if worst:
            lines.append(_("the worst games:"))
            lines.extend("  " + describe(record, _) for record in worst)
        return lines


def describe(record: AuditRecord, _: Words = N_) -> str:
    """One line naming a game and what is wrong with it (the finding kinds by their codes), in
    the words of ``_``."""
    lawful = "?" if record.lawful_result is None else record.lawful_result
    kinds = Counter(f.code.label for f in record.findings)
    found = ", ".join(f"{k} ×{n}" if n > 1 else k for k, n in kinds.items())
    if record.error is not None and not found:
        found = _(VERDICT_WORDS[Verdict.UNREADABLE])
    told = _("{file} game {game}: {white} - {black}, recorded {recorded}, lawful {lawful}: {found}")
    return printable(
        told.format(
            file=record.file,
            game=record.game,
            white=record.white,
            black=record.black,
            recorded=record.recorded_result or "?",
            lawful=lawful,
            found=found,
        )
    )
