"""What kind of game the match scene is showing: a local one, or (subclassed in
`client/lan/control.py`) one over the LAN.

The match scene renders a match and doesn't care which kind each seat is; what a
LAN game changes (may the local player move, undo being off, pacing the peer's
moves, the chat and link boxes, resign, the LAN results screen) lives in its
control object, handed to the same scene. This base is the local game's control:
undo, redo, saving and hints are on, the seats' kinds come from the setup.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

import pygame

from isaac_game.i18n import N_, _
from isaac_game.match import Match, MatchEvent
from isaac_game.players import HUMAN
from isaac_game.rules import GameState, Move, Player, seat_headers

from .handoff import GameOutcome, GameSetup
from .input import Action
from .scene import Question
from .widgets.hud import GameLayout, PanelInfo
from .widgets.menu import MenuItem
from .words import computer_name, kind_words, side_name

if TYPE_CHECKING:
    from .app import App
    from .widgets.menu import Menu


class Jump(Enum):
    """A step back or forward through the moves played: what a control may refuse."""

    UNDO = "undo"
    REDO = "redo"


def kind_label(kind: str, game: str) -> str:
    """A player kind ("human", a computer level) as the saved record names it: the
    name the window shows (`computer_name`), in English, since records are not
    translated. The kind itself is kept beside it (`DarkPlayer`), so a reader never
    has to parse the name."""
    return "Human" if kind == HUMAN else computer_name(kind, game, english=True)


class ControlledScene(Protocol):
    """The match scene, as its control sees it."""

    app: App
    match: Match
    setup: GameSetup

    def handle_events(self, events: list[MatchEvent]) -> None: ...
    def say(self, text: str, warn: bool = False, seconds: float = 2.5) -> None: ...
    def why_not(self, error: ValueError) -> str:
        """Why the rules refuse a move, in the game's words."""
        ...


#: The view of the match scene a control is given: each kind of game sees what it needs.
SceneT = TypeVar("SceneT", bound=ControlledScene)


class MatchControl(Generic[SceneT]):
    """A local game: hotseat or against the computer. A kind of game with more to ask of
    the scene names its own view of it (`LanControl(MatchControl[LanGame])`)."""

    #: No remote seat: undo, redo, saving and hints are allowed.
    local = True
    #: Where the finished game goes: the results scene, by name.
    results_scene = "results"
    #: The scene "Quit to menu" goes back to, by name (a lesson: Learn to play).
    leaves_to = "title"
    #: May the cells where the chosen piece goes be dotted (the setting decides)? Not
    #: in a puzzle: they would give the answer away.
    legal_dots = True

    def __init__(self) -> None:
        self.scene: SceneT | None = None

    def attach(self, scene: SceneT) -> None:
        self.scene = scene

    @property
    def keeps_games(self) -> bool:
        """Is the game kept in the saves folder after every move (a lesson's is not)?"""
        return True

    def make_match(self, setup: GameSetup) -> Match | None:
        """The match to show (None: the scene builds one from the setup)."""
        return None

    def may_move(self) -> bool:
        """May a local player move at all now?"""
        return True

    def seat_kind(self, player: Player, setup: GameSetup) -> str:
        """The player kind at `player`'s seat: "human" or a computer level."""
        return setup.dark if player == Player.DARK else setup.light

    def seat_label(self, player: Player, setup: GameSetup) -> str:
        return kind_words(self.seat_kind(player, setup), setup.game)

    def waiting_text(self, player: Player, setup: GameSetup) -> str:
        """The top bar while `player` is to move and no local human may move for them:
        "Light: Level 9 (Hard) is thinking..." (a LAN game: "Bob's turn")."""
        kind = self.seat_kind(player, setup)
        if kind == HUMAN:
            # TRANSLATORS: {player} is "Dark" or "Light"
            return _("{player}'s turn").format(player=side_name(player))
        # TRANSLATORS: {player} is "Dark" or "Light", {name} a computer opponent's
        # name ("Level 9 (Hard)")
        return _("{player}: {name} is thinking...").format(
            player=side_name(player), name=computer_name(kind, setup.game)
        )

    def facing(self, state: GameState, setup: GameSetup, turn_for_mover: bool) -> Player | None:
        """The player whose edge of the board faces the screen, as the box's board faces
        whoever sits at it: the one local human (against the computer); in a hotseat the
        player to move if `turn_for_mover` (the setting), else Dark, as in a demo. None:
        as it was (a hotseat turned for the mover, once the game is over)."""
        humans = [p for p in (Player.DARK, Player.LIGHT) if self.seat_kind(p, setup) == HUMAN]
        if len(humans) == 1:
            return humans[0]
        if len(humans) == 2 and turn_for_mover:
            return None if state.to_move is None else Player(state.to_move)
        return Player.DARK

    def headers(self, setup: GameSetup) -> dict[str, str]:
        """The saved record's player headers."""
        dark, light = (
            seat_headers(side, kind_label(kind, setup.game), kind)
            for side, kind in ((Player.DARK, setup.dark), (Player.LIGHT, setup.light))
        )
        return {**dark, **light}

    def leave_question(self, leave: Callable[[], None]) -> Question | None:
        """What to ask before the player leaves the game under way (None: nothing)."""
        return Question(
            _("Leave the game?"),
            _("It is saved: Resume picks it up."),
            [MenuItem(N_("Leave"), leave, key="leave"), MenuItem(N_("Stay"), key="stay")],
        )

    def refuse_move(self, state: GameState, move: Move) -> str:
        """Why a local player's move is refused before the rules see it ("" to let the
        match check it): a lesson asks for one move of its step."""
        return ""

    def refuse_choice(self, state: GameState, moves: list[Move]) -> str:
        """Why a half-made move (a piece picked, whose moves are `moves`) is refused at
        once ("" to let the player go on): a lesson's step asks for another piece, and
        says so at the first click rather than after the last."""
        return ""

    def refuse_undo(self, what: Jump) -> str:
        """Why `what` (undo or redo) is off ("" when it is on)."""
        return ""

    def finished(self) -> bool:
        """Is the game decided although the position is not over (a resignation)?"""
        return False

    def result_headers(self, state: GameState) -> dict[str, str]:
        """The headers a game decided off the board adds to its record (a resignation's
        `Result`), so the file, the Continue list and the player's record know it is
        over; {} for a game the moves decide."""
        return {}

    # ----- the frame ------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        """Input the control takes before the game (a chat line); True when used."""
        return False

    def update(self, dt: float) -> bool:
        """Before the scene's own update; True when the scene should only let time pass."""
        return False

    def tick_behind(self, dt: float) -> None:
        """Under an overlay: keep going what must not stall (a local game just waits)."""

    def keeps_time(self) -> bool:
        """Does the control show time passing now (a reconnect countdown)?"""
        return False

    def holding_back(self) -> bool:
        """Should the next move of the match wait (pacing a peer's actions)?"""
        return False

    def outcome_handoff(self, outcome: GameOutcome) -> tuple:
        """The results scene's hand-off."""
        return (outcome,)

    def pause_items(self) -> list[MenuItem]:
        return []

    def on_exit(self) -> None: ...

    # ----- drawing ---------------------------------------------------------------------

    def relayout(self, layout: GameLayout) -> None:
        """Take room from the game's layout (the LAN boxes under the panels)."""

    def dress_panel(self, info: PanelInfo, player: Player) -> PanelInfo:
        return info

    def draw(self, surface: pygame.Surface, layout: GameLayout) -> None:
        """Over the game's screen (chat, link state, a lost-link notice)."""


class ResultsControl:
    """What kind of game the results screen closes: a local one (this base), or one
    over the LAN (`client/lan/results.py`: a rematch asks the other side, chat, link)."""

    #: Main menu goes back past the game's screens to the title (not just one step).
    leaves_to_title = False

    def rematch_label(self) -> str:
        return _("Rematch (colours swapped)")

    def can_rematch(self) -> bool:
        return True

    def rematch(self) -> bool:
        """Handle Rematch; False: start a local rematch with colours swapped."""
        return False

    def headline(self, outcome: GameOutcome) -> tuple[Player | None, str, str] | None:
        """(winner, title, reason) when the control knows better than the position."""
        return None

    def handle(self, action: Action) -> bool:
        return False

    def keeps_time(self) -> bool:
        """Does the screen show news that come by themselves (the other side's answer)?"""
        return False

    def update(self, app: App) -> None: ...

    def on_exit(self) -> None: ...

    def facing(self) -> Player | None:
        """The side the final board is shown from (LAN: this machine's); None: the
        results screen decides (the one human against the computer, else Dark)."""
        return None

    def room_under_board(self) -> int:
        """How tall a room (logical pixels) the control draws in under the final board."""
        return 0

    def draw(self, surface: pygame.Surface, menu: Menu, u: float, room: pygame.Rect) -> None:
        """Beside the results' menu and in `room` (LAN: the rematch state and the chat)."""
