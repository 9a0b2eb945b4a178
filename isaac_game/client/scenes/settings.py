"""Settings: fullscreen, volumes, colour-blind palette, legal-move hints, the hotseat board
turning for the player to move, the language. Saved at once.

The rows' words are English sources translated as they are drawn, so choosing another
language re-labels this screen (and the scenes under it) at once."""

from __future__ import annotations

import pygame

from isaac_game import i18n
from isaac_game.i18n import N_, _

from ..widgets.menu import MenuItem, setting_item
from ..widgets.menu_screen import MenuScreen

ON_OFF = (False, True)
LEVELS = tuple(range(11))


def on_off(value: object) -> str:
    # TRANSLATORS: the value of a setting that is on or off
    return _("on") if value else _("off")


def autonym(code: object) -> str:
    """A language by its own name ("Italiano"), never translated."""
    return i18n.LANGUAGES.get(str(code), str(code))


class SettingsScene(MenuScreen):
    name = "settings"
    heading = N_("Settings")
    heading_px = 64
    footer = N_("Left / Right change a value; Esc or B goes back. Settings are saved at once.")

    def __init__(self, app) -> None:
        s = app.settings
        super().__init__(
            app,
            [
                MenuItem(
                    N_("Fullscreen"),
                    values=ON_OFF,
                    get=lambda: s.fullscreen,
                    set=lambda v: app.toggle_fullscreen() if v != s.fullscreen else None,
                    show=on_off,
                    key="fullscreen",
                ),
                setting_item(app, N_("Sound volume"), "sound_volume", LEVELS, "sound"),
                setting_item(app, N_("Music volume"), "music_volume", LEVELS, "music"),
                setting_item(
                    app,
                    N_("Colour-blind-safe palette"),
                    "colour_blind",
                    ON_OFF,
                    "colour_blind",
                    on_off,
                ),
                setting_item(app, N_("Legal-move hints"), "hints", ON_OFF, "hints", on_off),
                setting_item(
                    app,
                    N_("Hotseat: board turns each turn"),
                    "turn_board",
                    ON_OFF,
                    "turn_board",
                    on_off,
                ),
                MenuItem(
                    N_("Language"),
                    values=tuple(i18n.LANGUAGES),
                    get=i18n.language,
                    set=lambda code: app.set_language(str(code)),
                    show=autonym,
                    key="language",
                ),
                MenuItem(N_("Back"), lambda: app.pop(self), key="back"),
            ],
        )

    def menu_px(self, area: pygame.Rect, u: float) -> int:
        """Rows small enough for all of them to show in a small window."""
        fits = int(area.height / (1.7 * max(1, len(self.menu.items))))
        return max(min(int(self.row_px * u), fits), max(14, int(20 * u)))
