"""The lesson's control: the real match scene, steered one lesson step at a time.

The match scene paints the board and takes mouse, keyboard and pad input exactly as
in a game (the game's plug-in); this control, handed to it like the LAN control,
checks each move offered against the step (`refuse_move`: the engine's reason, kindly
put), lights up the step's cells, shows the step's words in a box beside the board,
and once the right move is played shows the explanation and waits for Enter, a click
or A to set up the next step's position. At the end the lesson is marked done.

A step whose player cannot move (a pass) waits for the player to pass, with Enter, a
click or A: a game passes for them after a moment (the match scene's auto-pass), but a
lesson praising a move the player did not make teaches nothing. Each step whose move
the player made is kept (`Progress.mark_step`) and ticked in the step chooser.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from isaac_game.i18n import N_, _
from isaac_game.match import Match
from isaac_game.players import make_seat
from isaac_game.rules import GameState, Move, Pass, Player, label_key

from ..control import ControlledScene, MatchControl, ShowsBoard
from ..handoff import GameSetup
from ..input import Action, Button
from ..scene import Jump, Question
from ..theme import blit_text, draw_panel, fit_lines, wrap
from ..widgets.hud import GameLayout, PanelInfo
from ..widgets.menu import MenuItem
from .lesson import Lesson, Step, refusal, refusal_of_choice
from .progress import Progress

if TYPE_CHECKING:
    from ..app import App

#: How much of the right-hand panel shows above the lesson box (logical pixels): its heading.
PANEL_HEAD = 184
NEXT_WORDS = N_("Enter, click or A: next")
# TRANSLATORS: the foot of a lesson's box, when the player cannot move and must pass
PASS_WORDS = N_("Enter, click or A: pass")
#: How long the bar keeps saying how to pass (seconds): until the player does.
PASS_SAID_FOR = 3600.0


class LessonScene(ControlledScene, Protocol):
    """The match scene, as the lesson sees it: its board too (to light cells up)."""

    name: str
    play: ShowsBoard

    def follow(self, match: Match, announce: str = "") -> None: ...
    def submit(self, move: Move) -> None: ...


def lesson_match(state: GameState) -> Match:
    """Two local seats on the step's position: the player moves for whoever is to move."""
    seats = {p: make_seat("human", name=p.title) for p in (Player.DARK, Player.LIGHT)}
    return Match(seats, state)


class LessonControl(MatchControl[LessonScene]):
    local = False  # no undo, redo, saving or hints: the step asks for one move
    keeps_games = False
    leaves_to = "learn"

    def __init__(self, app: App, lesson: Lesson, on_done: Callable[[], None] | None = None):
        super().__init__()
        self.app = app
        self.lesson = lesson
        self.progress = Progress(app.storage)
        self.on_done = on_done
        left_at = self.progress.step_at(lesson.key)  # coming back: the step left at
        self.index = left_at if 0 <= left_at < len(lesson.steps) else 0
        self.shown: GameState = self.step.state  # the position the step began with
        self.explained: str | None = None  # the right move was played: what it did
        self.ticked = self.progress.steps_done(lesson.key)  # the steps ticked
        self.pass_told = False  # the bar says how to pass, on a step that asks for it
        self.box = pygame.Rect(0, 0, 0, 0)
        self.boxed = Player.LIGHT  # whose panel gives its room to the box (the right-hand one)
        self.age = 0.0

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def lesson_scene(self) -> LessonScene:
        assert self.scene is not None
        return self.scene

    def make_match(self, setup: GameSetup) -> Match | None:
        return lesson_match(self.shown)

    def may_move(self) -> bool:
        return self.explained is None

    def seat_label(self, player: Player, setup: GameSetup) -> str:
        return _("You") if player == self.step.state.to_move else _("The other side")

    def facing(self, state: GameState, setup: GameSetup, turn_for_mover: bool) -> Player | None:
        """A step is shown from the side of the player it asks to move (a Light step
        from Light's side)."""
        mover = self.step.state.to_move
        return Player.DARK if mover is None else Player(mover)

    def waiting_text(self, player: Player, setup: GameSetup) -> str:
        if self.explained is not None:
            return _("Well done: read the box, then go on")
        return super().waiting_text(player, setup)

    def headers(self, setup: GameSetup) -> dict[str, str]:
        return {label_key(side): "Learner" for side in Player}

    def leave_question(self, leave: Callable[[], None]) -> Question:
        return Question(
            _("Leave the lesson?"),
            _("Learn to play brings you back to this step."),
            [
                MenuItem(N_("Leave"), leave, key="leave"),
                MenuItem(N_("Stay"), key="stay"),
            ],
        )

    def refuse_undo(self, what: Jump) -> str:
        if what is Jump.REDO:
            return _("Redo is off in a lesson: each step sets its own position")
        return _("Undo is off in a lesson: each step sets its own position")

    def pause_items(self) -> list[MenuItem]:
        return [MenuItem(N_("Choose a step"), self.choose_step, key="steps")]

    def choose_step(self) -> None:
        """The steps by number and title, the current one chosen: any may be played."""
        rows = [
            MenuItem(partial(self.step_label, i), partial(self.go_to, i), key=f"step{i}")
            for i in range(len(self.lesson.steps))
        ]
        question = Question(_("Choose a step"), _(self.lesson.title), rows)
        self.app.open("chooser", question, self.scene, f"step{self.index}")

    def step_label(self, index: int) -> str:
        """`3. Score a piece`: a step by its number and title, ticked once its move
        was made."""
        title = _(self.lesson.steps[index].title)
        if index in self.ticked:
            # TRANSLATORS: a step finished, in the list of a lesson's steps: "3. Score a
            # piece  ✓" (the check mark says it is done)
            return _("{number}. {title}  ✓").format(number=index + 1, title=title)
        # TRANSLATORS: a step of a lesson in the list of its steps: "3. Score a piece"
        return _("{number}. {title}").format(number=index + 1, title=title)

    def refuse_move(self, state: GameState, move: Move) -> str:
        if self.explained is not None:
            return _("Enter, click or A: next step")
        scene = self.scene
        return refusal(self.step, state, move, scene.bar.why_not if scene is not None else str)

    def refuse_choice(self, state: GameState, moves: list[Move]) -> str:
        if self.explained is not None:
            return _("Enter, click or A: next step")
        return refusal_of_choice(self.step, moves)

    # ----- the frame ------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        if action.button not in (Button.CONFIRM, Button.CLICK):
            return False
        if self.explained is None:
            if not self.must_pass():
                return False
            self.lesson_scene.submit(Pass())  # the player's own pass
            return True
        self.next_step()
        return True

    def must_pass(self) -> bool:
        """Is the player's only move on this step a pass (not made yet)?"""
        state = self.lesson_scene.match.state
        return self.explained is None and not state.is_over and [*state.legal_moves()] == [Pass()]

    def update(self, dt: float) -> bool:
        self.age += dt
        scene = self.lesson_scene
        state = scene.match.state
        played = scene.match.last_played
        if self.explained is None and state is not self.shown and played is not None:
            words = self.step.told(played.move, state)
            self.explained = words or _("Well done.")
            self.ticked.add(self.index)
            self.progress.mark_step(self.lesson.key, self.index)
            self.app.request_redraw()
        if self.must_pass():  # no auto-pass: the player passes (`handle`)
            if not self.pass_told:
                self.pass_told = True
                # TRANSLATORS: the bar, on a lesson's step where the player cannot move
                words = _("You cannot move, so you pass: Enter, click or A")
                scene.bar.say(words, seconds=PASS_SAID_FOR)
            return True
        return self.explained is not None  # the step's move is in: the game waits

    def tick_behind(self, dt: float) -> None:
        self.age += dt

    def next_step(self) -> None:
        """The next step's position on the board; after the last, the lesson is done."""
        self.explained = None
        if self.index + 1 >= len(self.lesson.steps):
            self.progress.mark(self.lesson.key)
            if self.on_done is not None:
                self.on_done()
            return
        self.go_to(self.index + 1)

    def go_to(self, index: int) -> None:
        """Step `index`'s position on the board (from the chooser, over the pause menu:
        back to the lesson first); remembered, so that leaving comes back to it."""
        scene = self.lesson_scene
        self.app.pop_to(scene.name)
        self.explained = None
        self.pass_told = False
        self.index = index
        self.shown = self.step.state
        scene.follow(lesson_match(self.shown), _(self.step.title))
        self.progress.keep_step(self.lesson.key, index)

    # ----- drawing ---------------------------------------------------------------------

    def relayout(self, layout: GameLayout) -> None:
        """The right-hand panel (the side the step does not face) keeps its heading
        (name, score, turn); the box takes the rest."""
        self.boxed = layout.right_player
        right, u = layout.panels[self.boxed], layout.u
        bottom = right.bottom
        right.height = min(right.height, int(PANEL_HEAD * u))
        top = right.bottom + int(10 * u)
        self.box = pygame.Rect(right.x, top, right.width, max(0, bottom - top))

    def dress_panel(self, info: PanelInfo, player: Player) -> PanelInfo:
        if player == self.boxed:  # its hand lies under the lesson box
            info.hand_label, info.extra = "", ""
        return info

    def keeps_time(self) -> bool:
        """The step's cells pulse while the player looks for the move."""
        return self.explained is None and bool(self.step.cells)

    def draw(self, surface: pygame.Surface, layout: GameLayout) -> None:
        self._draw_cells(surface)
        self._draw_box(surface, layout.u)

    def _draw_cells(self, surface: pygame.Surface) -> None:
        if self.explained is not None or not self.step.cells:
            return
        board, pal = self.lesson_scene.play.board, self.app.palette
        alpha = int(70 + 50 * math.sin(self.age * 4.0))
        edge = max(2, board.cell // 14)
        board.highlight_cells(surface, self.step.cells, pal.accent, max(20, alpha), edge)

    def _draw_box(self, surface: pygame.Surface, u: float) -> None:
        pal, fonts, box = self.app.palette, self.app.fonts, self.box
        if box.width <= 0 or box.height <= 0:
            return
        draw_panel(surface, box, pal, radius=int(14 * u))
        inner = box.inflate(-int(24 * u), -int(20 * u))
        n = len(self.lesson.steps)
        head = _("Step {step} of {steps}: {title}").format(
            step=self.index + 1, steps=n, title=_(self.step.title)
        )
        px, head_px = int(22 * u), int(24 * u)  # never below the readable minimum (`Fonts`)
        y = inner.y
        for line in wrap(fonts, head, head_px, inner.width, bold=True):
            at = (inner.x, y)
            y = blit_text(surface, fonts, line, head_px, pal.accent, at, bold=True).bottom
        y += int(8 * u)
        bottom = inner.bottom
        if self.explained is not None or self.must_pass():
            last = self.index + 1 >= n
            text = _("Enter, click or A: finish") if last else _(NEXT_WORDS)
            if self.explained is None:
                text = _(PASS_WORDS)
            foot_px = int(19 * u)
            for line in reversed(wrap(fonts, text, foot_px, inner.width, bold=True)):
                at = (inner.x, bottom)
                bottom = blit_text(
                    surface, fonts, line, foot_px, pal.accent, at, "bottomleft", True
                ).top
            bottom -= int(6 * u)
        words = (
            (_(self.step.text) if self.step.text else "")
            if self.explained is None
            else self.explained
        )
        px, lines = fit_lines(fonts, words, px, inner.width, bottom - y)  # long words: smaller
        for line in lines:
            y = blit_text(surface, fonts, line, px, pal.text, (inner.x, y)).bottom
