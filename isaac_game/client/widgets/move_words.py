"""A game's moves in words: `MoveWords` is what a game's record says of one move
(`GameEntry.describe`): the bar announces it, the move list lists it, the replay and
the report step through it. `MoveHistory` keeps those words for a game, told move by
move as the game grows (an undo or another game tells only what changed).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from isaac_game.i18n import _
from isaac_game.match import move_between
from isaac_game.rules import GameState, Move, Player, new_game


@dataclass(frozen=True)
class MoveWords:
    """One move as players say it (docs/rules.md 0: a piece by its printed value)."""

    text: str  # "Dark removes the 3 on row 5, columns 2-6: 3 x 4 x 2 = 24, counter to 36"
    news: str = ""  # what the move brought about: "Placement over. Light passed first ..."

    def announcement(self) -> str:
        """The bar's words: the move, then its news."""
        if not self.news:
            return self.text
        # TRANSLATORS: a move, then what it brought about ("Placement over. ...")
        return _("{move}. {news}").format(move=self.text, news=self.news)


#: A game's way of telling a move: (before, the move, after) -> its words.
Describe = Callable[[GameState, Move, GameState], MoveWords]


@dataclass(frozen=True)
class MoveEntry:
    number: int  # 1 for the game's first move
    player: Player  # who played it
    words: MoveWords


class MoveHistory:
    """Every state of a game from its start, and each move's words."""

    def __init__(self, describe: Describe) -> None:
        self.describe = describe
        self.states: list[GameState] = []
        self.entries: list[MoveEntry] = []

    def sync(self, state: GameState) -> bool:
        """Follow `state` (a move played or undone, another game): only the moves that
        changed are told again. True when the list changed."""
        if self.states and self.states[-1] is state:
            return False
        if not self.states or self.states[0].game != state.game:
            self.states, self.entries = [new_game(state.game)], []
        have, moves = self.states[-1].moves, state.moves
        same = 0
        for a, b in zip(have, moves, strict=False):
            if a != b:
                break
            same += 1
        changed = same < len(have) or same < len(moves)
        del self.states[same + 1 :]
        del self.entries[same:]
        try:
            for notation in moves[same:]:
                played = move_between(self.states[-1], self.states[-1].play(notation))
                words = self.describe(played.before, played.move, played.after)
                self.entries.append(MoveEntry(len(self.entries) + 1, played.player, words))
                self.states.append(played.after)
        except ValueError:  # a position set up by hand: its moves do not start from scratch
            self.states, self.entries = [state], []
            return True
        self.states[-1] = state
        return changed

    def retell(self) -> None:
        """Tell every move again (the words changed: the board turned)."""
        if self.states:
            last = self.states[-1]
            self.states, self.entries = [], []
            self.sync(last)
