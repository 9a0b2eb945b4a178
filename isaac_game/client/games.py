"""Which games the client can play, and the scenes that play and replay each.

Every place that starts a game (the menu, a rematch, Continue), replays one or
plays one over the LAN asks here, so a game joins the client by registering its
scene classes once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from isaac_game.rules import GameState

from .scene import GameSetup, Scene


@dataclass(frozen=True)
class ClientGame:
    """How the client plays one game: its scene, its replay scene, its LAN scene."""

    play: Callable[..., Scene]  # (app, GameSetup) -> Scene
    replay: Callable[..., Scene]  # (app, final state, title) -> Scene
    lan: Callable[..., Scene] | None = None  # (app, LanSession) -> Scene


def _isaac() -> ClientGame:
    from .game_scene import GameScene
    from .lan_game import LanGameScene
    from .replay import ReplayScene

    return ClientGame(GameScene, ReplayScene, LanGameScene)


def _foundations() -> ClientGame:
    from .foundations_replay import FoundationsReplayScene
    from .foundations_scene import FoundationsScene
    from .lan_game import LanFoundationsScene

    return ClientGame(FoundationsScene, FoundationsReplayScene, LanFoundationsScene)


def _hari() -> ClientGame:
    from .hari_replay import HariReplayScene
    from .hari_scene import HariScene
    from .lan_game import LanHariScene

    return ClientGame(HariScene, HariReplayScene, LanHariScene)


#: game name -> a function returning its scenes (imported only when used).
REGISTRY: dict[str, Callable[[], ClientGame]] = {"isaac": _isaac}
REGISTRY["foundations"] = _foundations
REGISTRY["hari"] = _hari
#: Games the LAN menus may host or join (their ClientGame has a `lan` scene).
LAN_GAMES: tuple[str, ...] = ("isaac", "foundations", "hari")


def playable() -> tuple[str, ...]:
    """The games the menu offers, ISAAC first."""
    return tuple(REGISTRY)


def play_scene(app, setup: GameSetup) -> Scene:
    """The scene that plays `setup.game` from `setup`."""
    return REGISTRY[setup.game]().play(app, setup)


def replay_scene(app, final: GameState, title: str = "") -> Scene:
    """The scene that steps through the game that ended (or stopped) in `final`."""
    return REGISTRY[final.game]().replay(app, final, title)


def lan_scene(app, session) -> Scene:
    """The scene that plays `session`'s game (a `LanSession` with a match) over the LAN."""
    lan = REGISTRY[session.adapter.game]().lan
    if lan is None:
        raise ValueError(f"{session.adapter.game} has no LAN scene in this client")
    return lan(app, session)
