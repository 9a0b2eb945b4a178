"""The LAN game screens: each game's scene with `LanSceneMixin` (lan_scene.py) in front.

`games.lan_scene(app, session)` picks the one for `session.adapter.game`. What a
game adds here is only what its own input remembers between moves, to be dropped
when a new game (a rematch, the next joiner) replaces the board.

HARI: a turn is several moves (slides, then a play or a discard). Each is played
into the match as it is made, and the match hands it to the remote seat, which
sends it at once; the peer's actions arrive one by one the same way, often all
at once, so the scene holds the next one back while the last one animates (as
it paces a computer's turn), unless a backlog piled up (a rejoin). Undo is off
(the mixin's `undo`/`redo`, which HariScene's keys and the pause menu both call).
"""

from __future__ import annotations

from .foundations_scene import FoundationsScene
from .game_scene import GameScene
from .hari_scene import HariScene
from .lan_scene import LAN_BOX_H, LanSceneMixin

__all__ = ["LAN_BOX_H", "LanFoundationsScene", "LanGameScene", "LanHariScene", "LanSceneMixin"]


class LanGameScene(LanSceneMixin, GameScene):
    """ISAAC over the LAN."""

    name = "lan_game"


class LanFoundationsScene(LanSceneMixin, FoundationsScene):
    name = "lan_foundations"

    def reset_input(self) -> None:
        super().reset_input()
        self.hover_cell, self.hover_rest = None, 0.0


#: More of the peer's HARI actions waiting than this: show them without pauses.
CATCH_UP = 4


class LanHariScene(LanSceneMixin, HariScene):
    name = "lan_hari"

    def pump(self) -> None:
        if not self.holding_back():
            super().pump()

    def holding_back(self) -> bool:
        """Is the peer to move while the last action still shows? Then its next action
        waits (one update brings both the echo of ours and the peer's reply, so the
        pause cannot wait for the reply to be there); HariScene's update plays it
        once the pause is over. News from the network waits as long (under a second:
        the link's heartbeat runs on the network thread)."""
        s, match = self.session, self.match
        if not (self.anims or self.wait > 0) or match is not s.match or not s.playing:
            return False
        backlog = len(s.remote.record) - match.state.ply
        return match.seat_to_move is s.remote and backlog <= CATCH_UP
