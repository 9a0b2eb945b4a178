"""Saved games: header lines, one move per line, `#` comments; strict loading."""

from __future__ import annotations

import pytest

from isaac_game.rules import RecordError, load_record, new_game, parse_record, save_record

GOLDEN = """\
# ISAAC game record
Game: isaac
Date: 2026-11-21
Dark: Ada
Light: Grace
Result: *

5v04
3h71   # Light answers on row 7
# a whole-line comment
7h50
"""


def test_a_record_with_comments_loads():
    record = parse_record(GOLDEN)
    assert record.state.moves == ("5v04", "3h71", "7h50")
    assert record.headers["Dark"] == "Ada"


def test_save_and_load_round_trip(tmp_path):
    state = new_game().play("5v04").play("3h71")
    path = tmp_path / "saves" / "game.isaac"
    save_record(path, state, {"Dark": "Ada", "Light": "Grace", "Date": "2026-11-21"})
    loaded = load_record(path)
    assert loaded.state == state
    save_record(tmp_path / "again.isaac", loaded.state, loaded.headers)
    assert (tmp_path / "again.isaac").read_text() == path.read_text()


@pytest.mark.parametrize(
    "text, message",
    [
        (GOLDEN.replace("3h71", "3h09"), "line 9: 3h09: the piece would leave the board"),
        (GOLDEN.replace("7h50", "bogus"), "line 11: 'bogus' is not a move"),
        (GOLDEN.replace("Game: isaac", "Game: chess"), "unknown game 'chess'"),
        (GOLDEN.replace("Game: isaac\n", ""), "no 'Game:' header"),
        (GOLDEN.replace("Result: *", "Result: dark 100 - light 0, dark wins"), "line 6"),
        (GOLDEN.replace("Dark: Ada", "Dark: Ada\nDark: Eve"), "header Dark given twice"),
    ],
)
def test_corrupt_records_name_the_line(text, message):
    with pytest.raises(RecordError, match=message):
        parse_record(text)


def test_load_never_half_loads(tmp_path):
    path = tmp_path / "bad.isaac"
    path.write_bytes(b"\xff\xfe garbage")
    with pytest.raises(RecordError, match="not a UTF-8 text file"):
        load_record(path)
    with pytest.raises(RecordError, match="cannot be read"):
        load_record(tmp_path / "missing.isaac")
    huge = tmp_path / "huge.isaac"
    huge.write_text("Game: isaac\n" + "# padding\n" * 200_000)
    with pytest.raises(RecordError, match="far too large"):
        load_record(huge)


def test_names_cannot_break_the_format(tmp_path):
    state = new_game().play("5v04")
    path = tmp_path / "g.isaac"
    save_record(path, state, {"Dark": "Evil\nResult: forged", "Light": "Bob # not a comment"})
    loaded = load_record(path)
    assert loaded.headers["Dark"] == "Evil Result: forged"
    assert loaded.headers["Light"] == "Bob # not a comment"
    assert loaded.state == state
