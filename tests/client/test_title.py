"""The title: the game and the seats are chosen before New game, in reading order; the
heading is the game chosen; the choice is remembered; "Continue a saved game" is
greyed out (and says so) when no saved game is unfinished; a Resume row appearing
moves no other row."""

from __future__ import annotations

import pygame

from isaac_game.client.registry import make_app
from isaac_game.client.scenes.title import TitleScene
from isaac_game.rules import new_game

from .driver import click, key, menu_to, run
from .kinds import is_game

FIXED = ["game", "dark", "light", "coach", "clock", "new", "lan_host", "lan_join", "online",
         "continue", "replay", "learn", "stats", "rules", "settings", "quit"]  # fmt: skip


def back_to_title(app) -> TitleScene:
    """Settings and back: the title is asked again what there is to pick up."""
    menu_to(app, app.top.menu, "settings")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
    run(app, 1)
    return app.top


def test_the_game_and_seats_come_before_new_game_and_are_remembered(app, storage):
    title = app.top
    assert [item.key for item in title.menu.items] == FIXED
    assert title.menu.current.key == "new"  # Enter starts at once
    assert title.heading() == "ISAAC"
    menu_to(app, title.menu, "game")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert title.game == "hari" and title.heading() == "HARI"
    menu_to(app, title.menu, "light")
    key(app, pygame.K_RIGHT)
    light = app.settings.light_kind
    assert light != "human"
    app.shutdown()
    again = make_app(size=(1280, 720), fullscreen=False, storage=storage, sound=False)
    try:
        again.open("title")
        run(again, 1)
        title = again.top
        assert title.game == "hari" and title.heading() == "HARI"
        assert again.settings.light_kind == light
        key(again, pygame.K_RETURN)  # New game: the game and the seats chosen
        game = again.top
        assert is_game(game, "hari") and game.setup.light == light
    finally:
        again.shutdown()


def test_continue_is_greyed_out_while_no_saved_game_is_unfinished(app, storage):
    final = new_game("isaac")
    while not final.is_over:
        final = final.play(final.legal_moves()[-1])
    storage.save_game(storage.saves_dir / "2026-01-01_10-00-00.isaac.txt", final, {})
    title = back_to_title(app)
    row = title.menu.item("continue")
    assert not row.enabled() and row.text() == "No saved game to continue"
    assert title.menu.item("replay").enabled()  # the finished game can be replayed
    app.draw()
    click(app, row.rect.center)
    assert app.top is title  # nothing opens on an empty list
    storage.save_game(storage.saves_dir / "2026-01-02_10-00-00.isaac.txt",
                      new_game("isaac").play("5v04"), {})  # fmt: skip
    title = back_to_title(app)
    row = title.menu.item("continue")
    assert row.enabled() and row.text() == "Continue a saved game"


def test_a_resume_row_appearing_moves_no_other_row(app, storage):
    for size in ((1280, 720), (800, 600)):
        app.resize(size)
        title = back_to_title(app)
        app.draw()
        before = {item.key: item.rect.copy() for item in title.menu.items}
        assert not any(k.startswith("resume") for k in before)
        path = storage.saves_dir / "2026-01-03_10-00-00.isaac.txt"
        storage.save_game(path, new_game("hari").play("3h00"), {})
        title = back_to_title(app)
        app.draw()
        after = {item.key: item.rect.copy() for item in title.menu.items}
        assert after.pop("resume0").bottom <= after["game"].top
        assert after == before
        path.unlink()


def test_the_seat_rows_climb_the_chosen_game_ladder_with_each_step_rating(app):
    """The level chooser: each step by its number, its old name where it has one, and
    its measured rating ("Level 6 (Medium) · 800"); another game offers its own ladder."""
    from isaac_game.ai.ladder import rating_of, steps
    from isaac_game.players import player_kinds

    title = app.top
    for game in ("isaac", "foundations"):
        while title.game != game:
            menu_to(app, title.menu, "game")
            key(app, pygame.K_RIGHT)
        menu_to(app, title.menu, "dark")
        app.settings.dark_kind = "human"
        seen = []
        for _ in range(len(steps(game))):
            key(app, pygame.K_RIGHT)
            kind = app.settings.dark_kind
            number = len(seen) + 1
            text = title.menu.item("dark").text()
            assert f"Level {number}" in text
            rating = rating_of(game, kind)
            if rating is not None:
                assert text.endswith(f"· {round(rating):,} >")
            if kind == "easy":
                assert f"Level {number} (Easy)" in text
            seen.append(kind)
        assert ("human", *seen) == player_kinds(game)
        assert {"easy", "medium", "hard"} <= set(seen)
        key(app, pygame.K_RIGHT)  # round to a human again
        assert app.settings.dark_kind == "human"
