"""The choice offered in a LAN game when the opponent is gone for good: save the game,
leave, or keep waiting; on the host's side also "New game", the only way its table
takes another player. It keeps the game's network going underneath (`tick_behind`),
so nothing stalls while it is open. (The yes/no question, resign?, is the generic
"confirm" scene.)

The host's game is saved before this asks anything (the LAN control does it as soon
as the session holds the game), and its joiner may still come back with its ticket:
the dialog then closes by itself. A joiner gone before its first move leaves nothing
to come back to: the host frees its seat at once (docs/protocol.md rule 4), and the
dialog says so, as after "New game".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from isaac_game.i18n import N_, _, ngettext
from isaac_game.lan import CLOSED, CONNECTED, RECONNECTING, LanSession

from ..input import Action, Button
from ..widgets.menu import MenuItem
from ..widgets.menu_screen import QuestionScreen

if TYPE_CHECKING:
    from .control import LanGame


def away_words(seconds: float) -> str:
    """How long a peer has been away, as a person says it: "45 seconds" under a
    minute, then whole minutes ("3 minutes", never "187 s")."""
    if seconds < 60:
        count = int(seconds)
        # TRANSLATORS: how long a player has been unreachable
        return ngettext("{count} second", "{count} seconds", count).format(count=count)
    count = int(seconds // 60)
    # TRANSLATORS: how long a player has been unreachable
    return ngettext("{count} minute", "{count} minutes", count).format(count=count)


class GiveUpScene(QuestionScreen):
    """The opponent is gone for good (or for longer than the rejoin window): save the
    game, leave, (host) start a new game with whoever joins next, or (while the
    joiner is still redialling) keep waiting."""

    name = "give_up"

    def __init__(self, app, game: LanGame) -> None:
        super().__init__(app, game)
        self.game = game
        s = game.control.session
        self.host = s.role == "host"
        self.freed = False  # host: "New game" was chosen; the seat is free
        self.message = ""
        items = [MenuItem(N_("Save the game"), self.save, key="save")]
        if self.host:
            items.append(
                MenuItem(
                    lambda: self.new_game_label(s),
                    self.new_game,
                    enabled=lambda: not self.freed,
                    key="new",
                )
            )
        items += [
            MenuItem(N_("Leave"), self.leave, key="leave"),
            MenuItem(
                N_("Keep waiting"),
                lambda: self.app.pop(self),
                enabled=lambda: s.link == RECONNECTING and not self.freed,
                key="wait",
            ),
        ]
        self.menu = self.make_menu(items)
        self.describe()

    @staticmethod
    def new_game_label(s: LanSession) -> str:
        if s.opponent:
            return _("New game ({name}'s seat is freed)").format(name=s.opponent)
        return _("New game (the opponent's seat is freed)")

    def describe(self) -> None:
        """Heading and text from where things stand (they change while it is open), in
        the player's language (made again on every update)."""
        s = self.game.control.session
        opp = s.opponent
        saved = self.message or self.game.control.kept  # "Saved as ...", once saved
        if self.host and s.link == CLOSED and not s.finished:
            self.freed = True  # the network freed the seat: the joiner never moved
        if self.freed:
            if opp:
                self.heading = _("{name}'s seat is free").format(name=opp)
            else:
                self.heading = _("The opponent's seat is free")
            self.text = _("The next player to join starts a new game here.")
            if saved:
                # TRANSLATORS: {saved} is "saved as NAME" (its first letter made small)
                self.text = _(
                    "The next player to join starts a new game here. The old one: {saved}."
                ).format(saved=saved[:1].lower() + saved[1:])
            return
        if s.problem is not None:
            self.heading = _("The game cannot go on")
            # the problem itself names the move in notation: for the log, not the player
            self.text = _(
                "The two machines disagree about the game: a move one of them played, "
                "the other refused."
            )
        elif s.link == RECONNECTING:
            self.heading = _("The connection did not come back")
            away = away_words(s.lost_for)
            if opp:
                # TRANSLATORS: {time} is how long, in words: "2 minutes", "45 seconds"
                said = _("{name} has been unreachable for {time}.")
                self.text = said.format(name=opp, time=away)
            else:
                # TRANSLATORS: {time} is how long, in words: "2 minutes", "45 seconds"
                self.text = _("The opponent has been unreachable for {time}.").format(time=away)
        elif opp:
            self.heading = _("{name} is gone").format(name=opp)
            self.text = _("{name} left the game or could not come back in time.").format(name=opp)
        else:
            self.heading = _("The opponent is gone")
            self.text = _("The opponent left the game or could not come back in time.")
        if saved:
            # TRANSLATORS: {saved} is "Saved as NAME"
            if self.host:
                self.text = _("{saved}. Host it again from the main menu.").format(saved=saved)
            else:
                self.text = _("{saved}. You can continue it from the main menu.").format(
                    saved=saved
                )

    def save(self) -> None:
        self.message = self.game.keeping.save()
        self.describe()

    def new_game(self) -> None:
        """Host: the old game is saved (now, if it was not yet); free its seat for the
        next joiner."""
        session = self.game.control.session
        if not (self.message or self.game.control.kept) and session.worth_keeping:
            self.message = self.game.keeping.save()
        self.freed = True
        self.game.control.session.abandon()
        self.describe()

    def leave(self) -> None:
        self.app.pop_to("title")

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.game.control.session.link == CONNECTED and self.app.top is self:
            self.app.pop(self)  # the peer came back after all, or a new one came
            if not self.freed:
                self.game.bar.say(_("Reconnected: the game goes on"))
            return
        self.describe()

    def handle(self, action: Action) -> None:
        if (
            action.button in (Button.BACK, Button.PAUSE)
            and self.game.control.session.link == RECONNECTING
        ):
            self.app.pop(self)
        else:
            self.menu.handle(action)
