"""The title screen and main menu; starts the demo after 90 idle seconds."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from isaac_game.players import HUMAN, PLAYER_KINDS

from ..handoff import GameSetup, Resumable
from ..input import Action, Button
from ..scene import Scene
from ..theme import blit_text, draw_panel, ui_scale
from ..widgets.menu import Menu, MenuItem, setting_item

IDLE_DEMO = 90.0


def kind_name(kind: object) -> str:
    return "Human" if kind == HUMAN else f"Computer: {kind}"


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
        self.game = games[0]
        self.idle = 0.0
        self.menu = self.make_menu([])

    def make_menu(self, resume: list[Resumable]) -> Menu:
        """The main menu; a game to pick up comes first, so Enter resumes it."""
        app = self.app
        items = [
            MenuItem(r.label, partial(self.resume, r), key=f"resume{i}")
            for i, r in enumerate(resume)
        ]
        items += [
            MenuItem("New game", self.new_game, key="new"),
            MenuItem(
                "Game",
                values=self.games,
                get=lambda: self.game,
                set=self._set_game,
                show=lambda g: str(g).upper(),
                key="game",
            ),
            setting_item(app, "Dark", "dark_kind", PLAYER_KINDS, "dark", kind_name, str),
            setting_item(app, "Light", "light_kind", PLAYER_KINDS, "light", kind_name, str),
            MenuItem("Host a LAN game", self.lan_host, key="lan_host"),
            MenuItem("Join a LAN game", self.lan_join, key="lan_join"),
            MenuItem(
                "Continue a saved game",
                self.continue_game,
                enabled=app.storage.has_saves,
                key="continue",
            ),
            MenuItem(
                "Replay a saved game",
                self.replay_game,
                enabled=app.storage.has_saves,
                key="replay",
            ),
            MenuItem("Learn to play", self.learn, key="learn"),
            MenuItem("Rules", self.rules, key="rules"),
            MenuItem("Settings", self.settings, key="settings"),
            MenuItem("Quit", app.quit, key="quit"),
        ]
        return Menu(items, on_change=lambda: app.audio.play("click"))

    def _set_game(self, game: object) -> None:
        self.game = str(game)

    # ----- actions -------------------------------------------------------------------

    def resume(self, game: Resumable) -> None:
        self.app.open(game.scene, *game.handoff)

    def new_game(self) -> None:
        s = self.app.settings
        self.app.open("match", GameSetup(self.game, s.dark_kind, s.light_kind))

    def lan_host(self) -> None:
        self.app.open("lan_host")

    def lan_join(self) -> None:
        self.app.open("lan_join")

    def continue_game(self) -> None:
        self.app.open("saves", "continue")

    def replay_game(self) -> None:
        self.app.open("saves", "replay")

    def learn(self) -> None:
        self.app.open("learn")

    def rules(self) -> None:
        self.app.open("rules", self.game)

    def settings(self) -> None:
        self.app.open("settings")

    def start_demo(self) -> None:
        self.app.open("match", GameSetup(self.game, "easy", "easy", demo=True))

    # ----- life cycle ------------------------------------------------------------------

    def on_resume(self) -> None:
        self.idle = 0.0
        # the saves may have changed while away (a game kept, finished or continued)
        key = self.menu.current.key if self.menu.items else ""
        resume = self.resumables()
        self.menu = self.make_menu(resume)
        if not resume and key in {item.key for item in self.menu.items}:
            self.menu.select(key)  # else the game to pick up is chosen: Enter resumes it
        if self.app.notice:
            notice, self.app.notice = self.app.notice, None
            self.app.open("message", "Note", notice)

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
        blit_text(
            surface,
            fonts,
            "ISAAC",
            int(150 * u),
            pal.accent,
            (w // 2, int(h * 0.15)),
            "center",
            True,
        )
        sub = ", ".join(g.title() for g in self.games[:-1]) + " and " + self.games[-1].title()
        blit_text(
            surface,
            fonts,
            sub,
            int(24 * u),
            pal.text_dim,
            (w // 2, int(h * 0.15 + 80 * u)),
            "center",
        )
        panel = pygame.Rect(0, int(h * 0.29), int(min(w * 0.6, 620 * u)), 0)
        panel.height = h - panel.y - int(50 * u)
        panel.centerx = w // 2
        draw_panel(surface, panel, pal, radius=int(18 * u))
        inner = panel.inflate(-int(40 * u), -int(24 * u))
        px = min(int(34 * u), int(inner.height / len(self.menu.items) / 1.7))
        self.menu.layout(inner, px)
        self.menu.draw(surface, fonts, pal)
        hint = "Mouse, arrows + Enter, or a gamepad (D-pad + A).  F11: fullscreen"
        blit_text(
            surface, fonts, hint, int(22 * u), pal.text_dim, (w // 2, h - int(22 * u)), "center"
        )
