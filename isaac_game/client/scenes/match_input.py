"""Where the match scene's input goes, in order: a demo ends on any input; a lost pad
pauses; the control (a chat line) and the move list come first; Enter or a click cuts a
computer's pause short; undo, redo, the pause menu and F (the board turns) are the
scene's; the rest is the game's move input (`GamePlay.handle`), which asks `mover`
whose move it would be.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from isaac_game.i18n import _
from isaac_game.rules import Player

from ..input import Action, Button
from ..scene import Jump
from ..widgets.motion import Motion
from .match_bar import MatchBar
from .match_view import MatchView

if TYPE_CHECKING:
    from ..app import App
    from ..control import OverlayPolicy
    from ..games.base import GamePlay
    from ..handoff import GameSetup
    from ..scene import Scene
    from ..widgets.coach import Coach

#: A pointer event this early in a demo is likelier the window appearing under a
#: resting mouse than a person.
DEMO_SETTLE = 1.5


class InputScene(Protocol):
    """The match scene, as its input sees it."""

    app: App
    play: GamePlay

    @property
    def control(self) -> OverlayPolicy: ...

    view: MatchView
    bar: MatchBar
    coach: Coach

    setup: GameSetup
    motion: Motion

    def human_to_move(self) -> Player | None: ...
    def computer_to_move(self) -> bool: ...
    def jump(self, what: Jump) -> None: ...


class MatchInput:
    """The match scene's input, routed (the scene hands every action here)."""

    def __init__(self, scene: InputScene) -> None:
        self.scene = scene

    def handle(self, action: Action, screen: Scene) -> None:
        """`action` to whoever takes it; `screen` is the scene a demo's end closes."""
        scene, b = self.scene, action.button
        if scene.setup.demo:
            keeps_on = (Button.PAD_LOST, *scene.play.demo_keeps_on)
            if b not in keeps_on and not (b == Button.POINT and scene.motion.age < DEMO_SETTLE):
                # back to the menu only: the key held (Enter, Space) must not go on to
                # choose New game there as it repeats
                scene.app.swallow_held_keys()
                scene.app.pop(screen)
            return
        if b == Button.PAD_LOST:
            scene.app.open("pause", screen, _("A controller was disconnected: the game is paused."))
            return
        scene.view.relayout(scene.app.screen.get_size())  # the board faces the side it should
        entries = scene.bar.history.entries
        if scene.coach.handle(action):  # Take it back or Play on, while it asks
            return
        if scene.control.handle(action) or scene.view.moves_box.handle(action, entries):
            return
        if b == Button.FLIP:
            scene.view.turn_board()
            return
        if b in (Button.CONFIRM, Button.CLICK) and scene.computer_to_move():
            scene.motion.go_on()  # the player has read the last move: the computer goes on
        if b == Button.UNDO:
            scene.jump(Jump.UNDO)
        elif b == Button.REDO:
            scene.jump(Jump.REDO)
        elif b == Button.PAUSE or (
            b == Button.BACK and not scene.play.wants_back(scene.human_to_move())
        ):
            scene.app.open("pause", screen)
        else:
            scene.play.handle(action)

    def mover(self, action: Action) -> Player | None:
        """The local human this move input is from, or None (not theirs to give, or a
        pass is pending). Enter first finishes what is still animating."""
        scene = self.scene
        mover = scene.human_to_move()
        if mover is None or not action.allowed_for(mover) or scene.motion.passing:
            return None
        if action.button == Button.CONFIRM and scene.motion.anims:
            scene.motion.finish()
        return mover
