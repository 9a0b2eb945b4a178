"""The match scene's words (a part of MatchScene, kept apart for its size): each move
told once by the game's plug-in (`GamePlugin.describe`) for the bar and the move list,
the pace that keeps a computer's moves readable, and the top bar's heading.

Pacing (issue item 7): a computer's move stays on the bar at least `READ_TIME` before
its next move is played, a move that changed the phase or ended the game
`NEWS_TIME`; the computer thinks meanwhile (`Match.prepare`), and Enter or a click
cuts the wait short.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from isaac_game.match import Match, MovePlayed
from isaac_game.rules import Player

from ..widgets.move_list import MoveHistory, MovesBox, MoveWords

if TYPE_CHECKING:
    from ..control import MatchControl
    from ..games.base import GamePlugin
    from ..handoff import GameSetup

COMPUTER_PAUSE = 0.45  # seconds between a move and the computer's next one, at least
READ_TIME = 1.2  # a computer's move is announced this long before its next move
NEWS_TIME = 2.6  # and a move that changed the phase (or ended the game) this long


class MatchWords:
    """The match scene's words (mixed into MatchScene)."""

    plugin: GamePlugin
    match: Match
    control: MatchControl
    setup: GameSetup
    history: MoveHistory
    moves_box: MovesBox
    wait: float
    banner_time: float
    banner_warn: bool
    banner_move: bool
    queued: tuple[str, float] | None

    if TYPE_CHECKING:  # the scene's

        def say(self, text: str, warn: bool = False, seconds: float = 2.5) -> None: ...
        def human_to_move(self) -> Player | None: ...

    def announce(self, event: MovePlayed) -> None:
        """The move in words on the bar and in the move list; a computer's next move
        waits until they have been shown long enough to read (longer for news)."""
        self.sync_moves()
        entries = self.history.entries
        words: MoveWords = (
            entries[-1].words
            if entries and self.history.states[-1] is event.after
            else self.plugin.describe(event.before, event.move, event.after)
        )
        kind = self.match.seats[event.player].kind
        self.wait = NEWS_TIME if words.news else READ_TIME if kind == "computer" else COMPUTER_PAUSE
        told = (words.announcement(), max(2.5, self.wait + 1.0))
        if kind != "human" and self.banner_time > 0 and not (self.banner_warn or self.banner_move):
            self.queued = told  # news just given ("Reconnected") keeps the bar its time first
        else:
            self.tell(*told)

    def tell(self, text: str, seconds: float) -> None:
        """Put a move's words on the bar (a newer move's may replace them at once)."""
        self.say(text, seconds=seconds)
        self.banner_move = True

    def sync_moves(self) -> None:
        """The move list follows the match (a move, an undo, another game)."""
        if self.history.sync(self.match.state):
            self.moves_box.keep_up(self.history.entries)

    def computer_to_move(self) -> bool:
        seat = self.match.seat_to_move
        return seat is not None and seat.kind == "computer"

    def heading(self, step: str) -> str:
        """The top bar's words: "Dark: `step`" while a local human is to move, else who
        the game waits for ("Light (hard) is thinking...", "Bob's turn")."""
        state = self.match.state
        mover = state.to_move
        if mover is None or state.is_over or self.control.finished():
            return "Game over"
        if self.human_to_move() == mover:
            return f"{mover.title}: {step}"
        return self.control.waiting_text(mover, self.setup)

    def last_words(self) -> MoveWords | None:
        """The last move's words (the bar's when nothing newer is to say)."""
        entries = self.history.entries
        return entries[-1].words if entries else None
