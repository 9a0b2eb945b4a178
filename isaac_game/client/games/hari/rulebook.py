"""HARI's rules pages (docs/rules.md 3), drawn with the HARI board and its marks.

The pictures follow one short game, played through the engine: Dark slides a
piece and places one, then Light slides two pieces and must pay for both with
the piece it plays. The last rules page shows a whole seeded game.
"""

from __future__ import annotations

import functools
import random

import pygame

from isaac_game.i18n import N_, _
from isaac_game.rules import VALUE, BoardPiece, HariState, Move, Place, Player, Slide

from ...theme import Palette
from ...widgets.board_view import piece_cells
from ...widgets.rules_pages import RulesBook, play_through, ring, seeded_game
from ...words import side_name, span_words
from .view import TurnAction, draw_marks, draw_reach, recent_actions
from .words import piece_label, slide_words, way_name

#: Dark slides 4h32 two cells left and places 4h96; Light then slides 3v66 and 4h92.
STORY = ("4h32", "3v66", "4v17", "4h92", "s32-2", "4h96", "s66-3", "s92-2")
TURN, SLID = 6, 8  # positions in the story (actions played)
PLAY = Place(5, "h", 70)  # what Light may place after its two slides

PAGES = (
    (
        N_("1. A turn: slide, then play"),
        N_(
            "Each player has the same 15 bars as in ISAAC (values 1, 2, 3, 4 and 6); the aim is "
            "the most value of your own pieces on the board. The board starts empty, Dark moves "
            "first, then turns alternate.\n"
            "A turn: first slide zero or more of your own pieces already on the board, then play "
            "exactly one piece from your hand: place it on empty cells, across or up, or discard "
            "it out of the game."
        ),
    ),
    (
        N_("2. Sliding"),
        N_(
            "A slide moves one of your pieces along its own length by one or more cells. It may "
            "not pass through or land on any other piece, of either colour. It ends wholly on the "
            "board, or wholly off it: a piece slid off the board is discarded. Each piece slides "
            "at most once per turn."
        ),
    ),
    (
        N_("3. What you may play"),
        N_(
            "Your plays, placed or discarded, go in lengths that never go down: each at least as "
            "long as your last play. The piece you play must be worth at least the sum of the "
            "values of the pieces you slid this turn, so a slide is only allowed if some piece "
            "you could still play would pay for it."
        ),
    ),
    (
        N_("4. The end"),
        N_(
            "A player who cannot play any piece passes; when both pass in a row the game ends. "
            "The higher total value of your own pieces on the board wins; equal totals: a draw."
        ),
    ),
    (
        N_("5. Controls"),
        N_(
            "Slide: drag one of your pieces along its line and let go, or click it, then click a "
            "cell on its line (beyond the edge: off the board). With keys or a pad, Enter / A "
            "picks up the piece under the cursor, the arrows step through its targets and Enter "
            "/ A slides it; Esc, pad B or right-click puts it back.\n"
            "Play: as in ISAAC's placing (its printed value on the number keys, Tab / Q or "
            "shoulders to choose; R, right-click, wheel or X to rotate; click, Enter or A to "
            "place). D, pad Y or the bar's Discard button asks to discard the chosen piece; the "
            "same again discards it. Ctrl+Z / Ctrl+Y: undo and redo one action. F: turn the "
            "board."
        ),
    ),
)


@functools.cache
def story() -> tuple[HariState, ...]:
    return tuple(play_through(HariState, STORY))


@functools.cache
def finished_game(seed: int = 0) -> tuple[HariState, ...]:
    """A whole seeded game: the shortest piece placed first, now and then a slide."""

    def choose(state: HariState, rng: random.Random) -> Move:
        moves = list(state.legal_moves())
        places = [m for m in moves if isinstance(m, Place)]
        slides = [m for m in moves if isinstance(m, Slide)]
        if slides and not state.slid_value and rng.random() < 0.3:
            return rng.choice(slides)
        if places:
            shortest = min(m.length for m in places)
            return rng.choice([m for m in places if m.length == shortest])
        return moves[0]

    return tuple(seeded_game(HariState, seed, choose))


def lies(piece: BoardPiece) -> str:
    """`row 9, columns 6-9`: where a piece lies (the rules pages read the board from
    Dark's side)."""
    return span_words(piece.length, piece.direction, piece.anchor)


def or_list(items) -> str:
    """`5, 6 or 7`."""
    names = [str(i) for i in items]
    if len(names) == 1:
        return names[0]
    # TRANSLATORS: the end of a list of choices: "{items}" is "5, 6", "{last}" is "7"
    return _("{items} or {last}").format(items=", ".join(names[:-1]), last=names[-1])


def reach_text(state: HariState, anchor: int) -> str:
    """`down 1 to 6 cells or off the board`, from the engine's slide range."""
    piece = state.piece_at(anchor)
    rng = state.slide_range(anchor)
    if piece is None or not rng.any:
        return _("nowhere")
    lo, hi = ("left", "right") if piece.direction == "h" else ("down", "up")
    parts = []
    for way, far, off in ((lo, -rng.low, rng.off_low), (hi, rng.high, rng.off_high)):
        said = _reach(far, off)
        if said:
            parts.append(said.format(way=way_name(way), far=far))
    if len(parts) == 2:
        # TRANSLATORS: two ways a piece may slide: "left 1 cell, or right 1 to 4 cells"
        return _("{first}, or {second}").format(first=parts[0], second=parts[1])
    return parts[0] if parts else ""


def _reach(far: int, off: bool) -> str:
    """How far one way, as a template of `way` and `far` ("": not that way)."""
    if far == 1:
        # TRANSLATORS: {way} is left, right, up or down
        return _("{way} 1 cell or off the board") if off else _("{way} 1 cell")
    if far == 2:
        # TRANSLATORS: {way} is left, right, up or down
        return _("{way} 1 or 2 cells or off the board") if off else _("{way} 1 or 2 cells")
    if far:
        # TRANSLATORS: {way} is left, right, up or down; {far} how many cells at most
        return _("{way} 1 to {far} cells or off the board") if off else _("{way} 1 to {far} cells")
    # TRANSLATORS: {way} is left, right, up or down
    return _("{way} off the board") if off else ""


class HariBook(RulesBook):
    game = "hari"
    name = "HARI"
    pages = PAGES

    def __init__(self, fonts) -> None:
        super().__init__(fonts)
        from ...widgets.board_view import BoardView

        self.board = BoardView(fonts)

    def _draw(self, surface, pal: Palette, states, marks: bool = True) -> HariState:
        state = states[-1]
        self.board.draw_board(surface, pal, state.pieces())
        if marks:
            draw_marks(surface, self.board, pal, recent_actions(list(states)), state)
        return state

    def illustrate(
        self, page: int, surface: pygame.Surface, area: pygame.Rect, pal: Palette
    ) -> str:
        self.board.place(area)
        states = story()
        if page == 0:
            turn = recent_actions(list(states[: TURN + 1]))
            self._draw(surface, pal, states[: TURN + 1])
            (_who, slide, before, _after), (_mover, placed, _from, _to) = turn[-2:]
            slid = before.piece_at(slide.cell) if isinstance(slide, Slide) else None
            assert slid is not None and isinstance(placed, Place)  # the story's own turn
            # TRANSLATORS: {slid} and {placed} are pieces, as "2 (4 cells)"
            text = _(
                "In the picture Dark's last turn is in orange: it slid its {slid} two cells "
                "left (its old cells ringed), then placed a {placed}."
            )
            return text.format(slid=piece_label(slid.length), placed=piece_label(placed.length))
        if page == 1:
            return self._sliding(surface, pal, states[: TURN + 1])
        if page == 2:
            return self._paying(surface, pal, states[: SLID + 1])
        if page == 3:
            return self._end(surface, pal, finished_game())
        return self._controls(surface, pal, states[TURN])

    def _sliding(self, surface, pal: Palette, states) -> str:
        state = self._draw(surface, pal, states, marks=False)
        board = self.board
        mine = [p for p in state.pieces() if p.owner == Player.LIGHT]
        for piece in mine:
            draw_reach(surface, board, pal, state, piece, 90)
            ring(surface, board, board.span_rect(piece.cells), pal.highlight)
        blocker = state.piece_at(96)
        if blocker is not None:
            ring(surface, board, board.span_rect(blocker.cells), pal.illegal)
        # TRANSLATORS: a piece by its value, where it lies, and where it may slide
        its = _("its {value} (on {where}) {reach}")
        ways = "; ".join(
            its.format(value=p.value, where=lies(p), reach=reach_text(state, p.anchor))
            for p in mine
        )
        if blocker is not None:
            named = _("{value} (on {where})").format(value=blocker.value, where=lies(blocker))
        else:
            named = _("piece")
        # TRANSLATORS: {ways}: "its 1 (on column 6, rows 6-8) down 1 to 6 cells; its 2 ..."
        text = _(
            "In the picture Light may slide {ways} (green). Dark's {blocker}, in red, blocks "
            "both on the right and at the top: no slide goes through it."
        )
        return text.format(ways=ways, blocker=named)

    def _paying(self, surface, pal: Palette, states) -> str:
        state = self._draw(surface, pal, states)
        mover = state.to_move
        assert mover is not None  # mid-turn: Light is to play
        least = max(state.min_length(mover), 3)
        need = state.slid_value
        lengths = [n for n in (3, 4, 5, 6, 7) if n >= least and VALUE[n] >= need]
        move = PLAY
        cells = piece_cells(move.length, move.direction, move.cell)
        image = self.board.ghost(move.length, move.direction, pal.legal)
        surface.blit(image, self.board.span_rect(cells).topleft)
        first, second = _slid_values(recent_actions(states)[-2:], mover)
        # TRANSLATORS: {first}, {second}: the values of the two pieces slid; {last}: a piece
        # as "2 (4 cells)"; {values}: "3, 4 or 6"; {where}: "row 7, columns 0-4"
        text = _(
            "In the picture {player} slid the {first} and the {second} (blue), worth {need} in "
            "all: {player} must now play a piece worth {need} or more, no shorter than its last "
            "play, a {last}: a {values}. Green: a {value} on {where} would do."
        )
        return text.format(
            player=side_name(mover),
            first=first,
            second=second,
            need=need,
            last=piece_label(state.min_length(mover)),
            values=or_list(VALUE[n] for n in lengths),
            value=VALUE[move.length],
            where=span_words(move.length, move.direction, move.cell),
        )

    def _end(self, surface, pal: Palette, states) -> str:
        state = self._draw(surface, pal, states, marks=False)
        dark, light = state.scores
        if state.winner is None:
            text = _(
                "In the picture both have passed: Dark has {dark} on the board, Light {light}: "
                "a draw. Pieces out of the game: Dark {dark_out}, Light {light_out}."
            )
        else:
            text = _(
                "In the picture both have passed: Dark has {dark} on the board, Light {light}: "
                "{player} wins. Pieces out of the game: Dark {dark_out}, Light {light_out}."
            )
        return text.format(
            dark=dark,
            light=light,
            player=side_name(state.winner) if state.winner else "",
            dark_out=state.discarded(Player.DARK),
            light_out=state.discarded(Player.LIGHT),
        )

    def _controls(self, surface, pal: Palette, state: HariState) -> str:
        board = self.board
        board.draw_board(surface, pal, state.pieces())
        piece = state.piece_at(66)
        if piece is None:
            return ""
        draw_reach(surface, board, pal, state, piece, 60)
        ring(surface, board, board.span_rect(piece.cells), pal.highlight)
        target = Slide(piece.anchor, -1, 3)
        cells = piece_cells(piece.length, piece.direction, piece.anchor - 30)
        image = board.ghost(piece.length, piece.direction, pal.legal)
        goal = board.span_rect(cells)
        surface.blit(image, goal.topleft)
        ring(surface, board, goal, pal.legal)
        start = board.span_rect(piece.cells).center
        width = max(3, board.cell // 10)
        pygame.draw.line(surface, pal.highlight, start, goal.center, width)
        tip, s = goal.center, board.cell // 4
        pygame.draw.polygon(
            surface, pal.highlight, [tip, (tip[0] - s, tip[1] - s), (tip[0] + s, tip[1] - s)]
        )
        # TRANSLATORS: {slide}: "the 1 on column 6, rows 3-5, three cells down"
        text = _(
            "In the picture Light has picked up its {value} (on {where}): the green cells show "
            "where it may go, and letting go at the ghost slides {slide}."
        )
        return text.format(value=piece.value, where=lies(piece), slide=slide_words(state, target))


def _slid_values(actions: list[TurnAction], mover: Player) -> tuple[int, int]:
    """The values of the two pieces `mover` slid among `actions` (the story's turn)."""
    values = [
        VALUE[piece.length]
        for who, move, before, _after in actions
        if who == mover
        and isinstance(move, Slide)
        and (piece := before.piece_at(move.cell)) is not None
    ]
    assert len(values) == 2, values  # the story's own turn: two slides
    return values[0], values[1]
