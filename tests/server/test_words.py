"""Issue 31: the words the server and the arbiter write are sent as codes and parameters beside
the English (a message's ``i18n``), for each reader to see them in his language; the log stays
as it was."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from pathlib import Path

from chesslaws import Color
from chesslaws._words import Words, joined, said, words_json
from chesslaws.arbiter import GameState, parse_event, step
from chesslaws.clock import read_spoken
from chesslaws.server._live import refusal
from chesslaws.server._protocol import Refused, build_event
from chesslaws.server._view import ruling_json

ROOT = Path(__file__).resolve().parents[2]


def _state(*lines: str) -> tuple[GameState, list[object]]:
    state, rulings = GameState(), []
    for line in lines:
        state, rulings = step(state, parse_event(line))
    return state, list(rulings)


def test_words_are_their_english_and_keep_their_code() -> None:
    w = Words("{player} has two minutes or more left (III.4)", player=Color.BLACK.words)
    assert w == "black has two minutes or more left (III.4)"
    assert w.to_json() == {
        "id": "{player} has two minutes or more left (III.4)",
        "params": {"player": {"id": "black", "params": {}}},
    }
    back = pickle.loads(pickle.dumps(w))  # a worker process sends rulings back pickled
    assert back == w and back.to_json() == w.to_json()
    assert joined(w, "x").to_json()["id"] == "{first}; {then}"
    assert said(Refused(w)) is w and said(ValueError("plain")) == "plain"
    assert words_json(reason=w, note="plain", error=None) == {"reason": w.to_json()}
    # Braces are written double in a template, as str.format reads them, and shown single.
    assert Words('send {{"type": "resign"}}') == 'send {"type": "resign"}'


def test_a_rejection_of_the_arbiter_carries_its_words() -> None:
    _, rulings = _state(
        '{"type": "start", "time_control": "300+2"}',
        '{"type": "move", "at": 1, "by": "black", "move": "e7e5"}',
    )
    (rejected,) = rulings
    shown = ruling_json(rejected)  # type: ignore[arg-type]
    # The English is as it was; the code and its parameters are beside it.
    assert shown["reason"] == (
        "black does not have the move: a released piece cannot be moved again (1.3, 4.7)"
    )
    assert shown["i18n"]["reason"] == {
        "id": "{by} does not have the move: a released piece cannot be moved again (1.3, 4.7)",
        "params": {"by": {"id": "black", "params": {}}},
    }


def test_a_ruling_note_carries_its_words_and_a_plain_one_none() -> None:
    _, rulings = _state(
        '{"type": "start", "time_control": "300+2"}',
        '{"type": "pause", "at": 1, "by": "white"}',
    )
    shown = [ruling_json(r) for r in rulings]  # type: ignore[arg-type]
    (note,) = [s for s in shown if "note" in s]
    assert note["i18n"]["note"]["id"] == note["note"]
    _, rulings = _state('{"type": "start", "time_control": "300+2"}',
                              '{"type": "resign", "at": 1, "by": "white"}')  # fmt: skip
    assert all("i18n" not in ruling_json(r) for r in rulings)  # type: ignore[arg-type]


def test_a_refusal_of_the_server_carries_its_words() -> None:
    try:
        build_event("spectator", {"type": "resign"}, 0)
    except Refused as error:
        text = json.loads(refusal(None, None, said(error)))
    assert text["error"].startswith("spectators cannot act")
    assert text["i18n"]["error"]["id"] == text["error"]
    assert text["rulings"][0]["i18n"]["reason"]["id"] == text["error"]
    # A refusal of plain text (an error of another layer) has no code: shown as written.
    assert "i18n" not in json.loads(refusal(None, None, "plain"))


def test_the_time_control_in_words_is_a_tree_of_codes() -> None:
    (reading,) = read_spoken("40/90+30:30+30")
    body = reading.to_json()
    assert body["words"] == (
        "90 min for 40 moves + 30 s per move, then 30 min for the rest of the game + 30 s per move"
    )
    words = body["i18n"]["words"]
    assert words["id"] == "{first}, then {then}"
    assert words["params"]["first"]["id"] == "{period} + {increment} per move"
    assert words["params"]["first"]["params"]["increment"] == {
        "id": "{seconds} s",
        "params": {"seconds": 30},
    }


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "chesslaws", *args], capture_output=True,
                          text=True, env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
                          timeout=60, check=False)  # fmt: skip


def test_new_game_refused_in_the_language_of_the_command_line(tmp_path: Path) -> None:
    """``serve --new-game`` with a control that reads two ways: the error in Spanish, its words
    (the two readings) too."""
    answer = _cli("--lang", "es", "serve", "--port", "0", "--db", f"sqlite:///{tmp_path}/g.db",
                  "--new-game", "60+0")  # fmt: skip
    assert answer.returncode == 2
    assert answer.stderr.strip() == (
        "chesslaws: error: --new-game: '60+0' se lee de dos maneras: escriba 3600 (60 min para "
        "toda la partida) o 60 (1 min para toda la partida)"
    )


def test_serve_prints_its_links_in_the_language_of_the_command_line(tmp_path: Path) -> None:
    """``serve --new-game``: the game's reading in words and the seats' lines in Greek; the two
    lines programs read (``listening on``, ``organiser:``, docs/server.md) stay as they are."""
    command = [sys.executable, "-m", "chesslaws", "--lang", "el", "serve", "--host", "127.0.0.1",
               "--port", "0", "--db", f"sqlite:///{tmp_path}/g.db", "--new-game", "5+3",
               "--organiser-token", "organiser-of-this-test"]  # fmt: skip
    env = {"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline().rstrip("\n") for _ in range(7)]
    finally:
        server.terminate()
        server.wait(30)
        if server.stdout is not None:
            server.stdout.close()
    assert lines[0].startswith("listening on http://127.0.0.1:")
    assert lines[1].startswith("organiser: http://127.0.0.1:")
    assert lines[2].endswith(": 300+3 = 5 λεπ. για όλες τις κινήσεις + 3 δευτ. ανά κίνηση · μπλιτς")
    assert lines[2].startswith("παρτίδα ")
    assert [line.split(":", 1)[0] for line in lines[3:]] == [
        "  λευκά",
        "  μαύρα",
        "  διαιτητής",
        "  θέαση",
    ]


#: Two knights that can both go to d2 (core's ambiguous move, as the arbiter rejects it).
_KNIGHTS = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"


def test_the_arbiters_rejection_keeps_the_code_of_an_ambiguous_move() -> None:
    start = '{"type": "start", "time_control": "300+2", "fen": "' + _KNIGHTS + '"}'
    state, _ = step(GameState(), parse_event(start))
    move = '{"type": "move", "at": 1, "by": "white", "move": "Nd2"}'
    _state, rulings = step(state, parse_event(move))
    (rejected,) = [r for r in rulings if r.kind.value == "rejected"]
    shown = ruling_json(rejected)
    assert shown["reason"] == f"ambiguous move 'Nd2': ambiguous move: 'Nd2' in {_KNIGHTS}"
    error = shown["i18n"]["reason"]["params"]["error"]
    assert error["id"] == "{why}: {text} in {fen}"
    assert error["params"]["why"] == {"id": "ambiguous move", "params": {}}
