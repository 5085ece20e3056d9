"""What the board reader follows of the arbiter: :class:`Standing`, and every read of a state.

The reader rules nothing; it needs to know little of the game: the position the board must show
(legal moves only), whether the game is over, whose clock runs and when its flag falls (6.1,
6.8), and whether the arbiter has just taken a move back as a touch-move breach (4.3: the press
that went with it completes nothing). A :class:`Standing` holds exactly that. It is read from
the arbiter's :class:`~chesslaws.arbiter.GameState` (:meth:`Standing.of`, the only place the
e-board reads a state) or from a chesslaws server's view of a live game (:meth:`Standing.of_view`,
where the server is the arbiter).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from chesslaws._color import Color
from chesslaws._words import Words
from chesslaws.arbiter import GameState, Millis, Ruling, RulingKind
from chesslaws.core import Position
from chesslaws.endings import Result

__all__ = ["Standing", "flag_due"]


def position_key(position: Position) -> tuple[object, ...]:
    """What tells two positions apart, cheaply (the FEN takes longer to write)."""
    return (
        position.board_codes(),
        position.turn,
        position.castling_rights,
        position.ep_square,
        position.halfmove_clock,
    )


@dataclass(frozen=True, slots=True, eq=False)
class Standing:
    """What the arbiter has ruled that the board must follow (see the module docstring).

    ``position`` is the reader's own copy (never the arbiter's): the position the board must
    show; ``key`` tells it from others; ``over`` says how the game ended (None while it goes
    on); ``running`` is whose clock runs; ``flag_due`` the instant that clock's flag falls
    (None where the board does not watch the clock: no clock, paused, or a server that does);
    ``taken_back``: the last event's move was taken back as a touch-move breach (4.3);
    ``watches``: whether the board observes the clock for the arbiter.
    """

    position: Position
    key: tuple[object, ...]
    over: str | None = None
    running: Color | None = None
    flag_due: Millis | None = None
    taken_back: bool = False
    watches: bool = True
    """The board observes the clock for the arbiter (a server watches its own: then a flag the
    clock shows is only claimed, 6.8)."""
    read_from: object = None
    """The arbiter's board value the position was copied from (the same value, shared by the
    states an event left the board alone in, needs no new copy)."""
    result: Result | None = None
    """The result ruled, once the game is over."""
    timed_from: object = None
    """The arbiter's clock value ``flag_due`` was read from (the same value, shared by the
    states an event left the clock alone in, gives the same instant)."""

    @classmethod
    def of(
        cls,
        state: GameState,
        rulings: Iterable[Ruling] = (),
        before: Standing | None = None,
        *,
        quiet: bool = False,
    ) -> Standing:
        """What the board follows of ``state``; ``rulings`` are those of the last event;
        ``before`` the standing of an earlier state of the game. ``quiet``: the events were
        ones the reader awaits no answer to (touches, adjustments); then ``before`` itself is
        given back when they changed nothing the board follows, and the reader sees at once
        that it has nothing new to follow."""
        board = state.board
        clock = state.clock
        taken_back = any(r.kind is RulingKind.TOUCH_MOVE for r in rulings)
        if before is not None and before.read_from is board:
            if (
                quiet
                and before.timed_from is clock
                and before.running is state.running
                and state.ending is None
                and before.over is None
                and not (taken_back or before.taken_back)
            ):
                return before
            position, key = before.position, before.key
        else:
            position = board.position  # a copy already
            key = position_key(position)
        over = None
        if state.ending is not None:
            ending = state.ending
            over = Words("the game is over ({result}, {reason})", result=ending.result.value,
                         reason=ending.reason.value)  # fmt: skip
        return cls(
            position,
            key,
            over,
            state.running,
            flag_due(state),
            taken_back,
            read_from=board,
            timed_from=clock,
            result=state.ending.result if state.ending is not None else None,
        )

    @classmethod
    def of_view(
        cls, view: Mapping[str, Any], rulings: Iterable[Mapping[str, Any]] = (), *, chess960: bool
    ) -> Standing:
        """What the board follows of a chesslaws server's ``view`` of a live game (its FEN,
        result, running clock) and the rulings broadcast with it. The server watches the
        clock itself (it is the arbiter): no ``flag_due``. Raises ``ValueError`` for a view
        that is not one."""
        fen = view.get("fen")
        if not isinstance(fen, str):
            raise ValueError(f"the server's view has no FEN: {str(view)[:200]}")
        position = Position.from_fen(fen, chess960=chess960)
        over = None
        if view.get("result") is not None:
            over = Words("the game is over ({result}, {reason})", result=view.get("result"),
                         reason=view.get("reason"))  # fmt: skip
        running = view.get("running")
        return cls(
            position,
            position_key(position),
            over,
            Color.parse(running) if running in ("white", "black") else None,
            None,
            any(r.get("ruling") == "touch_move" for r in rulings),
            watches=False,
            result=_result(view.get("result")),
        )


def _result(text: object) -> Result | None:
    """A server view's result (None while the game goes on, or one this library cannot name)."""
    try:
        return Result(text) if isinstance(text, str) else None
    except ValueError:
        return None


def flag_due(state: GameState) -> Millis | None:
    """The instant the running clock's flag falls (6.1.1) if it keeps running; None without a
    clock, with the clock paused or stopped, or once the game is over."""
    clock = state.clock
    running = state.running
    if clock is None or running is None or state.is_over:
        return None
    return clock.flag_due(running)
