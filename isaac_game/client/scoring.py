"""Scoring phase input: pick one of your pieces, then where your counter goes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from isaac_game.rules import BoardPiece, IsaacState, Player, Remove

from .input import Action, Button

if TYPE_CHECKING:
    from .game_scene import GameScene


def track_cell(player: Player, score: int) -> int:
    """The cell (Dark's coordinates) of `score` on `player`'s track."""
    return score if player == Player.DARK else 99 - score


class ScoringInput:
    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        self.focus: int | None = None
        self.pointer = False
        self.anchor: int | None = None  # the chosen piece, once chosen
        self.targets: list[int] = []
        self.index = 0
        self.off_rect = pygame.Rect(0, 0, 0, 0)  # the "leave the track" button
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
        key = (state.moves, anchor, target)
        if key in self._preview:
            return self._preview[key]
        me, opp = player.title, player.other.title
        start = state.scores[player.index]
        after = state.play(Remove(anchor, target))
        if target >= 100:
            text = f"{me}'s counter leaves the track at {target}: {me} wins"
        else:
            cell = track_cell(player, target)
            landed = after.piece_at(cell)
            opponent_out = after.has_passed(player.other) or state.has_passed(player.other)
            stuck = (
                not opponent_out
                and after.to_move == player.other
                and str(after.legal_moves()[0]) == "pass"
            )
            if stuck and landed is not None and landed.owner == player.other:
                text = f"{opp}'s last piece is blocked: {opp} passes and is out"
            elif stuck:
                text = f"{opp} has no removal left: {opp} passes and is out"
            elif landed is not None and landed.owner == player.other:
                text = f"counter lands on {opp}'s {landed.length}-piece: it is blocked"
            elif landed is not None:
                text = f"counter lands on your own {landed.length}-piece: it is blocked"
            elif target == start:
                text = "the counter stays where it is"
            else:
                text = f"{me}'s counter moves from {start} to {target}"
        self._preview[key] = text
        return text

    # ----- input ---------------------------------------------------------------------------

    def handle(self, action: Action, state: IsaacState, player: Player) -> None:
        b = action.button
        board = self.scene.board
        cell = board.cell_at(action.pos) if action.pos is not None else None
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
            if self.off_rect.collidepoint(action.pos) and self.targets[-1] >= 100:
                self.index = len(self.targets) - 1
                self.confirm(player)
            elif self._point_target(player, cell):
                self.confirm(player)
            elif cell is not None and (piece := state.piece_at(cell)) and piece.owner == player:
                self.choose(state, player, cell)
            else:
                self.reset()
        elif b in (Button.ALT_CLICK, Button.BACK):
            self.reset()
        elif b in (Button.RIGHT, Button.UP, Button.NEXT):
            self.index = min(len(self.targets) - 1, self.index + 1)
        elif b in (Button.LEFT, Button.DOWN, Button.PREV):
            self.index = max(0, self.index - 1)
        elif b == Button.FIRST:
            self.index = 0
        elif b == Button.LAST:
            self.index = len(self.targets) - 1
        elif b == Button.CONFIRM:
            self.confirm(player)

    def wants_back(self) -> bool:
        """True when BACK would cancel a choice here (rather than open the pause menu)."""
        return self.anchor is not None

    def _move_focus(self, b: Button) -> None:
        self.pointer = False
        if self.focus is None:
            self.focus = 45
            return
        r, c = divmod(self.focus, 10)
        dr = {Button.UP: 1, Button.DOWN: -1}.get(b, 0)
        dc = {Button.RIGHT: 1, Button.LEFT: -1}.get(b, 0)
        self.focus = max(0, min(9, r + dr)) * 10 + max(0, min(9, c + dc))

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
            self.scene.say(
                f"That piece is {piece.owner.title}'s: remove one of your own", warn=True
            )
            return
        reason = state.blocked_pieces().get(piece.anchor)
        if reason is not None:
            self.scene.say(f"That piece cannot be removed: {reason}", warn=True)
            return
        self.anchor = piece.anchor
        self.targets = state.removal_targets(piece.anchor)
        self.index = len(self.targets) - 1  # the full gain, preselected
        self.scene.app.audio.play("click")

    def confirm(self, player: Player) -> None:
        if self.anchor is None or self.target is None:
            return
        move = Remove(self.anchor, self.target)
        self.reset()
        self.scene.submit(move)

    # ----- drawing ---------------------------------------------------------------------------

    def hovered(self, state: IsaacState) -> BoardPiece | None:
        if self.anchor is not None:
            return state.piece_at(self.anchor)
        return state.piece_at(self.focus) if self.focus is not None else None

    def draw(self, surface: pygame.Surface, state: IsaacState, player: Player, human: bool) -> None:
        board, pal = self.scene.board, self.scene.app.palette
        self.off_rect = pygame.Rect(0, 0, 0, 0)
        if not human:
            return
        piece = self.hovered(state)
        if piece is not None and piece.owner == player:
            blocked = piece.anchor in state.blocked_pieces()
            if not blocked:
                tint = board.cell_tint(pal.highlight, 70)
                for cell in board.line_cells(piece):
                    surface.blit(tint, board.cell_rect(cell))
            color = pal.illegal if blocked else pal.highlight
            rect = board.span_rect(piece.cells)
            pygame.draw.rect(
                surface, color, rect, max(3, board.cell // 10), border_radius=board.cell // 5
            )
        if not self.pointer and self.focus is not None and self.anchor is None:
            pygame.draw.rect(
                surface, pal.highlight, board.cell_rect(self.focus), max(2, board.cell // 16)
            )
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
        name = player.title
        if self.anchor is not None and self.target is not None:
            points = state.removal_points(self.anchor)
            what = self.preview(state, player, self.anchor, self.target)
            return (
                f"{points}  ->  {self.target}: {what}   (Enter / click to confirm, Esc to go back)"
            )
        piece = self.hovered(state)
        if piece is None:
            return f"{name}: choose one of your pieces to remove (outlined ones can go)"
        if piece.owner != player:
            return f"{piece.owner.title}'s piece ({piece.length} cells)"
        reason = state.blocked_pieces().get(piece.anchor)
        if reason is not None:
            return f"Blocked: {reason}"
        return f"Remove for {state.removal_points(piece.anchor)}"
