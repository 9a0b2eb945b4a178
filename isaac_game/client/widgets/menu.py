"""A vertical menu usable by pointer, keyboard and gamepad alike.

A menu made with `scroll=True` (a list that can grow without end: the saved games)
shows as many rows as fit and scrolls: the chosen row is always in view; the
arrows, D-pad and stick move through every row; Page Up/Down, Tab and the
shoulders turn a page; Home and End go to the first and the last; the mouse wheel
scrolls, and a click on "more above" / "more below" turns a page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from isaac_game.i18n import _

from ..input import Action, Button
from ..theme import Fonts, Palette, blit_text, fit_line, mix


def translated(source: str) -> str:
    """`source` (an English message) in the current language; "" stays "" (gettext
    answers "" with the catalogue's header)."""
    return _(source) if source else ""


@dataclass
class MenuItem:
    """One row. A `label` given as a string is the English source (marked with `N_`)
    and is translated each time it is drawn, so a change of language reaches it; a
    label that changes (or is not a fixed message: a file's name) is a callable
    returning the words to show."""

    label: str | Callable[[], str]
    activate: Callable[[], None] | None = None
    enabled: Callable[[], bool] = lambda: True
    #: An option item: LEFT/RIGHT steps through `values`; so does a click, back on the
    #: row's left half (its `<`), on along its right half (its `>`); a right-click goes back.
    #: A callable gives the values afresh each time (the title's levels follow its game).
    values: Sequence[object] | Callable[[], Sequence[object]] = ()
    get: Callable[[], object] | None = None
    set: Callable[[object], None] | None = None
    show: Callable[[object], str] = str
    key: str = ""  # a stable name tests and scenes can look items up by
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def options(self) -> list[object]:
        """The values an option row steps through, as they are now."""
        return list(self.values() if callable(self.values) else self.values)

    @property
    def is_option(self) -> bool:
        return bool(self.values) and self.get is not None

    def text(self) -> str:
        label = self.label() if callable(self.label) else translated(self.label)
        if self.is_option:
            value = self.show(self.get())  # type: ignore[misc]
            # TRANSLATORS: an option row of a menu, "Sound volume:  < 7 >"
            return _("{label}:  < {value} >").format(label=label, value=value)
        return label

    def step(self, delta: int) -> None:
        if not self.is_option or self.set is None:
            return
        values = self.options()
        current = self.get()  # type: ignore[misc]
        i = values.index(current) if current in values else 0
        self.set(values[(i + delta) % len(values)])


def setting_item(
    app,
    label: str,
    name: str,
    values: Sequence[object] | Callable[[], Sequence[object]],
    key: str,
    show=str,
    convert=None,
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
    def __init__(
        self,
        items: list[MenuItem],
        on_change: Callable[[], None] | None = None,
        scroll: bool = False,
    ) -> None:
        self.items = items
        self.index = 0
        self.on_change = on_change or (lambda: None)
        self.px = 30
        self.area = pygame.Rect(0, 0, 0, 0)  # where `layout` last stacked the items
        self.scroll = scroll
        self.first = 0  # the first row shown (scrolling menus)
        self.shown = len(items)  # how many rows are shown (all, unless scrolling)
        #: where "more above" and "more below" are drawn (empty: nothing hidden there)
        self.above = pygame.Rect(0, 0, 0, 0)
        self.below = pygame.Rect(0, 0, 0, 0)
        self._skip_disabled(1)

    def item(self, key: str) -> MenuItem:
        return next(i for i in self.items if i.key == key)

    def select(self, key: str) -> None:
        self.index = self.items.index(self.item(key))

    @property
    def current(self) -> MenuItem:
        return self.items[self.index]

    def _skip_disabled(self, direction: int) -> None:
        for _step in range(len(self.items)):
            if self.items[self.index].enabled():
                return
            self.index = (self.index + direction) % len(self.items)

    def layout(self, rect: pygame.Rect, px: int) -> None:
        """Stack the items in `rect`, centred, rows of 1.7 x the text size (a scrolling
        menu whose rows do not all fit: the rows in view, between its two hints)."""
        self.px, self.area = px, rect
        row = max(1, int(px * 1.7))
        fits = len(self.items) * row <= rect.height
        if not self.scroll or fits:
            self.first, self.shown = 0, len(self.items)
            self.above = self.below = pygame.Rect(0, 0, 0, 0)
            top = rect.centery - row * len(self.items) // 2
            for i, item in enumerate(self.items):
                item.rect = pygame.Rect(rect.x, top + i * row, rect.width, row - 4)
            return
        hint = max(1, row * 2 // 3)
        self.shown = max(1, (rect.height - 2 * hint) // row)
        self._show_current()
        top = rect.y + hint
        nowhere = pygame.Rect(0, 0, 0, 0)
        for i, item in enumerate(self.items):
            at = i - self.first
            item.rect = nowhere.copy()
            if 0 <= at < self.shown:
                item.rect = pygame.Rect(rect.x, top + at * row, rect.width, row - 4)
        more_below = self.first + self.shown < len(self.items)
        self.above = pygame.Rect(rect.x, rect.y, rect.width, hint) if self.first else nowhere
        below = pygame.Rect(rect.x, top + self.shown * row, rect.width, hint)
        self.below = below if more_below else nowhere.copy()

    def _show_current(self) -> None:
        """Scroll so that the chosen row is in view."""
        most = max(0, len(self.items) - self.shown)
        self.first = min(max(self.first, self.index - self.shown + 1), self.index, most)
        self.first = max(0, self.first)

    @property
    def scrolls(self) -> bool:
        """Are some rows out of view now?"""
        return self.scroll and self.shown < len(self.items)

    def scroll_by(self, rows: int) -> None:
        """Scroll the view (the chosen row comes along when it would leave it)."""
        most = max(0, len(self.items) - self.shown)
        self.first = min(max(0, self.first + rows), most)
        if not self.first <= self.index < self.first + self.shown:
            self.index = min(max(self.index, self.first), self.first + self.shown - 1)
            self._skip_disabled(1 if rows > 0 else -1)
            self.on_change()

    def go_to(self, index: int, direction: int) -> None:
        """Choose the row at `index` (or the nearest enabled one past it)."""
        self.index = min(max(0, index), len(self.items) - 1)
        self._skip_disabled(direction)
        self.on_change()

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
        if self.scrolls and self._scroll(action):
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

    def _scroll(self, action: Action) -> bool:
        """Paging, Home/End, the wheel and the two hints of a menu that scrolls."""
        b = action.button
        if b in (Button.PREV, Button.NEXT):
            page = self.shown if b == Button.NEXT else -self.shown
            self.go_to(self.index + page, 1 if page > 0 else -1)
        elif b in (Button.FIRST, Button.LAST):
            self.go_to(
                0 if b == Button.FIRST else len(self.items) - 1, 1 if b == Button.FIRST else -1
            )
        elif b == Button.WHEEL:
            self.scroll_by(-3 * (action.value or 0))
        elif b == Button.CLICK and action.pos is not None and self.above.collidepoint(action.pos):
            self.scroll_by(-self.shown)
        elif b == Button.CLICK and action.pos is not None and self.below.collidepoint(action.pos):
            self.scroll_by(self.shown)
        else:
            return False
        return True

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
        hint_px = max(8, self.px * 2 // 3)
        for rect in (self.above, self.below):
            if rect.height:
                if rect is self.above:
                    # TRANSLATORS: a scrolling menu's rows out of view above, {count} of them
                    hint = _("more above ({count})").format(count=self.first)
                else:
                    hidden = len(self.items) - self.first - self.shown
                    # TRANSLATORS: a scrolling menu's rows out of view below, {count} of them
                    hint = _("more below ({count})").format(count=hidden)
                blit_text(surface, fonts, hint, hint_px, pal.text_dim, rect.center, "center")
        for i, item in enumerate(self.items):
            if not item.rect.width:
                continue  # scrolled out of view
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
            # measured as drawn (the chosen row is bold, so wider): it never runs past
            # the row into what lies beside it (a save's delete button)
            px, text = fit_line(fonts, item.text(), self.px, item.rect.width - 16, selected)
            at = item.rect.center
            blit_text(surface, fonts, text, px, color, at, "center", selected, item.rect)
