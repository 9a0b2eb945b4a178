"""Scenes and the stack they live on.

Life cycle (Tuxemon's, trimmed): a scene is pushed -> `on_enter()` then
`on_resume()`; another scene is pushed over it -> `on_pause()`; that one is popped
-> `on_resume()` again; it is popped itself -> `on_pause()` then `on_exit()`.
Only the top scene gets `handle(action)` and `update(dt)`; `draw(surface)` never
changes game state and is called for the top scene and, when the top is an
overlay (`opaque = False`), for the scenes under it too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Protocol

import pygame

from .input import Action

if TYPE_CHECKING:
    from .app import App
    from .handoff import GameSetup
    from .unsaved import KeptFile
    from .widgets.menu import MenuItem


class Jump(Enum):
    """A step back or forward through the moves played: what a control may refuse."""

    UNDO = "undo"
    REDO = "redo"


@dataclass(frozen=True)
class Question:
    """A question put to the player in an overlay: a heading, a line of text, answers.

    `close_leaves`: closing the window again while this is asked closes it (the player
    means it). Not when leaving would lose a game that is not on disk: then only an
    answer that says so does."""

    heading: str
    text: str = ""
    answers: list[MenuItem] = field(default_factory=list)
    close_leaves: bool = True


class Scene:
    opaque = True
    #: Input on this scene counts as activity (resets the menu's idle timer).
    name = "scene"
    #: The question this scene puts to the player, when it is a question's overlay:
    #: closing the window again while it is asked closes it, if the question says so.
    asks: Question | None = None

    def __init__(self, app: App) -> None:
        self.app = app

    def on_enter(self) -> None: ...
    def on_resume(self) -> None: ...
    def on_pause(self) -> None: ...
    def on_exit(self) -> None: ...
    def on_language(self) -> None:
        """The language changed (Settings): words this scene keeps must be made again."""

    def handle(self, action: Action) -> None: ...

    def accepts_input(self) -> bool:
        """Does the scene take input now? (The results wait a moment after they open.)
        A test's driver waits for it before it presses anything, as a player would."""
        return True

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def animating(self) -> bool:
        """Does the scene move by itself now (an animation, a demo)? While nothing does,
        the loop rests and redraws only on a change."""
        return False

    def refresh_every(self) -> float | None:
        """Seconds between redraws while nothing else happens, for a scene that shows
        time passing (a countdown, "Connecting..."); None: only when something changes."""
        return None

    def leave_question(self, leave: Callable[[], None]) -> Question | None:
        """What to ask before `leave` takes the player away from this scene (closing the
        window, Quit to menu); None: nothing to lose, go."""
        return None

    def tick_behind(self, dt: float) -> None:
        """Under a question asked over this scene: keep going what must not stall (a LAN
        game's network); most scenes just wait."""

    def keep_game(self) -> str | None:
        """Save the game this scene shows, if it has one with moves, before the program
        has to close; what was done, in words (None: nothing to keep here)."""
        return None


class Hints(Protocol):
    """The game's hints, as the pause menu offers them (`GamePlay`)."""

    def hint_available(self) -> bool: ...
    def request_hint(self) -> None: ...


class TurnsBoard(Protocol):
    """The game screen's drawing, as the pause menu's "Turn the board" sees it."""

    def turn_board(self) -> None:
        """The board turns half round (F)."""
        ...


class PauseOffers(Protocol):
    """What kind of game is paused (the match's control), as its pause menu sees it."""

    @property
    def local(self) -> bool:
        """No remote seat: undo, redo, saving and hints are allowed."""
        ...

    @property
    def leaves_to(self) -> str:
        """The scene "Quit to menu" goes back to, by name: the title, or Learn to play."""
        ...

    def pause_items(self) -> list[MenuItem]:
        """Rows the game adds to the pause menu (a LAN game: Resign)."""
        ...

    def tick_behind(self, dt: float) -> None:
        """Keep what must not stall (the network) going under an overlay."""
        ...


class SaysMessages(Protocol):
    """The game screen's bottom bar, as the pause menu reads its last message."""

    text: str


class GameScreen(Protocol):
    """What the overlays over a game (pause menu, dialogs) may use of the game screen:
    its parts, each seen as the overlay needs it.

    Declared here so the overlays need no import of the match scene, and so a game
    screen that lacks one of these fails the type check instead of a `getattr` at
    run time.
    """

    @property
    def setup(self) -> GameSetup: ...
    @property
    def bar(self) -> SaysMessages: ...
    @property
    def play(self) -> Hints: ...
    @property
    def view(self) -> TurnsBoard: ...
    @property
    def control(self) -> PauseOffers: ...

    @property
    def keeping(self) -> KeptFile:
        """The game's file, for the pause menu's file row."""
        ...

    def can_undo(self) -> bool: ...
    def can_redo(self) -> bool: ...
    def jump(self, what: Jump) -> None:
        """Undo or redo, unless the game refuses it (the bar says why)."""
        ...

    def leave_question(self, leave: Callable[[], None]) -> Question | None: ...
