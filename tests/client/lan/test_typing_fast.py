"""Every key event counts in a text field, however quickly they come: keys typed in the
same frame as the Enter that opened the field, six Backspaces at once, and keys that
arrive while the window rests (its real loop, `App.run_for`). Only the text of the very
key that opened a field (T for the chat) is not typed into it."""

from __future__ import annotations

import pygame

from isaac_game.client.lan.menu import LanHostScene

from ..driver import key, menu_to, run


def press(k: int, text: str = "") -> None:
    """What SDL queues for one key: its KEYDOWN, its text (a printable key), its KEYUP."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0))


def name_row(app) -> LanHostScene:
    menu_to(app, app.top.menu, "lan_host")
    key(app, pygame.K_RETURN)
    host = app.top
    assert isinstance(host, LanHostScene)
    menu_to(app, host.menu, "name")
    return host


def test_keys_typed_in_the_frame_that_opened_the_field_count(app):
    host = name_row(app)
    before = host.name_field.text
    press(pygame.K_RETURN)  # opens the field...
    for ch in "Bob":  # ...and the name follows before the next frame
        press(getattr(pygame, f"K_{ch.lower()}"), ch)
    run(app, 1)
    assert host.editing is host.name_field
    assert host.name_field.text == before + "Bob"


def test_six_backspaces_at_once_remove_six_characters(app):
    host = name_row(app)
    key(app, pygame.K_RETURN)
    host.name_field.text = "abcdefghij"
    for _ in range(6):
        press(pygame.K_BACKSPACE)
    run(app, 1)
    assert host.name_field.text == "abcd"


def test_keys_arriving_while_the_window_rests_all_count(app):
    host = name_row(app)
    key(app, pygame.K_RETURN)
    host.name_field.text = "abcdefghij"
    app.run_for(0.3)  # resting: nothing moves
    for _ in range(6):
        press(pygame.K_BACKSPACE)
    press(pygame.K_x, "x")
    app.run_for(0.3)
    assert host.name_field.text == "abcdx"


class Talk:
    """The session side of a chat box: what was sent."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.chat_lines: list = []

    def chat(self, text: str) -> None:
        self.sent.append(text)


def test_the_chat_skips_only_the_t_that_opened_it(app):
    from isaac_game.client.lan.hud import ChatBox

    talk = Talk()
    chat = ChatBox(app, talk)  # type: ignore[arg-type]
    events = []
    for k, text in ((pygame.K_t, "t"), (pygame.K_h, "h"), (pygame.K_i, "i"), (pygame.K_t, "t")):
        events.append(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
        events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
    events.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="",
                                     scancode=0))  # fmt: skip
    for event in events:  # all in one frame, as a quick typist's keys come
        for action in app.input.translate(event):
            chat.handle(action)
    assert talk.sent == ["hit"]
