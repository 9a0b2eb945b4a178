"""Settings: fullscreen, volumes, colour-blind palette, legal-move hints, the hotseat board
turning for the player to move, the language, the text size. Saved at once.

The rows' words are English sources translated as they are drawn, so choosing another
language re-labels this screen (and the scenes under it) at once.

Text size is the big-screen layout: the window's pixels cannot tell a television seen
from a sofa from a monitor of the same size seen from a desk (both 3840x2160, the
layouts already growing with the window), so the player, who knows, chooses. The words
of every screen are drawn larger (the fonts do it, under every layout: headings and
scores, already large, grow less, a board's numbers keep its cells' size), and the
layouts, which measure their text, give it the room or wrap it: this screen shows the
new size at once, and a game under it is laid out again."""

from __future__ import annotations

import pygame

from isaac_game import i18n
from isaac_game.i18n import N_, _

from ..storage import TEXT_SIZES
from ..widgets.menu import MenuItem, setting_item
from ..widgets.menu_screen import MenuScreen

ON_OFF = (False, True)
LEVELS = tuple(range(11))
#: The text sizes' names on screen, by the name kept in the settings.
TEXT_SIZE_NAMES = {
    # TRANSLATORS: a text size (Settings > Text size): the usual one
    "normal": N_("normal"),
    # TRANSLATORS: a text size (Settings > Text size): larger than normal
    "large": N_("large"),
    # TRANSLATORS: a text size (Settings > Text size): larger than large, for a television
    "larger": N_("larger"),
}


def on_off(value: object) -> str:
    # TRANSLATORS: the value of a setting that is on or off
    return _("on") if value else _("off")


def text_size_name(size: object) -> str:
    return _(TEXT_SIZE_NAMES.get(str(size), str(size)))


def relay_row(address: str) -> str:
    """Settings' row of the relay (Play online's): the address, or none."""
    # TRANSLATORS: a row of Settings: the relay's address (Play online), or "none"
    return _("Relay:  {address}").format(address=address or _("none"))


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
                setting_item(
                    app,
                    # TRANSLATORS: a setting: how large every text of the game is drawn
                    N_("Text size"),
                    "text_size",
                    tuple(TEXT_SIZES),
                    "text_size",
                    text_size_name,
                ),
                # Play online's relay: its own screen, where it is typed
                MenuItem(
                    lambda: relay_row(s.relay), lambda: app.open("relay_setting"), key="relay"
                ),
                MenuItem(N_("Back"), lambda: app.pop(self), key="back"),
            ],
        )

    def menu_px(self, area: pygame.Rect, u: float) -> int:
        """Rows small enough for all of them to show in a small window."""
        fits = int(area.height / (1.7 * max(1, len(self.menu.items))))
        return max(min(int(self.row_px * u), fits), max(14, int(20 * u)))
