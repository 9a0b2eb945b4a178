"""Settings > Text size makes every text larger at once and is kept; the couch at 4K.

Driven with real keys: a game at 3840x2160 (a television), its pause menu, the Settings
screen's Text size row, then the game again: the hand's words, the move list (opened
with L) and the settings' own rows are drawn taller, and the choice is in the saved
settings. A settings file from before the row loads at the normal size, and so does a
size this version does not know."""

from __future__ import annotations

import json

import pygame
import pytest

from isaac_game.client.handoff import GameSetup, history_of
from isaac_game.client.registry import make_app
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.settings import SettingsScene
from isaac_game.client.storage import TEXT_SIZES, Settings
from isaac_game.client.theme import DrawnText, min_text_height, recording
from isaac_game.rules import new_game

from .driver import key, menu_to, run

TV = (3840, 2160)


def drawn(app) -> list[DrawnText]:
    """Every text the window draws now."""
    surface = pygame.Surface(app.screen.get_size())
    with recording(surface) as log:
        app.draw(surface)
    return log.texts


def hand_heights(app) -> list[int]:
    """How high the hand's rows' words are drawn ("2 pieces, value 4", "2 of value 4")."""
    return [t.height for t in drawn(app) if " value " in t.text and t.text[0].isdigit()]


def heights_in(app, rect: pygame.Rect, words: str = "") -> list[int]:
    """How high the texts inside `rect` (with `words` in them) are drawn."""
    return [t.height for t in drawn(app) if rect.contains(t.rect) and words in t.text]


@pytest.fixture
def tv(storage):
    """The client in a television's window, a game of six moves on screen."""
    app = make_app(size=TV, fullscreen=False, storage=storage, sound=False)
    state = new_game("isaac")
    for _ in range(6):
        state = state.play(state.legal_moves()[0])
    app.open("title")
    app.open("match", GameSetup(history=history_of(state)))
    run(app, 2)
    yield app
    if pygame.get_init():
        app.shutdown()


def open_moves(app) -> pygame.Rect:
    """Open the move list (L) and where it is."""
    game = app.top
    assert isinstance(game, MatchScene)
    key(app, pygame.K_l, frames=2)
    box = game.view.moves_box
    assert box.opened
    return box.rect.copy()


def test_text_size_row_makes_the_hand_and_moves_larger_and_is_kept(tv):
    app = tv
    game = app.top
    assert isinstance(game, MatchScene)
    assert app.settings.text_size == "normal"
    hand_before = hand_heights(app)
    assert len(hand_before) == 10  # both hands, five rows each
    # read from the sofa even at the normal size: the hand's words fill their rows, half
    # again the smallest text allowed (8-10 mm capitals on a 55" set were too small)
    assert min(hand_before) >= 1.5 * min_text_height(TV)
    moves_before = heights_in(app, open_moves(app), "places the")  # the moves' words
    key(app, pygame.K_l)  # closed again
    assert moves_before

    key(app, pygame.K_ESCAPE, frames=2)  # the pause menu
    pause = app.top
    menu_to(app, pause.menu, "settings")
    key(app, pygame.K_RETURN, frames=2)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    menu_to(app, settings.menu, "text_size")
    row = settings.menu.item("text_size")
    assert "Text size" in row.text() and "normal" in row.text()
    row_before = heights_in(app, row.rect)

    key(app, pygame.K_RIGHT, frames=2)
    assert app.settings.text_size == "large" and "large" in row.text()
    row_large = heights_in(app, row.rect)
    key(app, pygame.K_RIGHT, frames=2)
    assert app.settings.text_size == "larger" and "larger" in row.text()
    assert app.storage.load_settings()[0].text_size == "larger"  # saved at once
    row_larger = heights_in(app, row.rect)
    assert max(row_before) < max(row_large) < max(row_larger)  # this screen at once

    key(app, pygame.K_ESCAPE, frames=2)  # back to the pause menu
    key(app, pygame.K_ESCAPE, frames=2)  # and to the game
    assert app.top is game
    hand_after = hand_heights(app)
    assert len(hand_after) == 10
    assert min(hand_after) >= 1.4 * max(hand_before)  # visibly larger, for the sofa
    moves_after = heights_in(app, open_moves(app), "places the")
    assert min(moves_after) >= 1.4 * max(moves_before)


def test_the_saved_text_size_is_used_from_the_start(storage):
    storage.save_settings(Settings(text_size="larger"))
    app = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=False)
    try:
        assert app.settings.text_size == "larger"
        assert app.fonts.scale == TEXT_SIZES["larger"]
    finally:
        app.shutdown()


@pytest.mark.parametrize("text_size", [None, "huge", 3, ""])
def test_a_settings_file_without_a_known_text_size_loads_at_normal(storage, text_size):
    """A file from before the row (no key), or with a size this version does not know,
    still loads: its other settings are kept, the text size is normal."""
    data: dict[str, object] = {"sound_volume": 3, "language": "it"}
    if text_size is not None:
        data["text_size"] = text_size
    storage.config_dir.mkdir(parents=True, exist_ok=True)
    storage.settings_path.write_text(json.dumps(data), encoding="utf-8")
    settings, problem = storage.load_settings()
    assert problem is None
    assert settings.text_size == "normal" and settings.text_scale == 1.0
    assert settings.sound_volume == 3 and settings.language == "it"
