"""What a page shows after an event, read from the arbiter's state: the ``view`` of a message.

Every message the server broadcasts carries the view of the game after its event (docs/server.md,
"Messages"): the position, the last move in SAN, both clocks and which runs, whose act is
awaited (a move, or the press that completes it, 6.2.1), the standing draw offer (9.1.2), a
touch-move obligation in SAN (4.3), the players whom 8.4 frees from recording, and the
result. It is read from the frozen
:class:`~chesslaws.arbiter.GameState` in a time that does not grow with the game's length; a
page makes no request per message and the server replays nothing. A page that joins gets the
full view once (:func:`full_view`: the view plus the whole scoresheet and the names).
"""

from __future__ import annotations

from typing import Any

from chesslaws._color import Color
from chesslaws._words import words_json
from chesslaws.arbiter import GameState, Ruling, recording_exempt, sealed_move
from chesslaws.core import Move, Position, square_name
from chesslaws.endings import Reason, Result

__all__ = ["StartPlan", "arbiter_view", "full_view", "rulings_json", "view"]

_COLORS = (Color.WHITE, Color.BLACK)


class StartPlan:
    """When the clocks of a game start (6.6, 6.7): ``arbiter`` (his start), ``seated`` (both
    players connected) or ``scheduled`` (``at``, an ISO-8601 time, with ``default_time`` in
    seconds, 6.7.1); and who is seated now, as the page shows it."""

    __slots__ = ("at", "default_time", "mode", "seated")

    def __init__(self, mode: str = "arbiter", at: str | None = None, default_time: int = 0):
        self.mode = mode
        self.at = at
        self.default_time = default_time
        self.seated = [False, False]

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "at": self.at}


def view(
    state: GameState,
    *,
    plan: StartPlan,
    started: bool,
    pause_reason: str | None,
    fen: str | None = None,
) -> dict[str, Any]:
    """The view of ``state`` (at its last event's instant); O(1) in the game's length.

    ``fen`` is the FEN of ``state.board`` when the caller has it already (a press, a clock's
    act, leaves the board as it was: its FEN need not be written again)."""
    clock = state.clock
    at = state.last_at
    running = clock.clock.running if clock is not None and started else None
    over = state.ending is not None
    paused = bool(clock is not None and clock.paused and started)  # else: not started
    ending = state.ending
    return {
        "fen": state.board.fen if fen is None else fen,
        "ply": state.sheet.length,
        "last": _last(state),
        "clock": (
            {c.label: clock.remaining(c, at) for c in _COLORS} if clock is not None else None
        ),
        "at": at / 1000,
        "running": running.label if running is not None else None,
        "to_move": state.on_move.label,
        "started": started,
        "start": plan.to_json(),
        "seated": {"white": plan.seated[0], "black": plan.seated[1]},
        "paused": paused,
        "pause_reason": _pause_reason(state, pause_reason) if paused else None,
        "adjourned": _adjourned(state),
        "draw_offer": _offer(state),
        "awaiting": None if over or not started else _awaiting(state),
        "obligation": None if over else _obligation(state),
        "result": _text(state.result),
        "reason": _text(state.reason),
        "article": ending.article if ending is not None else None,
        "exempt": [c.label for c in _COLORS if started and recording_exempt(state, c)],
    }


def _pause_reason(state: GameState, reason: str | None) -> str:
    """Why the clocks stand: ``adjourned`` (I.5: sealed, awaiting the resumption), a server
    ``restart`` or the ``arbiter`` (6.11)."""
    adjourned = state.adjourned
    if adjourned is not None and adjourned.resumed_at is None and adjourned.envelope is not None:
        return "adjourned"
    return reason or "arbiter"


def _adjourned(state: GameState) -> dict[str, Any] | None:
    """An adjournment in progress (Guidelines I), as everyone may see it: who seals, whether
    the envelope is sealed, its move number, when play resumes (I.2.7), whether the session
    has resumed, who is at the board, whether the envelope is opened and whether a reply is
    sealed (I.9.3). Never the sealed move: that is :func:`arbiter_view`'s."""
    adjourned = state.adjourned
    if adjourned is None:
        return None
    envelope = adjourned.envelope
    return {
        "phase": adjourned.phase.value,
        "sealer": adjourned.sealer.label,
        "move_number": envelope.move_number if envelope is not None else None,
        "resumes": adjourned.resumes,
        "resumed": adjourned.resumed_at is not None,
        "present": {"white": adjourned.present[0], "black": adjourned.present[1]},
        "opened": adjourned.opened,
        "reply_sealed": adjourned.reply_sealed,
    }


def arbiter_view(state: GameState, shown: dict[str, Any]) -> dict[str, Any]:
    """``shown`` (a view of ``state``) as the arbiter sees it: with the envelope's contents
    (I.2, I.3): the sealed move as written, the position before it, the times, the standing
    draw offer, and a reply sealed under I.9.3. The same view when nothing is adjourned."""
    adjourned = state.adjourned
    if adjourned is None:
        return shown
    envelope = adjourned.envelope
    extra: dict[str, Any] = {"sealed_move": sealed_move(state), "reply": adjourned.reply.reveal()}
    if envelope is not None:
        remaining = envelope.remaining
        extra["envelope"] = {
            "fen": envelope.fen,
            "clock": None if remaining is None else dict(zip(("white", "black"), remaining,
                                                             strict=True)),
            "draw_offer": envelope.draw_offer.label if envelope.draw_offer is not None else None,
            "sealed_at": envelope.sealed_at / 1000,
        }
    return {**shown, "adjourned": {**shown["adjourned"], **extra}}


def full_view(
    state: GameState,
    meta: dict[str, Any],
    *,
    plan: StartPlan,
    started: bool,
    pause_reason: str | None,
) -> dict[str, Any]:
    """The view a page gets when it joins: :func:`view` with the whole scoresheet (SAN and
    UCI), the players' names, the event and round, the time control, the edition of the
    Laws the game is ruled under (``"2023"``, ``"2018"``, ``"2014"``, ``"pre-1997"``) and the
    setting of Appendix D (``appendix_d``: who is visually disabled, D.1; null in other games)."""
    out = view(state, plan=plan, started=started, pause_reason=pause_reason)
    plies = list(state.sheet)
    out["san"] = [ply.san for ply in plies]
    out["moves"] = [ply.uci for ply in plies]
    for name in ("white", "black", "event", "round"):
        out[name] = meta.get(name)
    start = state.start
    profile = state.profile
    out["edition"] = profile.edition.value if profile is not None else None  # the Laws' text
    out["time_control"] = start.time_control if start is not None else None
    setting = start.rules.appendix_d if start is not None else None
    out["appendix_d"] = setting.to_json() if setting is not None else None  # D.1
    out["time_controls"] = (
        dict(zip(("white", "black"), start.time_controls, strict=True))
        if start is not None and start.time_controls is not None
        else None
    )
    return out


def _last(state: GameState) -> dict[str, Any] | None:
    ply = state.sheet.last
    if ply is None:
        return None
    index = state.sheet.length - 1
    start = state.start
    first = start.first_mover if start is not None else Color.WHITE
    color = first if index % 2 == 0 else first.other
    number = (index + (0 if first is Color.WHITE else 1)) // 2 + 1
    return {"ply": index + 1, "number": number, "color": color.label, "san": ply.san,
            "uci": ply.uci}  # fmt: skip


def _offer(state: GameState) -> str | None:
    """The player whose draw offer stands (9.1.2.1), if any."""
    for color in _COLORS:
        if state.offers[color]:
            return color.label
    return None


def _awaiting(state: GameState) -> dict[str, str] | None:
    """Whose act the game waits for: the press that completes a move made (6.2.1), else the
    move of the player who has it (1.3); in an adjournment, the sealer's ``seal`` (I.1.1), and
    nobody's while the envelope is sealed and not yet opened (I.5, I.9)."""
    adjourned = state.adjourned
    if adjourned is not None:
        if adjourned.envelope is None:
            return {"player": adjourned.sealer.label, "act": "seal"}
        if not adjourned.opened:
            return None
    for color in _COLORS:
        if state.uncompleted[color]:
            return {"player": color.label, "act": "press"}
    return {"player": state.on_move.label, "act": "move"}


def _obligation(state: GameState) -> dict[str, Any] | None:
    """The touch-move obligation (4.3–4.5, 7.5.1, 9.5.3) with its moves in SAN, or None."""
    found = state.obligation()
    if found.moves is None:
        return None
    position = state.board.position
    touches = state.touch.touches
    return {
        "player": state.on_move.label,
        "square": square_name(touches[0].square) if touches else None,
        "san": sorted(_san(position, move) for move in found.moves),
        "article": found.article,
    }


def _san(position: Position, move: Move) -> str:
    try:
        return position.san(move)
    except Exception:  # a move no longer legal here is written in UCI
        return position.uci(move)


def rulings_json(rulings: list[Ruling], before: Position, after: Position) -> list[dict[str, Any]]:
    """The rulings as JSON, where a ruling names moves in UCI, with their SAN beside them:
    ``must_move_san`` (the moves allowed, in the position after the event) and ``move_san``
    (the move ruled on, when it was legal in the position before it)."""
    out = []
    for ruling in rulings:
        shown = ruling_json(ruling)
        must = shown.get("must_move")
        if isinstance(must, list):
            shown["must_move_san"] = [_uci_to_san(after, text) or text for text in must]
        move = shown.get("move")
        if isinstance(move, str):
            san = _uci_to_san(before, move)
            if san is not None:
                shown["move_san"] = san
        out.append(shown)
    return out


def ruling_json(ruling: Ruling) -> dict[str, Any]:
    """A ruling as :meth:`Ruling.to_json` writes it, with ``i18n``: the code and parameters of
    its words (``reason``, ``note``) that a page renders in its reader's language (issue 31)."""
    shown = ruling.to_json()
    words = words_json(reason=ruling.reason, note=ruling.note)
    if words:
        shown["i18n"] = words
    return shown


def _uci_to_san(position: Position, text: str) -> str | None:
    move = position.legal_uci_move(text)
    return position.san(move) if move is not None else None


def _text(value: Result | Reason | None) -> str | None:
    """A result or reason as the messages write it (its code), or None."""
    return None if value is None else value.value
