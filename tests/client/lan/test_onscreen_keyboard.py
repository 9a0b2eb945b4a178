"""A player with only a pad types a name or an address: A on a text row of the host or
join menu opens the on-screen keyboard; the D-pad walks its keys, A presses one, X rubs
out, Y puts a space, Start (or its Done key) writes the text into the field, B (or its
Cancel key) leaves the field as it was. Driven by posted pad (and mouse) events only."""

from __future__ import annotations

import pygame

from isaac_game.client.lan.menu import LanHostScene, LanJoinScene
from isaac_game.client.scenes.keyboard import ROWS, SPECIAL, KeyboardScene

from ..driver import click, menu_to, pad

DPAD = {
    "up": pygame.CONTROLLER_BUTTON_DPAD_UP,
    "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
}


def where(name: str) -> tuple[int, int]:
    """(row, column) of a key: a character or a special key's name."""
    for r, chars in enumerate(ROWS):
        if name in chars:
            return r, chars.index(name)
    return len(ROWS), 2 * [n for n, _label in SPECIAL].index(name)


def walk_to(app, kb: KeyboardScene, name: str) -> None:
    row, column = where(name)
    for _ in range(len(ROWS) + 1):
        if kb.row == row:
            break
        pad(app, DPAD["down"])
    for _ in range(10):
        if kb.current.column == column:
            break
        pad(app, DPAD["right"])
    assert kb.current.name == name


def type_with_pad(app, kb: KeyboardScene, text: str) -> None:
    for ch in text:
        if ch == " ":
            pad(app, pygame.CONTROLLER_BUTTON_Y)
            continue
        if ch.isalpha() and ch.isupper() != kb.shift:
            walk_to(app, kb, "shift")
            pad(app, pygame.CONTROLLER_BUTTON_A)
        walk_to(app, kb, ch.lower() if ch.isalpha() else ch)
        pad(app, pygame.CONTROLLER_BUTTON_A)


def open_keyboard(app, menu, row: str) -> KeyboardScene:
    menu_to(app, menu.menu, row, via_pad=True)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    kb = app.top
    assert isinstance(kb, KeyboardScene)
    app.draw()
    return kb


def test_a_pad_types_its_name_on_the_onscreen_keyboard(app):
    title = app.top
    menu_to(app, title.menu, "lan_host", via_pad=True)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    host = app.top
    assert isinstance(host, LanHostScene)
    before = host.name_field.text
    kb = open_keyboard(app, host, "name")
    assert kb.heading == "Your name" and kb.text == before
    for _ in before:
        pad(app, pygame.CONTROLLER_BUTTON_X)  # X rubs out
    assert kb.text == ""
    type_with_pad(app, kb, "Ann 2")
    assert kb.text == "Ann 2"
    app.draw()
    pad(app, pygame.CONTROLLER_BUTTON_START)  # Done
    assert app.top is host
    assert host.name_field.text == "Ann 2" and app.settings.player_name == "Ann 2"
    assert "Ann 2" in host.menu.item("name").text()
    # B cancels: the field keeps what it had
    kb = open_keyboard(app, host, "name")
    type_with_pad(app, kb, "xyz")
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert app.top is host and host.name_field.text == "Ann 2"
    # the Done key, clicked, and a key clicked with the mouse work too
    kb = open_keyboard(app, host, "name")
    key_x = next(k for k in kb.laid_out() if k.name == "x")
    click(app, key_x.rect.center)
    done = next(k for k in kb.laid_out() if k.name == "done")
    click(app, done.rect.center)
    assert app.top is host and host.name_field.text == "Ann 2x"


def test_a_pad_types_an_address_to_join(app, monkeypatch):
    dialled: list[tuple[str, int]] = []
    monkeypatch.setattr(
        LanJoinScene,
        "join",
        lambda self, host, port, game, guessed=False: dialled.append((host, port)),
    )
    title = app.top
    menu_to(app, title.menu, "lan_join", via_pad=True)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    join = app.top
    assert isinstance(join, LanJoinScene)
    kb = open_keyboard(app, join, "address")
    assert kb.text == ""
    type_with_pad(app, kb, "127.0.0.1:7755")
    walk_to(app, kb, "done")
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert app.top is join and join.address.text == "127.0.0.1:7755"
    assert dialled == [("127.0.0.1", 7755)]  # Done joins, as Enter does
