"""ISAAC's part of the match scene: placement and scoring input, hints, how a move is
told, and the screen (board, counters, panels, bars)."""

from __future__ import annotations

import pygame

from isaac_game.i18n import _, pgettext
from isaac_game.rules import GameState, IsaacState, Move, Pass, Place, Player, Remove

from ...input import Action, Button
from ...theme import blit_text, draw_panel, mix, note_box
from ...widgets.anim import CounterHop, DropIn, LiftOut
from ...widgets.board_view import BoardView
from ...widgets.hints import HintHelper
from ...widgets.hud import GameLayout, PanelInfo, bar_button, draw_bar_text, draw_player_panels
from ...words import piece_words, side_name
from ..base import GamePlay, PlayHost
from .placement import PlacementInput
from .scoring import ScoringInput, track_cell

#: The share of the bottom bar the "off the track" button takes.
OFF_TRACK_SHARE = 0.3


def _phase_name(phase: str) -> str:
    """The phase ("placement", "scoring", "over") in the player's language."""
    if phase == "placement":
        return pgettext("phase", "placement")
    if phase == "scoring":
        return pgettext("phase", "scoring")
    return pgettext("phase", "over")


class IsaacPlay(GamePlay[IsaacState]):
    hints: HintHelper

    def __init__(self, host: PlayHost) -> None:
        super().__init__(host, BoardView(host.app.fonts), IsaacState)
        self.placement = PlacementInput(host, self.board, self.hint_available)
        self.scoring = ScoringInput(host, self.board, self.off_track_button)
        self.hints = HintHelper(host, self.board, on_answer=self.take_hint, mark=self.mark_target)

    # ----- input ---------------------------------------------------------------------

    def handle(self, action: Action) -> None:
        host, b = self.host, action.button
        if b == Button.HINT or (b == Button.CLICK and self.hints.hit(action.pos)):
            if action.allowed_for(host.human_to_move()):
                self.request_hint()
            return
        mover = host.input.mover(action)
        if mover is None:
            return
        if self.state.phase == "placement":
            self.placement.handle(action, self.state, mover)
        elif self.state.phase == "scoring":
            self.scoring.handle(action, self.state, mover)

    def wants_back(self, mover: Player | None) -> bool:
        return bool(mover and self.state.phase == "scoring" and self.scoring.wants_back())

    def take_hint(self, move: Move) -> None:
        """The hint arrived: select its piece and put the cursor on it (placement: its
        length and direction chosen, the keyboard cursor on its cells; scoring: its
        piece chosen with its target selected), so one press of Enter plays it."""
        state, player = self.state, self.host.human_to_move()
        if player is None or state.to_move != player:
            return
        if isinstance(move, Place) and state.phase == "placement":
            self.placement.aim(state, player, move.length, move.direction, move.cell)
        elif isinstance(move, Remove) and state.phase == "scoring":
            self.scoring.select(state, player, move.cell, move.target)

    def mark_target(self, surface: pygame.Surface, move: Move, state: GameState) -> None:
        """A hinted removal's counter target, ringed on the track."""
        if not isinstance(move, Remove) or move.target >= 100 or state.to_move is None:
            return
        board, color = self.board, self.host.app.palette.target
        width = max(3, board.cell // 10)
        cell = track_cell(Player(state.to_move), move.target)
        target = board.cell_rect(cell).inflate(-board.cell // 8, -board.cell // 8)
        pygame.draw.rect(surface, color, target, width, border_radius=board.cell // 4)
        pygame.draw.circle(surface, color, target.center, max(3, board.cell // 8))

    def off_track_button(self) -> pygame.Rect | None:
        """The bar's "leave the track" button, while a removal can take the counter off."""
        layout, targets = self.host.view.layout, self.scoring.targets
        if layout is None or not targets or targets[-1] < 100:
            return None
        if self.state.phase != "scoring" or self.host.human_to_move() is None:
            return None
        return bar_button(layout.bottom, OFF_TRACK_SHARE)

    # ----- the match -----------------------------------------------------------------------

    def reset(self, new_game: bool = False) -> None:
        self.scoring.reset()

    def update(self, dt: float) -> None:
        self.hints.update()
        # the pointer is followed on every turn, so a move made while it rests is known
        if self.state.phase == "placement":
            self.placement.follow_pointer(self.state)
        elif self.state.phase == "scoring":
            self.scoring.follow_pointer(self.state)

    def close(self) -> None:
        self.hints.close()

    def pass_text(self, mover: Player) -> str:
        if self.state.phase == "placement":
            return _("{player} cannot place: passes").format(player=side_name(mover))
        return _("{player} cannot remove a piece: passes").format(player=side_name(mover))

    def show_move(self, player: Player, before: IsaacState, move: Move, after: IsaacState) -> None:
        """The move's animations and sounds (its words: `words.describe`)."""
        host, audio = self.host, self.host.app.audio
        if isinstance(move, Pass):
            audio.play("pass")
            return
        if isinstance(move, Place):
            piece = after.piece_at(move.cell)
            if piece is not None:
                host.motion.animate(DropIn(piece))
            audio.play("place")
            return
        if not isinstance(move, Remove):
            return
        removed = before.piece_at(move.cell)
        if removed is not None:
            host.motion.animate(LiftOut(removed))
        start, end = before.scores[player.index], after.scores[player.index]
        if end != start:
            host.motion.animate(CounterHop(player, start, end))
        audio.play("remove")
        if end != start:
            audio.play("counter")

    # ----- drawing ---------------------------------------------------------------------------

    def step(self, state: IsaacState) -> str:
        """What the human to move does now (the top bar: "Dark: choose a piece to remove")."""
        passes = isinstance(state.legal_moves()[0], Pass) if not state.is_over else False
        if state.phase == "placement":
            return _("no piece fits: passes") if passes else _("place a piece")
        if passes:
            return _("no piece can go: passes")
        if self.scoring.anchor is not None:
            return _("choose where your counter goes")
        return _("choose a piece to remove")

    def draw(self, surface: pygame.Surface, layout: GameLayout) -> None:
        host = self.host
        pal, fonts, u = host.app.palette, host.app.fonts, layout.u
        state = self.state
        human = host.human_to_move()
        hidden = {a.hides_piece() for a in host.motion.anims} - {None}
        pieces = [p for p in state.pieces() if p.anchor not in hidden]
        dimmed: frozenset[int] = frozenset()
        outlined: frozenset[int] = frozenset()
        if state.phase == "scoring":
            dimmed, outlined = self.scoring.marks(state)
            if human is None:
                outlined = frozenset()
        board = self.board
        discs = board.counter_discs(self._counters(state))
        board.draw_board(surface, pal, pieces, dimmed, outlined, discs)
        self._draw_last_move(surface)
        if state.phase == "scoring" and human is not None:
            self.scoring.draw(surface, state, human, True)
        self._draw_counters(surface, state)
        self.hints.draw_board(surface)
        for anim in host.motion.anims:
            anim.draw(surface, board, pal, False)
        if state.phase == "placement" and human is not None and not host.motion.passing:
            self.placement.draw(surface, state, human, True)
        infos = {player: host.panel_info(player) for player in (Player.DARK, Player.LIGHT)}
        draw_player_panels(surface, fonts, pal, layout, infos)
        host.view.draw_top_bar(surface, host.bar.heading(self.step(state)))
        at = (int(20 * u), layout.top.centery)
        phase = f"ISAAC  -  {_phase_name(state.phase)}"
        blit_text(surface, fonts, phase, int(26 * u), pal.text_dim, at, "midleft")
        self._draw_bottom_bar(surface, layout, human)

    def _draw_bottom_bar(
        self, surface: pygame.Surface, layout: GameLayout, human: Player | None
    ) -> None:
        host, state = self.host, self.state
        pal, fonts, u = host.app.palette, host.app.fonts, layout.u
        bottom = layout.bottom
        draw_panel(surface, bottom, pal, radius=int(12 * u))
        phase_input = self.placement if state.phase == "placement" else self.scoring
        # a removal chosen wins the bar over older messages (the opponent's last move)
        pending = state.phase == "scoring" and self.scoring.pending
        since = self.scoring.chosen_after if pending else None
        text, color = host.bar.status(human, lambda player: phase_input.info(state, player), since)
        text_rect = bottom
        button = self.off_track_button()
        if button is not None:
            text_rect = bottom.copy()
            text_rect.width -= button.width
            targets = self.scoring.targets
            selected = self.scoring.index == len(targets) - 1
            back = mix(pal.panel, pal.target, 0.6 if selected else 0.3)
            face = button.inflate(-int(8 * u), -int(8 * u))
            pygame.draw.rect(surface, back, face, border_radius=int(10 * u))
            note_box(surface, face)
            # TRANSLATORS: a button: the counter leaves the track at {score} and wins
            label = _("Off the track: {score} (wins)").format(score=targets[-1])
            draw_bar_text(surface, fonts, pal, face, label, int(30 * u), pal.text, True)
        text_rect = self.hints.draw_bar(surface, text_rect, u)
        self.hints.draw_text(surface, text_rect, text, color, int(32 * u), u)

    def _draw_last_move(self, surface: pygame.Surface) -> None:
        """The piece just placed outlined, or the cells a removal emptied ringed."""
        last = self.last_played()
        if last is None or self.host.motion.anims:
            return
        before, move, now = last
        color = self.host.app.palette.last_move
        if isinstance(move, Place) and (piece := now.piece_at(move.cell)) is not None:
            self.board.mark_move(surface, color, put=piece.cells)
        elif isinstance(move, Remove) and (removed := before.piece_at(move.cell)) is not None:
            left = [cell for cell in removed.cells if now.piece_at(cell) is None]
            self.board.mark_move(surface, color, left=left)

    def _counters(self, state: IsaacState) -> list[tuple[Player, int, tuple[int, int]]]:
        """The counters drawn still (an animation draws the one it moves)."""
        if state.phase == "placement":
            return []
        hidden = [p for p in (a.hides_counter() for a in self.host.motion.anims) if p is not None]
        return self.board.counters(state.scores, hidden)

    def _draw_counters(self, surface: pygame.Surface, state: IsaacState) -> None:
        for player, score, pos in self._counters(state):
            self.board.draw_counter(surface, pos, player, score, self.host.app.palette)

    def panel_info(self, player: Player, who: str) -> PanelInfo:
        state, host = self.state, self.host
        to_move = state.to_move == player
        status = ""
        if state.phase == "placement" and state.has_passed(player):
            status = pgettext("player", "passed")
        elif state.phase == "scoring" and state.is_out(player):
            status = _("out (passed)")
        elif state.is_over and state.winner == player:
            status = _("winner")
        if host.match.computer_thinking(player):
            status = _("thinking...")
        selected = None
        if to_move and state.phase == "placement" and host.human_to_move() == player:
            selected = self.placement.selected(state, player)
        extra = ""
        if state.phase != "placement":
            last = state.last_removed_length(player)
            if last:
                extra = _("Last removal: a {piece}").format(piece=piece_words(last))
            else:
                extra = _("No removal yet")
        return PanelInfo.of(
            state,
            player,
            who,
            status=status,
            selected=selected,
            hand_label=_("In hand") if state.phase == "placement" else _("Set aside (tie-break)"),
            extra=extra,
        )
