"""The Clock row of a menu: no clock, the presets, the player's own time control (typed
on the keyboard or the on-screen keyboard) and a way to type another, kept in
`Settings.clock`. The title offers it for a new game, and the LAN and online host
menus for the games they host: one row, one remembered choice, wherever a game is set
up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from isaac_game.clock import PRESETS, TimeControl, TimeControlError, control_text
from isaac_game.i18n import N_, _, pgettext

from .handoff import settings_clock
from .widgets.menu import MenuItem

if TYPE_CHECKING:
    from .app import App

#: The Clock row's last value: type a time control of one's own.
OWN_CLOCK = "own"


def clock_name(value: object) -> str:
    """A Clock row's value in words: "None", "10 min + 5 s", "Your own..."."""
    if value == OWN_CLOCK:
        return _("Your own...")
    control = settings_clock(str(value))
    if control is None:
        return pgettext("clock", "None")
    minutes, seconds = str(control).split("+")
    # TRANSLATORS: a time control: {minutes} each, {seconds} added after each turn
    return _("{minutes} min + {seconds} s").format(minutes=minutes, seconds=seconds)


def clock_item(app: App, key: str = "clock") -> MenuItem:
    """The Clock row, its choice kept in the settings as soon as it changes."""

    def values() -> list[str]:
        """No clock, the presets, the player's own one if they typed one, and a way to
        type another."""
        shown = [control_text(None), *(str(preset) for preset in PRESETS)]
        own = app.settings.clock
        if own not in shown and settings_clock(own) is not None:
            shown.append(own)
        return [*shown, OWN_CLOCK]

    def typed(text: str) -> None:
        try:
            control = TimeControl.parse(text)
        except TimeControlError:
            app.open(
                "message",
                _("Not a clock"),
                _("Write the minutes, then the seconds added after each turn: 15 10."),
            )
            return
        app.settings.clock = control_text(control)
        app.save_settings()

    def chosen(value: object) -> None:
        """A time control chosen (kept for the next game); "your own" opens the
        on-screen keyboard to type one."""
        if value == OWN_CLOCK:
            # TRANSLATORS: the on-screen keyboard's heading for a clock of one's own
            heading = _("Your clock: minutes, then seconds added each turn (15 10)")
            app.open("keyboard", heading, "", typed, 9)
            return
        app.settings.clock = str(value)
        app.save_settings()

    return MenuItem(
        N_("Clock"),
        values=values,
        get=lambda: app.settings.clock,
        set=chosen,
        show=clock_name,
        key=key,
    )
