"""The arbiter's decisions that end or change a result: an electronic device (11.3.2) and a
result amended after the game (8.7, 11.10, 12.9).

8.7: "Even if incorrect, the result shall stand unless the arbiter decides otherwise": the
arbiter corrects a wrongly recorded result, an appeal (11.10) changes one, a penalty of 12.9
raises or reduces a player's points (12.9.4, 12.9.5: ``1/2-0`` is a lawful score, 10.2) or
declares the game lost (12.9.6), and a device found after the game is ruled then (11.3.2.1).
Both players sign the result (``sign``): "even if incorrect, this result shall stand" (8.7), so
a result both sign that differs from the one ruled is the result, unless the arbiter decides
otherwise (``amend_result``). These are the only events taken once the game is over.
"""

from __future__ import annotations

from dataclasses import replace

from chesslaws._color import Color
from chesslaws._words import Words, joined
from chesslaws.endings import Reason, Result

from ._draft import Draft, Rejected, end, known_reason, ruling
from ._events import Arbiter, Sign
from ._rulings import Ruling, RulingKind
from ._state import Ending
from ._time import Millis

__all__ = ["on_amend_result", "on_device", "on_sign"]


def on_device(d: Draft, event: Arbiter, idx: int) -> list[Ruling]:
    """11.3.2.1: "If it is evident that a player brought such a device into the playing
    venue, the player shall lose the game. The opponent shall win." During the game it ends
    it; after it, the result is amended. (A milder penalty the event specifies, 11.3.2.2, is
    given with the arbiter's other actions.)"""
    player = event.player
    assert player is not None
    setting = d.rules.rules.appendix_d
    if event.article is None and setting is not None and setting.records_on_device(player):
        raise Rejected(
            Words(
                "device: {player} records his moves on a device (D.2.7): that one is his "
                "scoresheet; another device is ruled with the article '11.3.2.1' named",
                player=player.words,
            )
        )
    won = Result.win_for(player.other)
    article = event.article or "11.3.2.1"
    note = Words(
        "{player} had an electronic device in the playing venue: the opponent wins",
        player=player.words,
    )
    if d.ending is None:
        return end(d, won, Reason.ARBITER, article, event.at, idx, by=player, note=note)
    return _amend(d, Ending(won, Reason.ARBITER, article), event.at, idx, note, player)


def on_amend_result(d: Draft, event: Arbiter, idx: int) -> list[Ruling]:
    """The arbiter changes the result of the ended game (8.7; 11.10 on appeal; 12.9.4–12.9.6)."""
    if d.ending is None:
        raise Rejected(
            Words("amend_result: the game has not ended (the arbiter's 'declare' ends it)")
        )
    assert event.result is not None and event.reason is not None
    reason = known_reason(event.reason)
    article = event.article or "8.7"
    note = Words("the arbiter decides otherwise (8.7)") if article == "8.7" else None
    return _amend(d, Ending(Result(event.result), reason, article), event.at, idx, note)


def _amend(
    d: Draft, new: Ending, at: Millis, idx: int, note: str | None, by: Color | None = None
) -> list[Ruling]:
    was = d.ending
    assert was is not None
    d.ending = new
    earlier = f"was {was.result.value} ({was.reason.value}, {was.article})"
    return [
        ruling(
            idx,
            at,
            RulingKind.RESULT_AMENDED,
            by=by,
            result=new.result,
            reason=new.reason.value,
            article=new.article,
            note=joined(note, earlier) if note else earlier,
        )
    ]


def on_sign(d: Draft, event: Sign, idx: int) -> list[Ruling]:
    """A player signs the scoresheets with ``event.result`` (8.7). Once both have signed one
    result that is not the one ruled, it stands (``result_amended``, article 8.7); two
    different results are noted for the arbiter."""
    was = d.ending
    if was is None:
        raise Rejected(Words("sign: the game is not over (8.7: the players sign at its end)"))
    player = event.by
    players = d.players
    if players.signed[player] is not None:
        raise Rejected(Words("{player} has already signed", player=player.words))
    before = players.signed
    signed = (event.result, before[1]) if player is Color.WHITE else (before[0], event.result)
    d.players = replace(players, signed=signed)
    other = signed[player.other]
    if other is None:
        return []
    if other != event.result:
        note = Words(
            "the players signed different results ({signed}, {signed2}): the arbiter decides",
            signed=signed[0],
            signed2=signed[1],
        )
        return [
            ruling(idx, event.at, RulingKind.SCORESHEET, status="signed", article="8.7", note=note)
        ]
    if event.result == was.result.value:
        return []
    note = Words("both players signed this result: it stands unless the arbiter decides otherwise")
    return _amend(d, Ending(Result(event.result), was.reason, "8.7"), event.at, idx, note)
