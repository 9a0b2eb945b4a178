"""Positions for the AI tests, each reached by playing notation moves from the start."""

from __future__ import annotations

from isaac_game.ai import make_bot
from isaac_game.rules import IsaacState, Pass, new_game


def replay(moves: list[str]) -> IsaacState:
    state = new_game("isaac")
    for move in moves:
        state = state.play(move)
    return state  # type: ignore[return-value]


def sample_positions(seed: int = 17) -> dict[str, IsaacState]:
    """One position of each kind from a seeded game between random players."""
    bot = make_bot("random", seed)
    state = replay([])
    found: dict[str, IsaacState] = {"opening": state}
    while not state.is_over:
        legal = state.legal_moves()
        other = state.to_move.other
        if state.phase == "placement":
            if state.ply == 6:
                found["placement"] = state
            if state.has_passed(other) and not isinstance(legal[0], Pass):
                found.setdefault("placement after a pass", state)
            if isinstance(legal[0], Pass):
                found.setdefault("placement pass", state)
        else:
            found.setdefault("scoring", state)
            if isinstance(legal[0], Pass):
                found.setdefault("scoring pass", state)
            elif state.is_out(other):
                found.setdefault("scoring alone", state)
        state = state.play(bot.choose(state))
    return found


#: Dark to move; only the 7-piece on column 9 (x09) is worth the last points to 100.
REACH_100 = [
    "5v06", "6h84", "7v09", "6h30", "5h75", "7v07", "6h00", "5v18", "6h20", "5h10",
    "5h50", "5h40", "4v63", "4v60", "4v62", "3h95", "4v61", "3v45", "pass", "pass",
    "x61-12", "x07-0", "x62-36", "pass", "x63-48", "x06-57", "x50-75", "x20-83",
]  # fmt: skip

#: Light to move, ahead of nothing yet (21 against 25): removing the 7-piece x02 and
#: stopping on 36 puts Light's counter on cell 63, on Dark's last removable piece
#: (7v03). Dark must pass and is out; every other move loses (found by an exhaustive
#: search over the public API). Greedy runs on to 39 and loses.
BLOCK_LAST = [
    "7v03", "6h44", "5h72", "3v01", "4v69", "7v02", "6h24", "5h90", "6h04", "5v57",
    "4v00", "4h36", "3v50", "6h14", "5v58", "4v31", "4h83", "3h80", "3h64", "3h54",
    "pass", "pass", "x04-11", "x14-21", "x24-25",
]  # fmt: skip
