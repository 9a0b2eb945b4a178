"""Your positions shows the other side's hand, as a match does: the practice box takes
the foot of that side's panel, where a match lists the pieces left, so the box lists
them in the hand rows' words. Opened from Learn to play with real events, drawn for
real."""

from __future__ import annotations

import pygame

from isaac_game.client import text as text_module
from isaac_game.client.learn.practice_control import PracticeControl
from isaac_game.rules import Player

from ..driver import frames_until, key, menu_to, run
from ..test_results_and_panels import drawn_texts
from .test_positions import isaac_remove, plant_analysed_game, today  # noqa: F401


def test_your_positions_shows_the_other_sides_pieces_left(app, storage, monkeypatch):
    path, record = plant_analysed_game(storage)
    app.pop(app.open("replay", record, path))
    run(app, 1)
    menu_to(app, app.top.menu, "learn")
    key(app, pygame.K_RETURN)
    menu_to(app, app.top.menu, "positions")
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene.control, PracticeControl)
    assert scene.match.state.to_move == Player.LIGHT  # you play Light: Dark is the other side
    assert scene.match.state.hand(Player.DARK) == {3: 3, 4: 1, 5: 1, 6: 0, 7: 0}
    theirs = "Dark's pieces left: 1 piece, value 3; 1 piece, value 2; 3 pieces, value 1"
    said = " ".join(drawn_texts(app, monkeypatch, text_module))
    assert theirs in said, said
    isaac_remove(app, scene, scene.match.state.parse_move("x02-39"))  # a wrong try: still shown
    frames_until(app, lambda: not scene.control.tried)
    assert scene.control.verdict is None
    said = " ".join(drawn_texts(app, monkeypatch, text_module))
    assert theirs in said and "Try again" in said, said
