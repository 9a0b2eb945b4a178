"""`RemoteSeat`: the peer's colour in a match, fed by `net/` events.

The seat never touches a socket. The `LanSession` that owns the network endpoint
pumps its events each tick and hands the seat what they say: the network's record
of the game (`on_move`, `resync`), the link's state, a resignation, a rematch
proposal (the chat is the session's: `chat.py`). The match polls the seat like any
other; when the *local* side moves, `observe()` passes the move to `send`, which the
session wires to `net.play()`. Every method returns at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from isaac_game.match import SeatKind
from isaac_game.rules import GameState, Move, Player, positions

#: Link states a UI shows beside the opponent's name.
WAITING = "waiting"  # host: no joiner yet
CONNECTING = "connecting"  # joiner: dialling, before the welcome
CONNECTED = "connected"
RECONNECTING = "reconnecting..."  # link lost; the game is kept and resumes by itself
LOST = "lost"  # the rejoin window is over: the player may save the game or leave
CLOSED = "closed"  # the peer left, or the session is over


def has_moved(state: GameState, player: Player) -> bool:
    """Did `player` play any of the moves of `state`? (A HARI turn is several moves, so
    whose each one was is found by playing the record again.)"""
    return any(before.to_move == player for before in positions(state.game, state.moves)[:-1])


class RemoteSeat:
    """The seat of the player on the other machine."""

    kind = SeatKind.REMOTE

    def __init__(self, player: Player | str, name: str, send: Callable[[str], None]) -> None:
        self.player = Player(player)
        self.name = name
        self._send = send
        #: The game as the network knows it (both sides' moves, in order).
        self.record: list[str] = []
        self.link = CONNECTED
        self.link_since = time.monotonic()
        self.peer_resigned = False
        self.rematch_proposed = False
        #: Set when the records of the two machines disagree; the seat then stops.
        self.problem: str | None = None
        self._state: GameState | None = None
        self._offered: int | None = None  # ply whose move was last handed to the match

    # -- match.Seat -----------------------------------------------------------

    def start_turn(self, state: GameState) -> None:
        if self._offered is not None and state.ply == self._offered and self.problem is None:
            # The match asks again for a ply it was already given: it refused the move.
            self.problem = f"the peer's move {self._offered} was refused here"
        self._state = state

    def poll(self) -> Move | str | None:
        state = self._state
        if state is None or self.problem is not None or state.to_move != self.player:
            return None
        ply = state.ply
        if ply >= len(self.record):
            return None
        self._offered = ply
        return self.record[ply]

    def cancel(self) -> None:
        self._state = None
        self._offered = None

    def observe(self, state: GameState, move: str, by: Player) -> None:
        if by != self.player:
            self._send(move)  # our side's move: through the network thread's adapter

    def close(self) -> None:
        pass  # the session owns the endpoint and closes it

    # -- fed by the session -------------------------------------------------------

    @property
    def thinking(self) -> bool:
        """The UI's "opponent is thinking" sign: their turn, nothing arrived yet."""
        state = self._state
        return state is not None and state.to_move == self.player and not self.has_move

    @property
    def has_move(self) -> bool:
        state = self._state
        return state is not None and state.ply < len(self.record)

    def on_move(self, n: int, move: str) -> None:
        """Move `n` is now in the network's record (either side's)."""
        if n == len(self.record):
            self.record.append(move)
        elif n > len(self.record) and self.problem is None:
            self.problem = f"move {n} arrived before move {len(self.record)}"

    def resync(self, moves: tuple[str, ...] | list[str], local: tuple[str, ...]) -> bool:
        """A rejoin's welcome: `moves` is the whole record; `local` is the match's.
        False if they part (after a desync): the caller then rebuilds the match from
        `moves`, the host's record being authoritative (docs/protocol.md 1.1 rule 6)."""
        common = min(len(moves), len(local))
        self.record = list(moves)
        return tuple(moves[:common]) == tuple(local[:common])

    def new_game(self, player: Player | str, name: str) -> None:
        """A fresh game (first, rematch, next joiner): colour and name may change."""
        self.player = Player(player)
        self.name = name
        self.record = []
        self.peer_resigned = False
        self.rematch_proposed = False
        self.problem = None
        self.cancel()

    def set_link(self, link: str) -> None:
        if link != self.link:
            self.link = link
            self.link_since = time.monotonic()
