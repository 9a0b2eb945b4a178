"""A LAN game, as the match scene's control (`client/control.py`): the same scene that
plays a local game, handed this object.

The session owns the match (rebuilt on every new game, kept across a rejoin unless the
records parted, when it is rebuilt from the host's: docs/protocol.md 1.1 rule 6); the
control follows `session.match` and calls `session.update()` once per frame, which
never blocks. Local moves go in exactly as in local play (the human seat here);
each is sent as it is played (a HARI slide as soon as it is made), and the remote
seat's moves arrive through the session one by one. Undo and redo are off. On top
of the game's usual screen: the opponent's name and the link's state, a chat box
(T), a "reconnecting..." notice over the board while the link is down, resign in
the pause menu, and, once the link has been gone for the rejoin window (after a lost
link or the peer's `bye`, which 1.1 makes a pause: "left for now"), a choice to save
the game or leave; the host's game is saved as soon as the
session holds it for its absent joiner, and only the host's "New game" frees the seat.
A saved LAN game carries `Lan*` header lines (`isaac_game.lan.lan_headers`), so the
host can host it again and the joiner's ticket still fits.

A game whose turn is several actions (HARI) has the peer's next action held back
while the last one still shows, as a computer's turn is paced, unless a backlog
piled up (a rejoin).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from isaac_game.i18n import N_, _, pgettext
from isaac_game.lan import (
    CLOSED,
    CONNECTED,
    LOST,
    RECONNECTING,
    ChatReceived,
    Closed,
    GameClosed,
    GameHeld,
    GameStarted,
    LanSession,
    LinkLost,
    NetEvent,
    PeerError,
    PeerMisbehaved,
    PeerResigned,
    Throttled,
    has_moved,
    lan_headers,
)
from isaac_game.match import Match, SeatKind
from isaac_game.rules import HUMAN, LAN_SUFFIX, GameState, Key, Player, seat_headers

from ..control import ControlledScene, MatchControl
from ..games.base import GamePlay
from ..handoff import GameOutcome, GameSetup
from ..input import Action
from ..scene import Jump, Question
from ..widgets.hud import GameLayout, PanelInfo
from ..widgets.menu import MenuItem
from ..widgets.motion import Motion
from ..words import side_name
from .hud import ChatBox, boxes_under_panels, draw_link_box, draw_lost_notice, link_word

if TYPE_CHECKING:
    from ..app import App

LAN_BOX_H = 175  # chat and link boxes under the panels, at ui scale 1
#: More of the peer's actions waiting than this: show them without pauses.
CATCH_UP = 4


class SavesNow(Protocol):
    """The match scene's keeping, as a LAN game kept when its joiner is gone sees it."""

    def save(self) -> str:
        """Save the game to its file now; a message for the user."""
        ...


class LanGame(ControlledScene, Protocol):
    """The match scene, as the LAN control and its dialogs see it."""

    control: LanControl
    play: GamePlay
    motion: Motion
    keeping: SavesNow

    def follow(self, match: Match, announce: str = "") -> None: ...
    def age_by(self, dt: float) -> None: ...
    def run_clocks(self, dt: float) -> None: ...
    def tick_behind(self, dt: float) -> None: ...


def lan_setup(session: LanSession, save_path: Path | None = None) -> GameSetup:
    """The setup a LAN game's scene starts from (both seats are people); `save_path`:
    the file of a saved game hosted again, which it goes on being kept in."""
    return GameSetup(session.adapter.game, "human", "human", save_path=save_path)


class LanControl(MatchControl[LanGame]):
    local = False
    results_scene = "lan_results"

    def __init__(self, app: App, session: LanSession) -> None:
        super().__init__()
        self.app = app
        self.session = session
        session.wake_with(app.wake)  # news from the network is drawn as it comes
        self.chat = ChatBox(app, session)
        self.link_box = pygame.Rect(0, 0, 0, 0)
        self.offered_give_up = False
        #: Host: what saving the game said once the session held it ("" until then).
        self.kept = ""
        self.games_seen = session.games  # games of the session the scene has followed

    @property
    def game(self) -> LanGame | None:
        """The match scene, once attached (the LAN's view of it)."""
        return self.scene

    @property
    def keeps_games(self) -> bool:
        """A LAN game goes on disk (after every move) once the peer has played in it:
        until then it has nothing to lose, and a drive-by joiner (hello, then gone)
        would leave a file for each visit."""
        match = self.session.match
        return match is not None and has_moved(match.state, self.session.remote.player)

    def make_match(self, setup: GameSetup) -> Match | None:
        return self.session.match

    @property
    def you(self) -> Player | None:
        return self.session.you

    # ----- following the session ------------------------------------------------------

    def pump(self) -> None:
        """One `session.update()`: network news in, at most one move played."""
        game = self.game
        assert game is not None
        events = self.session.update()
        if events:  # a chat line, the link, a move: on screen in this frame
            self.app.request_redraw()
        for event in events:
            if isinstance(event, NetEvent):
                self._net_event(event)
            else:
                game.handle_events([event])
        s = self.session
        if s.role == "host" and s.held and s.stalled and not self.kept and game.match is s.match:
            # the joiner is gone for good: the game is kept on disk before anything else
            # (unless it never moved: a drive-by's game has nothing to lose)
            self.kept = game.keeping.save() if s.worth_keeping else ""
        match = self.session.match
        if match is not None and match is not game.match:
            self.offered_give_up = False
            self.kept = ""
            you = self.you
            news = _("New game: you play {side}").format(side=side_name(you)) if you else ""
            if self.session.games == self.games_seen:  # a rejoin rebuilt it (after a desync)
                news = _("Back in step: the game goes on from the host's record")
            self.games_seen = self.session.games
            game.follow(match, news)
        if unclocked := s.clock_notice():  # a joiner whose program has no clock (1.1)
            # TRANSLATORS: {name}: the joiner, whose (older) program cannot keep a clock;
            # the host chose one for the game
            said = _("{name}'s program has no clock: this game is played without one")
            game.bar.say(said.format(name=unclocked), warn=True, seconds=6.0)

    def _net_event(self, event: NetEvent) -> None:
        game, s = self.game, self.session
        assert game is not None
        opp = s.opponent or _("The opponent")  # a name: the peer's own words
        if isinstance(event, GameStarted) and event.resumed:
            game.bar.say(_("Reconnected: the game goes on"))
        elif isinstance(event, ChatReceived):
            self.app.audio.play("click")
        elif isinstance(event, PeerResigned):
            game.bar.say(_("{name} resigned").format(name=opp))
        elif isinstance(event, LinkLost) and event.bye:  # docs/protocol.md 1.1: a pause
            said = _("{name} left for now: the game is kept for their return")
            game.bar.say(said.format(name=opp), warn=True)
        elif isinstance(event, LinkLost):
            said = _("Connection to {name} lost: reconnecting...")
            game.bar.say(said.format(name=opp), warn=True)
        elif isinstance(event, GameClosed | GameHeld | Closed) and not s.finished:
            if s.link == CLOSED:
                game.bar.say(_("{name} left the game").format(name=opp), warn=True)
        elif isinstance(event, PeerError | PeerMisbehaved):
            # TRANSLATORS: {code} and {message} are the peer's error, as the protocol says it
            said = _("Network: {code} {message}").format(code=event.code, message=event.msg)
            game.bar.say(said, warn=True)
        elif isinstance(event, Throttled):
            game.bar.say(self._throttled(opp, event.what), warn=True)

    @staticmethod
    def _throttled(name: str, what: str) -> str:
        """The peer sends too much of `what` (the network's words: "chat lines", "error
        messages", "messages of unknown types")."""
        if what == "chat lines":
            return _("{name} sends too many chat lines: some are not shown").format(name=name)
        if what == "error messages":
            return _("{name} sends too many error messages: some are not shown").format(name=name)
        if what == "messages of unknown types":
            return _("{name} sends too many messages of unknown types: some are not shown").format(
                name=name
            )
        # TRANSLATORS: {what} names the kind of message, as the network code calls it
        return _("{name} sends too many {what}: some are not shown").format(name=name, what=what)

    # ----- what may happen now --------------------------------------------------------

    def may_move(self) -> bool:
        """May the local player move? Not once the game is decided or the peer is gone
        for good, nor once our clock shows no time left (the host's clock decides: its
        word that the time ran out is on its way); while the link is merely down, yes
        (the moves follow on rejoin)."""
        s = self.session
        return s.playing and s.link not in (LOST, CLOSED) and not self._out_of_time()

    def _out_of_time(self) -> bool:
        """Does our clock show no time left?"""
        match, you = self.session.match, self.you
        clocks = None if match is None else match.clocks
        return clocks is not None and you is not None and clocks.left(you) <= 0

    def finished(self) -> bool:
        return self.session.finished

    def result_headers(self, state: GameState) -> dict[str, str]:
        """A resigned game's record says so (`light resigns, dark wins`)."""
        if self.session.resigned is None or state.is_over:
            return {}
        return {Key.RESULT: self.session.result()}

    def seat_kind(self, player: Player, setup: GameSetup) -> str:
        return SeatKind.REMOTE if player != self.you else SeatKind.HUMAN

    def facing(self, state: GameState, setup: GameSetup, turn_for_mover: bool) -> Player | None:
        """Each screen shows the board from its own player's side (Dark's until the
        session says which side this is)."""
        return self.you or Player.DARK

    def seat_label(self, player: Player, setup: GameSetup) -> str:
        if player == self.you:
            return _("You: {name}").format(name=self.session.name)
        return _("{name} (over the LAN)").format(name=self.session.opponent or "?")

    def waiting_text(self, player: Player, setup: GameSetup) -> str:
        """A person plays the other seat: "Bob's turn" (never "thinking...")."""
        if player != self.you:
            if self.session.opponent:
                return _("{name}'s turn").format(name=self.session.opponent)
            return _("The opponent's turn")
        return super().waiting_text(player, setup)

    def headers(self, setup: GameSetup) -> dict[str, str]:
        s = self.session
        names = {self.you: s.name, s.remote.player: s.opponent}
        # a saved LAN game continues as a hotseat game: both kinds are human
        seats = [seat_headers(p, f"{names.get(p, '?')}{LAN_SUFFIX}", HUMAN) for p in Player]
        return {**seats[0], **seats[1], **lan_headers(s)}  # lan_headers: to host it again

    def leave_question(self, leave: Callable[[], None]) -> Question:
        opp = self.session.opponent

        def resign() -> None:
            self.session.resign()
            if self.game is not None:
                self.game.bar.say(_("You resigned"))

        if opp:
            text = _("Your seat is kept for a while: come back to go on against {name}.")
        else:
            text = _("Your seat is kept for a while: come back to go on against the opponent.")
        return Question(
            _("Leave the game?"),
            text.format(name=opp),
            [
                MenuItem(N_("Leave for now (your seat is kept)"), leave, key="leave"),
                MenuItem(N_("Resign"), resign, enabled=self.may_move, key="resign"),
                MenuItem(N_("Stay"), key="stay"),
            ],
        )

    def refuse_undo(self, what: Jump) -> str:
        if what is Jump.REDO:
            return _("Redo is off in LAN games")
        return _("Undo is off in LAN games")

    def outcome_handoff(self, outcome: GameOutcome) -> tuple:
        self.chat.close()  # the results have a chat box of their own
        return (outcome, self.session)

    # ----- input ------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        return self.chat.handle(action)

    def pause_items(self) -> list[MenuItem]:
        return [MenuItem(N_("Resign"), self.ask_resign, enabled=self.may_move, key="resign")]

    def ask_resign(self) -> None:
        def resign() -> None:
            self.app.pop_to("match")
            self.session.resign()
            if self.game is not None:
                self.game.bar.say(_("You resigned"))

        self.app.open("confirm", N_("Resign this game?"), N_("Resign"), resign, self.game)

    # ----- the frame ----------------------------------------------------------------------

    def tick_behind(self, dt: float) -> None:
        """Keep the network, the clocks and the board going under an overlay (pause,
        dialogs): the host's clock does not stop for them."""
        self.pump()
        if self.game is not None:
            self.game.run_clocks(dt)
            self.game.age_by(dt)

    def update(self, dt: float) -> bool:
        if not self.holding_back():
            self.pump()
        s, game = self.session, self.game
        assert game is not None
        if s.link == CONNECTED:
            self.offered_give_up = False
            self.kept = ""  # back: a later hold saves again
        if s.finished:
            return False  # the scene hands over to the results
        if (s.can_give_up or s.stalled) and not self.offered_give_up:
            self.offered_give_up = True
            self.app.open("give_up", game)
            game.run_clocks(dt)
            return True
        mover = game.match.state.to_move
        # the local player cannot move: no auto-pass either, time only passes (and the
        # clock of the side to move with it, as the host's does)
        stands = mover is not None and mover == self.you and not self.may_move()
        if stands:
            game.run_clocks(dt)
        return stands

    def keeps_time(self) -> bool:
        # the seat kept "1:48 more" counts down, "waiting"; the line being typed blinks
        return self.session.link != CONNECTED or self.chat.typing

    def holding_back(self) -> bool:
        """Is the peer to move while the last action still shows? Then its next action
        waits (one update brings both the echo of ours and the peer's reply, so the
        pause cannot wait for the reply to be there); the scene plays it once the
        pause is over. News from the network waits as long (under a second: the
        link's heartbeat runs on the network thread)."""
        s, game = self.session, self.game
        if game is None or not game.play.paces_peer_actions:
            return False
        match = game.match
        if not game.motion.showing_move() or match is not s.match or not s.playing:
            return False
        backlog = len(s.remote.record) - match.state.ply
        return match.seat_to_move is s.remote and backlog <= CATCH_UP

    def on_exit(self) -> None:
        self.chat.close()
        self.session.close()

    # ----- drawing --------------------------------------------------------------------------

    def relayout(self, layout: GameLayout) -> None:
        self.chat.rect, self.link_box = boxes_under_panels(layout, LAN_BOX_H)

    def draw(self, surface: pygame.Surface, layout: GameLayout) -> None:
        pal, fonts, u = self.app.palette, self.app.fonts, layout.u
        self.chat.draw(surface, fonts, pal, u)
        draw_link_box(surface, fonts, pal, self.link_box, self.session, u)
        if self.session.link == RECONNECTING and not self.session.finished:
            draw_lost_notice(surface, fonts, pal, layout.board_area, self.session, u)

    def dress_panel(self, info: PanelInfo, player: Player) -> PanelInfo:
        s = self.session
        game = self.game
        over = game is not None and game.match.state.is_over
        if player != self.you and s.link != CONNECTED and not over:
            info.status = (
                link_word(s.link) if s.link != CLOSED else pgettext("player status", "left")
            )
        if s.resigned == player:
            info.status = pgettext("player status", "resigned")
        elif s.resigned is not None and s.resigned != player:
            info.status = _("winner")
        return info
