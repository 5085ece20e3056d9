"""States, boards, sheets and positions pickle flat: a long game's state survives ``pickle`` and
``copy.deepcopy`` whole, goes on as the original does, and costs no more than its moves."""

from __future__ import annotations

import copy
import json
import pickle

from chesslaws import Game, pgn
from chesslaws.core import Position
from tests.conftest import shared_data


def _longest_log() -> list[str]:
    games = [g for g in pgn.read_games(shared_data("pgn", "selfplay.pgn"), max_games=300) if g.ok]
    game = max(games, key=lambda g: len(g.moves))
    position = game.start()
    lines = [json.dumps({"type": "start", "time_control": "180+2"})]
    for ply, move in enumerate(game.moves):
        side = "white" if ply % 2 == 0 else "black"
        move_text = position.uci(move)
        lines.append(json.dumps({"type": "move", "at": ply + 1, "by": side, "move": move_text}))
        lines.append(json.dumps({"type": "press", "at": ply + 1, "by": side}))
        position.push(move)
    return lines


def test_a_long_games_state_pickles_and_goes_on_as_the_original() -> None:
    log = _longest_log()
    assert len(log) > 400
    half = len(log) // 2
    state = Game.replay(log[:half])[0].state()
    whole = Game()
    expected = [whole.handle_json(line) for line in log][half:]  # the rulings of the rest
    data = pickle.dumps(state)
    assert len(data) < 60 * half  # flat: no position pickled once per move
    for restored in (pickle.loads(data), copy.deepcopy(state)):
        assert restored == state and restored.board.repetitions == state.board.repetitions
        resumed = Game.from_state(restored)
        assert [resumed.handle_json(line) for line in log[half:]] == expected
        assert resumed.state() == whole.state()


def test_a_position_with_thousands_of_moves_pickles_with_its_history() -> None:
    position = Position()
    cycle = ["g1f3", "g8f6", "f3g1", "f6g8"]
    for ply in range(4000):
        position.push_uci(cycle[ply % 4])
    for restored in (pickle.loads(pickle.dumps(position)), copy.deepcopy(position)):
        assert restored == position and restored.ply == 4000
        assert restored.move_stack == position.move_stack
        assert restored.key_history() == position.key_history()
        restored.pop()
        assert restored.ply == 3999 and position.ply == 4000
