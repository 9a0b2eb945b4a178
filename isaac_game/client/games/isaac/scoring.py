"""Scoring phase input: pick one of your pieces, then where your counter goes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from isaac_game.i18n import _, language
from isaac_game.rules import BoardPiece, IsaacState, Pass, Player, Remove

from ...input import ARROWS, Action, Button
from ...widgets.board_view import BoardView
from ...words import piece_words, side_name
from .words import blocked_words, no_removal

if TYPE_CHECKING:
    from ..base import PlayHost


def track_cell(player: Player, score: int) -> int:
    """The cell (Dark's coordinates) of `score` on `player`'s track."""
    return score if player == Player.DARK else 99 - score


def piece_name(piece: BoardPiece) -> str:
    """`3 (5 cells)`: a piece by its printed value (docs/rules.md 0), as in "Light's 3
    (5 cells)"."""
    return piece_words(piece.length)


class ScoringInput:
    def __init__(
        self, host: PlayHost, board: BoardView, off_track: Callable[[], pygame.Rect | None]
    ) -> None:
        self.host = host
        self.board = board
        #: where the bar's "leave the track" button is now (None: not shown)
        self.off_track = off_track
        self.focus: int | None = None
        self.pointer = False
        self.anchor: int | None = None  # the chosen piece, once chosen
        self.targets: list[int] = []
        self.index = 0
        #: how many messages the bar had been given when the piece was chosen: the
        #: choice wins the bar over those (`MatchBar.status`), not over later ones
        self.chosen_after = 0
        self._pointer_at: tuple[int, int] | None = None  # where the pointer was last seen
        self._preview: dict[tuple, str] = {}

    def reset(self) -> None:
        self.anchor = None
        self.targets = []
        self.index = 0
        self._preview.clear()

    # ----- what the position says ----------------------------------------------------

    def removable(self, state: IsaacState, player: Player) -> list[BoardPiece]:
        blocked = state.blocked_pieces()
        return [p for p in state.pieces() if p.owner == player and p.anchor not in blocked]

    def marks(self, state: IsaacState) -> tuple[frozenset[int], frozenset[int]]:
        """(blocked anchors, removable anchors) of the player to move."""
        mover = state.to_move
        if mover is None:
            return frozenset(), frozenset()
        blocked = frozenset(state.blocked_pieces())
        removable = frozenset(p.anchor for p in state.pieces() if p.owner == mover) - blocked
        return blocked, removable

    @property
    def target(self) -> int | None:
        return self.targets[self.index] if self.targets else None

    def preview(self, state: IsaacState, player: Player, anchor: int, target: int) -> str:
        """What the removal does, in words ("Light's last piece is blocked")."""
        key = (state.moves, anchor, target, language())
        if key in self._preview:
            return self._preview[key]
        me, opp = side_name(player), side_name(player.other)
        start = state.scores[player.index]
        after = state.play(Remove(anchor, target))
        if target >= 100:
            text = _("{player}'s counter leaves the track at {score}: {player} wins").format(
                player=me, score=target
            )
        else:
            cell = track_cell(player, target)
            landed = after.piece_at(cell)
            opponent_out = after.is_out(player.other) or state.is_out(player.other)
            stuck = (
                not opponent_out
                and after.to_move == player.other
                and isinstance(after.legal_moves()[0], Pass)
            )
            own = landed is not None and landed.owner == player
            if stuck and own:  # both: the opponent is out, and the mover's piece is frozen
                assert landed is not None
                # TRANSLATORS: {reason} says why the opponent has no removal left; {piece}
                # is one of the player's own pieces, "6 (7 cells)"
                text = _(
                    "{reason}: {player} passes and is out; but your counter lands on your own"
                    " {piece}: it is blocked"
                ).format(
                    reason=no_removal(after, player.other), player=opp, piece=piece_name(landed)
                )
            elif stuck:
                # TRANSLATORS: {reason} says why the opponent has no removal left
                text = _("{reason}: {player} passes and is out").format(
                    reason=no_removal(after, player.other), player=opp
                )
            elif landed is not None and landed.owner == player.other:
                text = _("counter lands on {player}'s {piece}: it is blocked").format(
                    player=opp, piece=piece_name(landed)
                )
            elif landed is not None:
                text = _("counter lands on your own {piece}: it is blocked").format(
                    piece=piece_name(landed)
                )
            elif target == start:
                text = _("the counter stays where it is")
            else:
                text = _("{player}'s counter moves from {start} to {score}").format(
                    player=me, start=start, score=target
                )
        self._preview[key] = text
        return text

    # ----- input ---------------------------------------------------------------------------

    @property
    def pending(self) -> bool:
        """Is a removal chosen (a piece and a target), waiting for Enter or a click?"""
        return self.anchor is not None and self.target is not None

    def follow_pointer(self, state: IsaacState) -> None:
        """Once per tick, while the pointer is the input and no piece is chosen: the
        piece under the pointer's real position is the one shown (the turn coming back
        after the computer's removal, an overlay closing)."""
        if not self.pointer or self.anchor is not None:
            return
        pos = pygame.mouse.get_pos()
        self._pointer_at = pos
        self.focus = self.board.cell_at(pos)

    def handle(self, action: Action, state: IsaacState, player: Player) -> None:
        b = action.button
        board = self.board
        cell = board.cell_at(action.pos) if action.pos is not None else None
        if b == Button.POINT and action.pos == self._pointer_at:
            return  # the pointer did not move (a window getting the focus back)
        if action.pos is not None and b in (Button.POINT, Button.CLICK):
            self._pointer_at = action.pos
        if self.anchor is None:
            if b == Button.POINT:
                self.pointer, self.focus = True, cell
            elif b == Button.CLICK and cell is not None:
                self.pointer, self.focus = True, cell
                self.choose(state, player, cell)
            elif b in (Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT):
                self._move_focus(b)
            elif b in (Button.NEXT, Button.PREV):
                self._cycle_piece(state, player, 1 if b == Button.NEXT else -1)
            elif b == Button.CONFIRM:
                if self.focus is None:
                    self._cycle_piece(state, player, 1)
                else:
                    self.choose(state, player, self.focus)
            return
        # choosing the target
        if b == Button.POINT:
            self.pointer, self.focus = True, cell
            self._point_target(player, cell)
        elif b == Button.CLICK:
            button = self.off_track()
            if button is not None and action.pos and button.collidepoint(action.pos):
                self.index = len(self.targets) - 1
                self.confirm(player)
            elif self._point_target(player, cell):
                self.confirm(player)
            elif cell is not None and (piece := state.piece_at(cell)) and piece.owner == player:
                self.choose(state, player, cell)
            else:  # say why, and keep the choice (Esc, B or a right-click cancels it)
                self.host.bar.say(self.out_of_reach(state, player, cell), warn=True)
        elif b in (Button.ALT_CLICK, Button.BACK):
            self.reset()
        elif b in ARROWS or b in (Button.NEXT, Button.PREV):
            further = b in (Button.RIGHT, Button.UP, Button.NEXT)
            if b in ARROWS and player != self.board.facing:
                further = not further  # the track runs right and up from its owner's side
            step = 1 if further else -1
            self.index = max(0, min(len(self.targets) - 1, self.index + step))
        elif b == Button.FIRST:
            self.index = 0
        elif b == Button.LAST:
            self.index = len(self.targets) - 1
        elif b == Button.CONFIRM:
            self.confirm(player)

    def out_of_reach(self, state: IsaacState, player: Player, cell: int | None) -> str:
        """Why a click at `cell` (None: off the board) does not move the counter."""
        if cell is None:
            return _(
                "Your counter moves on the board: choose a highlighted cell, or Esc to "
                "choose another piece"
            )
        opponent = state.scores[player.other.index]
        if opponent < 100 and cell == track_cell(player.other, opponent):
            text = _(
                "Your counter cannot land on {player}'s: choose a highlighted cell, or Esc "
                "to choose another piece"
            )
            return text.format(player=side_name(player.other))
        return _(
            "That cell is out of your counter's reach: choose a highlighted cell, or Esc "
            "to choose another piece"
        )

    def wants_back(self) -> bool:
        """True when BACK would cancel a choice here (rather than open the pause menu)."""
        return self.anchor is not None

    def _move_focus(self, b: Button) -> None:
        self.pointer = False
        if self.focus is None:
            self.focus = 45
            return
        self.focus = self.board.moved(self.focus, *ARROWS[b])  # as the screen shows it

    def _cycle_piece(self, state: IsaacState, player: Player, step: int) -> None:
        pieces = sorted(self.removable(state, player), key=lambda p: p.anchor)
        if not pieces:
            return
        anchors = [p.anchor for p in pieces]
        current = state.piece_at(self.focus) if self.focus is not None else None
        i = anchors.index(current.anchor) if current and current.anchor in anchors else -1
        self.focus = anchors[(i + step) % len(anchors)] if i >= 0 or step > 0 else anchors[-1]
        self.pointer = False

    def _point_target(self, player: Player, cell: int | None) -> bool:
        if cell is None:
            return False
        for i, t in enumerate(self.targets):
            if t < 100 and track_cell(player, t) == cell:
                self.index = i
                return True
        return False

    def choose(self, state: IsaacState, player: Player, cell: int) -> None:
        piece = state.piece_at(cell)
        if piece is None:
            return
        if piece.owner != player:
            text = _("That piece is {player}'s: remove one of your own")
            self.host.bar.say(text.format(player=side_name(piece.owner)), warn=True)
            return
        reason = blocked_words(state).get(piece.anchor)
        if reason is not None:
            # TRANSLATORS: {reason}: "shorter than your last removal, a 3 (5 cells)"
            text = _("That piece cannot be removed: {reason}")
            self.host.bar.say(text.format(reason=reason), warn=True)
            return
        targets = state.removal_targets(piece.anchor)
        if self.host.refuse_choice(Remove(piece.anchor, t) for t in targets):
            return  # not this piece (a lesson's step): said at once, not after the target
        self.anchor = piece.anchor
        self.targets = targets
        self.index = len(self.targets) - 1  # the full gain, preselected
        self.chosen_after = self.host.bar.messages_given
        self.host.app.audio.play("click")

    def select(self, state: IsaacState, player: Player, cell: int, target: int) -> None:
        """Choose the piece on `cell` with `target` selected and the keyboard cursor on
        it (a hint), so one press of Enter plays it."""
        piece = state.piece_at(cell)
        if piece is None or piece.owner != player:
            return
        self.choose(state, player, cell)
        if self.anchor == piece.anchor and target in self.targets:
            self.index = self.targets.index(target)
        self.focus, self.pointer = piece.anchor, False

    def confirm(self, player: Player) -> None:
        if self.anchor is None or self.target is None:
            return
        move = Remove(self.anchor, self.target)
        self.reset()
        self.host.submit(move)

    # ----- drawing ---------------------------------------------------------------------------

    def hovered(self, state: IsaacState) -> BoardPiece | None:
        if self.anchor is not None:
            return state.piece_at(self.anchor)
        return state.piece_at(self.focus) if self.focus is not None else None

    def draw(self, surface: pygame.Surface, state: IsaacState, player: Player, human: bool) -> None:
        board, pal = self.board, self.host.app.palette
        if not human:
            return
        piece = self.hovered(state)
        if piece is not None and piece.owner == player:
            blocked = piece.anchor in state.blocked_pieces()
            if not blocked:
                board.highlight_cells(surface, board.line_cells(piece), pal.highlight, 70)
            color = pal.illegal if blocked else pal.highlight
            rect = board.span_rect(piece.cells)
            pygame.draw.rect(
                surface, color, rect, max(3, board.cell // 10), border_radius=board.cell // 5
            )
        if not self.pointer and self.focus is not None and self.anchor is None:
            board.frame_cell(surface, self.focus, pal.highlight)
        if self.anchor is None:
            return
        tint = board.cell_tint(pal.target, 90)
        for i, t in enumerate(self.targets):
            if t >= 100:
                continue
            rect = board.cell_rect(track_cell(player, t))
            surface.blit(tint, rect)
            if i == self.index:
                pygame.draw.rect(surface, pal.target, rect, max(3, board.cell // 9))
        opponent_score = state.scores[player.other.index]
        if opponent_score < 100:
            rect = board.cell_rect(track_cell(player.other, opponent_score)).inflate(
                -board.cell // 8, -board.cell // 8
            )
            width = max(3, board.cell // 12)
            pygame.draw.line(surface, pal.forbidden, rect.topleft, rect.bottomright, width)
            pygame.draw.line(surface, pal.forbidden, rect.topright, rect.bottomleft, width)
            pygame.draw.rect(surface, pal.forbidden, rect, width)

    def info(self, state: IsaacState, player: Player) -> str:
        name = side_name(player)
        if self.anchor is not None and self.target is not None:
            points = state.removal_points(self.anchor)
            what = self.preview(state, player, self.anchor, self.target)
            # TRANSLATORS: {points} is the sum ("3 x 4 = 12"), {score} where the counter
            # goes, {effect} what the removal does
            text = _("{points}  ->  {score}: {effect}   (Enter / click to confirm, Esc to go back)")
            return text.format(points=points, score=self.target, effect=what)
        piece = self.hovered(state)
        if piece is None:
            text = _("{player}: choose one of your pieces to remove (outlined ones can go)")
            return text.format(player=name)
        if piece.owner != player:
            text = _("{player}'s {piece}")
            return text.format(player=side_name(piece.owner), piece=piece_name(piece))
        reason = blocked_words(state).get(piece.anchor)
        if reason is not None:
            return _("Blocked: {reason}").format(reason=reason)
        # TRANSLATORS: {points} is the sum the removal scores ("3 x 4 x 2 = 24")
        return _("Remove for {points}").format(points=state.removal_points(piece.anchor))
