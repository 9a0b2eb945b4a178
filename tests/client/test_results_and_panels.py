"""The results screen against the computer ("You win", both names, the scores, the
tie-break), and the hand panels' words ("1 piece, value 6") in every game, at 1280x720
and 3840x2160; a panel kept as a picture is the panel drawn."""

from __future__ import annotations

import random

import pygame
import pytest

from isaac_game.client.handoff import GameSetup, history_of
from isaac_game.client.scenes import results as results_module
from isaac_game.client.scenes.results import ResultsScene
from isaac_game.client.text import recording
from isaac_game.client.widgets import hud
from isaac_game.rules import LENGTHS, VALUE, Player, new_game

from .driver import run
from .kinds import is_game


def last_pass(seed: int):
    """The position of a seeded random ISAAC game where Dark, to move, can only pass,
    and the pass ends the game."""
    rng = random.Random(seed)
    state = new_game("isaac")
    while not state.is_over:
        moves = state.legal_moves()
        if (
            state.to_move == Player.DARK
            and [str(m) for m in moves] == ["pass"]
            and state.play(moves[0]).is_over
        ):
            return state
        state = state.play(rng.choice(moves))
    raise AssertionError(f"seed {seed}: no such position")


def play_to_results(app, state, **seats) -> ResultsScene:
    """Dark (a human) is passed for, the game ends, the results come: the real path."""
    game = app.open("match", GameSetup(history=history_of(state), **seats))
    assert is_game(game, "isaac")
    for _ in range(400):
        if isinstance(app.top, ResultsScene):
            return app.top
        run(app, 1)
    raise AssertionError("no results screen")


def drawn_texts(app, monkeypatch, module) -> list[str]:
    """Draw the screen for real; every text `module` drew."""
    texts: list[str] = []
    real = module.blit_text

    def record(surface, fonts, text, *args, **kwargs):
        texts.append(text)
        return real(surface, fonts, text, *args, **kwargs)

    monkeypatch.setattr(module, "blit_text", record)
    app.draw()
    monkeypatch.setattr(module, "blit_text", real)
    return texts


# ----- 10. the results ---------------------------------------------------------------


def test_against_the_computer_you_win_with_both_names_and_scores(app, monkeypatch):
    before = last_pass(1)  # Dark wins 17 to 2
    results = play_to_results(app, before, dark="human", light="hard")
    final = results.outcome.state
    assert final.winner == Player.DARK and final.scores == (17, 2)
    texts = drawn_texts(app, monkeypatch, results_module)
    assert "You win" in texts
    assert {"You", "Dark", "Level 9 (Hard)", "Light"} <= set(texts)  # who played which colour
    assert "17" in texts and "2" in texts
    assert results.score_line() == "You (Dark) 17 - Level 9 (Hard) (Light) 2"
    assert "Tie-break" not in " ".join(texts)


def test_you_lose_and_the_tie_break_says_why(app, monkeypatch):
    before = last_pass(76)  # tied at 13: Light's pieces set aside make the longer line
    results = play_to_results(app, before, dark="human", light="easy")
    final = results.outcome.state
    assert final.winner == Player.LIGHT and final.tiebreak
    texts = drawn_texts(app, monkeypatch, results_module)
    assert "You lose" in texts
    assert results.score_line() == "You (Dark) 13 - Level 3 (Easy) (Light) 13"
    reason = " ".join(t for t in texts if t not in results.score_line())
    assert "Tie-break: scores tied at 13" in reason


def test_hotseat_keeps_the_colours(app, monkeypatch):
    results = play_to_results(app, last_pass(1))  # both seats human
    texts = drawn_texts(app, monkeypatch, results_module)
    assert "Dark wins!" in texts and "You win" not in texts
    assert "Dark" in texts and "Light" in texts
    assert results.score_line() == "Dark 17 - Light 2"


# ----- 12. the hand panels -------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
@pytest.mark.parametrize("game", ["isaac", "foundations", "hari"])
def test_hand_rows_say_pieces_and_value_and_fit(app, monkeypatch, game, size):
    scene = app.open("match", GameSetup(game))
    run(app, 2)
    surface = pygame.Surface(size)
    drawn: list[tuple[str, int, tuple[int, int]]] = []
    real = hud.blit_text

    def record(surface, fonts, text, px, color, pos, anchor="topleft", *args, **kwargs):
        drawn.append((text, px, pos, anchor))
        return real(surface, fonts, text, px, color, pos, anchor, *args, **kwargs)

    monkeypatch.setattr(hud, "blit_text", record)
    with recording(surface):  # drawn, not copied from a kept picture
        app.draw(surface)
    monkeypatch.setattr(hud, "blit_text", real)
    hand = scene.match.state.hand(Player.DARK)
    layout = scene.view.layout
    assert layout is not None and layout.size == size
    for player in (Player.DARK, Player.LIGHT):
        panel = layout.panels[player]
        for length in LENGTHS:
            count = hand[length]
            words = f"{count} piece{'' if count == 1 else 's'}, value {VALUE[length]}"
            found = [d for d in drawn if d[0] == words and panel.collidepoint(d[2])]
            assert found, f"{words!r} not in {player.title}'s panel"
            _text, px, (x, _y), anchor = found[0]
            assert anchor == "midleft"
            width = app.fonts.size(words, px)[0]
            assert x + width <= panel.right - int(8 * layout.u), f"{words!r} is cut"
            assert px >= 12 * layout.u  # readable
    assert not any(d[0].startswith("x") and d[0][1:].isdigit() for d in drawn)


@pytest.mark.parametrize("game", ["isaac", "foundations", "hari"])
def test_a_kept_panel_is_the_panel_drawn(app, game):
    """The panels are drawn once onto a picture and copied while they show the same
    (widgets/kept_drawing.py): the screen is the same pixels as one drawn directly,
    the first time and when copied again, and the hand rows a click finds are the same."""
    scene = app.open("match", GameSetup(game))
    run(app, 2)
    screens = []
    for direct in (True, False, False):
        surface = pygame.Surface(app.screen.get_size())
        if direct:
            with recording(surface):
                app.draw(surface)
        else:
            app.draw(surface)
        screens.append(pygame.image.tobytes(surface, "RGB"))
    assert screens[0] == screens[1] == screens[2]
    layout = scene.view.layout
    assert layout is not None
    infos = {player: hud.PanelInfo.of(scene.match.state, player, "") for player in Player}
    surface = pygame.Surface(layout.size)
    with recording(surface):
        drawn = hud.draw_player_panels(surface, app.fonts, app.palette, layout, infos)
    kept = hud.draw_player_panels(surface, app.fonts, app.palette, layout, infos)
    again = hud.draw_player_panels(surface, app.fonts, app.palette, layout, infos)
    assert drawn == kept == again and all(drawn.values())


def test_a_kept_panel_changes_with_what_it_shows(app):
    """The picture is kept by all the panel shows: a new score draws a new panel."""
    scene = app.open("match", GameSetup("isaac"))
    run(app, 2)
    layout = scene.view.layout
    assert layout is not None
    rect = layout.panels[Player.DARK]
    info = hud.PanelInfo.of(scene.match.state, Player.DARK, "")
    pictures = []
    for score in (3, 3, 41):
        surface = pygame.Surface(layout.size)
        info.score = score
        hud.draw_player_panel(surface, app.fonts, app.palette, rect, info, layout.u)
        pictures.append(pygame.image.tobytes(surface.subsurface(rect), "RGB"))
    assert pictures[0] == pictures[1] != pictures[2]
