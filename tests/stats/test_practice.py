"""Your positions to practise: the spaced-repetition schedule, day by day (the dates
are handed in, never waited for)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from isaac_game.stats import open_stats
from isaac_game.stats.practice import (
    Blunder,
    add_blunders,
    add_position,
    count_due,
    due,
    position,
    record_try,
    solves,
)

DAY = date(2026, 3, 1)


@pytest.fixture
def stats(tmp_path):
    opened = open_stats(tmp_path / "record.sqlite3")
    yield opened
    opened.close()


def keep(stats, moves=("a", "b"), when=DAY) -> int:
    add_position(stats, "isaac", moves, Blunder(len(moves), "light", "x", "y", 0.4), None, when)
    return stats.query("SELECT id FROM positions WHERE moves = ?", (" ".join(moves),))[0]["id"]


def test_solved_comes_back_after_1_3_7_then_21_days_and_missed_the_next_day(stats):
    pid = keep(stats)
    assert [p.id for p in due(stats, DAY)] == [pid]
    day = DAY
    expected = [(True, 1), (True, 3), (False, 1), (True, 1), (True, 3), (True, 7), (True, 21)]
    expected += [(True, 21)]
    for solved, days in expected:
        assert count_due(stats, day) == 1
        assert record_try(stats, pid, solved, day) == day + timedelta(days=days)
        assert count_due(stats, day) == 0  # done for today
        assert count_due(stats, day + timedelta(days=days - 1)) == 0
        day += timedelta(days=days)
    assert position(stats, pid).step == 5  # solved five times since the miss


def test_due_counts_every_position_waiting_the_longest_first(stats):
    first = keep(stats, ("a",), DAY)
    later = keep(stats, ("a", "b"), DAY + timedelta(days=2))
    assert count_due(stats, DAY - timedelta(days=1)) == 0
    assert count_due(stats, DAY) == 1
    assert [p.id for p in due(stats, DAY + timedelta(days=5))] == [first, later]
    record_try(stats, first, True, DAY + timedelta(days=5))
    assert [p.id for p in due(stats, DAY + timedelta(days=5))] == [later]
    assert count_due(stats, DAY + timedelta(days=6)) == 2


def test_only_the_local_players_blunders_are_kept_once(stats):
    blunders = [
        Blunder(1, "light", "x02-39", "x02-36", 0.9),
        Blunder(2, "dark", "x03-11", "x04-11", 0.8),  # the computer's
        Blunder(3, "light", "x05-11", "x06-11", 0.2),  # a mistake, not a blunder
    ]
    moves = ("m1", "m2", "m3", "m4")
    assert add_blunders(stats, "isaac", moves, blunders, ["light"], "a.isaac.txt", DAY) == 1
    assert add_blunders(stats, "isaac", moves, blunders, ["light"], "a.isaac.txt", DAY) == 0
    (kept,) = due(stats, DAY)
    assert (kept.moves, kept.player, kept.best, kept.played) == (
        ("m1",),
        "light",
        "x02-36",
        "x02-39",
    )
    assert kept.loss == pytest.approx(0.9) and kept.added_on == DAY and kept.source == "a.isaac.txt"


def test_a_move_within_5_percent_of_hards_solves():
    assert solves("x02-36", "x02-36", 0.3)  # Hard's own move, whatever the noise says
    assert solves("x02-36", "x02-35", 0.049)
    assert not solves("x02-36", "x02-39", 0.05)
    assert not solves("x02-36", "x02-35", 0.0, played="x02-35")  # never the blunder itself
