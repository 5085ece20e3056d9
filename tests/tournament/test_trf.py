"""TRF in and out: round trips, the TRF(x)/(bx) extensions, lenient reading, clear errors."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chesslaws import ChessLawsError
from chesslaws.tournament import (
    Acceleration,
    Entry,
    Event,
    Player,
    PointSystem,
    Prohibited,
    RequestedBye,
    TournamentError,
    TrfError,
    read_trf,
    write_trf,
)
from tests.tournament import _oracles

FULL = Event(
    name="Spring Open",
    city="Gent",
    federation="BEL",
    start="2026/04/01",
    end="2026/04/05",
    system="FIDE_DUTCH_2025",
    type_code="Individual: Swiss-System",
    chief_arbiter="Jane Arbiter",
    deputies=("Deputy One", "Deputy Two"),
    allotted_times="90'+30\"",
    time_control="40/6000+30:900+30",
    round_dates=("26/04/01", "26/04/02", "26/04/03"),
    total_rounds=5,
    initial_colour="B",
    point_system=PointSystem(win=Decimal("3.0"), draw=Decimal("1.0"), bye=Decimal("1.0")),
    tiebreaks=("PTS", "BH/C1", "SB"),
    accelerations=(Acceleration(Decimal("1.0"), 1, 2, 1, 2),),
    byes=(RequestedBye("H", 4, 3),),
    prohibited=(Prohibited(1, 5, (1, 2)),),
    players=(
        Player(
            1,
            "Alpha, Ann",
            2400,
            "BEL",
            1234567,
            "IM",
            "w",
            "1990/02/03",
            rank=1,
            results=(Entry(3, "w", "1"), Entry(0, "-", "U"), Entry(2, "b", "+")),
        ),
        Player(
            2,
            "Beta, Bob",
            2300,
            "NED",
            None,
            "",
            "m",
            "2001",
            results=(Entry(0, "-", "H"), Entry(3, "b", "="), Entry(1, "w", "-")),
        ),
        Player(
            3,
            "Gamma, Gil",
            None,
            "",
            None,
            "",
            "m",
            "",
            results=(Entry(1, "b", "0"), Entry(2, "w", "="), Entry(0, "-", "Z")),
        ),
        Player(4, "Late, Lou", 1900, results=(Entry(), Entry(), Entry(0, "-", "U"))),
    ),
    other_lines=("### a comment kept",),
).rescored()


def test_write_then_read_is_the_same_event() -> None:
    event, notes = read_trf(write_trf(FULL))
    assert event == FULL
    assert notes == ()


def test_line_endings_do_not_matter() -> None:
    for newline in ("\r", "\n", "\r\n"):
        assert read_trf(write_trf(FULL, newline=newline))[0] == FULL


def test_columns_are_where_the_format_puts_them() -> None:
    line = next(x for x in write_trf(FULL).splitlines() if x.startswith("001    1"))
    assert line[48:52] == "2400" and line[53:56] == "BEL" and line[57:68].strip() == "1234567"
    assert line[80:84] == " 7.0" and line[85:89] == "   1"
    assert line[91:99] == "   3 w 1" and line[101:109] == "0000 - U"


def test_scores_by_the_point_system() -> None:
    by_number = {p.number: p.points for p in FULL.players}
    assert by_number == {1: 7, 2: 2, 3: 1, 4: 1}  # 3-1-0, the bye 1: win + bye + forfeit win


def test_trf_x_extensions_are_read() -> None:
    text = "\n".join(
        [
            "012 X",
            "XXR 7",
            "XXC black1 rank",
            "XXS WW=3.0 BW=3.0 D=1.0 PAB=1.0",
            "BBZ  0.0",
            "XXA 0002  1.0  1.0  0.0",
            "001    1      One                               2000",
            "001    2      Two                               1900",
        ]
    )
    event, notes = read_trf(text)
    assert event.total_rounds == 7 and event.initial_colour == "B"
    expected = PointSystem(win=Decimal(3), draw=Decimal(1), bye=Decimal(1), unknown=Decimal(1))
    assert event.point_system == expected
    assert event.acceleration(2, 1) == 1 and event.acceleration(2, 3) == 0
    assert event.acceleration(1, 1) == 0
    assert "XXC black1 rank" in event.other_lines
    assert any("XXC" in note.message for note in notes)


def _line(number: int, name: str, points: str, rounds: str) -> str:
    blank = " " * 27
    return f"001 {number:4d}      {name:<33} 2000 {blank}{points:>4}     {rounds}"


def test_lenient_reading_says_what_it_mended() -> None:
    text = "\n".join(
        [
            _line(1, "One", "9.0", "     2 w 1     3 b  "),
            _line(2, "Two", "0.0", "     1 b 0"),
            _line(3, "Three", "0.0", "  0000 w u     1 w  "),
            "999 something else",
        ]
    )
    event, notes = read_trf(text)
    messages = " | ".join(str(note) for note in notes)
    assert "points 9.0 in the file, 1.0 by the results" in messages
    assert "line 3: result 'u' read as 'U'" in messages
    assert "colour 'w': read as '-'" in messages
    assert "'999' kept as written" in messages
    assert "line 1: round 2: a game without a result: read as '?'" in messages
    assert event.player(3).results == (Entry(0, "-", "U"), Entry(1, "w", "?"))
    assert event.other_lines == ("999 something else",)


@pytest.mark.parametrize(
    ("line", "column", "words"),
    [
        ("001   x1      One", 5, "starting-rank number 'x1'"),
        ("001    1      One                               20a0", 49, "rating"),
        ("001    1      One" + " " * 74 + "  1x w 1", 92, "opponent '1x'"),
        ("001    1      One" + " " * 74 + "   2 q 1", 97, "colour 'q'"),
        ("001    1      One" + " " * 74 + "   2 w 7", 99, "result '7'"),
        ("001    1      One" + " " * 74 + "   2 w H", 99, "a bye but an opponent"),
        ("XXR 300", 5, "out of 1..99"),
        ("162  Q 1.0", 6, "unknown result symbol"),
        ("250      x.0 001 002 0001 0002", 10, "fictitious points"),
        ("250      1.0 000 002 0001 0002", 15, "first round 0 is out of 1..99"),
        ("240 H 100 0001", 7, "round 100 is out of 1..99"),
        ("260 001 555 0001 0002", 9, "last round 555"),
    ],
)
def test_errors_name_line_and_column(line: str, column: int, words: str) -> None:
    with pytest.raises(TrfError) as caught:
        read_trf("012 Event\n" + line + "\n")
    assert (caught.value.line, caught.value.column) == (2, column)
    assert words in str(caught.value) and str(caught.value).startswith("line 2, column")
    assert isinstance(caught.value, ChessLawsError)


def test_whole_file_errors() -> None:
    one = "001    1      One                               2000"
    with pytest.raises(TrfError, match="given twice"):
        read_trf(one + "\n" + one)
    with pytest.raises(TrfError, match="not in the file"):
        read_trf(one + " " * 39 + "   7 w 1")
    with pytest.raises(TrfError, match="more than"):
        read_trf("x" * 16_000_001)


def test_a_generated_tournament_imports_and_continues(tmp_path: Path) -> None:
    """bbpPairings' random tournament read, written, paired on by bbpPairings, the round's
    results entered here, and the whole checked by bbpPairings (-c)."""
    text = _oracles.generate(
        tmp_path / "g.trf", 5, PlayersNumber=21, RoundsNumber=4, ForfeitRate=6, HalfPointByeRate=6
    )
    event, _ = read_trf(text)
    assert len(event.players) == 21 and event.rounds_paired == 4
    event = dataclasses.replace(event, total_rounds=6).request_bye(1, 5, "H")
    for round_ in (5, 6):
        path = tmp_path / f"r{round_}.trf"
        path.write_text(write_trf(event))
        done = _oracles.bbp(path, "-p", tmp_path / "pairs.txt")
        assert done.returncode == 0, done.stderr
        lines = (tmp_path / "pairs.txt").read_text().split()
        pairs = [(int(w), int(b)) for w, b in zip(lines[1::2], lines[2::2], strict=True)]
        if round_ == 5:  # the requested bye (record 240) was read: player 1 is not paired
            assert all(1 not in pair for pair in pairs)
        event = event.pair_round(round_, pairs)
        for white, black in pairs:
            if black:
                event = event.set_result(round_, white, "1=0"[(white + black) % 3])
    path = tmp_path / "done.trf"
    path.write_text(write_trf(event))
    checked = _oracles.bbp(path, "-c")
    assert checked.returncode == 0 and "Round #6" in checked.stdout, checked.stdout
    assert read_trf(path.read_text())[0] == event
    assert event.player(1).entry(5) == Entry(0, "-", "H")


def test_time_control_tag_222() -> None:
    both = FULL.time_controls()
    assert both is not None and both[0] == both[1] and str(both[0]) == "40/6000+30:900+30"
    armageddon = dataclasses.replace(FULL, time_control="W300-B240").time_controls()
    assert armageddon is not None and (str(armageddon[0]), str(armageddon[1])) == ("300", "240")
    assert dataclasses.replace(FULL, time_control="").time_controls() is None
    odd = dataclasses.replace(FULL, time_control="90 minutes")
    event, notes = read_trf(write_trf(odd))
    assert event == odd and "tag 222" in str(notes[0]) and "kept as written" in str(notes[0])
    with pytest.raises(TournamentError, match="tag 222"):
        odd.time_controls()


# -- any event, written and read back ---------------------------------------------------------

_text = st.text(
    alphabet=st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=20
)
_words = st.lists(_text, min_size=1, max_size=3).map(" ".join)
_tenths = st.integers(0, 99).map(lambda n: Decimal(n) / 10)


@st.composite
def _events(draw: st.DrawFn) -> Event:
    count = draw(st.integers(0, 8))
    rounds = draw(st.integers(0, 5))
    players = []
    for number in range(1, count + 1):
        entries = []
        for _ in range(rounds):
            opponent = draw(st.integers(0, count))
            if opponent and opponent != number:
                entries.append(
                    Entry(opponent, draw(st.sampled_from("wb")), draw(st.sampled_from("1=0WDL+-?")))
                )
            else:
                entries.append(
                    draw(st.sampled_from([Entry(), *(Entry(0, "-", c) for c in "HFUZ")]))
                )
        while entries and entries[-1] == Entry():
            entries.pop()
        players.append(
            Player(
                number,
                draw(_words.filter(lambda w: len(w) <= 33)),
                draw(st.none() | st.integers(1, 9999)),
                draw(st.sampled_from(["", "NOR", "BEL", "USA"])),
                draw(st.none() | st.integers(1, 10**11 - 1)),
                draw(st.sampled_from(["", "GM", "WIM", "f"])),
                draw(st.sampled_from(["", "m", "w"])),
                draw(st.sampled_from(["", "1990", "2001/02/03"])),
                rank=draw(st.none() | st.integers(1, 9999)),
                results=tuple(entries),
            )
        )
    event = Event(
        name=draw(_words),
        city=draw(st.just("") | _words),
        start=draw(st.sampled_from(["", "2025/01/02", "2026/06/07"])),
        system=draw(st.sampled_from(["", "FIDE_DUTCH_2025", "Round robin"])),
        deputies=tuple(draw(st.lists(_words, max_size=2))),
        time_control=draw(st.sampled_from(["", "5400+30", "W300-B240", "odd one"])),
        round_dates=tuple(draw(st.lists(st.sampled_from(["26/01/02", "26/01/03"]), max_size=3))),
        total_rounds=draw(st.none() | st.integers(1, 99)),
        initial_colour=draw(st.sampled_from(["", "W", "B"])),
        point_system=PointSystem(*(draw(_tenths) for _ in range(6))),
        tiebreaks=tuple(draw(st.lists(st.sampled_from(["PTS", "BH/C1", "SB", "DE"]), max_size=3))),
        accelerations=tuple(
            Acceleration(draw(_tenths), r, r + 1, 1, count or 1)
            for r in draw(st.lists(st.integers(1, 98), max_size=2))
        ),
        byes=tuple(
            RequestedBye(k, r, p)
            for k, r, p in draw(
                st.lists(
                    st.tuples(st.sampled_from("HFZ"), st.integers(1, 99), st.integers(1, 9999)),
                    max_size=3,
                )
            )
        ),
        prohibited=tuple(
            Prohibited(1, r, tuple(ps))
            for r, ps in draw(
                st.lists(
                    st.tuples(
                        st.integers(1, 9), st.lists(st.integers(1, 9999), min_size=1, max_size=4)
                    ),
                    max_size=2,
                )
            )
        ),
        players=tuple(players),
        other_lines=tuple("### " + w for w in draw(st.lists(_words, max_size=2))),
    )
    return event.rescored()


@settings(max_examples=150, deadline=None)
@given(_events())
def test_any_event_written_and_read_back_is_itself(event: Event) -> None:
    assert read_trf(write_trf(event))[0] == event


def test_pairing_a_round_again_and_bad_pairings() -> None:
    event = Event(players=tuple(Player(n, f"P{n}") for n in range(1, 6)))
    event = event.request_bye(5, 1, "H").pair_round(1, [(1, 2), (3, 4)])
    again = event.pair_round(1, [(1, 3), (2, 0)])  # a round paired again: 4 is left out
    assert [p.entry(1) for p in again.players] == [
        Entry(3, "w", "?"),
        Entry(0, "-", "U"),
        Entry(1, "b", "?"),
        Entry(),
        Entry(0, "-", "H"),  # the bye asked for stays
    ]
    with pytest.raises(TournamentError, match="paired with himself"):
        event.pair_round(2, [(1, 1)])
    with pytest.raises(TournamentError, match="player 2 is paired twice in round 2"):
        event.pair_round(2, [(1, 2), (2, 3)])
    with pytest.raises(TournamentError, match="player 4 has a requested bye in round 2"):
        event.request_bye(4, 2).pair_round(2, [(4, 1)])
    with pytest.raises(TournamentError, match="no player number 9"):
        event.pair_round(2, [(1, 9)])
    with pytest.raises(TournamentError, match="round 1 is already paired"):
        event.request_bye(1, 1)
