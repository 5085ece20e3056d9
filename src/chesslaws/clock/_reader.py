"""A cursor over a time-control string that raises :class:`TimeControlError` with the position."""

from __future__ import annotations

from typing import NoReturn

from chesslaws._errors import TimeControlError
from chesslaws._words import Words
from chesslaws.clock._units import MAX_DIGITS, scan_seconds, scan_uint

__all__ = ["Reader"]

_TIME_CONTROL = Words("time control")


class Reader:
    """Reads ``text`` left to right; every failure names the index and what was expected."""

    __slots__ = ("label", "low", "n", "pos", "text")

    def __init__(self, text: str, pos: int = 0, *, label: str = "") -> None:
        self.label = label or _TIME_CONTROL
        self.text = text
        self.low = text.lower()
        self.n = len(text)
        self.pos = pos

    def fail(self, expected: str, at: int | None = None) -> NoReturn:
        """Raise: ``expected`` was wanted at ``at`` (default: the cursor)."""
        index = self.pos if at is None else at
        found = repr(self.text[index]) if index < self.n else Words("the end")
        raise TimeControlError(
            Words(
                "{label} {text}: expected {expected} at index {index}, found {found}",
                label=self.label,
                text=repr(self.text),
                expected=expected,
                index=index,
                found=found,
            ),
            text=self.text,
            index=index,
        )

    def peek(self) -> str:
        """The character at the cursor (lower case), or ``""`` at the end."""
        return self.low[self.pos] if self.pos < self.n else ""

    def at_end(self) -> bool:
        return self.pos >= self.n

    def accept(self, token: str) -> bool:
        """Consume ``token`` (lower case) if it is next."""
        if self.low.startswith(token, self.pos):
            self.pos += len(token)
            return True
        return False

    def skip_space(self) -> bool:
        """Skip whitespace; whether there was any."""
        start = self.pos
        while self.pos < self.n and self.text[self.pos].isspace():
            self.pos += 1
        return self.pos > start

    def uint(self, what: str) -> int:
        """Read a run of digits as an int."""
        end = scan_uint(self.text, self.pos)
        if end == self.pos:
            self.fail(what)
        if end - self.pos > MAX_DIGITS:
            self.fail(
                Words("{what} of at most {digits} digits", what=what, digits=MAX_DIGITS), self.pos
            )
        value = int(self.text[self.pos : end])
        self.pos = end
        return value

    def number(self, what: str, scale: int = 1000) -> int:
        """Read ``DIGITS[.DIGITS]`` in units of ``scale`` ms, as whole milliseconds."""
        value, end, problem = scan_seconds(self.text, self.pos, scale)
        if problem:
            self.fail(what if problem == "a number" else problem, end)
        self.pos = end
        return value

    def word(self) -> str:
        """The run of ASCII letters at the cursor (lower case), not consumed."""
        end = self.pos
        while end < self.n and "a" <= self.low[end] <= "z":
            end += 1
        return self.low[self.pos : end]
