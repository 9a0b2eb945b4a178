"""The rules of ISAAC, FOUNDATIONS and HARI: pure Python, no pygame, no network. Their
only I/O is a game's own files: records and journals, read and written safely
(disk/files.py), and the lock that keeps a saved game open in one program at a time
(disk/lock.py).

The public API (docs/architecture.md, "The engine's public API"):

    g = new_game("isaac")
    g.legal_moves(); g.play("5v04"); g.to_move; g.is_over; g.winner; g.scores; g.moves

Everything other code may use is exported here; the submodules are internals and
may be rearranged. Code outside `rules/` imports from this package (only the rules'
own tests reach inside).

For search code (the computer players): a searcher plays a position on the game's
fast core, the same position as mutable tables, far faster than immutable states
allow, then hands its choice back as a `Move`, which the engine checks like any
other. Every game registers with `register_game(name, factory, core=...,
better_scores=..., shortest_first=...)`, from wherever its module lives; its entry,
`game_info(name)`, holds its fast core if it has one (a `FastCore`: `of(state)`,
`start()`, `copy()`, `to_move`, `scores`, `legal_moves()`, `play(move)`, `outcome()`,
`playout(rng, lean)`), which way its scores count and what its rule of thumb needs to
know. `IsaacCore` is ISAAC's core, which the ISAAC levels search on. So that a
searcher never restates a fact the rules hold, the board's geometry is public too:

- a piece shape (length, direction, anchor) has a dense id, `shape_id(...)`, and
  `SHAPES[id]` is its `PieceShape` (None where it would leave the board): its value,
  cells, bitboard `mask`, the `line` it scores on and every line it crosses (rows are
  lines 0-9, columns 10-19; `CELL_LINES[cell]` is a cell's (row, column) pair); the
  same facts as flat tables by shape id for inner loops: `S_LEN`, `S_VAL`, `S_MASK`,
  `S_LINE`, `S_LINES`, `S_ANCHOR`, `S_CELLS`, `S_DIR`;
- a bitboard is an int, cell (r, c) at bit r * 11 + c with a guard bit closing each
  row: `cell_bit(cell)`, `BIT_TO_CELL[bit]`, `mask_cells(mask)`; `ALL_CELLS` is the
  empty board, and `fit_masks(empty)` gives, per length, the (horizontal, vertical)
  anchors where a piece fits (`fit_kinds(empty)`: the same by kind, `kind_of`);
- `VALUE[length]` is a piece's value; ISAAC's game ends when a counter reaches
  `WINNING_SCORE`, and `counter_cell_of(side, score)` is where a counter stands;
- `playout(state, rng, lean)` plays any position out on the game's fast core (through
  `legal_moves` and `play` for a game without one) and says who won (1 Dark, 0
  Light, 0.5 a draw): the Monte Carlo searches' workhorse.
"""

from . import foundations, hari, isaac  # noqa: F401  (registers the games)
from .bitboard import (
    ALL_CELLS,
    BIT_TO_CELL,
    CELL_COL,
    CELL_LINES,
    CELL_ROW,
    S_ANCHOR,
    S_CELLS,
    S_DIR,
    S_LEN,
    S_LINE,
    S_LINES,
    S_MASK,
    S_VAL,
    SHAPES,
    PieceShape,
    cell_bit,
    fit_kinds,
    fit_masks,
    kind_of,
    mask_cells,
    shape_id,
)
from .common import (
    LENGTHS,
    VALUE,
    IllegalMoveError,
    NotationError,
    Player,
    Refusal,
    Why,
    piece_name,
)
from .disk import (
    FileReadError,
    GameLock,
    append_text,
    lock_path,
    locked_elsewhere,
    parse_json,
    read_bytes,
    read_head,
    read_json,
    read_text,
    sweep_temporaries,
    write_atomically,
)
from .fast import FastCore, IsaacCore, playout
from .foundations import FoundationsState
from .hari import HariState, SlideRange
from .headers import (
    HUMAN,
    LAN_SUFFIX,
    Headers,
    Key,
    dated,
    kind_key,
    label_key,
    seat_headers,
    yes,
)
from .isaac import IsaacState
from .isaac_scoring import WINNING_SCORE, Blocker, Breakdown, counter_cell_of
from .journal import Journal, load_journal, parse_journal
from .moves import Discard, Move, Pass, Place, Remove, Slide, parse_notation
from .pieces import BoardPiece, StackedPiece
from .records import (
    MAX_RECORD_BYTES,
    GameRecord,
    Loss,
    OffBoard,
    RecordError,
    load_record,
    lost_in,
    parse_record,
    read_record_text,
    record_text,
    result_text,
    save_record,
)
from .state import (
    GameInfo,
    GameState,
    MoveList,
    game_info,
    game_names,
    new_game,
    positions,
    register_game,
    replay,
)
from .text import clean_text

__all__ = [
    "HUMAN",
    "Loss",
    "OffBoard",
    "lost_in",
    "dated",
    "LAN_SUFFIX",
    "yes",
    "seat_headers",
    "label_key",
    "kind_key",
    "Key",
    "Headers",
    "clean_text",
    # files: read a regular file only, at most N bytes; JSON of bounded depth; atomic writes
    # (and the sweep of the temporary files a killed write left)
    "FileReadError",
    "append_text",
    "parse_json",
    "read_bytes",
    "read_head",
    "read_json",
    "read_text",
    "sweep_temporaries",
    "write_atomically",
    # a saved game open in one program at a time
    "GameLock",
    "lock_path",
    "locked_elsewhere",
    "Journal",
    "load_journal",
    "parse_journal",
    "MAX_RECORD_BYTES",
    "read_record_text",
    "LENGTHS",
    "VALUE",
    "Blocker",
    "BoardPiece",
    "Breakdown",
    "Discard",
    "FoundationsState",
    "GameRecord",
    "GameState",
    "HariState",
    "IllegalMoveError",
    "IsaacState",
    "Move",
    "MoveList",
    "NotationError",
    "Refusal",
    "Why",
    "Pass",
    "Place",
    "Player",
    "RecordError",
    "Remove",
    "Slide",
    "SlideRange",
    "StackedPiece",
    "game_names",
    "game_info",
    "register_game",
    "GameInfo",
    "load_record",
    "new_game",
    "positions",
    "replay",
    "parse_notation",
    "parse_record",
    "piece_name",
    "record_text",
    "result_text",
    "save_record",
    # for search code (see above)
    "ALL_CELLS",
    "BIT_TO_CELL",
    "CELL_LINES",
    "CELL_ROW",
    "CELL_COL",
    "SHAPES",
    "WINNING_SCORE",
    "PieceShape",
    "cell_bit",
    "counter_cell_of",
    "fit_masks",
    "mask_cells",
    "playout",
    "shape_id",
    "kind_of",
    "fit_kinds",
    "S_ANCHOR",
    "S_CELLS",
    "S_DIR",
    "S_LEN",
    "S_LINE",
    "S_LINES",
    "S_MASK",
    "S_VAL",
    "FastCore",
    "IsaacCore",
]
