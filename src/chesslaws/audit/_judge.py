"""Judging one game against the Laws: replay, endings, and the result the Laws give.

The game is judged on the reader's replay, its moves made once: the position it left holds the
history, from which the repetitions are counted (the older editions, with endings of their own,
replay on a :class:`~chesslaws.endings.GameRecord`). The automatic endings are
tested in the order of the Laws (checkmate 5.1.1, stalemate 5.2.1, dead position 5.2.2, fivefold
repetition 9.6.1, seventy-five moves 9.6.2): the game ends at the first, and moves after it do
not count. Fivefold repetition and seventy-five moves are tested after every move; checkmate and
stalemate only where the replay stopped (a position from which a legal move was made is
neither); a dead position there too, and when it is dead the first dead position of the game is
found by bisection (a dead position stays dead whatever is played).

When the board did not end the game, a decisive result is a loss on time (6.9: a
``Termination`` tag saying so, or the loser's ``[%clk]`` at zero), a loss by illegal moves
(7.5.5) or a resignation (5.1.2); in each case the result is a draw if the winner could not
checkmate by any series of legal moves. Claims of threefold repetition (9.2) and fifty
moves (9.3) that were available but not made are reported for information.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chesslaws._color import Color
from chesslaws._errors import ChessLawsError
from chesslaws._words import Words
from chesslaws.clock import parse_clock_comment
from chesslaws.endings import (
    EDITIONS,
    MATE_BUDGET,
    GameRecord,
    Result,
    Termination,
    Winnability,
    alternate_fivefold,
    automatic_ending,
    edition_ending,
    ending_article,
    is_dead,
    listed_draw,
    lone_king,
    loss_or_draw,
    resignation_always_loses,
)
from chesslaws.endings._editions import E2014, PRE_1997
from chesslaws.endings._record import repetition_counts
from chesslaws.pgn import HALF_SCORES

from ._record import AuditRecord, Code, Finding, read_at

if TYPE_CHECKING:
    from collections.abc import Sequence

    from chesslaws.core import Move, Position
    from chesslaws.pgn import Game

__all__ = ["MATE_BUDGET", "audit_game"]


_NAMES = {Color.WHITE: Words("White"), Color.BLACK: Words("Black")}
_ENDINGS = {
    Termination.CHECKMATE: "checkmate",
    Termination.STALEMATE: "stalemate",
    Termination.DEAD_POSITION: "dead position",
    Termination.FIVEFOLD: "fivefold repetition",
    Termination.SEVENTY_FIVE_MOVES: "seventy-five-move rule",
}
#: The endings in a finding's sentence (the record's ``ending`` keeps :data:`_ENDINGS`).
_PHRASES = {
    Termination.CHECKMATE: Words("checkmate"),
    Termination.STALEMATE: Words("stalemate"),
    Termination.DEAD_POSITION: Words("a dead position"),
    Termination.FIVEFOLD: Words("a fivefold repetition"),
    Termination.SEVENTY_FIVE_MOVES: Words("seventy-five moves each without a capture or pawn move"),
}
_DECISIVE = {"1-0": Color.WHITE, "0-1": Color.BLACK}


def _move_label(ply: int, first_turn: int, first_number: int, san: str) -> str:
    """``"12. Nf3"`` or ``"12... Nf6"`` for the 1-based ``ply`` of a game."""
    index = ply - 1 + first_turn
    number = first_number + index // 2
    return f"{number}{'.' if index % 2 == 0 else '...'} {san}"


def audit_game(
    game: Game, file: str = "", *, mate_budget: int = MATE_BUDGET, edition: str = "2023"
) -> AuditRecord:
    """What the Laws say about ``game``: findings with their Articles, and the lawful result.

    ``edition`` (one of :data:`chesslaws.endings.EDITIONS`) is the Laws the game is judged by:
    its endings (pre-1997: 10.4's list, no fivefold or 75 moves; 2014: fivefold on consecutive
    alternate moves), its resignation (always lost before 2023) and flag rules (pre-1997 10.5:
    only a lone king cannot win), with its Article numbers.
    """
    if edition not in EDITIONS:
        raise ChessLawsError(
            Words(
                "unknown edition {edition}: one of {editions}",
                edition=repr(edition),
                editions=", ".join(EDITIONS),
            )
        )
    findings: list[Finding] = _record_findings(game)
    recorded = game.recorded_result
    error = game.error
    error_dict = None
    if error is not None:
        error_dict = {k: v for k, v in error.as_dict().items() if k != "game"}

    def record(lawful: str | None, plies: int, ending: str | None = None) -> AuditRecord:
        findings.sort(key=lambda f: f.ply)
        return AuditRecord(
            game.number,
            file,
            game.white,
            game.black,
            recorded,
            lawful,
            error_dict,
            tuple(findings),
            plies,
            ending,
            tuple(game.tags.items()),
        )

    try:
        start = game.start()
    except ChessLawsError:
        return record(None, 0)
    if error is not None and not game.moves and error.ply is None and not game.sans:
        return record(None, 0)
    first_turn = int(start.turn)
    first_number = start.fullmove_number
    findings.extend(_adjournments(game, first_turn, first_number))
    moves = game.moves
    sans = game.sans
    claims: list[Finding] = []
    if edition in (E2014, PRE_1997):  # endings of their own: replayed on a record
        board = GameRecord(start)
        position = board.position
        ended_ply, final = _replay(board, moves, claims, first_turn, first_number, sans, edition)
    else:
        position, ended_ply, final = _judge_history(game, claims, first_turn, first_number)
    reached = ended_ply or len(moves)
    ended, ended_ply = _ending(final, position, reached, edition)
    plies = ended_ply if ended is not None else len(moves)
    stopped_at_error = error is not None and error.ply is not None and error.ply == len(moves) + 1

    half = recorded in HALF_SCORES  # the arbiter's score (10.2), not a result of play
    offers = _Offers(game, first_turn, first_number, edition)
    if ended is not None:
        winner = Color(position.turn ^ 1) if ended is Termination.CHECKMATE else None
        lawful = (Result.DRAW if winner is None else Result.win_for(winner)).value
        name = _ENDINGS[ended]
        phrase = _PHRASES[ended]
        article = ending_article(edition, ended)
        later = len(sans) - ended_ply
        findings.extend(c for c in claims if c.ply < ended_ply)
        findings.extend(offers.judged(ended_ply, recorded, board_ended=True))
        if later > 0:
            then = _move_label(ended_ply + 1, first_turn, first_number, sans[ended_ply])
            right = recorded == lawful or half
            findings.append(_play_after_end(ended_ply, phrase, article, then, later, right=right))
        if half:
            shown = Words(
                "the game ended with {ending} (Article {article}), a result of {result}",
                ending=phrase,
                article=article,
                result=lawful,
            )
            findings.append(_arbiters_score(recorded, ended_ply, shown))
            return record(recorded, plies, name)
        if recorded != lawful:
            findings.append(
                Finding(
                    ended_ply,
                    Code.RESULT_CONTRADICTS_POSITION,
                    article,
                    Words(
                        "the game ended with {ending} (Article {article}): the result is "
                        "{lawful}, not {recorded}",
                        ending=phrase,
                        article=article,
                        lawful=lawful,
                        recorded=recorded,
                    ),
                )
            )
        return record(lawful, plies, name)

    # A claim available only after the last move of a drawn game was presumably made.
    drawn = recorded == "1/2-1/2" and error is None
    findings.extend(c for c in claims if not (drawn and c.ply == len(moves)))
    if error is not None:
        if stopped_at_error:
            assert error.ply is not None
            findings.append(
                Finding(
                    error.ply,
                    Code.ILLEGAL_MOVE,
                    "3",
                    Words(
                        "{move} is not a legal move (Article 3; 7.5): {reason}",
                        move=_move_label(error.ply, first_turn, first_number, error.text),
                        reason=error.reason,
                    ),
                )
            )
        return record(None, plies)

    judged = offers.judged(plies, recorded, board_ended=False)
    findings.extend(judged)
    if half:
        findings.append(_arbiters_score(recorded, plies, Words("the board shows no ending")))
        return record(recorded, plies)
    if recorded not in _DECISIVE:
        lawful = recorded if recorded in ("1/2-1/2", "*") else "*"
        if any(f.code is Code.AGREEMENT_BEFORE_BOTH_MOVED for f in judged):
            lawful = "*"  # the acceptance is not taken: the game goes on (5.2.3)
        return record(lawful, plies)
    winner = _DECISIVE[recorded]
    loser = winner.other
    how = _how_lost(game, loser, first_turn)
    if how is None:
        return record(recorded, plies)
    code, article, ending_name, verb = how
    if edition == PRE_1997 and lone_king(position, winner):
        # 10.5 "a player with only a king does not win", however the opponent lost (the
        # arbiter's judgment too: chesslaws.arbiter, lone_king_draw).
        article = "10.5"
        lawful_result, verdict = Result.DRAW, Winnability.UNWINNABLE
    elif code is Code.RESIGNATION_CANNOT_CHECKMATE and resignation_always_loses(edition):
        return record(recorded, plies, ending_name)  # before 2023 a resignation always lost
    elif code is Code.TIME_FORFEIT_CANNOT_CHECKMATE and edition == PRE_1997:
        # 10.5: only a lone king cannot win on the opponent's flag; no search for a mate.
        article = "10.5"
        lawful_result, verdict = Result.win_for(winner), Winnability.WINNABLE
    else:
        lawful_result, verdict = loss_or_draw(position, loser, budget=mate_budget)
    # who lost how, who won, under which Article: the words of either finding below
    told: dict[str, object] = {
        "loser": _NAMES[loser], "lost": verb, "winner": _NAMES[winner], "article": article
    }  # fmt: skip
    if lawful_result is Result.DRAW:
        cannot = Words("could not checkmate by any series of legal moves")
        if article == "10.5":
            cannot = Words("had a lone king, and a lone king cannot win")
        said = Words(
            "{loser} {lost}, but {winner} {cannot} (Article {article}): the result is a draw, "
            "not {recorded}",
            cannot=cannot,
            recorded=recorded,
            **told,
        )
        findings.append(Finding(plies, code, article, said))
        return record("1/2-1/2", plies, ending_name)
    if verdict is Winnability.UNDETERMINED:
        said = Words(
            "{loser} {lost}; whether {winner} could still checkmate was not decided within "
            "{budget} positions: the arbiter decides (Article {article})",
            budget=mate_budget,
            **told,
        )
        findings.append(Finding(plies, Code.UNDETERMINED, article, said))
    return record(recorded, plies, ending_name)


_RESULTS = frozenset({"1-0", "0-1", "1/2-1/2", "*", *HALF_SCORES})


def _play_after_end(
    ply: int, ending: Words, article: str, then: str, later: int, *, right: bool
) -> Finding:
    """Moves played after the game ended on the board (5, 9.6): they do not count; a fault
    only when the recorded result is not the one the ending gives."""
    when = Words("after ply {ply}", ply=ply) if ply else Words("before the first move")
    said = Words(
        "the game ended with {ending} {when} (Article {article}); play went on with {move} and "
        "{count} move(s) in all, which do not count",
        ending=ending,
        when=when,
        article=article,
        move=then,
        count=later,
    )
    if right:
        said = Words("{said}; the result stands", said=said)
    return Finding(ply + 1, Code.PLAY_AFTER_END, article, said, fault=not right)


def _arbiters_score(recorded: str, ply: int, board: Words) -> Finding:
    """A score of ``1/2-0`` or ``0-1/2``: lawful (10.2), and never a result of play: the
    arbiter's decision (points reduced or raised, 12.9.4, 12.9.5; a game declared lost with the
    opponent's score set by the event, 12.9.6; an appeal, 11.10), which stands (8.7). The
    position contradicts none of these: it is reported as information, with what the board
    shows."""
    white, black = recorded.split("-")
    offender = _NAMES[Color.BLACK if black == "0" else Color.WHITE]
    return Finding(
        ply,
        Code.ARBITERS_SCORE,
        "10.2",
        Words(
            "the score {recorded} (White {white}, Black {black}) is a lawful score (Article "
            "10.2) that only the arbiter gives: {offender}'s points reduced (12.9.5) or the game "
            "declared lost by {offender} (12.9.6), after the game if need be (8.7, 11.10); "
            "{board}",
            recorded=recorded,
            white=white,
            black=black,
            offender=offender,
            board=board,
        ),
    )


class _Offers:
    """The draw offers a game's movetext marks (``(=)`` after the move each was made with,
    8.1.5), judged as the arbiter rules them (9.1.2.1, 5.2.3)."""

    __slots__ = ("edition", "first_number", "first_turn", "game")

    def __init__(self, game: Game, first_turn: int, first_number: int, edition: str) -> None:
        self.game = game
        self.first_turn = first_turn
        self.first_number = first_number
        self.edition = edition

    def judged(self, plies: int, recorded: str, *, board_ended: bool) -> list[Finding]:
        """One finding for each offer made within the first ``plies`` plies (the moves that
        count): declined by the opponent's next move (he touched a piece, 9.1.2.1); on the
        last move, accepted when the game is drawn without an ending on the board (5.2.3: a
        fault before each player has moved, but under pre-1997 10.6), lapsed when it ended
        otherwise, standing when it is unfinished."""
        sans = self.game.sans
        out = []
        for ply in self.game.draw_offers:
            if ply > plies or ply > len(sans):
                break
            mover = Color((self.first_turn + ply - 1) % 2)
            offerer, other = _NAMES[mover], _NAMES[mover.other]
            move = _move_label(ply, self.first_turn, self.first_number, sans[ply - 1])
            said = Words(
                "{player} offered a draw with {move} (marked (=), 8.1.5)", player=offerer, move=move
            )
            if ply < plies:
                reply = _move_label(ply + 1, self.first_turn, self.first_number, sans[ply])
                said = Words(
                    "{said}; {player} declined it by playing {move} (9.1.2.1)",
                    said=said,
                    player=other,
                    move=reply,
                )
            elif board_ended or recorded in _DECISIVE or recorded in HALF_SCORES:
                said = Words("{said}; it lapsed when the game ended (9.1.2.1)", said=said)
            elif recorded == "*":
                said = Words("{said}; it stands: the game is unfinished (9.1.2.1)", said=said)
            else:
                out.append(self._agreement(ply, plies, said, other))
                continue
            out.append(Finding(ply, Code.DRAW_OFFER, "9.1.2.1", said))
        return out

    def _agreement(self, ply: int, plies: int, said: Words, other: Words) -> Finding:
        """A draw right after the offer: agreed (5.2.3), provided each player has moved
        (2014: 5.2.c; pre-1997 10.6: at any time)."""
        article = {E2014: "5.2.c", PRE_1997: "10.6"}.get(self.edition, "5.2.3")
        if plies < 2 and self.edition != PRE_1997:
            return Finding(
                ply,
                Code.AGREEMENT_BEFORE_BOTH_MOVED,
                article,
                Words(
                    "{said}; {player} accepted it before making a move: a draw is agreed only "
                    "once both players have made a move (Article {article}): the game goes on",
                    said=said,
                    player=other,
                    article=article,
                ),
            )
        return Finding(
            ply,
            Code.DRAW_OFFER,
            article,
            Words(
                "{said}; {player} accepted it: drawn by agreement (Article {article})",
                said=said,
                player=other,
                article=article,
            ),
        )


_ADJOURNED = re.compile(r"\badjourned\b", re.IGNORECASE)


def _adjournments(game: Game, first_turn: int, first_number: int) -> list[Finding]:
    """Where the movetext says the game was adjourned (Guidelines I: a comment naming the
    adjournment, as chesslaws writes it, or a ``Termination`` tag ``adjourned``), for
    information: after the last move it stands unfinished (``*``) or was concluded before or
    at the resumption (I.6, I.10); earlier, it was resumed (I.9). The sealed move itself is in
    no record before the envelope is opened (I.3)."""
    sans = game.sans
    found = []
    comments = game.main.comments
    plies = []
    # one look at all the comments (a case-blind search is slow: the word in their lower case),
    # then at each
    if comments and "adjourned" in "\n".join(comments.values()).lower():
        plies = sorted(i + 1 for i, text in comments.items() if i >= 0 and _ADJOURNED.search(text))
    if game.tags.get("Termination", "").strip().lower() == "adjourned" and len(sans) not in plies:
        plies.append(len(sans))
    for ply in plies:
        after = (
            _move_label(ply, first_turn, first_number, sans[ply - 1]) if ply else Words("no move")
        )
        if ply < len(sans):
            how = Words("and resumed (Guidelines I.9)")
        elif game.recorded_result == "*":
            how = Words("and stands unfinished (*) until it is resumed (Guidelines I.9)")
        else:
            how = Words(
                "and ended {result} without a further move (Guidelines I.6, I.10)",
                result=game.recorded_result,
            )
        message = Words("after {move} the game was adjourned {how}", move=after, how=how)
        found.append(Finding(ply, Code.ADJOURNED, "I.1", message))
    return found


def _record_findings(game: Game) -> list[Finding]:
    """Findings on the record itself (Article 8): a ``Result`` tag that is none of the four
    results or contradicts the movetext's, and what the reader mended (information)."""
    found = [
        Finding(
            0,
            Code.MENDED_ON_READING,
            "8",
            read_at(n.line, n.column, n.reason),
        )
        for n in game.notes
    ]
    tag = game.tags.get("Result")
    if tag is not None and tag not in _RESULTS:
        found.append(
            Finding(
                0,
                Code.RESULT_TAG_NOT_A_RESULT,
                "8",
                Words(
                    "the Result tag {tag} is none of 1-0, 0-1, 1/2-1/2, *, nor the arbiter's "
                    "1/2-0, 0-1/2 (10.2)",
                    tag=repr(tag),
                ),
            )
        )
    elif tag is not None and game.result and tag != game.result:
        found.append(
            Finding(
                0,
                Code.RESULT_TAG_CONTRADICTS_MOVETEXT,
                "8",
                Words(
                    "the Result tag says {tag}, the movetext ends with {result}",
                    tag=tag,
                    result=game.result,
                ),
            )
        )
    return found


def _judge_history(
    game: Game, claims: list[Finding], first_turn: int, first_number: int
) -> tuple[Position, int, Termination | None]:
    """Judge the reader's replay, making no move again (2023, 2018): the position where the
    game stopped, the ply at which a fivefold repetition (9.6.1) or the seventy-fifth move
    (9.6.2) ended it (0: none) and the ending there; claims available before go to ``claims``.

    The repetition counts come from the history the reader's position holds
    (:func:`~chesslaws.endings._record.repetition_counts`); the moves after an early ending are
    taken back. The answers are those of a :class:`GameRecord` replaying the moves (see
    :func:`_replay`, which the older editions still take).
    """
    position = game.end()
    history = position.key_history()
    counts = repetition_counts(position, least=3, history=history)  # 2 decides nothing here
    clocks = history[1]
    last = len(counts) - 1
    sans = game.sans
    # A count reaches 3 (or 5) first at exactly 3 (5): each occurrence adds one.
    threefold = counts.index(3) if 3 in counts else 0
    fivefold = counts.index(5) if 5 in counts else 0
    fifty = seventy_five = 0
    if max(clocks) >= 100:
        fifty = next((ply for ply in range(1, last + 1) if clocks[ply] >= 100), 0)
        seventy_five = next((ply for ply in range(1, last + 1) if clocks[ply] >= 150), 0)
    ended_ply = min((ply for ply in (fivefold, seventy_five) if ply), default=0)
    before = ended_ply or last + 1  # claims on the ply of the ending are not reported
    if 0 < threefold < before:
        claims.append(_threefold_finding(threefold, first_turn, first_number, sans))
    if 0 < fifty < before:
        claims.append(_fifty_finding(fifty, first_turn, first_number, sans))
    at = ended_ply or last
    for _ in range(last - at):
        position.pop_code()
    count = position.count_legal_moves(enough=2)
    return position, ended_ply, automatic_ending(position, count, counts[at])


def _threefold_finding(
    ply: int, first_turn: int, first_number: int, sans: Sequence[str]
) -> Finding:
    return Finding(
        ply,
        Code.THREEFOLD_AVAILABLE,
        "9.2",
        Words(
            "after {move} the same position stood for the third time: a draw could be claimed "
            "(9.2.1 by the player making that move, 9.2.2 by the opponent)",
            move=_move_label(ply, first_turn, first_number, sans[ply - 1]),
        ),
    )


def _fifty_finding(ply: int, first_turn: int, first_number: int, sans: Sequence[str]) -> Finding:
    return Finding(
        ply,
        Code.FIFTY_MOVES_AVAILABLE,
        "9.3",
        Words(
            "after {move} fifty moves by each player had been made without a pawn move or a "
            "capture: a draw could be claimed",
            move=_move_label(ply, first_turn, first_number, sans[ply - 1]),
        ),
    )


def _replay(
    board: GameRecord,
    moves: Sequence[Move],
    claims: list[Finding],
    first_turn: int,
    first_number: int,
    sans: Sequence[str],
    edition: str = "2023",
) -> tuple[int, Termination | None]:
    """Replay on a game record, for the editions with endings of their own: the ply at which a
    fivefold repetition or the seventy-fifth move ended the game (0: none), and the ending at
    the ply where the replay stopped; claims available on the way go to ``claims``."""
    position = board.position
    code_of = position.code_of
    push_code = board.push_code  # the moves were checked by the reader: no second check
    repetitions = board.repetitions
    keys: list[object] = []
    if edition == E2014:
        keys.append((position.zobrist_key(), position.repetition_key()))
    ended_ply = 0
    threefold_seen = fifty_seen = False
    for ply, move in enumerate(moves, start=1):
        push_code(code_of(move))
        if _automatic_draw(edition, board, keys):
            ended_ply = ply  # 9.6.1 or 9.6.2, unless an ending of higher rank stands
            break
        if not threefold_seen and repetitions() >= 3:
            threefold_seen = True
            claims.append(_threefold_finding(ply, first_turn, first_number, sans))
        if not fifty_seen and position.halfmove_clock >= 100:
            fifty_seen = True
            claims.append(_fifty_finding(ply, first_turn, first_number, sans))
    if edition in (E2014, PRE_1997):
        count = position.count_legal_moves(enough=2)
        return ended_ply, edition_ending(edition, position, count, repetitions(), keys)
    return ended_ply, board.termination()


def _automatic_draw(edition: str, board: GameRecord, keys: list[object]) -> bool:
    """Whether the move just made drew by 9.6 (fivefold, seventy-five moves) in ``edition``:
    none before 1997; in 2014 the fivefold must be on consecutive alternate moves."""
    if edition == PRE_1997:
        return False
    position = board.position
    if edition == E2014:
        keys.append((position.zobrist_key(), position.repetition_key()))
        return alternate_fivefold(keys) or position.halfmove_clock >= 150
    return board.repetitions() >= 5 or position.halfmove_clock >= 150


def _ending(
    final: Termination | None, position: Position, reached: int, edition: str = "2023"
) -> tuple[Termination | None, int]:
    """The automatic ending of the game and the ply after which it came (Articles 5, 9.6).

    ``final`` is the ending at ply ``reached``, where the replay stopped (the last move, or the
    first fivefold repetition or seventy-fifth move), and ``position`` the position there, its
    moves made on it. A position from which a legal move was made is neither checkmate nor
    stalemate, so those can only stand there. A dead position stays dead whatever is played (no
    series of moves from it can mate, so none from a later position can either): when the last
    position is dead or stalemate, the first dead position is found by bisection, taking moves
    back and making them again on one copy (a handful of tests, no replay from the start).
    """
    if final is None:
        return None, 0
    if final is not Termination.STALEMATE and final is not Termination.DEAD_POSITION:
        return final, reached
    probe = position.copy()
    taken: list[int] = []
    at = reached
    low, high = 0, reached  # the position after ply `high` is dead (or stalemate)
    while low < high:
        middle = (low + high) // 2
        while at > middle:
            taken.append(probe.pop_code())
            at -= 1
        while at < middle:
            probe.push_code(taken.pop())
            at += 1
        if listed_draw(probe) if edition == PRE_1997 else is_dead(probe):
            high = middle
        else:
            low = middle + 1
    if high < reached:
        return Termination.DEAD_POSITION, high
    return final, reached


def _how_lost(game: Game, loser: Color, first_turn: int) -> tuple[Code, str, str, Words] | None:
    """How a decisive game without a board ending was lost: time, illegal moves or resignation.

    ``None`` when the record says the game ended some other way (abandoned, adjudicated, ...).
    """
    tag = game.tags.get("Termination", "").strip().lower()
    if "time" in tag or "flag" in tag or _clock_at_zero(game, loser, first_turn):
        return (Code.TIME_FORFEIT_CANNOT_CHECKMATE, "6.9", "time forfeit", Words("lost on time"))
    if "illegal" in tag:
        return (
            Code.ILLEGAL_MOVE_FORFEIT_CANNOT_CHECKMATE,
            "7.5.5",
            "illegal moves",
            Words("lost by illegal moves"),
        )
    if tag in ("", "normal") or "resign" in tag:
        return (Code.RESIGNATION_CANNOT_CHECKMATE, "5.1.2", "resignation", Words("resigned"))
    return None


def _clock_at_zero(game: Game, loser: Color, first_turn: int) -> bool:
    """Whether the loser's last ``[%clk]`` comment shows no time left (Article 6.1.1)."""
    count = len(game.moves)
    comments = game.main.comments
    for index in range(count - 1, max(count - 3, -1), -1):
        if (first_turn + index) % 2 != loser:
            continue
        comment = comments.get(index)
        if comment is None:
            return False
        clock, _ = parse_clock_comment(comment, strict=False)
        return clock is not None and clock <= 0
    return False
