"""A vertical menu usable by pointer, keyboard and gamepad alike."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from ..input import Action, Button
from ..theme import Fonts, Palette, mix


@dataclass
class MenuItem:
    label: str | Callable[[], str]
    activate: Callable[[], None] | None = None
    enabled: Callable[[], bool] = lambda: True
    #: An option item: LEFT/RIGHT steps through `values`; so does a click, back on the
    #: row's left half (its `<`), on along its right half (its `>`); a right-click goes back.
    values: Sequence[object] = ()
    get: Callable[[], object] | None = None
    set: Callable[[object], None] | None = None
    show: Callable[[object], str] = str
    key: str = ""  # a stable name tests and scenes can look items up by
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    @property
    def is_option(self) -> bool:
        return bool(self.values) and self.get is not None

    def text(self) -> str:
        label = self.label() if callable(self.label) else self.label
        if self.is_option:
            return f"{label}:  < {self.show(self.get())} >"  # type: ignore[misc]
        return label

    def step(self, delta: int) -> None:
        if not self.is_option or self.set is None:
            return
        values = list(self.values)
        current = self.get()  # type: ignore[misc]
        i = values.index(current) if current in values else 0
        self.set(values[(i + delta) % len(values)])


def setting_item(
    app, label: str, name: str, values: Sequence[object], key: str, show=str, convert=None
) -> MenuItem:
    """An option row for the app setting `name`, saved as soon as it changes
    (stored as `convert(value)` when a conversion is given)."""

    def store(value: object) -> None:
        setattr(app.settings, name, value if convert is None else convert(value))
        app.save_settings()

    return MenuItem(
        label,
        values=values,
        get=lambda: getattr(app.settings, name),
        set=store,
        show=show,
        key=key,
    )


class Menu:
    def __init__(self, items: list[MenuItem], on_change: Callable[[], None] | None = None) -> None:
        self.items = items
        self.index = 0
        self.on_change = on_change or (lambda: None)
        self.px = 30
        self._skip_disabled(1)

    def item(self, key: str) -> MenuItem:
        return next(i for i in self.items if i.key == key)

    def select(self, key: str) -> None:
        self.index = self.items.index(self.item(key))

    @property
    def current(self) -> MenuItem:
        return self.items[self.index]

    def _skip_disabled(self, direction: int) -> None:
        for _ in range(len(self.items)):
            if self.items[self.index].enabled():
                return
            self.index = (self.index + direction) % len(self.items)

    def layout(self, rect: pygame.Rect, px: int) -> None:
        """Stack the items in `rect`, centred, rows of 1.7 x the text size."""
        self.px = px
        row = int(px * 1.7)
        top = rect.centery - row * len(self.items) // 2
        for i, item in enumerate(self.items):
            item.rect = pygame.Rect(rect.x, top + i * row, rect.width, row - 4)

    def handle(self, action: Action) -> bool:
        """React to an action; True when the menu used it."""
        b = action.button
        if b == Button.UP or b == Button.DOWN:
            step = -1 if b == Button.UP else 1
            self.index = (self.index + step) % len(self.items)
            self._skip_disabled(step)
            self.on_change()
            return True
        if b in (Button.LEFT, Button.RIGHT, Button.PREV, Button.NEXT) and self.current.is_option:
            self.current.step(-1 if b in (Button.LEFT, Button.PREV) else 1)
            self.on_change()
            return True
        if b == Button.CONFIRM:
            return self._activate(self.current)
        if b in (Button.POINT, Button.CLICK, Button.ALT_CLICK) and action.pos is not None:
            for i, item in enumerate(self.items):
                if item.rect.collidepoint(action.pos) and item.enabled():
                    if b == Button.ALT_CLICK and not item.is_option:
                        return False
                    if self.index != i:
                        self.index = i
                        self.on_change()
                    if item.is_option and b != Button.POINT:
                        back = b == Button.ALT_CLICK or action.pos[0] < item.rect.centerx
                        item.step(-1 if back else 1)
                        self.on_change()
                        return True
                    if b == Button.CLICK:
                        return self._activate(item)
                    return True
        return False

    def _activate(self, item: MenuItem) -> bool:
        if not item.enabled():
            return False
        if item.is_option:
            item.step(1)
            self.on_change()
        elif item.activate is not None:
            item.activate()
        return True

    def draw(self, surface: pygame.Surface, fonts: Fonts, pal: Palette) -> None:
        for i, item in enumerate(self.items):
            selected = i == self.index
            enabled = item.enabled()
            if selected:
                back = mix(pal.panel, pal.accent, 0.25)
                pygame.draw.rect(surface, back, item.rect, border_radius=item.rect.height // 4)
                pygame.draw.rect(
                    surface,
                    pal.accent,
                    item.rect,
                    max(2, self.px // 12),
                    border_radius=item.rect.height // 4,
                )
            color = pal.text if enabled else pal.text_dim
            if selected and enabled:
                color = pal.accent
            text = item.text()
            px = fonts.fit(text, self.px, item.rect.width - 16)
            img = fonts.render(text, px, color, bold=selected)
            surface.blit(img, img.get_rect(center=item.rect.center))
