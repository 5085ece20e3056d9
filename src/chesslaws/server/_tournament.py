"""Tournaments on the server: an event's rounds played as live games (``docs/server.md``).

``chesslaws serve --tournament T.trf`` serves the event of a Tournament Report File. The file
is the event's record and stays one an arbiter can pair and rate from without the server
(``chesslaws tournament``); beside it, ``T.trf.log`` holds every change as a JSON line (a round
paired with its boards' games, a result from a board, a result the arbiter entered), so that
the server knows a round's games after a restart and anyone can tell how a result came.

- The organiser pairs the next round (Berger tables or the Dutch system, C.04/C.05): the
  pairings go into the file and each board becomes a live game whose clocks stand until its
  arbiter starts them (6.6). The seat and arbiter links are given once, in the answer.
- When a board's game ends, its result goes into the file (a board's own result only fills a
  result not yet known: a result the arbiter entered stands).
- The arbiter enters or corrects a result (a forfeit, ½-0 after 12.9, an appeal, 11.10).
- The current round is one multi-game PGN at a stable address, with ``[%clk]`` after every
  move: what live broadcasts poll.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from chesslaws._words import Words
from chesslaws.tournament import (
    Event,
    TournamentError,
    TrfError,
    parse_tiebreak,
    read_trf,
    standings,
    write_trf,
)
from chesslaws.tournament.event import Entry
from chesslaws.tournament.pairing import next_pairings
from chesslaws.tournament.trf import decode_trf

__all__ = ["Board", "Director", "TournamentRefused", "tournament_id"]

log = logging.getLogger("chesslaws.server")

#: White's and Black's TRF codes for a game's result (10.2; ½-0 and 0-½ after 12.9).
_CODES = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "1/2-1/2": ("=", "="),
    "1/2-0": ("=", "0"),
    "0-1/2": ("0", "="),
}

#: The tie-breaks shown when the file names none (C.07 abbreviations).
DEFAULT_TIEBREAKS = ("BH/C1", "BH", "SB", "WIN")

#: The largest tournament file the server reads.
MAX_TRF_BYTES = 4_000_000

_ID = re.compile(r"[^A-Za-z0-9_-]+")


class TournamentRefused(ValueError):
    """A request about a tournament the server cannot take; the text says why."""


def tournament_id(path: Path) -> str:
    """The tournament's id in addresses: the file's name without ``.trf``, in URL-safe letters."""
    return _ID.sub("-", path.stem).strip("-")[:64] or "tournament"


@dataclass(frozen=True, slots=True)
class Board:
    """A board of a round: its players by pairing number and its live game's id."""

    number: int
    white: int
    black: int
    game: str

    def to_json(self) -> dict[str, Any]:
        return {"board": self.number, "white": self.white, "black": self.black, "game": self.game}


#: What the director needs of the server: create a game from a ``POST /api/games`` body and
#: get its id and tokens; read a game's result (None while it goes on).
CreateGame = Callable[[dict[str, Any]], Awaitable[tuple[str, dict[str, str]]]]
GameResult = Callable[[str], Awaitable[str | None]]
GamePgn = Callable[[str], Awaitable[str | None]]


class Director:
    """One tournament served live: the event, its rounds' boards, and its log."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.id = tournament_id(path)
        self.log_path = path.with_name(path.name + ".log")
        self.event = self._read()
        self.boards: dict[int, tuple[Board, ...]] = {}
        self._lock = asyncio.Lock()
        self._read_log()

    # -- the record ------------------------------------------------------------------------

    def _read(self) -> Event:
        try:
            data = self.path.read_bytes()
        except OSError as error:
            raise TournamentRefused(f"{self.path}: {error.strerror}") from None
        if len(data) > MAX_TRF_BYTES:
            raise TournamentRefused(f"{self.path}: larger than {MAX_TRF_BYTES} bytes")
        try:
            text, _notes = decode_trf(data)
            event, _notes = read_trf(text)
        except TrfError as error:
            raise TournamentRefused(f"{self.path}: {error}") from None
        return event

    def _read_log(self) -> None:
        """The boards of the rounds paired on this server, from the log (after a restart)."""
        if not self.log_path.exists():
            return
        for number, line in enumerate(self.log_path.read_text("utf-8").splitlines(), 1):
            try:
                entry = json.loads(line)
            except ValueError:
                raise TournamentRefused(f"{self.log_path}:{number}: not JSON") from None
            if entry.get("act") == "pair":
                self.boards[int(entry["round"])] = tuple(
                    Board(int(b["board"]), int(b["white"]), int(b["black"]), str(b["game"]))
                    for b in entry["boards"]
                )

    def _save(self, **entry: Any) -> None:
        """Write the event to its file (atomically: a crash leaves the old file or the new)
        and the change to the log."""
        temporary = self.path.with_name(self.path.name + ".new")
        temporary.write_text(write_trf(self.event.rescored()), "utf-8")
        os.replace(temporary, self.path)
        entry["at"] = datetime.now(UTC).isoformat(timespec="seconds")
        with self.log_path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(entry, sort_keys=True) + "\n")

    # -- the organiser's and the arbiter's acts -------------------------------------------

    async def pair(self, create: CreateGame, time_control: str | None) -> dict[str, Any]:
        """Pair the next round and create its boards' games; the boards with their links."""
        async with self._lock:
            event = self.event
            if event.total_rounds and event.rounds_paired >= event.total_rounds:
                rounds = event.total_rounds
                raise TournamentRefused(Words("all {rounds} rounds are paired", rounds=rounds))
            pending = self.pending(event.rounds_paired)
            if pending:
                playing = ", ".join(str(b.number) for b in pending)
                raise TournamentRefused(
                    Words("round {round} is not over: board {boards} still playing",
                          round=event.rounds_paired, boards=playing)
                )  # fmt: skip
            control = time_control or _control_of(event)
            try:
                round_, pairs = next_pairings(event)
                paired = event.pair_round(round_, pairs)
            except TournamentError as error:
                raise TournamentRefused(str(error)) from None
            boards, links = [], []
            games = [(w, b) for w, b in pairs if b]
            for number, (white, black) in enumerate(games, 1):
                ident, tokens = await create(
                    {
                        "time_control": control,
                        "white": paired.player(white).name[:200],
                        "black": paired.player(black).name[:200],
                        "event": event.name[:200] or self.id,
                        "round": str(round_),
                        "board": str(number),
                    }
                )
                boards.append(Board(number, white, black, ident))
                links.append({**boards[-1].to_json(), "tokens": tokens})
            self.event = paired
            self.boards[round_] = tuple(boards)
            self._save(act="pair", round=round_, boards=[b.to_json() for b in boards],
                       byes=[w for w, b in pairs if not b])  # fmt: skip
            return {"round": round_, "boards": links, "byes": [w for w, b in pairs if not b]}

    def enter_result(self, round_: int, white: int, result: str, *, why: str = "") -> None:
        """The arbiter enters or corrects the result of ``white``'s game in ``round_``:
        ``1-0``, ``0-1``, ``1/2-1/2``, ``1/2-0``, ``0-1/2`` (10.2, 12.9), ``+-``/``-+``
        (forfeits) or ``--`` (both forfeited)."""
        if why and len(why) > 500:
            raise TournamentRefused(Words("why: at most 500 characters"))
        codes = {**_CODES, "+-": ("+", "-"), "-+": ("-", "+"), "--": ("-", "-")}
        if result not in codes:
            raise TournamentRefused(
                Words("result '{result}': one of {results}", result=result[:20],
                      results=", ".join(codes))
            )  # fmt: skip
        entry = self.event.player(white).entry(round_) if self._known(white) else None
        if entry is None or entry.opponent == 0 or entry.colour != "w":
            raise TournamentRefused(
                Words("player {player} has no game with white in round {round}", player=white,
                      round=round_)
            )  # fmt: skip
        self.event = _with_codes(self.event, round_, white, entry.opponent, codes[result])
        self._save(act="result", round=round_, white=white, result=result, by="arbiter", why=why)

    def _known(self, number: int) -> bool:
        return any(p.number == number for p in self.event.players)

    # -- the boards ------------------------------------------------------------------------

    def pending(self, round_: int) -> list[Board]:
        """The boards of ``round_`` whose result is not known yet."""
        return [b for b in self.boards.get(round_, ()) if self._code(round_, b) == "?"]

    def _code(self, round_: int, board: Board) -> str:
        return self.event.player(board.white).entry(round_).code

    async def collect(self, result_of: GameResult) -> None:
        """Take into the event the result of every board whose game has ended."""
        async with self._lock:
            for round_ in sorted(self.boards):
                for board in self.pending(round_):
                    result = await result_of(board.game)
                    if result in _CODES:
                        codes = _CODES[result]
                        self.event = _with_codes(
                            self.event, round_, board.white, board.black, codes
                        )
                        self._save(act="result", round=round_, white=board.white,
                                   result=result, by="board", game=board.game)  # fmt: skip

    # -- what is shown ---------------------------------------------------------------------

    def to_json(self, tiebreaks: tuple[str, ...] | None = None) -> dict[str, Any]:
        """The tournament as its page shows it: players, rounds, standings."""
        event = self.event.rescored()
        names = tiebreaks or event.tiebreaks or DEFAULT_TIEBREAKS
        try:
            table = standings(event, [parse_tiebreak(n) for n in names])
        except TournamentError as error:
            raise TournamentRefused(str(error)) from None
        return {
            "id": self.id,
            "name": event.name,
            "city": event.city,
            "system": event.system,
            "time_control": event.time_control,
            "total_rounds": event.total_rounds,
            "rounds_paired": event.rounds_paired,
            "players": [_player_json(p) for p in event.players],
            "rounds": [self._round_json(event, r) for r in range(1, event.rounds_paired + 1)],
            "tiebreaks": [str(parse_tiebreak(n)) for n in names],
            "standings": [
                {"number": number, "rank": rank, "values": [_number(v) for v in values]}
                for rank, number, values in table.ranked()
            ],
        }

    def _round_json(self, event: Event, round_: int) -> dict[str, Any]:
        """A round's pairs (board by board where the server paired it) and its byes."""
        boards = self.boards.get(round_)
        whites: list[tuple[int, str | None]] = [(b.white, b.game) for b in boards or ()]
        if not boards:  # paired elsewhere: in the order of White's pairing number
            whites = [
                (p.number, None)
                for p in event.players
                if p.entry(round_).colour == "w" and p.entry(round_).opponent
            ]
        pairs = []
        for number, (white, game) in enumerate(whites, 1):
            entry = event.player(white).entry(round_)
            opponent = event.player(entry.opponent).entry(round_)
            result = _result_text(entry.code, opponent.code)
            pairs.append({"board": number, "white": white, "black": entry.opponent,
                          "result": result, "game": game})  # fmt: skip
        byes = [
            {"player": p.number, "code": p.entry(round_).code}
            for p in event.players
            if not p.entry(round_).opponent and p.entry(round_).code not in (" ", "-")
        ]
        return {"round": round_, "pairs": pairs, "byes": byes}

    async def round_pgn(self, round_: int, pgn_of: GamePgn) -> str:
        """The round's games as one PGN, board by board (``pgn_of`` gives a game's PGN)."""
        texts = [await pgn_of(board.game) for board in self.boards.get(round_, ())]
        return "\n".join(text.rstrip("\n") + "\n" for text in texts if text)


def _with_codes(event: Event, round_: int, white: int, black: int, codes: tuple[str, str]) -> Event:
    return event.with_entries(
        round_, {white: Entry(black, "w", codes[0]), black: Entry(white, "b", codes[1])}
    )


def _control_of(event: Event) -> str:
    """The games' time control from the file (tag 222), in PGN's seconds form."""
    controls = event.time_controls()
    if controls is None:
        raise TournamentRefused(
            Words('the file names no time control (tag 222): give one, e.g. '
                  '{{"time_control": "5400+30"}}')
        )  # fmt: skip
    white, black = controls
    if white != black:
        raise TournamentRefused(Words("players with time controls of their own: not served yet"))
    return str(white)


def _player_json(player: Any) -> dict[str, Any]:
    return {
        "number": player.number,
        "name": player.name,
        "rating": player.rating,
        "federation": player.federation,
        "title": player.title,
        "points": _number(player.points),
    }


def _number(value: Any) -> Any:
    return None if value is None else float(value)


def _result_text(white: str, black: str) -> str:
    """A board's result as a person reads it (``1-0``, ``½-½``, ``+-``, ``*`` while played)."""
    half = {"1": "1", "0": "0", "=": "½", "+": "+", "-": "-", "W": "1", "L": "0", "D": "½"}
    if white == "?":
        return "*"
    return f"{half.get(white, white)}-{half.get(black, black)}"

