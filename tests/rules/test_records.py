"""Saved games: header lines, one move per line, `#` comments; strict loading."""

from __future__ import annotations

import pickle

import pytest

from isaac_game.rules import (
    Loss,
    OffBoard,
    Player,
    RecordError,
    load_record,
    new_game,
    parse_record,
    record_text,
    result_text,
    save_record,
)

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
        (GOLDEN.replace("Result: *", "Result: dark resigns, dark wins"), "line 6"),
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


def test_a_resigned_game_says_so_and_is_finished_though_its_moves_are_not(tmp_path):
    """A LAN game ends when a side resigns: its Result says who, its moves stop where
    the game stopped, and it loads as finished, won by the other side."""
    record = parse_record(GOLDEN.replace("Result: *", "Result: light resigns, dark wins"))
    assert not record.state.is_over
    assert record.resigned == Player.LIGHT and record.finished and record.winner == Player.DARK
    path = tmp_path / "resigned.isaac"
    save_record(path, record.state, record.headers)  # the resignation is written back
    again = load_record(path)
    assert again.headers["Result"] == "light resigns, dark wins" and again.finished
    assert not parse_record(GOLDEN).finished and parse_record(GOLDEN).winner is None


@pytest.mark.parametrize(
    ("game", "claimed"),
    [("foundations", "dark resigns, light wins"), ("hari", "light ran out of time, dark wins")],
)
def test_a_played_out_game_cannot_claim_a_resignation_or_a_time_out(game, claimed):
    """docs/rules.md 5 too: a loss off the board is for a game the moves left unfinished."""
    state = new_game(game)
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    text = record_text(state).replace(result_text(state), claimed)
    with pytest.raises(RecordError, match=f"the result says '{claimed}'"):
        parse_record(text)
    # and such a loss given to a finished game's record is not written: the moves decide
    assert claimed not in record_text(state, {"Result": claimed})


def test_a_load_failure_carries_its_reason_and_its_file_apart(tmp_path):
    """A screen shows why a save cannot be loaded in its own words: the reason and the
    file are fields of the error, never cut out of its message."""
    path = tmp_path / "broken.isaac.txt"
    path.write_text("Game: isaac\n\n7v03\nzz99\n", encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    error = caught.value
    assert error.file == "broken.isaac.txt" and error.reason.startswith("line 4: ")
    assert str(error) == f"broken.isaac.txt: {error.reason}"
    assert pickle.loads(pickle.dumps(error)).reason == error.reason


def test_a_game_lost_on_time_says_so_and_is_finished_rules_5():
    """docs/rules.md 5: a side whose time runs out loses, whatever the position; the
    Result says so and the moves stop where the game stopped."""
    record = parse_record(GOLDEN.replace("Result: *", "Result: dark ran out of time, light wins"))
    assert not record.state.is_over and record.finished
    assert record.lost == Loss(Player.DARK, OffBoard.TIME)
    assert record.winner == Player.LIGHT and record.resigned is None
    assert record_text(record.state, record.headers).count("dark ran out of time, light wins") == 1
    with pytest.raises(RecordError, match="line 6"):
        parse_record(GOLDEN.replace("Result: *", "Result: dark ran out of time, dark wins"))
