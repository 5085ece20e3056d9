"""Opening books of a match: positions from an EPD file, or the first moves of PGN games.

An :class:`Opening` is a start position (``fen``; ``None`` for the initial position) and the
book moves played from it (UCI). The engines start thinking after the book moves; the PGN of the
game shows them, with a ``book`` comment after the last.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from chesslaws._errors import ChessLawsError, MatchError
from chesslaws._words import Words
from chesslaws.core import Position

__all__ = ["Opening", "OpeningBook", "read_epd", "read_pgn_openings"]


@dataclass(frozen=True, slots=True)
class Opening:
    """A start position and the book moves played from it."""

    fen: str | None = None
    moves: tuple[str, ...] = ()

    def position(self) -> Position:
        """The position after the book moves (where the engines start)."""
        position = Position() if self.fen is None else Position.from_fen(self.fen)
        for move in self.moves:
            position.push_uci(move)
        return position


def _epd_fen(line: str, where: str) -> str:
    fields = line.split()
    if len(fields) < 4:
        raise MatchError(
            Words("{where}: an EPD line needs 4 fields (board, side, castling, e.p.)", where=where)
        )
    halfmove, fullmove = "0", "1"
    operations = " ".join(fields[4:])
    for op in operations.split(";"):
        words = op.split()
        if len(words) == 2 and words[0] == "hmvc" and words[1].isdigit():
            halfmove = words[1]
        elif len(words) == 2 and words[0] == "fmvn" and words[1].isdigit():
            fullmove = words[1]
    if len(fields) >= 6 and fields[4].isdigit() and fields[5].isdigit():
        halfmove, fullmove = fields[4], fields[5]  # a full FEN is accepted too
    fen = " ".join([*fields[:4], halfmove, fullmove])
    try:
        Position.from_fen(fen)
    except ChessLawsError as error:
        raise MatchError(
            Words("{where}: {error}", where=where, error=error), option="-openings"
        ) from None
    return fen


def _cannot_read(path: str | Path, error: Exception) -> Words:
    return Words("-openings: cannot read {path}: {error}", path=str(path), error=error)


def read_epd(path: str | Path) -> list[Opening]:
    """Each line of an EPD file as an opening position (``hmvc``/``fmvn`` operations kept)."""
    openings: list[Opening] = []
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise MatchError(_cannot_read(path, error), option="-openings") from None
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if line and not line.startswith("#"):
            openings.append(Opening(_epd_fen(line, f"{path}:{number}")))
    return openings


def read_pgn_openings(path: str | Path, plies: int | None) -> list[Opening]:
    """The first ``plies`` moves (all, for ``None``) of each game of a PGN file."""
    from chesslaws import pgn

    openings: list[Opening] = []
    try:
        for game in pgn.read_games(str(path)):
            if game.errors and not game.main.moves:
                raise MatchError(
                    Words(
                        "-openings: {path}, game {game} (line {line}): {error}",
                        path=path,
                        game=game.number,
                        line=game.line,
                        error=game.errors[0],
                    ),
                    option="-openings",
                )
            position = game.start()
            moves = game.main.moves if plies is None else game.main.moves[:plies]
            ucis = []
            for move in moves:
                ucis.append(position.uci(move))
                position.push(move)
            openings.append(Opening(game.fen, tuple(ucis)))
    except OSError as error:
        raise MatchError(_cannot_read(path, error), option="-openings") from None
    return openings


class OpeningBook:
    """The openings in the order the games take them: ``sequential`` or ``random``.

    The book wraps around when a match has more openings to play than the file holds.
    """

    def __init__(
        self, openings: list[Opening], *, order: str = "sequential", seed: int | None = None
    ) -> None:
        if not openings:
            raise MatchError(Words("-openings: the file holds no opening"), option="-openings")
        if order not in ("sequential", "random"):
            raise MatchError(
                Words("-openings: order={order} (expected sequential or random)", order=order),
                option="-openings",
            )
        self.openings = list(openings)
        if order == "random":
            random.Random(seed).shuffle(self.openings)

    def __getitem__(self, index: int) -> Opening:
        return self.openings[index % len(self.openings)]

    def __len__(self) -> int:
        return len(self.openings)
