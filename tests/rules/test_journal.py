"""The game journal (rules/journal.py): a game kept on disk move by move survives a kill
at any byte: it loads up to its last whole move, never half a move, never a traceback."""

from __future__ import annotations

import random

import pytest

from isaac_game.rules import (
    Journal,
    Player,
    RecordError,
    load_journal,
    new_game,
    parse_journal,
)


def played(game: str, plies: int, seed: int = 3):
    rng = random.Random(seed)
    state = new_game(game)
    states = [state]
    while len(state.moves) < plies and not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return states


@pytest.mark.parametrize("game", ["isaac", "foundations", "hari"])
def test_each_move_is_appended_and_the_file_always_loads(tmp_path, game):
    path = tmp_path / "g.isaac.txt"
    journal = Journal(path, {"Dark": "Ann", "Light": "Computer (hard)"})
    for state in played(game, 30):
        journal.keep(state)
        record = load_journal(path) if state.moves else None
        if record is not None:
            assert record.state.moves == state.moves
            assert record.headers["Dark"] == "Ann"


def whole_move_left(text: str, moves: tuple[str, ...], done: int) -> int:
    """1 when `text` ends with the next move whole but for its line break (a move like
    any other), else 0 (a torn piece of it, left out)."""
    return int(done < len(moves) and text.endswith("\n" + moves[done]))


def test_a_torn_journal_loads_up_to_its_last_whole_move(tmp_path):
    """Truncate at every byte (a kill mid-write can leave any prefix of the append)."""
    path = tmp_path / "g.isaac.txt"
    journal = Journal(path, {"Dark": "Ann"})
    states = played("isaac", 25, seed=8)
    for state in states:
        journal.keep(state)
    text = path.read_text()
    whole = text.index("\n\n") + 2  # where the moves begin
    final = states[-1].moves
    for cut in range(len(text) + 1):
        torn = text[:cut]
        if cut < text.index("Result:"):
            # torn in the headers: it may load as an empty game or say what is wrong
            try:
                assert parse_journal(torn).state.moves == ()
            except RecordError as error:
                assert "Game" in str(error)
            continue
        moves = parse_journal(torn).state.moves
        lines_done = torn[whole:].count("\n") if cut >= whole else 0
        assert moves == final[: lines_done + whole_move_left(torn, final, lines_done)], cut


def test_random_truncation_of_a_real_file(tmp_path):
    rng = random.Random(11)
    path = tmp_path / "g.isaac.txt"
    journal = Journal(path, {})
    states = played("hari", 8, seed=2)
    assert not states[-1].is_over  # a game under way: the file only grew by appends
    for state in states:
        journal.keep(state)
    data = path.read_bytes()
    for _ in range(50):
        cut = rng.randrange(data.index(b"\n\n") + 2, len(data) + 1)
        path.write_bytes(data[:cut])
        loaded = load_journal(path).state.moves
        assert states[-1].moves[: len(loaded)] == loaded
        whole_lines = data[data.index(b"\n\n") + 2 : cut].count(b"\n")
        last = whole_move_left(data[:cut].decode(), states[-1].moves, whole_lines)
        assert len(loaded) == whole_lines + last  # every whole move, and only those


def test_undo_and_the_end_rewrite_the_file_whole(tmp_path):
    path = tmp_path / "g.isaac.txt"
    journal = Journal(path, {})
    states = played("foundations", 500, seed=5)
    for state in states[:10]:
        journal.keep(state)
    journal.keep(states[6])  # an undo of three moves
    assert load_journal(path).state.moves == states[6].moves
    for state in states[7:]:
        journal.keep(state)
    record = load_journal(path)
    assert record.state.is_over and record.headers["Result"] != "*"


def test_a_resignation_rewrites_the_file_whole_and_it_reads_as_finished(tmp_path):
    path = tmp_path / "g.isaac.txt"
    journal = Journal(path, {"Lan": "host"})
    states = played("isaac", 12)
    for state in states:
        journal.keep(state)
    journal.headers["Result"] = "dark resigns, light wins"
    journal.keep(states[-1])
    record = load_journal(path)
    assert record.state.moves == states[-1].moves and not record.state.is_over
    assert record.finished and record.winner == Player.LIGHT
    resumed, _record = Journal.resume(path)
    resumed.keep(states[-1])  # a finished file is written whole, never appended to
    assert load_journal(path).headers["Result"] == "dark resigns, light wins"


def test_a_move_that_is_not_torn_but_wrong_is_still_an_error(tmp_path):
    path = tmp_path / "g.isaac.txt"
    path.write_text("Game: isaac\nResult: *\n\n5v04\nnonsense\n")
    with pytest.raises(RecordError, match="line 5"):
        load_journal(path)


def test_each_move_keeps_its_note_appended_and_rewritten_rules_5(tmp_path):
    """docs/rules.md 5: the time left after each move is kept with the move, as a
    comment, through appends, a whole rewrite and a load."""
    path = tmp_path / "clocked.isaac"
    journal = Journal(path, {"Clock": "5+3"})
    state = new_game("isaac").play("5v04")
    notes = {0: "clock 4:58.2 5:00.0"}
    journal.keep(state, notes)
    state = state.play("3h71")
    notes[1] = "clock 4:58.2 4:51.5"
    journal.keep(state, notes)  # appended
    assert path.read_text().splitlines()[-2:] == [
        "5v04    # clock 4:58.2 5:00.0",
        "3h71    # clock 4:58.2 4:51.5",
    ]
    loaded = load_journal(path)
    assert loaded.notes == notes and loaded.state.moves == ("5v04", "3h71")
    journal.headers["Result"] = "light ran out of time, dark wins"
    journal.keep(state, notes)  # the end: written whole, the notes kept
    again = load_journal(path)
    assert again.notes == notes and again.headers["Result"] == "light ran out of time, dark wins"
    assert again.finished and again.winner == Player.DARK
