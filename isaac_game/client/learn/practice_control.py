"""Your positions on the board: the puzzles' control, on the blunders of your own games.

Each position due today is played as a puzzle is (the real match scene, the box
beside the board, the same keys and buttons), but judged by the judge that made it a
position (`ai/judge.py`), in a worker (the screen keeps its frame rate): Hard's move
solves it, as does a move that gives away less than `SOLVED_WITHIN` against it; the
blunder that made the position never does. A wrong try is told in the analysis's words (what Hard
prefers, and how much the try gave away). The first verdict on a position sets its
schedule (`stats.practice.record_try`): solved, it comes back in 1, 3, 7, then 21
days; missed, tomorrow.

The box takes the foot of the other side's panel, where a match lists its hand: the
box says that hand in words (`hand_words`), since a position from a real game turns on
what the opponent can still play.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from functools import partial

from isaac_game.ai.judge import TASK_SECONDS, needed, remember, remembered
from isaac_game.ai.practice import tried_loss
from isaac_game.ai.worker import Task, Worker
from isaac_game.i18n import N_, _, ngettext, pgettext
from isaac_game.match import move_between
from isaac_game.rules import GameState, Move, Player
from isaac_game.stats import Stats
from isaac_game.stats.practice import Position, record_try, solves

from ..scene import Question
from ..widgets.menu import MenuItem
from ..widgets.move_words import MoveWords
from ..words import hand_text, side_name
from .practice import position_state, today
from .puzzle_box import BoxWords
from .puzzle_control import TRIES, PuzzleControl, puzzle_match
from .puzzles import Measure, Puzzle


def comes_back(days: int) -> str:
    """When a position comes back, in words."""
    if days <= 1:
        return _("It comes back tomorrow.")
    return ngettext("It comes back in {days} day.", "It comes back in {days} days.", days).format(
        days=days
    )


def as_puzzle(position: Position) -> Puzzle:
    """The position in the puzzles' shape (its answer: Hard's move)."""
    return Puzzle(
        id=f"position-{position.id}",
        title="",
        goal="",
        build=partial(position_state, position.game, position.moves),
        solution=(position.best,),
        measure=Measure.SCORE,
    )


def hand_words(state: GameState, player: Player) -> str:
    """The pieces `player` has left, in the words of a match's hand rows (longest
    first): "Dark's pieces left: 1 piece, value 3; 3 pieces, value 1"."""
    hand = state.hand(player)
    rows = [hand_text(hand[n], n) for n in sorted(hand, reverse=True) if hand[n]]
    if not rows:
        # TRANSLATORS: {player} is "Dark" or "Light"
        return _("{player} has no piece left").format(player=side_name(player))
    # TRANSLATORS: the other side's hand, under its panel; {pieces} is rows such as
    # "1 piece, value 3; 3 pieces, value 1"
    return _("{player}'s pieces left: {pieces}").format(
        player=side_name(player), pieces="; ".join(rows)
    )


class PracticeControl(PuzzleControl):
    leaves_to = "learn"

    def __init__(
        self,
        app,
        stats: Stats,
        positions: Sequence[Position],
        describe: Callable[[GameState, Move, GameState, Player], MoveWords],
        on_leave: Callable[[], None] | None = None,
    ) -> None:
        self.positions = list(positions)
        self.stats = stats
        super().__init__(app, [as_puzzle(p) for p in self.positions], 0, describe, on_leave)
        self.worker: Worker | None = None
        self.tried = ""  # the move being weighed
        self.judged: set[int] = set()  # positions whose schedule was set this time
        self.due_words = ""
        self.bests: dict[int, str] = {}  # Hard's move by the judge, once it has weighed a try

    @property
    def best(self) -> str:
        """Hard's move in the position on the board: the judge's once it has answered."""
        return self.bests.get(self.position.id, self.position.best)

    def leave_question(self, leave: Callable[[], None]) -> Question:
        return Question(
            _("Leave your positions?"),
            _("The positions you have not tried stay for today."),
            [
                MenuItem(N_("Leave"), leave, key="leave"),
                MenuItem(N_("Stay"), key="stay"),
            ],
        )

    def refuse_move(self, state: GameState, move: Move) -> str:
        return "" if self.verdict is None else _("Enter: next position, R: try again")

    @property
    def position(self) -> Position:
        return self.positions[self.index]

    def may_move(self) -> bool:
        return self.verdict is None and not self.tried

    def update(self, dt: float) -> bool:
        self.age += dt
        if self.tried:
            self._collect()
            return True
        state = self.puzzle_scene.match.state
        if self.verdict is None and len(state.moves) > len(self.start.moves):
            tried = str(self.start.parse_move(state.moves[len(self.start.moves)]))
            self._weigh(tried)
        return self.verdict is not None or bool(self.tried)

    def keeps_time(self) -> bool:
        return bool(self.tried) or super().keeps_time()

    def _weigh(self, tried: str) -> None:
        """The try is weighed by the judge in the worker, as the analysis weighed the
        blunder (Hard's move now is the judge's, whatever was kept with the position)."""
        self.tried = tried
        if self.worker is None:
            self.worker = Worker()
        p = self.position
        known = remembered(needed(p.game, (*p.moves, tried)))
        task = Task(tried_loss, (p.game, p.moves, tried, known))
        self.worker.submit(task, TASK_SECONDS)
        self.puzzle_scene.bar.say(_("Weighing your move against Hard's..."), seconds=3.0)

    def _collect(self) -> None:
        worker = self.worker
        answer = worker.poll() if worker is not None else None
        if answer is None and worker is not None and worker.busy:
            return
        tried, self.tried = self.tried, ""
        if answer is None or not answer.ok or not isinstance(answer.value, tuple):
            self.note = _("Your move could not be weighed: try again.")
            self.puzzle_scene.follow(puzzle_match(self.start))
            return
        best, loss, judged = answer.value
        remember(judged)
        self.bests[self.position.id] = best
        self._verdict(tried, loss)

    def _verdict(self, tried: str, loss: float) -> None:
        p = self.position
        solved = solves(self.best, tried, loss, p.played)
        if p.id not in self.judged:
            self.judged.add(p.id)
            try:
                due_on = record_try(self.stats, p.id, solved, today())
            except sqlite3.Error:
                due_on = None
            if due_on is not None:
                self.due_words = comes_back((due_on - today()).days)
        if solved:
            self.verdict = True
            self.words = " ".join(w for w in (_("You found it!"), self.due_words) if w)
            self.note = ""
            self.app.audio.play("win")
            self.puzzle_scene.bar.say(_("You found it!"))
            self.app.request_redraw()
            return
        self.tries += 1
        missed = self.miss_words(loss)
        if self.tries >= TRIES:
            self.show_answer(missed)
            return
        self.note = _("{missed} Try again.").format(missed=missed)
        self.puzzle_scene.follow(puzzle_match(self.start))
        self.puzzle_scene.bar.say(_("Not the best: try again"), warn=True)
        self.app.request_redraw()

    def miss_words(self, loss: float) -> str:
        """The analysis's words on a wrong try: what it gave away against Hard's move."""
        # TRANSLATORS: {loss} is a share ("30%") of win chance the move tried gave away
        return _("That gives away about {loss:.0%} win chance against Hard's move.").format(
            loss=loss
        )

    def best_words(self) -> str:
        state = self.start
        move = state.parse_move(self.best)
        facing = self.puzzle_scene.play.board.facing
        return self.describe(state, move, state.play(move), facing).text

    def played_words(self) -> str:
        state = self.start
        played = move_between(state, state.play(self.position.played))
        facing = self.puzzle_scene.play.board.facing
        return self.describe(state, played.move, played.after, facing).text

    def show_answer(self, lead: str = "") -> None:
        if self.position.id not in self.judged:  # asked for the answer: missed
            self._verdict_missed()
        super().show_answer(lead)
        # TRANSLATORS: {words} is the move Hard prefers, in words
        told = _("Hard prefers: {words}.").format(words=self.best_words())
        self.words = " ".join(w for w in (lead, told, self.due_words) if w)

    def _verdict_missed(self) -> None:
        self.judged.add(self.position.id)
        try:
            record_try(self.stats, self.position.id, False, today())
        except sqlite3.Error:
            return
        self.due_words = _("It comes back tomorrow.")

    def clue_words(self) -> str:
        """The clue: what was played in the game, and what it gave away."""
        # TRANSLATORS: {words} is the move played in the game, {loss} a share ("42%")
        return _("In your game: {words}, which gave away {loss:.0%} win chance.").format(
            words=self.played_words(), loss=self.position.loss
        )

    def retry(self) -> None:
        self.verdict, self.words, self.marks = None, "", []
        self.tries, self.note, self.tried = 0, "", ""
        self.puzzle_scene.follow(puzzle_match(self.start))

    def next_puzzle(self) -> None:
        self.due_words = ""
        super().next_puzzle()

    def box_words(self) -> BoxWords:
        head = _("Your position {number} of {count}").format(
            number=self.index + 1, count=len(self.positions)
        )
        theirs = (hand_words(self.puzzle_scene.match.state, self.boxed), "text")
        if self.verdict is None:
            said = [(_("Find Hard's move, or one as good."), "text"), theirs]
            if self.note:
                said.append((self.note, "illegal"))
            if self.clue_shown:
                said.append((self.clue_words(), "accent"))
            buttons = (("clue", _("H: Clue")), ("answer", pgettext("button", "Answer")))
            return BoxWords(head, False, tuple(said), buttons, "")
        last = self.index + 1 >= len(self.positions)
        ahead = _("Tab: Back") if last else _("Tab: Next position")
        buttons = (("retry", _("R: Try again")), ("next", ahead))
        colour = "accent" if self.verdict else "text"
        lit = "next" if self.verdict else "retry"
        return BoxWords(head, False, ((self.words, colour), theirs), buttons, lit)

    def on_exit(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None
        super().on_exit()
