"""The Language row of Settings switches the window's language at once, with real keys."""

from __future__ import annotations

import pygame
import pytest

from isaac_game import i18n
from isaac_game.client.scenes.settings import SettingsScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.client.theme import recording

from .driver import key, menu_to, run


def drawn_texts(app) -> set[str]:
    surface = pygame.Surface(app.screen.get_size())
    with recording(surface) as log:
        app.draw(surface)
    return {text.text for text in log.texts}


@pytest.fixture(autouse=True)
def english_after():
    """Whatever happens here, the tests after this one speak English."""
    yield
    i18n.set_language(i18n.ENGLISH)


def test_language_row_switches_to_italian_and_back(app):
    title = app.top
    assert isinstance(title, TitleScene)
    menu_to(app, title.menu, "settings")
    key(app, pygame.K_RETURN)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    row = settings.menu.item("language")
    assert i18n.language() == "en" and "English" in row.text()

    menu_to(app, settings.menu, "language")
    heard: list[str] = []
    settings.on_language = lambda: heard.append(i18n.language())  # type: ignore[method-assign]
    # Right steps on from English; Italiano follows it in LANGUAGES
    assert list(i18n.LANGUAGES)[:2] == ["en", "it"]
    key(app, pygame.K_RIGHT)
    run(app, 2)
    assert i18n.language() == "it"
    assert app.settings.language == "it"
    assert app.storage.load_settings()[0].language == "it"  # saved at once
    assert heard == ["it"]  # every scene on the stack was told
    assert "Italiano" in row.text() and app.top is settings
    drawn = drawn_texts(app)
    assert "Impostazioni" in drawn and "Settings" not in drawn  # at once, no restart
    assert title.menu.item("settings").text() == "Impostazioni"  # the scene below too

    key(app, pygame.K_RIGHT)
    run(app, 2)
    assert i18n.language() == "ko" and "한국어" in row.text()
    assert "설정" in drawn_texts(app)
    key(app, pygame.K_LEFT)
    run(app, 2)
    key(app, pygame.K_LEFT)
    run(app, 2)
    assert i18n.language() == "en" and app.settings.language == "en"
    assert "English" in row.text()
    assert heard == ["it", "ko", "it", "en"]
    key(app, pygame.K_ESCAPE)
    assert app.top is title


def test_korean_title_says_how_isaac_is_read(app):
    """Korean players know the game as 아이작 (the Korean page's name): the title says it
    under ISAAC in Korean, and says nothing more in English or Italian."""
    run(app, 1)
    assert "아이작" not in drawn_texts(app)
    for code, shown in (("it", False), ("ko", True)):
        app.set_language(code)
        run(app, 1)
        drawn = drawn_texts(app)
        assert "ISAAC" in drawn and ("아이작" in drawn) is shown
