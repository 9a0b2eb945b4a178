"""The HARI game screen: GameScene's match driving, with HARI's input and drawing.

Each HARI action is one move of the match (a slide keeps the turn), so a computer's
turn plays out one action at a time with the usual pause between, undo takes back
one action, and the auto-pass, results hand-off, saving and pause menu are
GameScene's. Hints are ISAAC-only (the hint helper offers none for HARI).
"""

from __future__ import annotations

from isaac_game.match import MovePlayed
from isaac_game.rules import VALUE, HariState

from .anim import DropIn
from .game_scene import AUTO_PASS_DELAY, COMPUTER_PAUSE, DEMO_RESTART, RESULTS_DELAY, GameScene
from .hari_input import HariInput
from .hari_view import HariView, SlideAnim, recent_actions
from .input import Action, Button
from .scene import GameOutcome, GameSetup


class HariScene(HariView, GameScene):
    name = "hari"

    def __init__(self, app, setup: GameSetup) -> None:
        super().__init__(app, setup)
        self.hari = HariInput(self)
        self._recent: tuple[HariState, list] | None = None

    @property
    def state(self) -> HariState:
        return self.match.state  # type: ignore[return-value]

    def recent(self) -> list:
        """The last turn's and this turn's actions (cached per position)."""
        state = self.state
        if self._recent is None or self._recent[0] is not state:
            states = [*self.match._past, state]
            self._recent = (state, recent_actions(states[-40:]))
        return self._recent[1]

    # ----- input ---------------------------------------------------------------------

    def handle(self, action: Action) -> None:
        b = action.button
        if self.setup.demo:
            if b not in (Button.PAD_LOST, Button.RELEASE) and not (
                b == Button.POINT and self.age < 1.5
            ):
                self.app.pop(self)
            return
        if b == Button.PAD_LOST:
            self.open_pause("A controller was disconnected: the game is paused.")
            return
        if b in (Button.UNDO, Button.REDO):
            self.undo() if b == Button.UNDO else self.redo()
            return
        mover = self.human_to_move()
        holding = self.hari.piece is not None
        if b == Button.PAUSE or (b == Button.BACK and not (holding and mover)):
            self.open_pause()
            return
        if mover is None or not action.allowed_for(mover) or self.pass_timer is not None:
            return
        if b == Button.CONFIRM and self.anims:
            self.finish_anims()
        self.hari.handle(action, self.state, mover)

    def _after_jump(self, text: str) -> None:
        super()._after_jump(text)
        self.hari.reset()

    # ----- the match -------------------------------------------------------------------

    def _played(self, event: MovePlayed) -> None:
        self.finish_anims()
        self.hari.reset()
        before, after = event.before, event.after
        who, move = event.player.title, event.move
        self.last_move = (event.player, move, before)
        self.wait = COMPUTER_PAUSE
        self.pass_timer = None
        if move == "pass":
            self.say(f"{who} cannot play any piece: passes")
            self.app.audio.play("pass")
        elif move.startswith("s"):
            piece = before.piece_at(int(move[1:3]))
            if piece is not None:
                self.anims.append(SlideAnim(piece, move))
                n = move[4:]
                where = "off the board" if n == "x" else f"{n} cell{'s' if n != '1' else ''}"
                self.say(
                    f"{who} slides a {piece.length}-cell piece {where}:"
                    f" slid {after.slid_value} this turn"
                )
            self.app.audio.play("remove" if move.endswith("x") else "place")
        elif move.startswith("d"):
            length = int(move[1:])
            self.say(f"{who} discards a {length}-cell piece (value {VALUE[length]})")
            self.app.audio.play("remove")
        else:
            piece = after.piece_at(int(move[2:4]))
            if piece is not None:
                self.anims.append(DropIn(piece))
            self.app.audio.play("place")

    def update(self, dt: float) -> None:
        self.age += dt
        for anim in self.anims:
            anim.advance(dt)
        self.anims = [a for a in self.anims if not a.done]
        self.banner_time = max(0.0, self.banner_time - dt)
        self.wait = max(0.0, self.wait - dt)
        state = self.state
        if state.is_over:
            self._update_over(dt)
            return
        mover = state.to_move
        seat = self.match.seats[mover]
        if seat.kind == "human" and not self.setup.demo:
            self.handle_events(self.match.update())  # lets the seat see its turn
            if self.pass_timer is None and str(state.legal_moves()[0]) == "pass":
                self.pass_timer = AUTO_PASS_DELAY
                self.hari.reset()
                self.say(
                    f"{mover.title} has no piece long enough to play: passes",
                    seconds=AUTO_PASS_DELAY + 0.5,
                )
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
                self.app.replace(HariScene(self.app, self.setup))
            return
        if self.over_timer <= 0:
            from .results import ResultsScene

            self.app.audio.play("win")
            outcome = GameOutcome(self.setup, self.state, self.save_path, self.headers())
            self.closed = True
            self.match.close()
            self.app.replace(ResultsScene(self.app, outcome))
