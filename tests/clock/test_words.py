"""Issue 31: a time control that cannot be read is refused in words a person reads in his
language (the home page, ``serve --new-game``, ``timecontrol``, the arbiter's start); the
error's English is as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from chesslaws._errors import TimeControlError
from chesslaws._words import Words, said
from chesslaws.arbiter import GameState, parse_event, step
from chesslaws.clock import TimeControl, read_spoken
from chesslaws.clock._comments import parse_hms
from chesslaws.server._view import ruling_json

Speak = Callable[[str, str], str]


def _refusal(read: Callable[[], object]) -> str:
    with pytest.raises(TimeControlError) as refused:
        read()
    return said(refused.value)


def test_an_unreadable_time_control_is_words_in_every_language(speak: Speak) -> None:
    words = _refusal(lambda: TimeControl.parse("5+x"))
    assert isinstance(words, Words)
    assert words == "time control '5+x': expected an increment in seconds at index 2, found 'x'"
    assert words.msgid == "{label} {text}: expected {expected} at index {index}, found {found}"
    assert speak("en", words) == words
    assert speak("es", words) == (
        "control de tiempo '5+x': se esperaba un incremento en segundos en la posición 2, "
        "se encontró 'x'"
    )
    assert speak("el", words) == (
        "έλεγχος χρόνου '5+x': στη θέση 2 περιμέναμε μια προσαύξηση σε δευτερόλεπτα, βρέθηκε 'x'"
    )


@pytest.mark.parametrize(
    ("read", "english"),
    [
        (lambda: TimeControl.parse("300+ 2"),
         "time control '300+ 2': white space at index 4 inside a PGN time control (seconds); "
         "write '300+2', or give units for the shorthand ('5m+3s')"),
        (lambda: TimeControl.parse("300+2,"),
         "time control '300+2,': ',' at index 5 separates periods, but no period follows"),
        (lambda: TimeControl.parse("0"),
         "time control '0': period 1 gives no time at all (no time, increment or delay; index 0)"),
        (lambda: TimeControl.parse("1.0001"),
         "time control '1.0001': expected a time in whole milliseconds (too many decimals) at "
         "index 5, found '1'"),
        (lambda: parse_hms("1234567890123456"),
         "clock time '1234567890123456': expected a number of hours, minutes or seconds of at "
         "most 15 digits at index 0, found '1'"),
        (lambda: read_spoken("3|"),
         "time control '3|': expected the increment after '|' at index 2, found the end"),
        (lambda: parse_hms("1:75"),
         "clock time '1:75': expected minutes or seconds below 60 at index 2, found '7'"),
    ],
)  # fmt: skip
def test_each_refusal_of_the_readers_is_translated(
    speak: Speak, read: Callable[[], object], english: str
) -> None:
    words = _refusal(read)
    assert isinstance(words, Words) and words == english
    for lang in ("es", "el"):
        shown = speak(lang, words)
        assert shown != english
        assert not any(w in shown for w in ("time control", "clock time", "index"))


def test_the_arbiters_start_keeps_the_code_of_a_players_control() -> None:
    start = '{"type": "start", "time_controls": {"white": "300+2", "black": "300+x"}}'
    _state, (rejected,) = step(GameState(), parse_event(start))
    shown = ruling_json(rejected)  # type: ignore[arg-type]
    assert shown["reason"] == (
        "bad 'time_controls': Black's control: time control '300+x': expected an increment in "
        "seconds at index 4, found 'x'"
    )
    error = shown["i18n"]["reason"]["params"]["error"]
    assert error["id"] == "{player}'s control: {error}"
    assert error["params"]["player"] == {"id": "Black", "params": {}}
    assert error["params"]["error"]["params"]["expected"]["id"] == "an increment in seconds"


def test_timecontrol_says_why_in_the_cli_language() -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    run = [sys.executable, "-m", "chesslaws", "--lang", "es", "timecontrol", "5+x"]
    done = subprocess.run(run, capture_output=True, text=True, timeout=60, cwd=root)
    assert done.returncode == 2
    assert "se esperaba un incremento en segundos en la posición 2" in done.stderr


def test_a_clock_used_against_its_state_says_so_in_every_language(speak: Speak) -> None:
    """A :class:`~chesslaws.ClockError` (a press by the side whose clock is not running, a
    pause of a clock not running) is words: the method's name as it is, the rest translated."""
    from chesslaws import BLACK, ClockError
    from chesslaws.clock import Clock

    clock = Clock("300+2", source=None)
    clock.start(0)
    with pytest.raises(ClockError) as pressed:
        clock.press(BLACK, 1000)
    words = said(pressed.value)
    assert isinstance(words, Words)
    assert words == "press: black's clock is not running (white's clock is running)"
    assert speak("es", words) == (
        "press: el reloj de las negras no está en marcha (corre el reloj de las blancas)"
    )
    assert speak("el", words) == "press: το ρολόι (μαύρα) δεν τρέχει (τρέχει το ρολόι (λευκά))"
    clock.stop(2000)
    with pytest.raises(ClockError) as paused:
        clock.pause(3000)
    assert speak("es", said(paused.value)) == "pause: no corre ningún reloj (parado)"
    assert speak("el", said(paused.value)) == "pause: δεν τρέχει κανένα ρολόι (σταματημένο)"
