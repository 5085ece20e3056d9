"""python-chess as an oracle for the PGN ``TimeControl`` tag, and where the Laws differ from it."""

from __future__ import annotations

import re

import chess.pgn
import pytest

from chesslaws import TimeControl
from chesslaws.clock import Category
from tests.conftest import shared_data

pytestmark = pytest.mark.oracle


def _tags() -> list[str]:
    found: set[str] = set()
    for name in ("selfplay.pgn", "python-chess"):
        path = shared_data("pgn", name)
        files = sorted(path.glob("*.pgn")) if path.is_dir() else [path]
        for file in files:
            text = file.read_text(encoding="utf-8-sig", errors="replace")
            found.update(re.findall(r'\[TimeControl "([^"]*)"\]', text))
    return sorted(found)


def test_pgn_tags_of_the_shared_games_read_as_python_chess_reads_them() -> None:
    tags = _tags()
    assert "40/7200:20/3600:900+30" in tags and "180+2" in tags
    for tag in tags:
        ours = TimeControl.parse(tag, shorthand=False)
        theirs = chess.pgn.parse_time_control(tag)
        assert len(ours.periods) == len(theirs.parts), tag
        for period, part in zip(ours.periods, theirs.parts, strict=True):
            assert (period.moves or 0) == part.moves
            assert period.time == part.time * 1000
            assert period.increment == round(part.increment * 1000)
        assert str(ours) == tag


@pytest.mark.parametrize(
    "tag", ["40/9000:300", "300+2", "5400+30", "40/5400+30:1800+30", "10+0.05", "60"]
)
def test_pgn_spec_forms(tag: str) -> None:
    ours = TimeControl.parse(tag)
    theirs = chess.pgn.parse_time_control(tag)
    assert [(p.moves or 0, p.time, p.increment) for p in ours.periods] == [
        (t.moves, t.time * 1000, round(t.increment * 1000)) for t in theirs.parts
    ]


@pytest.mark.parametrize(
    ("tag", "laws", "python_chess"),
    [
        # 11 minutes: rapid by A.1 ("more than 10 minutes"); python-chess's blitz goes to 15.
        ("660", Category.RAPID, chess.pgn.TimeControlType.BLITZ),
        # 14 minutes + 0: rapid by A.1; python-chess says blitz.
        ("840", Category.RAPID, chess.pgn.TimeControlType.BLITZ),
        # 1 minute + 1 s: python-chess has "bullet"; the Laws know only blitz (B.1).
        ("60+1", Category.BLITZ, chess.pgn.TimeControlType.BULLET),
        # Several periods: python-chess looks at the first only (10 min: blitz); by the time
        # for 60 moves (10 + 50 min) it is a standard game.
        ("30/600:3000", Category.STANDARD, chess.pgn.TimeControlType.BLITZ),
    ],
)
def test_category_by_the_laws_where_python_chess_differs(
    tag: str, laws: Category, python_chess: chess.pgn.TimeControlType
) -> None:
    """The Laws (A.1, B.1): blitz <= 10 min, rapid > 10 and < 60 min, for 60 moves."""
    assert chess.pgn.parse_time_control(tag).type is python_chess
    assert TimeControl.parse(tag).category() is laws
