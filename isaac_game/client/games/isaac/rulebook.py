"""ISAAC's rules pages (docs/rules.md 1), drawn with the ISAAC board renderer."""

from __future__ import annotations

import functools
import random

import pygame

from isaac_game.i18n import N_, _, language, ngettext
from isaac_game.rules import BoardPiece, IsaacState, Place, Player, Remove

from ...states import start
from ...theme import Palette
from ...widgets.board_view import BoardView, piece_cells
from ...widgets.rules_pages import Page, RulesBook, cross
from ...words import piece_words, side_name, span_words
from .scoring import track_cell


@functools.cache
def example_positions() -> tuple[IsaacState, IsaacState, Remove]:
    """A placement position and a scoring position with a telling removal (seeded):
    one whose points show all three factors, after the counters have left their corners."""
    fallback: tuple[IsaacState, IsaacState, Remove] | None = None
    for seed in range(1, 40):
        rng = random.Random(seed)
        state = start(IsaacState)
        early = state
        while state.phase == "placement":
            state = state.play(rng.choice(state.legal_moves()))
            if len(state.moves) == 8:
                early = state
        for _turn in range(6):
            moves = [m for m in state.legal_moves() if isinstance(m, Remove)]
            if not moves:
                break
            mover = state.to_move
            assert mover is not None  # a removal to choose: someone is to move
            for m in moves:
                points = state.removal_points(m.cell)
                full = m.target == state.scores[mover.index] + points.points
                if min(state.scores) > 0 and points.multiplier > 1 and points.pieces >= 3 and full:
                    return early, state, m
            fallback = fallback or (early, state, moves[-1])
            state = state.play(max(moves, key=lambda m: (m.target, -m.cell)))
    assert fallback is not None
    return fallback


def _line_words(piece: BoardPiece) -> str:
    """`row 7` / `column 4`, in Dark's numbers (the notation's, docs/rules.md 0)."""
    if piece.direction == "h":
        return _("row {row}").format(row=piece.anchor // 10)
    return _("column {column}").format(column=piece.anchor % 10)


def removal_caption() -> str:
    """Page 2's caption: the example removal's points, factor by factor, from its position
    (in the player's language)."""
    return _removal_caption(language())


@functools.cache
def _removal_caption(code: str) -> str:
    _early, state, best = example_positions()
    piece = state.piece_at(best.cell)
    assert piece is not None
    points = state.removal_points(best.cell)
    r, c = divmod(piece.anchor, 10)
    line = {r * 10 + i if piece.direction == "h" else i * 10 + c for i in range(10)}
    on_line = [p for p in (Player.DARK, Player.LIGHT) if state.counter_cell(p) in line]
    if not on_line:
        counters = _("no counter stands on it")
    elif len(on_line) == 1:
        counters = _("{player}'s counter stands on it").format(player=side_name(on_line[0]))
    else:
        counters = _("both counters stand on it")
    # TRANSLATORS: {cell} is the piece's first cell in notation ("07"); {line} is "row 7"
    # or "column 4"; {counters} says which counters stand on that line; {points} the sum
    text = ngettext(
        "In the picture {player} removes its {piece} at {cell} (ringed). Its {line} (tinted)"
        " then holds {count} other piece, and {counters}: {points} points.",
        "In the picture {player} removes its {piece} at {cell} (ringed). Its {line} (tinted)"
        " then holds {count} other pieces, and {counters}: {points} points.",
        points.pieces,
    )
    return text.format(
        player=side_name(piece.owner),
        piece=piece_words(piece.length),
        cell=f"{piece.anchor:02d}",
        line=_line_words(piece),
        count=points.pieces,
        counters=counters,
        points=points,
    )


@functools.cache
def forbidden_cell() -> int | None:
    """The other counter's cell, when the example removal's reach runs over it."""
    _early, state, best = example_positions()
    mover = state.to_move
    assert mover is not None
    start, other = state.scores[mover.index], state.scores[mover.other.index]
    reach = start + state.removal_points(best.cell).points
    forbidden = 99 - other  # the other counter's cell, counted on the mover's track
    return track_cell(mover, forbidden) if other < 100 and start < forbidden <= reach else None


def counters_caption() -> str:
    """Page 3's caption: where the counters started and stand, and where the example
    removal lets the mover's counter stop, from its position (in the player's language)."""
    return _counters_caption(language())


@functools.cache
def _counters_caption(code: str) -> str:
    _early, state, best = example_positions()
    mover = state.to_move
    assert mover is not None
    dark, light = state.scores
    targets = [t for t in state.removal_targets(best.cell) if t < 100]
    start, points = state.scores[mover.index], state.removal_points(best.cell).points
    words = {
        "dark": dark,
        "light": light,
        "mirrored": f"{99 - light:02d}",
        "player": side_name(mover),
        "points": points,
        "start": start,
        "end": max(targets),
        "other": side_name(mover.other),
    }
    if forbidden_cell() is not None:
        # TRANSLATORS: {mirrored} is Light's counter's cell in Dark's numbers; {player} the
        # side removing, {other} the other side
        text = _(
            "In the picture both counters started at 0, on the ringed corners: Dark's on 00, "
            "Light's on its own 00 (Dark's 99). Now Dark's stands on {dark}, Light's on its "
            "{light} (Dark's {mirrored}). {player}'s removal makes {points}: its counter may "
            "stop on any tinted cell, {start} to {end}, but not on {other}'s (crossed)."
        )
    else:
        # TRANSLATORS: {mirrored} is Light's counter's cell in Dark's numbers; {player} the
        # side removing
        text = _(
            "In the picture both counters started at 0, on the ringed corners: Dark's on 00, "
            "Light's on its own 00 (Dark's 99). Now Dark's stands on {dark}, Light's on its "
            "{light} (Dark's {mirrored}). {player}'s removal makes {points}: its counter may "
            "stop on any tinted cell, {start} to {end}."
        )
    text = text.format(**words)
    for t in targets:
        landed = state.play(Remove(best.cell, t)).piece_at(track_cell(mover, t))
        if t != start and landed is not None and landed.owner != mover:
            freeze = _("Stopping on {score} would freeze {player}'s {piece}.").format(
                score=t, player=side_name(landed.owner), piece=piece_words(landed.length)
            )
            return f"{text} {freeze}"  # two whole sentences
    return text


#: Each page's title and paragraphs, in English (marked for the catalogue); the book's
#: `pages` words them in the player's language each time they are read.
PAGES: tuple[Page, ...] = (
    (
        N_("1. Placing pieces"),
        (
            N_(
                "Each player has 15 bars, each named by the value printed on it: "
                "five 1s (3 cells long), four 2s (4 cells), three 3s (5), two 4s (6) "
                "and one 6 (7). Dark starts. On your turn put one piece from your "
                "hand on empty cells, across or up. You must place if you can; if "
                "you cannot, you pass and place no more. When both have passed, the "
                "pieces left in hand are set aside for the tie-break."
            ),
            N_(
                "Dark's numbers run along the bottom and left edges, Light's along "
                "the top and right: each player reads the board by their own, from "
                "their own edge. In play the board faces you, your numbers nearest "
                "to you (F turns it)."
            ),
        ),
    ),
    (
        N_("2. Scoring a removal"),
        (
            N_(
                "Then the first player who passed removes first; turns alternate. On "
                "your turn you must remove one of your own pieces, never shorter "
                "than your last removal and never one with a counter on it. If you "
                "cannot, you pass and are out for good: the other plays on alone. "
                "Points = value x N x M: N is the number of other pieces with a cell "
                "on the removed piece's line (its row if lying across, its column if "
                "upright); M is 1, 2 or 4 as zero, one or two counters stand on that "
                "line, where they stand before yours moves."
            ),
        ),
    ),
    (
        N_("3. Counters on the track"),
        (
            N_(
                "Each score is a counter on the board, counted in its owner's "
                "numbers. Both start at 0: Dark's on Dark's row 0, column 0 (bottom "
                "left), Light's on Light's own row 0, column 0 (top right). A score "
                "of 34 stands on row 3, column 4, each in its owner's numbers: the "
                "tens are the row, the units the column. After a removal move your "
                "counter forward by up to the points you made, or leave it, but "
                "never onto the other counter's cell. Stopping short can block: a "
                "counter on a piece freezes it."
            ),
        ),
    ),
    (
        N_("4. The end and the tie-break"),
        (
            N_(
                "A counter that reaches 100 leaves the board and wins at once. "
                "Otherwise the game ends when both players pass, and the higher "
                "score wins. On equal scores the pieces each player set aside are "
                "lined up: the longer line wins (fewer pieces if equal); if still "
                "equal, Dark wins."
            ),
        ),
    ),
    (
        N_("5. Controls"),
        (
            N_(
                "Placing: choose a piece with its printed value on the number keys, "
                "Tab / Q, the pad's shoulders or a click on its row in your panel; "
                "rotate it with R, right-click, the wheel or pad X; move it with the "
                "mouse, the arrows or the D-pad and put it down with a click, Enter "
                "or pad A."
            ),
            N_(
                "Scoring: click one of your outlined pieces (or Tab to it and press "
                "Enter / A), then click where your counter goes, or step through the "
                "targets with the arrows and confirm with Enter / A; Esc / B chooses "
                "again."
            ),
            N_(
                "Any time: H / pad Y for a hint, Ctrl+Z / Ctrl+Y to undo and redo, F "
                "to turn the board, Esc / Start for the menu."
            ),
        ),
    ),
)


class IsaacBook(RulesBook):
    game = "isaac"
    name = "ISAAC"
    pages = PAGES

    def __init__(self, fonts) -> None:
        super().__init__(fonts)
        self.board = BoardView(fonts)
        self.early, self.scoring, self.best = example_positions()

    def illustrate(
        self, page: int, surface: pygame.Surface, area: pygame.Rect, pal: Palette
    ) -> str:
        board = self.board
        board.place(area)
        state = self.scoring if page in (1, 2, 3) else self.early
        counters = board.counters(state.scores) if page >= 1 else []
        board.draw_board(surface, pal, state.pieces(), clear_of=board.counter_discs(counters))
        if page == 4:
            return self._controls(surface, pal)
        if page == 1:
            self._ring_removal(surface, pal, line=True)
        elif page == 2:
            self._counter_reach(surface, pal)
        for player, score, at in counters:
            board.draw_counter(surface, at, player, score, pal)
        if page == 2 and (forbidden := forbidden_cell()) is not None:
            cross(surface, board, board.cell_rect(forbidden), pal.forbidden)
        if page == 1:
            return removal_caption()
        if page == 2:
            return counters_caption()
        return ""

    def _ring_removal(self, surface: pygame.Surface, pal: Palette, line: bool) -> None:
        """The example removal's piece ringed, its line tinted (`line`)."""
        board, removing = self.board, self.scoring.piece_at(self.best.cell)
        assert removing is not None
        if line:
            board.highlight_cells(surface, board.line_cells(removing), pal.highlight, 80)
        width = max(3, board.cell // 10)
        rect = board.span_rect(removing.cells)
        pygame.draw.rect(surface, pal.highlight, rect, width, border_radius=board.cell // 5)

    def _counter_reach(self, surface: pygame.Surface, pal: Palette) -> None:
        """Where the mover's counter may stop after the example removal (tinted), the
        other counter's cell it may not take (crossed), the start cells (ringed)."""
        board, state = self.board, self.scoring
        mover = state.to_move
        assert mover is not None
        self._ring_removal(surface, pal, line=False)
        tint = board.cell_tint(pal.target, 90)
        for t in state.removal_targets(self.best.cell):
            if t < 100:
                surface.blit(tint, board.cell_rect(track_cell(mover, t)))
        width = max(3, board.cell // 12)
        for corner in (0, 99):  # where both counters start (docs/rules.md 1.2)
            center = board.cell_center(corner)
            pygame.draw.circle(surface, pal.highlight, center, int(board.cell * 0.38), width)

    def _controls(self, surface: pygame.Surface, pal: Palette) -> str:
        state, board = self.early, self.board
        fives = [m for m in state.legal_moves() if isinstance(m, Place) and m.length == 5]
        if not fives:
            return ""
        # the one nearest the middle of the board, where the cursor starts
        move = min(fives, key=lambda m: abs(m.cell // 10 - 4) + abs(m.cell % 10 - 3))
        cells = piece_cells(move.length, move.direction, move.cell)
        surface.blit(
            board.ghost(move.length, move.direction, pal.legal), board.span_rect(cells).topleft
        )
        focus = cells[len(cells) // 2]
        board.frame_cell(surface, focus, pal.highlight)
        mover = state.to_move
        assert mover is not None  # a placement to show: someone is to move
        # TRANSLATORS: {where} is "row 3, columns 2-6"
        text = _(
            "In the picture {player}'s chosen {piece} follows the cursor: green where it fits"
            " (on {where}), red where it does not."
        )
        return text.format(
            player=side_name(mover),
            piece=piece_words(5),
            where=span_words(move.length, move.direction, move.cell),
        )
