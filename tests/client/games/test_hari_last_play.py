"""HARI: picking a piece whose play would give up shorter pieces says so on the bar, in
numbers the rules make true (docs/rules.md 3.4: plays never get shorter). The 6 (7
cells) picked first is the player's last play: after it they can only pass. Driven
with real events in a real HARI match: a number key, a click on the hand, Tab."""

from __future__ import annotations

import pygame

from isaac_game.client.games.hari.words import cost_of_playing
from isaac_game.client.handoff import GameSetup
from isaac_game.client.states import start
from isaac_game.client.widgets.hand_cursor import focus_for
from isaac_game.rules import Discard, HariState, Pass, Player

from ..driver import click, frames_until, key, run

LAST_PLAY = (
    "Playing the 6 (7 cells) now is your last play: after it you can only pass, and "
    "your 14 shorter pieces stay in hand."
)


def open_hari(app):
    game = app.open("match", GameSetup("hari", "human", "human"))
    run(app, 2)
    return game


def plays_left(state: HariState, player: Player) -> int:
    """How many more plays `player` makes, both sides discarding their shortest piece
    each turn until the game ends: what the rules let happen, counted."""
    made = 0
    while not state.is_over:
        mover = state.to_move
        plays = sorted(
            (m for m in state.legal_moves() if isinstance(m, Discard)), key=lambda m: m.length
        )
        move = plays[0] if plays else Pass()
        made += mover == player and isinstance(move, Discard)
        state = state.play(move)
    return made


def test_the_6_picked_first_is_told_as_the_last_play_and_it_is(app):
    game = open_hari(app)
    key(app, pygame.K_1)  # the 1 (3 cells) gives nothing up: nothing said
    assert "Playing" not in game.bar.text
    key(app, pygame.K_6)
    assert game.bar.text == LAST_PLAY
    assert game.bar.seconds > 0 and not game.bar.warn  # said, not refused: it is legal
    click(app, game.play.board.cell_center(focus_for(0, 7, "h")))
    assert game.match.state.moves == ("7h00",)
    key(app, pygame.K_1)  # Light's 1, played on the far row
    click(app, game.play.board.cell_center(focus_for(90, 3, "h")))
    assert game.match.state.moves[-1] == "3h90" and game.match.state.to_move == Player.DARK
    assert game.match.state.legal_moves() == [Pass()]  # true to its word: Dark only passes
    frames_until(app, lambda: game.match.state.moves[-1] == "pass", timeout=10)
    assert sum(game.match.state.hand(Player.DARK).values()) == 14


def test_a_piece_that_gives_up_the_1s_tells_the_plays_left(app):
    game = open_hari(app)
    two = game.hand_rows(Player.DARK)[4]  # the 2 (4 cells), clicked in the hand
    click(app, two.center)
    assert game.bar.text == (
        "Playing the 2 (4 cells) now leaves you 9 more plays after it. "
        "Your 5 shorter pieces could never be played."
    )
    after = game.match.state.play(Discard(4))
    assert plays_left(after, Player.DARK) == 9  # the rules agree
    key(app, pygame.K_1)
    key(app, pygame.K_TAB)  # Tab picks the next piece down the hand, and is told too
    assert game.play.move_input.length[Player.DARK] == 7  # round to the top: the 6
    assert game.bar.text == LAST_PLAY


def test_the_cost_counts_the_pieces_given_up_from_those_still_playable():
    """After a 2 (4 cells) the 1s are out already: the 4 (6 cells) gives up the 2s and
    3s left (6), leaves the other 4 and the 6 (2 plays), and 11 pieces are shorter."""
    state = start(HariState).play("d4").play("d3")
    assert cost_of_playing(state, Player.DARK, 6) == (2, 11, 6)
    assert plays_left(state.play(Discard(6)), Player.DARK) == 2
    assert cost_of_playing(state, Player.DARK, 4)[2] == 0  # the next 2 gives nothing up
