"""Drawing HARI's screen parts, shared by its play part, replay view and rules pages.

Pure functions of what they are given. Marks: the last turn's actions in orange (a
slid piece outlined where it went and its old cells ringed, a placed piece
outlined), this turn's slid pieces in blue; the picked-up piece's reach is tinted
along its line with arrows at the edges it may slide off.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from isaac_game.i18n import _
from isaac_game.match import move_between
from isaac_game.rules import VALUE, BoardPiece, HariState, Move, Place, Player, Slide

from ...theme import Palette
from ...widgets.anim import Anim, ease_out
from ...widgets.board_view import BoardView, piece_cells
from ...widgets.hud import PanelInfo

#: One action of a turn: (mover, move, before, after).
TurnAction = tuple[Player, Move, HariState, HariState]


def actions_between(states: Sequence[HariState]) -> list[TurnAction]:
    """(mover, move, before, after) of each move from one of `states` to the next."""
    out: list[TurnAction] = []
    for before, after in zip(states, states[1:], strict=False):
        played = move_between(before, after)
        out.append((played.player, played.move, before, after))
    return out


def recent_actions(states: Sequence[HariState]) -> list[TurnAction]:
    """The last finished turn's actions and this turn's slides so far, oldest first."""
    if len(states) < 2:
        return []
    current = states[-1].to_move
    if current is None:  # the game is over: the last mover's turn is finished
        last = states[-2].to_move
        assert last is not None  # a move was played from it
        current = last.other
    out: list[TurnAction] = []
    seen_other = False
    for action in reversed(actions_between(states)):
        mover = action[0]
        if mover != current:
            seen_other = True
        elif seen_other:
            break
        out.append(action)
    return out[::-1]


def draw_marks(
    surface: pygame.Surface,
    board: BoardView,
    pal: Palette,
    actions: list[TurnAction],
    now: HariState,
) -> None:
    for mover, move, before, after in actions:
        color = pal.target if mover == now.to_move else pal.last_move
        if isinstance(move, Slide):
            old = before.piece_at(move.cell)
            if old is None:
                continue
            moved = moved_cells(old, move)
            new = after.piece_at(moved[0]) if moved else None
            left = [cell for cell in old.cells if new is None or cell not in new.cells]
            board.mark_move(surface, color, put=new.cells if new else (), left=left)
        elif isinstance(move, Place) and (piece := now.piece_at(move.cell)) is not None:
            board.mark_move(surface, color, put=piece.cells)


def moved_cells(piece: BoardPiece, slide: Slide) -> tuple[int, ...]:
    """The cells `slide` puts `piece` on (empty: off the board)."""
    if slide.distance is None:
        return ()
    step = 1 if piece.direction == "h" else 10
    delta = slide.distance * slide.sign
    return piece_cells(piece.length, piece.direction, piece.anchor + delta * step)


class SlideAnim(Anim):
    """A piece glides along its axis (and fades out when it leaves the board)."""

    duration = 0.22

    def __init__(self, piece: BoardPiece, slide: Slide) -> None:
        super().__init__()
        self.piece = piece
        self.cells = moved_cells(piece, slide)
        self.sign = slide.sign

    def hides_piece(self) -> int | None:
        return self.cells[0] if self.cells else None

    def draw(self, surface, board, pal, shared) -> None:
        start = board.span_rect(self.piece.cells)
        if self.cells:
            end = board.span_rect(self.cells)
        else:  # off the board: just past the edge it leaves by, as the screen shows it
            ux, uy = board.screen_way(self.piece.direction, self.sign)
            end = start.move(ux * board.cell * 10, uy * board.cell * 10)
        t = ease_out(self.progress)
        rect = pygame.Rect(
            round(start.x + (end.x - start.x) * t),
            round(start.y + (end.y - start.y) * t),
            start.width,
            start.height,
        )
        if not self.cells:
            clip = surface.get_clip()
            surface.set_clip(board.grid)
            board.draw_piece(surface, rect, self.piece.owner, self.piece.length, pal)
            surface.set_clip(clip)
        else:
            board.draw_piece(surface, rect, self.piece.owner, self.piece.length, pal)


def hari_panel(state: HariState, player: Player, who: str) -> PanelInfo:
    least = state.min_length(player)
    out = state.discarded(player)
    # by printed value, the length after (docs/rules.md 0)
    if least and out:
        # TRANSLATORS: a panel's line: the least piece still playable, and how many are out
        extra = _("Plays {value} or more ({length}+ cells),  {out} out")
    elif least:
        # TRANSLATORS: a panel's line: the least piece still playable by value and length
        extra = _("Plays {value} or more ({length}+ cells)")
    elif out:
        # TRANSLATORS: a panel's line: any piece is playable, {out} pieces are out of the game
        extra = _("Plays any piece,  {out} out")
    else:
        extra = _("Plays any piece")
    info = PanelInfo.of(
        state,
        player,
        who,
        status=_("winner") if state.is_over and state.winner == player else "",
        hand_label=_("In hand"),
        extra=extra.format(value=VALUE[least] if least else 0, length=least, out=out),
        score_label=_("On board"),
    )
    return info


def shade_short_rows(
    surface: pygame.Surface, pal: Palette, rows: dict[int, pygame.Rect], least: int
) -> None:
    """Fade the hand rows shorter than the player may still play."""
    for length, rect in rows.items():
        if length < least:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((*pal.panel, 170))
            surface.blit(veil, rect.topleft)
            y = rect.centery
            pygame.draw.line(surface, pal.text_dim, (rect.x + 4, y), (rect.right - 4, y), 2)


def budget_text(state: HariState) -> str:
    slid = state.slid_value
    if state.is_over or state.to_move is None:
        return ""
    if slid:
        # TRANSLATORS: {slid} is the value of the pieces slid this turn so far
        return _("slid {slid} so far: play value {slid} or more").format(slid=slid)
    return _("slide pieces, then play one")


def draw_reach(
    surface: pygame.Surface,
    board: BoardView,
    pal: Palette,
    state: HariState,
    piece: BoardPiece,
    alpha: int,
) -> None:
    """Tint the cells the piece may slide over, and arrows where it may leave the board."""
    rng = state.slide_range(piece.anchor)
    if not rng.any:
        return
    step = 1 if piece.direction == "h" else 10
    tint = board.cell_tint(pal.legal, alpha)
    for d in list(range(rng.low, 0)) + list(range(1, rng.high + 1)):
        for cell in piece_cells(piece.length, piece.direction, piece.anchor + d * step):
            if cell not in piece.cells:
                surface.blit(tint, board.cell_rect(cell))
    if rng.off_low:
        draw_off_arrow(surface, board, piece, -1, pal.legal)
    if rng.off_high:
        draw_off_arrow(surface, board, piece, 1, pal.legal)


def draw_off_arrow(
    surface: pygame.Surface,
    board: BoardView,
    piece: BoardPiece,
    sign: int,
    color,
    big: bool = False,
) -> None:
    """An arrow in the margin where the piece's line leaves the board."""
    r, c = divmod(piece.anchor, 10)
    edge = (
        (r * 10 + (0 if sign < 0 else 9))
        if piece.direction == "h"
        else ((0 if sign < 0 else 9) * 10 + c)
    )
    cx, cy = board.cell_center(edge)
    half, reach = board.cell // 2, board.margin + (board.cell // 3 if big else 0)
    s = max(4, board.margin // 2 + (board.cell // 6 if big else 0))
    ux, uy = board.screen_way(piece.direction, sign)  # where it points on the screen
    tip = (cx + ux * (half + reach), cy + uy * (half + reach))
    base = (tip[0] - ux * s * 1.6, tip[1] - uy * s * 1.6)
    points = [tip, (base[0] - uy * s, base[1] - ux * s), (base[0] + uy * s, base[1] + ux * s)]
    pygame.draw.polygon(surface, color, points)
    pygame.draw.polygon(surface, (0, 0, 0), points, 1)
