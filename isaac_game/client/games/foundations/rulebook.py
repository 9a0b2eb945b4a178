"""FOUNDATIONS' rules pages (docs/rules.md 2), drawn with the stack renderer.

The pictures follow one short game, played through the engine: both build on
level 1, Dark's 7 leaves Dark nothing that fits there, so Dark goes up with a
bridge. The last rules page shows a whole seeded game that ended on a tie-break.
"""

from __future__ import annotations

import functools

import pygame

from isaac_game.rules import VALUE, FoundationsState, Place, Player, StackedPiece, piece_name

from ...theme import Palette, ui_scale
from ...widgets.rules_pages import RulesBook, cross, play_through, seeded_game
from ...words import cell_words, cells_words, span_words
from .board import StackBoard, draw_tooltip, stack_lines
from .chart import draw_chart
from .view import draw_stacks

#: Dark 3v00, 3v04 and 7h90 on level 1 (Light building in between), then Dark's
#: bridge 5h20@2 from 3v00 to 3v04, over Light's 3v12 and two hollow cells.
STORY = ("3v00", "3v12", "3v04", "4h60", "7h90", "5h70", "5h20@2")
EARLY, UP, BRIDGE = 4, 6, 7  # positions in the story (moves played)

PAGES = (
    (
        "1. Building on level 1",
        "Each player has the same 15 bars as in ISAAC (values 1, 2, 3, 4 and 6); the aim is "
        "to get rid of the value in your hand. The board starts empty, Dark moves first, then "
        "turns alternate. Pieces stack in levels: level 1 is the board itself, and a piece "
        "there goes on cells that are empty on level 1.\n"
        "Each player has a current level, starting at 1, and plays on it in lengths that "
        "never go down: after a 4 on this level, only 4s and longer on this level. If any "
        "piece you may play fits on your current level, you must place one there.",
    ),
    (
        "2. Moving up",
        "Only when no piece you may play fits on your current level do you move up: you "
        "place any piece from your hand, of any length, on the next level. That level becomes "
        "your current level, with that piece's length as its new minimum, and you never play "
        "on a lower level again.",
    ),
    (
        "3. Supports and bridges",
        "A piece on level 2 or higher goes on cells that are empty on its level, and both of "
        "its end cells must rest on two different pieces of your own colour one level down. "
        "The cells between the ends may lie over anything or nothing: a bridge.\n"
        "No piece may go under another: a cell covered on any higher level can never take a "
        "piece on a lower level, so the hollow under a bridge stays empty for good.",
    ),
    (
        "4. Passing and the winner",
        "A player with no legal placement passes; when both pass in a row the game ends. "
        "The lower total value left in hand wins. Equal hands: compare the players' total "
        "value on the highest level that holds any piece, and the lower wins; still equal, "
        "the next level down, and so on. Equal on every level: a draw.",
    ),
    (
        "5. Controls",
        "As in ISAAC's placing: choose a piece with its printed value on the number keys, "
        "Tab / Q, the pad's shoulders or a click on your panel; rotate it with R, "
        "right-click, the wheel or pad X; move it with the mouse, the arrows or the D-pad "
        "and put it down with a click, Enter or pad A. The ghost goes to the level you must "
        "build on, raised like the pieces there, with the level's number on a badge; with "
        "hints on, dots show where it fits. Rest the pointer or the cursor on a cell: a "
        "side panel lists its stack. V (the pad's left stick press, or a click on a level's "
        "badge at the top left) peels the top levels away to show the ones under them.\n"
        "Ctrl+Z / Ctrl+Y: undo and redo. F: turn the board. Esc / Start: the menu.",
    ),
)


def named(piece: StackedPiece) -> str:
    """`3 (row 2, columns 0-4)`: a piece by its printed value, then where it lies
    (docs/rules.md 0)."""
    return f"{VALUE[piece.length]} ({span_words(piece.length, piece.direction, piece.anchor)})"


@functools.cache
def story() -> tuple[FoundationsState, ...]:
    return tuple(play_through(FoundationsState, STORY))


@functools.cache
def finished_game() -> FoundationsState:
    """A whole seeded game of random moves; the first one decided by the tie-break."""
    first: FoundationsState | None = None
    for seed in range(2, 60):
        state = seeded_game(FoundationsState, seed)[-1]
        first = first or state
        if state.tiebreak is not None and state.winner is not None and state.top_level > 2:
            return state
    assert first is not None
    return first


class FoundationsBook(RulesBook):
    game = "foundations"
    name = "FOUNDATIONS"
    pages = PAGES

    def __init__(self, fonts) -> None:
        super().__init__(fonts)
        self.board = StackBoard(fonts)

    def illustrate(
        self, page: int, surface: pygame.Surface, area: pygame.Rect, pal: Palette
    ) -> str:
        self.board.place(area)
        states = story()
        if page == 0:
            return self._level_one(surface, pal, states[EARLY])
        if page == 1:
            return self._moving_up(surface, pal, states[UP])
        if page == 2:
            return self._bridge(surface, pal, states[BRIDGE])
        if page == 3:
            return self._end(surface, pal, finished_game())
        return self._controls(surface, pal, states[BRIDGE])

    def _level_one(self, surface, pal: Palette, state: FoundationsState) -> str:
        draw_stacks(surface, self.board, pal, state)
        least = {p: state.min_length(p) for p in (Player.DARK, Player.LIGHT)}
        dark, light = VALUE[least[Player.DARK]], VALUE[least[Player.LIGHT]]
        return (
            f"In the picture Dark's last piece on level 1 was a {piece_name(least[Player.DARK])}: "
            f"Dark may go on with {dark}s or higher there. Light's last, ringed, was a "
            f"{piece_name(least[Player.LIGHT])}, so Light needs a {light} or higher now."
        )

    def _moving_up(self, surface, pal: Palette, state: FoundationsState) -> str:
        board = self.board
        draw_stacks(surface, board, pal, state, mark_last=False)
        seven = next(p for p in state.pieces() if p.owner == Player.DARK and p.length == 7)
        board.mark_piece(surface, seven, pal.illegal)
        ups = [m for m in state.legal_moves() if isinstance(m, Place)]
        shown = ups[-1]
        board.stack_ghost(surface, shown.length, shown.direction, shown.cell, 2, pal.legal)
        supports = {p.length for p in state.pieces() if p.owner == Player.DARK and p != seven}
        return (
            f"In the picture Dark has played its {VALUE[7]} (on row {seven.anchor // 10}, red): on "
            "level 1 "
            f"Dark may now only play {VALUE[7]}s, and has none left. Nothing fits there, so "
            "Dark must go up. A piece up there needs two own supports (next page): only a "
            f"{piece_name(shown.length)} spans Dark's "
            f"{' and '.join(f'{VALUE[n]}s' for n in sorted(supports))}, so Dark places it "
            f"on level 2, for example on {span_words(shown.length, shown.direction, shown.cell)} "
            "(green)."
        )

    def _bridge(self, surface, pal: Palette, state: FoundationsState) -> str:
        board = self.board
        draw_stacks(surface, board, pal, state, mark_last=False)
        bridge = state.pieces()[-1]
        below = [state.piece_at(end, bridge.level - 1) for end in bridge.ends]
        for support in below:
            if support is not None:
                board.mark_piece(surface, support, pal.legal)
        board.mark_piece(surface, bridge, pal.highlight)
        hollow = [c for c in bridge.cells if state.piece_at(c, bridge.level - 1) is None]
        for cell in hollow:
            cross(surface, board, board.cell_rect(cell), pal.illegal)
        over = [
            p
            for p in {state.piece_at(c, bridge.level - 1) for c in bridge.cells[1:-1]}
            if p is not None and p.owner != bridge.owner
        ]
        crossing = f" {bridge.owner.other.title}'s {named(over[0])} and" if over else ""
        ends = " and ".join(named(p) for p in below if p is not None)
        return (
            f"In the picture Dark's {named(bridge)} rests its ends on Dark's {ends} "
            f"(green). Between them it lies over{crossing} the hollow cells "
            f"on {cells_words(hollow)} (crossed): nobody can ever place there now."
        )

    def _end(self, surface, pal: Palette, state: FoundationsState) -> str:
        u = ui_scale(surface.get_size())
        draw_chart(surface, self.fonts, pal, self.board.rect, state, u)
        dark, light = state.scores
        text = (
            "The picture totals a whole game that ended with both passing: the value left in "
            "hand, then the value on each level from the top down, Dark's bar above Light's. "
        )
        if state.tiebreak:
            return text + state.tiebreak[0].upper() + state.tiebreak[1:] + " (ringed)."
        if state.winner is None:
            return text + "Equal on every row: a draw."
        return text + (
            f"In hand Dark has {dark}, Light {light}: {state.winner.title} wins (ringed)."
        )

    def _controls(self, surface, pal: Palette, state: FoundationsState) -> str:
        board = self.board
        draw_stacks(surface, board, pal, state, mark_last=False)
        move = next(m for m in state.legal_moves() if isinstance(m, Place))
        board.stack_ghost(surface, move.length, move.direction, move.cell, move.level, pal.legal)
        near = board.body_rect((22,), state.height(22))
        pygame.draw.rect(surface, pal.highlight, near, max(2, board.cell // 16))
        u = ui_scale(surface.get_size())
        draw_tooltip(surface, self.fonts, pal, stack_lines(state, 22), near, u, board.rect)
        return (
            f"In the picture Light's next piece, a {VALUE[move.length]}, shows green where it "
            f"fits; the cursor rests on {cell_words(22)}, whose stack is listed beside it."
        )
