"""What the rules pages say (docs/rules.md 1.1-1.3, 2.7): ISAAC's scoring page says who
removes first, that removing is compulsory, that a player who cannot remove is out for
good and that counters count where they stand before the mover's moves; its counters
page says where the counters start and explains its own picture; FOUNDATIONS' winner
page shows a legible chart; no page names a piece by its length alone."""

from __future__ import annotations

import pygame

from isaac_game.client.games.foundations import rulebook as foundations_rulebook
from isaac_game.client.games.foundations.chart import chart_rows
from isaac_game.client.games.isaac.rulebook import example_positions
from isaac_game.client.scenes.rulebook import RulesScene

from ..driver import key
from ..games.test_piece_names import BY_LENGTH
from .test_rules_pages import open_rules_from_title


def read_pages(app, game: str) -> list[tuple[str, str]]:
    """Open `game`'s rules from the title and turn every page with Right, as a player
    does; (body, caption) of each page as drawn."""
    rules = open_rules_from_title(app, game)
    assert isinstance(rules, RulesScene)
    shown: list[tuple[str, str]] = []
    real = rules._draw_text

    def draw_text(surface, panel, body, caption, u):
        shown.append((body, caption))
        real(surface, panel, body, caption, u)

    rules._draw_text = draw_text  # type: ignore[method-assign]
    pages = []
    for page in range(rules.pages):
        app.draw()
        pages.append(shown[-1])
        if page < rules.pages - 1:
            key(app, pygame.K_RIGHT)
    return pages


def test_isaac_scoring_and_counter_pages_say_what_the_rules_say(app):
    pages = read_pages(app, "isaac")
    scoring, counters = pages[1][0], pages[2][0]
    # docs/rules.md 1.1.5 and 1.3.1: the first passer starts; 1.3.2: compulsory, else out for good
    assert "the first player who passed removes first" in scoring
    assert "you must remove one of your own pieces" in scoring
    assert "If you cannot, you pass and are out for good" in scoring
    # 1.3.3: M looks at the counters before any counter moves
    assert "where they stand before yours moves" in scoring
    # 1.2: both start at 0, Dark's on its row 0, column 0, Light's on its own
    assert "Both start at 0: Dark's on Dark's row 0, column 0" in counters
    assert "Light's on Light's own row 0, column 0" in counters
    # each page explains its own picture, from its own position
    (_early, state, best) = example_positions()
    caption2, caption3 = pages[1][1], pages[2][1]
    assert caption2 != caption3
    assert str(state.removal_points(best.cell)) in caption2
    dark, light = state.scores
    assert "both counters started at 0" in caption3
    assert f"Dark's stands on {dark}" in caption3 and f"Light's on its {light}" in caption3
    reach = max(t for t in state.removal_targets(best.cell) if t < 100)
    assert f"{state.scores[state.to_move.index]} to {reach}" in caption3


def test_foundations_winner_page_draws_the_deciding_chart_not_the_jumbled_stacks(app, monkeypatch):
    drawn: list[str] = []
    real_stacks, real_chart = foundations_rulebook.draw_stacks, foundations_rulebook.draw_chart
    monkeypatch.setattr(
        foundations_rulebook,
        "draw_stacks",
        lambda *a, **k: (drawn.append("stacks"), real_stacks(*a, **k)),
    )
    monkeypatch.setattr(
        foundations_rulebook,
        "draw_chart",
        lambda *a, **k: (drawn.append("chart"), real_chart(*a, **k)),
    )
    pages = read_pages(app, "foundations")
    assert "chart" in drawn
    final = foundations_rulebook.finished_game()
    rows, decided = chart_rows(final)
    assert decided is not None  # the seeded game has a winner
    label, dark, light, _level = rows[decided]
    assert dark != light and all(d == lt for _l, d, lt, _k in rows[:decided])
    caption = pages[3][1]
    assert caption.startswith("The picture totals a whole game")
    assert f"{label.lower()}: " in caption.lower()  # the ringed row is the one named


def test_no_rules_page_names_a_piece_by_its_length(app):
    for game in ("isaac", "foundations", "hari"):
        for body, caption in read_pages(app, game):
            assert not BY_LENGTH.search(body), (game, body)
            assert not BY_LENGTH.search(caption), (game, caption)
        key(app, pygame.K_ESCAPE)
