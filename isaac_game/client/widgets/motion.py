"""What moves on the match scene by itself: the animations on the board, the scene's
age (pulsing marks, a demo's first moments), and the time between moves (`Pace`).

One part owns them so that the game's play, the input and the LAN control are handed
this, not the scene: a move cuts the last one's animations short, Enter finishes
them, and the computer's next move waits until the last one has been read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .anim import Anim


@dataclass
class Pace:
    """The time between moves: what the scene waits for before the match goes on."""

    wait: float = 0.3  # before a computer's next move (the first: a moment)
    pass_in: float | None = None  # a human who cannot move is passed for in this long
    results_in: float = 0.0  # once the game is over, the results follow in this long


class Motion:
    """The board's animations, the scene's age and its pace between moves."""

    def __init__(self) -> None:
        self.age = 0.0  # seconds the scene has run (pulsing marks)
        self.pace = Pace()
        self._anims: list[Anim] = []

    @property
    def anims(self) -> Sequence[Anim]:
        """The animations running on the board (drawn by the game, run here)."""
        return tuple(self._anims)

    @property
    def passing(self) -> bool:
        """Is a human who cannot move being passed for (after a moment to read why)?"""
        return self.pace.pass_in is not None

    def animate(self, anim: Anim) -> None:
        """Show `anim` on the board until it is done (or the next move cuts it short)."""
        self._anims.append(anim)

    def finish(self) -> None:
        """The animations end now (a new move, Enter, an undo)."""
        self._anims.clear()

    def go_on(self) -> None:
        """The player has read the last move: the computer's next one may come now."""
        self.pace.wait = 0.0
        self._anims.clear()

    def showing_move(self) -> bool:
        """Is the last move still being shown (animating, or in the pause after it)?"""
        return bool(self._anims) or self.pace.wait > 0

    def advance(self, dt: float) -> None:
        """Time passes: the animations and the pause between moves run down."""
        self.age += dt
        for anim in self._anims:
            anim.advance(dt)
        self._anims = [a for a in self._anims if not a.done]
        self.pace.wait = max(0.0, self.pace.wait - dt)

    def start_over(self, wait: float | None = None) -> None:
        """Another position on the board (an undo, another game): nothing animates; the
        next computer move waits `wait` (None: the pace's waits are kept, and the
        auto-pass and the results' countdown are called off)."""
        self._anims.clear()
        if wait is None:
            self.pace.pass_in, self.pace.results_in = None, 0.0
        else:
            self.pace = Pace(wait=wait)
