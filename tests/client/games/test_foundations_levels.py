"""FOUNDATIONS: the side panel and the bar name the same level to play on (docs/rules.md 2.5:
a player with nothing that fits on their level must go up). (A cell's stack, listed in a
side panel, and the levels peeled away: test_foundations_peel.py.)"""

from __future__ import annotations

import random
import re

from isaac_game.client.games.foundations.rulebook import UP, story
from isaac_game.client.handoff import GameSetup
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.widgets.hand_cursor import focus_for
from isaac_game.rules import Player
from isaac_game.rules.foundations import FoundationsState

from ..driver import click, move_mouse, run
from .test_foundations_client import place_by_mouse
from .test_piece_names import record_texts


def panel_line(texts: list[str], game: MatchScene, player: Player) -> str:
    """The panel's level line of `player`, as last drawn."""
    mine = game.play.panel_info(player, "").extra
    assert mine in texts  # it was drawn
    return mine


def test_panel_and_bar_agree_when_nothing_fits_and_the_mover_must_go_up(app, monkeypatch):
    texts = record_texts(monkeypatch)
    history = story()[: UP + 1]  # Dark's 7 left Dark nothing that fits on level 1
    game = app.open("match", GameSetup("foundations", history=history))
    assert isinstance(game, MatchScene)
    state = game.match.state
    assert isinstance(state, FoundationsState) and state.to_move == Player.DARK
    assert state.current_level(Player.DARK) == 1
    click(app, game.hand_rows(Player.DARK)[5].center)  # the 3 (5 cells): it spans Dark's 1s
    move_mouse(app, game.play.board.cell_center(focus_for(20, 5, "h")))  # a legal bridge shows
    app.draw()
    panel = panel_line(texts, game, Player.DARK)
    assert panel == "Must play on level 2 now, any piece"
    bar = game.play.placement.info(state, Player.DARK)
    assert bar in texts
    assert "go up to level 2" in bar and ", level 2  (" in bar
    assert any("level 2" in t for t in texts if t not in (panel, bar))  # the heading too
    # the other player's panel still tells its own level truly
    assert panel_line(texts, game, Player.LIGHT).startswith("Level 1, next: 3 or more")


def test_panel_level_is_the_bars_level_all_game_long(app, monkeypatch):
    texts = record_texts(monkeypatch)
    game = app.open("match", GameSetup("foundations"))
    rng = random.Random(11)
    checked = went_up = 0
    for _ in range(300):
        state = game.match.state
        if state.is_over:
            break
        mover = state.to_move
        places = [m for m in state.legal_moves() if str(m) != "pass"]
        if game.motion.anims or game.motion.passing or not places:
            run(app, 10)
            continue
        shortest = min(m.length for m in places)
        move = rng.choice([m for m in places if m.length == shortest])
        move_mouse(app, game.play.board.cell_center(move.cell))
        texts.clear()
        app.draw()
        panel = panel_line(texts, game, mover)
        said = int(re.search(r"level (\d+)", panel, re.IGNORECASE).group(1))
        assert said == move.level, (panel, str(move))
        bar = game.play.placement.info(state, mover)
        levels = {int(n) for n in re.findall(r"level (\d+)", bar)}
        assert levels <= {state.current_level(mover), move.level}
        if move.level > state.current_level(mover):
            went_up += 1
            assert panel.startswith(f"Must play on level {move.level} now")
            assert f"go up to level {move.level}" in bar
        checked += 1
        place_by_mouse(app, game, move, mover)
        assert game.match.state.moves[-1] == str(move)
    assert checked > 20 and went_up >= 1
