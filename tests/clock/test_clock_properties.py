"""Thousands of presses with random timings, checked against plain per-move arithmetic.

The reference below computes each move on its own (time used, delay, increment, Bronstein
refund, controls reached, flags) from the time control alone, with none of the clock's running
state; the clock itself is driven through pauses, resumes and queries in between, which must not
change any total.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from chesslaws import BLACK, WHITE, Clock, Color, TimeControl
from chesslaws.clock import DelayMode, ManualTimeSource
from tests.clock.strategies import period_controls


def _control_after(tc: TimeControl, moves: int) -> int | None:
    """Index of the period whose time is added when a side completes move ``moves``."""
    done = 0
    for i, period in enumerate(tc.periods):
        if period.moves is None:
            return None
        done += period.moves
        if moves == done:
            return min(i + 1, len(tc.periods) - 1)
        if moves < done:
            return None
    last = tc.periods[-1]
    assert last.moves is not None
    return len(tc.periods) - 1 if (moves - done) % last.moves == 0 else None


@dataclass
class Reference:
    """Each side's time by per-move arithmetic (Articles 6.3.1, 6.3.2)."""

    tc: TimeControl
    main: list[int] = field(default_factory=list)
    moves: list[int] = field(default_factory=lambda: [0, 0])
    flag: list[int | None] = field(default_factory=lambda: [None, None])
    out: list[bool] = field(default_factory=lambda: [False, False])
    # The books: what was added and what was charged, per side.
    added: list[int] = field(default_factory=lambda: [0, 0])
    charged: list[int] = field(default_factory=lambda: [0, 0])

    def __post_init__(self) -> None:
        self.main = [self.tc.periods[0].time] * 2

    def available(self, c: int) -> int:
        """What ``c`` may use on his next move before his flag falls (delay + main time)."""
        period = self.tc.periods[self.tc.period_index(self.moves[c] + 1)]
        simple = period.delay if period.delay_mode is DelayMode.SIMPLE else 0
        return simple + self.main[c]

    def shown(self, c: int, used: int) -> int:
        """``c``'s main time after using ``used`` ms of his move, before pressing."""
        if self.out[c] or used >= self.available(c):
            return 0
        return min(self.main[c], self.available(c) - used)

    def move(self, c: int, used: int, pauses: list[tuple[int, int]], start: int) -> None:
        """``c`` uses ``used`` ms (clock running) and presses; ``pauses`` are (cut, length)."""
        n = self.moves[c] + 1
        period = self.tc.periods[self.tc.period_index(n)]
        simple = period.delay if period.delay_mode is DelayMode.SIMPLE else 0
        if not self.out[c]:
            available = simple + self.main[c]
            if used >= available:
                if self.flag[c] is None:
                    shift = sum(length for cut, length in pauses if cut < available)
                    self.flag[c] = start + available + shift
                self.charged[c] += self.main[c]
                self.main[c] = 0
                self.out[c] = True
            else:
                cost = max(0, used - simple)
                self.charged[c] += cost
                self.main[c] -= cost
        if not (self.out[c] and period.moves is None):
            bonus = period.increment if n >= period.increment_from else 0
            if period.delay_mode is DelayMode.BRONSTEIN:
                bonus += min(used, period.delay)
            self.main[c] += bonus
            self.added[c] += bonus
            if bonus:
                self.out[c] = False
        self.moves[c] = n
        following = _control_after(self.tc, n)
        if following is not None:
            extra = self.tc.periods[following].time
            self.main[c] += extra
            self.added[c] += extra
            if extra:
                self.out[c] = False


def _drive(tc: TimeControl, turns: list[tuple[int, list[int], int]]) -> None:
    """Play ``turns`` of (time used, pause lengths, query point) and compare every total."""
    source = ManualTimeSource(1_000_000)
    clock = Clock(tc, source=source)
    ref = Reference(tc)
    clock.start()
    side = WHITE
    for used, lengths, query in turns:
        start = source.now()
        # Pause at evenly spread points of the move; paused time is never charged.
        cuts = [used * (k + 1) // (len(lengths) + 1) for k in range(len(lengths))]
        pauses = list(zip(cuts, lengths, strict=True))
        spent = 0
        queried = False
        for cut, length in pauses:
            if not queried and query <= cut:
                source.advance(query - spent)
                spent = query
                assert clock.remaining(side) == ref.shown(side, spent)
                queried = True
            source.advance(cut - spent)
            spent = cut
            clock.pause()
            assert clock.remaining(side) == ref.shown(side, spent)
            source.advance(length)
            clock.resume()
        if not queried and query <= used:
            source.advance(query - spent)
            spent = query
            assert clock.remaining(side) == ref.shown(side, spent)
        source.advance(used - spent)
        assert clock.remaining(side) == ref.shown(side, used)
        assert clock.remaining(side.other) == ref.main[side.other]
        clock.press(side)
        ref.move(side, used, pauses, start)
        for c in (WHITE, BLACK):
            assert clock.remaining(c) == ref.main[c], (c, clock, ref)
            assert clock.moves_completed(c) == ref.moves[c]
            expected = ref.flag[c]
            if expected is None and c is not side and not ref.out[c] and ref.available(c) == 0:
                expected = source.now()  # nothing left at all: the flag falls as his clock starts
            assert clock.flag_instant(c) == expected
            # The books balance: time = initial + added - charged, exactly.
            assert ref.main[c] == tc.periods[0].time + ref.added[c] - ref.charged[c]
            assert type(clock.remaining(c)) is int
        fallen = [c for c in (WHITE, BLACK) if clock.flag_instant(c) is not None]
        fallen.sort(key=lambda c: clock.flag_instant(c) or 0)
        assert clock.first_flag() == (fallen[0] if fallen else None)
        side = side.other


turn = st.tuples(
    st.one_of(
        st.integers(0, 10_000),
        st.integers(0, 600_000),
        st.integers(0, 4 * 3_600_000),
    ),
    st.lists(st.integers(1, 100_000), max_size=2),
    st.integers(0, 600_000),
)


@settings(max_examples=60, deadline=None)
@given(period_controls(max_periods=3), st.lists(turn, min_size=1, max_size=120))
def test_random_presses_match_the_arithmetic(
    tc: TimeControl, turns: list[tuple[int, list[int], int]]
) -> None:
    _drive(tc, turns)


def test_ten_thousand_presses_exact() -> None:
    """A long seeded game per mode: every total matches, and no float ever appears."""
    rng = random.Random(20260601)
    for text in ("40/5400+30:1800+30", "300d5", "300b5", "40/7200:20/3600:900+30", "180+2"):
        tc = TimeControl.parse(text)
        turns = []
        for _ in range(2_000):
            used = rng.choice((rng.randint(0, 6_000), rng.randint(0, 120_000)))
            pauses = [rng.randint(1, 9_000)] if rng.random() < 0.1 else []
            turns.append((used, pauses, rng.randint(0, 10_000)))
        _drive(tc, turns)


def test_flag_instant_is_exact_with_pauses() -> None:
    rng = random.Random(7)
    for _ in range(200):
        base = rng.randint(1, 100_000)
        delay = rng.randint(0, 5_000)
        tc = TimeControl.parse(f"{base / 1000}d{delay / 1000}".replace(".0d", "d"))
        clock = Clock(tc, source=None)
        start = rng.randint(0, 10**9)
        clock.start(start)
        paused = 0
        t = start
        # Pause a few times before the flag; the flag instant moves by the paused time.
        for _ in range(rng.randint(0, 3)):
            t += rng.randint(0, (base + delay) // 4)
            clock.pause(t)
            gap = rng.randint(1, 50_000)
            paused += gap
            t += gap
            clock.resume(t)
        expected = start + paused + base + delay
        assert clock.flag_due(WHITE) == expected
        assert clock.flag_instant(WHITE, expected - 1) is None
        late = expected + rng.randint(0, 10**6)
        assert clock.flag_instant(WHITE, late) == expected
        assert clock.first_flag(late) is WHITE
        assert isinstance(clock.remaining(Color.BLACK, late), int)
