"""FOUNDATIONS' rules pages (docs/rules.md 2), drawn with the stack renderer.

The pictures follow one short game, played through the engine: both build on
level 1, Dark's 7 leaves Dark nothing that fits there, so Dark goes up with a
bridge. The last rules page shows a whole seeded game that ended on a tie-break.
"""

from __future__ import annotations

import functools

import pygame

from isaac_game.i18n import N_, _
from isaac_game.rules import VALUE, FoundationsState, Place, Player, StackedPiece

from ...theme import Palette, ui_scale
from ...widgets.rules_pages import Page, RulesBook, cross, play_through, seeded_game
from ...words import and_list, cell_words, cells_words, piece_words, side_name, span_words
from .board import StackBoard, draw_tooltip, stack_lines
from .chart import draw_chart
from .view import draw_stacks
from .words import tiebreak_words

#: Dark 3v00, 3v04 and 7h90 on level 1 (Light building in between), then Dark's
#: bridge 5h20@2 from 3v00 to 3v04, over Light's 3v12 and two hollow cells.
STORY = ("3v00", "3v12", "3v04", "4h60", "7h90", "5h70", "5h20@2")
EARLY, UP, BRIDGE = 4, 6, 7  # positions in the story (moves played)

#: Each page's title and paragraphs, in English (marked for the catalogue); the book's
#: `pages` words them in the player's language each time they are read.
PAGES: tuple[Page, ...] = (
    (
        N_("1. Building on level 1"),
        (
            N_(
                "Each player has the same 15 bars as in ISAAC (values 1, 2, 3, 4 and 6); the aim "
                "is to get rid of the value in your hand. The board starts empty, Dark moves "
                "first, then turns alternate. Pieces stack in levels: level 1 is the board "
                "itself, and a piece there goes on cells that are empty on level 1."
            ),
            N_(
                "Each player has a current level, starting at 1, and plays on it in lengths that "
                "never go down: after a 4 on this level, only 4s and longer on this level. If "
                "any piece you may play fits on your current level, you must place one there."
            ),
        ),
    ),
    (
        N_("2. Moving up"),
        (
            N_(
                "Only when no piece you may play fits on your current level do you move up: you "
                "place any piece from your hand, of any length, on the next level. That level "
                "becomes your current level, with that piece's length as its new minimum, and "
                "you never play on a lower level again."
            ),
        ),
    ),
    (
        N_("3. Supports and bridges"),
        (
            N_(
                "A piece on level 2 or higher goes on cells that are empty on its level, and "
                "both of its end cells must rest on two different pieces of your own colour one "
                "level down. The cells between the ends may lie over anything or nothing: a "
                "bridge."
            ),
            N_(
                "No piece may go under another: a cell covered on any higher level can never "
                "take a piece on a lower level, so the hollow under a bridge stays empty for "
                "good."
            ),
        ),
    ),
    (
        N_("4. Passing and the winner"),
        (
            N_(
                "A player with no legal placement passes; when both pass in a row the game ends. "
                "The lower total value left in hand wins. Equal hands: compare the players' "
                "total value on the highest level that holds any piece, and the lower wins; "
                "still equal, the next level down, and so on. Equal on every level: a draw."
            ),
        ),
    ),
    (
        N_("5. Controls"),
        (
            N_(
                "As in ISAAC's placing: choose a piece with its printed value on the number "
                "keys, Tab / Q, the pad's shoulders or a click on your panel; rotate it with R, "
                "right-click, the wheel or pad X; move it with the mouse, the arrows or the "
                "D-pad and put it down with a click, Enter or pad A. The ghost goes to the level "
                "you must build on, raised like the pieces there, with the level's number on a "
                "badge; with hints on, dots show where it fits. Rest the pointer or the cursor "
                "on a cell: a side panel lists its stack. V (the pad's left stick press, or a "
                "click on a level's badge at the top left) peels the top levels away to show the "
                "ones under them."
            ),
            N_("Ctrl+Z / Ctrl+Y: undo and redo. F: turn the board. Esc / Start: the menu."),
        ),
    ),
)


def named(piece: StackedPiece) -> str:
    """`3 (row 2, columns 0-4)`: a piece by its printed value, then where it lies
    (docs/rules.md 0)."""
    where = span_words(piece.length, piece.direction, piece.anchor)
    # TRANSLATORS: a piece by its printed value, then where it lies: "3 (row 2, columns 0-4)"
    return _("{value} ({where})").format(value=VALUE[piece.length], where=where)


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
        # TRANSLATORS: {dark_piece}/{light_piece}: "3 (5 cells)"; {dark_value}s: pieces
        # of that printed value ("3s")
        return _(
            "In the picture Dark's last piece on level 1 was a {dark_piece}: "
            "Dark may go on with {dark_value}s or higher there. Light's last, ringed, was a "
            "{light_piece}, so Light needs a {light_value} or higher now."
        ).format(
            dark_piece=piece_words(least[Player.DARK]),
            dark_value=dark,
            light_piece=piece_words(least[Player.LIGHT]),
            light_value=light,
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
        # TRANSLATORS: {value}s: pieces of that printed value ("6s"); {piece}: "3 (5 cells)";
        # {supports}: Dark's pieces under it, by value ("1s", "1s and 2s"); {where}: cells
        return _(
            "In the picture Dark has played its {value} (on row {row}, red): on level 1 "
            "Dark may now only play {value}s, and has none left. Nothing fits there, so "
            "Dark must go up. A piece up there needs two own supports (next page): only a "
            "{piece} spans Dark's {supports}, so Dark places it on level 2, for example on "
            "{where} (green)."
        ).format(
            value=VALUE[7],
            row=seven.anchor // 10,
            piece=piece_words(shown.length),
            # TRANSLATORS: pieces of one printed value: "1s" (all the 1s)
            supports=and_list([_("{value}s").format(value=VALUE[n]) for n in sorted(supports)]),
            where=span_words(shown.length, shown.direction, shown.cell),
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
        ends = and_list([named(p) for p in below if p is not None])
        if over:
            # TRANSLATORS: {bridge}, {ends}, {crossed}: pieces, "3 (row 2, columns 0-4)";
            # {player}: the other side, whose piece the bridge crosses; {cells}: where
            return _(
                "In the picture Dark's {bridge} rests its ends on Dark's {ends} (green). "
                "Between them it lies over {player}'s {crossed} and the hollow cells on "
                "{cells} (crossed): nobody can ever place there now."
            ).format(
                bridge=named(bridge),
                ends=ends,
                player=side_name(bridge.owner.other),
                crossed=named(over[0]),
                cells=cells_words(hollow),
            )
        # TRANSLATORS: {bridge}, {ends}: pieces, "3 (row 2, columns 0-4)"; {cells}: where
        return _(
            "In the picture Dark's {bridge} rests its ends on Dark's {ends} (green). "
            "Between them it lies over the hollow cells on {cells} (crossed): nobody can "
            "ever place there now."
        ).format(bridge=named(bridge), ends=ends, cells=cells_words(hollow))

    def _end(self, surface, pal: Palette, state: FoundationsState) -> str:
        u = ui_scale(surface.get_size())
        draw_chart(surface, self.fonts, pal, self.board.rect, state, u)
        dark, light = state.scores
        text = _(
            "The picture totals a whole game that ended with both passing: the value left in "
            "hand, then the value on each level from the top down, Dark's bar above Light's."
        )
        tiebreak = tiebreak_words(state)
        if tiebreak:
            reason = tiebreak[0].upper() + tiebreak[1:]
            # TRANSLATORS: {reason}: how equal hands were decided, level by level
            said = _("{reason} (ringed).").format(reason=reason)
        elif state.winner is None:
            said = _("Equal on every row: a draw.")
        else:
            # TRANSLATORS: {dark}/{light}: the value each has left in hand
            said = _("In hand Dark has {dark}, Light {light}: {player} wins (ringed).").format(
                dark=dark, light=light, player=side_name(state.winner)
            )
        return text + " " + said

    def _controls(self, surface, pal: Palette, state: FoundationsState) -> str:
        board = self.board
        draw_stacks(surface, board, pal, state, mark_last=False)
        move = next(m for m in state.legal_moves() if isinstance(m, Place))
        board.stack_ghost(surface, move.length, move.direction, move.cell, move.level, pal.legal)
        near = board.body_rect((22,), state.height(22))
        board.frame(surface, near, pal.highlight)
        u = ui_scale(surface.get_size())
        draw_tooltip(surface, self.fonts, pal, stack_lines(state, 22), near, u, board.rect)
        # TRANSLATORS: {value}: a piece's printed value; {cell}: "row 2, column 2"
        return _(
            "In the picture Light's next piece, a {value}, shows green where it "
            "fits; the cursor rests on {cell}, whose stack is listed beside it."
        ).format(value=VALUE[move.length], cell=cell_words(22))
