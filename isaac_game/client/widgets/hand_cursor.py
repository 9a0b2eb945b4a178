"""The hand-and-ghost input all three games share: choose a piece from the hand, rotate
it, move its ghost with the pointer, keys or pad, put it down.

It works through the match scene as a game sees it (`PlayHost`, declared in
`games/base.py` and only named here for the type checker), so no game imports
another game's input to get it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from isaac_game.i18n import _
from isaac_game.rules import LENGTHS, VALUE, Discard, GameState, Move, Place, Player

from ..input import ARROWS, Action, Button
from ..words import piece_words
from .board_view import BoardView, piece_cells

if TYPE_CHECKING:
    from ..games.base import PlayHost

START_FOCUS = 45

#: The game's state type, which a game's input subclass fixes (`HandCursorInput[HariState]`).
S = TypeVar("S", bound=GameState)


#: Input that moves the cursor, turns or changes the piece, or puts it down: after it,
#: the ghost shows even where it is not legal (see `HandCursorInput.ghost`).
MOVES_THE_CURSOR = frozenset(
    {
        Button.POINT,
        Button.CLICK,
        Button.ALT_CLICK,
        Button.WHEEL,
        Button.ROTATE,
        Button.NEXT,
        Button.PREV,
        Button.DIGIT,
        Button.UP,
        Button.DOWN,
        Button.LEFT,
        Button.RIGHT,
        Button.CONFIRM,
    }
)


def anchor_for(focus: int, length: int, direction: str) -> int:
    """The anchor of a piece centred (as far as the board allows) on `focus`."""
    r, c = divmod(focus, 10)
    back = (length - 1) // 2
    if direction == "h":
        return r * 10 + max(0, min(c - back, 10 - length))
    return max(0, min(r - back, 10 - length)) * 10 + c


def focus_for(anchor: int, length: int, direction: str) -> int:
    """A focus cell whose centred piece has `anchor` (what a test or tutorial points at)."""
    return anchor + ((length - 1) // 2) * (1 if direction == "h" else 10)


class HandCursorInput(Generic[S]):
    """The hand-and-ghost input every game shares: choose a piece from the hand
    (panel rows, the number keys by printed value, Tab/Q, shoulders), rotate it, move
    its ghost with the mouse or the cursor keys, and put it down. Games say which
    lengths are on offer (`selected`, `cycle_options`) and what a click or Enter on a
    cell does."""

    def __init__(self, host: PlayHost, board: BoardView, length: int) -> None:
        self.host = host
        self.board = board
        self.length: dict[Player, int] = {Player.DARK: length, Player.LIGHT: length}
        self.direction: dict[Player, str] = {Player.DARK: "h", Player.LIGHT: "h"}
        self.focus: int | None = START_FOCUS
        self.pointer = False
        #: where the pointer was last seen (a pointer event that did not move it, such
        #: as a window getting the focus back, does not take the cursor from the keys)
        self._pointer_at: tuple[int, int] | None = None
        #: the position in which the player last moved the pointer or cursor, turned or
        #: chose a piece (see `ghost`)
        self._moved_in: S | None = None
        self._legal_for: S | None = None
        self._legal: set[tuple[int, str, int]] = set()
        self._hints: dict[tuple, frozenset[int]] = {}

    # ----- what the position allows ---------------------------------------------------

    def legal(self, state: S) -> set[tuple[int, str, int]]:
        if self._legal_for is not state:
            self._hints.clear()
            self._legal_for = state
            self._legal = {
                (m.length, m.direction, m.cell) for m in state.legal_moves() if isinstance(m, Place)
            }
        return self._legal

    def selected(self, state: S, player: Player) -> int | None:
        raise NotImplementedError

    def cycle_options(self, state: S, player: Player) -> list[int]:
        """The lengths Tab/Q and the shoulders step through."""
        hand = state.hand(player)
        return [n for n in LENGTHS if hand[n]]

    def ghost(self, state: S, player: Player) -> tuple[int, str, int, bool] | None:
        """(length, direction, anchor, legal) of the piece a click or Enter would put
        down now, or None.

        The rule after a move (either player's, or an undo): a ghost that would not be
        legal where the pointer or cursor rests is not shown until the player moves it
        (or turns or changes the piece). Otherwise the piece just placed would lie
        hidden under a red ghost of the next one. A legal ghost shows at once: it is
        exactly where a click would put the piece."""
        length = self.selected(state, player)
        if length is None or self.focus is None:
            return None
        direction = self.direction[player]
        anchor = anchor_for(self.focus, length, direction)
        legal = (length, direction, anchor) in self.legal(state)
        if not legal and self._moved_in is not state:
            return None
        return length, direction, anchor, legal

    def follow_pointer(self, state: S) -> None:
        """Once per tick: while the pointer is the input, the focus is the cell under the
        pointer's real position, so the preview never lags behind it (the turn coming
        back after the computer's move, an overlay closing, moves made while it was
        not this player's turn)."""
        if not self.pointer:
            return
        pos = pygame.mouse.get_pos()
        if pos != self._pointer_at:
            self._pointer_at = pos
            self._moved_in = state
        self.focus = self.board.cell_at(pos)

    def aim(self, state: S, player: Player, length: int, direction: str, anchor: int) -> None:
        """Select the piece `length`/`direction` and put the keyboard cursor on `anchor`
        (a hint), so one press of Enter plays it."""
        self.length[player] = length
        self.direction[player] = direction
        self.focus = focus_for(anchor, length, direction)
        self.pointer = False
        self._moved_in = state

    # ----- input -----------------------------------------------------------------------

    def handle(self, action: Action, state: S, player: Player) -> None:
        b = action.button
        board = self.board
        if b in MOVES_THE_CURSOR and (b != Button.POINT or action.pos != self._pointer_at):
            self._moved_in = state
        if b == Button.POINT and action.pos is not None:
            if action.pos == self._pointer_at:
                return  # the pointer did not move
            self._pointer_at = action.pos
            cell = board.cell_at(action.pos)
            self.pointer = True
            self.focus = cell
        elif b == Button.CLICK and action.pos is not None:
            self._pointer_at = action.pos
            if self._click_off_board(action.pos, state, player):
                return
            cell = board.cell_at(action.pos)
            if cell is not None:
                self.pointer = True
                self.focus = cell
                self.click_cell(state, player, cell)
        elif b in (Button.ALT_CLICK, Button.WHEEL, Button.ROTATE):
            self.direction[player] = "v" if self.direction[player] == "h" else "h"
            self.host.app.audio.play("click")
        elif b in (Button.NEXT, Button.PREV):
            # the panel lists the hand longest first: Tab goes down it, Shift+Tab up
            self._cycle(state, player, -1 if b == Button.NEXT else 1)
        elif b == Button.DIGIT:
            self._choose_value(state, player, action.value)
        elif b in (Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT):
            self._move_focus(b)
        elif b == Button.CONFIRM:
            if self.focus is None:
                self.focus = START_FOCUS
                self.pointer = False
                return
            self.confirm_cell(state, player, self.focus)

    def _click_off_board(self, pos: tuple[int, int], state: S, player: Player) -> bool:
        """A click on the hand panel chooses a piece; True when it was used up."""
        length = self._hand_row_at(pos, player)
        if length is None:
            return False
        self._choose(state, player, length)
        return True

    def click_cell(self, state: S, player: Player, cell: int) -> None:
        """A click on a board cell (already the focus)."""
        self.place(state, player)

    def confirm_cell(self, state: S, player: Player, cell: int) -> None:
        """Enter / pad A on the focus cell."""
        self.place(state, player)

    def _move_focus(self, b: Button) -> None:
        self.pointer = False
        if self.focus is None:
            self.focus = START_FOCUS
            return
        self.focus = self.board.moved(self.focus, *ARROWS[b])  # as the screen shows it

    def _hand_row_at(self, pos: tuple[int, int], player: Player) -> int | None:
        for length, rect in self.host.hand_rows(player).items():
            if rect.collidepoint(pos):
                return length
        return None

    def _choose_value(self, state: S, player: Player, value: int) -> None:
        """A number key chooses the piece by the value printed on it, as the screen
        names pieces ("value 3" is the 5-cell piece)."""
        lengths = [n for n in LENGTHS if VALUE[n] == value]
        if not lengths:  # a digit key that names no piece
            values = [str(VALUE[n]) for n in LENGTHS]
            # TRANSLATORS: the end of a list of choices: "{items}" is "1, 2", "{last}" is "6"
            keys = _("{items} or {last}").format(items=", ".join(values[:-1]), last=values[-1])
            # TRANSLATORS: {values} is "1, 2, 3, 4, 5 or 6"
            self.host.bar.say(
                _("Pieces are worth {values}: press one of those").format(values=keys), warn=True
            )
            return
        self._choose(state, player, lengths[0])

    def _choose(self, state: S, player: Player, length: int) -> None:
        if state.hand(player).get(length, 0) > 0:
            uses = [
                m
                for m in state.legal_moves()
                if isinstance(m, (Place, Discard)) and m.length == length
            ]
            if uses and self.host.refuse_choice(uses):
                return  # not this piece (a lesson's step); a piece with no move says why below
            self.length[player] = length
            self.host.app.audio.play("click")
            self.chosen(state, player, length)
        else:
            # TRANSLATORS: {piece} is e.g. "3 (5 cells)"
            text = _("No {piece} left in hand").format(piece=piece_words(length))
            self.host.bar.say(text, warn=True)

    def chosen(self, state: S, player: Player, length: int) -> None:
        """A piece in hand was just chosen (a game may warn that it cannot be played)."""

    def _cycle(self, state: S, player: Player, step: int) -> None:
        options = self.cycle_options(state, player)
        if not options:
            return
        current = self.selected(state, player)
        i = options.index(current) if current in options else 0
        self.length[player] = options[(i + step) % len(options)]
        self.host.app.audio.play("click")
        self.chosen(state, player, self.length[player])  # picked with Tab as with a click

    def play_reason(self, state: GameState, move: Move) -> str:
        """Why `move` may not be played now, in the game's words ("" if it may)."""
        try:
            state.parse_move(move)
        except ValueError as error:
            return self.host.bar.why_not(error)
        return ""

    def place_move(self, state: S, player: Player, piece: tuple[int, str, int]) -> Place:
        """The move that puts the ghost's piece down."""
        return Place(*piece)

    def place(self, state: S, player: Player) -> None:
        ghost = self.ghost(state, player)
        if ghost is None:
            return
        length, direction, anchor, _legal = ghost
        self.host.submit(self.place_move(state, player, (length, direction, anchor)))

    def hint_cells(self, state: S, length: int, direction: str) -> frozenset[int]:
        """Focus cells where the selected piece would go down legally."""
        legal = self.legal(state)
        key = (length, direction)
        if key not in self._hints:
            self._hints[key] = frozenset(
                f
                for f in range(100)
                if (length, direction, anchor_for(f, length, direction)) in legal
            )
        return self._hints[key]

    # ----- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: S, player: Player, human: bool) -> None:
        if not human:
            return
        board, pal = self.board, self.host.app.palette
        length = self.selected(state, player)
        if length is None:
            return
        direction = self.direction[player]
        if self.host.app.settings.hints and self.host.control.legal_dots:
            radius = max(2, board.cell // 12)
            dx, dy = self.hint_offset(state, player)
            for cell in self.hint_cells(state, length, direction):
                x, y = board.cell_center(cell)
                pygame.draw.circle(surface, pal.legal, (x + dx, y + dy), radius)
        ghost = self.ghost(state, player)
        if ghost is not None:
            length, direction, anchor, legal = ghost
            color = pal.legal if legal else pal.illegal
            self.draw_ghost(surface, state, player, (length, direction, anchor), color)
        # the keys' cursor stays in sight even while the ghost waits to be moved (the
        # other side has just played): the player sees where the arrows start from
        if not self.pointer and self.focus is not None:
            board.frame_cell(surface, self.focus, pal.highlight)

    def hint_offset(self, state: S, player: Player) -> tuple[int, int]:
        """Where the legal-cell dots sit, from the cells' centres."""
        return 0, 0

    def draw_ghost(
        self,
        surface: pygame.Surface,
        state: S,
        player: Player,
        piece: tuple[int, str, int],
        color,
    ) -> None:
        length, direction, anchor = piece
        board = self.board
        image = board.ghost(length, direction, color)
        surface.blit(image, board.span_rect(piece_cells(length, direction, anchor)).topleft)
