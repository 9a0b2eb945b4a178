"""A saved game's headers, read in one place (`rules.headers`): today's keys, the
labels older saves wrote, and the questions the program asks of them."""

from __future__ import annotations

import pytest

from isaac_game.rules import HUMAN, Headers, Key, Player, kind_key, label_key, seat_headers, yes

DARK, LIGHT = Player.DARK, Player.LIGHT


def test_a_seat_is_written_as_a_label_for_people_and_a_kind_for_the_program():
    written = {
        **seat_headers(DARK, "Human", HUMAN),
        **seat_headers(LIGHT, "Level 9 (Hard)", "hard"),
    }
    assert written == {"Dark": "Human", "DarkPlayer": "human", "Light": "Level 9 (Hard)",
                       "LightPlayer": "hard"}  # fmt: skip
    read = Headers(written)
    assert (read.kind(DARK), read.kind(LIGHT)) == (HUMAN, "hard")
    assert read.computer_level(LIGHT) == "hard" and read.computer_level(DARK) is None
    assert read.local_players() == (DARK,)


@pytest.mark.parametrize(
    "label, kind",
    [
        ("Computer (easy)", "easy"),  # the first saves, before the kind was kept
        ("Computer (level2)", "level2"),  # a ladder step, labelled the same way
        ("Computer (Hard)", "hard"),
        ("Human", HUMAN),
        ("Ada", HUMAN),  # a person's name
        ("Bob (LAN)", HUMAN),  # a LAN player's label
        ("", HUMAN),
    ],
)
def test_an_older_saves_label_is_read_for_its_kind(label, kind):
    assert Headers({label_key(DARK): label}).kind(DARK) == kind


def test_the_kind_kept_wins_over_the_label_and_a_lan_label_loses_its_suffix():
    read = Headers({"Dark": "Computer (easy)", kind_key(DARK): "hard", "Light": "Bob (LAN)"})
    assert read.kind(DARK) == "hard"
    assert read.name(LIGHT) == "Bob" and read.label(LIGHT) == "Bob (LAN)"


def test_who_played_on_this_machine():
    """A LAN game's own seat; else the seats a person sat at: both in a hotseat game,
    none between two computers."""
    lan = Headers({"Dark": "Ann (LAN)", "Light": "Bob (LAN)", Key.LAN_SEAT: "light"})
    assert lan.local_players() == (LIGHT,) and lan.lan_seat == LIGHT
    hotseat = Headers({**seat_headers(DARK, "Human", HUMAN), **seat_headers(LIGHT, "Human", HUMAN)})
    assert hotseat.local_players() == (DARK, LIGHT)
    computers = Headers({"Dark": "Computer (easy)", "Light": "Computer (hard)"})
    assert computers.local_players() == ()


@pytest.mark.parametrize("said", ["yes", "Yes", "true", "1", "on"])
def test_a_header_says_yes_as_it_is_written_or_as_a_hand_edit_may(said):
    assert Headers({Key.COACHED: said, Key.TAKEN_BACK: said}).coached
    assert Headers({Key.TAKEN_BACK: said}).taken_back
    assert not Headers({Key.COACHED: "no"}).coached
    assert yes(Key.COACHED) == {"Coached": "yes"}


@pytest.mark.parametrize(
    "result, winner, outcome",
    [
        ("dark 104 - light 57, dark wins", DARK, "dark wins"),
        ("light resigns, dark wins", DARK, "dark wins"),
        ("dark 50 - light 50, draw", None, "draw"),
        ("*", None, ""),
        ("", None, ""),
    ],
)
def test_the_result_says_who_won(result, winner, outcome):
    read = Headers({Key.RESULT: result})
    assert (read.winner, read.outcome) == (winner, outcome)
