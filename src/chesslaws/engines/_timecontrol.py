"""Time controls of a match: reading ``tc=``, and telling the engine its time as UCI allows.

``tc=`` takes the clock's own syntax (``40/5400+30:1800+30``, ``300d5``, ``300b5``,
``1800+30@41``; see :class:`~chesslaws.clock.TimeControl`) and cutechess's
``[MOVES/]TIME[+INC]`` with fractional seconds (``10+0.1``, ``40/60+0.6``), where ``TIME`` may be
``MINUTES:SECONDS`` (``1:30+1`` is 90 s plus 1 s a move). The two readings differ only on a
colon: a text with exactly one ``:`` followed by two digits ``00``-``59`` (and nothing but an
optional fraction and increment after them) is read as minutes and seconds, since no real
control has a last period of under a minute. Write ``40/5400:030`` for the other reading.

UCI has ``wtime``/``btime`` (time left), ``winc``/``binc`` (increment per move) and
``movestogo`` (moves to the next control) and nothing else, so :func:`go_arguments` says:

* ``wtime``/``btime``: the main time the clock shows at ``go`` (never below 1 ms);
* ``winc``/``binc``: the increment the current period gives this move (0 before the period's
  ``increment_from`` move), **plus any delay**, simple or Bronstein. A delay of ``d`` gives at
  most ``d`` back per move, as an increment of ``d`` would, but nothing beyond the time actually
  used: an approximation the engine cannot be told better;
* ``movestogo``: the moves still to complete in the current period, when it has a move count.
  The engine is not told that a later period will add time; it saves time for the control as
  if the game ended there, and learns the new time only once the control is reached.
"""

from __future__ import annotations

import re

from chesslaws._color import Color
from chesslaws._errors import MatchError, TimeControlError
from chesslaws._words import Words
from chesslaws.clock import Clock, Period, TimeControl

__all__ = ["go_arguments", "read_match_tc"]

_NUMBER = r"\d+(?:\.\d+)?"
_CUTECHESS_MINUTES = re.compile(
    rf"(?:(?P<moves>[1-9]\d*)/)?(?P<min>\d+):(?P<sec>[0-5]\d(?:\.\d+)?)(?:\+(?P<inc>{_NUMBER}))?\Z"
)


def _ms(text: str, option: str) -> int:
    whole, _, frac = text.partition(".")
    if len(frac.rstrip("0")) > 3:
        raise MatchError(
            Words("{option}: {text} s is finer than a millisecond", option=option, text=text),
            option=option,
        )
    return int(whole) * 1000 + int((frac + "000")[:3])


def read_match_tc(text: str, option: str = "tc") -> TimeControl:
    """The time control ``text`` of a ``tc=`` option (see the module docstring).

    >>> str(read_match_tc("1:30+1")), str(read_match_tc("40/60+0.6")), str(read_match_tc("300d5"))
    ('90+1', '40/60+0.6', '300d5')
    """
    text = text.strip()
    match = _CUTECHESS_MINUTES.match(text)
    if match is not None:
        moves = match["moves"]
        period = Period(
            None if moves is None else int(moves),
            int(match["min"]) * 60_000 + _ms(match["sec"], option),
            0 if match["inc"] is None else _ms(match["inc"], option),
        )
        return TimeControl((period,))
    try:
        tc = TimeControl.parse(text, shorthand=False)
    except TimeControlError as error:
        raise MatchError(
            Words("{option}={text}: {error}", option=option, text=text, error=error), option=option
        ) from None
    if not tc.has_clock or tc.sandclock:
        raise MatchError(
            Words(
                "{option}={text}: an engine match needs periods of time"
                " (not '-', '?' or a sandclock)",
                option=option,
                text=text,
            ),
            option=option,
        )
    return tc


def go_arguments(clock: Clock, at: int) -> str:
    """The ``go`` command's time arguments for the side to move, at instant ``at`` (ms).

    ``clock`` is the arbiter's clock (read only): ``wtime``/``btime`` are the main times it
    shows, ``winc``/``binc`` each side's next increment plus delay, ``movestogo`` the moves the
    side to move still owes its current period. Under time odds each side's figures come from
    its own control; UCI has one ``movestogo``, so only the side to move's is told.
    """
    mover = clock.turn
    assert mover is not None, "the clock has not started"
    parts = ["go"]
    for color, (time_key, inc_key) in zip(
        (Color.WHITE, Color.BLACK), (("wtime", "winc"), ("btime", "binc")), strict=True
    ):
        parts += [time_key, str(max(1, clock.remaining(color, at)))]
        parts += [inc_key, str(_increment(clock, color))]
    to_go = clock.moves_to_control(mover)
    if to_go is not None and to_go > 0:
        parts += ["movestogo", str(to_go)]
    return " ".join(parts)


def _increment(clock: Clock, color: Color) -> int:
    """What ``color``'s next completed move adds back, as an increment (module docstring)."""
    period = clock.period_of(color)
    move = clock.moves_completed(color) + 1
    increment = period.increment if move >= period.increment_from else 0
    return increment + period.delay
