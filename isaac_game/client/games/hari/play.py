"""HARI's part of the match scene.

Each HARI action is one move of the match (a slide keeps the turn), so a computer's
turn plays out one action at a time with the usual pause between, undo takes back
one action, and a LAN peer's actions are paced the same way (`paces_peer_actions`).
"""

from __future__ import annotations

import pygame

from isaac_game.i18n import _
from isaac_game.rules import VALUE, Discard, HariState, Move, Pass, Place, Player, Slide

from ...input import Action, Button
from ...theme import blit_text, draw_panel, mix, note_box
from ...widgets.anim import DropIn
from ...widgets.board_view import BoardView, piece_cells
from ...widgets.hints import HintHelper
from ...widgets.hud import GameLayout, PanelInfo, draw_bar_text, draw_player_panels
from ...words import side_name
from ..base import GamePlay, PlayHost
from .input import HariInput
from .view import (
    SlideAnim,
    TurnAction,
    budget_text,
    draw_marks,
    draw_off_arrow,
    draw_reach,
    hari_panel,
    moved_cells,
    recent_actions,
    shade_short_rows,
)
from .words import piece_label, turn_words


class HariPlay(GamePlay[HariState]):
    hints: HintHelper
    demo_keeps_on = (Button.RELEASE,)
    paces_peer_actions = True

    def __init__(self, host: PlayHost) -> None:
        super().__init__(host, BoardView(host.app.fonts), HariState)
        self.move_input = HariInput(host, self.board)
        self.hints = HintHelper(host, self.board, on_answer=self.take_hint)
        self._recent: tuple[HariState, list[TurnAction]] | None = None

    def recent(self) -> list[TurnAction]:
        """The last turn's actions and this turn's so far (cached per position)."""
        state = self.state
        if self._recent is None or self._recent[0] is not state:
            self._recent = (state, recent_actions(self.history(40)))
        return self._recent[1]

    # ----- input ---------------------------------------------------------------------

    def handle(self, action: Action) -> None:
        b = action.button
        # H asks for a hint; the pad's Y discards (HARI's pad hint is in the pause menu)
        keyboard_hint = b == Button.HINT and action.device != "pad"
        if keyboard_hint or (b == Button.CLICK and self.hints.hit(action.pos)):
            if action.allowed_for(self.host.human_to_move()):
                self.request_hint()
            return
        mover = self.host.input.mover(action)
        if mover is not None:
            self.move_input.handle(action, self.state, mover)

    def wants_back(self, mover: Player | None) -> bool:
        return bool(self.move_input.piece is not None and mover)

    def take_hint(self, move: Move) -> None:
        """The hint arrived: made ready to play with one press of Enter (a placement's
        piece chosen with the cursor on its cells, a slide's piece picked up with the
        hinted slide as its target and the cursor on it, a discard's piece chosen).
        A piece picked up with no target would only be put back by Enter."""
        state, player = self.state, self.host.human_to_move()
        if player is None or state.to_move != player:
            return
        ui = self.move_input
        if isinstance(move, Place):
            ui.aim(state, player, move.length, move.direction, move.cell)
        elif isinstance(move, Slide):
            ui.pick_up(state, player, move.cell)
            piece = ui.piece
            if piece is None or move.cell not in piece.cells:
                return
            target = Slide(piece.anchor, move.sign, move.distance)
            if target in ui.targets(state):
                ui.target = target
            ui.focus, ui.pointer = piece.anchor, False
        elif isinstance(move, Discard):
            ui.chosen(state, player, move.length)

    # ----- the match -------------------------------------------------------------------

    def reset(self, new_game: bool = False) -> None:
        self.move_input.reset()

    def close(self) -> None:
        self.hints.close()

    def update(self, dt: float) -> None:
        self.hints.update()
        if self.move_input.piece is None:  # a picked-up piece follows the pointer's events
            self.move_input.follow_pointer(self.state)

    def pass_text(self, mover: Player) -> str:
        text = _("{player} has no piece long enough to play: passes")
        return text.format(player=side_name(mover))

    def show_move(self, player: Player, before: HariState, move: Move, after: HariState) -> None:
        """The action's animation and sound (its words: `words.describe`)."""
        host, audio = self.host, self.host.app.audio
        if isinstance(move, Pass):
            audio.play("pass")
        elif isinstance(move, Slide):
            piece = before.piece_at(move.cell)
            if piece is not None:
                host.motion.animate(SlideAnim(piece, move))
            audio.play("remove" if move.distance is None else "place")
        elif isinstance(move, Discard):
            audio.play("remove")
        elif isinstance(move, Place):
            placed = after.piece_at(move.cell)
            if placed is not None:
                host.motion.animate(DropIn(placed))
            audio.play("place")

    # ----- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, layout: GameLayout) -> None:
        host = self.host
        pal, fonts = host.app.palette, host.app.fonts
        state = self.state
        human = host.human_to_move()
        ui = self.move_input
        hidden = {a.hides_piece() for a in host.motion.anims} - {None}
        inputs = human is not None and not host.motion.passing and not host.motion.anims
        dragged = ui.piece if inputs and ui.drag_shift(state) is not None else None
        if dragged is not None:  # drawn where the pointer has it (`_draw_input`)
            hidden.add(dragged.anchor)
        pieces = [p for p in state.pieces() if p.anchor not in hidden]
        dimmed: frozenset[int] = frozenset()
        if human is not None and not host.motion.passing:
            dimmed = frozenset(
                p.anchor
                for p in pieces
                if p.owner == human
                and (ui.piece is None or p.anchor != ui.piece.anchor)
                and not state.slide_range(p.anchor).any
            )
        board = self.board
        board.draw_board(surface, pal, pieces, dimmed)
        if not host.motion.anims:
            draw_marks(surface, board, pal, self.recent(), state)
        for anim in host.motion.anims:
            anim.draw(surface, board, pal, False)
        self.hints.draw_board(surface)
        if human is not None and not host.motion.passing and not host.motion.anims:
            self._draw_input(surface, state, human)
        infos = {player: host.panel_info(player) for player in (Player.DARK, Player.LIGHT)}
        for player, rows in draw_player_panels(surface, fonts, pal, layout, infos).items():
            shade_short_rows(surface, pal, rows, state.min_length(player))
        self._draw_bars(surface, state, human, layout)

    def panel_info(self, player: Player, who: str) -> PanelInfo:
        state, host = self.state, self.host
        to_move = state.to_move == player
        info = hari_panel(state, player, who)
        if host.match.computer_thinking(player):
            info.status = _("thinking...")
        if to_move and host.human_to_move() == player:
            info.selected = self.move_input.selected(state, player)
        last = turn_words(self.recent(), player)  # in words, not notation
        if last and not info.status:
            # TRANSLATORS: {actions}: "slid the 1, placed the 4", the player's last turn
            said = _("last: {actions}") if state.to_move != player else _("so far: {actions}")
            info.status = said.format(actions=last)
        return info

    def _draw_input(self, surface: pygame.Surface, state: HariState, player: Player) -> None:
        ui, board, pal = self.move_input, self.board, self.host.app.palette
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
                    cells = piece_cells(length, direction, anchor)
                    surface.blit(image, board.span_rect(cells).topleft)
        else:
            draw_reach(surface, board, pal, state, piece, 90)
            rect = board.span_rect(piece.cells).inflate(-2, -2)
            pygame.draw.rect(
                surface, pal.highlight, rect, max(3, board.cell // 10), board.cell // 5
            )
            target = ui.target
            if target is not None:
                legal = not ui.play_reason(state, target)
                color = pal.legal if legal else pal.illegal
                cells = moved_cells(piece, target)
                if cells:
                    image = board.ghost(piece.length, piece.direction, color)
                    surface.blit(image, board.span_rect(cells).topleft)
                else:
                    draw_off_arrow(surface, board, piece, target.sign, color, big=True)
            shift = ui.drag_shift(state)
            if shift is not None:  # the piece itself rides the pointer along its line
                clip = surface.get_clip()
                surface.set_clip(board.grid)
                at = board.span_rect(piece.cells).move(shift)
                board.draw_piece(surface, at, piece.owner, piece.length, pal)
                surface.set_clip(clip)
        if ui.focus is not None and not ui.pointer:
            board.frame_cell(surface, ui.focus, pal.highlight)

    def _draw_bars(self, surface, state: HariState, human, layout) -> None:
        host = self.host
        pal, fonts, u = host.app.palette, host.app.fonts, layout.u
        top = layout.top
        step = budget_text(state)
        if not state.is_over and isinstance(state.legal_moves()[0], Pass):
            step = _("no piece long enough: passes")
        elif self.move_input.piece is not None:
            step = _("slide the {piece}, or put it back (Esc)").format(
                piece=piece_label(self.move_input.piece.length)
            )
        title = host.bar.heading(step)
        host.view.draw_top_bar(surface, title, inset=560, px=40)
        blit_text(
            surface, fonts, "HARI", int(26 * u), pal.text_dim, (int(20 * u), top.centery), "midleft"
        )
        bottom = layout.bottom
        draw_panel(surface, bottom, pal, radius=int(12 * u))
        ui = self.move_input
        text_rect = self.hints.draw_bar(surface, bottom, u)
        button = ui.discard_button()
        if button is not None and human is not None:
            length = ui.selected(state, human)
            if length is not None:
                text_rect = text_rect.copy()
                text_rect.width -= button.width
                ok = not ui.play_reason(state, Discard(length))
                back = mix(pal.panel, pal.illegal if not ok else pal.target, 0.45 if ok else 0.2)
                inner = button.inflate(-int(8 * u), -int(8 * u))
                pygame.draw.rect(surface, back, inner, border_radius=int(10 * u))
                note_box(surface, inner)
                # by its printed value (docs/rules.md 0)
                # TRANSLATORS: a button; D and Y are the keyboard's and the pad's keys
                label = _("Discard a {value} (D / Y)").format(value=VALUE[length])
                if ui.armed == length:  # asked once: the next press discards
                    label = _("Sure? Discard the {value}").format(value=VALUE[length])
                draw_bar_text(
                    surface,
                    fonts,
                    pal,
                    inner,
                    label,
                    int(28 * u),
                    pal.text if ok else pal.text_dim,
                    True,
                )
        text, color = host.bar.status(human, lambda player: ui.info(state, player))
        self.hints.draw_text(surface, text_rect, text, color, int(30 * u), u)
