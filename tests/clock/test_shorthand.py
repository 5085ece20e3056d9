"""Reading the common shorthand of time controls (bare times are minutes)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chesslaws import TimeControl, TimeControlError
from chesslaws.clock import DelayMode


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        # The examples.
        ("90+30", "5400+30"),
        ("G/90;inc30", "5400+30"),
        ("40/90, SD/30 +30s", "40/5400+30:1800+30"),
        ("3|2", "180+2"),
        # Variants of the same.
        ("3 | 2", "180+2"),
        ("0.5|0", "30"),
        ("90 + 30s", "5400+30"),
        ("90min+30s", "5400+30"),
        ("90'+30\"", "5400+30"),
        ("90'+30''", "5400+30"),
        ("1h30m+30s", "5400+30"),
        ("1h30+30", "5400+30"),
        ("G/90 inc 30", "5400+30"),
        ("G90", "5400"),
        ("g/5 d5", "300d5"),
        ("G/5;delay 5", "300d5"),
        ("G/5 b3", "300b3"),
        ("G/5 bronstein 3s", "300b3"),
        ("40/90+30, 30+30", "40/5400+30:1800+30"),
        ("40/90+30:30+30", "40/5400+30:1800+30"),
        ("40/90 then SD/30; +30s", "40/5400+30:1800+30"),
        ("40 / 2h, SD/1h", "40/7200:3600"),
        # An increment attached to one period belongs to it alone (FIDE world championship).
        ("40/120, 20/60, 15+30", "40/7200:20/3600:900+30"),
        # ... and one written apart applies to every period without its own.
        ("40/120, 20/60, 15 +30s", "40/7200+30:20/3600+30:900+30"),
        ("40/90+10, 30 +30", "40/5400+10:1800+30"),
        # An increment from a later move.
        ("40/90, 30+30@41", "40/5400:1800+30@41"),
        ("90 +30@41", "5400+30@41"),
    ],
)
def test_shorthand(text: str, canonical: str) -> None:
    tc = TimeControl.parse(text, shorthand=True)
    assert tc.canonical() == canonical
    assert TimeControl.parse(canonical) == tc


@pytest.mark.parametrize("text", ["3|2", "G/90;inc30", "40/90, SD/30 +30s", "90min+30s"])
def test_default_reader_falls_back_to_shorthand(text: str) -> None:
    assert TimeControl.parse(text) == TimeControl.parse(text, shorthand=True)


def test_bare_numbers_are_canonical_seconds_unless_asked() -> None:
    # "90+30" in a PGN tag is 90 s + 30 s; as shorthand it is 90 min + 30 s.
    assert TimeControl.parse("90+30").periods[0].time == 90_000
    assert TimeControl.parse("90+30", shorthand=True).periods[0].time == 5_400_000
    with pytest.raises(TimeControlError):
        TimeControl.parse("3|2", shorthand=False)


def test_bronstein_mode() -> None:
    tc = TimeControl.parse("G/5 b3", shorthand=True)
    assert tc.periods[0].delay_mode is DelayMode.BRONSTEIN


@pytest.mark.parametrize(
    ("text", "index", "expected"),
    [
        ("", 0, "a time control"),
        ("G/", 2, "the time of a sudden-death period"),
        ("3|", 2, "the increment after '|'"),
        ("3|2|1", 3, "between periods"),
        ("+30", 0, "a period before the increment"),
        ("30, 40/90", 0, "'MOVES/' before the time"),
        ("90 xyz", 3, "a period"),
        ("90 inc", 6, "an increment"),
        ("0/90", 0, "a number of moves of at least 1"),
    ],
)
def test_shorthand_errors(text: str, index: int, expected: str) -> None:
    with pytest.raises(TimeControlError) as caught:
        TimeControl.parse(text, shorthand=True)
    assert caught.value.index == index
    assert expected in str(caught.value)


@given(st.text(alphabet="0123456789/+|:;,. GgSDdbinchms'\"@then", max_size=24))
def test_shorthand_never_crashes(text: str) -> None:
    try:
        tc = TimeControl.parse(text, shorthand=True)
    except TimeControlError as error:
        assert 0 <= error.index <= len(text)
        assert f"index {error.index}" in str(error)
    else:
        assert TimeControl.parse(tc.canonical()) == tc


@given(
    st.lists(st.tuples(st.integers(1, 60), st.integers(1, 180)), max_size=3),
    st.integers(1, 180),
    st.integers(0, 60),
)
def test_shorthand_of_random_controls(
    controls: list[tuple[int, int]], last: int, increment: int
) -> None:
    """``40/90, 20/60, 30 +30s`` style, written from numbers and read back."""
    text = ", ".join([*(f"{m}/{t}" for m, t in controls), f"SD/{last}"]) + f" +{increment}s"
    tc = TimeControl.parse(text)
    assert [p.moves for p in tc.periods] == [m for m, _ in controls] + [None]
    assert [p.time for p in tc.periods] == [t * 60_000 for _, t in controls] + [last * 60_000]
    assert all(p.increment == increment * 1_000 for p in tc.periods)
