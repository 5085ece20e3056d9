"""The audit's outputs beside JSON Lines (issue 30): Parquet, one row per game, read back; the
HTML report, parsed: its counts, its charts (inline SVG), no script, the games' text escaped."""

from __future__ import annotations

import html.parser
import io
import json
from collections import Counter
from pathlib import Path

import pytest

from chesslaws.audit import audit_files
from chesslaws.audit._html import write_html
from chesslaws.audit._report import Summary, month_of, time_control_class
from chesslaws.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "collection.pgn"

GAMES = (
    '[White "<script>alert(1)</script>"]\n[Black "B & C"]\n[Result "1-0"]\n'
    '[UTCDate "2024.03.05"]\n[TimeControl "180+2"]\n\n'
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1\n\n"
    '[White "D"]\n[Black "E"]\n[Result "1/2-1/2"]\n[Date "2024.04.01"]\n'
    '[TimeControl "5400+30"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n\n'
    '[White "F"]\n[Black "G"]\n[Result "*"]\n[TimeControl "600+5"]\n\n1. e4 *\n'
)


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("reports") / "mixed.pgn"
    path.write_text(EXAMPLES.read_text(encoding="utf-8") + "\n" + GAMES, encoding="utf-8")
    return path


def test_parquet_has_one_row_per_game_with_tags_verdict_and_findings(
    mixed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pq = pytest.importorskip("pyarrow.parquet", reason="the audit extra: chesslaws[audit]")
    target = tmp_path / "audit.parquet"
    status = main(["audit", "--jsonl", "--no-summary", "--parquet", str(target), str(mixed)])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0
    rows = pq.read_table(target).to_pylist()
    assert len(rows) == len(lines) == 18
    for row, line in zip(rows, lines, strict=True):
        tags = dict(row.pop("tags"))
        assert row == json.loads(line)
        assert (tags.get("White", "?"), tags.get("Black", "?")) == (row["white"], row["black"])
    last = rows[-3]
    assert last["verdict"] == "faulty" and last["lawful_result"] == "1-0"
    assert [f["code"] for f in last["findings"]] == ["result-tag-contradicts-movetext"]
    assert dict(pq.read_table(target, columns=["tags"]).to_pylist()[-3]["tags"])["TimeControl"] == (
        "180+2"
    )


class _Page(html.parser.HTMLParser):
    """The elements of a page, checked to nest properly, and its text."""

    VOID = frozenset({"meta", "br", "hr", "img", "link", "input", "line", "rect"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.seen: Counter[str] = Counter()
        self.text: list[str] = []
        self.titles: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen[tag] += 1
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen[tag] += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID and (not self.open or self.open[-1] != tag):
            return
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1:]}>"
        self.open.pop()

    def handle_data(self, data: str) -> None:
        if self.open[-1:] == ["title"] and "svg" in self.open:
            self.titles.append(data)
        self.text.append(data)


def parse(page: str) -> _Page:
    parser = _Page()
    parser.feed(page)
    parser.close()
    assert parser.open == []
    return parser


def test_html_report_counts_charts_and_escapes(mixed: Path) -> None:
    summary = Summary()
    records = list(audit_files([mixed]))
    for record in records:
        summary.add(record)
    out = io.StringIO()
    write_html(summary, out, inputs=[str(mixed)])
    page = parse(out.getvalue())
    text = " ".join(page.text)
    assert page.seen["script"] == 0 and page.seen["svg"] == 2  # by time control and by month
    verdicts = Counter(r.verdict.value for r in records)
    assert f"{verdicts['faulty']} faulty ({verdicts['faulty'] / 18:.1%})" in text.replace(
        "\n", " "
    ).replace("</b>", "")
    bars = Counter(title.split(": ")[1].split(" ")[0] for title in page.titles)
    assert bars["result-tag-contradicts-movetext"] == 2  # in its time control and its month
    blitz = {
        f.code.label
        for r in records
        if time_control_class(dict(r.tags).get("TimeControl")) == "blitz"
        for f in r.findings
    }
    assert {t.split(": ")[1].split(" ")[0] for t in page.titles if t.startswith("blitz: ")} == (
        blitz
    )
    assert len(blitz) >= 2
    assert "2024-03" in text and "2024-04" in text and "standard" in text


def test_what_the_games_say_is_shown_as_text_never_run(tmp_path: Path) -> None:
    path = tmp_path / "few.pgn"
    path.write_text(GAMES, encoding="utf-8")
    summary = Summary()
    for record in audit_files([path]):
        summary.add(record)
    out = io.StringIO()
    write_html(summary, out, inputs=[f"{path}<em>"])
    page = parse(out.getvalue())
    assert page.seen["script"] == page.seen["em"] == 0
    text = " ".join(page.text)
    assert "<script>alert(1)</script> - B & C" in text and f"{path}<em>" in text
    assert "&lt;script&gt;" in out.getvalue()


def test_groups_by_the_laws_categories_and_by_month() -> None:
    assert [time_control_class(t) for t in ("180+2", "600+5", "5400+30", "-", "x", None)] == [
        "blitz",
        "rapid",
        "standard",
        "no clock",
        "unknown",
        "unknown",
    ]
    assert month_of({"UTCDate": "2024.03.05", "Date": "2023.01.01"}) == "2024-03"
    assert month_of({"Date": "1997.05.??"}) == "1997-05"
    assert month_of({"Date": "????.??.??"}) == month_of({"Date": "2024.13.01"}) == "unknown"


def test_quiet_html_from_the_command_line(
    mixed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "report.html"
    status = main(["audit", "--quiet", "--html", str(target), str(mixed)])
    out, err = capsys.readouterr()
    assert status == 0 and out == ""
    assert err.startswith("18 games: ")
    page = parse(target.read_text(encoding="utf-8"))
    assert page.seen["svg"] == 2 and page.seen["li"] == 10


@pytest.mark.parametrize("option", ["--html", "--parquet"])
def test_an_output_that_cannot_be_written_is_refused_before_the_audit(
    mixed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    target = tmp_path / "missing" / "out"
    status = main(["audit", "--jsonl", option, str(target), str(mixed)])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err == f"chesslaws: error: cannot write {target}: No such file or directory\n"
