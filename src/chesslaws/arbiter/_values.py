"""Fast constructors for the frozen values made on every ply (events, boards, clocks).

A frozen dataclass's ``__init__`` must store each field through ``object.__setattr__`` (plain
stores are what "frozen" forbids), which costs a call per field. The arbiter makes several such
values for every move and press, so for the classes on that path :func:`builder` makes a second
constructor: it fills an instance of a twin class that has the same slots and nothing else with
plain stores, then gives the object its real class (Python allows that between two classes of
the same layout). The result is the value ``cls(*fields)`` gives, field for field, equal and of
the same type; the frozen class's methods, equality and hash apply to it as to any other.

:class:`~chesslaws.arbiter._draft.Draft` is the same idea for the whole game state: a draft
with the slots of :class:`~chesslaws.arbiter.GameState` becomes the next state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["builder"]

T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """A constructor taking ``cls``'s fields positionally (their defaults as defaults), for a
    frozen dataclass with slots and no ``__post_init__``.

    >>> from chesslaws.arbiter._state import Ending
    >>> from chesslaws.endings import Reason, Result
    >>> new = builder(Ending)
    >>> mate = (Result.WHITE_WINS, Reason.CHECKMATE, "5.1.1")
    >>> new(*mate) == Ending(*mate)
    True
    >>> type(new(*mate))
    <class 'chesslaws.arbiter._state.Ending'>
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} is no frozen dataclass without __post_init__")
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    if tuple(names) != tuple(getattr(cls, "__slots__", ())):
        raise TypeError(f"{cls.__name__}'s slots are not exactly its fields")
    namespace: dict[str, Any] = {"twin": type(f"_{cls.__name__}Twin", (), {"__slots__": names})}
    namespace["cls"] = cls
    params_text = []
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name} has a default factory")
        if f.default is dataclasses.MISSING:
            params_text.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params_text.append(f"{f.name}=_default_{f.name}")
    stores = "".join(f"    value.{name} = {name}\n" for name in names)
    source = (
        f"def new_{cls.__name__}({', '.join(params_text)}):\n"
        f"    value = twin()\n{stores}    value.__class__ = cls\n    return value\n"
    )
    exec(source, namespace)  # the constructor's text is made from the field names only
    made: Callable[..., T] = namespace[f"new_{cls.__name__}"]
    made.__doc__ = f"``{cls.__name__}(...)``, built fast (the same value): see builder()."
    return made
