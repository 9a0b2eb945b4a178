"""`EngineAdapter`: the rules engine as a `net.GameAdapter`.

`net/` calls the adapter only on its network thread, for the peer's moves and for
our own `play()`. The adapter holds one immutable `GameState` in `state` and
replaces it whole, so any other thread may read `state` (or `snapshot()`) at any
time and always sees a complete position; nothing else is shared.
"""

from __future__ import annotations

from isaac_game.rules import GameState, new_game


class EngineAdapter:
    """One game of ISAAC, FOUNDATIONS or HARI, checked by the rules engine."""

    def __init__(self, game: str = "isaac", state: GameState | None = None) -> None:
        self.state: GameState = new_game(game) if state is None else state
        if self.state.game != game:
            raise ValueError(f"a {self.state.game} position given for a {game} adapter")
        self.game = game
        #: Bumped by every `reset`: lets a reader tell a new game from a shorter record.
        self.generation = 0

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
        before that ply of the record), else None (state untouched)."""
        try:
            state = self.state
            if ply is not None:
                state = new_game(self.game)
                for played in self.state.moves[:ply]:
                    state = state.play(played)
            return str(state.parse_move(move))
        except Exception:  # a peer's text must never break the network thread
            return None

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
        return None

    def reset(self) -> None:
        self.state = new_game(self.game)
        self.generation += 1
