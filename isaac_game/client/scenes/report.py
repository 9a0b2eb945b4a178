"""The report after a game: its final board, a graph of the game over its moves, its
mistakes and blunders, and its three worst moves, each one step away from Review.

Opened from the results screen (Report), from Review (the bar's Report button, R or
pad X) and from the Replay list (R, pad Y, or the chart button beside a save). The
graph (`widgets.graph`) has one point per position, the start and one after each
move: ISAAC both scores, FOUNDATIONS the value left in each hand, HARI the value on
the board. Analyse (H, pad Y, or its row) has Hard search every position as Review
does, with the same machinery and the same cache beside the save
(`widgets.review.ReviewAnalysis`: an analysis made in Review is shown at once here,
and the other way round); then the graph gains Dark's win chance move by move, the
mistakes and blunders are counted for each player, the move list marks them ("?" and
"??"), and the three worst moves are rows: Enter, a click, a pad's A or the keys 1 to
3 open Review at that move (opened from Review, the report goes back to it there).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from isaac_game.clock import clock_text, clocks_after
from isaac_game.i18n import N_, _, ngettext
from isaac_game.rules import GameRecord, GameState, Move, Player

from ..games.base import GameEntry
from ..input import Action, Button
from ..scene import Scene
from ..theme import blit_text, draw_panel, draw_texts, draw_wrapped, ui_scale
from ..widgets.graph import Graph, Line, chance_series, score_series
from ..widgets.menu import Menu, MenuItem
from ..widgets.move_list import MovesBox
from ..widgets.move_words import MoveHistory, MoveWords
from ..widgets.review import Mark, ReviewAnalysis
from ..words import side_name

if TYPE_CHECKING:
    from isaac_game.ai.analysis import MoveReview

#: How many of the worst moves the report lists.
WORST_SHOWN = 3


def report_layout(size: tuple[int, int]) -> dict[str, pygame.Rect]:
    """Where the report's parts are (a pure function of the window): the title bar, the
    board, the counts under it, the graph, the menu and the move list beside it."""
    w, h = size
    u = ui_scale(size)
    m = int(20 * u)
    top = pygame.Rect(0, 0, w, int(60 * u))
    y0, bottom = top.bottom + m // 2, h - m
    body = bottom - y0
    side = max(1, min(int(w * 0.36), body - int(130 * u) - m))
    board = pygame.Rect(m, y0, side, side)
    counts = pygame.Rect(m, board.bottom + m // 2, side, bottom - board.bottom - m // 2)
    x1 = board.right + m
    width = w - x1 - m
    graph = pygame.Rect(x1, y0, width, int(body * 0.5))
    below = graph.bottom + m // 2
    menu = pygame.Rect(x1, below, width // 2 - m // 2, bottom - below)
    moves = pygame.Rect(menu.right + m, below, width - menu.width - m, bottom - below)
    return {
        "top": top,
        "board": board,
        "counts": counts,
        "graph": graph,
        "menu": menu,
        "moves": moves,
    }


def mark_counts(reviews: list[MoveReview], player: Player) -> tuple[int, int]:
    """(mistakes, blunders) of `player`, as the analysis marks its moves."""
    mine = [r.mark for r in reviews if r.mover == player]
    return mine.count(Mark.MISTAKE), mine.count(Mark.BLUNDER)


class ReportScene(Scene):
    name = "report"

    def __init__(
        self,
        app,
        game: GameEntry,
        record: GameRecord,
        source: str | Path = "",
        title: str = "",
        side: Player = Player.DARK,
        analysis: ReviewAnalysis | None = None,
        review: Callable[[int], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.game, self.record, self.source, self.side = game, record, source, side
        self.title = title
        save = source if isinstance(source, Path) else None
        self.owns_analysis = analysis is None
        self.analysis = analysis or ReviewAnalysis(
            record.game, record.state.moves, save, stats=app.storage.stats
        )
        self.back_to_review = review  # opened from Review: a worst move goes back there
        self.history = MoveHistory(self.describe)
        self.history.sync(record.state)
        self.states: list[GameState] = self.history.states
        self.index = len(self.states) - 1  # the final board (what the view draws)
        self.view = game.replay_view(app.fonts)
        self.graph = Graph()
        self.moves_box = MovesBox(app.fonts)
        items = [MenuItem(self.analyse_label, self.analyse, self.can_analyse, key="analyse")]
        for rank in range(WORST_SHOWN):
            items.append(
                MenuItem(
                    partial(self.worst_label, rank),
                    partial(self.open_worst, rank),
                    partial(self.has_worst, rank),
                    key=f"worst{rank + 1}",
                )
            )
        items.append(MenuItem(N_("Review the game"), lambda: self.open_review(0), key="review"))
        items.append(MenuItem(N_("Back"), self.close, key="back"))
        self.menu = Menu(items, on_change=lambda: self.app.audio.play("click"))

    def describe(self, before: GameState, move: Move, after: GameState) -> MoveWords:
        return self.game.describe(before, move, after, self.side)

    def on_language(self) -> None:
        self.history.retell()
        self.states = self.history.states

    # ----- what the report shows --------------------------------------------------------

    def series(self) -> list[Line]:
        """The graph's lines: both sides' scores, then Dark's win chance once analysed
        (each one point per position: `len(moves) + 1`)."""
        pal = self.app.palette
        dark, light = score_series(self.states)
        dark_words, light_words = self.game.score_lines  # what the game's scores count
        lines = [Line(_(dark_words), dark, pal.last_move), Line(_(light_words), light, pal.target)]
        if self.analysis.done:
            chance = chance_series(self.states, self.analysis.views)
            if chance:
                lines.append(Line(_("Dark's win chance"), chance, pal.legal, share=True))
        return lines

    def marks(self) -> dict[int, Mark]:
        """The analysis's mark of each marked move, by move number (1: the first)."""
        reviews = self.analysis.reviews or []
        return {r.ply + 1: r.mark for r in reviews if r.mark}

    def worst(self) -> list[MoveReview]:
        """The worst moves, worst first (the analysis's own choice: `worst`)."""
        if self.analysis.reviews is None:
            return []
        reviews = self.analysis.reviews
        return [reviews[n - 1] for n in self.analysis.worst()[:WORST_SHOWN]]

    def has_worst(self, rank: int) -> bool:
        return rank < len(self.worst())

    def worst_label(self, rank: int) -> str:
        worst = self.worst()
        if rank >= len(worst):
            return ""  # an empty row until the analysis names a move
        review = worst[rank]
        # TRANSLATORS: one of the worst moves: "Move 12, Dark: gave away 34%" (of win chance)
        text = _("Move {number}, {player}: gave away {loss:.0%}")
        return text.format(number=review.ply + 1, player=side_name(review.mover), loss=review.loss)

    def count_lines(self) -> list[str]:
        """Mistakes and blunders for each player (or what to do to know them)."""
        reviews = self.analysis.reviews
        clock = self.clock_line()
        if reviews is None:
            return [_("Analyse the game to count its mistakes and blunders."), *clock]
        lines = []
        for player in (Player.DARK, Player.LIGHT):
            mistakes, blunders = mark_counts(reviews, player)
            said_m = ngettext("{count} mistake", "{count} mistakes", mistakes).format(
                count=mistakes
            )
            said_b = ngettext("{count} blunder", "{count} blunders", blunders).format(
                count=blunders
            )
            # TRANSLATORS: "Dark: 2 mistakes, 1 blunder"
            text = _("{player}: {mistakes}, {blunders}")
            lines.append(text.format(player=side_name(player), mistakes=said_m, blunders=said_b))
        return lines + clock

    def clock_line(self) -> list[str]:
        """Each side's time left at the end, in a game played to a clock ([]: none)."""
        left = clocks_after(self.record, len(self.record.state.moves))
        if left is None:
            return []
        # TRANSLATORS: a side's time left on its clock: "Dark 4:58"
        each = [
            _("{player} {time}").format(player=side_name(p), time=clock_text(left[p.index]))
            for p in (Player.DARK, Player.LIGHT)
        ]
        # TRANSLATORS: a game played to a clock; {dark} and {light} are "Dark 4:58"...
        text = _("Time left at the end: {dark}, {light}")
        return [text.format(dark=each[0], light=each[1])]

    # ----- what the player does ----------------------------------------------------------

    def analyse_label(self) -> str:
        if self.analysis.running:
            return _("Analysing: {share:.0%}").format(share=self.analysis.progress())
        if self.analysis.done:
            return _("Analysed")
        return _("Analyse") if not self.analysis.error else _("Analyse again")

    def can_analyse(self) -> bool:
        return not self.analysis.done and bool(self.analysis.moves)

    def analyse(self) -> None:
        if self.analysis.start():
            self.app.audio.play("click")

    def open_worst(self, rank: int) -> None:
        worst = self.worst()
        if rank < len(worst):
            self.open_review(worst[rank].ply + 1)
        else:
            self.app.audio.play("illegal")

    def open_review(self, move: int) -> None:
        """Review at the position after move `move` (0: the start)."""
        if self.back_to_review is not None:
            go = self.back_to_review
            self.app.pop(self)
            go(move)
            return
        self.app.open("replay", self.record, self.source, at=move)

    def close(self) -> None:
        self.app.pop(self)

    def handle(self, action: Action) -> None:
        b = action.button
        entries = self.history.entries
        if b == Button.CLICK and action.pos is not None:
            row = self.moves_box.row_at(action.pos, entries)
            if row is not None:
                self.open_review(row + 1)
                return
        if self.moves_box.handle(action, entries) or self.menu.handle(action):
            return
        if b == Button.DIGIT and 1 <= action.value <= WORST_SHOWN:
            self.open_worst(action.value - 1)
        elif b == Button.HINT:
            self.analyse()
        elif b in (Button.BACK, Button.PAUSE):
            self.close()

    def update(self, dt: float) -> None:
        if self.analysis.update():
            self.app.request_redraw()
            if not self.menu.current.enabled():  # analysed: the worst move is chosen
                self.menu.go_to(self.menu.index, 1)

    def refresh_every(self) -> float | None:
        return 0.25 if self.analysis.running else None

    def on_exit(self) -> None:
        if self.owns_analysis:
            self.analysis.close()

    # ----- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        parts, u = report_layout(size), ui_scale(size)
        pal, fonts = self.app.palette, self.app.fonts
        surface.fill(pal.background)
        top = parts["top"]
        at = (int(20 * u), top.centery)
        blit_text(surface, fonts, self.game.title, int(26 * u), pal.text_dim, at, "midleft", True)
        name_w = fonts.size(self.game.title, int(26 * u), True)[0] + int(40 * u)
        bar = top.inflate(-2 * name_w, -int(8 * u))
        # TRANSLATORS: the report's title; {title} is the players and the date
        heading = _("Report: {title}").format(title=self.title) if self.title else _("Report")
        draw_wrapped(surface, fonts, heading, int(34 * u), pal.text, bar, True)
        self.view.board.place(parts["board"], self.side)
        self.view.draw_board(surface, self, pal)
        counts = parts["counts"]
        draw_panel(surface, counts, pal, radius=int(12 * u))
        parts_said = [(_("Mistakes and blunders"), pal.text_dim, 22 * u, True)]
        parts_said += [(line, pal.text, 22 * u, False) for line in self.count_lines()]
        draw_texts(surface, fonts, counts.inflate(-int(20 * u), -int(12 * u)), parts_said)
        graph = parts["graph"]
        draw_panel(surface, graph, pal, radius=int(12 * u))
        self.graph.draw(
            surface,
            fonts,
            pal,
            graph.inflate(-int(24 * u), -int(16 * u)),
            u,
            self.series(),
            self.marks(),
        )
        menu = parts["menu"]
        draw_panel(surface, menu, pal, radius=int(12 * u))
        area = menu.inflate(-int(16 * u), -int(12 * u))
        px = min(int(24 * u), int(area.height / (1.7 * len(self.menu.items))))
        self.menu.layout(area, px)
        self.menu.draw(surface, fonts, pal)
        self.moves_box.place(parts["moves"], u)
        self.moves_box.marks = {n - 1: mark for n, mark in self.marks().items()}
        self.moves_box.draw(surface, pal, self.history.entries, None)
