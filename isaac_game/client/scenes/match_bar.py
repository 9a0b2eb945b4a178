"""What the match scene's bars say: each move told once by the game's record
(`GameEntry.describe`) for the bottom bar and the move list, a message given its
time, and the top bar's heading.

Pacing: a computer's move stays on the bar at least `READ_TIME` before its next move
is played, a move that changed the phase or ended the game `NEWS_TIME`; the computer
thinks meanwhile (`Match.prepare`), and Enter or a click cuts the wait short.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from isaac_game.i18n import _
from isaac_game.match import Match, MovePlayed, SeatKind
from isaac_game.rules import GameState, Move, Player, Refusal

from ..widgets.move_words import MoveHistory, MoveWords
from ..words import side_name

if TYPE_CHECKING:
    from ..app import App
    from ..control import TurnPolicy
    from ..handoff import GameSetup
    from ..widgets.coach import Coach

COMPUTER_PAUSE = 0.45  # seconds between a move and the computer's next one, at least
READ_TIME = 1.2  # a computer's move is announced this long before its next move
NEWS_TIME = 2.6  # and a move that changed the phase (or ended the game) this long


class GameWords(Protocol):
    """What the game's entry says of its moves (`GameEntry.describe`, `.why_not`)."""

    def describe(
        self, before: GameState, move: Move, after: GameState, facing: Player = Player.DARK
    ) -> MoveWords: ...
    def why_not(self, error: ValueError | Refusal, facing: Player = Player.DARK) -> str: ...


class BarScene(Protocol):
    """The match scene, as its bars' words see it."""

    app: App
    match: Match

    @property
    def control(self) -> TurnPolicy: ...

    setup: GameSetup
    coach: Coach

    def human_to_move(self) -> Player | None: ...


class MatchBar:
    """The bars' words: the message shown and how long it still shows, the move list's
    words (`history`), and what the bars say when no message is fresh."""

    def __init__(self, scene: BarScene, game: GameWords) -> None:
        self.scene = scene
        #: the side the board faces: the words read it from there (rows, columns, ways)
        self.facing = Player.DARK
        self._game = game
        self.text = ""  # the message on the bottom bar
        self.warn = False  # told as a warning (red, with a sound)
        self.seconds = 0.0  # how long it still shows
        self.tells_move = False  # it tells a move (a newer move may replace it)
        #: the move the bar tells: its words are made again when the board turns
        self.told: MovePlayed | None = None
        self.queued: tuple[MovePlayed, float] | None = None  # a move waiting for the bar
        self.messages_given = 0  # messages given so far (a pending choice wins over older ones)
        self.history = MoveHistory(self.describe)  # the move list's words

    def describe(self, before: GameState, move: Move, after: GameState) -> MoveWords:
        """A move in words, as read from the side of the board facing the screen."""
        return self._game.describe(before, move, after, self.facing)

    def why_not(self, error: ValueError | Refusal) -> str:
        """Why the rules refuse a move, in this game's words as read from the side of
        the board facing the screen (never the engine's notation)."""
        return self._game.why_not(error, self.facing)

    def face(self, side: Player) -> None:
        """The board faces `side` now: the move list is told again as read from there."""
        if side != self.facing:
            self.facing = side
            self.history.retell()
            if self.tells_move and self.told is not None:  # "row 3" as read from there now
                self.text = self.words(self.told).announcement()

    def say(self, text: str, warn: bool = False, seconds: float = 2.5) -> None:
        app = self.scene.app
        self.text, self.warn, self.seconds = text, warn, seconds
        self.tells_move, self.told, self.queued = False, None, None
        self.messages_given += 1
        app.request_redraw()
        if warn:
            app.audio.play("illegal")

    def words(self, event: MovePlayed) -> MoveWords:
        """A move's words as read from the side facing the screen now (the move list's
        when it is the list's last move: it is told already)."""
        entries = self.history.entries
        if entries and self.history.states[-1] is event.after:
            return entries[-1].words
        return self.describe(event.before, event.move, event.after)

    def tell(self, event: MovePlayed, seconds: float) -> None:
        """Put a move's words on the bar (a newer move's may replace them at once). The
        move is kept, not only its words: a board that turns while they show (a hotseat
        turning to the player to move) has them told again from its new side."""
        self.say(self.words(event).announcement(), seconds=seconds)
        self.tells_move, self.told = True, event

    def announce(self, event: MovePlayed) -> float:
        """The move in words on the bar (the move list follows the match already); how
        long a computer's next move waits so that they can be read (longer for news)."""
        words = self.words(event)
        kind = self.scene.match.seats[event.player].kind
        if words.news:
            wait = NEWS_TIME
        else:
            wait = READ_TIME if kind == SeatKind.COMPUTER else COMPUTER_PAUSE
        told = (event, max(2.5, wait + 1.0))
        if kind != SeatKind.HUMAN and self.seconds > 0 and not (self.warn or self.tells_move):
            self.queued = told  # news just given ("Reconnected") keeps the bar its time first
        else:
            self.tell(*told)
        return wait

    def tick(self, dt: float) -> None:
        """Time passes: the message runs out, and a move's words waiting take the bar."""
        self.seconds = max(0.0, self.seconds - dt)
        if self.seconds <= 0 and self.queued is not None:
            self.tell(*self.queued)

    def follow(self, state: GameState) -> bool:
        """The move list follows the match (a move, an undo, another game); True when
        it changed."""
        return self.history.sync(state)

    def last_words(self) -> MoveWords | None:
        """The last move's words (the bar's when nothing newer is to say)."""
        entries = self.history.entries
        return entries[-1].words if entries else None

    def status(
        self, human: Player | None, input_info: Callable[[Player], str], since: int | None = None
    ) -> tuple[str, tuple]:
        """The bottom bar's words and colour: a fresh message, else what the human to
        move may do (`input_info`, from the input in charge), else the last move (the
        top bar says who the game waits for).

        `since`: the human to move has a choice pending (an ISAAC removal chosen, waiting
        for Enter), made when the bar had been given `since` messages. Their own choice
        then wins over those (the opponent's last move, say); only a message given
        after it (why their last click did nothing) shows first."""
        scene = self.scene
        pal = scene.app.palette
        mover = scene.match.state.to_move
        newer = since is None or human is None or self.messages_given > since
        if self.seconds > 0 and self.text and newer:
            return self.text, (pal.illegal if self.warn else pal.accent)
        if human is not None:
            return input_info(human), pal.text
        last = self.last_words()
        if last is not None:
            return last.announcement(), pal.text_dim
        if mover is not None:
            return scene.control.waiting_text(mover, scene.setup), pal.text_dim
        return "", pal.text

    def heading(self, step: str) -> str:
        """The top bar's words: "Dark: `step`" while a local human is to move, else who
        the game waits for ("Light (hard) is thinking...", "Bob's turn")."""
        scene = self.scene
        state = scene.match.state
        mover = state.to_move
        if (
            mover is None
            or state.is_over
            or scene.control.finished()
            or scene.match.out_of_time is not None
        ):
            return _("Game over")
        if scene.coach.offering:  # the computer's reply waits for the player's answer
            return _("The coach asks: take your move back, or play on?")
        if scene.human_to_move() == mover:
            # TRANSLATORS: the top bar: "Dark: choose a piece"; {player} is "Dark" or "Light"
            return _("{player}: {step}").format(player=side_name(mover), step=step)
        return scene.control.waiting_text(mover, scene.setup)
