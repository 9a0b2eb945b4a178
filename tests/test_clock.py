"""Time controls and a game's two clocks (`isaac_game/clock.py`), driven exactly: the
clocks never read the time themselves."""

import pytest

from isaac_game.clock import (
    PRESETS,
    Clocks,
    TimeControl,
    TimeControlError,
    clock_note,
    clock_text,
    note_clocks,
)
from isaac_game.rules import Player


@pytest.mark.parametrize("text", ["5+3", "10+5", "20+10", "1+1", "0.5+0", "180+60"])
def test_a_time_control_reads_back_as_it_was_written(text):
    control = TimeControl.parse(text)
    assert control is not None and str(control) == text
    assert TimeControl.parse(str(control)) == control


def test_the_presets_and_no_clock():
    assert [str(p) for p in PRESETS] == ["5+3", "10+5", "20+10"]
    assert PRESETS[1] == TimeControl(600, 5)
    for none in ("", "none", "None", " off ", "-"):
        assert TimeControl.parse(none) is None
    assert TimeControl.parse(" 10 + 5 ") == TimeControl(600, 5)


@pytest.mark.parametrize("text", ["10", "ten+5", "10+", "+5", "0+5", "181+0", "10+61", "-1+2"])
def test_a_time_control_that_cannot_be_read_says_so(text):
    with pytest.raises(TimeControlError):
        TimeControl.parse(text)


def test_the_running_clock_loses_the_time_and_a_turn_earns_the_increment():
    clocks = Clocks(TimeControl(60, 2))
    clocks.run(Player.DARK)
    assert clocks.elapse(5.5) is None
    assert clocks.snapshot() == (54.5, 60.0)
    clocks.press(Player.DARK)
    assert clocks.left(Player.DARK) == 56.5 and clocks.running is None
    clocks.elapse(3.0)  # nobody's clock runs between turns
    clocks.run(Player.LIGHT)
    clocks.elapse(1.0)
    assert clocks.snapshot() == (56.5, 59.0)


def test_a_paused_clock_keeps_its_time():
    clocks = Clocks(TimeControl(60, 0))
    clocks.run(Player.LIGHT)
    clocks.paused = True
    clocks.elapse(30.0)
    assert clocks.left(Player.LIGHT) == 60.0
    clocks.paused = False
    clocks.elapse(1.0)
    assert clocks.left(Player.LIGHT) == 59.0


def test_time_out_is_kept_and_earns_nothing():
    clocks = Clocks(TimeControl(30, 5), {Player.DARK: 1.0, Player.LIGHT: 20.0})
    clocks.run(Player.DARK)
    assert clocks.elapse(0.6) is None
    assert clocks.elapse(0.6) == Player.DARK
    assert clocks.left(Player.DARK) == 0.0
    clocks.press(Player.DARK)  # a move after the flag fell gains no time
    assert clocks.left(Player.DARK) == 0.0 and clocks.flagged == Player.DARK
    clocks.run(Player.LIGHT)
    assert clocks.elapse(5.0) == Player.DARK  # the first to run out stays the one
    assert clocks.left(Player.LIGHT) == 20.0


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [
        (300, "5:00"),
        (298.7, "4:58"),
        (61, "1:01"),
        (10, "0:10"),
        (9.99, "9.9"),
        (0.04, "0.0"),
        (-3, "0.0"),
        (3723, "1:02:03"),
    ],
)
def test_a_clock_shows_minutes_and_tenths_under_ten_seconds(seconds, shown):
    assert clock_text(seconds) == shown


def test_a_moves_note_keeps_both_clocks_to_the_tenth():
    note = clock_note((298.27, 3723.0))
    assert note == "clock 4:58.2 62:03.0"
    assert note_clocks(note) == (298.2, 3723.0)
    assert note_clocks("clock 0:00.0 5:00.0") == (0.0, 300.0)
    assert note_clocks("Light answers on row 7") is None


def test_clocks_that_do_not_decide_stop_at_zero_and_wait_for_the_deciders_word():
    """A network game's clocks show the time; the host's clock decides (docs/protocol.md
    1.2): run out here, they wait at 0 and name nobody until `flag` says who."""
    clocks = Clocks(TimeControl(30, 5), {Player.DARK: 1.0, Player.LIGHT: 20.0}, decides=False)
    clocks.run(Player.DARK)
    assert clocks.elapse(5.0) is None and clocks.flagged is None
    assert clocks.left(Player.DARK) == 0.0 and clocks.running == Player.DARK
    clocks.set_left(Player.DARK, 2.5)  # the host's word: there was time left after all
    assert clocks.elapse(0.5) is None and clocks.left(Player.DARK) == 2.0
    clocks.flag(Player.DARK)
    assert clocks.flagged == Player.DARK and clocks.left(Player.DARK) == 0.0
    assert clocks.running is None
    clocks.flag(Player.LIGHT)  # the first to run out stays the one
    assert clocks.flagged == Player.DARK and clocks.left(Player.LIGHT) == 20.0
