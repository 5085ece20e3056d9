"""The public surface of ``chesslaws.clock`` and its place in ``chesslaws``."""

from __future__ import annotations

import chesslaws
import chesslaws.clock


def test_all_is_complete_and_importable() -> None:
    names = chesslaws.clock.__all__
    assert len(set(names)) == len(names)
    for name in names:
        assert getattr(chesslaws.clock, name) is not None
    public = {n for n in dir(chesslaws.clock) if not n.startswith("_")} - {"annotations"}
    assert public == set(names)


def test_top_level_names() -> None:
    assert chesslaws.TimeControl is chesslaws.clock.TimeControl
    assert chesslaws.Clock is chesslaws.clock.Clock
    assert {"Clock", "ClockError", "TimeControl"} <= set(chesslaws.__all__)
    assert issubclass(chesslaws.ClockError, chesslaws.ChessLawsError)
    assert issubclass(chesslaws.ClockError, ValueError)
