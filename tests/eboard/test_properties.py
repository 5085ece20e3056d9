"""Property: random legal games played as readings (random but physically possible lift and
place orders, sliding, sensor flicker, delays, presses left out) give exactly the game's moves
and no rulings other than the end of the game."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from chesslaws.core import Move, Position
from chesslaws.eboard import BoardGame
from chesslaws.eboard._readings import letter_of_code


class Hands:
    """Writes the readings of a game, move by move, as a player's hand would make them."""

    def __init__(self, rng: random.Random, position: Position, occupancy: bool) -> None:
        self.rng = rng
        self.position = position
        self.occupancy = occupancy
        self.now = 0
        self.lines: list[dict[str, object]] = []
        self.running = position.turn  # whose side of the lever is up (whose clock runs)

    def _at(self, low: int = 90, high: int = 700) -> float:
        self.now += self.rng.randint(low, high)
        return self.now / 1000

    def lift(self, square: int) -> None:
        self.lines.append({"type": "lift", "at": self._at(), "square": _name(square)})

    def place(self, square: int, code: int) -> None:
        line: dict[str, object] = {"type": "place", "at": self._at(), "square": _name(square)}
        if not self.occupancy:
            line["piece"] = letter_of_code(code)
        self.lines.append(line)

    def flicker(self) -> None:
        """A static piece wobbles: its square reads empty for a few milliseconds."""
        codes = self.position.board_codes()
        occupied = [sq for sq, c in enumerate(codes) if c]
        square = self.rng.choice(occupied)
        self.now += self.rng.randint(30, 200)
        self.lines.append({"type": "lift", "at": self.now / 1000, "square": _name(square)})
        self.now += self.rng.randint(1, 60)
        self.place_at(square, codes[square])

    def place_at(self, square: int, code: int) -> None:
        line: dict[str, object] = {"type": "place", "at": self.now / 1000, "square": _name(square)}
        if not self.occupancy:
            line["piece"] = letter_of_code(code)
        self.lines.append(line)

    def play(self, move: Move) -> None:
        position, rng = self.position, self.rng
        codes = position.board_codes()
        mover = position.turn
        if rng.random() < 0.3:
            self.flicker()
        self._at(100, 2500)  # thinking
        frm, to = move.from_square, move.to_square
        piece = codes[frm]
        if position.is_castling(move):
            # King first (4.4.1), lifted even when it does not move (Guidelines II.3.2.5).
            king, rook = frm, position.code_of(move) >> 6 & 63
            back = king & ~7
            king_to = back + (6 if rook > king else 2)
            rook_to = back + (5 if rook > king else 3)
            self.lift(king)
            if rook != king:
                self.lift(rook)
            places = [(king_to, codes[king]), (rook_to, codes[rook])]
            for square, code in rng.sample(places, 2):
                self.place(square, code)
        else:
            captured = None
            if position.is_en_passant(move):
                captured = to - 8 if mover == 0 else to + 8
            elif codes[to]:
                captured = to
            arrival = piece if move.promotion is None else int(move.promotion) | (piece & 8)
            steps: list[tuple[str, int, int]] = []
            if captured is not None and captured == to and rng.random() < 0.5:
                steps += [("lift", to, 0), ("lift", frm, 0)]  # the captured piece first (4.3.2)
            else:
                steps += [("lift", frm, 0)]
                if captured is not None and captured == to:
                    steps += [("lift", to, 0)]
            if move.promotion is None and not captured and rng.random() < 0.3:
                empties = [sq for sq in range(64) if not codes[sq] and sq != to]
                for sq in rng.sample(empties, rng.randint(1, 2)):  # sliding over other squares
                    steps += [("place", sq, piece), ("lift", sq, 0)]
            if move.promotion is not None and self.occupancy:
                steps += [("button", 0, int(move.promotion))]
            if move.promotion is not None and captured is None and rng.random() < 0.4:
                steps += [("place", to, piece), ("lift", to, 0)]  # the pawn on the square first
            steps += [("place", to, arrival)]
            if captured is not None and captured != to:  # en passant: the pawn removed, any time
                steps.insert(rng.randint(1, len(steps)), ("lift", captured, 0))
            for kind, square, code in steps:
                if kind == "lift":
                    self.lift(square)
                elif kind == "place":
                    self.place(square, code)
                else:
                    self.lines.append(
                        {
                            "type": "button",
                            "at": self._at(),
                            "by": _colour(mover),
                            "name": "promote",
                            "piece": "pnbrqk"[code - 1],
                        }
                    )
        position.push(move)
        if self.running == mover and rng.random() < 0.85:
            self.lines.append({"type": "lever", "at": self._at(), "by": _colour(mover)})
            self.running = 1 - mover


def _name(square: int) -> str:
    return "abcdefgh"[square & 7] + str((square >> 3) + 1)


def _colour(color: int) -> str:
    return "white" if color == 0 else "black"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans(), st.integers(0, 9))
def test_random_games_read_exactly(seed: int, occupancy: bool, variant: int) -> None:
    rng = random.Random(seed)
    chess960 = variant == 0
    position = Position.from_chess960(rng.randrange(960)) if chess960 else Position()
    start: dict[str, object] = {"type": "start", "time_control": "5400+30"}
    if chess960:
        start["fen"] = position.fen()
        start["variant"] = "chess960"
    hands = Hands(rng, position.copy(), occupancy)
    played: list[str] = []
    for _ in range(rng.randint(1, 60)):
        moves = hands.position.legal_moves()
        if not moves:
            break
        promotions = [m for m in moves if m.promotion is not None]
        castles = [m for m in moves if hands.position.is_castling(m)]
        captures = [m for m in moves if hands.position.is_capture(m)]
        pool = rng.choice([moves, moves, promotions or moves, castles or moves, captures or moves])
        move = rng.choice(pool)
        played.append(hands.position.uci(move))
        hands.play(move)
    lines = [json.dumps(start)] + [json.dumps(line) for line in hands.lines]
    board = BoardGame.replay(lines)
    made = list(board.game.uci_moves)
    rulings = [r.to_json() for r in board.rulings]
    if board.game.is_over:
        assert made == played[: len(made)]
        assert [r["ruling"] for r in rulings] == ["game_over"], rulings
    else:
        assert made == played, (made, played)
        assert rulings == [], rulings
    assert not [n for n in board.notices if n.kind in ("set_pieces", "press_held")], board.notices
