"""Issue 31: ``chesslaws arbitrate`` reads a move or a claim's intended move written with the
piece letters of the player's language (C.3), given as ``lang``; the rulings are those of the
same game written in English, and a letter foreign to the language is refused, never guessed."""

from __future__ import annotations

import io
import json

from chesslaws.arbiter import parse_event
from chesslaws.cli._cmd_arbitrate import arbitrate
from tests.arbiter._log import moves, to_jsonl

#: B31 of the scenarios: a knight dance, a claim of threefold repetition with the intended move.
DANCE = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1"
CLAIM = '{"type": "claim", "at": 20, "by": "black", "kind": "threefold", "move": "Ng8"}'
#: Each language's letters for the knight (C.3).
KNIGHTS = {"es": "C", "el": "Ι", "de": "S", "figurine": "♘"}


def _national(lines: list[str], lang: str) -> list[str]:
    """The log with every move (and the claim's move) in the letters of ``lang``."""
    out = []
    for line in lines:
        event = json.loads(line)
        if event.get("type") in ("move", "claim") and event.get("move"):
            event["move"] = event["move"].replace("N", KNIGHTS[lang])
            event["lang"] = lang
        out.append(json.dumps(event, ensure_ascii=False))
    return out


def _rulings(lines: list[str]) -> list[dict[str, object]]:
    out = io.StringIO()
    arbitrate(lines, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_a_game_written_in_national_letters_is_ruled_as_in_english() -> None:
    english = [*to_jsonl(f'start {{"time_control": "5400+30"}}\n{moves(DANCE)}'), CLAIM]
    ruled = _rulings(english)
    assert ruled[-1]["reason"] == "threefold" and ruled[-1]["result"] == "1/2-1/2"
    for lang in KNIGHTS:
        national = _national(english, lang)
        assert any(KNIGHTS[lang] + "f3" in line for line in national)
        assert _rulings(national) == ruled, lang


def test_an_intended_move_in_greek_letters_is_the_english_move() -> None:
    claim = parse_event(
        '{"type": "claim", "at": 3, "by": "black", "kind": "threefold", "move": "Ιg8", '
        '"lang": "el"}'
    )
    assert claim.to_json()["move"] == "Ng8"  # the log keeps English letters (C.2)


def test_a_letter_foreign_to_the_language_is_refused_naming_its_readers() -> None:
    line = '{"type": "move", "at": 1, "by": "white", "move": "Nf3", "lang": "es"}'
    start = '{"type": "start", "time_control": "60"}'
    [ruling] = _rulings([start, line])
    assert ruling["ruling"] == "rejected" and ruling["event"] == 1
    assert "'N' in 'Nf3' is no piece letter in Spanish: it is the knight in English" in str(
        ruling["reason"]
    )
    # Spanish R is the king: a rook's move written with it is a king's move, and illegal here.
    rook = '{"type": "move", "at": 1, "by": "white", "move": "Rf1", "lang": "es"}'
    assert parse_event(rook).to_json()["move"] == "Kf1"
