"""The results screen: the final board beside the winner, scores, tie-break; rematch,
where the file is, review, menu.

Every game is on disk already (saved after every move), so there is no Save here:
"Show the file" says where it is. A finished game the disk refused is said to be
unsaved instead, the row tries its file again, and leaving the screen asks before it
is lost (`client/unsaved.py`). Review opens the replay of that file, so an analysis
made there is kept beside it (`<save>.analysis.json`) and found the next time.

The results take no input for a moment after they open (`SETTLE`), and a key held as
they open does nothing until it is let go: Enter also goes on past the computer's move,
and a player pressing it as the game ended would choose Rematch before seeing them.

Against the computer it speaks to the player ("You win", "You lose") and names who
played each colour ("You (Dark)", "Level 9 (Hard) (Light)"); a hotseat game (and a
LAN game, whose seats are both people) keeps "Dark wins!".
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from isaac_game.i18n import N_, _
from isaac_game.players import HUMAN
from isaac_game.rules import GameRecord, Headers, OffBoard, Player, lost_in

from ..control import ResultsControl
from ..games.base import GameEntry
from ..handoff import GameOutcome, GameSetup, history_of
from ..input import Action, Button
from ..scene import Question
from ..theme import blit_text, draw_panel, fit_line, line_step, ui_scale, wrap
from ..unsaved import FinishedGame, file_label, show_file, unsaved_question
from ..widgets.menu import MenuItem
from ..widgets.menu_screen import MenuScreen
from ..words import kind_words, side_name

#: Seconds of the app's clock (its updates, so a test steps through them frame by
#: frame) in which the results take no input after they open.
SETTLE = 0.75


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
        # the game goes into the stats (never fails it: trouble is said once, at the title)
        saved = None if outcome.unsaved else outcome.save_path
        app.notice = app.storage.add_to_stats(saved, outcome.state, outcome.headers) or app.notice
        self.message = outcome.unsaved
        self.settling = SETTLE  # the input that goes on past a move is not taken here
        #: the final position and the one before it (its last move is marked)
        self.states = list(history_of(outcome.state)[-2:])
        self.index = len(self.states) - 1
        self.view = game.replay_view(app.fonts)
        self.menu = self.make_menu(
            [
                MenuItem(
                    self.control.rematch_label,
                    self.rematch,
                    enabled=self.control.can_rematch,
                    key="rematch",
                ),
                MenuItem(self.file_label, self.file, key="file"),
                MenuItem(N_("Review the game"), self.review, key="review"),
                MenuItem(N_("Report"), self.report, key="report"),
                MenuItem(N_("Main menu"), self.to_menu, key="menu"),
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
        setup = GameSetup(old.game, dark=old.light, light=old.dark, clock=old.clock)
        self.app.switch("match", setup)

    def file_label(self) -> str:
        return file_label(self.saver)

    def file(self) -> None:
        """Where the game is kept (`unsaved.show_file`, as the pause menu's); a game the
        disk refused (or one never kept, as a LAN game the other side never moved in) is
        saved now, and goes into the stats once it is on disk."""
        trying = bool(self.saver.unsaved()) or self.saver.path is None
        said = show_file(self.app, self.saver)
        self.save_path = self.saver.path
        if not trying:
            return
        self.message = said
        if self.save_path is not None and not self.saver.unsaved():
            state, headers = self.outcome.state, self.saver.headers
            notice = self.app.storage.add_to_stats(self.save_path, state, headers)
            self.app.notice = notice or self.app.notice

    def review(self) -> None:
        """The replay of this game, titled with its players and its date, opened on its
        file when it is on disk (an analysis made there is kept beside it)."""
        record = GameRecord(self.outcome.state, self.saver.headers)
        path = self.saver.path
        self.app.open(
            "replay", record, path if path and not self.saver.unsaved() else _("This game")
        )

    def report(self) -> None:
        """The report of this game (its graph, its mistakes once analysed), opened on
        its file as the review is."""
        record = GameRecord(self.outcome.state, self.saver.headers)
        path = self.saver.path
        self.app.open(
            "report", record, path if path and not self.saver.unsaved() else _("This game")
        )

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
        self.settling = max(0.0, self.settling - dt)
        self.control.update(self.app)

    def on_enter(self) -> None:
        """A key held as the results open (Enter, pressed for the computer's last move)
        is not taken as a choice here, however long it repeats."""
        self.app.swallow_held_keys()

    def accepts_input(self) -> bool:
        return self.settling <= 0

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
        """Who played Dark and Light when a computer played ("You", "Level 9 (Hard)");
        None in hotseat, where the colours say it all."""
        setup = self.outcome.setup
        kinds = ((Player.DARK, setup.dark), (Player.LIGHT, setup.light))
        if all(kind == HUMAN for _player, kind in kinds):
            return None
        you = self.you()
        game = setup.game
        dark, light = (_("You") if p == you else kind_words(kind, game) for p, kind in kinds)
        return dark, light

    def score_line(self) -> str:
        """`You (Dark) 104 - Level 9 (Hard) (Light) 57`: both names and the final scores
        (what the score boxes show)."""
        who, (dark, light) = self.who(), self.outcome.state.scores
        names = [side_name(p) for p in (Player.DARK, Player.LIGHT)]
        if who is not None:
            # TRANSLATORS: who played a colour: "You (Dark)", "Level 9 (Hard) (Light)"
            seat = _("{name} ({colour})")
            names = [seat.format(name=n, colour=c) for n, c in zip(who, names, strict=True)]
        return f"{names[0]} {dark} - {names[1]} {light}"

    def headline(self) -> tuple[Player | None, str, str]:
        """(winner, title, the reason shown under the scores)."""
        told = self.control.headline(self.outcome)
        if told is not None:
            return told
        state = self.outcome.state
        winner = state.winner
        lost = None if state.is_over else lost_in(self.outcome.headers)
        if lost is not None:
            winner = lost.player.other
        # TRANSLATORS: the results' headline; {player} is "Dark" or "Light"
        title = _("{player} wins!").format(player=side_name(winner)) if winner else _("A draw")
        you = self.you()
        if you is not None and winner is not None:
            title = _("You win") if winner == you else _("You lose")
        reason = self.game.why_over(state)
        if lost is not None and lost.how is OffBoard.TIME:  # docs/rules.md 5
            reason = _("{player} ran out of time").format(player=side_name(lost.player))
        if Headers(self.outcome.headers).coached:  # the coach's Take it back was used
            reason = "\n".join(filter(None, (reason, _("Coached: a move was taken back."))))
        return winner, title, reason

    closes_on = (Button.BACK,)

    def close(self) -> None:
        self.to_menu()

    def handle(self, action: Action) -> None:
        if not self.accepts_input():
            return
        if not self.control.handle(action):
            super().handle(action)

    def layout(self, w: int, h: int, u: float) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """(the board, the room under it the control draws in, the column beside it
        holding the verdict and the menu): a pure function of the window."""
        margin = int(30 * u)
        room_h = int(self.control.room_under_board() * u)
        gap = int(12 * u) if room_h else 0
        side = max(1, min(h - 2 * margin - room_h - gap, int(w * 0.42)))
        board = pygame.Rect(margin, (h - side - room_h - gap) // 2, side, side)
        room = pygame.Rect(margin, board.bottom + gap, side, room_h)
        column = pygame.Rect(board.right + margin, 0, w - board.right - 2 * margin, h)
        return board, room, column

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = ui_scale((w, h))
        pal, fonts = self.app.palette, self.app.fonts
        state = self.outcome.state
        surface.fill(pal.background)
        board, room, column = self.layout(w, h, u)
        side = self.control.facing() or self.you() or Player.DARK
        self.view.board.place(board, side)
        self.view.draw_board(surface, self, pal)
        cx = column.centerx
        winner, title, reason = self.headline()
        px = fonts.fit(title, int(110 * u), column.width, True)
        blit_text(surface, fonts, title, px, pal.accent, (cx, int(h * 0.13)), "center", True)
        dark, light = state.scores
        # against the computer a box names who played (one size for both names), then
        # the colour; in hotseat the colour is the name
        who = self.who()
        gap = int(20 * u)
        box_w = min(int(330 * u), (column.width - gap) // 2)
        name_px = int(34 * u)
        if who is not None:
            name_px = min(fonts.fit(n, name_px, box_w - int(24 * u), True) for n in who)
        label_px = int(24 * u) if who else int(34 * u)
        # the name, the colour and the score one under the other, as far apart as their
        # lines are high (at the player's text size)
        label_h, score_h = fonts.line_height(label_px), fonts.line_height(int(80 * u), True)
        lift = max(int(26 * u), (fonts.line_height(name_px, True) + label_h) // 2) if who else 0
        drop = max(int(56 * u), (label_h + score_h) // 2)
        box = pygame.Rect(0, 0, box_w, int(74 * u) + drop + lift)
        y = int(h * 0.25)
        for i, (player, score) in enumerate(((Player.DARK, dark), (Player.LIGHT, light))):
            box.midtop = (cx + (-1 if i == 0 else 1) * (box_w + gap) // 2, y)
            draw_panel(surface, box, pal, radius=int(14 * u))
            if player == winner:
                pygame.draw.rect(
                    surface, pal.accent, box, max(3, int(4 * u)), border_radius=int(14 * u)
                )
            at = (box.centerx, box.y + int(28 * u))
            if who is not None:
                blit_text(surface, fonts, who[i], name_px, pal.text, at, "center", True)
                at = (box.centerx, at[1] + lift)
            suffix = self.game.score_suffix  # an English source (`N_`), or nothing
            label = side_name(player) + (_(suffix) if suffix else "")
            px, label = fit_line(fonts, label, label_px, box.width - int(24 * u))
            blit_text(surface, fonts, label, px, pal.text_dim, at, "center")
            score_at = (box.centerx, at[1] + drop)
            blit_text(surface, fonts, str(score), int(80 * u), pal.text, score_at, "center", True)
        y += box.height + int(20 * u)
        px = int(28 * u)
        for line in wrap(fonts, reason, px, int(column.width * 0.95)):
            blit_text(surface, fonts, line, px, pal.text, (cx, y), "center")
            y += line_step(fonts, px, 1.25)
        if self.message:
            colour = pal.illegal if self.saver.unsaved() else pal.text_dim
            px = int(24 * u)
            for line in wrap(fonts, self.message, px, int(column.width * 0.95)):
                blit_text(surface, fonts, line, px, colour, (cx, y + int(6 * u)), "center")
                y += line_step(fonts, px, 1.25)
        panel = pygame.Rect(0, 0, min(column.width, int(560 * u)), int(h * 0.36))
        panel.midbottom = (cx, h - int(30 * u))
        draw_panel(surface, panel, pal, radius=int(18 * u))
        area = panel.inflate(-int(40 * u), -int(20 * u))
        self.menu.layout(area, min(int(32 * u), int(area.height / (1.7 * len(self.menu.items)))))
        self.menu.draw(surface, fonts, pal)
        self.control.draw(surface, self.menu, u, room)
