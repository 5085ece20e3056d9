"""An earlier position restored (Articles 7.1, 7.5.1, 7.6): the arbiter's ``restore``.

7.6: a piece found displaced from its correct square: "the position before the irregularity
shall be restored", or the last identifiable one; 7.1: "if an irregularity forces a return to
an earlier position, the arbiter shall use his/her best judgement to determine the times to
be shown on the chessclock ... He/she shall also, if necessary, adjust the clock's move
counter". The arbiter names how many moves of the scoresheet stand; the moves after them are
taken back, the player to move in that position has the move and his clock runs, the clock's
move counters are set to each player's moves standing, and the times are left as they are
(the arbiter sets them with ``set_time`` where his judgement says otherwise).
"""

from __future__ import annotations

from chesslaws._color import Color
from chesslaws._words import Words, joined
from chesslaws.core import Position

from ._board import BoardState, starting_board
from ._clockface import ClockState
from ._draft import Draft, Rejected, ruling
from ._events import AgreeCorrection, Arbiter, Variant
from ._rulings import Ruling, RulingKind
from ._scoresheet import Scoresheet
from ._state import NO_TOUCH
from ._time import Millis, ms_to_seconds

__all__ = ["on_agree_correction", "on_restore", "restore"]


def on_restore(d: Draft, event: Arbiter, idx: int) -> list[Ruling]:
    """The position after the first ``event.moves`` moves (plies) of the scoresheet is
    restored (7.1, 7.6); the article is the event's, else 7.6."""
    assert event.moves is not None
    return restore(d, event.moves, event.at, idx, event.article or "7.6")


def on_agree_correction(d: Draft, event: AgreeCorrection, idx: int) -> list[Ruling]:
    """A.5.2: "Once the opponent has made his/her next move, an illegal move cannot be
    corrected unless this is agreed by the players without intervention of the arbiter": the
    players go back to the position after ``event.moves`` moves, before an illegal move that
    stood."""
    taken_back = d.sheet[event.moves :] if event.moves <= d.sheet.length else ()
    if not any(ply.move is None for ply in taken_back):
        raise Rejected(
            Words(
                "agree_correction: no illegal move that stood is taken back (A.5.2); an earlier "
                "position is otherwise the arbiter's to restore (7.1)"
            )
        )
    note = Words("corrected by the players' agreement, without the arbiter (A.5.2)")
    return restore(d, event.moves, event.at, idx, "A.5.2", note)


def restore(
    d: Draft, keep: int, at: Millis, idx: int, article: str, why: str | None = None
) -> list[Ruling]:
    """Go back to the position after the first ``keep`` moves of the scoresheet (7.1)."""
    made = d.sheet.length
    if keep > made:
        raise Rejected(
            Words("restore: the scoresheet has {made} moves, not {keep}", made=made, keep=keep)
        )
    if d.pending is not None:
        raise Rejected(Words("restore: an illegal move is waiting to be ruled on (7.5, A.5.2)"))
    back = made - keep
    board, sheet = d.board, d.sheet
    for _ in range(back):
        sheet = sheet.without_last()
    if back <= board.position.ply:
        for _ in range(back):
            board = board.taken_back()
    else:  # an illegal move stood after it (A.5.2): the moves before it are played again
        board = _replayed(d, sheet)
    d.board, d.sheet = board, sheet
    d.touch = NO_TOUCH
    d.breach = None
    d.uncompleted = (False, False)
    mover = board.position.side_to_move
    d.running = mover
    fen = board.position.fen()
    note: str = Words("the position after {keep} move (plies) restored: {fen}", keep=keep, fen=fen)
    if keep != 1:
        note = Words("the position after {keep} moves (plies) restored: {fen}", keep=keep, fen=fen)
    if why is not None:
        note = joined(why, note)
    if d.clock is not None:
        d.clock = _clock_restored(d, d.clock, mover, at)
        shown = d.clock.clock
        clocks = Words(
            "clocks as they were (White {white} s, Black {black} s), move counters "
            "{white_moves} and {black_moves}",
            white=ms_to_seconds(shown.remaining(Color.WHITE)),
            black=ms_to_seconds(shown.remaining(Color.BLACK)),
            white_moves=shown.moves_completed(Color.WHITE),
            black_moves=shown.moves_completed(Color.BLACK),
        )
        note = joined(note, clocks)
    return [ruling(idx, at, RulingKind.POSITION_RESTORED, article=article, note=note)]


def _replayed(d: Draft, sheet: Scoresheet) -> BoardState:
    """The board after the moves of ``sheet``, played again from the start position; each must
    be a legal move there (an illegal move that stood leaves no position to go on from)."""
    start = d.start
    assert start is not None
    if start.fen is None:
        board = starting_board()
    else:
        chess960 = start.variant is Variant.CHESS960
        board = BoardState.start(Position.from_fen(start.fen, chess960=chess960))
    for number, ply in enumerate(sheet, 1):
        code = board.position.legal_uci_code(ply.uci)
        if code is None:
            raise Rejected(
                Words(
                    "restore: move {number} ({san}) stood illegal (A.5.2): the position after it "
                    "cannot be told",
                    number=number,
                    san=ply.san,
                )
            )
        board = board.after(code)
    return board


def _clock_restored(d: Draft, state: ClockState, mover: Color, at: Millis) -> ClockState:
    """The clock once the position is restored: ``mover``'s clock runs (no move counted, no
    increment), the counters show the moves standing (7.1)."""
    clock = state.clock.copy()
    if not clock.stopped:
        clock.switch(mover, at)
    for color, moves in zip(Color, d.moved, strict=True):
        clock.set_moves(color, moves)
    return ClockState(clock, state.mode)
