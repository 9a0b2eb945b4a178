"""The results screen: winner, scores, tie-break; rematch, save, review, menu."""

from __future__ import annotations

import pygame

from isaac_game.rules import Player

from .input import Action, Button
from .scene import GameOutcome, GameSetup, Scene
from .theme import blit_text, draw_panel, ui_scale, wrap
from .widgets import Menu, MenuItem

#: What the score boxes count, where it is not a score track.
_SCORE_SUFFIX = {"foundations": ": in hand", "hari": ": on board"}


class ResultsScene(Scene):
    name = "results"

    def __init__(self, app, outcome: GameOutcome) -> None:
        super().__init__(app)
        self.outcome = outcome
        self.save_path = outcome.save_path
        self.message = ""
        self.menu = Menu(
            [
                MenuItem("Rematch (colours swapped)", self.rematch, key="rematch"),
                MenuItem("Save game", self.save, key="save"),
                MenuItem("Review the game", self.review, key="review"),
                MenuItem("Main menu", self.to_menu, key="menu"),
            ],
            on_change=lambda: app.audio.play("click"),
        )

    def rematch(self) -> None:
        from .games import play_scene

        old = self.outcome.setup
        setup = GameSetup(old.game, dark=old.light, light=old.dark)
        self.app.replace(play_scene(self.app, setup))

    def save(self) -> None:
        storage = self.app.storage
        if self.save_path is None:
            self.save_path = storage.new_save_path()
        error = storage.save_game(self.save_path, self.outcome.state, self.outcome.headers)
        self.message = error or f"Saved as {self.save_path.name}"

    def review(self) -> None:
        from .games import replay_scene

        self.app.push(replay_scene(self.app, self.outcome.state, "This game"))

    def to_menu(self) -> None:
        self.app.pop(self)

    def headline(self) -> tuple[Player | None, str, str]:
        """(winner, title, the reason shown under the scores)."""
        state = self.outcome.state
        winner = state.winner
        title = f"{winner.title} wins!" if winner else "A draw"
        dark, light = state.scores
        if state.game == "hari":  # RULES.md 3.7: most value on the board; draws happen
            if winner is None:
                return None, title, f"Equal value on the board ({dark} each): a draw"
            low, high = sorted((dark, light))
            return winner, title, f"{winner.title} has more value on the board: {high} to {low}"
        reason = state.tiebreak
        if state.game == "foundations" and reason is None and winner is not None:
            won, lost = sorted((dark, light))
            reason = (
                f"{winner.title} has less value left in hand: {won} against {lost} (lower wins)"
            )
        elif reason is None and max(dark, light) >= 100:
            reason = (
                f"{winner.title} reached {max(dark, light)} and left the track" if winner else ""
            )
        elif reason is None:
            reason = "Both players are out; the higher score wins"
        else:
            reason = "Tie-break: " + reason
        return winner, title, reason

    def handle(self, action: Action) -> None:
        if action.button == Button.BACK:
            self.to_menu()
        else:
            self.menu.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = ui_scale((w, h))
        pal, fonts = self.app.palette, self.app.fonts
        state = self.outcome.state
        surface.fill(pal.background)
        winner, title, reason = self.headline()
        blit_text(
            surface, fonts, title, int(110 * u), pal.accent, (w // 2, int(h * 0.13)), "center", True
        )
        dark, light = state.scores
        y = int(h * 0.25)
        for i, (player, score) in enumerate(((Player.DARK, dark), (Player.LIGHT, light))):
            box = pygame.Rect(0, 0, int(260 * u), int(130 * u))
            box.midtop = (w // 2 + (-1 if i == 0 else 1) * int(160 * u), y)
            draw_panel(surface, box, pal, radius=int(14 * u))
            if player == winner:
                pygame.draw.rect(
                    surface, pal.accent, box, max(3, int(4 * u)), border_radius=int(14 * u)
                )
            blit_text(
                surface,
                fonts,
                player.title + _SCORE_SUFFIX.get(state.game, ""),
                int(34 * u),
                pal.text_dim,
                (box.centerx, box.y + int(28 * u)),
                "center",
            )
            blit_text(
                surface,
                fonts,
                str(score),
                int(80 * u),
                pal.text,
                (box.centerx, box.y + int(84 * u)),
                "center",
                True,
            )
        y += int(150 * u)
        px = int(28 * u)
        for line in wrap(fonts, reason, px, int(w * 0.7)):
            blit_text(surface, fonts, line, px, pal.text, (w // 2, y), "center")
            y += int(px * 1.25)
        if self.message:
            blit_text(
                surface,
                fonts,
                self.message,
                int(24 * u),
                pal.text_dim,
                (w // 2, y + int(6 * u)),
                "center",
            )
        panel = pygame.Rect(0, 0, int(min(w * 0.6, 560 * u)), int(h * 0.36))
        panel.midbottom = (w // 2, h - int(30 * u))
        draw_panel(surface, panel, pal, radius=int(18 * u))
        self.menu.layout(panel.inflate(-int(40 * u), -int(20 * u)), int(32 * u))
        self.menu.draw(surface, fonts, pal)
