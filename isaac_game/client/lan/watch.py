"""Watching a game (docs/protocol.md 1.2, issue 44): the match scene that plays every
game, handed a spectator's control, as a LAN game is handed `LanControl`.

So the board, the panels (names by colour, the hands as the game shows them, each
side's clock by its name), the last move in the bar's words, the move list and the
chat box are the game screen's own, drawn by the same code. What the control adds:
the moves come from a `LanWatch` (the host's game, checked move by move), both seats
are remote, so a click on the board does nothing and undo is off; the clocks are the
host's, run down between its words; under the right-hand panel, how many watch, the
link, the result once the game is over and the keys; over the board, what stands in
the way of watching: the game looked for, a lost link, or a refusal ("16 spectators
already watch") with a way back. Esc (or the pad's B or Start) leaves: to the title,
or, started by `isaac watch`, the window closes.

The game followed changes with the host's table: a rematch, or the view after a lost
link, comes as a new view (`LanWatch.games`); one that goes on from the moves shown is
played on, any other is shown afresh from its last move. A host that plays another
game than the one asked for names it in its refusal, and it is watched again as that.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from isaac_game.clock import SHORT, clock_text
from isaac_game.i18n import N_, _, ngettext, pgettext
from isaac_game.lan import WRONG_GAME, RemoteSeat
from isaac_game.lan.online import CODE_LOCKED, WRONG_CODE
from isaac_game.lan.watch import CLOSED, LOOKING, WATCHING, LanWatch
from isaac_game.match import Match, SeatKind
from isaac_game.rules import GameState, Player, positions

from ..control import ControlledScene, MatchControl
from ..games.base import GamePlay
from ..handoff import GameSetup
from ..input import Action, Button
from ..scene import Jump, Question
from ..theme import TextPart, draw_panel, draw_texts
from ..widgets.hud import GameLayout, PanelClock, PanelInfo
from ..widgets.menu import Menu, MenuItem
from ..words import side_name
from .control import CATCH_UP, LAN_BOX_H
from .hud import ChatBox, boxes_under_panels, draw_notice, link_word, notice_box, watching_text
from .online_lobby import LOCKED_SAID, NOBODY_SAID, WRONG_CODE_SAID, unreachable

if TYPE_CHECKING:
    from ..app import App
    from ..widgets.motion import Motion

#: docs/protocol.md 1.2's refusals of a spectator (the wire's codes, as `net.messages`
#: names them: the window never imports `net`), and how many may watch at most.
NO_GAME = "no-game"
WATCH_FULL = "watch-full"
MOST_SPECTATORS = 16

#: The notice over the board, at ui scale 1: its height, and the Back button's row.
NOTICE_H = 250
BACK_PX = 30


class WatchGame(ControlledScene, Protocol):
    """The match scene, as a spectator's control sees it."""

    control: WatchControl
    play: GamePlay
    motion: Motion

    def follow(self, match: Match, announce: str = "") -> None: ...
    def age_by(self, dt: float) -> None: ...


def watch_setup(watch: LanWatch) -> GameSetup:
    """The setup a watched game's scene starts from: people play both seats."""
    return GameSetup(watch.adapter.game, "human", "human")


def result_words(watch: LanWatch) -> list[str]:
    """How the game watched ended, in words: who ran out of time, who resigned, who
    won (the words the game's own screens use)."""
    flagged, resigned, state = watch.flagged, watch.resigned, watch.state
    if flagged is not None:
        # TRANSLATORS: a game lost on time; {player} is "Dark" or "Light"
        out = _("{player} ran out of time").format(player=side_name(flagged))
        # TRANSLATORS: {player} is "Dark" or "Light"
        return [out, _("Game over: {player} wins").format(player=side_name(flagged.other))]
    if resigned is not None and not state.is_over:
        # TRANSLATORS: {side} gave up the game, {player} won it: each "Dark" or "Light"
        said = _("{side} resigned: {player} wins")
        return [said.format(side=side_name(resigned), player=side_name(resigned.other))]
    if state.winner is None:
        return [_("Game over: a draw")]
    return [_("Game over: {player} wins").format(player=side_name(state.winner))]


def link_words(link: str) -> str:
    """A spectator's link (`isaac_game.lan.watch`'s states) in the player's language,
    while it is not watching (then the box says how many watch)."""
    if link == LOOKING:
        return _("Looking for the game...")
    return link_word(link)  # "reconnecting...", "closed": the LAN's words


def refusal_words(watch: LanWatch) -> str:
    """Why the host (or the relay) will not let this one watch, in one line."""
    code, where = watch.rejected_code, watch.where
    if code == WATCH_FULL:
        # TRANSLATORS: {count} is how many may watch a game at most (16)
        said = ngettext(
            "{count} spectator already watches this game: there is no room for one more",
            "{count} spectators already watch this game: there is no room for one more",
            MOST_SPECTATORS,
        )
        return said.format(count=MOST_SPECTATORS)
    if code == NO_GAME:
        return _("No game is being played there: a game can be watched once it has begun")
    if code == WRONG_CODE:
        return _(WRONG_CODE_SAID)
    if code == CODE_LOCKED:
        return _(LOCKED_SAID)
    if code == WRONG_GAME and watch.rejected_game:
        # TRANSLATORS: {game} is a game's name (HARI): the host plays it
        said = _("The host plays {game}, which cannot be watched here")
        return said.format(game=watch.rejected_game.upper())
    # TRANSLATORS: {reason} is the host's own words (sent over the network)
    return _("{address} turned us away: {reason}").format(address=where, reason=watch.rejected)


def closed_words(watch: LanWatch) -> str:
    """Why watching stopped before the game was over (the host could not be reached, or
    it closed the connection), in one line."""
    reason, where = watch.closed or "", watch.where
    if not reason.startswith("could not connect"):
        # TRANSLATORS: {reason}: why, often the network's own words
        return _("The host closed the connection: {reason}").format(reason=reason or "?")
    reason = reason.removeprefix("could not connect:").strip() or reason
    if watch.through_relay:
        if reason == "no host answered":
            return _(NOBODY_SAID).format(code=where)
        return unreachable(watch.relay, reason)
    if "refused" in reason.lower() or "failed" in reason.lower():
        reason = _("nobody is hosting a game there")
    # TRANSLATORS: {reason}: why, often the system's own words
    return _("Could not connect to {address}: {reason}").format(address=where, reason=reason)


class WatchControl(MatchControl[WatchGame]):
    """A spectator's game on the match scene: the moves and the clocks are the host's,
    the chat goes to the other spectators, and nothing the spectator does moves."""

    local = False
    legal_dots = False
    escape_leaves = True

    def __init__(
        self, app: App, watch: LanWatch, games: tuple[str, ...] = (), redialled: bool = False
    ) -> None:
        super().__init__()
        self.app = app
        self.watch = watch
        self.games = games  # the games this client shows
        watch.wake_with(app.wake)  # news from the network is drawn as it comes
        self.chat = ChatBox(app, watch)
        self.info_box = pygame.Rect(0, 0, 0, 0)
        self.notice = pygame.Rect(0, 0, 0, 0)
        self.small_notice = pygame.Rect(0, 0, 0, 0)
        self.back = Menu([MenuItem(N_("Back"), self.leave, key="back")])
        self.redialled = redialled  # watched again for the game a refusal named (once)
        self.views = 0  # the watch's views of a game followed so far
        self.names = dict(watch.names)  # the names of the game shown
        self.record: tuple[str, ...] = ()  # the moves handed to the seats
        self.seats: list[RemoteSeat] = []
        self.told: tuple[Player | None, Player | None] = (None, None)  # flag, resignation
        self.chat_heard = 0
        self.first = self._match_at(())

    @property
    def game(self) -> WatchGame | None:
        return self.scene

    # ----- the match followed ---------------------------------------------------------

    def make_match(self, setup: GameSetup) -> Match | None:
        return self.first

    def _match_at(self, moves: tuple[str, ...]) -> Match:
        """A match at the end of `moves`, which can show its last move; its seats hand
        it the host's next moves as they come (`_feed`)."""
        self.seats = [RemoteSeat(p, self.watch.names[p], self._ignore) for p in Player]
        for seat in self.seats:
            seat.record = list(moves)
        self.record = moves
        history = positions(self.watch.adapter.game, moves)
        return Match.resume({seat.player: seat for seat in self.seats}, history)

    @staticmethod
    def _ignore(move: str) -> None:
        """A remote seat sends its side's moves: here neither side is ours to send."""

    def pump(self) -> None:
        """One `watch.update()` (never blocks): a new view followed, the moves handed on,
        the news said."""
        game, w = self.game, self.watch
        assert game is not None
        if w.update():
            self.app.request_redraw()
            if w.rejected is not None and self._redial():
                return
            if w.games != self.views:
                self._new_view(game)
            self._feed(game)
        self._news(game)

    def _new_view(self, game: WatchGame) -> None:
        """The host sent the whole game: go on with the one shown if it is that one and
        not far behind, else show it afresh from its last move."""
        w = self.watch
        first, self.views = self.views == 0, w.games
        moves = tuple(w.state.moves)
        same = w.names == self.names and moves[: len(self.record)] == self.record
        self.names = dict(w.names)
        dark, light = (w.names[p] or "?" for p in Player)
        if first:
            # TRANSLATORS: a spectator's screen starts: the players' names by colour
            news = _("Watching {dark} (Dark) against {light} (Light)")
        else:
            # TRANSLATORS: the host's table starts another game (a rematch)
            news = _("New game: {dark} (Dark) against {light} (Light)")
        news = news.format(dark=dark, light=light) if first or not same else ""
        if same and len(moves) - game.match.state.ply <= CATCH_UP:
            if news:
                game.bar.say(news)
            return
        self.told = (w.flagged, w.resigned)  # shown as it stands: not news
        game.follow(self._match_at(moves), news)

    def _feed(self, game: WatchGame) -> None:
        """The host's new moves to the seats, which the scene plays one by one as a peer's
        are; far behind (a window that could not keep up), the board jumps to the last."""
        moves = tuple(self.watch.state.moves)
        if len(moves) <= len(self.record) or moves[: len(self.record)] != self.record:
            return
        if len(moves) - game.match.state.ply > CATCH_UP:
            game.follow(self._match_at(moves))
            return
        self.record = moves
        for seat in self.seats:
            seat.record = list(moves)

    def _news(self, game: WatchGame) -> None:
        """A flag, a resignation and a chat line, said once each."""
        w = self.watch
        if (w.flagged, w.resigned) != self.told:
            self.told = (w.flagged, w.resigned)
            self.app.request_redraw()
            if w.finished:  # who ran out of time, or who resigned
                game.bar.say(result_words(w)[0], seconds=8.0)
        lines = w.chat_lines
        if len(lines) > self.chat_heard and not lines[-1].mine:
            self.app.audio.play("click")
        self.chat_heard = len(lines)

    def _redial(self) -> bool:
        """A host that plays another game names it: watch that one, once (True)."""
        w = self.watch
        named = w.rejected_game
        if w.rejected_code != WRONG_GAME or self.redialled or self.views or not named:
            return False
        if named == w.adapter.game or named not in self.games:
            return False
        again = w.again(named)
        again.start()
        self.app.switch("watch", again, redialled=True)
        return True

    def caught_up(self) -> bool:
        game = self.game
        return game is not None and game.match.state.ply >= len(self.watch.state.moves)

    # ----- what may happen now (`TurnPolicy`) ----------------------------------------

    def may_move(self) -> bool:
        return False  # a spectator never moves

    def finished(self) -> bool:
        """Over once the host said so and the board shows every move."""
        return self.views > 0 and self.watch.finished and self.caught_up()

    def seat_kind(self, player: Player, setup: GameSetup) -> str:
        return SeatKind.REMOTE

    def seat_label(self, player: Player, setup: GameSetup) -> str:
        return self.names.get(player, "")  # none until the host names them

    def waiting_text(self, player: Player, setup: GameSetup) -> str:
        """ "Bob's turn" (a person plays each seat: never "thinking..."); before the
        game is seen, that it is looked for."""
        if self.stopped():
            return _("Cannot watch")
        if not self.views:
            return link_words(LOOKING)
        name = self.names.get(player) or side_name(player)
        return _("{name}'s turn").format(name=name)

    def facing(self, state: GameState, setup: GameSetup, turn_for_mover: bool) -> Player | None:
        return Player.DARK  # as a demo shows it (F turns it)

    def refuse_undo(self, what: Jump) -> str:
        if what is Jump.REDO:
            return _("Redo is off in LAN games")
        return _("Undo is off in LAN games")

    # ----- the game on disk (`HeadersPolicy`): a spectator keeps none ----------------

    keeps_games = False

    def leave_question(self, leave: Callable[[], None]) -> Question | None:
        return None  # nothing to lose

    # ----- input ----------------------------------------------------------------------

    def stopped(self) -> str:
        """Why nothing can be watched here ("" while it can): a refusal, or the host
        gone before the game was over. The notice over the board says it, with Back."""
        w = self.watch
        if w.rejected is not None:
            return refusal_words(w)
        if w.closed is not None and not (self.views and w.finished):
            return closed_words(w)
        return ""

    def handle(self, action: Action) -> bool:
        """The chat first (T, and everything while a line is typed); Esc, B or Start
        leaves; with a notice that has Back, its button."""
        if self.chat.handle(action):
            return True
        if action.button in (Button.BACK, Button.PAUSE):
            self.leave()
            return True
        if self.stopped():
            return self.back.handle(action)
        return False

    def leave(self) -> None:
        """Back to the title; started by `isaac watch` (no title under it), the window
        closes."""
        app, scene = self.app, self.scene
        if any(s.name == "title" for s in app.scenes):
            app.pop_to("title")
        elif scene is not None:
            app.pop(scene)  # type: ignore[arg-type]

    # ----- the frame -------------------------------------------------------------------

    def update(self, dt: float) -> bool:
        """The host's news in; once the game is over (and shown), time only passes: the
        board stays as it ended, with no results screen, until the next game."""
        self.pump()
        return self.finished() or bool(self.stopped())

    def tick_behind(self, dt: float) -> None:
        self.pump()
        if self.game is not None:
            self.game.age_by(dt)

    def clock_running(self) -> Player | None:
        """The side whose clock runs now (None: no clock, or none runs)."""
        w = self.watch
        side = w.state.to_move
        if w.clock is None or side is None or w.finished or w.link != WATCHING:
            return None
        return side

    def keeps_time(self) -> bool:
        """A clock running, "looking..." counting its dots, the line being typed blinking."""
        link = self.watch.link != WATCHING and not self.stopped()
        return link or self.chat.typing or self.clock_running() is not None

    def on_exit(self) -> None:
        self.chat.close()
        self.watch.close()

    # ----- drawing -----------------------------------------------------------------------

    def relayout(self, layout: GameLayout) -> None:
        """The chat under the left-hand panel, the watch's box under the right-hand one
        (as a LAN game's), and the notice over the board with its Back button."""
        u = layout.u
        self.chat.rect, self.info_box = boxes_under_panels(layout, LAN_BOX_H)
        self.notice = notice_box(layout.board_area, u, NOTICE_H)  # with Back
        self.small_notice = notice_box(layout.board_area, u)
        button = pygame.Rect(0, 0, int(260 * u), int(BACK_PX * u * 1.7))
        button.midbottom = (self.notice.centerx, self.notice.bottom - int(14 * u))
        self.back.layout(button, int(BACK_PX * u))

    def draw(self, surface: pygame.Surface, layout: GameLayout) -> None:
        pal, fonts, u = self.app.palette, self.app.fonts, layout.u
        self.chat.draw(surface, fonts, pal, u)
        self._draw_info(surface, u)
        title, parts = self._notice(u)
        if title and self.stopped():
            foot = self.back.area.height + int(20 * u)
            draw_notice(surface, fonts, pal, self.notice, title, parts, u, foot)
            self.back.draw(surface, fonts, pal)
        elif title:
            draw_notice(surface, fonts, pal, self.small_notice, title, parts, u)

    def _draw_info(self, surface: pygame.Surface, u: float) -> None:
        """How many watch, the link, the result once the game is over, the keys."""
        rect = self.info_box
        if rect.height < 40 * u:
            return
        pal, fonts, w = self.app.palette, self.app.fonts, self.watch
        draw_panel(surface, rect, pal, radius=int(12 * u))
        pad, px = int(10 * u), int(22 * u)
        if w.link == WATCHING:  # how many watch, this one included
            parts: list[TextPart] = [(watching_text(w.watchers), pal.legal, int(28 * u), True)]
        elif self.stopped():
            parts = [(link_words(CLOSED), pal.illegal, int(28 * u), True)]
        else:
            link = pal.text_dim if w.link == LOOKING else pal.illegal
            parts = [(link_words(w.link), link, int(28 * u), True)]
        if self.finished():
            parts += [(line, pal.accent, int(26 * u), True) for line in result_words(w)]
        hints = (
            _("T: chat   L: moves   Esc: leave"),
            # TRANSLATORS: a spectator's chat
            _("Your chat goes to the other spectators; the players read it after the game"),
        )
        parts += [(hint, pal.text_dim, px, False) for hint in hints]
        draw_texts(surface, fonts, rect.inflate(-2 * pad, -2 * pad), parts, "left")

    def _notice(self, u: float) -> tuple[str, list[TextPart]]:
        """What the notice over the board says now: ("", []) for no notice."""
        pal, w = self.app.palette, self.watch
        if stopped := self.stopped():
            return _("Cannot watch"), [(stopped, pal.illegal, int(28 * u), True)]
        if w.link == LOOKING:
            dots = "." * (1 + int(self.app.time * 2) % 3)
            where = w.where
            if w.through_relay:
                # TRANSLATORS: {code}: the watch code typed; {dots}: one to three dots
                title = _("Looking for the game with the code {code}{dots}")
                title = title.format(code=where, dots=dots)
            else:
                # TRANSLATORS: {address}: the host's; {dots}: one to three dots
                title = _("Looking for the game at {address}{dots}")
                title = title.format(address=where, dots=dots)
            return title, [(_("Esc or B: cancel"), pal.text_dim, int(22 * u), False)]
        if w.link != WATCHING and not w.finished:
            note = _("The game shows again by itself when the link returns.")
            return _("Connection to the host lost"), [
                (link_words(w.link), pal.illegal, int(34 * u), True),
                (note, pal.text_dim, int(22 * u), False),
            ]
        return "", []

    def dress_panel(self, info: PanelInfo, player: Player) -> PanelInfo:
        """Each side's clock by its name (the host's, run down between its words), and who
        resigned, ran out of time or won."""
        w = self.watch
        left = 0.0 if w.flagged == player else w.time_left(player)
        if left is not None and self.views:
            info.clock = PanelClock(clock_text(left), self.clock_running() == player, left < SHORT)
        out = w.flagged if w.flagged is not None else w.resigned
        if out is not None and self.caught_up():
            if out == player and w.flagged is not None:
                info.status = pgettext("player status", "out of time")
            elif out == player:
                info.status = pgettext("player status", "resigned")
            else:
                info.status = _("winner")
        return info
