"""Electronic boards: from sensor readings to the arbiter's events (Articles 4, 6.2, 7).

A board sees squares emptied and filled, a clock lever and buttons (:mod:`readings
<chesslaws.eboard._readings>`, ``docs/eboard.md``). The reader is a function: :func:`read`
takes the :class:`Hand` (what it remembers, a frozen value), the :class:`Standing` the arbiter
has ruled and one reading, and returns the next hand and the ``touch``, ``adjust``, ``move``
and ``press`` events it makes (``docs/events.md``); the debouncer likewise (:func:`sense`).
:class:`BoardGame` is the thin shell that folds them with the arbiter's ``step`` (or follows a
server that rules). The e-board layer rules nothing itself.
"""

from __future__ import annotations

from chesslaws._errors import InvalidReading as InvalidReading
from chesslaws.eboard._continuations import Continuations as Continuations
from chesslaws.eboard._debounce import Change as Change
from chesslaws.eboard._debounce import Sensors as Sensors
from chesslaws.eboard._debounce import sense as sense
from chesslaws.eboard._hand import Hand as Hand
from chesslaws.eboard._hand import Notice as Notice
from chesslaws.eboard._hand import read as read
from chesslaws.eboard._profile import PROFILES as PROFILES
from chesslaws.eboard._profile import STANDARD as STANDARD
from chesslaws.eboard._profile import TACTILE as TACTILE
from chesslaws.eboard._profile import BoardProfile as BoardProfile
from chesslaws.eboard._profile import profile_named as profile_named
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
from chesslaws.eboard._session import LocalArbiter as LocalArbiter
from chesslaws.eboard._session import Ruled as Ruled
from chesslaws.eboard._session import rotate as rotate
from chesslaws.eboard._standing import Standing as Standing

__all__ = [
    "OCCUPIED",
    "PROFILES",
    "ROTATIONS",
    "STANDARD",
    "TACTILE",
    "BoardGame",
    "BoardProfile",
    "BoardSnapshot",
    "Button",
    "ButtonName",
    "Change",
    "Continuations",
    "Flag",
    "Hand",
    "InvalidReading",
    "Lever",
    "Lift",
    "LocalArbiter",
    "Notice",
    "Place",
    "Reading",
    "Ruled",
    "Sensors",
    "Standing",
    "parse_placement",
    "parse_reading",
    "placement_of",
    "profile_named",
    "read",
    "reading_from_json",
    "rotate",
    "sense",
]
