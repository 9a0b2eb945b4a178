"""The puzzle's control: the real match scene on a puzzle's position, judging one turn.

The match scene paints the board and takes input exactly as in a game (the game's
plug-in); this control, handed to it like the LAN and lesson controls, shows the goal
in a box beside the board, judges the player's turn once it is over (one move; in
HARI the slides and the play), and says "You found the best move!" or, after a wrong
try, says so and puts the position back for another try. H (or the box's Clue button,
or the pause menu) gives the puzzle's one clue. The answer is shown only when asked
for (the box's Answer button, the pause menu) or after the third wrong try: marked on
the board and told in the game's own words (its record's `describe`). Then Enter, a
click or A: next puzzle when solved, try again when not; R tries again, Tab goes on.
Solved puzzles are kept. The legal-move dots are off: they would give the answer away.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import pygame

from isaac_game.i18n import N_, _, ngettext, pgettext
from isaac_game.match import Match, move_between
from isaac_game.players import make_seat
from isaac_game.rules import GameState, Move, Player, label_key

from ..control import ControlledScene, MatchControl, ShowsBoard
from ..handoff import GameSetup
from ..input import Action, Button
from ..scene import Jump, Question
from ..widgets.hud import GameLayout, PanelInfo
from ..widgets.menu import MenuItem
from ..widgets.move_words import MoveWords
from .progress import Progress
from .puzzle_box import BoxWords, draw_box
from .puzzles import Measure, Puzzle, best, measure_turn, play_turn, progress_key, turn_over

if TYPE_CHECKING:
    from ..app import App

#: The share of the right-hand column the puzzle box takes (the mover's panel keeps the rest).
BOX_SHARE = 0.56
#: Wrong tries after which the answer is shown without being asked for.
TRIES = 3


class LaysOut(Protocol):
    """The match scene's drawing, as a puzzle that moves its box sees it."""

    def lay_out_again(self) -> None:
        """The layout changes before the window does (the box moves to the other side)."""
        ...


class PuzzleScene(ControlledScene, Protocol):
    """The match scene, as the puzzle sees it: its board (to mark cells) and words."""

    name: str
    play: ShowsBoard
    view: LaysOut

    def follow(self, match: Match, announce: str = "") -> None: ...


def puzzle_match(state: GameState) -> Match:
    """Two local seats on the puzzle's position: the player moves for whoever is to move."""
    seats = {p: make_seat("human", name=p.title) for p in (Player.DARK, Player.LIGHT)}
    return Match(seats, state)


class CoversCells(Protocol):
    """A piece on the board, as a turn's marks need it: the cells it covers."""

    @property
    def cells(self) -> Iterable[int]: ...

    def __hash__(self) -> int: ...


@runtime_checkable
class ShowsPieces(Protocol):
    """A position that lists its pieces on the board (every game's state does; the
    rules' common interface does not ask it)."""

    def pieces(self) -> Sequence[CoversCells]: ...


def changed_cells(before: GameState, after: GameState) -> list[int]:
    """The cells of the pieces that differ between two positions (what a turn touched:
    a piece placed or removed, a piece slid, before and after); none for a game whose
    positions do not list their pieces."""
    if not (isinstance(before, ShowsPieces) and isinstance(after, ShowsPieces)):
        return []
    old, new = set(before.pieces()), set(after.pieces())
    return sorted({cell for piece in old ^ new for cell in piece.cells})


def miss_words(puzzle: Puzzle, got: float, mark: float) -> str:
    """Why the turn played falls short, in the puzzle's own measure."""
    if puzzle.measure is Measure.POINTS:
        # TRANSLATORS: ISAAC: the points the player's removal scored, and the best one's
        return ngettext(
            "That scores {got:g} point; the best move scores {best:g}.",
            "That scores {got:g} points; the best move scores {best:g}.",
            round(got),
        ).format(got=got, best=mark)
    if puzzle.measure is Measure.SCORE:
        # TRANSLATORS: scores: what the player's turn made, and the best turn's
        return _("That makes {got:g}; the best makes {best:g}.").format(got=got, best=mark)
    if puzzle.measure is Measure.HAND:
        # TRANSLATORS: value left in hand after the player's turn, and after the best turn
        return _("That leaves {got:g} in hand; the best leaves {best:g}.").format(
            got=-got, best=-mark
        )
    if puzzle.measure is Measure.BLOCKS:
        return _("The other side can still move.")
    return _("The other side can still escape from there.")


class PuzzleControl(MatchControl[PuzzleScene]):
    local = False  # no undo, redo, saving or hints: the puzzle asks for one turn
    keeps_games = False
    leaves_to = "puzzles"
    legal_dots = False  # where a piece may go would narrow the search to the answer

    def __init__(
        self,
        app: App,
        puzzles: Sequence[Puzzle],
        index: int,
        describe: Callable[[GameState, Move, GameState, Player], MoveWords],
        on_leave: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.app = app
        self.puzzles = puzzles
        self.index = index
        self.describe = describe
        self.on_leave = on_leave
        self.progress = Progress(app.storage)
        self.start = self.puzzle.position()
        self.verdict: bool | None = None  # None: the turn is not over yet
        self.words = ""
        self.tries = 0  # wrong tries at this puzzle
        self.note = ""  # what the last wrong try made, until the next try
        self.clue_shown = False
        self.marks: list[int] = []  # the answer's cells, after a wrong turn
        self.box = pygame.Rect(0, 0, 0, 0)
        self.gap = pygame.Rect(0, 0, 0, 0)
        self.buttons: dict[str, pygame.Rect] = {}
        self.age = 0.0

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    @property
    def puzzle_scene(self) -> PuzzleScene:
        assert self.scene is not None
        return self.scene

    def make_match(self, setup: GameSetup) -> Match | None:
        return puzzle_match(self.start)

    def may_move(self) -> bool:
        return self.verdict is None

    def seat_label(self, player: Player, setup: GameSetup) -> str:
        return _("You") if player == self.start.to_move else _("The other side")

    def headers(self, setup: GameSetup) -> dict[str, str]:
        return {label_key(side): "Puzzle" for side in Player}

    def leave_question(self, leave: Callable[[], None]) -> Question | None:
        if self.verdict:  # solved: it is kept, nothing starts again
            return None
        return Question(
            _("Leave the puzzle?"),
            _("Solved puzzles are kept; this one starts again next time."),
            [
                MenuItem(N_("Leave"), leave, key="leave"),
                MenuItem(N_("Stay"), key="stay"),
            ],
        )

    def refuse_undo(self, what: Jump) -> str:
        if what is Jump.REDO:
            return _("Redo is off in a puzzle: R tries again")
        return _("Undo is off in a puzzle: R tries again")

    def refuse_move(self, state: GameState, move: Move) -> str:
        return "" if self.verdict is None else _("Enter: next puzzle, R: try again")

    def pause_items(self) -> list[MenuItem]:
        trying = lambda: self.verdict is None  # noqa: E731
        return [
            MenuItem(N_("Clue (H)"), self._back(self.show_clue), enabled=trying, key="clue"),
            MenuItem(N_("Show the answer"), self._back(self.show_answer), enabled=trying,
                     key="answer"),
        ]  # fmt: skip

    def _back(self, then: Callable[[], None]) -> Callable[[], None]:
        """`then`, from the pause menu: back to the board first, to see it."""

        def back() -> None:
            self.app.pop_to(self.puzzle_scene.name)
            then()

        return back

    # ----- the frame ------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        if self.verdict is None:
            return self._handle_trying(action)
        b = action.button
        if b == Button.CLICK and action.pos is not None:
            for name, rect in self.buttons.items():
                if rect.collidepoint(action.pos):
                    self.retry() if name == "retry" else self.next_puzzle()
                    return True
            return False
        if b == Button.CONFIRM:
            self.next_puzzle() if self.verdict else self.retry()
        elif b == Button.ROTATE:
            self.retry()
        elif b == Button.NEXT:
            self.next_puzzle()
        else:
            return False
        return True

    def _handle_trying(self, action: Action) -> bool:
        """While the player tries: H (the pad's Y, but in HARI, where it discards) gives
        the clue; the box's buttons give the clue or the answer."""
        b = action.button
        if b == Button.HINT and not (action.device == "pad" and self.start.game == "hari"):
            self.show_clue()
            return True
        if b == Button.CLICK and action.pos is not None:
            for name, rect in self.buttons.items():
                if rect.collidepoint(action.pos):
                    self.show_clue() if name == "clue" else self.show_answer()
                    return True
        return False

    def show_clue(self) -> None:
        """The puzzle's one clue, in the box (and on the bar)."""
        self.clue_shown = True
        self.puzzle_scene.bar.say(self.clue_words(), seconds=6.0)
        self.app.request_redraw()

    def clue_words(self) -> str:
        """`Clue: ...`, the puzzle's clue in the player's language."""
        if not self.puzzle.clue:
            return _("Clue: No clue for this one: the goal says it all.")
        # TRANSLATORS: {clue} is the puzzle's clue, a sentence
        return _("Clue: {clue}").format(clue=_(self.puzzle.clue))

    def show_answer(self, lead: str = "") -> None:
        """The answer, marked on the board and told in words, on the puzzle's position."""
        answer = play_turn(self.start, self.puzzle.solution)
        self.verdict = False
        self.marks = changed_cells(self.start, answer)
        why = _(self.puzzle.why) if self.puzzle.why else ""
        self.words = " ".join(w for w in (lead, self.answer_words(), why) if w)
        self.note = ""
        self.puzzle_scene.follow(puzzle_match(self.start))
        self.puzzle_scene.bar.say(_("The answer is marked on the board"))
        self.app.request_redraw()

    def update(self, dt: float) -> bool:
        self.age += dt
        state = self.puzzle_scene.match.state
        if self.verdict is None and state is not self.start and turn_over(self.start, state):
            self._measure(state)
        return self.verdict is not None  # the turn is in: the game waits

    def tick_behind(self, dt: float) -> None:
        self.age += dt

    def _measure(self, after: GameState) -> None:
        puzzle, mark = self.puzzle, best(self.puzzle)
        got = measure_turn(puzzle, after)
        self.verdict = got >= mark
        if self.verdict:
            self.progress.mark(progress_key(puzzle))
            why = _(puzzle.why) if puzzle.why else ""
            self.words = " ".join(w for w in (_("You found the best move!"), why) if w)
            self.note = ""
            self.app.audio.play("win")
            self.puzzle_scene.bar.say(_("You found the best move!"))
            self.app.request_redraw()
            return
        self.tries += 1
        missed = _("Not the best. {why}").format(why=miss_words(puzzle, got, mark))
        if self.tries >= TRIES:
            self.show_answer(missed)
            return
        self.verdict = None  # the position back, for another try
        left = TRIES - self.tries
        # TRANSLATORS: {missed} is "Not the best. That makes 12; the best makes 16."
        self.note = ngettext(
            "{missed} Try again ({left} try left).", "{missed} Try again ({left} tries left).", left
        ).format(missed=missed, left=left)
        self.puzzle_scene.follow(puzzle_match(self.start))
        self.puzzle_scene.bar.say(_("Not the best: try again"), warn=True)
        self.app.request_redraw()

    def answer_words(self) -> str:
        """The stated answer in the game's own words, action by action."""
        state, told = self.start, []
        for action in self.puzzle.solution:
            played = move_between(state, state.play(action))
            facing = self.puzzle_scene.play.board.facing  # its ways as the board shows them
            told.append(self.describe(state, played.move, played.after, facing).text)
            state = played.after
        actions = told[0] if told else ""
        for action in told[1:]:
            # TRANSLATORS: the actions of one turn so far, and the next one
            actions = _("{actions}; then {action}").format(actions=actions, action=action)
        return _("The answer: {actions}.").format(actions=actions)

    def retry(self) -> None:
        """The puzzle's position again, nothing judged (the tries counted afresh)."""
        self.verdict, self.words, self.marks = None, "", []
        self.tries, self.note = 0, ""
        self.puzzle_scene.follow(puzzle_match(self.start), _(self.puzzle.title))

    def next_puzzle(self) -> None:
        """The next puzzle on the board; after the last, back to the list."""
        if self.index + 1 >= len(self.puzzles):
            if self.on_leave is not None:
                self.on_leave()
            return
        boxed = self.boxed
        self.index += 1
        self.start = self.puzzle.position()
        self.clue_shown = False
        if self.boxed != boxed:
            self.puzzle_scene.view.lay_out_again()  # the box moves to the other side's panel
        self.retry()

    # ----- drawing ---------------------------------------------------------------------

    def facing(self, state: GameState, setup: GameSetup, turn_for_mover: bool) -> Player | None:
        """The puzzle is shown from the side of the player to solve it (a Light puzzle
        from Light's side): their panel on the left, the box on the right."""
        return self.boxed.other

    @property
    def boxed(self) -> Player:
        """The side whose panel gives room to the puzzle's box: the other side, so the
        player's own hand stays whole."""
        mover = self.start.to_move
        return Player.LIGHT if mover is None else Player(mover).other

    def dress_panel(self, info: PanelInfo, player: Player) -> PanelInfo:
        """The boxed panel is short: its name and score, not its hand."""
        return replace(info, hand={}, hand_label="") if player == self.boxed else info

    def relayout(self, layout: GameLayout) -> None:
        right = layout.panels[self.boxed]
        gap = int(10 * layout.u)
        box_h = int(right.height * BOX_SHARE)
        bottom = right.bottom
        right.height -= box_h + gap
        self.box = pygame.Rect(right.x, bottom - box_h, right.width, box_h)
        # the short panel's hand rows have no room: the gap is painted over
        self.gap = pygame.Rect(right.x, right.bottom + 1, right.width, gap - 1)

    def keeps_time(self) -> bool:
        """The answer's cells pulse after a wrong turn."""
        return bool(self.marks)

    def draw(self, surface: pygame.Surface, layout: GameLayout) -> None:
        self._draw_marks(surface)
        self._draw_box(surface, layout.u)

    def _draw_marks(self, surface: pygame.Surface) -> None:
        if not self.marks:
            return
        board, pal = self.puzzle_scene.play.board, self.app.palette
        alpha = int(80 + 50 * math.sin(self.age * 4.0))
        edge = max(2, board.cell // 14)
        board.highlight_cells(surface, self.marks, pal.accent, max(20, alpha), edge)

    def _draw_box(self, surface: pygame.Surface, u: float) -> None:
        self.buttons = {}
        if self.box.width <= 0 or self.box.height <= 0:
            return
        surface.fill(self.app.palette.background, self.gap)
        pal, fonts = self.app.palette, self.app.fonts
        self.buttons = draw_box(surface, fonts, pal, self.box, self.box_words(), u)

    def box_words(self) -> BoxWords:
        """What the box says now, and its buttons."""
        head = _("Puzzle {number} of {count}: {title}").format(
            number=self.index + 1, count=len(self.puzzles), title=_(self.puzzle.title)
        )
        if self.verdict is None:
            said = [(_(self.puzzle.goal), "text")]
            if self.note:
                said.append((self.note, "illegal"))
            if self.clue_shown:
                said.append((self.clue_words(), "accent"))
            solved = self.progress.done(progress_key(self.puzzle))
            buttons = (("clue", _("H: Clue")), ("answer", pgettext("button", "Answer")))
            return BoxWords(head, solved, tuple(said), buttons, "")
        last = self.index + 1 >= len(self.puzzles)
        ahead = _("Tab: Back") if last else _("Tab: Next puzzle")
        buttons = (("retry", _("R: Try again")), ("next", ahead))
        colour = "accent" if self.verdict else "text"
        lit = "next" if self.verdict else "retry"  # what Enter does is drawn lit
        return BoxWords(head, False, ((self.words, colour),), buttons, lit)
