"""A lesson: a guided first game, as a list of steps on real positions.

Each `Step` holds a position built by the engine (`IsaacState.setup(...)` or real moves
played), what to tell the player, the cells to light up, and what the player must do:
one of a few moves in notation, or any legal move (`moves` empty). After the right
move, `explain(before, move, after)` says what happened with the engine's own numbers.
A wrong try is answered by `refusal`: the engine's reason for an illegal move
(`state.parse_move`'s `ValueError`), or the step's own words for a legal move that is
not the one asked; a piece picked whose moves are none of those asked is refused at
the first click (`refusal_of_choice`), not after the move is made. The content of a
game's lesson lives in its folder
(`games/<game>/lesson.py`); this module is the machinery, with no pygame in it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic

from isaac_game.i18n import _
from isaac_game.rules import GameState, Move, Place, parse_notation

from ..states import S, narrow
from ..widgets.board_view import piece_cells

#: after the right move: (position before, the move, position after) -> words
Explain = Callable[[S, Move, S], str]


def _no_words(before: GameState, move: Move, after: GameState) -> str:
    return ""


@dataclass(frozen=True)
class Step(Generic[S]):
    title: str  # "Place a piece" (English, marked with `N_`: translated where shown)
    state: S  # the position the step starts from
    text: str  # what to do, shown in the lesson box (marked with `N_`, as `wrong`)
    cells: frozenset[int] = frozenset()  # cells lit up on the board
    moves: frozenset[str] = frozenset()  # the moves asked, as the lesson writes them; empty: any
    wrong: str = ""  # said when a legal move is not one of `moves`
    explain: Explain[S] = _no_words  # its words are made (translated) as it is called

    @property
    def asked(self) -> frozenset[Move]:
        """The moves asked, as values."""
        return frozenset(parse_notation(text) for text in self.moves)

    def told(self, move: Move, after: GameState) -> str:
        """What the right move did, in the step's words (`after`: the match's position)."""
        return self.explain(self.state, move, narrow(type(self.state), after))


@dataclass(frozen=True)
class Lesson(Generic[S]):
    game: str  # the rules engine's game name
    title: str  # "ISAAC: your first game" (marked with `N_`: translated where shown)
    steps: tuple[Step[S], ...]

    @property
    def key(self) -> str:
        """The lesson's name in the progress file (`Progress.mark`)."""
        return f"lesson:{self.game}"


def cells_of(*pieces: str) -> frozenset[int]:
    """The cells under placements in notation, to light up ("5v14" -> 14 24 34 44 54;
    a FOUNDATIONS level, "5h20@2", covers the same cells)."""
    cells: set[int] = set()
    for text in pieces:
        place = parse_notation(text)
        if not isinstance(place, Place):
            raise ValueError(f"{text}: not a placement")
        cells.update(piece_cells(place.length, place.direction, place.cell))
    return frozenset(cells)


def refusal(
    step: Step, state: GameState, move: Move, why_not: Callable[[ValueError], str] = str
) -> str:
    """Why the player's try is not this step's move, kindly ("" when it is); `why_not`
    puts the rules' reason in the game's words."""
    try:
        parsed = state.parse_move(move)
    except ValueError as error:
        # TRANSLATORS: {reason}: why the rules refuse the move, in words
        return _("Not quite: {reason}. Try again.").format(reason=why_not(error))
    if step.moves and parsed not in step.asked:
        if step.wrong:
            return _(step.wrong)
        return _("That move is legal, but this step asks for another. Try again.")
    return ""


def refusal_of_choice(step: Step, moves: list[Move]) -> str:
    """Why a piece picked is not this step's ("" when one of its `moves`, the moves it
    can still make, is asked): said at the first click, not after the last."""
    if not step.moves or any(m in step.asked for m in moves):
        return ""
    return _(step.wrong) if step.wrong else _("That piece is not this step's: try the lit one.")


@dataclass(frozen=True)
class LearnEntry:
    """One row of the Learn to play chooser: a lesson, a puzzle set, or "coming soon"
    (`scene` empty: shown, not chosen). The registry composes the list."""

    label: str  # in the player's language
    scene: str = ""  # the registry name of the scene it opens
    handoff: tuple = ()
    key: str = ""
