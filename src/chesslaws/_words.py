"""Words a person reads, kept as a code and its parameters until they are shown (issue 31).

The library and the server write what they tell a person (why an event was not taken, a
ruling's note, a time control in words) as :class:`Words`: a ``str`` holding the English, which
is what logs, JSON files and the English pages show, that also keeps its template (the message
catalogs' key, ``msgid``) and its parameters. Whoever shows it to a reader renders it in the
reader's language from the catalogs: the pages with ``t()`` from the message's ``i18n`` field
(:func:`words_json`), the command line with gettext. The log stays language-neutral: the events
and the rulings' codes and Article numbers; these words are only their rendering.

A parameter that is itself words (a colour, a period of a time control) is a :class:`Words`
too, translated in its turn; numbers, squares and moves are shown as they are. An error given
as a parameter is what it says (:func:`said`): its words when it was raised with words.

>>> w = Words("{player} does not have the move (1.3)", player=Words("white"))
>>> w, w.to_json()
('white does not have the move (1.3)', {'id': '{player} does not have the move (1.3)', \
'params': {'player': {'id': 'white', 'params': {}}}})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["Words", "joined", "rendered", "said", "words_json"]


class Words(str):
    """English text that keeps its catalog key ``msgid`` and its ``params`` (see the module)."""

    msgid: str
    params: Mapping[str, Words | str | int]

    def __new__(cls, msgid: str, /, **params: object) -> Words:
        kept = {name: _param(value) for name, value in params.items()}
        text = super().__new__(cls, msgid.format_map(kept))  # "{{" is a brace, as in format
        text.msgid = msgid
        text.params = kept
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its template and parameters (a worker process sends rulings back)."""
        return (_rebuild, (self.msgid, dict(self.params)))

    def to_json(self) -> dict[str, Any]:
        """``{"id": msgid, "params": {...}}``, words among the parameters as objects too."""
        params = self.params.items()
        return {"id": self.msgid, "params": {k: _json(v) for k, v in params}}


def _param(value: object) -> Words | str | int:
    if isinstance(value, BaseException):
        return said(value)
    if isinstance(value, Words) or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    return str(value)


def _json(value: Words | str | int) -> Any:
    return value.to_json() if isinstance(value, Words) else value


def _rebuild(msgid: str, params: dict[str, Any]) -> Words:
    return Words(msgid, **params)


def joined(first: str, then: str) -> Words:
    """Two texts one after the other ("first; then"), each translated where it is words."""
    return Words("{first}; {then}", first=first, then=then)


def rendered(text: str, gettext: Callable[[str], str]) -> str:
    """``text`` in the language of ``gettext`` (a catalog's): :class:`Words` from the catalog,
    its parameters rendered in turn; any other text as it is."""
    if not isinstance(text, Words):
        return text
    params = {name: rendered(value, gettext) if isinstance(value, str) else value
              for name, value in text.params.items()}  # fmt: skip
    return gettext(text.msgid).format_map(params)


def said(error: BaseException) -> str:
    """What ``error`` says: the :class:`Words` it was raised with, else its text."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Words) else str(error)


def words_json(**fields: object) -> dict[str, Any]:
    """The ``i18n`` object of a message: each field given that holds :class:`Words`, as its code
    and parameters (``{"reason": {"id": …, "params": …}}``); fields of plain text are left out
    (a page shows them as they are)."""
    return {name: value.to_json() for name, value in fields.items() if isinstance(value, Words)}
