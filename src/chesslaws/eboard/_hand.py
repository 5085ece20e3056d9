"""From square changes to the arbiter's events, as a function: ``read(hand, standing, item)``.

The reader watches the board for the player having the move (1.3). Each piece he lifts is a
touch (4.2.2: contact counts as intentional), of his own piece (4.3.1) or the opponent's
(4.3.2), unless he announced an adjustment first (4.2.1). A new piece brought to the promotion
square fixes the promotion (4.4.4). When the board shows a position a legal move leads to, that
move is the candidate; it is *made* (the ``move`` event, 4.7) once the hand has let go: the
board stays so for ``settle`` ms, the lever is pressed, the opponent lifts one of his own
pieces or the board shows his reply. Until then the hand may still slide the piece on, or
finish a capture, castling or promotion in any order (4.6, 4.7.1–4.7.3).

At the lever, a board that shows no legal move but one piece of the mover carried elsewhere is
passed on as that (illegal) move; the arbiter rules (7.5). A board that shows neither is
unreadable: the press waits until the pieces are set (7.4.1: on the player's own time). After a
ruling that restores a position (7.5.1, a touch-move breach taken back) the board must show
that position again; what the hands do until then is not touching with intent to move. A flag
fallen by the time the readings reach is observed at the instant it fell (6.8), after a move
the board showed before it.

:class:`Hand` is what the reader remembers between readings, a frozen value. :func:`read` takes
it, the :class:`~chesslaws.eboard._standing.Standing` the arbiter has ruled, and one released
reading, and returns the next hand and what it says: events for the arbiter and notices for
the people. It rules nothing and calls no arbiter. Where what comes next depends on the
arbiter's answer (a move made: the position after it, or the move taken back), it stops and
keeps the rest in ``hand.agenda``; the caller has the arbiter rule on the events and reads on
with the new standing and no item (:func:`read` with ``None``) until nothing more is said.
Inside, :func:`read` works on a draft of the hand and freezes it, as the arbiter's ``step``
does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, NamedTuple, TypeVar

from chesslaws._color import Color
from chesslaws._words import Words, words_json
from chesslaws.arbiter import (
    Accept,
    Adjust,
    Announce,
    Arbiter,
    ArbiterActionKind,
    Claim,
    ClaimKind,
    Decline,
    Event,
    Millis,
    MoveMade,
    Offer,
    Press,
    Resign,
    Tick,
    Touch,
)
from chesslaws.core import PAWN, Move, PieceType, square_name

from ._continuations import Continuations, changes_of
from ._debounce import Change, Released, Snapshot
from ._readings import OCCUPIED, Button, ButtonName, Flag, Lever, placement_of
from ._standing import Standing

__all__ = ["QUIET_EVENTS", "End", "Hand", "Item", "Notice", "Now", "Said", "read"]


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the board reader tells the players or the arbiter (not an event, no ruling).

    ``kind``: ``knocked`` (pieces knocked over, 7.4), ``set_pieces`` (the board does not show
    the arbiter's position: set it), ``board_set`` (it does again), ``press_held`` (a press
    waits for a readable board), ``orientation`` (the board is turned), ``game_over``, ...
    (``docs/eboard.md``).
    """

    at: Millis
    kind: str
    text: str

    def to_json(self) -> dict[str, Any]:
        """``at``, ``notice`` (the kind), ``text`` (English) and, where the text is
        :class:`~chesslaws._words.Words`, ``i18n``: its code and parameters."""
        words = words_json(text=self.text)
        return {"at": self.at / 1000, "notice": self.kind, "text": self.text,
                **({"i18n": words} if words else {})}  # fmt: skip


@dataclass(frozen=True, slots=True)
class _Instant:
    at: Millis


class Now(_Instant):
    """Every reading up to ``at`` has been released: a move shown long enough is made, a flag
    fallen by then observed."""

    __slots__ = ()


class End(_Instant):
    """The readings end at ``at``: a move the board shows is made, a press still held told."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class _PressAfter:
    """The press that goes with the move just made (``mover``: by its maker), once the arbiter
    has answered the move."""

    lever: Lever
    mover: bool


Item = Released | Now | End | _PressAfter
Said = Event | Notice

_PROMOTION_TYPES = (2, 3, 4, 5)
_NONE: Mapping[int, int] = MappingProxyType({})
_NONE_BOOL: Mapping[int, bool] = MappingProxyType({})
_V = TypeVar("_V")
_T = TypeVar("_T")
QUIET_EVENTS = (Touch, Adjust)
"""The events whose answer the reader does not wait for (they change nothing it follows)."""


class Turn(NamedTuple):
    """What the player having the move has done this turn (4.2–4.4), and where his hand went.

    ``originals``: the squares still holding the men they held at the start of the turn (a
    lift of one is a touch); ``emptied_at``/``filled_at``: when each square was last emptied
    and filled; ``in_hand``: the men lifted and not put down, by piece code.
    """

    touched: frozenset[int] = frozenset()
    adjust_by: Color | None = None
    adjusted: frozenset[int] = frozenset()
    choice: PieceType | None = None
    promotion_touched: bool = False
    originals: frozenset[int] = frozenset()
    emptied_at: Mapping[int, int] = _NONE
    filled_at: Mapping[int, int] = _NONE
    in_hand: Mapping[int, int] = _NONE


class Candidate(NamedTuple):
    """A legal move the board shows, not yet made (4.7): when it was first shown, the board
    then, and the changes and buttons since (the hand going on, or the opponent's)."""

    move: Move
    at: Millis
    board: tuple[int, ...]
    held: tuple[tuple[Change | Button, int], ...] = ()
    after: Continuations | None = None  # the replies to it, once asked for


class Hand(NamedTuple):
    """What the board reader remembers between readings (see the module docstring).

    ``sensed``: what each square shows; ``table``: the legal continuations of the position the
    board must show (``followed.position``); ``diff``/``odiff``: the squares where the board
    differs from it, with what they show (by piece, by occupancy; read-only mappings, changed
    by copy on write); ``synced``: the board shows the arbiter's
    position, or a move of it; ``held_press``: a press waiting for a readable board (7.4.1);
    ``last_emit``: the time of the last event said; ``agenda``: the items waiting for the
    arbiter's answer; ``awaiting``: an event was said whose answer may change the position.
    """

    settle: int
    followed: Standing
    table: Continuations
    sensed: tuple[int, ...]
    diff: Mapping[int, int]
    odiff: Mapping[int, bool]
    occupancy: bool
    over: bool
    synced: bool
    turn: Turn
    candidate: Candidate | None = None
    held_press: Lever | None = None
    last_change_at: Millis = 0  # type: ignore[assignment]
    last_emit: Millis = 0  # type: ignore[assignment]
    agenda: tuple[Item, ...] = ()
    awaiting: bool = False
    moved: str = ""
    """The last move said (UCI), for the ``announce`` button (Appendix D.2.1)."""

    @classmethod
    def start(cls, standing: Standing, *, settle: int = 1000) -> Hand:
        """The reader at the start: the board shows the arbiter's position."""
        table = Continuations(standing.position)
        codes = table.codes
        turn = Turn(originals=frozenset(sq for sq, code in enumerate(codes) if code))
        over = standing.over is not None
        return cls(settle, standing, table, codes, _NONE, _NONE_BOOL, False, over, True, turn)

    @property
    def expected(self) -> tuple[int, ...]:
        """The board the arbiter's position shows (64 codes, a1 first)."""
        return self.table.codes


class _Await(Exception):
    """What comes next waits for the arbiter's answer to the event just said."""


class _Draft:
    """A hand being changed by one :func:`read` (the draft is never seen outside)."""

    def __init__(self, hand: Hand, standing: Standing) -> None:
        self.settle = hand.settle
        self.standing = standing
        self.followed = hand.followed
        self.table = hand.table
        self.sensed = hand.sensed
        self.diff = hand.diff  # read-only: a change makes a new dict (copy on write, _put)
        self.odiff = hand.odiff
        self.occupancy = hand.occupancy
        self.over = hand.over
        self.synced = hand.synced
        self._turn(hand.turn)
        self.candidate: Candidate | None = hand.candidate
        self.held = list(hand.candidate.held) if hand.candidate is not None else []
        self.held_press = hand.held_press
        self.last_change_at = hand.last_change_at
        self.last_emit = hand.last_emit
        self.agenda: list[Item] = []
        self.said: list[Said] = []
        self.awaiting = hand.awaiting
        self.answer_needed = False
        self.moved = hand.moved

    def _turn(self, turn: Turn) -> None:
        """Take ``turn``'s values as they are: a change makes a new value (copy on write)."""
        self.turn = turn
        self.touched = turn.touched
        self.adjust_by = turn.adjust_by
        self.adjusted = turn.adjusted
        self.choice = turn.choice
        self.promotion_touched = turn.promotion_touched
        self.originals = turn.originals
        self.emptied_at = turn.emptied_at
        self.filled_at = turn.filled_at
        self.in_hand = turn.in_hand

    @property
    def mover(self) -> Color:
        return self.table.position.turn

    @property
    def codes(self) -> tuple[int, ...]:
        return self.table.codes

    def freeze(self) -> Hand:
        turn = self.turn
        if (
            self.touched is not turn.touched
            or self.adjust_by is not turn.adjust_by
            or self.adjusted is not turn.adjusted
            or self.choice is not turn.choice
            or self.promotion_touched is not turn.promotion_touched
            or self.originals is not turn.originals
            or self.emptied_at is not turn.emptied_at
            or self.filled_at is not turn.filled_at
            or self.in_hand is not turn.in_hand
        ):
            turn = _new_tuple(
                Turn,
                (
                    self.touched,
                    self.adjust_by,
                    self.adjusted,
                    self.choice,
                    self.promotion_touched,
                    self.originals,
                    _frozen(self.emptied_at),
                    _frozen(self.filled_at),
                    _frozen(self.in_hand),
                ),
            )
        candidate = self.candidate
        if candidate is not None:
            candidate = candidate._replace(held=tuple(self.held))
        return _new_tuple(
            Hand,
            (
                self.settle,
                self.followed,
                self.table,
                self.sensed,
                _frozen(self.diff),
                _frozen(self.odiff),
                self.occupancy,
                self.over,
                self.synced,
                turn,
                candidate,
                self.held_press,
                self.last_change_at,
                self.last_emit,
                tuple(self.agenda),
                self.awaiting,
                self.moved,
            ),
        )


# ``Hand(*fields)`` and ``Turn(*fields)`` with every field given, as their own constructors
# make them (a named tuple is a tuple of its class), without the keyword handling: a hand is
# made at every reading that changes anything.
_new_tuple: Callable[[type[_T], tuple[Any, ...]], _T] = tuple.__new__  # type: ignore[assignment]


def read(hand: Hand, standing: Standing, item: Item | None = None) -> tuple[Hand, tuple[Said, ...]]:
    """The hand after ``item`` (or only after following ``standing``, with None), and what it
    says: events for the arbiter, notices. ``hand`` and ``standing`` are not changed.

    The items of ``hand.agenda`` are taken first. When an event is said whose answer matters,
    the rest is kept in the new hand's agenda: have the arbiter rule on the events, and read on
    with the standing after them and no item, until nothing more is said.
    """
    if _nothing_to_do(hand, standing, item):
        return hand, ()
    if item is None and not hand.agenda and _nothing_to_follow(hand, standing):
        return hand._replace(followed=standing), ()
    d = _Draft(hand, standing)
    _follow(d)
    queue: tuple[Item, ...] = hand.agenda if item is None else (*hand.agenda, item)
    for index, next_item in enumerate(queue):
        if d.over:
            break
        try:
            _take(d, next_item)
        except _Await:
            d.agenda.extend(queue[index + 1 :])
            break
        if d.answer_needed:
            d.agenda.extend(queue[index + 1 :])
            break
    return d.freeze(), tuple(d.said)


def _nothing_to_do(hand: Hand, standing: Standing, item: Item | None) -> bool:
    """Nothing can happen (most readings change nothing: the hand is in the air): nothing new
    to follow, nothing waiting, and no item, or time passing with no move shown long enough
    to be made (4.7) and no flag due."""
    if standing is not hand.followed or hand.agenda:
        return False
    if item is None:
        return True
    if type(item) is not Now:
        return False
    due = standing.flag_due
    if due is not None and due <= item.at:
        return False
    candidate = hand.candidate
    if candidate is None:
        return True
    quiet_since = candidate.held[-1][0].at if candidate.held else candidate.at
    return item.at - quiet_since < hand.settle


def _nothing_to_follow(hand: Hand, standing: Standing) -> bool:
    """Only touches said since the last standing, and the position as it was (see _follow)."""
    return (
        not hand.awaiting
        and not hand.over
        and standing.over is None
        and (standing.key is hand.followed.key or standing.key == hand.followed.key)
    )


# -- the position the board should show ------------------------------------------------------


def _follow(d: _Draft) -> None:
    """Take the arbiter's position after its last answer: is the board showing it?"""
    standing = d.standing
    if standing is d.followed or d.over:
        return
    at, previous = d.last_emit, d.followed
    d.followed = standing
    if standing.over is not None:
        d.over = True
        d.candidate, d.held = None, []
        _notice(d, at, "game_over", standing.over)
        return
    changed = standing.key != previous.key
    if not (changed or d.awaiting):
        return  # only touches said since: the position is as it was
    d.awaiting = False
    if changed:
        _new_turn(d, standing)
    synced = _shows_expected(d)
    if d.synced and not synced:
        _set_pieces(d, at)
    d.synced = synced


def _frozen(mapping: Mapping[int, _V]) -> Mapping[int, _V]:
    """A mapping no one can change (a draft's new dict, wrapped read-only)."""
    return MappingProxyType(mapping) if isinstance(mapping, dict) else mapping


def _set_pieces(d: _Draft, at: Millis) -> None:
    text = Words("set the pieces as the arbiter's position: {fen}", fen=d.table.position.fen())
    _notice(d, at, "set_pieces", text)


def _new_turn(d: _Draft, standing: Standing) -> None:
    d.table = Continuations(standing.position)
    d._turn(Turn())
    _reset_hand(d)
    _recompute(d)


def _reset_hand(d: _Draft) -> None:
    d.originals = frozenset(sq for sq, code in enumerate(d.codes) if code)
    d.emptied_at, d.filled_at, d.in_hand = _NONE, _NONE, _NONE


def _recompute(d: _Draft) -> None:
    codes = d.codes
    d.diff = {sq: c for sq, c in enumerate(d.sensed) if c != codes[sq]}
    d.odiff = {sq: bool(c) for sq, c in enumerate(d.sensed) if bool(c) != bool(codes[sq])}


def _set(d: _Draft, square: int, code: int) -> int:
    """The square now shows ``code``; returns what it showed before."""
    sensed = d.sensed
    before = sensed[square]
    d.sensed = (*sensed[:square], code, *sensed[square + 1 :])
    expected = d.codes[square]
    d.diff = _put(d.diff, square, code, code != expected)
    d.odiff = _put(d.odiff, square, bool(code), bool(code) != bool(expected))
    if code == OCCUPIED:
        d.occupancy = True
    return before


def _put(mapping: Mapping[int, _V], square: int, value: _V, differs: bool) -> Mapping[int, _V]:
    """``mapping`` with ``square`` set to ``value`` where it ``differs``, else without it: the
    same mapping when that changes nothing, else a new dict (the old one is never changed)."""
    if differs:
        if square in mapping and mapping[square] == value:
            return mapping
        return {**mapping, square: value}
    if square not in mapping:
        return mapping
    return {k: v for k, v in mapping.items() if k != square}


def _shows_expected(d: _Draft) -> bool:
    return not (d.odiff if d.occupancy else d.diff)


# -- saying ----------------------------------------------------------------------------------


def _emit(d: _Draft, event: Event) -> None:
    """Say ``event``; a flag that fell before it is observed instead (6.8), and then, the game
    being over, nothing more is said."""
    if d.over:
        return
    if event.at < d.last_emit:
        event = replace(event, at=d.last_emit)
    due = d.standing.flag_due
    if due is not None and due <= event.at and not isinstance(event, Tick):
        _say(d, Tick(Millis(max(due, d.last_emit))))
        raise _Await
    _say(d, event)


def _say(d: _Draft, event: Event) -> None:
    d.last_emit = event.at
    d.said.append(event)
    if isinstance(event, MoveMade):
        d.moved = event.move
    if not isinstance(event, QUIET_EVENTS):
        d.answer_needed = d.awaiting = True


def _notice(d: _Draft, at: Millis, kind: str, text: str) -> None:
    d.said.append(Notice(at, kind, text))


# -- items -----------------------------------------------------------------------------------


def _take(d: _Draft, item: Item) -> None:
    _HANDLERS[type(item)](d, item)


def _on_now(d: _Draft, now: Now) -> None:
    """Time has passed: a candidate shown for ``settle`` ms is made (4.7); a flag observed."""
    candidate = d.candidate
    if candidate is not None:
        quiet_since = d.held[-1][0].at if d.held else candidate.at
        if now.at - quiet_since >= d.settle and _match(d) == candidate.move:
            _confirm(d, then=(now,))
    _observe_flag(d, now.at)


def _on_end(d: _Draft, end: End) -> None:
    """No more readings: a move the board shows is made; a press still held is reported."""
    candidate = d.candidate
    if candidate is not None and _match(d) == candidate.move:
        _confirm(d, then=(end,))
    if d.held_press is not None:
        d.held_press = None
        text = Words("the readings end with a press held: the board never showed a position")
        _notice(d, end.at, "press_unresolved", text)
    _observe_flag(d, end.at)


def _observe_flag(d: _Draft, now: Millis) -> None:
    """Every reading up to ``now`` is taken: a flag fallen by then is observed (6.8), after a
    move the board showed before it (a mate made before the flag stands, 6.9)."""
    due = d.standing.flag_due
    if due is None or due > now:
        return
    candidate = d.candidate
    if candidate is not None and candidate.at < due and _match(d) == candidate.move:
        _confirm(d, then=(Now(now),))
    _emit(d, Tick(due))


def _on_change(d: _Draft, change: Change) -> None:
    before = _set(d, change.square, change.code)
    d.last_change_at = change.at
    if d.candidate is not None:
        d.held.append((change, before))
        _resolve(d, change.at)
        return
    _lifted_or_placed(d, change, before)
    _look(d, change.at)


def _on_snapshot(d: _Draft, snapshot: Snapshot) -> None:
    """A whole board at once: the changes it shows, attributed to no hand."""
    for change in snapshot.changes:
        before = _set(d, change.square, change.code)
        if d.candidate is not None:
            d.held.append((change, before))
        else:
            _lifted_or_placed(d, change, before)
    d.last_change_at = snapshot.at
    if d.candidate is not None:
        _resolve(d, snapshot.at)
        return
    _look(d, snapshot.at)
    if d.candidate is None and not _shows_expected(d) and d.synced and _relocation(d) is None:
        d.synced = False
        _set_pieces(d, snapshot.at)


def _lifted_or_placed(d: _Draft, change: Change, before: int) -> None:
    """Bookkeeping of the hand, and the touches it makes (4.2–4.4)."""
    if change.code == 0:
        _lifted(d, change, before)
    else:
        _placed(d, change)


def _lifted(d: _Draft, change: Change, before: int) -> None:
    square, at = change.square, change.at
    d.emptied_at = {**d.emptied_at, square: at}
    if before not in (0, OCCUPIED):
        d.in_hand = {**d.in_hand, before: d.in_hand.get(before, 0) + 1}
    original = square in d.originals
    if original:
        d.originals = d.originals - {square}
    if not original or not d.synced or change.snapshot:
        return
    if change.knocked:
        text = Words("{square} knocked over: no touch (7.4)", square=square_name(square))
        _notice(d, at, "knocked", text)
    elif d.adjust_by is not None:
        d.adjusted = d.adjusted | {square}
        _emit(d, Adjust(at, d.adjust_by, square))
    elif square not in d.touched:
        d.touched = d.touched | {square}
        _emit(d, Touch(at, d.mover, square))


def _placed(d: _Draft, change: Change) -> None:
    square, at, code = change.square, change.at, change.code
    d.filled_at = {**d.filled_at, square: at}
    new_piece = False
    if code != OCCUPIED:
        if d.in_hand.get(code):
            d.in_hand = {**d.in_hand, code: d.in_hand[code] - 1}
        else:
            new_piece = True
    if square in d.adjusted and (code == d.codes[square] or code == OCCUPIED):
        d.adjusted = d.adjusted - {square}
        d.originals = d.originals | {square}
        if not d.adjusted and _shows_expected(d):
            d.adjust_by = None  # the adjustment is over
    if d.synced and not change.snapshot:
        if new_piece and code >> 3 == d.mover and code & 7 in _PROMOTION_TYPES:
            _promotion_touch(d, at, square, PieceType(code & 7))
        elif code == OCCUPIED and d.choice is not None:
            _promotion_touch(d, at, square, d.choice)


def _promotion_touch(d: _Draft, at: Millis, square: int, piece: PieceType) -> None:
    """A new piece touches the promotion square: the promotion is fixed (4.4.4)."""
    if not d.promotion_touched and d.table.promotes_to(square):
        d.promotion_touched = True
        _emit(d, Touch(at, d.mover, square, piece))


def _look(d: _Draft, at: Millis) -> None:
    """After the mover's hand changed the board: does it show a legal move, or his position
    again? A press held for a readable board then counts (7.4.1)."""
    move = _match(d)
    if move is not None:
        _set_candidate(d, move, at)
    elif _shows_expected(d) and not d.synced:
        d.synced = True
        _reset_hand(d)
        _notice(d, at, "board_set", Words("the board shows the arbiter's position again"))
    if d.held_press is not None and (
        d.candidate is not None or _shows_expected(d) or _relocation(d)
    ):
        lever, d.held_press = d.held_press, None
        _on_lever(d, Lever(at, lever.by))


def _set_candidate(d: _Draft, move: Move, at: Millis) -> None:
    d.candidate = Candidate(move, at, d.sensed)
    d.held = []


def _match(d: _Draft) -> Move | None:
    """The legal move the board shows, if any."""
    if not d.occupancy:
        return d.table.match(d.diff)
    found = d.table.match_occupancy(d.odiff, d.emptied_at, d.filled_at)
    if any(m.promotion is not None for m, _ in found):
        found = [(m, n) for m, n in found if m.promotion == d.choice]
    if not found:
        return None
    filled = d.filled_at
    return max(found, key=lambda f: (f[1], filled.get(f[0].to_square, -1)))[0]


# -- a candidate waiting to be made ----------------------------------------------------------


def _resolve(d: _Draft, at: Millis) -> None:
    """A change while a move is candidate: the mover's hand going on, or the opponent's?"""
    candidate = d.candidate
    assert candidate is not None
    move = _match(d)
    if move is not None:
        if move != candidate.move:  # the hand went on: sliding, or finishing another move
            held, d.held = d.held, []
            for item, before in held:
                if isinstance(item, Change):
                    _lifted_or_placed(d, item, before)
                else:
                    _button(d, item)
            _set_candidate(d, move, at)
        elif all(sq in _moved_squares(d, move) for sq in _held_squares(d.held)):
            d.held = []  # the mover's hand on the piece it just moved, let go again
        return
    after = d.table.after(candidate.move)
    if _reply_shown(d, after) or _only_opponent_lifted(d, after):
        _confirm(d)


def _held_squares(held: Iterable[tuple[Change | Button, int]]) -> list[int]:
    return [item.square for item, _ in held if isinstance(item, Change)]


def _moved_squares(d: _Draft, move: Move) -> set[int]:
    """The squares ``move`` changes."""
    after, codes = d.table.after(move), d.codes
    return {sq for sq in range(64) if after[sq] != codes[sq]}


def _reply_shown(d: _Draft, after: tuple[int, ...]) -> bool:
    """The board shows the candidate and a legal reply to it (capture and recapture)."""
    candidate = d.candidate
    assert candidate is not None
    table = candidate.after
    if table is None:
        table = Continuations(d.table.position_after(candidate.move))
        d.candidate = candidate._replace(after=table)
    if not d.occupancy:
        return table.match(changes_of(after, d.sensed)) is not None
    sensed = d.sensed
    odiff = {sq: bool(c) for sq, c in enumerate(sensed) if bool(c) != bool(after[sq])}
    emptied = {i.square: i.at for i, _ in d.held if isinstance(i, Change) and not i.code}
    filled = {i.square: i.at for i, _ in d.held if isinstance(i, Change) and i.code}
    return bool(table.match_occupancy(odiff, emptied, filled))


def _only_opponent_lifted(d: _Draft, after: tuple[int, ...]) -> bool:
    """Since the candidate, only pieces of the player who would then have the move were
    lifted: his hand, so the move was made (1.3)."""
    other = d.mover.other
    sensed = d.sensed
    if d.occupancy:
        changed = [sq for sq in range(64) if bool(sensed[sq]) != bool(after[sq])]
    else:
        changed = [sq for sq in range(64) if sensed[sq] != after[sq]]
    return bool(changed) and all(
        not sensed[sq] and after[sq] and after[sq] >> 3 == other for sq in changed
    )


def _confirm(d: _Draft, then: tuple[Item, ...] = ()) -> None:
    """The candidate is made: the ``move`` event, at the time the board first showed it; what
    the hands did since, and ``then``, are read once the arbiter has answered."""
    candidate = d.candidate
    assert candidate is not None
    held = d.held
    d.candidate, d.held = None, []
    d.sensed = candidate.board
    _recompute(d)
    _emit(d, MoveMade(candidate.at, d.mover, d.table.position.uci(candidate.move)))
    d.agenda = [*(item for item, _ in held), *then]
    raise _Await


# -- the lever, the flag and the buttons -----------------------------------------------------


def _on_lever(d: _Draft, lever: Lever) -> None:
    """The clock is pressed (6.2.1): the move the board shows is made first."""
    if lever.by is d.mover:
        candidate = d.candidate
        if candidate is not None:
            relocation = None if _match(d) == candidate.move else _relocation(d)
            if relocation is None:
                _confirm(d, then=(_PressAfter(lever, True),))
            else:  # the hand carried the piece on, onto no legal square
                d.candidate, d.held = None, []
                _emit(d, MoveMade(d.last_change_at, d.mover, relocation))
        elif not _shows_expected(d):
            relocation = _relocation(d)
            if relocation is None:
                d.held_press = lever
                _notice(
                    d,
                    lever.at,
                    "press_held",
                    Words(
                        "the board shows no position: the press counts when the pieces are set "
                        "(7.4.1); board {placement}",
                        placement=placement_of(d.sensed),
                    ),
                )
                return
            _emit(d, MoveMade(d.last_change_at, d.mover, relocation))
    elif d.candidate is not None:
        _confirm(d, then=(_PressAfter(lever, False),))
    _emit(d, Press(lever.at, lever.by))


def _press_after(d: _Draft, after: _PressAfter) -> None:
    """The move made, the press that went with it; none if the arbiter took the move back as
    it was made (4.3: the press in the same act completes nothing)."""
    lever = after.lever
    if after.mover and d.standing.taken_back:
        _notice(
            d,
            lever.at,
            "press_dropped",
            Words(
                "the move was taken back (touch-move): the press that went with it is not passed on"
            ),
        )
        return
    _emit(d, Press(lever.at, lever.by))


def _relocation(d: _Draft) -> str | None:
    """One piece of the mover carried to another square (capturing at most one piece), as
    move text, when that is no legal move; else None."""
    codes, mover = d.codes, d.mover
    if d.occupancy:
        emptied = [sq for sq, filled in d.odiff.items() if not filled]
        filled = [sq for sq, f in d.odiff.items() if f]
    else:
        emptied = [sq for sq, c in d.diff.items() if c == 0]
        filled = [sq for sq, c in d.diff.items() if c != 0]
    sources = [sq for sq in emptied if codes[sq] and codes[sq] >> 3 == mover]
    if len(sources) != 1 or len(emptied) > 2:
        return None
    origin = sources[0]
    if any(codes[sq] >> 3 == mover for sq in emptied if sq != origin):
        return None
    target = _target(d, origin, filled)
    if target is None:
        return None
    promotion = _promotion_letter(d, codes[origin], target)
    if promotion is None:
        return None
    text = square_name(origin) + square_name(target) + promotion
    if text in d.table.ucis:
        # The UCI spelling is a legal move the board does not show (a king carried two
        # squares, its rook left standing): say it with the piece, so it reads as illegal.
        text = "PNBRQK"[(codes[origin] & 7) - 1] + text
    return text


def _target(d: _Draft, origin: int, filled: list[int]) -> int | None:
    """Where the piece lifted from ``origin`` went."""
    if len(filled) == 1:
        return filled[0]
    if filled or not d.occupancy:
        return None
    left = d.emptied_at.get(origin, 1 << 62)
    refilled = [sq for sq, t in d.filled_at.items() if sq != origin and d.sensed[sq] and t >= left]
    return max(refilled, key=lambda sq: d.filled_at[sq]) if refilled else None


def _promotion_letter(d: _Draft, piece: int, target: int) -> str | None:
    """The promotion letter of the relocation ("" for none), or None if the piece that
    arrived cannot be the one that left."""
    if d.occupancy:
        if piece & 7 == PAWN and target >> 3 in (0, 7) and d.choice is not None:
            return d.choice.letter.lower()
        return ""
    arrived = d.sensed[target]
    if arrived >> 3 != d.mover or arrived == OCCUPIED:
        return None
    if arrived == piece:
        return ""
    if piece & 7 != PAWN or arrived & 7 not in _PROMOTION_TYPES:
        return None
    return "nbrq"[(arrived & 7) - 2]


def _on_flag(d: _Draft, flag: Flag) -> None:
    """The clock shows ``flag.by``'s flag fallen. Its readings are conclusive (6.10.1): where
    the arbiter's clock still shows time, it is set to the display, and the flag observed
    (6.8, 6.9). Where a server watches the clock, the opponent claims the flag instead (6.8)."""
    _observe_flag(d, flag.at)
    if d.answer_needed:
        return
    if d.standing.running is not flag.by:
        _notice(
            d,
            flag.at,
            "flag_unseen",
            Words(
                "the clock shows {player}'s flag, but {player}'s clock is not running for the "
                "arbiter: no ruling",
                player=flag.by.words,
            ),
        )
        return
    if not d.standing.watches:  # a server watches its clock: the opponent claims (6.8)
        _emit(d, Claim(flag.at, flag.by.other, ClaimKind.FLAG))
        return
    action = ArbiterActionKind.SET_TIME
    _emit(d, Arbiter(flag.at, action, player=flag.by, seconds=Millis(0), article="6.10.1"))
    _emit(d, Tick(flag.at))


def _on_button(d: _Draft, button: Button) -> None:
    if d.candidate is not None:
        if button.by is d.mover and button.name is not ButtonName.ANNOUNCE:
            d.held.append((button, 0))
            return
        # the opponent's button, or the mover's announcement (D.2.3): the move was made
        _confirm(d, then=(button,))
    _button(d, button)


_HANDLERS: dict[type, Callable[[_Draft, Any], None]] = {
    Change: _on_change,
    Snapshot: _on_snapshot,
    Lever: _on_lever,
    Button: _on_button,
    Flag: _on_flag,
    Now: _on_now,
    End: _on_end,
    _PressAfter: _press_after,
}
"""The handler of each kind of item the reader takes."""


def _button(d: _Draft, button: Button) -> None:
    name, at, by = button.name, button.at, button.by
    if name is ButtonName.ADJUST:
        d.adjust_by = by  # j'adoube announced: the next lifts adjust (4.2.1)
    elif name is ButtonName.PROMOTE:
        if by is d.mover and button.piece is not None:
            d.choice = button.piece
            for square, t in list(d.filled_at.items()):
                if d.sensed[square] and square >> 3 in (0, 7) and t >= 0:
                    _promotion_touch(d, at, square, button.piece)
            if d.candidate is None:
                _look(d, at)
    elif name is ButtonName.OFFER_DRAW:
        _emit(d, Offer(at, by))
    elif name is ButtonName.ACCEPT_DRAW:
        _emit(d, Accept(at, by))
    elif name is ButtonName.DECLINE_DRAW:
        _emit(d, Decline(at, by))
    elif name is ButtonName.RESIGN:
        _emit(d, Resign(at, by))
    elif name is ButtonName.ANNOUNCE:
        if d.moved:  # the arbiter checks it is the announcer's move, not yet completed
            _emit(d, Announce(at, by, d.moved))
        else:
            text = Words("{player} announces, but no move was made", player=by.words)
            _notice(d, at, "nothing_announced", text)
