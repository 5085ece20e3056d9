"""The move history of a position is a chain its copies share: a copy costs the same however long
the game, yet each position goes on with its own moves, and every reader of the history (``ply``,
``move_stack``, ``peek``, ``pop``, ``key_history``) answers as python-chess's move stack does."""

from __future__ import annotations

import random

import chess
import pytest

from chesslaws.core import Position


def _same_history(position: Position, peer: chess.Board) -> None:
    assert position.ply == len(peer.move_stack)
    assert [m.uci() for m in position.move_stack] == [m.uci() for m in peer.move_stack]
    last = position.peek()
    assert (last.uci() if last else None) == (peer.peek().uci() if peer.move_stack else None)
    replay = Position()
    for move in position.move_stack:
        replay.push(move)
    keys, clocks = position.key_history()
    assert (keys, clocks) == replay.key_history() and len(keys) == position.ply + 1
    assert clocks[-1] == position.halfmove_clock == peer.halfmove_clock


def test_copies_share_the_history_and_go_their_own_ways() -> None:
    rng = random.Random(5)
    for _ in range(30):
        positions = [(Position(), chess.Board())]
        for _ in range(80):
            position, peer = rng.choice(positions)
            codes = position.legal_codes()
            if not codes:
                continue
            if rng.random() < 0.3:  # a branch: a copy made here goes on by itself
                position, peer = position.copy(), peer.copy()
                positions.append((position, peer))
            if position.ply and rng.random() < 0.2:
                assert position.pop().uci() == peer.pop().uci()
            else:
                move = position.move_of(rng.choice(codes))
                peer.push(chess.Move.from_uci(position.uci(move)))
                position.push(move)
            _same_history(position, peer)
        for other, other_peer in positions:  # each went its own way, none changed another
            _same_history(other, other_peer)
            assert other.fen() == other_peer.fen()


def test_the_history_of_a_copy_is_that_of_its_original() -> None:
    position = Position()
    for text in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]:
        position.push_uci(text)
    copy = position.copy()
    assert copy.move_stack == position.move_stack and copy.ply == 5
    assert copy.key_history() == position.key_history()
    copy.pop()
    copy.push_uci("f1c4")
    assert position.peek() is not None and position.peek().uci() == "f1b5"
    assert copy.peek() is not None and copy.peek().uci() == "f1c4"
    while copy.ply:
        copy.pop()
    assert copy.fen() == Position().fen() and position.ply == 5
    with pytest.raises(IndexError):
        copy.pop()
    with pytest.raises(IndexError):
        copy.pop_code()
