"""The match scene: one match on the board, for every game and every kind of seat.

The scene drives the match (polling computer seats without blocking), keeps the
time between moves, undo and redo, the auto-pass and the hand-off to the results.
It is made of parts with one job each:
what the bars say (`MatchBar`), what is drawn (`MatchView`), where input goes
(`MatchInput`) and the game on disk (`MatchKeeping`). What the game is (its board,
its input, how it shows a move) is the game's play part (`games/base.py`); what kind
of game it is, local or over the LAN, is the control handed in (`client/control.py`).
It never asks what a seat is beyond "is a local human (or a computer) to move?".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import pygame

from isaac_game.i18n import _
from isaac_game.match import GameEnded, Match, MatchEvent, MovePlayed, MoveRejected, SeatKind
from isaac_game.rules import GameState, Move, Pass, Player, Refusal

from ..control import Jump, MatchControl
from ..games.base import GameEntry, GamePlay
from ..handoff import GameOutcome, GameSetup, new_match
from ..input import Action
from ..keeper import GameKeeper
from ..scene import Question, Scene
from ..widgets.anim import Anim
from ..widgets.board_view import BoardView
from ..widgets.coach import Coach
from ..widgets.hud import GameLayout, PanelInfo, shown_hand_rows
from ..widgets.menu import MenuItem
from ..words import side_name
from .match_bar import COMPUTER_PAUSE, MatchBar, Pace
from .match_input import MatchInput
from .match_keeping import MatchKeeping
from .match_view import MatchView

AUTO_PASS_DELAY = 1.1
RESULTS_DELAY = 1.2
DEMO_RESTART = 4.0


class MatchScene(Scene):
    name = "match"

    def __init__(
        self,
        app,
        game: GameEntry,
        setup: GameSetup,
        control: MatchControl | None = None,
        keeper: GameKeeper | None = None,  # a saved game opened for play (GameKeeper.resume)
    ) -> None:
        super().__init__(app)
        self.game = game
        self.setup = setup
        self.control = control or MatchControl()
        self.control.attach(self)
        self.leaves_to, self.legal_dots = self.control.leaves_to, self.control.legal_dots
        self.match = self.control.make_match(setup) or new_match(setup)
        self.keeping = MatchKeeping(self, keeper or GameKeeper(app.storage, path=setup.save_path))
        self.coach = Coach(self, self.keeping.keeper)  # checks the human's moves (a setting)
        self.bar = MatchBar(self, game.describe)
        self.pace = Pace()
        self.age = 0.0  # seconds the scene has run (pulsing marks)
        self._anims: list[Anim] = []
        self.closed = False
        self.handed_over = False  # the results scene took over the match
        self.play: GamePlay = game.play(self)
        self.view = MatchView(self)
        self.input = MatchInput(self)
        self.bar.follow(self.match.state)

    # ----- what the scene shows --------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def board(self) -> BoardView:
        """The game's board view (geometry for clicks, tests and tools)."""
        return self.play.board

    @property
    def layout(self) -> GameLayout | None:
        return self.view.layout

    @property
    def banner(self) -> str:
        """The bottom bar's last message (the pause menu shows it too)."""
        return self.bar.text

    @property
    def game_name(self) -> str:
        return self.setup.game

    @property
    def demo(self) -> bool:
        return self.setup.demo

    @property
    def local(self) -> bool:
        """Undo, redo, saving and hints are for games with no remote seat."""
        return self.control.local

    @property
    def anims(self) -> Sequence[Anim]:
        return tuple(self._anims)

    @property
    def passing(self) -> bool:
        return self.pace.pass_in is not None

    @property
    def save_path(self) -> Path | None:
        return self.keeping.save_path

    def last_move(self) -> tuple[Player, Move, GameState] | None:
        """(who, the move, the position before) of the move that led here."""
        played = self.match.last_played
        return None if played is None else (played.player, played.move, played.before)

    def human_to_move(self) -> Player | None:
        mover = self.state.to_move
        if mover is None or self.demo or not self.control.may_move():
            return None
        return mover if self.match.seats[mover].kind == SeatKind.HUMAN else None

    def computer_to_move(self) -> bool:
        seat = self.match.seat_to_move
        return seat is not None and seat.kind == SeatKind.COMPUTER

    def seat_label(self, player: Player) -> str:
        return self.control.seat_label(player, self.setup)

    def thinking(self, player: Player) -> bool:
        """Is a computer thinking for `player`? (A LAN peer's turn is theirs, not a wait.)"""
        seat = self.match.seats[player]
        return seat.thinking and seat.kind != SeatKind.REMOTE

    def panel_info(self, player: Player) -> PanelInfo:
        info = self.play.panel_info(player, self.seat_label(player))
        return self.control.dress_panel(info, player)

    def hand_rows(self, player: Player) -> dict[int, pygame.Rect]:
        """Where the player's panel lists the hand, by length (for clicks and tests)."""
        layout = self.view.relayout(self.app.screen.get_size())
        infos = {p: self.panel_info(p) for p in (Player.DARK, Player.LIGHT)}
        return shown_hand_rows(self.app.fonts, layout, infos, player)

    def say(self, text: str, warn: bool = False, seconds: float = 2.5) -> None:
        self.bar.say(text, warn, seconds)

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)

    def draw_top_bar(
        self, surface: pygame.Surface, title: str, inset: int = 600, px: int = 46
    ) -> None:
        self.view.draw_top_bar(surface, title, inset, px)

    def lay_out_again(self) -> None:
        """The layout changes before the window does (a puzzle's box changes sides)."""
        self.view.layout = None

    # ----- what the overlays ask (scene.GameScreen) ---------------------------------------

    def can_undo(self) -> bool:
        return self.local and self.match.can_undo

    def can_redo(self) -> bool:
        return self.local and self.match.can_redo

    def can_save(self) -> bool:
        return self.local

    def hint_available(self) -> bool:
        return self.play.hint_available()

    def request_hint(self) -> None:
        self.play.request_hint()

    def pause_items(self) -> list[MenuItem]:
        return self.control.pause_items()

    def tick_behind(self, dt: float) -> None:
        self.control.tick_behind(dt)

    def turn_board(self) -> None:
        self.view.turn_board()

    def save(self) -> str:
        return self.keeping.save()

    def leave_question(self, leave: Callable[[], None]) -> Question | None:
        return self.keeping.leave_question(leave, self)

    def keep_game(self) -> str | None:
        return self.keeping.keep_game()

    # ----- life cycle -------------------------------------------------------------------

    def on_exit(self) -> None:
        self.play.close()
        self.board.release()  # its pictures go now, not when the collector gets to them
        self.coach.close()
        if not self.closed:
            self.closed = True
            self.match.close()
        if not self.handed_over:
            self.control.on_exit()
        self.keeping.close()

    # ----- input ---------------------------------------------------------------------------

    def handle(self, action: Action) -> None:
        self.input.handle(action, self)

    def input_mover(self, action: Action) -> Player | None:
        return self.input.mover(action)

    def open_pause(self, message: str = "") -> None:
        self.app.open("pause", self, message)

    def go_on(self) -> None:
        """The player has read the last move: the computer's next one may come now."""
        self.pace.wait = 0.0
        self.finish_anims()

    def submit(self, move: Move) -> None:
        mover = self.state.to_move
        if mover is None:
            return
        if refused := self.control.refuse_move(self.state, move):  # a lesson's step
            self.say(refused, warn=True, seconds=6.0)
            return
        self.handle_events(self.match.submit(mover, move))

    def why_not(self, error: ValueError | Refusal) -> str:
        return self.game.why_not(error, self.view.side)

    def refuse_choice(self, moves: Iterable[Move]) -> str:
        if refused := self.control.refuse_choice(self.state, list(moves)):
            self.say(refused, warn=True, seconds=6.0)
        return refused

    def undo(self) -> None:
        self._jump(Jump.UNDO, self.match.undo, _("Move taken back"), _("Nothing to undo"))

    def redo(self) -> None:
        self._jump(Jump.REDO, self.match.redo, _("Move replayed"), _("Nothing to redo"))

    def _jump(self, what: Jump, step: Callable[[], bool], done: str, nothing: str) -> None:
        """`what`: "Undo" or "Redo", English (the control tells them apart by it)."""
        refused = self.control.refuse_undo(what)
        if refused:
            self.say(refused, warn=True)
            return
        if self.demo:
            return
        if not step():
            self.say(nothing, warn=True)
            return
        self._anims.clear()
        self.play.reset()
        self.pace = Pace(wait=COMPUTER_PAUSE)
        self.say(done)
        self.sync_moves()
        self.keeping.keep()

    # ----- the match -----------------------------------------------------------------------

    def animate(self, anim: Anim) -> None:
        self._anims.append(anim)

    def finish_anims(self) -> None:
        self._anims.clear()

    def showing_move(self) -> bool:
        """Is the last move still being shown (animating, or in the pause after it)?"""
        return bool(self._anims) or self.pace.wait > 0

    def sync_moves(self) -> None:
        """The move list follows the match (a move, an undo, another game)."""
        if self.bar.follow(self.match.state):
            self.view.moves_box.keep_up(self.bar.history.entries)

    def handle_events(self, events: list[MatchEvent]) -> None:
        if events:
            self.app.request_redraw()
        for event in events:
            if isinstance(event, MovePlayed):
                self.finish_anims()
                self.pace.pass_in = None
                self.play.reset()
                self.sync_moves()
                self.pace.wait = self.bar.announce(event)
                self.play.animate_move(event)
                self.keeping.keep()
                self.coach.played(event)
            elif isinstance(event, MoveRejected):
                self.say(self.rejected_words(event), warn=True)
            elif isinstance(event, GameEnded):
                self.pace.results_in = RESULTS_DELAY

    def rejected_words(self, event: MoveRejected) -> str:
        """Why a move was rejected, in words (the event's reason is for the logs)."""
        if event.refusal is not None:
            return self.why_not(event.refusal)
        # TRANSLATORS: a move offered out of turn; {player} is "Dark" or "Light"
        return _("it is not {player}'s turn").format(player=side_name(event.player))

    def follow(self, match: Match, announce: str = "") -> None:
        """Show another match from its first move (a LAN rematch or the next joiner)."""
        self.match = match
        self.sync_moves()
        self.keeping.start_over()
        self.app.request_redraw()
        self._anims.clear()
        self.play.reset(new_game=True)
        self.pace.pass_in, self.pace.results_in = None, 0.0
        if announce:
            self.say(announce)

    def age_by(self, dt: float) -> None:
        """Time passes: animations, the bar's message and the pause between moves run down."""
        self.age += dt
        for anim in self._anims:
            anim.advance(dt)
        self._anims = [a for a in self._anims if not a.done]
        self.bar.tick(dt)
        self.pace.wait = max(0.0, self.pace.wait - dt)

    def update(self, dt: float) -> None:
        if self.control.update(dt):
            self.age_by(dt)
            return
        self.age_by(dt)
        self.play.update(dt)
        state = self.state
        if state.is_over or self.control.finished():
            self._update_over(dt)
            return
        mover = state.to_move
        assert mover is not None
        if self.match.seats[mover].kind == SeatKind.HUMAN and not self.demo:
            self.handle_events(self.match.update())  # lets the seat see its turn
            self._auto_pass(dt, mover)
            return
        if self.showing_move() or self.control.holding_back() or self.coach.holding():
            if self.computer_to_move():
                self.match.prepare()  # it thinks while its last move is still read
            return
        self.handle_events(self.match.update())

    def _auto_pass(self, dt: float, mover: Player) -> None:
        """A human who cannot move is passed for, after a moment to read why."""
        state, pace = self.state, self.pace
        if pace.pass_in is None and isinstance(state.legal_moves()[0], Pass):
            pace.pass_in = AUTO_PASS_DELAY
            self.say(self.play.pass_text(mover), seconds=AUTO_PASS_DELAY + 0.5)
            self.play.reset()
        if pace.pass_in is not None:
            pace.pass_in -= dt
            if pace.pass_in <= 0:
                pace.pass_in = None
                self.submit(Pass())

    def _update_over(self, dt: float) -> None:
        if self._anims:
            return
        pace = self.pace
        if pace.results_in <= 0 and not self.demo:
            pace.results_in = RESULTS_DELAY
        pace.results_in -= dt
        if self.demo:
            if pace.results_in <= -DEMO_RESTART:
                self.app.switch("match", self.setup)
            return
        if pace.results_in <= 0:
            self.app.audio.play("win")
            headers, unsaved = self.keeping.finished()
            outcome = GameOutcome(self.setup, self.state, self.save_path, headers, unsaved)
            self.closed = True
            self.match.close()
            self.handed_over = True
            self.app.switch(self.control.results_scene, *self.control.outcome_handoff(outcome))

    def animating(self) -> bool:
        return bool(self._anims) or self.demo or self.play.animating()

    def refresh_every(self) -> float | None:
        """A message running out, an auto-pass counting down, a LAN countdown, a tooltip
        about to show: the screen keeps time while they last."""
        timed = self.bar.seconds > 0 or self.passing
        return 0.1 if timed or self.play.keeps_time() or self.control.keeps_time() else None
