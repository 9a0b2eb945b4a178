"""ISAAC's placement input: the shared hand cursor, offering the longest piece first."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from isaac_game.i18n import _
from isaac_game.rules import LENGTHS, IsaacState, Place, Player

from ...widgets.board_view import BoardView
from ...widgets.hand_cursor import HandCursorInput
from ...words import place_words, side_name

if TYPE_CHECKING:
    from ..base import PlayHost


class PlacementInput(HandCursorInput[IsaacState]):
    """ISAAC's placement phase."""

    def __init__(
        self, host: PlayHost, board: BoardView, hints: Callable[[], bool], length: int = 7
    ) -> None:
        super().__init__(host, board, length)
        #: may a hint be asked for now (none in a lesson): the keys line says how
        self.hints = hints

    def selected(self, state: IsaacState, player: Player) -> int | None:
        """The selected length, moved to an available one if the hand ran out."""
        hand = state.hand(player)
        if hand.get(self.length[player], 0) == 0:
            available = [n for n in reversed(LENGTHS) if hand[n]]
            if not available:
                return None
            self.length[player] = available[0]
        return self.length[player]

    def info(self, state: IsaacState, player: Player) -> str:
        ghost = self.ghost(state, player)
        name = side_name(player)
        if ghost is None:
            return _("{player}: choose where to place a piece").format(player=name)
        length, direction, anchor, legal = ghost
        move = Place(length, direction, anchor)
        if legal:
            if self.hints():  # none in a lesson
                # TRANSLATORS: {placement} is "the 3 on row 5, columns 2-6"; then the keys
                text = _(
                    "{player}: place {placement}  (click / Enter / A; rotate: right-click,"
                    " wheel, R, X; hint: H, Y)"
                )
            else:
                text = _(
                    "{player}: place {placement}  (click / Enter / A; rotate: right-click,"
                    " wheel, R, X)"
                )
            return text.format(player=name, placement=place_words(move, self.board.facing))
        return self.play_reason(state, move)
