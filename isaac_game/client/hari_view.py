"""Drawing HARI (a mixin of HariScene, plus helpers the replay shares).

Only reads the scene and its state. Marks: the last turn's actions in orange (a
slid piece outlined where it went and its old cells ringed, a placed piece
outlined), this turn's slid pieces in blue; the picked-up piece's reach is tinted
along its line with arrows at the edges it may slide off.
"""

from __future__ import annotations

import pygame

from isaac_game.rules import BoardPiece, GameState, HariState, Player

from .anim import Anim, ease_out
from .board_view import BoardView, piece_cells
from .hud import PanelInfo, draw_bar_text, draw_player_panel
from .theme import Palette, blit_text, draw_panel, mix

Action = tuple[Player, str, GameState, GameState]  # mover, move, before, after


def recent_actions(states: list[GameState]) -> list[Action]:
    """The last finished turn's actions and this turn's slides so far, oldest first."""
    if len(states) < 2:
        return []
    current = states[-1].to_move or states[-2].to_move.other  # type: ignore[union-attr]
    out: list[Action] = []
    seen_other = False
    for i in range(len(states) - 1, 0, -1):
        before = states[i - 1]
        mover = before.to_move
        if mover != current:
            seen_other = True
        elif seen_other:
            break
        out.append((mover, states[i].moves[-1], before, states[i]))  # type: ignore[arg-type]
    return out[::-1]


def turn_text(actions: list[Action], player: Player) -> str:
    """`s23+2 d5`: the player's actions among `actions`."""
    return " ".join(move for mover, move, _, _ in actions if mover == player)


def draw_marks(
    surface: pygame.Surface, board: BoardView, pal: Palette, actions: list[Action], now: GameState
) -> None:
    width = max(3, board.cell // 12)
    for mover, move, before, after in actions:
        color = pal.target if mover == now.to_move else pal.last_move
        if move.startswith("s"):
            old = before.piece_at(int(move[1:3]))
            if old is None:
                continue
            moved = _moved(old, move)
            new = after.piece_at(moved[0]) if moved else None
            for cell in old.cells:
                if new is None or cell not in new.cells:
                    r = board.cell_rect(cell).inflate(-board.cell // 3, -board.cell // 3)
                    pygame.draw.rect(surface, color, r, max(2, width // 2), board.cell // 6)
            if new is not None:
                rect = board.span_rect(new.cells).inflate(-2, -2)
                pygame.draw.rect(surface, color, rect, width, border_radius=board.cell // 5)
        elif move[0].isdigit():
            piece = now.piece_at(int(move[2:4]))
            if piece is not None:
                rect = board.span_rect(piece.cells).inflate(-2, -2)
                pygame.draw.rect(surface, color, rect, width, border_radius=board.cell // 5)


def _moved(piece: BoardPiece, move: str) -> tuple[int, ...]:
    """The cells a slide notation puts `piece` on (empty: off the board)."""
    if move.endswith("x"):
        return ()
    step = 1 if piece.direction == "h" else 10
    delta = int(move[4:]) * (1 if move[3] == "+" else -1)
    return piece_cells(piece.length, piece.direction, piece.anchor + delta * step)


class SlideAnim(Anim):
    """A piece glides along its axis (and fades out when it leaves the board)."""

    duration = 0.22

    def __init__(self, piece: BoardPiece, move: str) -> None:
        super().__init__()
        self.piece = piece
        self.cells = _moved(piece, move)
        self.sign = 1 if move[3] == "+" else -1

    def hides_piece(self) -> int | None:
        return self.cells[0] if self.cells else None

    def draw(self, surface, board, pal, shared) -> None:
        start = board.span_rect(self.piece.cells)
        if self.cells:
            end = board.span_rect(self.cells)
        else:  # off the board: just past the edge it leaves by
            span = board.cell * (10 if self.piece.direction == "h" else -10)
            end = start.move(span * self.sign, 0) if self.piece.direction == "h" else start
            if self.piece.direction == "v":
                end = start.move(0, span * self.sign)
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


def hari_panel(state: HariState, player: Player, who: str, to_move: bool) -> PanelInfo:
    least = state.min_length(player)
    extra = f"Plays {least}+ cells" if least else "Any length"
    out = state.discarded(player)
    if out:
        extra += f",  {out} out"
    info = PanelInfo(
        player=player,
        title=player.title,
        who=who,
        score=state.scores[player.index],
        hand=state.hand(player),
        to_move=to_move,
        status="winner" if state.is_over and state.winner == player else "",
        hand_label="In hand (value)",
        extra=extra,
    )
    info.score_label = "On board"  # type: ignore[attr-defined]
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
        return f"slid {slid} so far: play value {slid} or more"
    return "slide pieces, then play one"


class HariView:
    """Mixed into HariScene; expects its attributes (app, match, board, hari, ...)."""

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.relayout(surface.get_size())
        pal, fonts, u = self.app.palette, self.app.fonts, layout.u
        state: HariState = self.state
        surface.fill(pal.background)
        human = self.human_to_move()
        ui = self.hari
        hidden = {a.hides_piece() for a in self.anims} - {None}
        pieces = [p for p in state.pieces() if p.anchor not in hidden]
        dimmed: frozenset[int] = frozenset()
        if human is not None and self.pass_timer is None:
            dimmed = frozenset(
                p.anchor
                for p in pieces
                if p.owner == human
                and (ui.piece is None or p.anchor != ui.piece.anchor)
                and not state.slide_range(p.anchor).any
            )
        board = self.board
        surface.blit(board.board_surface(pal, pieces, dimmed), board.rect)
        if not self.anims:
            draw_marks(surface, board, pal, self.recent(), state)
        for anim in self.anims:
            anim.draw(surface, board, pal, False)
        if human is not None and self.pass_timer is None and not self.anims:
            self._draw_input(surface, state, human)
        layout.hand_rows = {}
        recent = self.recent()
        for player in (Player.DARK, Player.LIGHT):
            info = self._panel_info(state, player)
            last = turn_text(recent, player)
            if last and not info.status:
                info.status = f"last: {last}" if state.to_move != player else f"so far: {last}"
            rows = draw_player_panel(surface, fonts, pal, layout.panels[player], info, u)
            layout.hand_rows[player] = rows
            shade_short_rows(surface, pal, rows, state.min_length(player))
        self._draw_bars(surface, state, human, layout)

    def _panel_info(self, state: HariState, player: Player) -> PanelInfo:
        from .game_view import kind_label

        to_move = state.to_move == player
        info = hari_panel(state, player, kind_label(self.kind(player)), to_move)
        if getattr(self.match.seats[player], "thinking", False):
            info.status = "thinking..."
        if to_move and self.human_to_move() == player:
            info.selected = self.hari.selected(state, player)
        return info

    def _draw_input(self, surface: pygame.Surface, state: HariState, player: Player) -> None:
        ui, board, pal = self.hari, self.board, self.app.palette
        piece = ui.piece
        if piece is None:
            mine = ui.own_piece_at(state, ui.focus, player)
            if mine is not None:
                draw_reach(surface, board, pal, state, mine, 60)
            else:
                ghost = ui.ghost(state, player)
                if ghost is not None:
                    length, direction, anchor, legal = ghost
                    image = board.ghost(length, direction, pal.legal if legal else pal.illegal)
                    rect = board.cell_rect(anchor)
                    top = rect.y - (board.cell * (length - 1) if direction == "v" else 0)
                    surface.blit(image, (rect.x, top))
        else:
            draw_reach(surface, board, pal, state, piece, 90)
            rect = board.span_rect(piece.cells).inflate(-2, -2)
            pygame.draw.rect(
                surface, pal.highlight, rect, max(3, board.cell // 10), board.cell // 5
            )
            target = ui.target
            if target is not None:
                legal = not ui.play_reason(state, str(target))
                color = pal.legal if legal else pal.illegal
                cells = _moved(piece, str(target))
                if cells:
                    image = board.ghost(piece.length, piece.direction, color)
                    surface.blit(image, board.span_rect(cells).topleft)
                else:
                    draw_off_arrow(surface, board, piece, target.sign, color, big=True)
        if ui.focus is not None and not ui.pointer:
            pygame.draw.rect(
                surface, pal.highlight, board.cell_rect(ui.focus), max(2, board.cell // 16)
            )

    def _draw_bars(self, surface, state: HariState, human, layout) -> None:
        pal, fonts, u = self.app.palette, self.app.fonts, layout.u
        top = layout.top
        mover = state.to_move
        if state.is_over:
            title = "Game over"
        elif mover is not None:
            title = f"{mover.title}: {budget_text(state)}"
        else:
            title = ""
        self._draw_top_bar(surface, layout, title, inset=560, px=40)
        blit_text(
            surface, fonts, "HARI", int(26 * u), pal.text_dim, (int(20 * u), top.centery), "midleft"
        )
        bottom = layout.bottom
        draw_panel(surface, bottom, pal, radius=int(12 * u))
        ui = self.hari
        text_rect = bottom
        ui.discard_rect = pygame.Rect(0, 0, 0, 0)
        if human is not None and self.pass_timer is None:
            length = ui.selected(state, human)
            if length is not None and ui.piece is None:
                button = bottom.copy()
                button.width = int(bottom.width * 0.24)
                button.right = bottom.right
                text_rect = bottom.copy()
                text_rect.width -= button.width
                ok = not ui.play_reason(state, f"d{length}")
                back = mix(pal.panel, pal.illegal if not ok else pal.target, 0.45 if ok else 0.2)
                inner = button.inflate(-int(8 * u), -int(8 * u))
                pygame.draw.rect(surface, back, inner, border_radius=int(10 * u))
                label = f"Discard {length} (D / Y)"
                draw_bar_text(
                    surface,
                    fonts,
                    pal,
                    button,
                    label,
                    int(28 * u),
                    pal.text if ok else pal.text_dim,
                    True,
                )
                ui.discard_rect = inner
        text, color = self._status(state, human, ui)
        draw_bar_text(surface, fonts, pal, text_rect, text, int(30 * u), color)


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
    if piece.direction == "h":
        tip_x = cx + sign * (half + reach)
        base_x = tip_x - sign * s * 1.6
        points = [(tip_x, cy), (base_x, cy - s), (base_x, cy + s)]
    else:  # row 9 is at the top of the screen
        tip_y = cy - sign * (half + reach)
        base_y = tip_y + sign * s * 1.6
        points = [(cx, tip_y), (cx - s, base_y), (cx + s, base_y)]
    pygame.draw.polygon(surface, color, points)
    pygame.draw.polygon(surface, (0, 0, 0), points, 1)
