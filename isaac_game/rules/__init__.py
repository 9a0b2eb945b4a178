"""The rules of ISAAC, FOUNDATIONS and HARI: pure Python, no I/O, no pygame.

The public API (DESIGN.md, "The engine's public API"):

    g = new_game("isaac")
    g.legal_moves(); g.play("5v04"); g.to_move; g.is_over; g.winner; g.scores; g.moves
"""

from . import foundations, hari, isaac  # noqa: F401  (registers the games)
from .common import LENGTHS, VALUE, IllegalMoveError, NotationError, Player
from .foundations import FoundationsState, StackedPiece
from .hari import HariState, SlideRange
from .isaac import IsaacState
from .isaac_scoring import Breakdown
from .moves import Discard, Move, Pass, Place, Remove, Slide, parse_notation
from .pieces import BoardPiece
from .records import GameRecord, RecordError, load_record, parse_record, record_text, save_record
from .state import GameState, MoveList, game_names, new_game

__all__ = [
    "LENGTHS",
    "VALUE",
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
    "Pass",
    "Place",
    "Player",
    "RecordError",
    "Remove",
    "Slide",
    "SlideRange",
    "StackedPiece",
    "game_names",
    "load_record",
    "new_game",
    "parse_notation",
    "parse_record",
    "record_text",
    "save_record",
]
