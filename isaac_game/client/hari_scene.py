"""The HARI game screen: GameScene's match driving, with HARI's input and drawing.

Each HARI action is one move of the match (a slide keeps the turn), so a computer's
turn plays out one action at a time with the usual pause between, undo takes back
one action, and the auto-pass, results hand-off, saving and pause menu are
GameScene's. Hints are ISAAC-only (the hint helper offers none for HARI).
"""

from __future__ import annotations

from isaac_game.match import MovePlayed
from isaac_game.rules import VALUE, HariState, Player

from .anim import DropIn
from .game_scene import GameScene
from .hari_input import HariInput
from .hari_view import HariView, SlideAnim, recent_actions
from .input import Action, Button
from .scene import GameSetup


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

    demo_keeps_on = (Button.PAD_LOST, Button.RELEASE)

    def handle(self, action: Action) -> None:
        if self._handle_demo_or_pad_lost(action):
            return
        b = action.button
        if b in (Button.UNDO, Button.REDO):
            self.undo() if b == Button.UNDO else self.redo()
            return
        mover = self.human_to_move()
        holding = self.hari.piece is not None
        if b == Button.PAUSE or (b == Button.BACK and not (holding and mover)):
            self.open_pause()
            return
        mover = self._input_mover(action)
        if mover is not None:
            self.hari.handle(action, self.state, mover)

    def _after_jump(self, text: str) -> None:
        super()._after_jump(text)
        self.hari.reset()

    # ----- the match -------------------------------------------------------------------

    def _played(self, event: MovePlayed) -> None:
        self._note_played(event)
        self.hari.reset()
        before, after = event.before, event.after
        who, move = event.player.title, event.move
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

    def pass_text(self, state: HariState, mover: Player) -> str:
        return f"{mover.title} has no piece long enough to play: passes"

    def _start_auto_pass(self, state: HariState, mover: Player) -> None:
        super()._start_auto_pass(state, mover)
        self.hari.reset()
