"""A LAN game's heading names the person the game waits for: "Bob's turn", never
"thinking...", and its move list, with no room left under the panel by the LAN boxes,
opens over the panel with L.

The client hosts on 127.0.0.1 from its menu; an in-process joiner "Bob" takes Light
and never moves. Network safety: conftest.py pins every client host to 127.0.0.1.
"""

from __future__ import annotations

import pygame

from isaac_game.client.scenes.match import MatchScene
from isaac_game.lan import LanSession
from isaac_game.match import HumanSeat
from isaac_game.rules import Player

from ..driver import click, key
from ..games.test_pacing_headings import headings
from ..kinds import is_lan_game
from .lanclient import pump
from .test_lan_games import host_from_the_menu


def test_the_peers_turn_is_named_and_the_list_opens_over_the_panel(app, monkeypatch):
    lobby = host_from_the_menu(app, "isaac")
    bob = LanSession.join("isaac", HumanSeat("Bob"), "127.0.0.1", lobby.port, name="Bob")
    bob.start()
    try:
        pump(app, lambda: is_lan_game(app.top), others=[bob])
        game = app.top
        assert isinstance(game, MatchScene)
        pump(app, lambda: game.human_to_move() == Player.DARK, others=[bob])
        assert headings(app, game, monkeypatch) == ["Dark: place a piece"]
        click(app, game.play.board.cell_center(45))
        pump(app, lambda: len(game.match.state.moves) == 1, others=[bob])
        assert game.bar.text == "Dark places the 6 on row 4, columns 2-8"
        assert headings(app, game, monkeypatch) == ["Bob's turn"]
        assert game.panel_info(Player.LIGHT).status != "thinking..."
        box = game.view.moves_box
        assert box.dock is None and not box.visible  # the chat and link boxes took it
        key(app, pygame.K_l)
        assert box.visible and game.view.relayout(app.screen.get_size()).panels[
            Player.LIGHT
        ].contains(box.rect)
        assert [row.index for row in box.rows(game.bar.history.entries)] == [0]
        key(app, pygame.K_l)
        assert not box.visible
    finally:
        bob.close()
