"""FOUNDATIONS' placement input: the shared hand cursor, aimed at one level.

The ghost sits on the level the mover must build on (their current level, or the
next one up once nothing fits there: docs/rules.md 2.5).
"""

from __future__ import annotations

from isaac_game.i18n import _
from isaac_game.rules import LENGTHS, FoundationsState, Place, Player

from ...widgets.hand_cursor import HandCursorInput
from ...words import place_words, side_name
from .board import StackBoard


def level_to_play(state: FoundationsState, player: Player) -> int:
    """The level `player` must place on now: where every legal placement goes when
    `player` is to move (one level up once nothing fits on their current level:
    docs/rules.md 2.5), else their current level. The panel, the bar and the ghost all ask
    this, so they never name two levels."""
    if state.to_move == player:
        for move in state.legal_moves():
            if isinstance(move, Place):
                return move.level
    return state.current_level(player)


class FoundationsPlacement(HandCursorInput[FoundationsState]):
    """The hand cursor (hand, rotate, cursor, pad), aimed at one level."""

    board: StackBoard

    def target_level(self, state: FoundationsState, player: Player) -> int:
        """The level a placement goes on now (every legal placement shares it)."""
        return level_to_play(state, player)

    def playable_lengths(self, state: FoundationsState) -> set[int]:
        return {length for length, _d, _a in self.legal(state)}

    def selected(self, state: FoundationsState, player: Player) -> int | None:
        hand = state.hand(player)
        if hand.get(self.length[player], 0) == 0:
            playable = sorted(self.playable_lengths(state)) if state.to_move == player else []
            available = playable or [n for n in LENGTHS if hand[n]]
            if not available:
                return None
            self.length[player] = available[0]
        return self.length[player]

    def place_move(
        self, state: FoundationsState, player: Player, piece: tuple[int, str, int]
    ) -> Place:
        return Place(*piece, self.target_level(state, player))

    def hint_offset(self, state: FoundationsState, player: Player) -> tuple[int, int]:
        return self.board.lift(self.target_level(state, player))

    def draw_ghost(self, surface, state: FoundationsState, player: Player, piece, color) -> None:
        length, direction, anchor = piece
        level = self.target_level(state, player)
        self.board.stack_ghost(surface, length, direction, anchor, level, color)

    def info(self, state: FoundationsState, player: Player) -> str:
        ghost = self.ghost(state, player)
        name = side_name(player)
        level = self.target_level(state, player)
        current = state.current_level(player)
        up = ""
        if level > current:
            up = _(
                "Nothing fits on level {current}: go up to level {level} with any piece."
            ).format(current=current, level=level)
            up += "  "
        if ghost is None:
            return up + _("{player}: choose where to place a piece").format(player=name)
        length, direction, anchor, legal = ghost
        move = Place(length, direction, anchor, level)
        if legal:
            where = place_words(move, self.board.facing, level=level > 1)
            # TRANSLATORS: {placement}: "the 3 on row 5, columns 2-6"; then the controls
            # (keys, mouse and pad buttons: A, R, X are pad buttons and keys)
            return up + _(
                "{player}: place {placement}  (click / Enter / A;"
                " rotate: right-click, wheel, R, X; piece: its value, Tab, shoulders)"
            ).format(player=name, placement=where)
        return up + self.play_reason(state, move)
