"""The syntax layer: tag pairs and movetext tokens (no legality involved)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chesslaws.pgn._movetext import GLYPHS, parse_movetext, parse_tag_line


def sans(text: str) -> list[str]:
    return parse_movetext(text)[0].sans


def test_move_numbers_glued_or_spaced_and_black_continuations() -> None:
    assert sans("1.Nf3 d5 2.g3 Bg4 3... Nd7 4. ... e5 12.Qe1 *") == [
        "Nf3",
        "d5",
        "g3",
        "Bg4",
        "Nd7",
        "e5",
        "Qe1",
    ]


def test_castling_with_zeros_and_letters_and_promotion_forms() -> None:
    assert sans("1. 0-0 0-0-0 2. O-O+ O-O-O# 3. e8Q exf8=N+ d1R *") == [
        "0-0",
        "0-0-0",
        "O-O+",
        "O-O-O#",
        "e8Q",
        "exf8=N+",
        "d1R",
    ]


def test_en_passant_suffix_is_not_a_move() -> None:
    assert sans("1. exd6 e.p. Qxd6 *") == ["exd6", "Qxd6"]


def test_uci_movetext() -> None:
    assert sans("g1f3 c7c5 e7e8q 1/2-1/2") == ["g1f3", "c7c5", "e7e8q"]


@pytest.mark.parametrize(
    ("text", "result"),
    [("1. e4 1-0", "1-0"), ("1. e4 0-1", "0-1"), ("e4 1/2-1/2", "1/2-1/2"), ("e4 *", "*")],
)
def test_results(text: str, result: str) -> None:
    draft, found, errors = parse_movetext(text)
    assert (draft.sans, found, errors) == (["e4"], result, [])


def test_half_glyph_result_is_a_draw() -> None:
    assert parse_movetext("1. e4 ½-½")[1] == "1/2-1/2"


def test_glyphs_and_nags_attach_to_their_move() -> None:
    draft, _, errors = parse_movetext("1. e4!? e5?? 2. Nf3! $14 Nc6 ± *")
    assert errors == []
    assert draft.nags == {0: (5,), 1: (4,), 2: (1, 14), 3: (16,)}
    assert GLYPHS["!?"] == 5


def test_comments_normalised_attached_and_joined() -> None:
    draft, _, errors = parse_movetext(
        "{before}\n1. e4 {a  b\n  c} e5 ; to end of line\n{second} 2. Nf3 {} *"
    )
    assert errors == []
    assert draft.comments == {-1: "before", 0: "a b c", 1: "to end of line second"}


def test_clock_comments_are_kept_verbatim() -> None:
    draft, _, _ = parse_movetext("1. e4 { [%clk 0:02:59] } e5 {[%clk 0:03:00.5] [%emt 0:00:01]} *")
    assert draft.comments == {0: "[%clk 0:02:59]", 1: "[%clk 0:03:00.5] [%emt 0:00:01]"}


def test_nested_variations() -> None:
    draft, result, errors = parse_movetext("1. e4 (1. d4 d5 (1... Nf6 2. c4)) (1. c4) e5 2. Nf3 *")
    assert (errors, result, draft.sans) == ([], "*", ["e4", "e5", "Nf3"])
    first, second = draft.variations[0]
    assert first.sans == ["d4", "d5"] and second.sans == ["c4"]
    assert first.variations[1][0].sans == ["Nf6", "c4"]


def reasons(text: str) -> list[str]:
    return [reason for _, _, reason in parse_movetext(text)[2]]


@pytest.mark.parametrize(
    ("text", "reason", "offset"),
    [
        ("1. e4 (1. d4 e5 *", "variation not closed with ')'", 6),
        ("1. e4 e5) *", "')' closes no variation", 8),
        ("1. e4 {never closed", "comment not closed with '}'", 6),
        ("1. e4 @ e5 *", "unexpected character", 6),
        ("1. e4 e5", "no result at the end of the game (truncated?)", 8),
        ("1. e4 e5 1-0 2. Nf3", "move after the result", 16),
        ("1. e4 -- e5 *", "null move: not a move", 6),
        ("(1. d4) 1. e4 *", "variation before any move", 0),
        ("1. e4 1-0 0-1", "second result", 10),
    ],
)
def test_syntax_errors_carry_offset_and_reason(text: str, reason: str, offset: int) -> None:
    errors = parse_movetext(text)[2]
    assert (offset, reason) in [(o, r) for o, _, r in errors]


def test_errors_do_not_stop_the_scan() -> None:
    draft, result, errors = parse_movetext("1. e4 @ e5 # 2. Nf3 *")
    assert draft.sans == ["e4", "e5", "Nf3"] and result == "*" and len(errors) == 2


def test_tag_lines() -> None:
    assert parse_tag_line('[Event "Wch \\"23\\" \\\\ x"]') == ([("Event", 'Wch "23" \\ x')], None)
    assert parse_tag_line('[White "A"] [Black "B"]') == ([("White", "A"), ("Black", "B")], None)
    assert parse_tag_line('[Event "no end') == ([], 0)
    assert parse_tag_line('[Round "1"] junk') == ([("Round", "1")], 12)


@given(st.text(max_size=200))
def test_any_text_parses_without_crashing(text: str) -> None:
    draft, result, errors = parse_movetext(text)
    assert result in ("", "1-0", "0-1", "1/2-1/2", "*")
    assert all(0 <= offset <= len(text) for offset, _, _ in errors)
    assert len(draft.sans) == len(draft.offsets)


def test_figurines_are_read_as_piece_letters() -> None:
    draft, result, errors = parse_movetext("1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 {♗ kept in comments} *")
    assert (draft.sans, result, errors) == (["e4", "e5", "♘f3", "♞c6", "♗b5"], "*", [])
    assert draft.comments[4] == "♗ kept in comments"
