"""A file of 10,000 games with random damage: no crash, and every game accounted for."""

from __future__ import annotations

import random
from pathlib import Path

from chesslaws import pgn
from chesslaws.pgn import Game, Line
from tests.conftest import shared_data

GAMES = 10_000
PLIES = 14
GARBAGE = ["Qz9", "Kxe4", "e5e5", "Nf9", "O-O-O-O", "Bb9", "Rxx1", "P@e4", "K"]


def short_sources() -> list[Game]:
    """Short games (the first plies of real ones) with clock comments, to keep the test quick."""
    sources = []
    for game in pgn.read_games(shared_data("pgn", "selfplay.pgn")):
        main = Line(
            game.main.sans[:PLIES],
            game.main.moves[:PLIES],
            {k: v for k, v in game.main.comments.items() if k < PLIES},
        )
        sources.append(Game(game.number, 1, dict(game.tags), main, "*"))
        if len(sources) == 200:
            break
    return sources


def damage(rng: random.Random, tags: bytes, movetext: bytes) -> tuple[bytes, bytes, str]:
    kind = rng.choice(["none", "none", "cut", "move", "bracket", "junk", "tag"])
    if kind == "cut":
        return tags, movetext[: rng.randrange(len(movetext) - 2)] + b"\n", kind
    if kind == "move":
        tokens = movetext.split(b" ")
        moves = [i for i, t in enumerate(tokens) if t[:1].isalpha()]
        tokens[rng.choice(moves)] = rng.choice(GARBAGE).encode()
        return tags, b" ".join(tokens), kind
    if kind == "bracket":
        at = rng.randrange(len(movetext))
        return tags, movetext[:at] + rng.choice(b"(){}").to_bytes() + movetext[at:], kind
    if kind == "junk":
        junk = bytes(rng.choice([b for b in range(256) if b not in b"\r\n"]) for _ in range(9))
        at = rng.randrange(len(movetext))
        return tags, movetext[:at] + junk + movetext[at:], kind
    if kind == "tag":
        lines = tags.split(b"\n")
        index = rng.randrange(1, len(lines))
        lines[index] = lines[index][: rng.randrange(2, len(lines[index]) - 1)]
        return b"\n".join(lines), movetext, kind
    return tags, movetext, kind


def test_ten_thousand_damaged_games(tmp_path: Path) -> None:
    rng = random.Random(20261130)
    sources = short_sources()
    path = tmp_path / "damaged.pgn"
    kinds = []
    with open(path, "wb") as out:
        for number in range(1, GAMES + 1):
            source = sources[number % len(sources)]
            tags = dict(source.tags)
            tags["Event"] = str(number)  # the first tag line stays intact: it names the game
            text = pgn.write_game(Game(number, 1, tags, source.main, "*"))
            head, body = text.encode().split(b"\n\n", 1)
            head, body, kind = damage(rng, head, body.rstrip(b"\n"))
            if number == GAMES:
                head, body, kind = head[: len(head) // 2], b"", "end"  # the file is cut short
            kinds.append((kind, source))
            out.write(head + b"\n\n" + body + b"\n\n")

    games = list(pgn.read_games(path))

    assert len(games) == GAMES
    good = sum(g.ok for g in games)
    bad = sum(not g.ok for g in games)
    assert good + bad == GAMES and bad > GAMES // 3 and good > GAMES // 4
    for number, (game, (kind, source)) in enumerate(zip(games, kinds, strict=True), start=1):
        assert game.number == number
        assert game.tags.get("Event") == str(number)  # not merged, split, lost or duplicated
        for error in game.errors:
            assert error.game == number and error.line >= game.line and error.reason
        if kind == "none":
            assert game.ok, game.errors
            assert game.moves == source.main.moves
        elif kind in ("cut", "move", "tag", "end"):
            assert not game.ok, kind
