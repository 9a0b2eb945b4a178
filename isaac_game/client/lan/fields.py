"""Text typed on the keyboard in the LAN screens: the one-line `TextField` (names, the
address, the chat line), the menu row that edits one, and the name a player goes by.

Typing: SDL sends a KEYDOWN (a virtual button, with its key) and then a TEXTINPUT
(Button.TEXT) for a printable key. A field being edited takes the characters from
TEXT actions and reads only Enter, Escape and Backspace from the keys (so W, P or
Space type letters instead of moving, pausing or confirming); a pad's A and B end
or cancel the edit. Every key counts, however many come in one frame: only the TEXT
of the very key press that opened a field (T, Space) is dropped, told by its press
number (`Action.press`), never by the frame it came in.

Text input (SDL's, and with it the system's input method) is on only while a field is
edited: `begin` turns it on, `end` off (the input mapper turns it off at start). Left
on, an input method in a composing mode (Korean, Japanese, Chinese) keeps taking the
game's letter keys as text being composed, and the Enter that follows goes to the
input method, to commit that text, instead of to the game.

An input method composes a syllable over several keys before it commits it: SDL tells
the composition so far with TEXTEDITING (Button.COMPOSE; empty: none), then the
committed text with TEXTINPUT. The field shows the composition after the committed
text, underlined (`mark_composition`), and never adds it to the text itself: only the
commit does, so nothing is typed twice. While a composition is under way the keys
are the input method's (Backspace rubs out in the composition, not the text before
it); an Enter that comes before the commit takes the composition as it stands, as the
player sees it.
"""

from __future__ import annotations

import contextlib
import getpass
from collections.abc import Callable

import pygame

from isaac_game.i18n import N_, _

from ..fonts import Color, Fonts
from ..input import Action, Button
from ..widgets.menu import MenuItem

_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
CURSOR = "_"  # drawn after the text of a field being edited

#: The name of a player who has typed none and whose login name is unknown (English
#: source): translated when it is shown or sent, so the peer reads the word of the
#: language this window speaks when the game starts.
DEFAULT_NAME = N_("Player")


def player_name(typed: str) -> str:
    """The name a player goes by, from what the name field holds: the typed name, or
    the default name in the window's language now (what the peer will show)."""
    return typed.strip() or _(DEFAULT_NAME)


def default_name(saved: str) -> str:
    """What the name field starts with: the name saved, else the login name (capital
    first), else nothing: the row then shows the default name, in the language of the
    moment (`player_name`)."""
    if saved.strip():
        return saved.strip()
    try:
        user = getpass.getuser()
    except Exception:  # no login name (containers, odd platforms)
        user = ""
    return (user[:1].upper() + user[1:]) if user and user != "root" else ""


def text_input(on: bool) -> None:
    """SDL's text input (and the system's input method) on or off."""
    with contextlib.suppress(pygame.error):  # no window yet (a headless tool)
        if on:
            pygame.key.start_text_input()
        else:
            pygame.key.stop_text_input()


class TextField:
    """One line of text typed on the keyboard."""

    def __init__(self, text: str = "", limit: int = 40) -> None:
        self.text = text
        self.limit = limit
        self.editing = False
        #: what an input method is composing, shown after the text, not part of it yet
        self.composing = ""
        self._opened_by = -1  # the key press that opened the field (its text is not typed)
        self._before = text

    def begin(self, press: int) -> None:
        """Start editing; `press` is the number of the last key press (`InputMapper.
        presses`): if that key opened the field, its text is not typed into it."""
        self.editing = True
        self.composing = ""
        self._opened_by = press
        self._before = self.text
        text_input(True)

    def end(self, keep: bool = True) -> None:
        if not keep:
            self.text = self._before
        self.editing = False
        self.composing = ""
        text_input(False)

    def _type(self, text: str) -> None:
        typed = "".join(ch for ch in text if ch.isprintable())
        self.text = (self.text + typed)[: self.limit]

    def _done(self) -> str:
        """Enter (or A): a composition not committed yet is taken as it stands, as the
        player sees it (its commit, if it comes later, finds the field closed)."""
        self._type(self.composing)
        self.composing = ""
        return "done"

    def handle(self, action: Action) -> str | None:
        """While editing: "done", "cancel", "edit" (the field used it), or None (not
        the field's business: pointer actions and the like)."""
        b = action.button
        if b == Button.COMPOSE:
            self.composing = "".join(ch for ch in action.text if ch.isprintable())
            return "edit"
        if b == Button.TEXT:
            self.composing = ""  # committed: the text takes its place
            if action.press != self._opened_by:
                self._type(action.text)
            return "edit"
        if action.device == "keyboard":
            if action.key in _ENTER:
                return self._done()
            if action.key == pygame.K_ESCAPE:
                return "cancel"
            if action.key == pygame.K_BACKSPACE and not self.composing:
                self.text = self.text[:-1]
            return "edit"  # any other key is typing (its TEXT follows) or nothing
        if b == Button.CONFIRM:
            return self._done()
        if b in (Button.BACK, Button.PAUSE):
            return "cancel"
        return None

    def shown(self, blink: bool = True) -> str:
        """The text, what is being composed after it, and the cursor (while editing)."""
        if not self.editing:
            return self.text
        return self.text + self.composing + (CURSOR if blink else "")


def mark_composition(
    surface: pygame.Surface,
    fonts: Fonts,
    colour: Color,
    topleft: tuple[int, int],
    before: str,
    field: TextField,
    px: float,
    bold: bool = False,
) -> None:
    """Where a line showing `field` is drawn from `topleft` and `before` is what it
    draws ahead of the composition: underline the composition, and put the input
    method's window at it (the caret), so the candidates sit at the field."""
    x0 = topleft[0] + fonts.size(before, px, bold)[0]
    x1 = topleft[0] + fonts.size(before + field.composing, px, bold)[0]
    height = fonts.size(before + field.composing or " ", px, bold)[1]
    if field.composing:
        thick = max(1, fonts.px(px) // 14)
        y = topleft[1] + height - thick
        pygame.draw.line(surface, colour, (x0, y), (x1, y), thick)
    with contextlib.suppress(pygame.error):
        pygame.key.set_text_input_rect(pygame.Rect(x0, topleft[1], max(1, x1 - x0), height))


def field_item(
    label: str, field: TextField, start: Callable[[], None], key: str, empty: str = ""
) -> MenuItem:
    """A menu row showing a text field; activating it starts the edit. `label` and
    `empty` are English sources (marked with `N_`), translated as the row is drawn."""

    def text() -> str:
        value = field.shown() if field.editing else (field.text or (_(empty) if empty else ""))
        if field.editing:
            return _("{label}:  {value}").format(label=_(label), value=value)
        # TRANSLATORS: a text row of a menu: "Your name:  Ann   (Enter / A to edit)"
        return _("{label}:  {value}   (Enter / A to edit)").format(label=_(label), value=value)

    return MenuItem(text, start, key=key)


def mark_row(
    surface: pygame.Surface, fonts: Fonts, colour: Color, item: MenuItem, px: int, field: TextField
) -> None:
    """The composition of `field`, edited in the menu row `item` (drawn by the menu at
    `px`, bold, centred: see `Menu.draw`): underlined, the input method's window at it.
    A row cut short to fit (its end, where the typing is, not shown) is left alone."""
    line = item.text()
    shown = field.shown()
    at = line.rfind(shown)
    if at < 0 or not item.rect.width:
        return
    px_drawn = fonts.fit(line, px, item.rect.width - 16, True)
    width, height = fonts.size(line, px_drawn, True)
    if width > item.rect.width - 16:
        return
    left = item.rect.centerx - width // 2
    top = item.rect.centery - height // 2
    before = line[: at + len(field.text)]
    mark_composition(surface, fonts, colour, (left, top), before, field, px_drawn, True)
