"""`EngineAdapter`: the rules engine as a `net.GameAdapter`.

`net/` calls the adapter only on its network thread, for the peer's moves and for
our own `play()`. The adapter holds one immutable `GameState` in `state` and
replaces it whole, so any other thread may read `state` (or `snapshot()`) at any
time and always sees a complete position; nothing else is shared.
"""

from __future__ import annotations

from isaac_game.rules import GameState, new_game

#: Every this many plies the position is kept, so that a move of any earlier ply is
#: read in its own position after replaying at most this many moves less one.
MARK_EVERY = 8


class EngineAdapter:
    """One game of ISAAC, FOUNDATIONS or HARI, checked by the rules engine."""

    def __init__(self, game: str = "isaac", state: GameState | None = None) -> None:
        self.state: GameState = new_game(game) if state is None else state
        if self.state.game != game:
            raise ValueError(f"a {self.state.game} position given for a {game} adapter")
        self.game = game
        #: Bumped by every `reset`: lets a reader tell a new game from a shorter record.
        self.generation = 0
        #: ply -> the position before it, for every ply that is a multiple of MARK_EVERY
        #: (network thread only). A duplicate move spelled another way (docs/protocol.md rule
        #: 5) is read in the position of its ply; without these, each one would replay
        #: the record from the start, and a peer could send thousands a second.
        self._marks: dict[int, GameState] = {}
        #: (generation, ply) -> the position before that ply, as `_before` found it last
        self._last: tuple[tuple[int, int], GameState] | None = None
        self._mark_all()

    def snapshot(self) -> GameState:
        """The current position (immutable; safe from any thread)."""
        return self.state

    # -- net.GameAdapter ---------------------------------------------------------

    def moves(self) -> list[str]:
        return list(self.state.moves)

    def side_to_move(self) -> str | None:
        mover = self.state.to_move
        return None if mover is None else mover.value

    def canonical(self, move: str, ply: int | None = None) -> str | None:
        """The canonical notation of `move` if legal now (or, with `ply`, in the position
        before that ply of the record), else None (state untouched). An earlier ply
        costs at most MARK_EVERY - 1 moves replayed, however long the record."""
        try:
            state = self.state if ply is None else self._before(ply)
            return str(state.parse_move(move))
        except Exception:  # a peer's text must never break the network thread
            return None

    def check(self, move: str) -> str | None:
        """Why `move` is not legal now, or None; nothing is applied (the session reads
        a move's digest before it applies the move)."""
        if not isinstance(move, str):
            return f"a move must be notation text, not {type(move).__name__}"
        try:
            self.state.parse_move(move)
        except ValueError as error:  # NotationError and IllegalMoveError are ValueErrors
            return str(error) or "illegal move"
        except Exception as error:  # a peer's text must never break the network thread
            return f"unreadable move: {type(error).__name__}"
        return None

    def _before(self, ply: int) -> GameState:
        """The position before `ply` of the record (0 <= ply <= len(record))."""
        moves = self.state.moves
        if not 0 <= ply <= len(moves):
            raise IndexError(ply)
        last = self._last
        if last is not None and last[0] == (self.generation, ply):
            return last[1]  # the same ply as the duplicate before: nothing to replay
        mark = ply - ply % MARK_EVERY
        state = self._marks.get(mark)
        if state is None:  # a position set from outside: replay from the start
            state, mark = new_game(self.game), 0
        for played in moves[mark:ply]:
            state = state.play(played)
        self._last = ((self.generation, ply), state)
        return state

    def _mark(self) -> None:
        if self.state.ply % MARK_EVERY == 0:
            self._marks[self.state.ply] = self.state

    def _mark_all(self) -> None:
        """Keep the marks of a record given whole (a saved game hosted again)."""
        self._marks = {}
        state = new_game(self.game)
        for played in self.state.moves:
            if state.ply % MARK_EVERY == 0:
                self._marks[state.ply] = state
            state = state.play(played)
        self._mark()

    def try_apply(self, move: str) -> str | None:
        """Apply `move` if legal and return None; else the engine's reason, with the
        state untouched. The record keeps the engine's canonical notation."""
        if not isinstance(move, str):
            return f"a move must be notation text, not {type(move).__name__}"
        try:
            after = self.state.play(move)
        except ValueError as error:  # NotationError and IllegalMoveError are ValueErrors
            return str(error) or "illegal move"
        except Exception as error:  # a peer's text must never break the network thread
            return f"unreadable move: {type(error).__name__}"
        self.state = after
        self._mark()
        return None

    def reset(self) -> None:
        self.state = new_game(self.game)
        self.generation += 1
        self._marks = {}
        self._mark()
