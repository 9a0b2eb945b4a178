"""What kind of screen is on top, for tests: one match scene and one replay scene play
every game, so "the HARI board" is the match scene with HARI's plug-in."""

from __future__ import annotations

from isaac_game.client.lan.control import LanControl
from isaac_game.client.lan.results import LanResultsControl
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.replay import ReplayScene
from isaac_game.client.scenes.results import ResultsScene


def is_game(scene, game: str | None = None, lan: bool | None = None) -> bool:
    """The match scene (of `game`, local or over the LAN as asked)."""
    if not isinstance(scene, MatchScene):
        return False
    if game is not None and scene.setup.game != game:
        return False
    return lan is None or isinstance(scene.control, LanControl) == lan


def is_lan_game(scene, game: str | None = None) -> bool:
    return is_game(scene, game, lan=True)


def is_lan_results(scene) -> bool:
    return isinstance(scene, ResultsScene) and isinstance(scene.control, LanResultsControl)


def is_replay(scene, game: str | None = None) -> bool:
    return isinstance(scene, ReplayScene) and (game is None or scene.state.game == game)
