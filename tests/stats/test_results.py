"""The stats ("Your record"): finished games counted exactly (coached apart, unfinished
not at all, draws, the streak, the last 20), read from what the saves say, rebuilt from
a folder of saves to the same tables, and whole after a kill -9 in the middle of a
write."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from isaac_game import userdirs
from isaac_game.commands import cli
from isaac_game.players import same_opponent
from isaac_game.rules import GameRecord, Player, load_journal, new_game, save_record
from isaac_game.stats import open_stats
from isaac_game.stats.results import (
    GameResult,
    Mistakes,
    Seat,
    mark_analysed,
    rebuild,
    result_of,
    write,
    write_game,
)
from isaac_game.stats.tables import COMPUTER, HOTSEAT, LAN, Opponent, lines, text_table

YOU, HARD, EASY = Seat("human", "Human"), Seat("hard", "hard"), Seat("easy", "easy")
D, L, DRAW = Player.DARK, Player.LIGHT, None


def result(n: int, winner, light=HARD, coached=False, taken_back=False, you=D, dark=YOU):
    return GameResult(
        f"/saves/{n:04d}.isaac.txt",
        "isaac",
        "2026-11-01",
        dark,
        light,
        you,
        winner,
        10,
        8,
        coached=coached,
        taken_back=taken_back,
    )


@pytest.fixture
def stats(tmp_path):
    return open_stats(tmp_path / "record.sqlite3")


def finished(seed: int, game: str = "isaac"):
    """A finished random game (seeded)."""
    rng = random.Random(seed)
    state = new_game(game)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def test_the_counts_are_exact_with_coached_games_apart(stats):
    # 25 games against hard, oldest first: W W W L = L L, then 18 W; one coached, one undone
    outcomes = [D] * 3 + [L, DRAW, L, L] + [D] * 18
    for n, winner in enumerate(outcomes):
        write(stats, result(n, winner))
    write(stats, result(100, L, coached=True))
    write(stats, result(101, D, taken_back=True))
    write(stats, result(102, D, light=EASY))
    found = lines(stats, "isaac")
    assert [(line.opponent, line.coached) for line in found] == [
        (Opponent(COMPUTER, "easy"), False),
        (Opponent(COMPUTER, "hard"), False),
        (Opponent(COMPUTER, "hard"), True),
    ]
    easy, hard, coached = found
    assert (hard.played, hard.won, hard.lost, hard.drawn) == (25, 21, 3, 1)
    assert hard.streak == ("W", 18)
    assert hard.last == ("L", "L") + ("W",) * 18  # the last 20, oldest first
    assert (coached.played, coached.won, coached.lost, coached.drawn) == (2, 1, 1, 0)
    assert (easy.played, easy.won, easy.streak) == (1, 1, ("W", 1))
    assert lines(stats, "hari") == []


def test_one_step_saved_under_its_two_names_is_one_opponent(stats):
    """ISAAC's step 3 is Easy: games saved against `level3` and against `easy` are
    counted as one opponent, in order, when the caller names kinds by the ladder."""
    write(stats, result(1, D, light=EASY))
    write(stats, result(2, L, light=Seat("level3", "level3")))
    write(stats, result(3, D, light=Seat("level9", "level9")))  # Hard's step
    assert len(lines(stats, "isaac")) == 3  # as saved, three names
    easy, hard = lines(stats, "isaac", same_opponent)
    assert easy.opponent == Opponent(COMPUTER, "easy") and hard.opponent.name == "hard"
    assert (easy.played, easy.won, easy.last) == (2, 1, ("W", "L"))


def test_a_draw_ends_a_streak_and_the_hotseat_counts_dark_and_light(stats):
    for n, winner in enumerate([D, D, DRAW, DRAW]):
        write(stats, result(n, winner, light=YOU, you=None))
    for n, winner in enumerate([L, L, D]):
        write(stats, result(10 + n, winner, light=YOU, you=L, dark=Seat("lan", "Bob")))
    bob, hotseat = lines(stats)
    assert bob.opponent == Opponent(LAN, "Bob")
    assert (bob.played, bob.won, bob.lost, bob.streak) == (3, 2, 1, ("L", 1))
    assert hotseat.opponent == Opponent(HOTSEAT)
    assert (hotseat.played, hotseat.won, hotseat.lost, hotseat.drawn) == (4, 2, 0, 2)
    assert hotseat.streak == ("=", 2)
    assert hotseat.last == ("D", "D", "=", "=")


def test_unfinished_games_and_games_nobody_played_are_not_written(stats, tmp_path):
    state = new_game("isaac").play(new_game("isaac").legal_moves()[0])
    headers = {"DarkPlayer": "human", "LightPlayer": "hard"}
    assert not write_game(stats, tmp_path / "a.isaac.txt", GameRecord(state, headers))
    machines = {"DarkPlayer": "easy", "LightPlayer": "hard"}
    assert not write_game(stats, tmp_path / "b.isaac.txt", GameRecord(finished(1), machines))
    assert stats.query("SELECT COUNT(*) FROM games")[0][0] == 0


def test_a_resigned_lan_game_counts_for_the_side_that_did_not_resign(stats, tmp_path):
    """A LAN game ends when a side resigns: its moves leave it unfinished, its Result
    says who resigned (rules/records.py), and the stats count it."""
    rng = random.Random(5)
    state = new_game("isaac")
    for _ in range(8):
        state = state.play(rng.choice(state.legal_moves()))
    lan = {"Dark": "Ann (LAN)", "Light": "Bob (LAN)", "LanSeat": "dark", "LanPeer": "Bob"}
    lan |= {"DarkPlayer": "human", "LightPlayer": "human", "Result": "light resigns, dark wins"}
    path = tmp_path / "resigned.isaac.txt"
    save_record(path, state, lan)
    assert write_game(stats, path, load_journal(path))
    (line,) = lines(stats, "isaac")
    assert (line.opponent, line.played, line.won) == (Opponent(LAN, "Bob"), 1, 1)


def test_a_game_lost_on_time_counts_for_the_side_whose_clock_held(stats, tmp_path):
    """docs/rules.md 5: a game lost on time stops unfinished on the board; its Result says
    who ran out, and the stats count it as the other side's win."""
    state = new_game("hari")
    for _ in range(6):
        state = state.play(state.legal_moves()[0])
    headers = {"DarkPlayer": "human", "LightPlayer": "hard", "Clock": "1+1"}
    headers |= {"Result": "dark ran out of time, light wins"}
    path = tmp_path / "on-time.hari.txt"
    save_record(path, state, headers)
    assert write_game(stats, path, load_journal(path))
    (line,) = lines(stats, "hari")
    assert (line.played, line.won) == (1, 0)


def test_a_result_is_read_from_the_save_headers(tmp_path):
    final = finished(2)
    lan = {"Dark": "Ann (LAN)", "Light": "Bob (LAN)", "LanSeat": "light", "LanPeer": "Ann"}
    lan |= {"DarkPlayer": "human", "LightPlayer": "human", "Date": "2026-10-09"}
    got = result_of(tmp_path / "x.isaac.txt", GameRecord(final, lan))
    assert got is not None
    assert (got.you, got.dark, got.light) == (L, Seat("lan", "Ann"), Seat("human", "Bob"))
    assert got.played_on == "2026-10-09" and got.winner == final.winner
    older = {"Dark": "Computer (medium)", "Light": "Human", "Coached": "yes"}
    got = result_of(tmp_path / "y.isaac.txt", GameRecord(final, older))
    assert got is not None and got.coached and not got.taken_back
    assert (got.you, got.dark.kind) == (L, "medium")
    assert (got.dark_score, got.light_score) == tuple(final.scores)


def test_writing_a_save_again_replaces_it_and_keeps_its_mistakes(stats):
    write(stats, result(1, D))
    assert mark_analysed(stats, "/saves/0001.isaac.txt", Mistakes(1, 2, 3, 4))
    write(stats, result(1, L))  # the same save, written again
    (row,) = stats.query("SELECT winner, analysed, light_blunders FROM games")
    assert tuple(row) == ("light", 1, 4)


def write_saves(folder: Path) -> list[Path]:
    """A folder of saves: finished games of every game against levels, a LAN game, a
    hotseat, coached ones, an unfinished one and one that does not load."""
    folder.mkdir(parents=True)
    kinds = [("human", "hard"), ("easy", "hard"), ("human", "human"), ("human", "medium")]
    paths = []
    for i in range(12):
        game = ("isaac", "foundations", "hari")[i % 3]
        dark, light = kinds[i % 4]
        headers = {"Date": f"2026-11-{1 + i // 2:02d}", "DarkPlayer": dark, "LightPlayer": light}
        if i == 4:
            headers["Coached"] = "yes"
        if i == 7:
            headers |= {"LanSeat": "dark", "LanPeer": "Bob", "Dark": "Ann (LAN)"}
        path = folder / f"2026-11-{1 + i // 2:02d}_10-00-{i:02d}.isaac.txt"
        save_record(path, finished(i, game), headers)
        paths.append(path)
    unfinished = new_game("hari").play(new_game("hari").legal_moves()[0])
    save_record(folder / "2026-11-30_00-00-00.isaac.txt", unfinished, {"DarkPlayer": "human"})
    (folder / "2026-11-30_00-00-01.isaac.txt").write_text("Game: isaac\nResult: *\n\nnonsense\n")
    return paths


def test_rebuild_from_the_saves_gives_the_same_tables(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ISAAC_GAME_HOME", str(tmp_path / "home"))
    folder = userdirs.data_dir() / "saves"
    paths = write_saves(folder)
    one_by_one = open_stats(tmp_path / "one.sqlite3")
    for path in reversed(paths):  # in any order: the tables read them by date
        write_game(one_by_one, path, load_journal(path))
    expected = lines(one_by_one)
    assert sum(line.played for line in expected) == 12 - 3  # the computers' game is nobody's
    assert any(line.coached for line in expected)
    rebuilt = open_stats(tmp_path / "rebuilt.sqlite3")
    write(rebuilt, result(999, D))  # a stale row: gone after the rebuild
    done = rebuild(rebuilt, folder)
    assert (done.written, done.skipped, len(done.unreadable)) == (9, 4, 1)
    assert lines(rebuilt) == expected
    # and from the command line, into the stats of the data folder
    assert cli.main(["record", "--rebuild"]) == 0
    out = capsys.readouterr().out
    assert out.endswith(text_table(expected))
    assert "9 finished games recorded" in out
    assert cli.main(["record", "--game", "hari"]) == 0
    assert capsys.readouterr().out == text_table(lines(one_by_one, "hari"))


WRITER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from isaac_game.stats import open_stats
    from isaac_game.stats.results import GameResult, Mistakes, Seat, mark_analysed, _UPSERT, _row
    from isaac_game.rules import Player

    stats = open_stats(Path(sys.argv[1]))
    n = 0
    while True:
        n += 1
        path = f"/saves/{n:06d}.isaac.txt"
        game = GameResult(path, "isaac", "2026-11-01", Seat("human", "Human"),
                          Seat("hard", "hard"), Player.DARK, Player.DARK, 10, 8,
                          mistakes=Mistakes(1, 1, 1, 1))
        with stats.transaction() as connection:
            connection.execute(_UPSERT, _row(game))
            print("in", n, flush=True)
            time.sleep(0.02)  # the kill lands here: half a game written
            connection.execute(
                "UPDATE games SET dark_blunders = 7, light_blunders = 7 WHERE save_path = ?",
                (path,),
            )
        print("committed", n, flush=True)
    """
)


def test_a_kill_during_a_write_leaves_only_whole_games(tmp_path):
    path = tmp_path / "record.sqlite3"
    open_stats(path).close()
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True, env=env
    )
    committed = 0
    try:
        assert child.stdout is not None
        for text in child.stdout:
            word, number = text.split()
            if word == "committed":
                committed = int(number)
            elif committed >= 5:  # inside the next transaction: kill it there
                os.kill(child.pid, signal.SIGKILL)
                break
    finally:
        child.kill()
        child.wait()
    assert child.returncode == -signal.SIGKILL
    stats = open_stats(path)
    assert stats.trouble is None
    assert stats.query("PRAGMA integrity_check")[0][0] == "ok"
    rows = stats.query("SELECT dark_blunders, light_blunders FROM games")
    assert len(rows) == committed
    assert all(tuple(row) == (7, 7) for row in rows)  # never half a game


def test_an_analysis_done_gives_the_stats_their_mistake_counts(stats):
    """The Review's or the report's analysis, once done, marks the written game as
    analysed with each side's mistakes and blunders, by the analysis's own marks."""
    from isaac_game.ai.analysis import MoveReview
    from isaac_game.client.learn.practice import keep_mistakes

    write(stats, result(1, D))
    reviews = [
        MoveReview(0, D, "a", "a", 0.6, 0.6),  # Hard's own move
        MoveReview(1, L, "b", "c", 0.5, 0.38),  # 12% away: a mistake
        MoveReview(2, D, "d", "e", 0.7, 0.3),  # 40% away: a blunder
        MoveReview(3, L, "f", "g", 0.6, 0.2),  # a blunder
        MoveReview(4, L, "h", "i", 0.5, 0.45),  # 5%: nothing
    ]
    assert keep_mistakes(stats, reviews, Path("/saves/0001.isaac.txt"))
    (row,) = stats.query(
        "SELECT analysed, dark_mistakes, dark_blunders, light_mistakes, light_blunders FROM games"
    )
    assert tuple(row) == (1, 0, 1, 1, 1)
    assert not keep_mistakes(stats, reviews, Path("/saves/unrecorded.isaac.txt"))
