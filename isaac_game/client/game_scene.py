"""The game screen: one match on the board, whoever sits at each seat.

The scene drives the match (polling computer seats without blocking), turns the
events it returns into animations, sounds and announcements, and hands human input
to the placement or scoring input of the current phase. It never cares what kind of
seat it is talking to beyond "is a local human to move?".
"""

from __future__ import annotations

from isaac_game.match import GameEnded, Match, MovePlayed, MoveRejected
from isaac_game.players import make_seat
from isaac_game.rules import IsaacState, Move, Player, new_game

from .anim import Anim, CounterHop, DropIn, LiftOut
from .board_view import BoardView
from .game_view import GameView, kind_label
from .hint_view import HintHelper
from .hud import GameLayout
from .input import Action, Button
from .placement import PlacementInput
from .scene import GameOutcome, GameSetup, Scene
from .scoring import ScoringInput

COMPUTER_PAUSE = 0.45  # seconds between a computer's moves, so people can follow
AUTO_PASS_DELAY = 1.1
RESULTS_DELAY = 1.2
DEMO_RESTART = 4.0


class GameScene(GameView, Scene):
    name = "game"

    def __init__(self, app, setup: GameSetup) -> None:
        super().__init__(app)
        self.setup = setup
        seats = {
            Player.DARK: make_seat(setup.dark, name="Dark"),
            Player.LIGHT: make_seat(setup.light, name="Light"),
        }
        if setup.history:
            self.match = Match.resume(seats, list(setup.history))
        else:
            self.match = Match(seats, new_game(setup.game))
        self.save_path = setup.save_path
        self.board = BoardView(app.fonts)
        self.layout: GameLayout | None = None
        self.placement = PlacementInput(self)
        self.scoring = ScoringInput(self)
        self.hint_helper = HintHelper(self)
        self.anims: list[Anim] = []
        self.banner = ""
        self.banner_warn = False
        self.banner_time = 0.0
        self.last_move: tuple[Player, str, IsaacState] | None = None
        self.wait = 0.3  # before the first computer move
        self.pass_timer: float | None = None
        self.over_timer = 0.0
        self.closed = False
        self.age = 0.0
        if self.state.moves and setup.history[:-1]:
            before = setup.history[-2]
            self.last_move = (before.to_move, self.state.moves[-1], before)  # type: ignore[assignment]

    # ----- what the scene shows --------------------------------------------------------

    @property
    def state(self) -> IsaacState:
        return self.match.state  # type: ignore[return-value]

    def kind(self, player: Player) -> str:
        return self.setup.dark if player == Player.DARK else self.setup.light

    def human_to_move(self) -> Player | None:
        mover = self.state.to_move
        if mover is None or self.setup.demo:
            return None
        return mover if self.match.seats[mover].kind == "human" else None

    @property
    def local(self) -> bool:
        """Undo, redo and saving are for games with no remote seat."""
        return all(seat.kind != "remote" for seat in self.match.seats.values())

    def say(self, text: str, warn: bool = False, seconds: float = 2.5) -> None:
        self.banner, self.banner_warn, self.banner_time = text, warn, seconds
        if warn:
            self.app.audio.play("illegal")

    # ----- life cycle -------------------------------------------------------------------

    def on_exit(self) -> None:
        self.hint_helper.close()
        if not self.closed:
            self.closed = True
            self.match.close()

    # ----- input ---------------------------------------------------------------------------

    #: Buttons that do not end a demo (besides a pointer in its first moments).
    demo_keeps_on: tuple[Button, ...] = (Button.PAD_LOST,)

    def handle(self, action: Action) -> None:
        if self._handle_demo_or_pad_lost(action):
            return
        b = action.button
        if b == Button.PAUSE:
            self.open_pause()
            return
        if b == Button.UNDO:
            self.undo()
            return
        if b == Button.REDO:
            self.redo()
            return
        mover = self.human_to_move()
        if b == Button.BACK and not (
            mover and self.state.phase == "scoring" and self.scoring.wants_back()
        ):
            self.open_pause()
            return
        if b == Button.HINT or (b == Button.CLICK and self.hint_helper.hit(action.pos)):
            if action.allowed_for(mover):
                self.hint_helper.request()
            return
        mover = self._input_mover(action)
        if mover is None:
            return
        if self.state.phase == "placement":
            self.placement.handle(action, self.state, mover)
        elif self.state.phase == "scoring":
            self.scoring.handle(action, self.state, mover)

    def _handle_demo_or_pad_lost(self, action: Action) -> bool:
        """What every game screen does first with input; True when that was all."""
        b = action.button
        if self.setup.demo:
            # any input ends the demo; a pointer event in its first moments is more
            # likely the window appearing under a resting mouse than a person
            if b not in self.demo_keeps_on and not (b == Button.POINT and self.age < 1.5):
                self.app.pop(self)
            return True
        if b == Button.PAD_LOST:
            self.open_pause("A controller was disconnected: the game is paused.")
            return True
        return False

    def _input_mover(self, action: Action) -> Player | None:
        """The local human this move input is from, or None (not theirs to give, or a
        pass is pending). Enter first finishes what is still animating."""
        mover = self.human_to_move()
        if mover is None or not action.allowed_for(mover) or self.pass_timer is not None:
            return None
        if action.button == Button.CONFIRM and self.anims:
            self.finish_anims()
        return mover

    def open_pause(self, message: str = "") -> None:
        from .pause import PauseScene

        self.app.push(PauseScene(self.app, self, message))

    def submit(self, move: Move | str) -> None:
        mover = self.state.to_move
        if mover is None:
            return
        self.handle_events(self.match.submit(mover, move))

    def undo(self) -> None:
        if not self.local or self.setup.demo:
            return
        if self.match.undo():
            self._after_jump("Move taken back")
        else:
            self.say("Nothing to undo", warn=True)

    def redo(self) -> None:
        if not self.local or self.setup.demo:
            return
        if self.match.redo():
            self._after_jump("Move replayed")
        else:
            self.say("Nothing to redo", warn=True)

    def _after_jump(self, text: str) -> None:
        self.anims.clear()
        self.scoring.reset()
        self.pass_timer = None
        self.over_timer = 0.0
        self.wait = COMPUTER_PAUSE
        moves = self.state.moves
        self.last_move = None
        if moves:
            before = self.match._past[-1] if self.match._past else None
            if before is not None:
                self.last_move = (before.to_move, moves[-1], before)  # type: ignore[arg-type]
        self.say(text)

    # ----- the match -----------------------------------------------------------------------

    def finish_anims(self) -> None:
        self.anims.clear()

    def handle_events(self, events) -> None:
        for event in events:
            if isinstance(event, MovePlayed):
                self._played(event)
            elif isinstance(event, MoveRejected):
                self.say(event.reason, warn=True)
            elif isinstance(event, GameEnded):
                self.over_timer = RESULTS_DELAY

    def _note_played(self, event: MovePlayed) -> None:
        """Every game's bookkeeping for a move just played, before showing it."""
        self.finish_anims()
        self.last_move = (event.player, event.move, event.before)
        self.wait = COMPUTER_PAUSE
        self.pass_timer = None

    def _played(self, event: MovePlayed) -> None:
        self._note_played(event)
        before, after = event.before, event.after
        who = event.player.title
        self.scoring.reset()
        if event.move == "pass":
            if before.phase == "placement":
                self.say(f"{who} cannot place: passes")
            else:
                self.say(f"{who} cannot remove a piece: passes and is out")
            self.app.audio.play("pass")
            if after.phase == "scoring" and before.phase == "placement":
                first = after.first_passer.title if after.first_passer else "?"
                self.say(f"Placement over. Scoring: {first} passed first and starts", seconds=3.5)
            return
        if event.move[0].isdigit():
            piece = after.piece_at(int(event.move[2:4]))
            if piece is not None:
                self.anims.append(DropIn(piece))
            self.app.audio.play("place")
            return
        # a removal
        cell = int(event.move[1:3])
        removed = before.piece_at(cell)
        if removed is not None:
            self.anims.append(LiftOut(removed))
        start, end = before.scores[event.player.index], after.scores[event.player.index]
        if end != start:
            self.anims.append(CounterHop(event.player, start, end))
        points = before.removal_points(cell)
        self.say(
            f"{who} removes {removed.length if removed else '?'}-piece: {points}, counter to {end}"
        )
        self.app.audio.play("remove")
        if end != start:
            self.app.audio.play("counter")

    def _age(self, dt: float) -> None:
        """Time passes: animations, the banner and the pause between moves run down."""
        self.age += dt
        for anim in self.anims:
            anim.advance(dt)
        self.anims = [a for a in self.anims if not a.done]
        self.banner_time = max(0.0, self.banner_time - dt)
        self.wait = max(0.0, self.wait - dt)

    def pass_text(self, state, mover: Player) -> str:
        """What the bar says while a human who cannot move is passed for."""
        verb = "place" if state.phase == "placement" else "remove a piece"
        return f"{mover.title} cannot {verb}: passes"

    def _start_auto_pass(self, state, mover: Player) -> None:
        self.pass_timer = AUTO_PASS_DELAY
        self.say(self.pass_text(state, mover), seconds=AUTO_PASS_DELAY + 0.5)

    def update(self, dt: float) -> None:
        self._age(dt)
        self.hint_helper.update()  # (no hint is ever asked in the other games)
        state = self.state
        if state.is_over:
            self._update_over(dt)
            return
        mover = state.to_move
        seat = self.match.seats[mover]
        if seat.kind == "human" and not self.setup.demo:
            self.handle_events(self.match.update())  # lets the seat see its turn
            if self.pass_timer is None and str(state.legal_moves()[0]) == "pass":
                self._start_auto_pass(state, mover)
            if self.pass_timer is not None:
                self.pass_timer -= dt
                if self.pass_timer <= 0:
                    self.pass_timer = None
                    self.submit("pass")
            return
        if self.anims or self.wait > 0:
            return
        self.handle_events(self.match.update())

    def _update_over(self, dt: float) -> None:
        if self.anims:
            return
        if self.over_timer <= 0 and not self.setup.demo:
            self.over_timer = RESULTS_DELAY
        self.over_timer -= dt
        if self.setup.demo:
            if self.over_timer <= -DEMO_RESTART:
                self.app.replace(type(self)(self.app, self.setup))
            return
        if self.over_timer <= 0:
            from .results import ResultsScene

            self.app.audio.play("win")
            outcome = GameOutcome(self.setup, self.state, self.save_path, self.headers())
            self.closed = True
            self.match.close()
            self.app.replace(ResultsScene(self.app, outcome))

    def headers(self) -> dict[str, str]:
        return {
            "Dark": kind_label(self.setup.dark),
            "Light": kind_label(self.setup.light),
            "DarkPlayer": self.setup.dark,
            "LightPlayer": self.setup.light,
        }

    def save(self) -> str:
        """Save the game to its file (a new one the first time); a message for the user."""
        if self.save_path is None:
            self.save_path = self.app.storage.new_save_path()
        error = self.app.storage.save_game(self.save_path, self.state, self.headers())
        return error or f"Saved as {self.save_path.name}"
