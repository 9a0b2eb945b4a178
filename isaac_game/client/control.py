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
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

import pygame

from isaac_game.clock import control_text
from isaac_game.i18n import N_, _
from isaac_game.match import Match, MatchEvent
from isaac_game.players import HUMAN
from isaac_game.rules import GameState, Key, Move, Player, Refusal, seat_headers

from .handoff import GameOutcome, GameSetup
from .input import Action
from .scene import Jump, Question
from .widgets.hud import GameLayout, PanelInfo
from .widgets.menu import MenuItem
from .words import computer_name, kind_words, side_name

if TYPE_CHECKING:
    from .app import App
    from .widgets.board_view import BoardView
    from .widgets.menu import Menu


def kind_label(kind: str, game: str) -> str:
    """A player kind ("human", a computer level) as the saved record names it: the
    name the window shows (`computer_name`), in English, since records are not
    translated. The kind itself is kept beside it (`DarkPlayer`), so a reader never
    has to parse the name."""
    return "Human" if kind == HUMAN else computer_name(kind, game, english=True)


def clock_headers(setup: GameSetup) -> dict[str, str]:
    """The `Clock` header of a game played to a time control ({} without a clock)."""
    return {} if setup.clock is None else {Key.CLOCK: control_text(setup.clock)}


class BarSays(Protocol):
    """The bottom bar, as a part that only tells the player something sees it."""

    def say(self, text: str, warn: bool = False, seconds: float = 2.5) -> None: ...
    def why_not(self, error: ValueError | Refusal) -> str:
        """Why the rules refuse a move, in the game's words."""
        ...


class ControlledScene(Protocol):
    """The match scene, as its control sees it."""

    app: App
    match: Match
    setup: GameSetup
    bar: BarSays

    def handle_events(self, events: list[MatchEvent]) -> None: ...


class ShowsBoard(Protocol):
    """The game's play part, as a control that marks cells on its board sees it."""

    board: BoardView


#: The view of the match scene a control is given: each kind of game sees what it needs.
SceneT = TypeVar("SceneT", bound=ControlledScene)


class TurnPolicy(Protocol):
    """Who may move now and what each seat is called: the bars' and the match's view of
    the control."""

    @property
    def local(self) -> bool:
        """No remote seat: undo, redo, saving and hints are allowed."""
        ...

    def may_move(self) -> bool:
        """May a local player move at all now?"""
        ...

    def seat_kind(self, player: Player, setup: GameSetup) -> str:
        """The player kind at `player`'s seat: "human" or a computer level."""
        ...

    def seat_label(self, player: Player, setup: GameSetup) -> str: ...
    def waiting_text(self, player: Player, setup: GameSetup) -> str:
        """The top bar while `player` is to move and no local human may move for them."""
        ...

    def refuse_move(self, state: GameState, move: Move) -> str:
        """Why a local player's move is refused before the rules see it ("": let it by)."""
        ...

    def refuse_choice(self, state: GameState, moves: list[Move]) -> str:
        """Why a half-made move (a piece picked, whose moves are `moves`) is refused."""
        ...

    def refuse_undo(self, what: Jump) -> str:
        """Why `what` (undo or redo) is off ("" when it is on)."""
        ...

    def holding_back(self) -> bool:
        """Should the next move of the match wait (pacing a peer's actions)?"""
        ...

    def finished(self) -> bool:
        """Is the game decided although the position is not over (a resignation)?"""
        ...


class HeadersPolicy(Protocol):
    """The game on disk: whether it is kept, what its record's headers say, and what
    to ask before it is left. The keeping's view of the control."""

    @property
    def keeps_games(self) -> bool:
        """Is the game kept in the saves folder after every move (a lesson's is not)?"""
        ...

    def headers(self, setup: GameSetup) -> dict[str, str]:
        """The saved record's player headers."""
        ...

    def result_headers(self, state: GameState) -> dict[str, str]:
        """The headers a game decided off the board adds to its record."""
        ...

    def leave_question(self, leave: Callable[[], None]) -> Question | None:
        """What to ask before the player leaves the game under way (None: nothing)."""
        ...

    def finished(self) -> bool:
        """Is the game decided although the position is not over (a resignation)?"""
        ...


class OverlayPolicy(Protocol):
    """What the control adds to the screen and takes of the input: boxes under the
    panels, marks over the board, rows in the pause menu, the side the board faces.
    The drawing's and the input's view of the control."""

    @property
    def legal_dots(self) -> bool:
        """May the cells where the chosen piece goes be dotted (the setting decides)?"""
        ...

    @property
    def leaves_to(self) -> str:
        """The scene "Quit to menu" goes back to, by name."""
        ...

    @property
    def escape_leaves(self) -> bool:
        """Does Esc leave the game at once, with no pause menu (a spectator's)? The
        top bar's keys say which."""
        ...

    def facing(self, state: GameState, setup: GameSetup, turn_for_mover: bool) -> Player | None:
        """The player whose edge of the board faces the screen (None: as it was)."""
        ...

    def handle(self, action: Action) -> bool:
        """Input the control takes before the game (a chat line); True when used."""
        ...

    def update(self, dt: float) -> bool:
        """Before the scene's own update; True when the scene should only let time pass."""
        ...

    def tick_behind(self, dt: float) -> None:
        """Under an overlay: keep going what must not stall."""
        ...

    def keeps_time(self) -> bool:
        """Does the control show time passing now (a reconnect countdown)?"""
        ...

    def relayout(self, layout: GameLayout) -> None:
        """Take room from the game's layout (the LAN boxes under the panels)."""
        ...

    def dress_panel(self, info: PanelInfo, player: Player) -> PanelInfo: ...
    def draw(self, surface: pygame.Surface, layout: GameLayout) -> None:
        """Over the game's screen (chat, link state, a lesson's box)."""
        ...

    def pause_items(self) -> list[MenuItem]:
        """Rows the game adds to the pause menu (a LAN game: Resign)."""
        ...


class ResultsHandoff(Protocol):
    """Where the finished game goes, and what the control lets go when the scene ends."""

    @property
    def results_scene(self) -> str:
        """The results scene, by name."""
        ...

    def outcome_handoff(self, outcome: GameOutcome) -> tuple:
        """The results scene's hand-off."""
        ...

    def on_exit(self) -> None:
        """The scene is gone without a hand-off: let go of what the control holds."""
        ...


class MatchControl(TurnPolicy, HeadersPolicy, OverlayPolicy, ResultsHandoff, Generic[SceneT]):
    """A local game: hotseat or against the computer.

    A control is four small policies (`TurnPolicy`, `HeadersPolicy`, `OverlayPolicy`,
    `ResultsHandoff`), and each part of the match scene is handed the control as the
    one policy it uses: the bars see turns, the keeping sees headers, the drawing and
    the input see the overlay. The policies of one kind of game share its state (a
    LAN session, a lesson's step, a puzzle's tries), so a kind of game is one class
    that implements the four, and this base is the local game's: undo, redo, saving
    and hints on, the seats' kinds from the setup, nothing over the screen. A kind of
    game with more to ask of the scene names its own view of it
    (`LanControl(MatchControl[LanGame])`)."""

    def __init__(self) -> None:
        self.scene: SceneT | None = None

    def attach(self, scene: SceneT) -> None:
        self.scene = scene

    def make_match(self, setup: GameSetup) -> Match | None:
        """The match to show (None: the scene builds one from the setup)."""
        return None

    # ----- turns (`TurnPolicy`) ------------------------------------------------

    #: No remote seat: undo, redo, saving and hints are allowed.
    local = True

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
        """Why `what` (undo or redo) is off ("" when it is on): a game with a clock has
        none (docs/rules.md 5), since taking a move back could not give its time back
        fairly."""
        scene = self.scene
        if scene is not None and scene.setup.clock is not None:
            if what is Jump.REDO:
                return _("Redo is off in a game with a clock")
            return _("Undo is off in a game with a clock")
        return ""

    def holding_back(self) -> bool:
        """Should the next move of the match wait (pacing a peer's actions)?"""
        return False

    def finished(self) -> bool:
        """Is the game decided although the position is not over (a resignation)?"""
        return False

    # ----- the game on disk (`HeadersPolicy`) ----------------------------------

    @property
    def keeps_games(self) -> bool:
        """Is the game kept in the saves folder after every move (a lesson's is not)?"""
        return True

    def headers(self, setup: GameSetup) -> dict[str, str]:
        """The saved record's player headers, and its time control if it has one."""
        dark, light = (
            seat_headers(side, kind_label(kind, setup.game), kind)
            for side, kind in ((Player.DARK, setup.dark), (Player.LIGHT, setup.light))
        )
        return {**dark, **light, **clock_headers(setup)}

    def result_headers(self, state: GameState) -> dict[str, str]:
        """The headers a game decided off the board adds to its record (a resignation's
        `Result`), so the file, the Continue list and the player's stats know it is
        over; {} for a game the moves decide."""
        return {}

    def leave_question(self, leave: Callable[[], None]) -> Question | None:
        """What to ask before the player leaves the game under way (None: nothing)."""
        return Question(
            _("Leave the game?"),
            _("It is saved: Resume picks it up."),
            [MenuItem(N_("Leave"), leave, key="leave"), MenuItem(N_("Stay"), key="stay")],
        )

    # ----- the screen and the input (`OverlayPolicy`) --------------------------

    #: May the cells where the chosen piece goes be dotted (the setting decides)? Not
    #: in a puzzle: they would give the answer away.
    legal_dots = True
    escape_leaves = False

    #: The scene "Quit to menu" goes back to, by name (a lesson: Learn to play).
    leaves_to = "title"

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

    def relayout(self, layout: GameLayout) -> None:
        """Take room from the game's layout (the LAN boxes under the panels)."""

    def dress_panel(self, info: PanelInfo, player: Player) -> PanelInfo:
        return info

    def draw(self, surface: pygame.Surface, layout: GameLayout) -> None:
        """Over the game's screen (chat, link state, a lost-link notice)."""

    def pause_items(self) -> list[MenuItem]:
        return []

    # ----- the results (`ResultsHandoff`) --------------------------------------

    #: Where the finished game goes: the results scene, by name.
    results_scene = "results"

    def outcome_handoff(self, outcome: GameOutcome) -> tuple:
        """The results scene's hand-off."""
        return (outcome,)

    def on_exit(self) -> None: ...


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
