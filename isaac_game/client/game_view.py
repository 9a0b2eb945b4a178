"""Drawing the game screen (a mixin of GameScene): board, overlays, panels, bars.

Nothing here changes the match; it reads the scene's state and draws it.
"""

from __future__ import annotations

import pygame

from isaac_game.rules import IsaacState, Player

from .hud import GameLayout, PanelInfo, draw_bar_text, draw_player_panel, game_layout
from .theme import blit_text, draw_panel, mix, ui_scale


def kind_label(kind: str) -> str:
    return "Human" if kind == "human" else f"Computer ({kind})"


class GameView:
    """Mixed into GameScene; expects its attributes (app, match, board, ...)."""

    # ----- drawing ---------------------------------------------------------------------------

    def relayout(self, size: tuple[int, int]) -> GameLayout:
        if self.layout is None or self.layout.size != size:
            self.layout = game_layout(size, ui_scale(size))
            self.board.place(self.layout.board_area)
        return self.layout

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.relayout(surface.get_size())
        pal, fonts, u = self.app.palette, self.app.fonts, layout.u
        state = self.state
        surface.fill(pal.background)
        mover = state.to_move
        human = self.human_to_move()
        hidden = {a.hides_piece() for a in self.anims} - {None}
        pieces = [p for p in state.pieces() if p.anchor not in hidden]
        dimmed, outlined = frozenset(), frozenset()
        if state.phase == "scoring":
            dimmed, outlined = self.scoring.marks(state)
            if human is None:
                outlined = frozenset()
        board = self.board
        surface.blit(board.board_surface(pal, pieces, dimmed, outlined), board.rect)
        self._draw_last_move(surface)
        phase_input = self.placement if state.phase == "placement" else self.scoring
        if state.phase == "scoring" and human is not None:
            self.scoring.draw(surface, state, human, True)
        self._draw_counters(surface, state)
        self.hint_helper.draw_board(surface)
        for anim in self.anims:
            anim.draw(surface, board, pal, False)
        if state.phase == "placement" and human is not None and self.pass_timer is None:
            self.placement.draw(surface, state, human, True)
        # panels
        layout.hand_rows = {}
        for player in (Player.DARK, Player.LIGHT):
            layout.hand_rows[player] = draw_player_panel(
                surface, fonts, pal, layout.panels[player], self._panel_info(state, player), u
            )
        # top bar
        top = layout.top
        if state.is_over:
            title = "Game over"
        elif mover is not None:
            verb = "to place" if state.phase == "placement" else "to remove a piece"
            title = f"{mover.title} {verb}"
        else:
            title = ""
        self._draw_top_bar(surface, layout, title)
        blit_text(
            surface,
            fonts,
            f"ISAAC  -  {state.phase}",
            int(26 * u),
            pal.text_dim,
            (int(20 * u), top.centery),
            "midleft",
        )
        # bottom bar
        bottom = layout.bottom
        draw_panel(surface, bottom, pal, radius=int(12 * u))
        text, color = self._status(state, human, phase_input)
        text_rect = bottom
        if (
            state.phase == "scoring"
            and human is not None
            and self.scoring.targets
            and self.scoring.targets[-1] >= 100
        ):
            text_rect, button = bottom.copy(), bottom.copy()
            button.width = int(bottom.width * 0.3)
            button.right = bottom.right
            text_rect.width -= button.width
            selected = self.scoring.index == len(self.scoring.targets) - 1
            back = mix(pal.panel, pal.target, 0.6 if selected else 0.3)
            pygame.draw.rect(
                surface, back, button.inflate(-int(8 * u), -int(8 * u)), border_radius=int(10 * u)
            )
            draw_bar_text(
                surface,
                fonts,
                pal,
                button,
                f"Off the track: {self.scoring.targets[-1]} (wins)",
                int(30 * u),
                pal.text,
                True,
            )
            self.scoring.off_rect = button
        text_rect = self.hint_helper.draw_bar(surface, text_rect, u)
        draw_bar_text(surface, fonts, pal, text_rect, text, int(32 * u), color)

    def _draw_top_bar(self, surface, layout: GameLayout, title: str, inset=600, px=46) -> None:
        """The top bar's title (marked in a demo) and, at its right end, the menu key."""
        pal, fonts, u, top = self.app.palette, self.app.fonts, layout.u, layout.top
        if self.setup.demo:
            title = "Demo: " + title + "   (press any key)"
        draw_bar_text(
            surface, fonts, pal, top.inflate(-int(inset * u), 0), title, int(px * u), pal.text, True
        )
        blit_text(
            surface,
            fonts,
            "Esc / Start: menu",
            int(24 * u),
            pal.text_dim,
            (top.right - int(20 * u), top.centery),
            "midright",
        )

    def _status(self, state, human: Player | None, phase_input) -> tuple[str, tuple]:
        """The bottom bar's words and colour: a fresh announcement, else what the human
        to move may do (from the input in charge), else who is thinking."""
        pal, mover = self.app.palette, state.to_move
        if self.banner_time > 0 and self.banner:
            return self.banner, (pal.illegal if self.banner_warn else pal.accent)
        if human is not None:
            return phase_input.info(state, human), pal.text
        if mover is not None:
            return f"{mover.title} is thinking...", pal.text_dim
        return "", pal.text

    def _draw_last_move(self, surface: pygame.Surface) -> None:
        if self.last_move is None or self.anims:
            return
        player, move, before = self.last_move
        pal, board = self.app.palette, self.board
        width = max(3, board.cell // 12)
        if move[0].isdigit():
            piece = self.state.piece_at(int(move[2:4]))
            if piece is not None:
                rect = board.span_rect(piece.cells)
                pygame.draw.rect(
                    surface,
                    pal.last_move,
                    rect.inflate(-2, -2),
                    width,
                    border_radius=board.cell // 5,
                )
        elif move.startswith("x"):
            removed = before.piece_at(int(move[1:3]))
            if removed is not None:
                for cell in removed.cells:
                    if self.state.piece_at(cell) is None:
                        r = board.cell_rect(cell).inflate(-board.cell // 3, -board.cell // 3)
                        pygame.draw.rect(
                            surface,
                            pal.last_move,
                            r,
                            max(2, width // 2),
                            border_radius=board.cell // 6,
                        )

    def _draw_counters(self, surface: pygame.Surface, state: IsaacState) -> None:
        if state.phase == "placement":
            return
        hidden = {a.hides_counter() for a in self.anims}
        dark, light = state.scores
        shared = dark + light == 99
        for player, score in ((Player.DARK, dark), (Player.LIGHT, light)):
            if player in hidden or score >= 100:
                continue
            pos = self.board.counter_position(player, score, shared)
            self.board.draw_counter(surface, pos, player, score, self.app.palette)

    def _panel_info(self, state: IsaacState, player: Player) -> PanelInfo:
        seat = self.match.seats[player]
        to_move = state.to_move == player
        status = ""
        if getattr(seat, "thinking", False):
            status = "thinking..."
        elif state.phase == "placement" and state.has_passed(player):
            status = "passed"
        elif state.phase == "scoring" and state.has_passed(player):
            status = "out (passed)"
        elif state.is_over and state.winner == player:
            status = "winner"
        selected = None
        if to_move and state.phase == "placement" and self.human_to_move() == player:
            selected = self.placement.selected(state, player)
        extra = ""
        if state.phase != "placement":
            last = state.last_removed_length(player)
            extra = f"Last removal: {last} cells" if last else "No removal yet"
        return PanelInfo(
            player=player,
            title=player.title,
            who=kind_label(self.kind(player)),
            score=state.scores[player.index],
            hand=state.hand(player),
            to_move=to_move,
            status=status,
            selected=selected,
            hand_label="In hand (value)" if state.phase == "placement" else "Set aside (tie-break)",
            extra=extra,
        )
