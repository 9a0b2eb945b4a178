"""The games interface: what a game plugs into the client, and what it may use of it.

One match scene plays every game and one replay scene replays every game; what
differs between games is one declared record per game, its `GameEntry`, kept in the
game's folder (python-chess's `variant.py` shape: a small declared value, listed and
found by name): its name and title, the type of its states, its play part, its replay
view, its rules book, its moves in words, its lesson and its puzzles. A fourth game is
one new folder under `games/` with its record, and one line in `client/registry.py`.

- `GamePlay`: one match scene's game-specific part: its board painter, its move
  input, how it shows a move played (animations, sounds), its panels and bars. It
  works through `PlayHost`, the match scene as a game sees it, and never imports a
  scene.
- `ReplayView`: how the replay scene draws one position of the game.
- the record's `words`: a move in the words players use, the one text the bar
  announces, the move list lists and the replay shows.

`GamePlay` and `ReplayView` are generic over the game's state type: they see their
own states (`IsaacState`), checked once where they come from the scene (`narrow`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Protocol

import pygame

from isaac_game.clock import SHORT, clock_text
from isaac_game.i18n import N_, _
from isaac_game.match import Match, MovePlayed, SeatKind
from isaac_game.rules import GameState, Move, Player, Refusal

from ..input import Action
from ..learn.lesson import Lesson
from ..learn.puzzles import Puzzle
from ..states import S, narrow
from ..theme import Fonts, Palette, blit_text, fit_line
from ..widgets.board_view import BoardView
from ..widgets.hints import HintHelper
from ..widgets.hud import GameLayout, PanelClock, PanelInfo, draw_bar_text
from ..widgets.motion import Motion
from ..widgets.move_words import MoveWords
from ..widgets.rules_pages import RulesBook
from ..words import OwnRefusals, side_name, why_not

if TYPE_CHECKING:
    from ..app import App


class BarWords(Protocol):
    """What the match scene's bars say, as a game's play part asks for it."""

    @property
    def messages_given(self) -> int:
        """How many messages the bar was given so far (`status`'s `since`)."""
        ...

    def say(self, text: str, warn: bool = False, seconds: float = 2.5) -> None: ...
    def why_not(self, error: ValueError | Refusal) -> str:
        """Why the rules refuse a move, in this game's words as read from the side of
        the board facing the screen (never the engine's notation)."""
        ...

    def status(
        self, human: Player | None, input_info: Callable[[Player], str], since: int | None = None
    ) -> tuple[str, tuple]:
        """The bottom bar's words and colour: a fresh announcement, else `input_info`
        for the human to move, else the last move. `since`: a choice of the human's is
        pending, made after that many messages; it wins over them."""
        ...

    def heading(self, step: str) -> str:
        """The top bar's words: "Dark: `step`" while a local human is to move, else
        "Light (hard) is thinking..." or "Bob's turn"; "Game over" at the end."""
        ...


class PlayFrame(Protocol):
    """The match scene's drawing, as a game's play part draws into it."""

    @property
    def layout(self) -> GameLayout | None:
        """The screen's parts (None before the first draw)."""
        ...

    def draw_top_bar(
        self, surface: pygame.Surface, title: str, inset: int = 600, px: int = 46
    ) -> None:
        """The top bar's title (marked in a demo) and, at its right end, the menu key."""
        ...


class MoverInput(Protocol):
    """The match scene's input, as a game's move input asks whose move it is."""

    def mover(self, action: Action) -> Player | None:
        """The local human this move input is from, or None (not theirs, or a pass is
        pending); Enter first finishes what still animates."""
        ...


class PlayPolicy(Protocol):
    """What kind of game it is (the scene's control), as a game's play part asks."""

    @property
    def local(self) -> bool:
        """No remote seat: undo, saving and hints are allowed."""
        ...

    #: May the cells where the chosen piece goes be dotted (when the setting says so)?
    @property
    def legal_dots(self) -> bool:
        """Not in a puzzle: they would give the answer away."""
        ...


class PlayHost(Protocol):
    """The match scene, as a game's play part sees it: its parts, each as the game
    needs it, and the moves it may submit."""

    app: App
    match: Match

    @property
    def bar(self) -> BarWords: ...
    @property
    def motion(self) -> Motion: ...
    @property
    def view(self) -> PlayFrame: ...
    @property
    def input(self) -> MoverInput: ...
    @property
    def control(self) -> PlayPolicy: ...

    def human_to_move(self) -> Player | None: ...
    def submit(self, move: Move) -> None: ...
    def refuse_choice(self, moves: Iterable[Move]) -> str:
        """Ask before a piece is picked whose moves are `moves`: the refusal, already said
        on the bar, or "" to go on (a lesson's step refuses a piece it does not ask for)."""
        ...

    def panel_info(self, player: Player) -> PanelInfo:
        """The player's panel, as the game fills it and the seat's control dresses it."""
        ...

    def hand_rows(self, player: Player) -> dict[int, pygame.Rect]:
        """Where the player's panel lists the hand, by length."""
        ...


class GamePlay(ABC, Generic[S]):
    """One match scene's game-specific part (made by its record's `play`), for the
    game whose states are `S`."""

    #: Buttons that do not end a demo (besides a pointer in its first moments).
    demo_keeps_on: tuple = ()
    #: A turn of several moves (HARI's slides): a LAN peer's next action waits while
    #: the last one is still shown.
    paces_peer_actions = False

    def __init__(self, host: PlayHost, board: BoardView, kind: type[S]) -> None:
        self.host = host
        self.board = board
        self.kind = kind

    @property
    def state(self) -> S:
        """The position on the board, as this game's own state."""
        return narrow(self.kind, self.host.match.state)

    def history(self, most: int) -> list[S]:
        """The match's last `most` states (fewer near its start), oldest first."""
        return [narrow(self.kind, s) for s in self.host.match.history[-most:]]

    def last_played(self) -> tuple[S, Move, S] | None:
        """(before, move, after) of the move that led to the position on the board."""
        played = self.host.match.last_played
        if played is None:
            return None
        return narrow(self.kind, played.before), played.move, narrow(self.kind, played.after)

    # ----- input ---------------------------------------------------------------------

    @abstractmethod
    def handle(self, action: Action) -> None:
        """Input the scene did not take itself (pause, undo, redo, menus)."""

    def wants_back(self, mover: Player | None) -> bool:
        """Does Esc / B belong to the move input now (cancel a choice), not the pause?"""
        return False

    # ----- the match ---------------------------------------------------------------------

    def animate_move(self, event: MovePlayed) -> None:
        """Animate a move just played, with its sound (`show_move`, on the states as
        the game's own type). Its words are not said here: the scene's bar puts them
        up (`MatchBar.announce`)."""
        before, after = narrow(self.kind, event.before), narrow(self.kind, event.after)
        self.show_move(event.player, before, event.move, after)

    @abstractmethod
    def show_move(self, player: Player, before: S, move: Move, after: S) -> None:
        """`player`'s `move` from `before` to `after`, shown: animations and sounds."""

    def pass_text(self, mover: Player) -> str:
        """What the bar says while a human who cannot move is passed for."""
        # TRANSLATORS: {player} is "Dark" or "Light"
        return _("{player} cannot move: passes").format(player=side_name(mover))

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
        """H, pad Y, the bar's button: a hint; a LAN game says why none (not a dead key)."""
        if self.hints is None:
            self.host.bar.say(_("This game has no hints"), warn=True)
        elif not self.hints.request():
            kinds = {seat.kind for seat in self.host.match.seats.values()}
            if SeatKind.REMOTE in kinds:
                self.host.bar.say(_("Hints are not given in a LAN game"), warn=True)

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


class ReplayPanelsHost(ReplayHost, Protocol):
    """The replay scene, as a game's replay view draws the players' panels in it."""

    def clocks_shown(self) -> tuple[float, float] | None:
        """(Dark's, Light's) time left at the position shown, in a game played to a
        clock (None: no clock)."""
        ...


class ReplayView(ABC, Generic[S]):
    """How the replay scene draws a game whose states are `S`."""

    #: what one step is called: "move" or "action" (an identifier: the replay scene
    #: words "Move 12 of 60" or "Action 12 of 60" by it)
    unit = "move"
    bar_size = 28

    def __init__(self, board: BoardView, kind: type[S]) -> None:
        self.board = board
        self.kind = kind

    def shown(self, host: ReplayHost) -> S:
        """The position the replay shows, as this game's own state."""
        return narrow(self.kind, host.states[host.index])

    def leading_to(self, host: ReplayHost, most: int) -> list[S]:
        """The states up to the one shown, at most `most` of them, oldest first."""
        first = max(0, host.index + 1 - most)
        return [narrow(self.kind, s) for s in host.states[first : host.index + 1]]

    def handle(self, action: Action) -> bool:
        """Input beyond stepping (a hover tooltip); True when used."""
        return False

    @abstractmethod
    def draw_board(self, surface: pygame.Surface, host: ReplayHost, pal: Palette) -> None: ...

    @staticmethod
    def with_clocks(
        host: ReplayPanelsHost, infos: dict[Player, PanelInfo]
    ) -> dict[Player, PanelInfo]:
        """The panels with each side's clock as it stood at the position shown (a game
        played to a clock: docs/rules.md 5); none runs in a replay."""
        left = host.clocks_shown()
        if left is not None:
            for player, info in infos.items():
                seconds = left[player.index]
                info.clock = PanelClock(clock_text(seconds), False, seconds < SHORT)
        return infos

    @abstractmethod
    def draw_panels(
        self, surface: pygame.Surface, host: ReplayPanelsHost, layout: GameLayout, fonts: Fonts
    ) -> None: ...

    def draw_title(
        self,
        surface: pygame.Surface,
        host: ReplayHost,
        layout: GameLayout,
        title: str,
        result: str = "",
    ) -> None:
        """The title between the game's name (left) and the result (right, "" for none;
        a third of the bar at most), kept clear of both: it wraps in what is left."""
        pal, fonts, u = host.app.palette, host.app.fonts, layout.u
        side, (px, result) = int(300 * u), fit_line(fonts, result, 28 * u, layout.top.w // 3, True)
        if result:
            at = (layout.top.right - int(20 * u), layout.top.centery)
            shown = blit_text(surface, fonts, result, px, pal.accent, at, "midright", True)
            side = max(side, layout.top.right - shown.left + int(10 * u))
        bar = layout.top.inflate(-2 * side, 0)
        draw_bar_text(surface, fonts, pal, bar, title, int(40 * u), pal.text, True)
        self.draw_corner(surface, host, layout)

    def draw_corner(self, surface: pygame.Surface, host: ReplayHost, layout: GameLayout) -> None:
        """The top bar's left end: the game's name."""
        pal, fonts, u = host.app.palette, host.app.fonts, layout.u
        at = (int(20 * u), layout.top.centery)
        name = host.states[0].game.upper()
        blit_text(surface, fonts, name, int(26 * u), pal.text_dim, at, "midleft", True)

    def step_note(self, host: ReplayHost) -> str:
        """What the bar adds after the move's words (HARI: the turn's budget)."""
        return ""

    def over_text(self, state: GameState, resigned: Player | None = None) -> str:
        """How the game ended: who won, or who resigned a game the moves left open."""
        if resigned is not None and not state.is_over:
            # TRANSLATORS: {side} gave up the game, {player} won it: each "Dark" or "Light"
            return _("{side} resigned: {player} wins").format(
                side=side_name(resigned), player=side_name(resigned.other)
            )
        if state.winner is None:
            return _("Game over: a draw")
        # TRANSLATORS: {player} is "Dark" or "Light"
        return _("Game over: {player} wins").format(player=side_name(state.winner))

    def draw_overlay(self, surface: pygame.Surface, host: ReplayHost, u: float) -> None:  # noqa: B027
        """Anything drawn over the rest (a tooltip)."""


@dataclass(frozen=True)
class GameEntry(Generic[S]):
    """One game the client plays, declared once in its folder and found by `name`
    in the registry: everything the client knows of the game."""

    name: str  # the rules engine's game name: "isaac"
    title: str  # "ISAAC"
    kind: type[S]  # its states' type: `IsaacState`
    play: Callable[[PlayHost], GamePlay[S]]  # its part of a new match scene
    replay_view: Callable[[Fonts], ReplayView[S]]
    rules_book: Callable[[Fonts], RulesBook]
    #: a move in the words players use, who did what, a piece by its printed value
    #: (docs/rules.md 0: "Light places the 2 on row 3, columns 1-4"), and the news it brought
    #: ("Placement over. ..."): the bar's announcement, the move list and the replay
    words: Callable[[S, Move, S], MoveWords]
    #: why the game ended as it did, under the results' scores ("Tie-break: ...")
    result: Callable[[S], str] = lambda state: ""
    #: what the results' score boxes count (": in hand"), if not a score: an English
    #: source marked with `N_`, translated where it is shown
    score_suffix: str = ""
    #: what each side's score counts, as the report's graph names its two lines (English
    #: sources marked with `N_`)
    score_lines: tuple[str, str] = (N_("Dark's score"), N_("Light's score"))
    lesson: Lesson[S] | None = None  # the guided first game (Learn to play)
    puzzles: tuple[Puzzle, ...] = ()
    #: `words` as read from the side of the board facing the screen, for a game whose
    #: words name what turns with the board: ways on the screen (HARI's "two cells
    #: left": `board_view.way_word`), rows and columns in that player's own coordinates
    #: (`board_view.own_cell`). None: `words`, which reads the board from Dark's side.
    facing_words: Callable[[S, Move, S, Player], MoveWords] | None = None

    def describe(
        self, before: GameState, move: Move, after: GameState, facing: Player = Player.DARK
    ) -> MoveWords:
        """`move`, played from `before` to `after`, in words, as read from `facing`'s
        side of the board (any game's states in, this game's out: the move list and
        the puzzles hold plain `GameState`s)."""
        b, a = narrow(self.kind, before), narrow(self.kind, after)
        if self.facing_words is not None:
            return self.facing_words(b, move, a, facing)
        return self.words(b, move, a)

    #: the refusals of this game's own rules in words (`words.why_not` says the shared
    #: ones: a taken cell, a piece not in hand...)
    refusals: OwnRefusals | None = None

    def why_not(self, error: ValueError | Refusal, facing: Player = Player.DARK) -> str:
        """Why the rules refuse a move, in words, as read from `facing`'s side."""
        return why_not(error, facing, self.refusals)

    def why_over(self, state: GameState) -> str:
        """Why the finished game `state` ended as it did, in words."""
        return self.result(narrow(self.kind, state))
