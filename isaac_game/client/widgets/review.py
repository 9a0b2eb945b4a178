"""The computer's view of a game in the Review screen (`ai.analysis`, as
`python -m isaac_game analyse` prints it): the judge's numbers (`ai.judge`), the same
the hint and the coach gave during the game (what the window already judged is handed
to the worker, and what the worker judges is kept for them).

Positions are searched one at a time in a worker process, so the screen keeps its
frame rate and shows how far it got. The analysis is cached beside the save
(`<save>.analysis.json`, next to `<save>.isaac.txt`) and read back the next time the
game is reviewed, as long as it was made for the same moves: a finished one is shown
at once, one left half-way (the player left the Review) goes on from where it
stopped. A cache that cannot be read, or whose views do not fit the game's positions,
is simply made again: it is derived from the save, never the save itself. It is read
as every file of ours is (`isaac_game.rules.read_json`): a regular file only, at most
`CACHE_BYTES`, nested no deeper than JSON of ours ever is.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from isaac_game.ai.analysis import Mark as Mark  # the marks, for scenes (never the AI's)
from isaac_game.ai.analysis import MoveReview, PositionView, reviews_of, view_position
from isaac_game.ai.judge import (
    TASK_SECONDS,
    VERSION,
    WinChance,
    remember,
    remembered,
    view_names,
)
from isaac_game.ai.worker import Task, Worker
from isaac_game.rules import positions, read_json, write_atomically
from isaac_game.stats import Stats

from ..learn.practice import keep_blunders, keep_mistakes
from ..storage import analysis_path

#: The judge's work in Review (`Judge.scale`): its own, so Review reads the numbers the
#: hint and the coach gave; only tests that need some analysis, not the teacher's, shrink it.
REVIEW_SCALE = 1.0
#: How many of the worst moves the Worst button steps through.
WORST_COUNT = 5
#: The largest analysis file read back: a few dozen bytes a position, for games of at
#: most a few thousand moves.
CACHE_BYTES = 4 << 20


def read_cache(
    path: Path, game: str, moves: tuple[str, ...], judge: object = VERSION
) -> list[PositionView | None] | None:
    """The cached views of the positions, from the first (all of them, or those an
    analysis left half-way had), or None when there is none for these moves by the
    judge `judge` (`judge_name`)."""
    try:
        data = read_json(path, CACHE_BYTES)
        if not isinstance(data, dict):
            return None
        if data.get("game") != game or tuple(data.get("moves", ())) != moves:
            return None
        if data.get("judge") != judge:  # another judge's numbers: judged again
            return None
        items = data["views"]
        if not isinstance(items, list) or len(items) > len(moves) + 1:
            return None
        views: list[PositionView | None] = []
        for item in items:
            views.append(None if item is None else view_of(item))
        return views if fits(game, moves, views) else None
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError):
        return None


def judge_name(scale: float) -> object:
    """What a cache says of the judge that made it: its version, and any scale."""
    return VERSION if scale == 1.0 else f"{VERSION} x {scale:g}"


def view_of(item: list) -> PositionView:
    """A view as the cache keeps it: [Hard's move, Dark's chance, Dark's after it]."""
    best, chance, after_best = item
    return PositionView(str(best), WinChance(float(chance)), WinChance(float(after_best)))


def fits(game: str, moves: tuple[str, ...], views: list[PositionView | None]) -> bool:
    """Does each view fit its position: none for a finished one, else a legal move of it
    and a chance between 0 and 1? (Raises ValueError for a move that is not legal.)"""
    # the views may stop half-way (an analysis left before its end): their positions only
    for view, state in zip(views, positions(game, moves[: len(views) - 1]), strict=False):
        if (view is None) != state.is_over:
            return False
        if view is not None:
            state.parse_move(view.best)
            if not all(0.0 <= c.dark <= 1.0 for c in (view.chance, view.after_best)):
                return False
    return True


class ReviewAnalysis:
    """Computes (or reads back) the analysis of one game for the Review screen."""

    def __init__(
        self,
        game: str,
        moves: tuple[str, ...],
        save: Path | None = None,
        stats: Stats | None = None,
        scale: float | None = None,
    ) -> None:
        self.game, self.moves = game, tuple(moves)
        self.save = save
        #: Where the local players' blunders are kept to practise, once analysed.
        self.stats = stats
        self.cache = analysis_path(save) if save is not None else None
        self.scale = REVIEW_SCALE if scale is None else scale
        self.views: list[PositionView | None] = []
        self.reviews: list[MoveReview] | None = None
        self.error = ""
        self.worker: Worker | None = None
        if self.cache is not None:
            cached = read_cache(self.cache, game, self.moves, judge_name(self.scale))
            if cached is not None and len(cached) == self.total:
                self._finish(cached, save=False)
            elif cached is not None:
                self.views = cached  # left half-way: Analyse goes on from here

    @property
    def total(self) -> int:
        return len(self.moves) + 1

    @property
    def running(self) -> bool:
        return self.worker is not None and self.reviews is None and not self.error

    @property
    def done(self) -> bool:
        return self.reviews is not None

    def progress(self) -> float:
        return len(self.views) / self.total

    def start(self) -> bool:
        """Begin (False when it is running, done, or there are no moves to review)."""
        if self.running or self.done or not self.moves:
            return False
        self.error = ""
        self.worker = Worker()
        self._ask()
        return True

    def _ask(self) -> None:
        assert self.worker is not None
        moves = self.moves[: len(self.views)]
        known = remembered(view_names(self.game, moves))
        task = Task(view_position, (self.game, moves, 0, known, self.scale))
        self.worker.submit(task, TASK_SECONDS)

    def update(self) -> bool:
        """Collect an answer if one is there (never blocks); True when something changed."""
        if not self.running or self.worker is None:
            return False
        answer = self.worker.poll()
        if answer is None:
            if not self.worker.busy:  # gave up on the task
                self.error = "the analysis stopped"
                self.close()
                return True
            return False
        if not answer.ok:
            self.error = "the analysis stopped"
            self.close()
            return True
        view, judged = answer.value
        if self.scale == 1.0:  # the teacher's own numbers: the hint and coach read them
            remember(judged)
        self.views.append(view)
        if len(self.views) == self.total:
            self._finish(self.views, save=True)
            self.close()
        else:
            self._ask()
        return True

    def _finish(self, views: list[PositionView | None], save: bool) -> None:
        self.views = list(views)
        self.reviews = reviews_of(self.game, self.moves, self.views)
        if save:
            self._keep()
        if self.stats is not None and self.save is not None:
            keep_mistakes(self.stats, self.reviews, self.save)  # the stats' counts
            keep_blunders(self.stats, self.game, self.moves, self.reviews, self.save)

    def _keep(self) -> None:
        """Write the views so far beside the save (a cache that cannot be written is
        simply made again next time). A save deleted while it was analysed (or its whole
        folder) gets nothing: the cache is no use without it, and `Storage.delete_save`
        has already removed the one it had. A save deleted during the write loses the
        cache just written, so whichever of the two comes first, no orphan is left."""
        if self.cache is None or self.save is None or not self.views:
            return
        if not self.save.exists():
            return
        data: dict[str, object] = {"game": self.game, "moves": list(self.moves)}
        data["judge"] = judge_name(self.scale)
        data["views"] = [
            None if v is None else [v.best, v.chance.dark, v.after_best.dark] for v in self.views
        ]
        with contextlib.suppress(OSError):
            write_atomically(self.cache, json.dumps(data), make_folder=False)
            if not self.save.exists():
                self.cache.unlink(missing_ok=True)

    def review(self, move_number: int) -> MoveReview | None:
        """The review of move `move_number` (1 is the first move), once done."""
        if self.reviews is None or not 1 <= move_number <= len(self.reviews):
            return None
        return self.reviews[move_number - 1]

    def worst(self) -> list[int]:
        """Move numbers of the worst mistakes and blunders, worst first."""
        if self.reviews is None:
            return []
        marked = [r for r in self.reviews if r.mark]
        marked.sort(key=lambda r: (-r.loss, r.ply))
        return [r.ply + 1 for r in marked[:WORST_COUNT]]

    def next_worst(self, current: int) -> int | None:
        """The next of the worst moves after move `current` (round the list), if any."""
        worst = self.worst()
        if not worst:
            return None
        if current in worst:
            return worst[(worst.index(current) + 1) % len(worst)]
        return worst[0]

    def close(self) -> None:
        """Stop the worker; an analysis left half-way is kept, to go on next time."""
        if self.worker is not None:
            if not self.done:
                self._keep()
            self.worker.close()
            self.worker = None
