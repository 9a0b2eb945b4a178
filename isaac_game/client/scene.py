"""Scenes and the stack they live on.

Life cycle (Tuxemon's, trimmed): a scene is pushed -> `on_enter()` then
`on_resume()`; another scene is pushed over it -> `on_pause()`; that one is popped
-> `on_resume()` again; it is popped itself -> `on_pause()` then `on_exit()`.
Only the top scene gets `handle(action)` and `update(dt)`; `draw(surface)` never
changes game state and is called for the top scene and, when the top is an
overlay (`opaque = False`), for the scenes under it too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from isaac_game.rules import GameState

from .input import Action

if TYPE_CHECKING:
    from .app import App


class Scene:
    opaque = True
    #: Input on this scene counts as activity (resets the menu's idle timer).
    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app

    def on_enter(self) -> None: ...
    def on_resume(self) -> None: ...
    def on_pause(self) -> None: ...
    def on_exit(self) -> None: ...

    def handle(self, action: Action) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


@dataclass(frozen=True)
class GameSetup:
    """Hand-off from the menu (or results, or a saved game) to the game scene."""

    game: str = "isaac"
    dark: str = "human"  # a players.PLAYER_KINDS name
    light: str = "human"
    history: tuple[GameState, ...] = ()  # a continued game: every state from the start
    save_path: Path | None = None
    demo: bool = False


@dataclass(frozen=True)
class GameOutcome:
    """Hand-off from the game scene to the results scene."""

    setup: GameSetup
    state: GameState
    save_path: Path | None = None
    headers: dict[str, str] = field(default_factory=dict)
