"""HARI input: slide your pieces (drag, click-click, or keys), then play from hand.

Two modes share one cursor (the mouse's cell, or the keyboard/pad focus):
- *play*: the selected hand piece follows the cursor as a green/red ghost (as in
  ISAAC: choose with the panel, digits or Tab/Q, rotate with R, right-click, wheel
  or pad X, put down with a click, Enter or A); D, pad Y or the bar's button
  discards it instead. Pointing at one of your own pieces shows how far it may
  slide (or why it may not); clicking it, or Enter on it, picks it up.
- *slide*: a piece is picked up. Drag it and let go (while dragged, the piece itself
  follows the pointer along its line, as far as it may slide, and a ghost shows
  where it would land), or click a target cell on its line (beyond the board's edge:
  off the board); arrows along its axis step through the legal targets and Enter
  confirms; Esc, pad B or right-click puts it back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from isaac_game.i18n import _
from isaac_game.rules import (
    LENGTHS,
    VALUE,
    BoardPiece,
    Discard,
    HariState,
    Place,
    Player,
    Slide,
)

from ...input import ARROWS, Action, Button
from ...states import narrow
from ...widgets.board_view import BoardView
from ...widgets.hand_cursor import MOVES_THE_CURSOR, HandCursorInput
from ...widgets.hud import bar_button
from ...words import place_words, side_name
from .words import cost_words, piece_label, reach_words, slide_words, way_name

if TYPE_CHECKING:
    from ..base import PlayHost

OFF = "off"  # a slide target beyond the board's edge
#: Input that answers "discard?" with no: a choice or a move of the player's own (not
#: the pointer wandering, nor the text a key also types).
_KEEPS_THE_PIECE = (MOVES_THE_CURSOR - {Button.POINT}) | {Button.BACK}
#: The share of the bottom bar the Discard button takes, at its right end.
DISCARD_SHARE = 0.24


class HariInput(HandCursorInput[HariState]):
    def __init__(self, host: PlayHost, board: BoardView) -> None:
        super().__init__(host, board, 3)
        self.piece: BoardPiece | None = None  # picked up to slide
        self.grab = 0  # the cell it was picked up by
        self.target: Slide | None = None  # where it would go now
        #: the length a first D / Y / Discard asked about: a second one discards it
        self.armed: int | None = None
        self.dragging = False
        #: where the pointer held the piece when the drag began (screen pixels)
        self.grab_pos: tuple[int, int] | None = None

    def reset(self) -> None:
        """Forget a picked-up piece and a discard asked about (after a move, undo or redo)."""
        self.piece, self.target, self.dragging = None, None, False
        self.armed = None

    def discard_button(self) -> pygame.Rect | None:
        """The bar's Discard button, while the human to move holds no piece to slide."""
        host, layout, state = self.host, self.host.view.layout, self.host.match.state
        human = host.human_to_move()
        if layout is None or human is None or host.motion.passing or self.piece:
            return None
        if self.selected(narrow(HariState, state), human) is None:
            return None
        return bar_button(layout.bottom, DISCARD_SHARE)

    # ----- what the position allows ---------------------------------------------------

    @staticmethod
    def playable_lengths(state: HariState, player: Player) -> list[int]:
        """Lengths the player could play now (in hand, long enough, worth the slides)."""
        hand, least = state.hand(player), state.min_length(player)
        return [n for n in LENGTHS if hand[n] and n >= least and VALUE[n] >= state.slid_value]

    def selected(self, state: HariState, player: Player) -> int | None:
        """The chosen hand length, moved to the shortest playable one if it cannot be played."""
        hand = state.hand(player)
        options = self.playable_lengths(state, player) or [n for n in LENGTHS if hand[n]]
        if not options:
            return None
        if self.length[player] not in options:
            self.length[player] = options[0]
        return self.length[player]

    def cycle_options(self, state: HariState, player: Player) -> list[int]:
        return self.playable_lengths(state, player)

    def ghost(self, state: HariState, player: Player) -> tuple[int, str, int, bool] | None:
        ghost = super().ghost(state, player)
        return None if self.piece is not None else ghost

    def own_piece_at(self, state: HariState, cell: int | None, player: Player) -> BoardPiece | None:
        piece = None if cell is None else state.piece_at(cell)
        return piece if piece is not None and piece.owner == player else None

    def targets(self, state: HariState) -> list[Slide | None]:
        """The picked-up piece's legal targets in order along its axis; None = stay."""
        piece = self.piece
        if piece is None:
            return [None]
        rng = state.slide_range(piece.anchor)
        a = piece.anchor
        out: list[Slide | None] = [Slide(a, -1, None)] if rng.off_low else []
        out += [Slide(a, -1, d) for d in range(-rng.low, 0, -1)]
        out.append(None)
        out += [Slide(a, 1, d) for d in range(1, rng.high + 1)]
        if rng.off_high:
            out.append(Slide(a, 1, None))
        return out

    def slide_toward(self, pos: tuple[int, int]) -> Slide | None:
        """The slide that brings the grabbed cell under `pos` (None: no move)."""
        piece, board = self.piece, self.board
        if piece is None:
            return None
        y, x = board.row_col_at(pos)  # beyond the edges too, whichever side faces the screen
        gr, gc = divmod(self.grab, 10)
        pos_r, pos_c = divmod(piece.anchor, 10)
        if piece.direction == "h":
            delta, start = x - gc, pos_c
        else:
            delta, start = y - gr, pos_r
        if delta == 0:
            return None
        sign = 1 if delta > 0 else -1
        if start + delta < 0 or start + delta + piece.length > 10:
            return Slide(piece.anchor, sign, None)
        return Slide(piece.anchor, sign, abs(delta))

    def drag_shift(self, state: HariState) -> tuple[int, int] | None:
        """How far (screen pixels) the dragged piece is drawn from its cells: the
        pointer's way from where it took hold, along the piece's axis only, no further
        than it may slide (past the edge when it may leave the board). None: no drag."""
        piece, board, pos = self.piece, self.board, self._pointer_at
        if piece is None or not self.dragging or self.grab_pos is None or pos is None:
            return None
        rng = state.slide_range(piece.anchor)
        start = piece.anchor % 10 if piece.direction == "h" else piece.anchor // 10
        low = -(start + piece.length) if rng.off_low else rng.low
        high = 10 - start if rng.off_high else rng.high
        # the pointer's way along the piece's axis, towards higher coordinates
        ux, uy = board.screen_way(piece.direction, 1)
        along = (pos[0] - self.grab_pos[0]) * ux + (pos[1] - self.grab_pos[1]) * uy
        along = max(low * board.cell, min(high * board.cell, along))
        return along * ux, along * uy

    def _take_hold(self, cell: int, pos: tuple[int, int]) -> None:
        """The pointer takes hold of the picked-up piece at `cell`, `pos`: a drag."""
        self.dragging, self.grab, self.grab_pos = True, cell, pos

    def on_axis(self, pos: tuple[int, int]) -> bool:
        """Is `pos` on the picked-up piece's line (its row or column, margins included)?"""
        piece, board = self.piece, self.board
        if piece is None:
            return False
        line = board.span_rect(board.line_cells(piece))
        if piece.direction == "h":
            line = line.inflate(board.margin * 2 + board.cell * 2, 0)
        else:
            line = line.inflate(0, board.margin * 2 + board.cell * 2)
        return line.collidepoint(pos)

    # ----- input -----------------------------------------------------------------------

    def handle(self, action: Action, state: HariState, player: Player) -> None:
        b = action.button
        # D discards (the arrows still move); so does pad Y (H, the keyboard's hint, is
        # taken by the play scene before it gets here)
        d_key = b == Button.RIGHT and action.key == pygame.K_d
        if d_key or (b == Button.HINT and action.device == "pad"):
            self.discard(state, player)
            return
        if b in _KEEPS_THE_PIECE and not self._on_discard_button(action):
            self.armed = None  # another choice or move: the piece is kept
        if self.piece is not None:
            self._handle_slide(action, state, player)
        else:
            self._handle_play(action, state, player)

    def _handle_play(self, action: Action, state: HariState, player: Player) -> None:
        super().handle(action, state, player)

    def _on_discard_button(self, action: Action) -> bool:
        button = self.discard_button()
        return bool(
            action.button == Button.CLICK
            and action.pos is not None
            and button is not None
            and button.collidepoint(action.pos)
        )

    def _click_off_board(self, pos: tuple[int, int], state: HariState, player: Player) -> bool:
        button = self.discard_button()
        if button is not None and button.collidepoint(pos):
            self.discard(state, player)
            return True
        return super()._click_off_board(pos, state, player)

    def click_cell(self, state: HariState, player: Player, cell: int) -> None:
        if self.pick_up(state, player, cell):
            if self.piece is not None and self._pointer_at is not None:
                self._take_hold(cell, self._pointer_at)
        else:
            self.place(state, player)

    def confirm_cell(self, state: HariState, player: Player, cell: int) -> None:
        if not self.pick_up(state, player, cell):
            self.place(state, player)

    def _handle_slide(self, action: Action, state: HariState, player: Player) -> None:
        b = action.button
        piece = self.piece
        assert piece is not None
        if action.pos is not None:
            self._pointer_at = action.pos  # seen here too, so `follow_pointer` is not fooled
        if b == Button.POINT and action.pos is not None:
            self.pointer = True
            self.focus = self.board.cell_at(action.pos)
            if self.dragging or self.on_axis(action.pos):
                self.target = self.slide_toward(action.pos)
        elif b == Button.RELEASE and action.pos is not None:
            if self.dragging:
                self.dragging = False
                target = self.slide_toward(action.pos)
                if target is not None:
                    self.target = target
                    self.confirm(state)
        elif b == Button.CLICK and action.pos is not None:
            cell = self.board.cell_at(action.pos)
            if self.on_axis(action.pos) and (cell is None or cell not in piece.cells):
                self.target = self.slide_toward(action.pos)
                self.confirm(state)
            elif cell is not None and cell in piece.cells:
                self._take_hold(cell, action.pos)
            elif cell is not None and self.own_piece_at(state, cell, player) is not None:
                self.pick_up(state, player, cell)
                if self.piece is not None:
                    self._take_hold(cell, action.pos)
            else:
                self.reset()
        elif b in (Button.ALT_CLICK, Button.BACK):
            self.reset()
            self.host.bar.say(_("Piece put back"))
        elif b in ARROWS:
            # an arrow along the piece's axis, as the screen shows it, steps its targets
            rows, cols = self.board.board_step(*ARROWS[b])
            step = cols if piece.direction == "h" else rows
            if step:
                self._step_target(state, step)
            else:
                self.reset()
                self._move_focus(b)
        elif b == Button.CONFIRM:
            if self.target is None:
                self.reset()
            else:
                self.confirm(state)

    def _step_target(self, state: HariState, step: int) -> None:
        options = self.targets(state)
        current = self.target if self.target in options else None
        i = options.index(current) + step
        if 0 <= i < len(options):
            self.target = options[i]
        self.pointer = False

    def pick_up(self, state: HariState, player: Player, cell: int) -> bool:
        """Pick up the player's piece on `cell` to slide it; False if none is there."""
        piece = self.own_piece_at(state, cell, player)
        if piece is None:
            return False
        blocked = state.slide_refusal(cell)
        reason = None if blocked is None else self.host.bar.why_not(blocked)
        if reason is None and not state.slide_range(cell).any:
            reason = _("No room: it is hemmed in on both ends")
        if reason is not None:
            # TRANSLATORS: {reason} is a whole sentence: why the piece may not slide
            said = _("That piece cannot slide. {reason}").format(reason=reason)
            self.host.bar.say(said, warn=True)
            return True
        slides = [m for m in state.legal_moves() if isinstance(m, Slide) and m.cell == piece.anchor]
        if self.host.refuse_choice(slides):
            return True  # not this piece (a lesson's step): said at once
        self.piece, self.grab, self.target = piece, cell, None
        self.host.app.audio.play("click")
        return True

    def confirm(self, state: HariState) -> None:
        target = self.target
        if target is None:
            return
        try:
            state.parse_move(target)
        except ValueError as error:
            self.host.bar.say(self.host.bar.why_not(error), warn=True)
            return
        self.host.submit(target)

    def chosen(self, state: HariState, player: Player, length: int) -> None:
        if length not in self.playable_lengths(state, player):
            self.host.bar.say(self.play_reason(state, Discard(length)), warn=True)
        elif cost := cost_words(state, player, length):  # pieces it would give up
            self.host.bar.say(cost, seconds=8.0)

    def discard(self, state: HariState, player: Player) -> None:
        """The first D, Y or Discard asks (the piece leaves the game, and D is also the
        right arrow of WASD); the second discards. Anything else in between keeps it."""
        length = self.selected(state, player)
        if length is None:
            return
        if self.armed == length:
            self.reset()
            self.host.submit(Discard(length))
            return
        reason = self.play_reason(state, Discard(length))
        if reason:
            self.host.bar.say(reason, warn=True)
            return
        if self.host.refuse_choice([Discard(length)]):
            return  # a lesson's step asks for another move: said at once
        self.armed = length
        # TRANSLATORS: D and Y are the keyboard's and the pad's keys
        text = _("Discard your {piece}? It leaves the game. D, Y or the button again to discard")
        self.host.bar.say(text.format(piece=piece_label(length)), seconds=8.0)

    # ----- words for the bar -----------------------------------------------------------

    def info(self, state: HariState, player: Player) -> str:
        name = side_name(player)
        if self.piece is not None:
            target = self.target
            if target is None:
                return _(
                    "{player}: drag, click a cell on its line, or arrows + Enter to slide it"
                    " (Esc / right-click: put back)"
                ).format(player=name)
            reason = self.play_reason(state, target)
            if reason:
                return reason
            where = slide_words(state, target, self.board.facing)
            if target.distance is None:
                # TRANSLATORS: {slide}: "the 1 on row 0, columns 0-2, off the left edge"
                text = _("{player}: slide {slide} (it leaves the game)  (let go / click / Enter)")
            else:
                # TRANSLATORS: {slide}: "the 2 on row 2, columns 2-5, two cells left"
                text = _("{player}: slide {slide}  (let go / click / Enter)")
            return text.format(player=name, slide=where)
        mine = self.own_piece_at(state, self.focus, player)
        if mine is not None:
            return self.slide_text(state, mine)
        ghost = self.ghost(state, player)
        if ghost is None:
            return _("{player}: slide a piece, or choose where to place one").format(player=name)
        length, direction, anchor, legal = ghost
        move = Place(length, direction, anchor)
        if legal:
            # TRANSLATORS: {placement}: "the 3 on row 5, columns 2-6"; R, X, D, Y: keys
            text = _(
                "{player}: place {placement}  (click / Enter / A; rotate: R, right-click, X;"
                " discard: D, Y)"
            )
            return text.format(player=name, placement=place_words(move, self.board.facing))
        return self.play_reason(state, move)

    def slide_text(self, state: HariState, piece: BoardPiece) -> str:
        """What the piece under the cursor may do: its slide range (its ways as the
        screen shows them), or why not."""
        blocked = state.slide_refusal(piece.anchor)
        if blocked is not None:
            # TRANSLATORS: {reason} is a whole sentence: why the piece may not slide
            text = _("This piece cannot slide. {reason}")
            return text.format(reason=self.host.bar.why_not(blocked))
        rng = state.slide_range(piece.anchor)
        if not rng.any:
            return _("This piece cannot slide: no room on either end")
        board = self.board
        lo, hi = board.way_word(piece.direction, -1), board.way_word(piece.direction, 1)
        parts = []
        for way, far, off in ((lo, -rng.low, rng.off_low), (hi, rng.high, rng.off_high)):
            part = reach_words(far, off)
            if part:
                parts.append(part.format(way=way_name(way), far=far))
        # TRANSLATORS: {ways}: "left up to 3; right 1 or off the board"
        text = _("Slides {ways} (value {value}): click or drag it")
        return text.format(ways="; ".join(parts), value=piece.value)
