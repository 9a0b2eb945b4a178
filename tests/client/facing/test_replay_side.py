"""The replay shows the board from the side of the local player who played the game
(the one human against the computer, this machine's seat in a LAN game), else from
Dark's; F turns it, and the moves are told again as read from the other side."""

from __future__ import annotations

import pygame

from isaac_game.client.scenes.replay import ReplayScene, replay_side
from isaac_game.rules import GameRecord, Player, new_game

from ..driver import key, run


def test_the_side_a_replay_shows_comes_from_the_records_headers():
    assert replay_side({"DarkPlayer": "hard", "LightPlayer": "human"}) == Player.LIGHT
    assert replay_side({"DarkPlayer": "human", "LightPlayer": "easy"}) == Player.DARK
    assert replay_side({"DarkPlayer": "human", "LightPlayer": "human"}) == Player.DARK
    lan = {"DarkPlayer": "human", "LightPlayer": "human", "LanSeat": "light"}
    assert replay_side(lan) == Player.LIGHT
    assert replay_side({}) == Player.DARK


def test_a_replay_faces_the_human_and_f_turns_it(app):
    state = new_game("hari").play("3h55").play("3h03").play("4h75").play("s03+1")
    headers = {"Dark": "Computer (easy)", "Light": "Human"}
    headers |= {"DarkPlayer": "easy", "LightPlayer": "human"}
    replay = app.open("replay", GameRecord(state, headers), "a game")
    assert isinstance(replay, ReplayScene)
    run(app, 1)
    board, layout = replay.board, replay.relayout(app.screen.get_size())
    assert board.facing == Player.LIGHT
    assert layout.panels[Player.LIGHT].right < board.rect.left
    assert "cell left" in replay.history.entries[-1].words.text
    key(app, pygame.K_END)
    key(app, pygame.K_f)
    layout = replay.relayout(app.screen.get_size())
    assert board.facing == Player.DARK and layout.panels[Player.DARK].right < board.rect.left
    assert "cell right" in replay.history.entries[-1].words.text
    assert replay.index == len(replay.states) - 1 and replay.state.moves == state.moves
    assert "cell right" in replay.bar_text()
