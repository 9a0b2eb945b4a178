"""Settings: fullscreen, volumes, colour-blind palette, legal-move hints, the hotseat board
turning for the player to move. Saved at once."""

from __future__ import annotations

from ..widgets.menu import MenuItem, setting_item
from ..widgets.menu_screen import MenuScreen

ON_OFF = (False, True)
LEVELS = tuple(range(11))


def on_off(value: object) -> str:
    return "on" if value else "off"


class SettingsScene(MenuScreen):
    name = "settings"
    heading = "Settings"
    heading_px = 64
    footer = "Left / Right change a value; Esc or B goes back. Settings are saved at once."

    def __init__(self, app) -> None:
        s = app.settings
        super().__init__(
            app,
            [
                MenuItem(
                    "Fullscreen",
                    values=ON_OFF,
                    get=lambda: s.fullscreen,
                    set=lambda v: app.toggle_fullscreen() if v != s.fullscreen else None,
                    show=on_off,
                    key="fullscreen",
                ),
                setting_item(app, "Sound volume", "sound_volume", LEVELS, "sound"),
                setting_item(app, "Music volume", "music_volume", LEVELS, "music"),
                setting_item(
                    app, "Colour-blind-safe palette", "colour_blind", ON_OFF, "colour_blind", on_off
                ),
                setting_item(app, "Legal-move hints", "hints", ON_OFF, "hints", on_off),
                setting_item(
                    app,
                    "Hotseat: board turns each turn",
                    "turn_board",
                    ON_OFF,
                    "turn_board",
                    on_off,
                ),
                MenuItem("Back", lambda: app.pop(self), key="back"),
            ],
        )
