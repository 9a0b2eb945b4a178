"""Issue 44, spectators, in the window: the join list offers a game under way to watch;
the watch screen follows a real LAN game (an in-process host and joiner on 127.0.0.1)
move by move, in the game's own words, with both clocks and the result; a spectator
cannot move, undo or pause, and Esc leaves; its chat line is typed (an input method's
composition included) and reaches the other spectators, not the players; a refusal is
shown in words with a way back; and the players see how many watch."""

from __future__ import annotations

import pygame
import pytest

from isaac_game.client.lan.control import LanControl
from isaac_game.client.lan.fields import player_name
from isaac_game.client.lan.menu import LanJoinScene
from isaac_game.client.lan.watch import MOST_SPECTATORS, NO_GAME, WATCH_FULL
from isaac_game.client.registry import GAMES
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.clock import TimeControl
from isaac_game.lan import LanSession
from isaac_game.lan.watch import LanWatch
from isaac_game.match import HumanSeat
from isaac_game.rules import Player, parse_notation, positions

from ..driver import KEY_FOR_PIECE, click, key, menu_to
from ..lan.lanclient import fast_lan, type_text
from .table import Table, pump_all, shows, watch_screen

__all__ = ["fast_lan"]


def last_words(table: Table, facing: Player = Player.DARK) -> str:
    """The table's last move as the game's bar says it."""
    state = table.state
    before, after = positions(state.game, state.moves)[-2:]
    move = parse_notation(state.moves[-1])
    return GAMES[state.game].describe(before, move, after, facing).announcement()


@pytest.mark.timeout(120)
@pytest.mark.usefixtures("fast_lan")
def test_the_join_list_offers_a_game_to_watch_and_the_screen_follows_it(app, loopback_lan_only):
    table = Table.lan(beacon_port=loopback_lan_only, clock=TimeControl(12, 0))
    try:
        table.play(2)
        menu_to(app, app.top.menu, "lan_join")
        key(app, pygame.K_RETURN)
        join = app.top
        assert isinstance(join, LanJoinScene)
        wanted = f"watch:127.0.0.1:{table.port}"
        pump_all(app, lambda: any(i.key == wanted for i in join.menu.items), table.sessions)
        assert join.menu.item(wanted).text() == f"Watch: Hal  -  ISAAC  -  127.0.0.1:{table.port}"
        assert f"host:127.0.0.1:{table.port}" not in [i.key for i in join.menu.items]
        menu_to(app, join.menu, wanted)
        key(app, pygame.K_RETURN)
        scene, control = watch_screen(app)
        assert control.watch.name == player_name(join.name_field.text)  # the player's name
        pump_all(app, lambda: scene.match.state.moves == table.state.moves, table.sessions)
        assert shows(app, "Watching Hal (Dark) against Bob (Light)")
        # each move as it is played, in the bar's words
        for _ in range(2):
            table.move()
            pump_all(app, lambda: scene.match.state.moves == table.state.moves, table.sessions)
            assert scene.bar.last_words().announcement() == last_words(table)
        panel = scene.panel_info(Player.DARK)
        assert (panel.title, panel.who) == ("Dark", "Hal")
        assert scene.panel_info(Player.LIGHT).who == "Bob"
        # the clock of the side to move runs, the other's stands; under 10 s: tenths, short
        mover = table.state.to_move
        assert mover is not None
        assert scene.panel_info(mover).clock.running
        assert not scene.panel_info(mover.other).clock.running
        pump_all(app, lambda: scene.panel_info(mover).clock.short, table.sessions)
        shown = scene.panel_info(mover).clock.text
        assert "." in shown and ":" not in shown
        # a spectator moves nothing: a piece chosen and the board clicked, undo, Enter
        plies = table.state.ply
        key(app, KEY_FOR_PIECE[min(KEY_FOR_PIECE)])
        click(app, scene.play.board.cell_center(45))
        key(app, pygame.K_RETURN)
        key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
        assert "off" in scene.bar.text
        table.update()
        assert table.state.ply == plies == scene.match.state.ply
        # the host's clock decides: the side to move runs out, and the screen says so
        pump_all(app, control.finished, table.sessions)
        side = "Dark" if mover == Player.DARK else "Light"
        assert shows(app, f"{side} ran out of time")
        assert scene.panel_info(mover).status == "out of time"
        assert scene.panel_info(mover.other).status == "winner"
        assert scene.panel_info(mover).clock.text == "0.0"
        assert app.top is scene  # no results screen: the board stays as it ended
        # Esc leaves, to the title
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, TitleScene)
    finally:
        table.close()


@pytest.mark.timeout(90)
@pytest.mark.usefixtures("fast_lan")
def test_a_spectators_chat_line_is_typed_and_reaches_the_other_spectators(app):
    table = Table.lan()
    cy = LanWatch.lan("isaac", "127.0.0.1", table.port, name="Cy")
    try:
        table.play(1)
        cy.start()
        watch = LanWatch.lan("isaac", "127.0.0.1", table.port, name="Ann")
        watch.start()
        app.open("watch", watch)
        scene, control = watch_screen(app)
        others = [*table.sessions, cy]
        pump_all(app, lambda: watch.watchers == 2 and cy.watchers == 2, others)
        assert shows(app, "2 watching")
        key(app, pygame.K_t)
        assert control.chat.typing
        for ch in "gl p":  # typed, not obeyed (P would pause)
            key(app, pygame.K_SPACE if ch == " " else getattr(pygame, f"K_{ch}"))
            type_text(app, ch)
        # a Korean input method composes a syllable, then commits it
        pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text="하", start=1, length=0))
        app.frame()
        assert control.chat.field.shown().endswith("하_") and control.chat.field.text == "gl p"
        type_text(app, "한")
        key(app, pygame.K_RETURN)
        assert app.top is scene and not control.chat.typing
        pump_all(app, lambda: cy.chat_lines, others)
        line = cy.chat_lines[-1]
        assert (line.who, line.text, line.mine) == ("Ann", "gl p한", False)
        cy.chat("what a move")
        pump_all(app, lambda: shows(app, "Cy: what a move"), others)
        table.update()
        assert not table.host.chat_lines and not table.join.chat_lines  # during the game
    finally:
        cy.close()
        table.close()


@pytest.mark.timeout(90)
@pytest.mark.usefixtures("fast_lan")
@pytest.mark.parametrize("refusal", [WATCH_FULL, NO_GAME])
def test_a_refusal_is_shown_in_words_with_a_way_back(app, refusal):
    cy = None
    if refusal == WATCH_FULL:  # a host that lets one watch, and one watches already
        table = Table.lan(watchers=1)
        cy = LanWatch.lan("isaac", "127.0.0.1", table.port, name="Cy")
        cy.start()
        table.wait(lambda: cy.update() is not None and cy.games)
        host, others = table, [*table.sessions, cy]
    else:  # a host whose game has not begun
        host = LanSession.host("isaac", HumanSeat("Hal"), name="Hal", bind="127.0.0.1",
                               port=0, announce=False)  # fmt: skip
        host.start()
        others = [host]
    try:
        port = host.port if isinstance(host, Table) else host.endpoint.port
        watch = LanWatch.lan("isaac", "127.0.0.1", port, name="Ann")
        watch.start()
        app.open("watch", watch)
        scene, control = watch_screen(app)
        pump_all(app, lambda: watch.rejected is not None, others)
        assert watch.rejected_code == refusal
        if refusal == WATCH_FULL:
            said = f"{MOST_SPECTATORS} spectators already watch this game"
        else:
            said = "No game is being played there"
        assert shows(app, said) and shows(app, "Cannot watch") and shows(app, "Back")
        assert control.back.current.key == "back"
        key(app, pygame.K_RETURN)  # Back
        assert isinstance(app.top, TitleScene)
    finally:
        if cy is not None:
            cy.close()
        host.close()


@pytest.mark.timeout(90)
@pytest.mark.usefixtures("fast_lan")
def test_the_players_see_how_many_watch(app):
    host = LanSession.host("isaac", HumanSeat("Hal"), name="Hal", bind="127.0.0.1", port=0,
                           announce=False)  # fmt: skip
    __, port = host.start()
    spectators = [LanWatch.lan("isaac", "127.0.0.1", port, name=n) for n in ("Cy", "Di")]
    try:
        menu_to(app, app.top.menu, "lan_join")
        key(app, pygame.K_RETURN)
        app.top.join("127.0.0.1", port, "isaac")
        pump_all(app, lambda: isinstance(app.top, MatchScene), [host])
        game = app.top
        assert isinstance(game.control, LanControl)
        assert not shows(app, "watching")
        for spectator in spectators:
            spectator.start()
        others = [host, *spectators]
        pump_all(app, lambda: shows(app, "2 watching"), others)
        assert host.watchers == 2
        spectators[0].close()
        pump_all(app, lambda: shows(app, "1 watching"), others)
    finally:
        for spectator in spectators:
            spectator.close()
        host.close()


def test_the_refusals_codes_and_the_most_spectators_are_the_protocols():
    from net import gallery, messages

    assert (NO_GAME, WATCH_FULL) == (messages.NO_GAME, messages.WATCH_FULL)
    assert MOST_SPECTATORS == gallery.MAX_SPECTATORS


@pytest.mark.timeout(90)
@pytest.mark.usefixtures("fast_lan")
def test_a_host_that_plays_another_game_is_watched_as_that_game(app):
    table = Table.lan("foundations")  # `isaac watch ADDRESS` guesses ISAAC
    try:
        table.play(2)
        watch = LanWatch.lan("isaac", "127.0.0.1", table.port, name="Ann")
        watch.start()
        app.open("watch", watch)
        pump_all(app, lambda: watch_screen(app)[0].setup.game == "foundations", table.sessions)
        scene, control = watch_screen(app)
        pump_all(app, lambda: scene.match.state.moves == table.state.moves, table.sessions)
        assert not control.stopped() and shows(app, "Watching Hal (Dark) against Bob (Light)")
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, TitleScene)
    finally:
        table.close()
