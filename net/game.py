"""What `net/` needs to know about a game, handed in by the caller.

`net/` never imports the rules engine (docs/architecture.md): the caller wraps its game in a
`GameAdapter`, and the session asks it only what the protocol needs, namely the move
record, whose turn it is, and whether a move is legal.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable


@runtime_checkable
class GameAdapter(Protocol):
    """The caller's game, as seen by a session.

    Every method is called on the network thread (the transport's event loop). The
    simplest safe adapter holds an immutable game state in an attribute and replaces
    it in `try_apply`/`reset`; the caller's own thread may then read that attribute
    at any time.
    """

    game: str
    """One of "isaac", "foundations", "hari"."""

    def moves(self) -> list[str]:
        """Notation strings applied so far (a replayable record)."""
        ...

    def side_to_move(self) -> str | None:
        """The side to move, "dark" or "light"; None once the game is over."""
        ...

    def try_apply(self, move: str) -> str | None:
        """Apply `move` if legal for the side to move and return None; otherwise
        return a human-readable reason and leave the state unchanged."""
        ...

    def reset(self) -> None:
        """Start a new game of the same kind (rematch, next joiner)."""
        ...


def canonical_move(adapter: GameAdapter, move: str, ply: int | None = None) -> str:
    """The adapter's canonical spelling of `move` (unchanged if it has none, or if
    the move is not legal: the caller's legality check reports that).

    An adapter may offer `canonical(move, ply=None) -> str | None` so that a peer's
    `x95-30` and our `x55-30` are recognised as one move (docs/protocol.md: "a receiver
    accepts any spelling of a move that the rules parse"). `ply` asks for the
    spelling in the position before that ply of the record (a duplicate `n`: rule 5)
    rather than in the current one.
    """
    canonical = getattr(adapter, "canonical", None)
    if canonical is None:
        return move
    try:
        return (canonical(move) if ply is None else canonical(move, ply)) or move
    except Exception:  # an adapter bug must not break the network thread
        return move


def check_move(adapter: GameAdapter, move: str) -> str | None:
    """Why `move` is not legal now, or None if it is (or if the adapter cannot tell
    without applying it: its `try_apply` then decides).

    An adapter may offer `check(move) -> str | None`, which judges a move without
    applying it; the session needs that to compare a move's digest *before* applying
    it (docs/protocol.md 1.1, clarified: a move whose digest differs is not applied), while
    an illegal move is still reported as `illegal-move`, not `desync`.
    """
    check = getattr(adapter, "check", None)
    if check is None:
        return None
    try:
        result = check(move)
    except Exception as error:  # an adapter bug must not break the network thread
        return f"unreadable move: {type(error).__name__}"
    return None if result is None else str(result)


def moves_digest(moves: Sequence[str]) -> str:
    """`move.digest` as docs/protocol.md 1.1 defines it: the first 16 hex characters (lower
    case) of SHA-256 over the UTF-8 bytes of the canonical notation of every move so
    far, the carried one included, joined by "\\n". `moves` is that record."""
    return hashlib.sha256("\n".join(moves).encode("utf-8")).hexdigest()[:16]


class ListGame:
    """A minimal adapter around a callable legality check; handy for tools and tests.

    `legal(moves, move)` returns None if `move` may follow `moves`, else a reason.
    `side(moves)` names the side to move after `moves` (None when over).
    """

    def __init__(
        self,
        game: str,
        legal: Callable[[Sequence[str], str], str | None],
        side: Callable[[Sequence[str]], str | None],
    ) -> None:
        self.game = game
        self._legal = legal
        self._side = side
        self._moves: list[str] = []

    def moves(self) -> list[str]:
        return list(self._moves)

    def side_to_move(self) -> str | None:
        return self._side(self._moves)

    def check(self, move: str) -> str | None:
        """Why `move` may not follow the record, or None; nothing is applied."""
        if self._side(self._moves) is None:
            return "the game is over"
        return self._legal(self._moves, move)

    def try_apply(self, move: str) -> str | None:
        reason = self.check(move)
        if reason is None:
            self._moves.append(move)
        return reason

    def reset(self) -> None:
        self._moves = []
