"""The choice offered in a LAN game when the opponent is gone for good: save the game,
leave, or keep waiting; on the host's side also "New game", the only way its table
takes another player. It keeps the game's network going underneath (`tick_behind`),
so nothing stalls while it is open. (The yes/no question, resign?, is the generic
"confirm" scene.)

The host's game is saved before this asks anything (the LAN control does it as soon
as the session holds the game), and its joiner may still come back with its ticket:
the dialog then closes by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from isaac_game.lan import CONNECTED, RECONNECTING

from ..input import Action, Button
from ..widgets.menu import MenuItem
from ..widgets.menu_screen import QuestionScreen

if TYPE_CHECKING:
    from .control import LanGame


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
        opp = s.opponent or "The opponent"
        items = [MenuItem("Save the game", self.save, key="save")]
        if self.host:
            items.append(
                MenuItem(
                    f"New game ({opp}'s seat is freed)",
                    self.new_game,
                    enabled=lambda: not self.freed,
                    key="new",
                )
            )
        items += [
            MenuItem("Leave", self.leave, key="leave"),
            MenuItem(
                "Keep waiting",
                lambda: self.app.pop(self),
                enabled=lambda: s.link == RECONNECTING and not self.freed,
                key="wait",
            ),
        ]
        self.menu = self.make_menu(items)
        self.describe()

    def describe(self) -> None:
        """Heading and text from where things stand (they change while it is open)."""
        s = self.game.control.session
        opp = s.opponent or "The opponent"
        saved = self.message or self.game.control.kept  # "Saved as ...", once saved
        if self.freed:
            self.heading = f"{opp}'s seat is free"
            self.text = "The next player to join starts a new game here."
            if saved:
                self.text += f" The old one: {saved[:1].lower()}{saved[1:]}."
            return
        if s.problem is not None:
            self.heading = "The game cannot go on"
            # the problem itself names the move in notation: for the log, not the player
            self.text = (
                "The two machines disagree about the game: a move one of them played, "
                "the other refused."
            )
        elif s.link == RECONNECTING:
            self.heading = "The connection did not come back"
            self.text = f"{opp} has been unreachable for {int(s.lost_for)} s."
        else:
            self.heading = f"{opp} is gone"
            self.text = f"{opp} left the game or could not come back in time."
        if saved:
            where = "Host it again" if self.host else "You can continue it"
            self.text = f"{saved}. {where} from the main menu."

    def save(self) -> None:
        self.message = self.game.save()
        self.describe()

    def new_game(self) -> None:
        """Host: the old game is saved (now, if it was not yet); free its seat for the
        next joiner."""
        session = self.game.control.session
        if not (self.message or self.game.control.kept) and session.worth_keeping:
            self.message = self.game.save()
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
                self.game.say("Reconnected: the game goes on")
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
