"""Review a finished or saved game, move by move.

One scene replays every game: the game's `ReplayView` draws the position, this scene
keeps the keys, the frame and the words. The title names the players and the date
(the record's headers); the bar tells the move in the words of the game's record
(`GameEntry.describe`, as the bar said it during play) beside buttons for the first,
previous, next and last move and Exit; the move list under the right-hand panel
jumps to a move when clicked. Keys: Left/Right (pad shoulders) step, Up/Down ten,
Home/End the ends, L opens the list for its arrow keys, F turns the board, Esc leaves.
The board faces the side of the local player who played the game (the one human
against the computer, this machine's seat in a LAN game), else Dark.

The computer's view (`widgets.review`): H (pad Y, or the Analyse button) has Hard
search every position in a worker, with the progress on the button; then each move's
line says what Hard preferred and how much win chance the move gave away, the move
Hard preferred is drawn on the board, the move list marks mistakes "?" and blunders
"??", and H steps through the worst moves. Report (R, pad X) opens the game's report
over this screen, sharing its analysis.
"""

from __future__ import annotations

import contextlib
import datetime
from pathlib import Path

import pygame

from isaac_game.clock import clocks_after
from isaac_game.i18n import N_, _, ngettext
from isaac_game.rules import GameRecord, GameState, Headers, Move, Player

from ..games.base import GameEntry
from ..handoff import seat_words
from ..input import Action, Button
from ..scene import Scene
from ..theme import blit_text, draw_panel, fit_line, mix, ui_scale
from ..widgets.board_view import Facing
from ..widgets.hints import draw_suggestion
from ..widgets.hud import GameLayout, draw_bar_lines, draw_bar_text, game_layout
from ..widgets.move_list import MovesBox
from ..widgets.move_words import MoveHistory, MoveWords
from ..widgets.review import Mark, ReviewAnalysis

#: The bar's buttons, left to right: (key, label, its key); the labels and the keys'
#: names are English sources, translated as they are drawn.
BUTTONS = (
    ("first", N_("First"), N_("Home")),
    ("back", N_("Back"), N_("Left")),
    ("next", N_("Next"), N_("Right")),
    ("last", N_("Last"), N_("End")),
    ("exit", N_("Exit"), N_("Esc")),
    ("view", N_("Analyse"), "H"),
    ("report", N_("Report"), "R"),
)
#: The months as a replay's title abbreviates them.
MONTHS = (
    N_("Jan"),
    N_("Feb"),
    N_("Mar"),
    N_("Apr"),
    N_("May"),
    N_("Jun"),
    N_("Jul"),
    N_("Aug"),
    N_("Sep"),
    N_("Oct"),
    N_("Nov"),
    N_("Dec"),
)
#: A move's mark from the analysis, as the bar says it.
MARKS = {Mark.MISTAKE: N_("a mistake"), Mark.BLUNDER: N_("a blunder")}


def replay_buttons(bar: pygame.Rect, u: float) -> dict[str, pygame.Rect]:
    """Where the bar's buttons are (a pure function of the bar: input and drawing ask)."""
    gap, width = int(8 * u), int(92 * u)
    rects: dict[str, pygame.Rect] = {}
    x = bar.right - gap - len(BUTTONS) * (width + gap) + gap
    for key, _label, _key in BUTTONS:
        rects[key] = pygame.Rect(x, bar.y + gap, width, bar.height - 2 * gap)
        x += width + gap
    return rects


def replay_title(headers: dict[str, str], source: str = "", game: str = "") -> str:
    """`Human v Level 9 (Hard), 21 Nov 2026` from a record's headers (`source`,
    the file's name, when they name nobody) of a game of `game`."""
    who, read = source, Headers(headers)
    if read.label(Player.DARK) or read.label(Player.LIGHT) or not source:
        dark, light = (seat_words(headers, side, game) for side in Player)
        # TRANSLATORS: a replay's players: "Human v Level 9 (Hard)"
        who = _("{dark} v {light}").format(dark=dark, light=light)
    date = read.date
    with contextlib.suppress(ValueError):  # not a date: shown as it is
        day = datetime.date.fromisoformat(date)
        # TRANSLATORS: a date, "21 Nov 2026"; {month} is the month's abbreviation
        date = _("{day} {month} {year}").format(
            day=day.day, month=_(MONTHS[day.month - 1]), year=day.year
        )
    # TRANSLATORS: a replay's title: its players, then its date
    return _("{players}, {date}").format(players=who, date=date) if date else who


def replay_side(headers: dict[str, str]) -> Player:
    """The side a replay shows the board from: the local player's who played it (this
    machine's seat in a LAN game, the one human against the computer), else Dark's."""
    local = Headers(headers).local_players()
    return local[0] if len(local) == 1 else Player.DARK


class ReplayScene(Scene):
    name = "replay"

    def __init__(
        self,
        app,
        game: GameEntry,
        record: GameRecord | GameState,
        source: str | Path = "",
    ) -> None:
        super().__init__(app)
        if isinstance(record, GameState):
            record = GameRecord(record)
        self.record = record
        save = source if isinstance(source, Path) else None
        self.save = save
        self.source = save.name if save else str(source)
        self.title = replay_title(record.headers, self.source, record.game)
        self.game = game
        self.analysis = ReviewAnalysis(
            record.game, record.state.moves, save, stats=app.storage.stats
        )
        self.game_title = game.title
        self.facing = Facing(replay_side(record.headers))
        self.history = MoveHistory(self.describe)
        self.history.sync(record.state)
        self.states = self.history.states
        self.index = 0
        self.view = game.replay_view(app.fonts)
        self.moves_box = MovesBox(app.fonts)
        self.pointer: tuple[int, int] | None = None
        self._layout: GameLayout | None = None

    def on_language(self) -> None:
        """The title (players, date) and the moves' words are made again."""
        self.title = replay_title(self.record.headers, self.source, self.record.game)
        self.history = MoveHistory(self.describe)
        self.history.sync(self.record.state)
        self.states = self.history.states

    @property
    def state(self) -> GameState:
        return self.states[self.index]

    def clocks_shown(self) -> tuple[float, float] | None:
        """Each side's time left at the position shown (a game played to a clock)."""
        return clocks_after(self.record, self.index)

    def describe(self, before: GameState, move: Move, after: GameState) -> MoveWords:
        """A move in words, as read from the side of the board facing the screen."""
        return self.game.describe(before, move, after, self.facing.follow(None))

    def turn_board(self) -> None:
        """F: the board turns half round, and the moves are told from the other side."""
        self.facing.turn()
        self.history.retell()
        self.states = self.history.states
        self.app.request_redraw()

    @property
    def board(self):
        return self.view.board

    def go(self, index: int) -> None:
        """Show the position after move `index` (0: the start)."""
        new = max(0, min(len(self.states) - 1, index))
        if new != self.index:
            self.index = new
            self.app.audio.play("click")
        self.moves_box.reveal(self.index - 1, self.history.entries)

    def step(self, delta: int) -> None:
        self.go(self.index + delta)

    def press(self, key: str) -> None:
        """A bar button (or its key)."""
        if key == "exit":
            self.analysis.close()
            self.app.pop(self)
        elif key == "view":
            self.computer_view()
        elif key == "report":  # the report shares this analysis, and comes back here
            source = self.save if self.save is not None else self.source
            self.app.open("report", self.record, source, analysis=self.analysis, review=self.go)
        else:
            last = len(self.states) - 1
            self.go({"first": 0, "back": self.index - 1, "next": self.index + 1, "last": last}[key])

    def handle(self, action: Action) -> None:
        b, entries = action.button, self.history.entries
        if b == Button.POINT:
            self.pointer = action.pos
        if b == Button.FLIP:
            self.turn_board()
            return
        if b == Button.CLICK and action.pos is not None:
            layout = self.relayout(self.app.screen.get_size())
            for key, rect in replay_buttons(layout.bottom, layout.u).items():
                if rect.collidepoint(action.pos):
                    self.press(key)
                    return
            row = self.moves_box.row_at(action.pos, entries)
            if row is not None:
                self.go(row + 1)
                return
        if self.moves_box.handle(action, entries) or self.view.handle(action):
            return
        if b in (Button.RIGHT, Button.NEXT, Button.CONFIRM) or (
            b == Button.WHEEL and action.value < 0
        ):
            self.step(1)
        elif b in (Button.LEFT, Button.PREV) or (b == Button.WHEEL and action.value > 0):
            self.step(-1)
        elif b == Button.UP:
            self.step(10)
        elif b == Button.DOWN:
            self.step(-10)
        elif b == Button.FIRST:
            self.press("first")
        elif b == Button.LAST:
            self.press("last")
        elif (
            b == Button.CLICK
            and action.pos is not None
            and self.board.rect.collidepoint(action.pos)
        ):
            self.step(1 if action.pos[0] > self.board.rect.centerx else -1)
        elif b == Button.HINT:
            self.press("view")
        elif b == Button.ROTATE:  # R, pad X: the report
            self.press("report")
        elif b in (Button.BACK, Button.PAUSE):
            self.press("exit")

    def computer_view(self) -> None:
        """Start the analysis; once it is there, step through the worst moves."""
        analysis = self.analysis
        if analysis.start():
            self.app.audio.play("click")
        elif analysis.done:
            worst = analysis.next_worst(self.index)
            if worst is None:
                self.app.audio.play("illegal")
            else:
                self.go(worst)

    def update(self, dt: float) -> None:
        if self.analysis.update():
            self.app.request_redraw()

    def refresh_every(self) -> float | None:
        return 0.25 if self.analysis.running else None  # the progress on the button

    def on_exit(self) -> None:
        self.analysis.close()

    def view_line(self) -> str:
        """What the computer thinks of the move shown, once the analysis is there."""
        review = self.analysis.review(self.index)
        if review is None:
            return ""
        if review.played == review.preferred:
            return _("Hard agrees with this move")
        before, move = self.states[self.index - 1], review.preferred
        words = self.describe(before, move, before.play(move)).announcement()
        if review.about_as_good:  # within the judge's noise: no loss is claimed
            # TRANSLATORS: {words} is the move the computer preferred, in words
            return _("About as good as Hard's move: {words}").format(words=words)
        if review.mark in MARKS:
            # TRANSLATORS: {words} is the move the computer preferred, {loss} a share
            # ("12%"), {mark} "a mistake" or "a blunder"
            text = _("Hard preferred: {words} (gave away {loss:.0%} win chance: {mark})")
            return text.format(words=words, loss=review.loss, mark=_(MARKS[review.mark]))
        # TRANSLATORS: {words} is the move the computer preferred, {loss} a share ("12%")
        text = _("Hard preferred: {words} (gave away {loss:.0%} win chance)")
        return text.format(words=words, loss=review.loss)

    def relayout(self, size: tuple[int, int]) -> GameLayout:
        side, look, layout = self.facing.follow(None), self.app.fonts.look, self._layout
        if layout is None or layout.size != size or layout.facing != side or layout.look != look:
            layout = game_layout(size, ui_scale(size), side, look)
            self.moves_box.take_room(layout)
            self.moves_box.top = 0  # the move shown comes into sight with those before it
            self.moves_box.reveal(self.index - 1, self.history.entries)
            self.view.board.place(layout.board_area, side)
            self._layout = layout
        return layout

    def bar_text(self) -> str:
        """`Move 12 of 60: Dark removes the 3 on row 5, columns 2-6: ...` (the start: how
        many moves)."""
        count, actions = len(self.states) - 1, self.view.unit == "action"
        if not self.index:
            if actions:
                return ngettext(
                    "The start: {count} action", "The start: {count} actions", count
                ).format(count=count)
            return ngettext("The start: {count} move", "The start: {count} moves", count).format(
                count=count
            )
        entries = self.history.entries
        words = entries[self.index - 1].words.announcement() if entries else self.state.moves[-1]
        if actions:
            # TRANSLATORS: the replay's bar: "Action 12 of 60: Dark slides the 3 ..."
            text = _("Action {number} of {count}: {words}")
        else:
            # TRANSLATORS: the replay's bar: "Move 12 of 60: Dark removes the 3 ..."
            text = _("Move {number} of {count}: {words}")
        text = text.format(number=self.index, count=count, words=words)
        note = self.view.step_note(self)
        # TRANSLATORS: the replay's bar, then a note on the step in brackets
        return _("{text}  ({note})").format(text=text, note=note) if note else text

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.relayout(surface.get_size())
        pal, fonts, u, view = self.app.palette, self.app.fonts, layout.u, self.view
        state = self.state
        surface.fill(pal.background)
        view.draw_board(surface, self, pal)
        review = self.analysis.review(self.index)
        if review is not None and review.played != review.preferred:
            before = self.states[self.index - 1]
            draw_suggestion(surface, view.board, pal, before, review.preferred, 0.8)
        view.draw_panels(surface, self, layout, fonts)
        resigned = self.record.resigned if self.index == len(self.states) - 1 else None
        over = view.over_text(state, resigned) if state.is_over or resigned is not None else ""
        # TRANSLATORS: {title} is the players and the date
        view.draw_title(surface, self, layout, _("Replay: {title}").format(title=self.title), over)
        reviews = self.analysis.reviews or []  # "?" and "??" beside mistakes and blunders
        self.moves_box.marks = {r.ply: r.mark for r in reviews if r.mark}
        self.moves_box.draw(surface, pal, self.history.entries, self.index - 1)
        bottom = layout.bottom
        draw_panel(surface, bottom, pal, radius=int(12 * u))
        buttons = replay_buttons(bottom, u)
        text_rect = bottom.copy()
        text_rect.width = buttons["first"].x - bottom.x
        computer = self.view_line()
        if computer:  # the computer's view under the move's words, both shrunk alike
            size = int(view.bar_size * u * 0.8)
            parts = [(self.bar_text(), pal.text, size), (computer, pal.target, int(24 * u))]
            draw_bar_lines(surface, fonts, text_rect, parts)
        else:
            draw_bar_text(surface, fonts, pal, text_rect, self.bar_text(), int(view.bar_size * u))
        self._draw_buttons(surface, buttons, u)
        view.draw_overlay(surface, self, u)

    def _draw_buttons(
        self, surface: pygame.Surface, buttons: dict[str, pygame.Rect], u: float
    ) -> None:
        pal, fonts = self.app.palette, self.app.fonts
        last = len(self.states) - 1
        off = {
            "first": self.index == 0,
            "back": self.index == 0,
            "next": self.index == last,
            "last": self.index == last,
        }
        analysis = self.analysis
        for key, source, keyname in BUTTONS:
            rect = buttons[key]
            label = _(source)
            if key == "view":
                if analysis.running:
                    label = f"{analysis.progress():.0%}"
                elif analysis.done:
                    # TRANSLATORS: the replay's button that steps through the worst moves
                    label = _("Worst")
                    off["view"] = not analysis.worst()
            hot = self.pointer is not None and rect.collidepoint(self.pointer)
            back = mix(pal.panel, pal.accent, 0.35 if hot else 0.14)
            pygame.draw.rect(surface, back, rect, border_radius=int(10 * u))
            pygame.draw.rect(
                surface, pal.panel_edge, rect, max(1, int(2 * u)), border_radius=int(10 * u)
            )
            color = pal.text_dim if off.get(key) else pal.text
            px, label = fit_line(fonts, label, int(24 * u), rect.width - int(8 * u), True)
            # the label over the key's name, as far apart as their lines are high
            spread = (fonts.line_height(px, True) + fonts.line_height(int(16 * u))) // 2
            spread = max(int(24 * u), spread)
            top = (rect.centerx, rect.centery + int(3 * u) - spread // 2)
            blit_text(surface, fonts, label, px, color, top, "center", True)
            below = (rect.centerx, top[1] + spread)
            shown = _(keyname) if len(keyname) > 1 else keyname  # a key's name ("Home")
            blit_text(surface, fonts, shown, int(16 * u), pal.text_dim, below, "center")
