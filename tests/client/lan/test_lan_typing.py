"""Typing in the LAN screens, with real key and text events on real scenes.

- The default name ("Player", when no name was typed and no login name is known) is
  the word of the window's language, on the menu row and in what the peer is told.
- Enter after a chat line does what Enter does in the match: it plays the move under
  the cursor (and T opens the chat again). Text input, and with it the system's input
  method, is on only while a line is typed: left on, an input method in Korean mode
  takes the game's letter keys as a syllable, and the next Enter goes to commit it.
- An input method's composition (TEXTEDITING) shows after the typed text, underlined,
  in the name field and in the chat, and is replaced by what it commits (TEXTINPUT),
  never typed twice.

Network safety: conftest.py pins the host to 127.0.0.1; the joiner dials 127.0.0.1.
"""

from __future__ import annotations

import ctypes
import os
from pathlib import Path

import pygame
import pytest

from isaac_game import i18n
from isaac_game.client.lan import fields
from isaac_game.client.lan.lobby import LanLobbyScene
from isaac_game.client.lan.menu import LanHostScene
from isaac_game.client.theme import recording
from isaac_game.client.widgets.hand_cursor import focus_for
from isaac_game.lan import LanSession
from isaac_game.match import RandomSeat
from isaac_game.rules import Place

from ..driver import KEY_FOR_PIECE, key, menu_to, run
from ..kinds import is_lan_game
from .lanclient import _arrows_to, fast_lan, pump
from .test_lan_host_game import host_from_the_menu

__all__ = ["fast_lan"]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language(i18n.ENGLISH)


def sdl_library() -> ctypes.CDLL:
    """The SDL library pygame runs on (the one loaded in this process)."""
    for line in Path("/proc/self/maps").read_text().splitlines():
        path = line.split()[-1]
        name = os.path.basename(path)
        if name.startswith("libSDL2") and not name.startswith("libSDL2_") and ".so" in name:
            return ctypes.CDLL(path)
    pytest.skip("the SDL library pygame loaded is not found")


def text_input_on() -> bool:
    """SDL's own word on whether text input (and the input method) is on."""
    return bool(sdl_library().SDL_IsTextInputActive())


def press(k: int, text: str = "") -> None:
    """What SDL queues for one key: its KEYDOWN, its text (a printable key), its KEYUP."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    if text.isprintable() and text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0))


def compose(app, text: str) -> None:
    """An input method's composition so far (SDL's TEXTEDITING), one frame."""
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text=text, start=len(text), length=0))
    run(app)


def commit(app, text: str) -> None:
    """The input method commits `text`: TEXTINPUT, then the composition emptied."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text="", start=0, length=0))
    run(app)


def drawn(app) -> list[str]:
    surface = pygame.Surface(app.screen.get_size())
    with recording(surface) as log:
        app.draw(surface)
    return [t.text for t in log.texts]


def typed_line(app) -> list[str]:
    """The chat's line being typed, as drawn ("> " and the text; the cursor blinks)."""
    return [t.removesuffix("_") for t in drawn(app) if t.startswith("> ")]


class InputMethodSpot:
    """Where the window last put the input method's window (`set_text_input_rect`)."""

    def __init__(self, monkeypatch) -> None:
        self.rect: pygame.Rect | None = None
        real = pygame.key.set_text_input_rect

        def spy(rect) -> None:
            self.rect = pygame.Rect(rect)
            real(rect)

        monkeypatch.setattr(pygame.key, "set_text_input_rect", spy)


def underlined(app, rect: pygame.Rect, colour) -> bool:
    """Is there a line of `colour` under the whole of `rect` (a composition's), as drawn
    now?"""
    assert rect.width > 4
    surface = pygame.Surface(app.screen.get_size())
    app.draw(surface)
    xs = range(rect.left + 1, rect.right - 1)
    for y in range(rect.bottom - 4, rect.bottom + 2):
        if all(surface.get_at((x, y))[:3] == tuple(colour)[:3] for x in xs):
            return True
    return False


def lan_game(app, name: str = "Ann") -> tuple[object, LanSession]:
    """This window hosts from the menu (Dark, moving first); Bob joins in this process
    with a random computer seat. Returns the game scene when Dark is to move."""
    lobby = host_from_the_menu(app, name)
    bob = LanSession.join("isaac", RandomSeat("Bob", seed=1), "127.0.0.1", lobby.port, name="Bob")
    bob.start()
    pump(app, lambda: is_lan_game(app.top, "isaac"), others=[bob])
    game = app.top
    pump(app, lambda: game.human_to_move() is not None, others=[bob])
    return game, bob


def aim_at_a_place(app, game) -> Place:
    """Choose a piece and put the keyboard cursor where Enter places it (no Enter)."""
    move = next(m for m in game.match.state.legal_moves() if isinstance(m, Place))
    player = game.human_to_move()
    key(app, KEY_FOR_PIECE[move.length])
    if game.play.placement.direction[player] != move.direction:
        key(app, pygame.K_r)
    focus = focus_for(move.cell, move.length, move.direction)
    _arrows_to(app, game.play.board, lambda: game.play.placement.focus, focus)
    return move


# ----- the default name ---------------------------------------------------------------


@pytest.mark.timeout(60)
@pytest.mark.usefixtures("fast_lan")
def test_the_default_name_is_the_word_of_the_window_language(app, monkeypatch):
    monkeypatch.setattr(fields.getpass, "getuser", lambda: "root")  # no login name to offer
    app.set_language("it")
    menu_to(app, app.top.menu, "lan_host")
    key(app, pygame.K_RETURN)
    host = app.top
    assert isinstance(host, LanHostScene)
    assert host.name_field.text == ""  # nothing typed: the default stands in
    assert any("Giocatore" in text for text in drawn(app))
    app.set_language("ko")  # translated as it is shown: a change of language reaches it
    run(app)
    assert any("플레이어" in text for text in drawn(app))
    app.set_language("it")
    run(app)
    menu_to(app, host.menu, "start")
    key(app, pygame.K_RETURN)
    lobby = app.top
    assert isinstance(lobby, LanLobbyScene)
    assert lobby.session.name == "Giocatore"
    bob = LanSession.join("isaac", RandomSeat("Bob", seed=1), "127.0.0.1", lobby.port, name="Bob")
    bob.start()
    try:  # the peer is told the Italian word, and shows it
        pump(app, lambda: bob.opponent != "", others=[bob])
        assert bob.opponent == "Giocatore"
    finally:
        bob.close()


# ----- Enter after a chat line ----------------------------------------------------------


@pytest.mark.timeout(60)
@pytest.mark.usefixtures("fast_lan")
def test_enter_after_a_chat_line_plays_the_move_under_the_cursor(app):
    game, bob = lan_game(app)
    try:
        move = aim_at_a_place(app, game)
        assert not text_input_on()  # the keys are the game's: no input method takes them
        press(pygame.K_t, "t")
        run(app)
        assert game.control.chat.typing and text_input_on()
        for ch in "gl hf":
            press(pygame.K_SPACE if ch == " " else getattr(pygame, f"K_{ch}"), ch)
        press(pygame.K_RETURN, "\r")
        run(app)
        assert not game.control.chat.typing
        assert not text_input_on()  # the input method lets the next keys through
        pump(app, lambda: [line.text for line in bob.chat_lines] == ["gl hf"], others=[bob])
        ply = game.match.state.ply
        press(pygame.K_RETURN, "\r")
        run(app)
        assert game.match.state.ply == ply + 1 and game.match.state.moves[-1] == str(move)
        press(pygame.K_t, "t")  # T opens the chat again, Esc closes it
        run(app)
        assert game.control.chat.typing and text_input_on()
        press(pygame.K_ESCAPE)
        run(app)
        assert not game.control.chat.typing and not text_input_on()
    finally:
        bob.close()


# ----- an input method's composition ------------------------------------------------------


def test_the_name_field_shows_the_composition_then_what_is_committed(app, monkeypatch):
    spot = InputMethodSpot(monkeypatch)
    menu_to(app, app.top.menu, "lan_host")
    key(app, pygame.K_RETURN)
    host = app.top
    menu_to(app, host.menu, "name")
    key(app, pygame.K_RETURN)
    assert host.editing is host.name_field and text_input_on()
    for _ in range(40):
        key(app, pygame.K_BACKSPACE)
    accent = app.palette.accent

    def row() -> str:
        return next(t for t in drawn(app) if t.startswith("Your name:"))

    compose(app, "ㅎ")
    assert row() == "Your name:  ㅎ_"
    assert spot.rect is not None and underlined(app, spot.rect, accent)
    row_rect = host.menu.item("name").rect
    assert row_rect.contains(spot.rect)  # the input method's window opens at the field
    compose(app, "하")
    compose(app, "한")
    assert row() == "Your name:  한_" and host.name_field.text == ""
    syllable = pygame.Rect(spot.rect)
    commit(app, "한")
    assert row() == "Your name:  한_" and host.name_field.text == "한"
    assert not underlined(app, syllable, accent)  # committed: no longer underlined
    compose(app, "ㄱ")
    compose(app, "그")
    press(pygame.K_BACKSPACE)  # the input method's: it rubs out in the syllable
    compose(app, "ㄱ")
    assert host.name_field.text == "한" and row() == "Your name:  한ㄱ_"
    compose(app, "글")
    commit(app, "글")
    assert row() == "Your name:  한글_" and host.name_field.text == "한글"
    key(app, pygame.K_RETURN)
    assert host.editing is None and app.settings.player_name == "한글"
    assert not text_input_on()


@pytest.mark.timeout(60)
@pytest.mark.usefixtures("fast_lan")
def test_the_chat_shows_the_composition_and_sends_it_once(app, monkeypatch):
    spot = InputMethodSpot(monkeypatch)
    game, bob = lan_game(app)
    chat = game.control.chat
    try:
        press(pygame.K_t, "t")
        run(app)
        compose(app, "아")
        compose(app, "안")
        assert "> 안" in typed_line(app) and chat.field.text == ""
        assert spot.rect is not None and chat.rect.contains(spot.rect)
        assert underlined(app, spot.rect, app.palette.accent)
        commit(app, "안")
        compose(app, "녀")
        compose(app, "녕")
        assert "> 안녕" in typed_line(app) and chat.field.text == "안"
        # Enter before the input method commits (some systems send it first): what is
        # shown is sent; the commit that follows types nothing anywhere
        press(pygame.K_RETURN, "\r")
        run(app)
        commit(app, "녕")
        assert not chat.typing
        pump(app, lambda: bool(bob.chat_lines), others=[bob])
        assert [line.text for line in game.control.session.chat_lines] == ["안녕"]
        assert [line.text for line in bob.chat_lines] == ["안녕"]
    finally:
        bob.close()
