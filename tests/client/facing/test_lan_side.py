"""Over the LAN each screen shows the board from its own player's side: the joiner
playing Light sees Light's side, its panel and chat on the left, and a click on a cell
of that turned board places there, on both sides of the link."""

from __future__ import annotations

import pytest

from isaac_game.client.widgets.hand_cursor import focus_for
from isaac_game.rules import Place, Player

from ..driver import click
from ..lan.lanclient import fast_lan, pump
from ..lan.test_lan_join import join_from_the_list, loopback_host
from .sides import on_screen

__all__ = ["fast_lan", "loopback_host"]


@pytest.mark.timeout(90)
@pytest.mark.usefixtures("fast_lan")
def test_the_joiner_playing_light_sees_lights_side(app, loopback_host):
    host = loopback_host
    game = join_from_the_list(app, host)
    assert game.control.session.you == Player.LIGHT
    pump(app, lambda: game.human_to_move() == Player.LIGHT, others=[host])
    board, layout = game.play.board, game.view.layout
    assert board.facing == Player.LIGHT
    assert layout.panels[Player.LIGHT].right < board.rect.left
    assert game.control.chat.rect.left < board.rect.left  # the chat stays on the left
    state = game.match.state
    move = next(
        m
        for m in state.legal_moves()
        if isinstance(m, Place) and m.direction == "h" and m.length == 7
    )
    focus = focus_for(move.cell, move.length, move.direction)
    click(app, on_screen(game, focus, Player.LIGHT))
    assert game.match.state.moves[len(state.moves)] == str(move)
    pump(app, lambda: len(host.state.moves) > len(state.moves), others=[host])
    assert host.state.moves[len(state.moves)] == str(move)
