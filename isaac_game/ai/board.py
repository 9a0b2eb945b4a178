"""A compact, mutable copy of an ISAAC position for the computer players.

The engine's states are immutable values, ideal for a match and far too slow to
search. `Board` is built from an `IsaacState` through its public API only
(`pieces()`, `hand()`, `scores`, ...) and speaks in shape ids from the engine's
bitboard tables; moves go back to the engine as `Move` values, which the engine
checks like any other move. Everything here follows RULES.md section 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from isaac_game.rules import (
    ALL_CELLS,
    CELL_LINES,
    SHAPES,
    WINNING_SCORE,
    IsaacState,
    Move,
    Pass,
    Place,
    Player,
    Remove,
    cell_bit,
    counter_cell_of,
    fit_masks,
    mask_cells,
    shape_id,
)

# Flat per-shape tables (index: shape id): attribute lookups cost too much in loops.
S_LEN = [s.length if s else 0 for s in SHAPES]
S_VAL = [s.value if s else 0 for s in SHAPES]
S_MASK = [s.mask if s else 0 for s in SHAPES]
S_LINE = [s.line if s else 0 for s in SHAPES]
S_LINES = [s.lines if s else () for s in SHAPES]
S_ANCHOR = [s.anchor if s else 0 for s in SHAPES]
S_CELLS = [s.cells if s else () for s in SHAPES]
S_DIR = [s.direction if s else "" for s in SHAPES]
#: Lines of a cell: its row (0-9) and its column (10-19), split for the search's loops.
CELL_ROW = [row for row, _column in CELL_LINES]
CELL_COL = [column for _row, column in CELL_LINES]


def counter_cell(side: int, score: int) -> int:
    """Cell of a counter (Dark's coordinates); -1 once it has left the track."""
    cell = counter_cell_of(side, score)
    return -1 if cell is None else cell


@dataclass
class Board:
    """Everything that decides the rest of an ISAAC game, as plain lists."""

    phase: str  # "placement", "scoring" or "over"
    turn: int  # 0 Dark, 1 Light
    owned: list[list[int]]  # shape ids on the board, per side
    hands: list[list[int]]  # counts per length 3..7, per side
    counts: list[int]  # pieces with a cell on each line (rows 0-9, columns 10-19)
    empty: int  # bitboard of empty cells
    scores: list[int]
    min_len: list[int]
    passed: list[bool]  # placement: passed; scoring: out
    first_passer: int

    @classmethod
    def from_state(cls, state: IsaacState) -> Board:
        owned: list[list[int]] = [[], []]
        counts = [0] * 20
        empty = ALL_CELLS
        for piece in state.pieces():
            sid = shape_id(piece.length, piece.direction, piece.anchor)
            owned[Player(piece.owner).index].append(sid)
            for line in S_LINES[sid]:
                counts[line] += 1
            empty &= ~S_MASK[sid]
        players = (Player.DARK, Player.LIGHT)
        hands = [[state.hand(p)[n] for n in range(3, 8)] for p in players]
        mover = state.to_move
        first = state.first_passer
        return cls(
            phase=state.phase,
            turn=0 if mover is None else Player(mover).index,
            owned=owned,
            hands=hands,
            counts=counts,
            empty=empty,
            scores=list(state.scores),
            min_len=[state.last_removed_length(p) for p in players],
            passed=[state.has_passed(p) for p in players],
            first_passer=-1 if first is None else Player(first).index,
        )

    def copy(self) -> Board:
        return Board(
            self.phase,
            self.turn,
            [list(self.owned[0]), list(self.owned[1])],
            [list(self.hands[0]), list(self.hands[1])],
            list(self.counts),
            self.empty,
            list(self.scores),
            list(self.min_len),
            list(self.passed),
            self.first_passer,
        )

    # ----- placement ---------------------------------------------------------

    def placements(self, side: int | None = None) -> list[int]:
        """Shape ids `side` (default: the mover) could place now, in engine order."""
        me = self.turn if side is None else side
        if self.phase != "placement" or self.passed[me]:
            return []
        fits = fit_masks(self.empty)
        out: list[int] = []
        for length in range(3, 8):
            if self.hands[me][length - 3]:
                for direction, mask in zip("hv", fits[length], strict=True):
                    out.extend(shape_id(length, direction, a) for a in mask_cells(mask))
        return out

    def place(self, sid: int) -> None:
        me = self.turn
        self.empty &= ~S_MASK[sid]
        self.hands[me][S_LEN[sid] - 3] -= 1
        self.owned[me].append(sid)
        for line in S_LINES[sid]:
            self.counts[line] += 1
        if not self.passed[1 - me]:
            self.turn = 1 - me

    def pass_placement(self) -> None:
        me = self.turn
        self.passed[me] = True
        if self.first_passer < 0:
            self.first_passer = me
        if all(self.passed):
            self.phase = "scoring"
            self.turn = self.first_passer
            self.passed = [False, False]
        else:
            self.turn = 1 - me

    # ----- scoring -----------------------------------------------------------

    def counter_cells(self) -> tuple[int, int]:
        return counter_cell(0, self.scores[0]), counter_cell(1, self.scores[1])

    def multiplier(self, line: int) -> int:
        m = 1
        for x in self.counter_cells():
            if x >= 0 and (CELL_ROW[x] == line or CELL_COL[x] == line):
                m *= 2
        return m

    def removable(self, side: int) -> list[int]:
        """Shape ids `side` may remove now (length rule and counters, RULES 1.3.2)."""
        if self.phase != "scoring" or self.passed[side]:
            return []
        blocked = 0
        for x in self.counter_cells():
            if x >= 0:
                blocked |= cell_bit(x)
        low = self.min_len[side]
        return [s for s in self.owned[side] if S_LEN[s] >= low and not S_MASK[s] & blocked]

    def points(self, sid: int) -> int:
        line = S_LINE[sid]
        return S_VAL[sid] * (self.counts[line] - 1) * self.multiplier(line)

    def forbidden(self, side: int) -> int:
        """The one score `side` may not stop on: the opponent counter's cell."""
        return 99 - self.scores[1 - side]

    def remove(self, sid: int, target: int) -> None:
        me = self.turn
        self.owned[me].remove(sid)
        self.empty |= S_MASK[sid]
        for line in S_LINES[sid]:
            self.counts[line] -= 1
        self.min_len[me] = S_LEN[sid]
        self.scores[me] = target
        if target >= WINNING_SCORE:
            self.phase = "over"
        elif not self.passed[1 - me]:
            self.turn = 1 - me

    def pass_scoring(self) -> None:
        me = self.turn
        self.passed[me] = True
        if all(self.passed):
            self.phase = "over"
        else:
            self.turn = 1 - me


def place_move(sid: int) -> Move:
    return Place(S_LEN[sid], S_DIR[sid], S_ANCHOR[sid])


def remove_move(sid: int, target: int) -> Move:
    return Remove(S_ANCHOR[sid], target)


PASS_MOVE: Move = Pass()


def sid_of_cell(state_board: Board, side: int, cell: int) -> int | None:
    """The shape id of `side`'s piece covering `cell`, if any."""
    for sid in state_board.owned[side]:
        if cell in S_CELLS[sid]:
            return sid
    return None
