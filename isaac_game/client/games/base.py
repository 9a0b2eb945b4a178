"""The games interface: what a game plugs into the client, and what it may use of it.

One match scene plays every game and one replay scene replays every game; what
differs between games is a `GamePlugin` (python-chess's `variant.py` shape: a small
object with a few declared hooks, found by name in the registry). A fourth game is
one new folder under `games/` with a plug-in, listed once in `client/registry.py`.

- `GamePlugin`: the game's fixed facts and factories (its play part, its replay
  view, its rules pages, whether it has hints), and `describe`: a move in the words
  players use, the one text the bar announces, the move list lists and the replay
  shows.
- `GamePlay`: one match scene's game-specific part: its board painter, its move
  input, how it shows a move played (animations, sounds), its panels and bars. It
  works through `PlayHost`, the match scene as a game sees it, and never imports a
  scene.
- `ReplayView`: how the replay scene draws one position of the game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from isaac_game.match import Match, MovePlayed
from isaac_game.rules import GameState, Move, Player

from ..input import Action
from ..theme import Fonts, Palette, blit_text
from ..widgets.anim import Anim
from ..widgets.board_view import BoardView
from ..widgets.hints import HintHelper
from ..widgets.hud import GameLayout, PanelInfo, draw_bar_text
from ..widgets.move_list import MoveWords
from ..widgets.rules_pages import RulesBook

if TYPE_CHECKING:
    from ..app import App


class PlayHost(Protocol):
    """The match scene, as a game's play part sees it."""

    app: App
    match: Match
    anims: list[Anim]
    age: float  # seconds the scene has run (pulsing marks)
    pass_timer: float | None  # set while a human who cannot move is passed for
    layout: GameLayout | None
    banner: str
    said: int  # how many messages the bar was given so far (`status`'s `since`)

    @property
    def state(self) -> GameState: ...
    @property
    def demo(self) -> bool: ...
    @property
    def local(self) -> bool:
        """No remote seat: undo, saving and hints are allowed."""
        ...

    def human_to_move(self) -> Player | None: ...
    def input_mover(self, action: Action) -> Player | None:
        """The local human this move input is from, or None (not theirs, or a pass is
        pending); Enter first finishes what still animates."""
        ...

    def say(self, text: str, warn: bool = False, seconds: float = 2.5) -> None: ...
    def submit(self, move: Move | str) -> None: ...
    def panel_info(self, player: Player) -> PanelInfo:
        """The player's panel, as the game fills it and the seat's control dresses it."""
        ...

    def hint_available(self) -> bool:
        """May the player to move ask for a hint now?"""
        ...

    def hand_rows(self, player: Player) -> dict[int, pygame.Rect]:
        """Where the player's panel lists the hand, by length."""
        ...

    def seat_label(self, player: Player) -> str:
        """ "Human", "Computer (hard)", "You: Ann", "Bob (over the LAN)"."""
        ...

    def thinking(self, player: Player) -> bool: ...
    def status(
        self, human: Player | None, input_info: Callable[[Player], str], since: int | None = None
    ) -> tuple[str, tuple]:
        """The bottom bar's words and colour: a fresh announcement, else `input_info`
        for the human to move, else who is thinking. `since`: a choice of the human's is
        pending, made after that many messages; it wins over them."""
        ...

    def heading(self, step: str) -> str:
        """The top bar's words: "Dark: `step`" while a local human is to move, else
        "Light (hard) is thinking..." or "Bob's turn"; "Game over" at the end."""
        ...

    def draw_top_bar(
        self, surface: pygame.Surface, title: str, inset: int = 600, px: int = 46
    ) -> None: ...
    def open_pause(self, message: str = "") -> None: ...


class GamePlay(ABC):
    """One match scene's game-specific part (made by `GamePlugin.play`)."""

    #: Buttons that do not end a demo (besides a pointer in its first moments).
    demo_keeps_on: tuple = ()
    #: A turn of several moves (HARI's slides): a LAN peer's next action waits while
    #: the last one is still shown.
    paces_peer_actions = False

    def __init__(self, host: PlayHost, board: BoardView) -> None:
        self.host = host
        self.board = board

    # ----- input ---------------------------------------------------------------------

    @abstractmethod
    def handle(self, action: Action) -> None:
        """Input the scene did not take itself (pause, undo, redo, menus)."""

    def wants_back(self, mover: Player | None) -> bool:
        """Does Esc / B belong to the move input now (cancel a choice), not the pause?"""
        return False

    # ----- the match ---------------------------------------------------------------------

    @abstractmethod
    def narrate(self, event: MovePlayed) -> None:
        """Show a move just played: animations and sounds (the bar announces the
        plug-in's `describe` words; the scene says them)."""

    def pass_text(self, state: GameState, mover: Player) -> str:
        """What the bar says while a human who cannot move is passed for."""
        return f"{mover.title} cannot move: passes"

    def reset(self, new_game: bool = False) -> None:  # noqa: B027 (an optional hook)
        """Forget half-entered input: a move was played or undone, or (`new_game`) another
        game replaced this one on the board."""

    def update(self, dt: float) -> None:  # noqa: B027
        """Once per tick (hover delays, hints)."""

    def close(self) -> None:  # noqa: B027
        """The scene is gone: stop whatever runs in the background."""

    def animating(self) -> bool:
        """Does the game's part of the screen move by itself now (a pulsing hint)?"""
        return self.hints is not None and (self.hints.pending or self.hints.shown)

    def keeps_time(self) -> bool:
        """Will the game's part of the screen change soon by itself (a tooltip's delay)?"""
        return False

    # ----- hints ---------------------------------------------------------------------------

    #: the game's hint helper (H, pad Y, the bar's button, the pause menu), if it has hints
    hints: HintHelper | None = None

    def hint_available(self) -> bool:
        return self.hints is not None and self.hints.available()

    def request_hint(self) -> None:
        if self.hints is None:
            self.host.say("This game has no hints", warn=True)
        else:
            self.hints.request()

    # ----- drawing ---------------------------------------------------------------------------

    @abstractmethod
    def draw(self, surface: pygame.Surface, layout: GameLayout) -> None:
        """The board, the marks and input on it, both panels and both bars."""

    @abstractmethod
    def panel_info(self, player: Player, who: str) -> PanelInfo:
        """The player's panel as this game fills it (`who`: the seat's label)."""


class ReplayHost(Protocol):
    """The replay scene, as a game's replay view sees it."""

    app: App
    states: list[GameState]
    index: int


class ReplayView(ABC):
    """How the replay scene draws a game (ISAAC's square board by default)."""

    unit = "move"  # what one step is called ("Move 12 of 60")
    bar_size = 28

    def __init__(self, board: BoardView) -> None:
        self.board = board

    def handle(self, action: Action) -> bool:
        """Input beyond stepping (a hover tooltip); True when used."""
        return False

    @abstractmethod
    def draw_board(self, surface: pygame.Surface, host: ReplayHost, pal: Palette) -> None: ...

    @abstractmethod
    def draw_panels(
        self, surface: pygame.Surface, host: ReplayHost, layout: GameLayout, fonts: Fonts
    ) -> None: ...

    def draw_title(
        self, surface: pygame.Surface, host: ReplayHost, layout: GameLayout, title: str
    ) -> None:
        """The title between the game's name (left) and the result (right)."""
        pal, fonts, u = host.app.palette, host.app.fonts, layout.u
        bar = layout.top.inflate(-int(600 * u), 0)
        draw_bar_text(surface, fonts, pal, bar, title, int(40 * u), pal.text, True)
        at = (int(20 * u), layout.top.centery)
        name = host.states[0].game.upper()
        blit_text(surface, fonts, name, int(26 * u), pal.text_dim, at, "midleft", True)

    def step_note(self, host: ReplayHost) -> str:
        """What the bar adds after the move's words (HARI: the turn's budget)."""
        return ""

    def over_text(self, state: GameState) -> str:
        result = f"{state.winner.title} wins" if state.winner else "a draw"
        return f"Game over: {result}"

    def draw_overlay(self, surface: pygame.Surface, host: ReplayHost, u: float) -> None:  # noqa: B027
        """Anything drawn over the rest (a tooltip)."""


class GamePlugin(ABC):
    """A game the client can play: found by `name` in the registry."""

    name = ""  # the rules engine's game name: "isaac"
    title = ""  # "ISAAC"
    has_hints = False

    @abstractmethod
    def play(self, host: PlayHost) -> GamePlay:
        """The game's part of a new match scene."""

    @abstractmethod
    def replay_view(self, fonts: Fonts) -> ReplayView: ...

    @abstractmethod
    def rules_book(self, fonts: Fonts) -> RulesBook: ...

    @abstractmethod
    def describe(self, before: GameState, move: str, after: GameState) -> MoveWords:
        """`move` (notation), played from `before` to `after`, in the words players use:
        who did what, a piece by its printed value (RULES.md 0: "Light places the 2 (4
        cells) on row 3"), and the news it brought ("Placement over. ..."). The bar's
        announcement, the move list and the replay all show these words."""
