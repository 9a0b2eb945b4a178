"""Which games the client can play, and the scenes that play and replay each.

Every place that starts a game (the menu, a rematch, Continue) or replays one asks
here, so a game joins the client by registering its two scene classes once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from isaac_game.rules import GameState

from .scene import GameSetup, Scene


@dataclass(frozen=True)
class ClientGame:
    """How the client plays one game: its scene, and its replay scene."""

    play: Callable[..., Scene]  # (app, GameSetup) -> Scene
    replay: Callable[..., Scene]  # (app, final state, title) -> Scene


def _isaac() -> ClientGame:
    from .game_scene import GameScene
    from .replay import ReplayScene

    return ClientGame(GameScene, ReplayScene)


def _foundations() -> ClientGame:
    from .foundations_replay import FoundationsReplayScene
    from .foundations_scene import FoundationsScene

    return ClientGame(FoundationsScene, FoundationsReplayScene)


def _hari() -> ClientGame:
    from .hari_replay import HariReplayScene
    from .hari_scene import HariScene

    return ClientGame(HariScene, HariReplayScene)


#: game name -> a function returning its scenes (imported only when used).
REGISTRY: dict[str, Callable[[], ClientGame]] = {"isaac": _isaac}
REGISTRY["foundations"] = _foundations
REGISTRY["hari"] = _hari
#: Games the LAN menus may host or join (their scenes have a LAN version).
LAN_GAMES: tuple[str, ...] = ("isaac",)


def playable() -> tuple[str, ...]:
    """The games the menu offers, ISAAC first."""
    return tuple(REGISTRY)


def play_scene(app, setup: GameSetup) -> Scene:
    """The scene that plays `setup.game` from `setup`."""
    return REGISTRY[setup.game]().play(app, setup)


def replay_scene(app, final: GameState, title: str = "") -> Scene:
    """The scene that steps through the game that ended (or stopped) in `final`."""
    return REGISTRY[final.game]().replay(app, final, title)
