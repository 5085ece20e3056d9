"""Hypothesis strategies for time controls (periods, controls, strings)."""

from __future__ import annotations

from hypothesis import strategies as st

from chesslaws.clock import DelayMode, Period, TimeControl

millis = st.integers(min_value=0, max_value=10 * 3_600_000)
small_millis = st.integers(min_value=0, max_value=120_000)


@st.composite
def periods(draw: st.DrawFn, *, final: bool) -> Period:
    """A period; ``final`` ones may be for the rest of the game. Every period gives some time
    (time, increment or delay): a control that gives none is refused on reading."""
    moves = draw(st.one_of(st.none(), st.integers(1, 120)) if final else st.integers(1, 120))
    time = draw(millis)
    return Period(
        moves,
        time,
        increment=draw(
            st.one_of(st.just(0), small_millis) if time else small_millis.map(lambda v: v + 1)
        ),
        increment_from=draw(st.integers(1, 80)),
        delay=draw(st.one_of(st.just(0), small_millis)),
        delay_mode=draw(st.sampled_from(DelayMode)),
    )


@st.composite
def period_controls(draw: st.DrawFn, max_periods: int = 4) -> TimeControl:
    """A control of one to ``max_periods`` periods."""
    n = draw(st.integers(1, max_periods))
    body = [draw(periods(final=False)) for _ in range(n - 1)]
    return TimeControl((*body, draw(periods(final=True))))


time_controls = st.one_of(
    period_controls(),
    st.just(TimeControl.no_clock()),
    st.just(TimeControl.unknown()),
    st.integers(1, 10 * 3_600_000).map(TimeControl.hourglass),
)
