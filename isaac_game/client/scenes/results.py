"""The results screen: winner, scores, tie-break; rematch, save, review, menu.

A finished game the disk refused is said to be unsaved here too, and leaving the
screen asks before it is lost (`client/unsaved.py`).

Against the computer it speaks to the player ("You win", "You lose") and names who
played each colour ("You (Dark)", "Computer (hard) (Light)"); a hotseat game (and a
LAN game, whose seats are both people) keeps "Dark wins!".
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from isaac_game.players import HUMAN
from isaac_game.rules import GameRecord, Player

from ..control import ResultsControl, kind_label
from ..games.base import GameEntry
from ..handoff import GameOutcome, GameSetup
from ..input import Action, Button
from ..scene import Question
from ..theme import blit_text, draw_panel, ui_scale, wrap
from ..unsaved import FinishedGame, unsaved_question
from ..widgets.menu import MenuItem
from ..widgets.menu_screen import MenuScreen


class ResultsScene(MenuScreen):
    name = "results"

    def __init__(
        self, app, outcome: GameOutcome, game: GameEntry, control: ResultsControl | None = None
    ) -> None:
        super().__init__(app)
        self.outcome = outcome
        self.game = game  # its record: what its scores count, why the game was won
        self.control = control or ResultsControl()
        self.save_path = outcome.save_path
        self.saver = FinishedGame(app.storage, outcome.state, outcome.headers, outcome.save_path)
        self.saver.error = outcome.unsaved
        self.message = outcome.unsaved
        self.menu = self.make_menu(
            [
                MenuItem(
                    self.control.rematch_label,
                    self.rematch,
                    enabled=self.control.can_rematch,
                    key="rematch",
                ),
                MenuItem("Save game", self.save, key="save"),
                MenuItem("Review the game", self.review, key="review"),
                MenuItem("Main menu", self.to_menu, key="menu"),
            ]
        )

    def rematch(self) -> None:
        """A new game; a finished one that is not on disk is not left without asking."""
        question = self.leave_question(self._rematch)
        if question is not None:
            self.app.open("question", question, None)
        else:
            self._rematch()

    def _rematch(self) -> None:
        if self.control.rematch():
            return
        old = self.outcome.setup
        setup = GameSetup(old.game, dark=old.light, light=old.dark)
        self.app.switch("match", setup)

    def save(self) -> None:
        error = self.saver.retry()
        self.save_path = self.saver.path
        assert self.save_path is not None
        self.message = error or f"Saved as {self.save_path.name}"

    def review(self) -> None:
        """The replay of this game, titled with its players and its date."""
        record = GameRecord(self.outcome.state, self.saver.headers)
        self.app.open("replay", record, "This game")

    def to_menu(self) -> None:
        question = self.leave_question(self.leave)
        if question is not None:
            self.app.open("question", question, None)
        else:
            self.leave()

    def leave(self) -> None:
        if self.control.leaves_to_title:
            self.app.pop_to("title")
        else:
            self.app.pop(self)

    def leave_question(self, leave: Callable[[], None]) -> Question | None:
        """Asked before a finished game that is not on disk is left behind."""
        return unsaved_question(self.app, self.saver, leave)

    def refresh_every(self) -> float | None:
        return 0.5 if self.control.keeps_time() else None

    def update(self, dt: float) -> None:
        self.control.update(self.app)

    def on_exit(self) -> None:
        self.control.on_exit()

    def you(self) -> Player | None:
        """The one human seat of a game against the computer (None: hotseat, or no human)."""
        setup = self.outcome.setup
        humans = [
            p for p, k in ((Player.DARK, setup.dark), (Player.LIGHT, setup.light)) if k == HUMAN
        ]
        return humans[0] if len(humans) == 1 else None

    def who(self) -> tuple[str, str] | None:
        """Who played Dark and Light when a computer played ("You", "Computer (hard)");
        None in hotseat, where the colours say it all."""
        setup = self.outcome.setup
        kinds = ((Player.DARK, setup.dark), (Player.LIGHT, setup.light))
        if all(kind == HUMAN for _, kind in kinds):
            return None
        you = self.you()
        dark, light = ("You" if player == you else kind_label(kind) for player, kind in kinds)
        return dark, light

    def score_line(self) -> str:
        """`You (Dark) 104 - Computer (hard) (Light) 57`: both names and the final scores
        (what the score boxes show)."""
        who, (dark, light) = self.who(), self.outcome.state.scores
        names = [p.title for p in (Player.DARK, Player.LIGHT)]
        if who is not None:
            names = [f"{name} ({colour})" for name, colour in zip(who, names, strict=True)]
        return f"{names[0]} {dark} - {names[1]} {light}"

    def headline(self) -> tuple[Player | None, str, str]:
        """(winner, title, the reason shown under the scores)."""
        told = self.control.headline(self.outcome)
        if told is not None:
            return told
        state = self.outcome.state
        winner = state.winner
        title = f"{winner.title} wins!" if winner else "A draw"
        you = self.you()
        if you is not None and winner is not None:
            title = "You win" if winner == you else "You lose"
        return winner, title, self.game.why_over(state)

    closes_on = (Button.BACK,)

    def close(self) -> None:
        self.to_menu()

    def handle(self, action: Action) -> None:
        if not self.control.handle(action):
            super().handle(action)

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
        # against the computer a box names who played (one size for both names), then
        # the colour; in hotseat the colour is the name
        who = self.who()
        lift = int(26 * u) if who else 0
        box = pygame.Rect(0, 0, int(330 * u), int(130 * u) + lift)
        name_px = int(34 * u)
        if who is not None:
            name_px = min(fonts.fit(n, name_px, box.width - int(24 * u), True) for n in who)
        y = int(h * 0.25)
        for i, (player, score) in enumerate(((Player.DARK, dark), (Player.LIGHT, light))):
            box.midtop = (w // 2 + (-1 if i == 0 else 1) * int(185 * u), y)
            draw_panel(surface, box, pal, radius=int(14 * u))
            if player == winner:
                pygame.draw.rect(
                    surface, pal.accent, box, max(3, int(4 * u)), border_radius=int(14 * u)
                )
            at = (box.centerx, box.y + int(28 * u))
            if who is not None:
                blit_text(surface, fonts, who[i], name_px, pal.text, at, "center", True)
                at = (box.centerx, at[1] + lift)
            label = player.title + self.game.score_suffix
            px = int(24 * u) if who else int(34 * u)
            blit_text(surface, fonts, label, px, pal.text_dim, at, "center")
            blit_text(
                surface,
                fonts,
                str(score),
                int(80 * u),
                pal.text,
                (box.centerx, box.y + int(84 * u) + lift),
                "center",
                True,
            )
        y += int(150 * u) + lift
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
                pal.illegal if self.saver.unsaved() else pal.text_dim,
                (w // 2, y + int(6 * u)),
                "center",
            )
        panel = pygame.Rect(0, 0, int(min(w * 0.6, 560 * u)), int(h * 0.36))
        panel.midbottom = (w // 2, h - int(30 * u))
        draw_panel(surface, panel, pal, radius=int(18 * u))
        self.menu.layout(panel.inflate(-int(40 * u), -int(20 * u)), int(32 * u))
        self.menu.draw(surface, fonts, pal)
        self.control.draw(surface, self.menu, u)
