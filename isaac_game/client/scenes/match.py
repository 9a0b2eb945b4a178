"""The match scene: one match on the board, for every game and every kind of seat.

The scene drives the match (polling computer seats without blocking), keeps the
time between moves, undo and redo, the auto-pass and the hand-off to the results.
It is made of parts with one job each, and each is handed what it works with:
what the bars say (`MatchBar`), what is drawn (`MatchView`), where input goes
(`MatchInput`), the game on disk (`MatchKeeping`) and what moves by itself on the
board (`Motion`). A part is reached through its name (`scene.bar.say`,
`scene.view.turn_board`), never through a forward on the scene. What the game is (its board,
its input, how it shows a move) is the game's play part (`games/base.py`); what kind
of game it is, local or over the LAN, is the control handed in (`client/control.py`).
It never asks what a seat is beyond "is a local human (or a computer) to move?".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

from isaac_game.clock import SHORT, Clocks, clock_text
from isaac_game.i18n import _
from isaac_game.match import (
    GameEnded,
    Match,
    MatchEvent,
    MovePlayed,
    MoveRejected,
    SeatKind,
    TimedOut,
)
from isaac_game.rules import GameState, Move, Pass, Player

from ..control import MatchControl
from ..games.base import GameEntry, GamePlay
from ..handoff import GameOutcome, GameSetup, new_match
from ..input import Action
from ..keeper import GameKeeper
from ..scene import Jump, Question, Scene
from ..widgets.coach import Coach
from ..widgets.hud import PanelClock, PanelInfo, shown_hand_rows
from ..widgets.motion import Motion
from ..words import side_name
from .match_bar import COMPUTER_PAUSE, MatchBar
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
        self.match = self.control.make_match(setup) or new_match(setup)
        self.keeping = MatchKeeping(self, keeper or GameKeeper(app.storage, path=setup.save_path))
        self.coach = Coach(self, self.keeping.keeper)  # checks the human's moves (a setting)
        self.bar = MatchBar(self, game)
        self.motion = Motion()
        self.closed = False
        self.handed_over = False  # the results scene took over the match
        #: the sides whose clock has warned that it is short (once each)
        self.warned: set[Player] = set()
        self.play: GamePlay = game.play(self)
        self.view = MatchView(self)
        self.input = MatchInput(self)
        self.bar.follow(self.match.state)

    # ----- what the scene shows --------------------------------------------------------

    def last_move(self) -> tuple[Player, Move, GameState] | None:
        """(who, the move, the position before) of the move that led here."""
        played = self.match.last_played
        return None if played is None else (played.player, played.move, played.before)

    def human_to_move(self) -> Player | None:
        mover = self.match.state.to_move
        if mover is None or self.setup.demo or not self.control.may_move():
            return None
        return mover if self.match.seats[mover].kind == SeatKind.HUMAN else None

    def computer_to_move(self) -> bool:
        seat = self.match.seat_to_move
        return seat is not None and seat.kind == SeatKind.COMPUTER

    def panel_info(self, player: Player) -> PanelInfo:
        info = self.play.panel_info(player, self.control.seat_label(player, self.setup))
        clocks = self.match.clocks
        if clocks is not None:
            left = clocks.left(player)
            running = clocks.running == player and not self._over()
            info.clock = PanelClock(clock_text(left), running, left < SHORT)
        return self.control.dress_panel(info, player)

    def hand_rows(self, player: Player) -> dict[int, pygame.Rect]:
        """Where the player's panel lists the hand, by length (for clicks and tests)."""
        layout = self.view.relayout(self.app.screen.get_size())
        infos = {p: self.panel_info(p) for p in (Player.DARK, Player.LIGHT)}
        return shown_hand_rows(self.app.fonts, layout, infos, player)

    # ----- what the overlays ask (scene.GameScreen) ---------------------------------------

    def can_undo(self) -> bool:
        return self.control.local and self.match.can_undo

    def can_redo(self) -> bool:
        return self.control.local and self.match.can_redo

    # ----- the Scene's own hooks ----------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)

    def handle(self, action: Action) -> None:
        self.input.handle(action, self)

    def leave_question(self, leave: Callable[[], None]) -> Question | None:
        return self.keeping.leave_question(leave, self)

    def keep_game(self) -> str | None:
        return self.keeping.keep_game()

    def tick_behind(self, dt: float) -> None:
        self.control.tick_behind(dt)

    # ----- life cycle -------------------------------------------------------------------

    def on_exit(self) -> None:
        self.play.close()
        self.play.board.release()  # its pictures go now, not when the collector gets to them
        self.coach.close()
        if not self.closed:
            self.closed = True
            self.match.close()
        if not self.handed_over:
            self.control.on_exit()
        self.keeping.close()

    # ----- input ---------------------------------------------------------------------------

    def submit(self, move: Move) -> None:
        mover = self.match.state.to_move
        if mover is None:
            return
        if refused := self.control.refuse_move(self.match.state, move):  # a lesson's step
            self.bar.say(refused, warn=True, seconds=6.0)
            return
        self.handle_events(self.match.submit(mover, move))

    def refuse_choice(self, moves: Iterable[Move]) -> str:
        if refused := self.control.refuse_choice(self.match.state, list(moves)):
            self.bar.say(refused, warn=True, seconds=6.0)
        return refused

    def jump(self, what: Jump) -> None:
        """Undo or redo (Ctrl+Z / Ctrl+Y, the pad's shoulders, the pause menu), unless the
        control refuses it (a LAN game, a lesson); the bar says what was done."""
        refused = self.control.refuse_undo(what)
        if refused:
            self.bar.say(refused, warn=True)
            return
        if self.setup.demo:
            return
        if what == Jump.UNDO:
            stepped, done, nothing = self.match.undo(), _("Move taken back"), _("Nothing to undo")
        else:
            stepped, done, nothing = self.match.redo(), _("Move replayed"), _("Nothing to redo")
        if not stepped:
            self.bar.say(nothing, warn=True)
            return
        self.motion.start_over(wait=COMPUTER_PAUSE)
        self.play.reset()
        self.bar.say(done)
        self.sync_moves()
        self.keeping.keep()

    # ----- the match -----------------------------------------------------------------------

    def sync_moves(self) -> None:
        """The move list follows the match (a move, an undo, another game)."""
        if self.bar.follow(self.match.state):
            self.view.moves_box.keep_up(self.bar.history.entries)

    def handle_events(self, events: list[MatchEvent]) -> None:
        if events:
            self.app.request_redraw()
        for event in events:
            if isinstance(event, MovePlayed):
                self.motion.finish()
                self.motion.pace.pass_in = None
                self.play.reset()
                self.sync_moves()
                self.motion.pace.wait = self.bar.announce(event)
                self.play.animate_move(event)
                self.keeping.keep()
                self.coach.played(event)
            elif isinstance(event, MoveRejected):
                self.bar.say(self.rejected_words(event), warn=True)
            elif isinstance(event, GameEnded):
                self.motion.pace.results_in = RESULTS_DELAY
            elif isinstance(event, TimedOut):
                self.play.reset()
                # TRANSLATORS: a game lost on time; {player} is "Dark" or "Light"
                said = _("{player} ran out of time").format(player=side_name(event.player))
                self.bar.say(said, warn=True, seconds=RESULTS_DELAY + 2.0)
                self.motion.pace.results_in = RESULTS_DELAY

    def rejected_words(self, event: MoveRejected) -> str:
        """Why a move was rejected, in words (the event's reason is for the logs)."""
        if event.refusal is not None:
            return self.bar.why_not(event.refusal)
        # TRANSLATORS: a move offered out of turn; {player} is "Dark" or "Light"
        return _("it is not {player}'s turn").format(player=side_name(event.player))

    def follow(self, match: Match, announce: str = "") -> None:
        """Show another match from its first move (a LAN rematch or the next joiner)."""
        self.match = match
        self.sync_moves()
        self.keeping.start_over()
        self.app.request_redraw()
        self.motion.start_over()
        self.play.reset(new_game=True)
        if announce:
            self.bar.say(announce)

    def age_by(self, dt: float) -> None:
        """Time passes: animations, the bar's message and the pause between moves run down."""
        self.motion.advance(dt)
        self.bar.tick(dt)

    def update(self, dt: float) -> None:
        if self.control.update(dt):
            self.age_by(dt)
            return
        self.age_by(dt)
        self.play.update(dt)
        self.run_clocks(dt)
        state = self.match.state
        if self._over():
            self._update_over(dt)
            return
        mover = state.to_move
        assert mover is not None
        if self.match.seats[mover].kind == SeatKind.HUMAN and not self.setup.demo:
            self.handle_events(self.match.update())  # lets the seat see its turn
            self._auto_pass(dt, mover)
            return
        if self.motion.showing_move() or self.control.holding_back() or self.coach.holding():
            if self.computer_to_move():
                self.match.prepare()  # it thinks while its last move is still read
            return
        self.handle_events(self.match.update())

    def _over(self) -> bool:
        """Is the game over: played out, decided off the board, or lost on time?"""
        match = self.match
        return match.state.is_over or self.control.finished() or match.out_of_time is not None

    def _live_clocks(self) -> Clocks | None:
        """The game's clocks while they may run: a game played to one, under way, and
        not a demo (None otherwise)."""
        if self.setup.demo or self._over():
            return None
        return self.match.clocks

    def run_clocks(self, dt: float) -> None:
        """The clock of the side to move runs (a game played to one; never in a demo):
        not while a computer's move, ready, is held back for the last one to be read.
        Once a side's time is short, its clock warns once (its colour, and a sound).
        A network game's control runs them too while the scene itself stands still
        (under the pause menu, a reconnect): the host's clock does not stop."""
        clocks = self._live_clocks()
        if clocks is None or self.match.answer_waiting():
            return
        self.handle_events(self.match.tick(dt))
        side = clocks.running
        if side is not None and clocks.left(side) < SHORT and side not in self.warned:
            self.warned.add(side)
            self.app.audio.play("clock")

    def _auto_pass(self, dt: float, mover: Player) -> None:
        """A human who cannot move is passed for, after a moment to read why."""
        state, pace = self.match.state, self.motion.pace
        if pace.pass_in is None and isinstance(state.legal_moves()[0], Pass):
            pace.pass_in = AUTO_PASS_DELAY
            self.bar.say(self.play.pass_text(mover), seconds=AUTO_PASS_DELAY + 0.5)
            self.play.reset()
        if pace.pass_in is not None:
            pace.pass_in -= dt
            if pace.pass_in <= 0:
                pace.pass_in = None
                self.submit(Pass())

    def _update_over(self, dt: float) -> None:
        if self.motion.anims:
            return
        pace, demo = self.motion.pace, self.setup.demo
        if pace.results_in <= 0 and not demo:
            pace.results_in = RESULTS_DELAY
        pace.results_in -= dt
        if demo:
            if pace.results_in <= -DEMO_RESTART:
                self.app.switch("match", self.setup)
            return
        if pace.results_in <= 0:
            self.app.audio.play("win")
            headers, unsaved = self.keeping.finished()
            outcome = GameOutcome(self.setup, self.match.state, self.keeping.path, headers, unsaved)
            self.closed = True
            self.match.close()
            self.handed_over = True
            self.app.switch(self.control.results_scene, *self.control.outcome_handoff(outcome))

    def animating(self) -> bool:
        return bool(self.motion.anims) or self.setup.demo or self.play.animating()

    def refresh_every(self) -> float | None:
        """A message running out, an auto-pass counting down, a LAN countdown, a tooltip
        about to show, a clock running (its tenths under 10 s): the screen keeps time
        while they last."""
        timed = self.bar.seconds > 0 or self.motion.passing
        if timed or self.play.keeps_time() or self.control.keeps_time():
            return 0.1
        return self._clock_period()

    def _clock_period(self) -> float | None:
        """How often a running clock is drawn again: each tenth once it shows tenths,
        else a few times a second (a second never shows late by more than a quarter)."""
        clocks = self._live_clocks()
        side = self.match.state.to_move
        if clocks is None or side is None:
            return None
        return 0.1 if clocks.left(side) < SHORT else 0.25
