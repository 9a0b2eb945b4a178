"""The match scene: one match on the board, for every game and every kind of seat.

The scene drives the match (polling computer seats without blocking), keeps the
time between moves, the announcements, undo and redo, the auto-pass and the hand-off
to the results. What the game is (its board, its input, how it tells a move) is the
game's plug-in (`games/base.py`); what kind of game it is, local or over the LAN, is
the control handed in (`client/control.py`). It never asks what a seat is beyond
"is a local human to move?".
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from isaac_game.match import GameEnded, Match, MatchEvent, MovePlayed, MoveRejected
from isaac_game.players import make_seat
from isaac_game.rules import GameState, Move, Player, new_game

from ..control import MatchControl
from ..games.base import GamePlay, GamePlugin
from ..handoff import GameOutcome, GameSetup
from ..input import Action, Button
from ..keeper import GameKeeper
from ..scene import Scene
from ..widgets.anim import Anim
from ..widgets.hud import GameLayout, PanelInfo, hand_rows
from ..widgets.menu import MenuItem
from ..widgets.move_list import MoveHistory, MovesBox
from .match_keeping import MatchKeeping
from .match_view import MatchView
from .match_words import COMPUTER_PAUSE, MatchWords

AUTO_PASS_DELAY = 1.1
RESULTS_DELAY = 1.2
DEMO_RESTART = 4.0


class MatchScene(MatchView, MatchWords, MatchKeeping, Scene):
    name = "match"

    def __init__(
        self,
        app,
        plugin: GamePlugin,
        setup: GameSetup,
        control: MatchControl | None = None,
        keeper: GameKeeper | None = None,  # a saved game opened for play (GameKeeper.resume)
    ) -> None:
        super().__init__(app)
        self.plugin = plugin
        self.setup = setup
        self.control = control or MatchControl()
        self.control.attach(self)
        self.match = self.control.make_match(setup) or self._new_match(setup)
        self.keeper = keeper or GameKeeper(app.storage, path=setup.save_path)
        self.keeper.headers = self.headers
        self.layout: GameLayout | None = None
        self.anims: list[Anim] = []
        self.banner = ""
        self.banner_warn = False
        self.banner_time = 0.0
        self.banner_move = False  # the bar tells a move (a newer move may replace it)
        self.queued: tuple[str, float] | None = None  # a move's words waiting for the bar
        self.said = 0  # how many messages the bar was given (a pending choice wins over older ones)
        self.wait = 0.3  # before the first computer move
        self.pass_timer: float | None = None
        self.over_timer = 0.0
        self.closed = False
        self.handed_over = False  # the results scene took over the match
        self.age = 0.0
        self.play: GamePlay = plugin.play(self)
        self.history = MoveHistory(plugin.describe)  # the move list's words
        self.moves_box = MovesBox(app.fonts)
        self.history.sync(self.match.state)

    @staticmethod
    def _new_match(setup: GameSetup) -> Match:
        seats = {
            Player.DARK: make_seat(setup.dark, name="Dark"),
            Player.LIGHT: make_seat(setup.light, name="Light"),
        }
        if setup.history:
            return Match.resume(seats, list(setup.history))
        return Match(seats, new_game(setup.game))

    # ----- what the scene shows --------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def board(self):
        """The game's board view (geometry for clicks, tests and tools)."""
        return self.play.board

    @property
    def game_name(self) -> str:
        return self.setup.game

    @property
    def local(self) -> bool:
        """Undo, redo, saving and hints are for games with no remote seat."""
        return self.control.local

    def last_move(self) -> tuple[Player, str, GameState] | None:
        """(who, notation, the position before) of the move that led here."""
        history = self.match.history
        if len(history) < 2:
            return None
        before = history[-2]
        if before.to_move is None:
            return None
        return before.to_move, self.state.moves[-1], before

    def human_to_move(self) -> Player | None:
        mover = self.state.to_move
        if mover is None or self.demo or not self.control.may_move():
            return None
        return mover if self.match.seats[mover].kind == "human" else None

    def seat_label(self, player: Player) -> str:
        return self.control.seat_label(player, self.setup)

    def thinking(self, player: Player) -> bool:
        """Is a computer thinking for `player`? (A LAN peer's turn is theirs, not a wait.)"""
        seat = self.match.seats[player]
        return seat.thinking and seat.kind != "remote"

    def panel_info(self, player: Player) -> PanelInfo:
        info = self.play.panel_info(player, self.seat_label(player))
        return self.control.dress_panel(info, player)

    def hand_rows(self, player: Player) -> dict[int, pygame.Rect]:
        """Where the player's panel lists the hand, by length (for clicks and tests)."""
        layout = self.relayout(self.app.screen.get_size())
        return hand_rows(layout.panels[player], self.panel_info(player), layout.u)

    def say(self, text: str, warn: bool = False, seconds: float = 2.5) -> None:
        self.banner, self.banner_warn, self.banner_time = text, warn, seconds
        self.banner_move, self.queued = False, None
        self.said += 1
        self.app.request_redraw()
        if warn:
            self.app.audio.play("illegal")

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

    # ----- life cycle -------------------------------------------------------------------

    def on_exit(self) -> None:
        self.play.close()
        if not self.closed:
            self.closed = True
            self.match.close()
        if not self.handed_over:
            self.control.on_exit()
        self.keeper.close()

    # ----- input ---------------------------------------------------------------------------

    def handle(self, action: Action) -> None:
        b = action.button
        if self.demo:
            # any input ends the demo; a pointer event in its first moments is more
            # likely the window appearing under a resting mouse than a person
            keeps_on = (Button.PAD_LOST, *self.play.demo_keeps_on)
            if b not in keeps_on and not (b == Button.POINT and self.age < 1.5):
                # back to the menu only: the key held (Enter, Space) must not go on to
                # choose New game there as it repeats
                self.app.swallow_held_keys()
                self.app.pop(self)
            return
        if b == Button.PAD_LOST:
            self.open_pause("A controller was disconnected: the game is paused.")
            return
        if self.control.handle(action) or self.moves_box.handle(action, self.history.entries):
            return
        if b in (Button.CONFIRM, Button.CLICK) and self.computer_to_move():
            self.wait = 0.0  # the player has read the last move: the computer goes on
            self.finish_anims()
        if b == Button.UNDO:
            self.undo()
        elif b == Button.REDO:
            self.redo()
        elif b == Button.PAUSE or (
            b == Button.BACK and not self.play.wants_back(self.human_to_move())
        ):
            self.open_pause()
        else:
            self.play.handle(action)

    def input_mover(self, action: Action) -> Player | None:
        """The local human this move input is from, or None (not theirs to give, or a
        pass is pending). Enter first finishes what is still animating."""
        mover = self.human_to_move()
        if mover is None or not action.allowed_for(mover) or self.pass_timer is not None:
            return None
        if action.button == Button.CONFIRM and self.anims:
            self.finish_anims()
        return mover

    def open_pause(self, message: str = "") -> None:
        self.app.open("pause", self, message)

    def submit(self, move: Move | str) -> None:
        mover = self.state.to_move
        if mover is None:
            return
        if refused := self.control.refuse_move(self.state, move):  # a lesson's step
            self.say(refused, warn=True, seconds=6.0)
            return
        self.handle_events(self.match.submit(mover, move))

    def undo(self) -> None:
        self._jump("Undo", self.match.undo, "Move taken back", "Nothing to undo")

    def redo(self) -> None:
        self._jump("Redo", self.match.redo, "Move replayed", "Nothing to redo")

    def _jump(self, what: str, step: Callable[[], bool], done: str, nothing: str) -> None:
        refused = self.control.refuse_undo(what)
        if refused:
            self.say(refused, warn=True)
            return
        if self.demo:
            return
        if not step():
            self.say(nothing, warn=True)
            return
        self.anims.clear()
        self.play.reset()
        self.pass_timer = None
        self.over_timer = 0.0
        self.wait = COMPUTER_PAUSE
        self.say(done)
        self.sync_moves()
        self.keep()

    # ----- the match -----------------------------------------------------------------------

    def finish_anims(self) -> None:
        self.anims.clear()

    def handle_events(self, events: list[MatchEvent]) -> None:
        if events:
            self.app.request_redraw()
        for event in events:
            if isinstance(event, MovePlayed):
                self.finish_anims()
                self.pass_timer = None
                self.play.reset()
                self.announce(event)
                self.play.narrate(event)
                self.keep()
            elif isinstance(event, MoveRejected):
                self.say(event.reason, warn=True)
            elif isinstance(event, GameEnded):
                self.over_timer = RESULTS_DELAY

    def follow(self, match: Match, announce: str = "") -> None:
        """Show another match from its first move (a LAN rematch or the next joiner)."""
        self.match = match
        self.sync_moves()
        self.keeper.start_over()
        self.app.request_redraw()
        self.anims.clear()
        self.play.reset(new_game=True)
        self.pass_timer = None
        self.over_timer = 0.0
        if announce:
            self.say(announce)

    def age_by(self, dt: float) -> None:
        """Time passes: animations, the banner and the pause between moves run down."""
        self.age += dt
        for anim in self.anims:
            anim.advance(dt)
        self.anims = [a for a in self.anims if not a.done]
        self.banner_time = max(0.0, self.banner_time - dt)
        if self.banner_time <= 0 and self.queued is not None:
            self.tell(*self.queued)
        self.wait = max(0.0, self.wait - dt)

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
        if self.match.seats[mover].kind == "human" and not self.demo:
            self.handle_events(self.match.update())  # lets the seat see its turn
            self._auto_pass(dt, mover)
            return
        if self.anims or self.wait > 0 or self.control.holding_back():
            if self.computer_to_move():
                self.match.prepare()  # it thinks while its last move is still read
            return
        self.handle_events(self.match.update())

    def _auto_pass(self, dt: float, mover: Player) -> None:
        """A human who cannot move is passed for, after a moment to read why."""
        state = self.state
        if self.pass_timer is None and str(state.legal_moves()[0]) == "pass":
            self.pass_timer = AUTO_PASS_DELAY
            self.say(self.play.pass_text(state, mover), seconds=AUTO_PASS_DELAY + 0.5)
            self.play.reset()
        if self.pass_timer is not None:
            self.pass_timer -= dt
            if self.pass_timer <= 0:
                self.pass_timer = None
                self.submit("pass")

    def _update_over(self, dt: float) -> None:
        if self.anims:
            return
        if self.over_timer <= 0 and not self.demo:
            self.over_timer = RESULTS_DELAY
        self.over_timer -= dt
        if self.demo:
            if self.over_timer <= -DEMO_RESTART:
                self.app.switch("match", self.setup)
            return
        if self.over_timer <= 0:
            self.app.audio.play("win")
            headers, unsaved = self.keeper.record_headers(), self.keeper.unsaved()
            outcome = GameOutcome(self.setup, self.state, self.save_path, headers, unsaved)
            self.closed = True
            self.match.close()
            self.handed_over = True
            self.app.switch(self.control.results_scene, *self.control.outcome_handoff(outcome))

    def animating(self) -> bool:
        return bool(self.anims) or self.demo or self.play.animating()

    def refresh_every(self) -> float | None:
        """A message running out, an auto-pass counting down, a LAN countdown, a tooltip
        about to show: the screen keeps time while they last."""
        timed = self.banner_time > 0 or self.pass_timer is not None
        return 0.1 if timed or self.play.keeps_time() or self.control.keeps_time() else None
