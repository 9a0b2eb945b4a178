"""The coach while you play against the computer (Coach: off / mistakes / blunders).

Each of the human's moves is checked in a worker process (`isaac_game.ai.coach`) while
the computer thinks of its reply; the match scene holds that reply back until the check
is answered, or for at most the check's budget once the reply is ready (`holding`). So
the coach never speaks once the computer has moved, and Take it back never has to undo
a move of the computer's the player has not answered. The computer's
own moves are never checked.

When a move gave away more than the setting allows, the bottom bar says so in words,
Hard's move is drawn on the board as a ghost, and the bar offers Take it back
(Backspace or Ctrl+Z, pad B, a click) or Play on (Enter, pad A, a click). A game where a
move was taken back is coached: its save carries the header `Coached: yes` (the
results and the stats read it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from isaac_game.ai.coach import COACH_LEVELS as COACH_LEVELS
from isaac_game.ai.coach import Advice, AsyncCoach
from isaac_game.ai.seat import ComputerSeat
from isaac_game.i18n import _
from isaac_game.match import Match, MovePlayed, SeatKind
from isaac_game.rules import GameState, Headers, Key, Move, yes

from ..input import Action, Button
from ..scene import Jump
from ..theme import TextPart, draw_texts, draw_wrapped, mix, note_box, note_cover
from .hints import draw_suggestion
from .hud import GameLayout, bar_button

if TYPE_CHECKING:
    from ..app import App
    from ..control import BarSays
    from ..games.base import GameEntry, GamePlay
    from ..handoff import GameSetup
    from ..keeper import GameKeeper

#: The header a coached game's save carries, and its value.
#: The share of the bottom bar each of the coach's two buttons takes.
BUTTON_SHARE = 0.17


class ShowsLayout(Protocol):
    """The match scene's drawing, as the coach finds the bottom bar in it."""

    @property
    def layout(self) -> GameLayout | None: ...


class CoachesIn(Protocol):
    """What kind of game it is (the scene's control), as the coach decides whether it
    checks moves at all: only in a local game kept on disk."""

    @property
    def local(self) -> bool: ...
    @property
    def keeps_games(self) -> bool: ...


class CoachedScene(Protocol):
    """The match scene, as its coach sees it."""

    app: App
    match: Match
    setup: GameSetup

    @property
    def control(self) -> CoachesIn: ...

    play: GamePlay
    game: GameEntry

    @property
    def view(self) -> ShowsLayout: ...
    @property
    def bar(self) -> BarSays: ...

    def jump(self, what: Jump) -> None: ...


def coach_level(scene: CoachedScene) -> str:
    """The coach's setting for this game: "off" but in a local, kept game between one
    human and one computer seat (never a demo, a lesson or a puzzle)."""
    control, setup = scene.control, scene.setup
    if setup.demo or not (control.local and control.keeps_games):
        return "off"
    kinds = sorted(seat.kind for seat in scene.match.seats.values())
    if kinds != sorted((SeatKind.HUMAN, SeatKind.COMPUTER)):
        return "off"
    return scene.app.settings.coach_for(setup.game)


class Coach:
    """One match scene's coach: checks the human's moves, holds the computer's reply
    while a check runs, offers Take it back or Play on, draws Hard's move as a ghost."""

    def __init__(self, scene: CoachedScene, keeper: GameKeeper) -> None:
        self.scene = scene
        self.keeper = keeper
        self.level = coach_level(scene)
        self.worker = AsyncCoach(self.level) if self.level != "off" else None
        self.advice: Advice | None = None
        self.after: GameState | None = None  # the position the move checked made
        self.told_waiting = False  # the bar said the reply waits for the check
        journal = keeper.journal
        self.coached = journal is not None and Headers(journal.headers).coached

    # ----- the checks -----------------------------------------------------------------

    def played(self, event: MovePlayed) -> None:
        """A move was played: the human's is checked, the computer's never."""
        self.advice = None
        if self.worker is None:
            return
        seat = self.scene.match.seats[event.player]
        if seat.kind != SeatKind.HUMAN or event.after.is_over:
            self.worker.cancel()
            return
        self.after = event.after
        self.told_waiting = False
        self.worker.start(event.before, event.after)

    def holding(self) -> bool:
        """Must the computer's reply wait? While its check runs (at most `HOLD_MOST` once
        the reply is ready: the bar says the coach is looking meanwhile), and while the
        coach's offer is open."""
        if self.advice is not None:
            return True
        worker = self.worker
        if worker is None or not worker.busy:
            return False
        scene = self.scene
        mover = scene.match.state.to_move
        if scene.match.state is not self.after or mover is None:
            worker.cancel()  # the position moved on (an undo): the check is stale
            return False
        seat = scene.match.seats[mover]
        ready = not isinstance(seat, ComputerSeat) or seat.ready
        advice = worker.poll(reply_ready=ready)
        if ready and worker.busy and not self.told_waiting:  # a slow machine: say why
            self.told_waiting = True
            scene.bar.say(_("The coach is looking at your move..."), seconds=3.0)
        if advice is not None:
            self.advice = advice
            scene.app.audio.play("illegal")
            scene.app.request_redraw()
        return worker.busy or self.advice is not None

    @property
    def offering(self) -> bool:
        return self.advice is not None

    def take_back(self) -> None:
        """The position before the human's move, the computer's reply (had it come)
        taken back too; the game is coached from now on."""
        advice, self.advice = self.advice, None
        if advice is None:
            return
        self.coached = True
        self.keeper.mark(yes(Key.COACHED))  # the stats count the game apart
        match = self.scene.match
        for _step in range(match.state.ply - advice.before.ply):
            if match.state.ply <= advice.before.ply or not match.can_undo:
                break
            self.scene.jump(Jump.UNDO)
        self.scene.bar.say(_("Move taken back: try another"))

    def play_on(self) -> None:
        self.advice = None
        self.scene.app.request_redraw()

    def close(self) -> None:
        self.advice = None
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    # ----- input ------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        """The offer's answers (True when the action was one); other input goes on."""
        if self.advice is None:
            return False
        b = action.button
        back_key = action.device == "pad" or action.key == pygame.K_BACKSPACE
        if b == Button.UNDO or (b == Button.BACK and back_key):
            self.take_back()
            return True
        if b == Button.CONFIRM:
            self.play_on()
            return True
        if b == Button.CLICK and action.pos is not None:
            back, on = self.buttons()
            if back is not None and back.collidepoint(action.pos):
                self.take_back()
                return True
            if on is not None and on.collidepoint(action.pos):
                self.play_on()
                return True
        return False

    # ----- what the player reads ---------------------------------------------------------

    def preferred(self) -> Move | None:
        advice = self.advice
        return None if advice is None else advice.preferred

    def words(self) -> tuple[str, str]:
        """The warning, and Hard's move in the game's own words."""
        advice = self.advice
        move = self.preferred()
        if advice is None or move is None:
            return "", ""
        # TRANSLATORS: the coach; {percent} is a whole number ("about 30% win chance")
        warning = _("That move gives away about {percent}% win chance").format(
            percent=advice.percent
        )
        before = advice.before
        said = self.scene.game.describe(
            before, move, before.play(move), self.scene.play.board.facing
        ).text
        # TRANSLATORS: the coach; {move} is a move in words ("Light places the 4 on row 6,
        # columns 1-6")
        return warning, _("Hard would play: {move}").format(move=said)

    def buttons(self) -> tuple[pygame.Rect | None, pygame.Rect | None]:
        """(Take it back, Play on) at the bar's right end, while the offer is open."""
        layout = self.scene.view.layout
        if self.advice is None or layout is None:
            return None, None
        on = bar_button(layout.bottom, BUTTON_SHARE)
        back = on.move(-on.width, 0)
        return back, on

    def draw(self, surface: pygame.Surface, layout: GameLayout) -> None:
        """Hard's move as a ghost on the board, the offer over the bottom bar."""
        advice, move = self.advice, self.preferred()
        if advice is None or move is None:
            return
        app, u = self.scene.app, layout.u
        pal, fonts = app.palette, app.fonts
        draw_suggestion(surface, self.scene.play.board, pal, advice.before, move)
        bar = layout.bottom
        pygame.draw.rect(surface, mix(pal.panel, pal.illegal, 0.18), bar, border_radius=int(12 * u))
        pygame.draw.rect(surface, pal.illegal, bar, max(1, int(2 * u)), int(12 * u))
        note_cover(surface, bar)
        back, on = self.buttons()
        assert back is not None and on is not None
        pad = app.input.last_device == "pad"
        labels = (
            # TRANSLATORS: the coach's button; {key} is the key that presses it
            (back, _("Take it back ({key})").format(key="B" if pad else _("Backspace"))),
            # TRANSLATORS: the coach's button; {key} is the key that presses it
            (on, _("Play on ({key})").format(key="A" if pad else _("Enter"))),
        )
        for rect, label in labels:
            face = rect.inflate(-int(8 * u), -int(8 * u))
            pygame.draw.rect(
                surface, mix(pal.panel, pal.target, 0.3), face, border_radius=int(10 * u)
            )
            pygame.draw.rect(surface, pal.target, face, max(1, int(2 * u)), int(10 * u))
            note_box(surface, face)
            draw_wrapped(surface, fonts, label, int(26 * u), pal.text, face.inflate(-8, -4), True)
        words = bar.copy()
        words.width = back.left - bar.left
        warning, hard = self.words()
        parts: list[TextPart] = [
            (warning, pal.text, 28 * u, True),
            (hard, pal.target, 24 * u, False),
        ]
        draw_texts(surface, fonts, words.inflate(-20, -4), parts)
