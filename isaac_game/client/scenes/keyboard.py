"""An on-screen keyboard, so a player with only a pad can type a name or an address.

Opened by name over the screen that wants the text (`app.open("keyboard", "Your name",
text, on_done, limit)`); on Done it closes and hands the text to `on_done`, on Cancel
it closes and nothing changes. The D-pad (or the arrows) moves over the keys, A (Enter)
presses one, B (Esc) cancels, X (Backspace) rubs out, Y puts a space, Start is Done;
the mouse clicks keys. Where each key lies is a pure function of the window's size,
asked by input and drawing alike.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from isaac_game.i18n import N_, _

from ..input import Action, Button
from ..scene import Scene
from ..theme import blit_text, dim_behind, draw_panel, mix, ui_scale

#: The character rows, ten keys each (letters shown in capitals while Shift is on).
ROWS = ("1234567890", "qwertyuiop", "asdfghjkl:", "zxcvbnm.-_")
#: The bottom row: (key, label), each two columns wide. The labels are English sources,
#: translated as they are drawn (`KeyboardScene.label`).
SPECIAL = (
    ("shift", N_("Shift")),
    ("space", N_("Space")),
    # TRANSLATORS: the on-screen keyboard's key that rubs out the last character
    ("back", N_("Delete")),
    ("cancel", N_("Cancel")),
    ("done", N_("Done")),
)
COLUMNS = 10


@dataclass(frozen=True)
class Key:
    name: str  # a character, or one of SPECIAL's names
    row: int
    column: int  # the first column it covers
    rect: pygame.Rect


def key_layout(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect, list[Key]]:
    """(panel, text box, keys) for a window of `size`."""
    w, h = size
    u = ui_scale(size)
    panel = pygame.Rect(0, 0, int(min(w * 0.92, 980 * u)), int(min(h * 0.8, 590 * u)))
    panel.midbottom = (w // 2, h - int(14 * u))  # the screen's heading stays in sight
    pad = int(24 * u)
    box = pygame.Rect(panel.x + pad, panel.y + int(74 * u), panel.width - 2 * pad, int(60 * u))
    top = box.bottom + int(20 * u)
    gap = max(2, int(6 * u))
    cell_w = (panel.width - 2 * pad + gap) // COLUMNS
    bottom = panel.bottom - int(40 * u)  # the last line: what the pad's buttons do
    cell_h = min(cell_w, (bottom - top + gap) // (len(ROWS) + 1))
    keys = []
    for r, chars in enumerate(ROWS):
        for c, ch in enumerate(chars):
            rect = pygame.Rect(
                panel.x + pad + c * cell_w, top + r * cell_h, cell_w - gap, cell_h - gap
            )
            keys.append(Key(ch, r, c, rect))
    r = len(ROWS)
    for i, (name, _label) in enumerate(SPECIAL):
        x = panel.x + pad + 2 * i * cell_w
        rect = pygame.Rect(x, top + r * cell_h, 2 * cell_w - gap, cell_h - gap)
        keys.append(Key(name, r, 2 * i, rect))
    return panel, box, keys


def special_label(name: str) -> str:
    """The label of a bottom-row key, in the player's language."""
    return _(dict(SPECIAL)[name])


class KeyboardScene(Scene):
    """Type `text` (at most `limit` characters) key by key; `on_done(text)` on Done."""

    opaque = False
    name = "keyboard"

    def __init__(
        self,
        app,
        heading: str,
        text: str,
        on_done: Callable[[str], None],
        limit: int = 40,
    ) -> None:
        super().__init__(app)
        self.heading = heading
        self.text = text[:limit]
        self.on_done = on_done
        self.limit = limit
        self.shift = False
        self.row, self.column = 1, 0  # the chosen key: the q

    # ----- the keys ---------------------------------------------------------------------

    def laid_out(self) -> list[Key]:
        return key_layout(self.app.screen.get_size())[2]

    @property
    def current(self) -> Key:
        return self._key_at(self.row, self.column)

    def _key_at(self, row: int, column: int) -> Key:
        row_keys = [k for k in self.laid_out() if k.row == row]
        return max((k for k in row_keys if k.column <= column), key=lambda k: k.column)

    def label(self, key: Key) -> str:
        if len(key.name) == 1:
            return key.name.upper() if self.shift else key.name
        return special_label(key.name)

    def press(self, key: Key) -> None:
        """What a key does."""
        name = key.name
        if name == "done":
            self.app.pop(self)
            self.on_done(self.text)
            return
        if name == "cancel":
            self.app.pop(self)
            return
        if name == "shift":
            self.shift = not self.shift
        elif name == "back":
            self.text = self.text[:-1]
        elif len(self.text) < self.limit:
            self.text += " " if name == "space" else self.label(key)
        self.app.audio.play("click")

    def _special(self, name: str) -> Key:
        return next(k for k in self.laid_out() if k.name == name)

    # ----- input ------------------------------------------------------------------------

    def handle(self, action: Action) -> None:
        b = action.button
        typed = action.device == "keyboard"
        if b in (Button.UP, Button.DOWN):
            rows = len(ROWS) + 1
            self.row = (self.row + (-1 if b == Button.UP else 1)) % rows
        elif b in (Button.LEFT, Button.RIGHT):
            step = -1 if b == Button.LEFT else 1
            here = self.current
            width = 2 if self.row == len(ROWS) else 1
            start = here.column if step < 0 else here.column + width - 1
            self.column = (start + step) % COLUMNS
            self.column = self._key_at(self.row, self.column).column
        elif b == Button.BACK and typed and action.key == pygame.K_BACKSPACE:
            self.press(self._special("back"))
        elif b == Button.BACK:
            self.app.pop(self)
        elif b == Button.CONFIRM:
            self.press(self.current)
        elif b == Button.ROTATE and not typed:  # pad X: rub out
            self.press(self._special("back"))
        elif b == Button.HINT and not typed:  # pad Y: a space
            self.press(self._special("space"))
        elif b == Button.PAUSE and not typed:  # pad Start: done
            self.press(self._special("done"))
        elif b == Button.CLICK and action.pos is not None:
            key = next((k for k in self.laid_out() if k.rect.collidepoint(action.pos)), None)
            if key is not None:
                self.row, self.column = key.row, key.column
                self.press(key)
        elif b == Button.POINT and action.pos is not None:
            key = next((k for k in self.laid_out() if k.rect.collidepoint(action.pos)), None)
            if key is not None:
                self.row, self.column = key.row, key.column

    # ----- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        u = ui_scale(size)
        pal, fonts = self.app.palette, self.app.fonts
        dim_behind(surface, 170)
        panel, box, keys = key_layout(size)
        draw_panel(surface, panel, pal, radius=int(18 * u))
        at = (panel.centerx, panel.y + int(38 * u))
        # the opener's words (an English source, or translated already)
        heading = _(self.heading) if self.heading else ""
        px = fonts.fit(heading, int(40 * u), panel.width - int(40 * u), True)
        blit_text(surface, fonts, heading, px, pal.accent, at, "center", True)
        pygame.draw.rect(surface, pal.background, box, border_radius=int(10 * u))
        pygame.draw.rect(surface, pal.accent, box, max(2, int(2 * u)), border_radius=int(10 * u))
        shown = self.text + "_"
        px = fonts.fit(shown, int(34 * u), box.width - int(24 * u))
        blit_text(
            surface, fonts, shown, px, pal.text, (box.x + int(12 * u), box.centery), "midleft"
        )
        count = f"{len(self.text)}/{self.limit}"
        at = (box.right - int(12 * u), box.centery)
        blit_text(surface, fonts, count, int(20 * u), pal.text_dim, at, "midright")
        current = self.current
        for key in keys:
            chosen = key == current
            on = key.name == "shift" and self.shift
            back = mix(pal.panel, pal.accent, 0.35 if chosen else (0.2 if on else 0.06))
            radius = int(8 * u)
            pygame.draw.rect(surface, back, key.rect, border_radius=radius)
            edge = pal.accent if chosen else pal.panel_edge
            pygame.draw.rect(
                surface, edge, key.rect, max(1, int(3 * u) if chosen else 1), border_radius=radius
            )
            label = self.label(key)
            size_px = int(30 * u) if len(key.name) == 1 else int(24 * u)
            size_px = fonts.fit(label, size_px, key.rect.width - int(8 * u), bold=chosen)
            color = pal.accent if chosen else pal.text
            blit_text(surface, fonts, label, size_px, color, key.rect.center, "center", chosen)
        # TRANSLATORS: what the gamepad's buttons do on the on-screen keyboard
        foot = _("D-pad: move   A: press   B: cancel   X: delete   Y: space   Start: done")
        at = (panel.centerx, panel.bottom - int(24 * u))
        px = fonts.fit(foot, int(22 * u), surface.get_width() - int(40 * u))
        blit_text(surface, fonts, foot, px, pal.text_dim, at, "center")
