"""The title screen and main menu; starts the demo after 90 idle seconds.

The menu reads in the order a player chooses: the game, who plays Dark and Light,
then New game (chosen when the title opens, so Enter starts at once). The heading is
the game chosen, and the game and the seats are remembered in the settings. A game to
pick up ("Resume: ...") comes first, in rows kept free for it: the rows below never
move when one appears or goes.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from isaac_game.i18n import N_, _, ngettext, pgettext
from isaac_game.players import player_kinds

from ..clock_row import clock_item
from ..handoff import GameSetup, Resumable, demo_setup, settings_clock
from ..input import Action, Button
from ..learn.practice import due_count
from ..scene import Scene
from ..theme import blit_text, draw_panel, fit_line, fit_lines, ui_scale
from ..widgets.coach import COACH_LEVELS
from ..widgets.menu import Menu, MenuItem, setting_item
from ..words import and_list, choice_words, ratings_line

IDLE_DEMO = 90.0
#: The rows kept free above the menu for games to pick up: the title offers at most a
#: LAN or online game to rejoin and one saved game (`lan.resume.resumables`).
RESUME_SLOTS = 2


def coach_name(level: object) -> str:
    """The coach's setting as the title's Coach row shows it."""
    words = {"mistakes": _("mistakes"), "blunders": _("blunders")}
    # TRANSLATORS: the coach's setting when it is off
    return words.get(str(level), _("off"))


def kind_name(kind: object, game: str = "isaac") -> str:
    """A seat's kind as the title's Dark and Light rows show it: a computer by the name
    it has everywhere and its measured rating in `game` ("Level 6 (Medium) ·
    800"); the bottom line says what the ratings mean while a seat's row is chosen."""
    return choice_words(str(kind), game)


def read_aloud(game: str) -> str:
    """A game's name as players of the language read it: the Korean page calls ISAAC
    아이작. Where a language reads the name as written, it is the name."""
    names = {
        # TRANSLATORS: the game's name as players of your language say it, shown under
        # the title; keep "ISAAC" if it is read as written (Korean: 아이작)
        "isaac": pgettext("the game's name read aloud", "ISAAC"),
        # TRANSLATORS: the game's name as players of your language say it, shown under
        # the title; keep "FOUNDATIONS" if it is read as written
        "foundations": pgettext("the game's name read aloud", "FOUNDATIONS"),
        # TRANSLATORS: the game's name as players of your language say it, shown under
        # the title; keep "HARI" if it is read as written
        "hari": pgettext("the game's name read aloud", "HARI"),
    }
    return names.get(game, game.upper())


class TitleScene(Scene):
    name = "title"

    def __init__(
        self,
        app,
        games: tuple[str, ...],
        resumables: Callable[[], list[Resumable]] = list,
    ) -> None:
        super().__init__(app)
        #: the games this client plays (the registry's records), ISAAC first
        self.games = games
        #: the games that can be picked up where they stopped (asked on each return here)
        self.resumables = resumables
        remembered = app.settings.game
        self.game = remembered if remembered in games else games[0]
        self.idle = 0.0
        self.menu = self.make_menu([])
        #: your positions to practise today (Learn to play > Your positions)
        self.to_practise = due_count(app.storage.stats, games)

    def make_menu(self, resume: list[Resumable]) -> Menu:
        """The main menu; a game to pick up comes first, so Enter resumes it."""
        app = self.app
        items = [
            MenuItem(partial(str, r.label), partial(self.resume, r), key=f"resume{i}")
            for i, r in enumerate(resume)
        ]
        items += [
            MenuItem(
                N_("Game"),
                values=self.games,
                get=lambda: self.game,
                set=self._set_game,
                show=lambda g: str(g).upper(),
                key="game",
            ),
            self.seat_item(N_("Dark"), "dark_kind", "dark"),
            self.seat_item(N_("Light"), "light_kind", "light"),
            MenuItem(
                N_("Coach"),
                values=COACH_LEVELS,
                get=lambda: app.settings.coach_for(self.game),
                set=self._set_coach,
                show=coach_name,
                key="coach",
            ),
            clock_item(app),
            MenuItem(N_("New game"), self.new_game, key="new"),
            MenuItem(N_("Host a LAN game"), self.lan_host, key="lan_host"),
            MenuItem(N_("Join a LAN game"), self.lan_join, key="lan_join"),
            MenuItem(N_("Play online"), self.online, key="online"),
            MenuItem(
                self.continue_label,
                self.continue_game,
                enabled=app.storage.has_unfinished,
                key="continue",
            ),
            MenuItem(
                N_("Replay a saved game"),
                self.replay_game,
                enabled=app.storage.has_saves,
                key="replay",
            ),
            MenuItem(N_("Learn to play"), self.learn, key="learn"),
            MenuItem(N_("Your record"), self.stats, key="stats"),
            MenuItem(N_("Rules"), self.rules, key="rules"),
            MenuItem(N_("Settings"), self.settings, key="settings"),
            MenuItem(N_("Quit"), app.quit, key="quit"),
        ]
        menu = Menu(items, on_change=lambda: app.audio.play("click"))
        if not resume:
            menu.select("new")  # Enter starts a game with the choices above
        return menu

    def seat_item(self, label: str, setting: str, key: str) -> MenuItem:
        """A seat's row: a human, or a step of the chosen game's ladder."""
        return setting_item(
            self.app,
            label,
            setting,
            lambda: player_kinds(self.game),
            key,
            lambda kind: kind_name(kind, self.game),
            str,
        )

    def _set_coach(self, level: object) -> None:
        """The coach's row sits with the seats, under the game it is for: a player sets
        up a game against the computer there, and the coach is one more choice of that
        game (each game keeps its own; Settings would hide it a screen away)."""
        self.app.settings.coach = {**self.app.settings.coach, self.game: str(level)}
        self.app.save_settings()

    def _set_game(self, game: object) -> None:
        self.game = str(game)
        self.app.settings.game = self.game  # the title opens on it next time
        self.app.save_settings()

    # ----- actions -------------------------------------------------------------------

    def continue_label(self) -> str:
        """Greyed out, the row says why: nothing is unfinished."""
        if self.app.storage.has_unfinished():
            return _("Continue a saved game")
        return _("No saved game to continue")

    def resume(self, game: Resumable) -> None:
        self.app.open(game.scene, *game.handoff)

    def new_game(self) -> None:
        s = self.app.settings
        clock = settings_clock(s.clock)
        self.app.open("match", GameSetup(self.game, s.dark_kind, s.light_kind, clock=clock))

    def lan_host(self) -> None:
        self.app.open("lan_host")

    def lan_join(self) -> None:
        self.app.open("lan_join")

    def online(self) -> None:
        self.app.open("online")

    def continue_game(self) -> None:
        self.app.open("saves", "continue")

    def replay_game(self) -> None:
        self.app.open("saves", "replay")

    def learn(self) -> None:
        self.app.open("learn")

    def stats(self) -> None:
        self.app.open("stats")

    def rules(self) -> None:
        self.app.open("rules", self.game)

    def settings(self) -> None:
        self.app.open("settings")

    def start_demo(self) -> None:
        self.app.open("match", demo_setup(self.game))

    # ----- life cycle ------------------------------------------------------------------

    def on_resume(self) -> None:
        self.idle = 0.0
        self.to_practise = due_count(self.app.storage.stats, self.games)
        # the saves may have changed while away (a game kept, finished or continued)
        key = self.menu.current.key if self.menu.items else ""
        resume = self.resumables()
        self.menu = self.make_menu(resume)
        if not resume and key in {item.key for item in self.menu.items}:
            self.menu.select(key)  # else the game to pick up is chosen: Enter resumes it
        if self.app.notice:
            notice, self.app.notice = self.app.notice, None
            self.app.open("message", _("Note"), notice)

    def on_language(self) -> None:
        """The games to pick up are labelled again (the other rows translate as drawn)."""
        key = self.menu.current.key if self.menu.items else ""
        self.menu = self.make_menu(self.resumables())
        if key in {item.key for item in self.menu.items}:
            self.menu.select(key)

    def handle(self, action: Action) -> None:
        self.idle = 0.0
        if action.button == Button.BACK:
            self.menu.select("quit")
            return
        self.menu.handle(action)

    def update(self, dt: float) -> None:
        self.idle += dt
        if self.idle >= IDLE_DEMO:
            self.idle = 0.0
            self.start_demo()

    def heading(self) -> str:
        """The title's big word: the game chosen."""
        return self.game.upper()

    def heading_read(self) -> str:
        """The heading as a player of the language says it, when that is not how it is
        written ("아이작" under ISAAC in Korean); else nothing. The name itself is never
        translated: it is printed on the box."""
        said = read_aloud(self.game)
        return "" if said == self.heading() else said

    def lay_out_menu(self, w: int, h: int, u: float) -> pygame.Rect:
        """Place the menu's rows (a pure function of the window and of how many games
        there are to pick up); the panel around the rows in use. Room is always kept
        for RESUME_SLOTS rows above the others, which therefore never move."""
        area = pygame.Rect(0, int(h * 0.29), int(min(w * 0.6, 620 * u)), 0)
        area.height = h - area.y - int(50 * u)
        area.centerx = w // 2
        inner = area.inflate(-int(40 * u), -int(24 * u))
        items = self.menu.items
        resumes = sum(item.key.startswith("resume") for item in items)
        slots = len(items) - resumes + RESUME_SLOTS
        px = min(int(34 * u), int(inner.height / slots / 1.7))
        row = max(1, int(px * 1.7))
        top = inner.bottom - row * slots + row * max(0, RESUME_SLOTS - resumes)
        for i, item in enumerate(items):
            item.rect = pygame.Rect(inner.x, top + i * row, inner.width, row - 4)
        self.menu.px = px
        panel = area.copy()
        panel.top = top - (inner.top - area.top)  # the rows in use, with the same margin
        panel.height = area.bottom - panel.top
        return panel

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = ui_scale((w, h))
        pal, fonts = self.app.palette, self.app.fonts
        surface.fill(pal.background)
        # a few decorative pieces in the margins, drawn in the board's colours
        cell = int(34 * u)
        side = (w - int(min(w * 0.6, 620 * u))) // 2
        decor = ((7, 0.5, 0.22, True, "h"), (5, 0.3, 0.58, False, "v"), (4, 0.6, 0.88, False, "h"))
        for length, fx, fy, dark, direction in decor:
            for mirror in (False, True):
                size = (cell * length, cell) if direction == "h" else (cell, cell * length)
                rect = pygame.Rect((0, 0), size)
                cx = int(fx * side)
                rect.center = (w - cx if mirror else cx, int(fy * h))
                fill = pal.dark_piece if dark != mirror else pal.light_piece
                pygame.draw.rect(surface, fill, rect, border_radius=cell // 3)
                edge = max(1, int(2 * u))
                pygame.draw.rect(surface, pal.panel_edge, rect, edge, border_radius=cell // 3)
        heading = self.heading()
        px = fonts.fit(heading, int(150 * u), int(w - 2 * side), True)
        at = (w // 2, int(h * 0.15))
        drawn = blit_text(surface, fonts, heading, px, pal.accent, at, "center", True)
        said = self.heading_read()
        if said:  # beside the heading, at its foot: the rows below never move for it
            beside = (drawn.right + int(12 * u), drawn.bottom - int(8 * u))
            blit_text(surface, fonts, said, int(34 * u), pal.accent, beside, "bottomleft", True)
        sub = and_list([g.title() for g in self.games])  # the games' names: never translated
        # under the heading, however tall the font draws it
        below = (w // 2, max(int(h * 0.15 + 68 * u), drawn.bottom + int(4 * u)))
        drawn = blit_text(surface, fonts, sub, int(24 * u), pal.text_dim, below, "midtop")
        panel = self.lay_out_menu(w, h, u)
        if self.to_practise:
            count = self.to_practise
            # TRANSLATORS: on the title: the player's own mistakes kept to practise
            line = ngettext(
                "{count} position to practise today", "{count} positions to practise today", count
            ).format(count=count)
            # under the games' names, kept clear of the menu (smaller if it must)
            y, width = drawn.bottom + int(8 * u), w - 2 * side
            px, lines = fit_lines(fonts, line, int(22 * u), width, panel.top - int(4 * u) - y)
            for part in lines:
                y = blit_text(surface, fonts, part, px, pal.accent, (w // 2, y), "midtop").bottom
        draw_panel(surface, panel, pal, radius=int(18 * u))
        self.menu.draw(surface, fonts, pal)
        px, hint = fit_line(fonts, self.footer(), int(22 * u), w - int(40 * u))
        blit_text(surface, fonts, hint, px, pal.text_dim, (w // 2, h - int(22 * u)), "center")

    def footer(self) -> str:
        """The line at the bottom: how to use the menu, or, while a seat's row is chosen
        (the level chooser), what the numbers after the computer levels are."""
        if self.menu.items and self.menu.current.key in ("dark", "light"):
            return ratings_line()
        return _("Mouse, arrows + Enter, or a gamepad (D-pad + A).  F11: fullscreen")
