"""The ``chesslaws perft`` and ``chesslaws moves`` commands."""

from __future__ import annotations

import pytest

from chesslaws.cli import main

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"


def test_perft_prints_the_count_last(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", KIWIPETE, "2"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "2039"


def test_perft_divide_lists_each_move_then_the_total(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "startpos", "2", "--divide"]) == 0
    lines = capsys.readouterr().out.splitlines()
    per_move = {line.split(": ")[0]: int(line.split(": ")[1]) for line in lines if ": " in line}
    assert len(per_move) == 20 and all(count == 20 for count in per_move.values())
    assert per_move.keys() >= {"e2e4", "g1f3"}
    assert lines[-1] == "400"


def test_moves_in_san_and_uci(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", KIWIPETE]) == 0
    san = capsys.readouterr().out.split()
    assert len(san) == 48 and "O-O" in san and "O-O-O" in san and "Qxf6" in san
    assert main(["moves", KIWIPETE, "--uci"]) == 0
    uci = capsys.readouterr().out.split()
    assert len(uci) == 48 and "e1g1" in uci and "e1c1" in uci


@pytest.mark.parametrize(
    "argv",
    [
        ["perft", "not a fen", "2"],
        ["perft", "startpos", "-1"],
        ["moves", "8/8/8/8/8/8/8/8 w - - 0 1"],
    ],
)
def test_bad_input_gives_one_line_error(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("chesslaws: error:") and "\n" not in err
