"""Electronic boards: from sensor readings to the arbiter's events (Articles 4, 6.2, 7).

A board sees squares emptied and filled, a clock lever and buttons (:mod:`readings
<chesslaws.eboard._readings>`, ``docs/eboard.md``); :class:`BoardGame` turns them into the
``touch``, ``adjust``, ``move`` and ``press`` events of ``spec/events.md`` and has a
:class:`chesslaws.arbiter.Game` rule on them. The e-board layer rules nothing itself.
"""

from __future__ import annotations

from chesslaws._errors import InvalidReading as InvalidReading
from chesslaws.eboard._continuations import Continuations as Continuations
from chesslaws.eboard._debounce import Change as Change
from chesslaws.eboard._debounce import Debouncer as Debouncer
from chesslaws.eboard._interpreter import Interpreter as Interpreter
from chesslaws.eboard._interpreter import Notice as Notice
from chesslaws.eboard._readings import OCCUPIED as OCCUPIED
from chesslaws.eboard._readings import BoardSnapshot as BoardSnapshot
from chesslaws.eboard._readings import Button as Button
from chesslaws.eboard._readings import ButtonName as ButtonName
from chesslaws.eboard._readings import Flag as Flag
from chesslaws.eboard._readings import Lever as Lever
from chesslaws.eboard._readings import Lift as Lift
from chesslaws.eboard._readings import Place as Place
from chesslaws.eboard._readings import Reading as Reading
from chesslaws.eboard._readings import parse_placement as parse_placement
from chesslaws.eboard._readings import parse_reading as parse_reading
from chesslaws.eboard._readings import placement_of as placement_of
from chesslaws.eboard._readings import reading_from_json as reading_from_json
from chesslaws.eboard._session import ROTATIONS as ROTATIONS
from chesslaws.eboard._session import BoardGame as BoardGame
from chesslaws.eboard._session import rotate as rotate

__all__ = [
    "OCCUPIED",
    "ROTATIONS",
    "BoardGame",
    "BoardSnapshot",
    "Button",
    "ButtonName",
    "Change",
    "Continuations",
    "Debouncer",
    "Flag",
    "Interpreter",
    "InvalidReading",
    "Lever",
    "Lift",
    "Notice",
    "Place",
    "Reading",
    "parse_placement",
    "parse_reading",
    "placement_of",
    "reading_from_json",
    "rotate",
]
