"""FOUNDATIONS and HARI over the LAN from the client, driven by posted pygame events.

The client hosts each game from the "Host a LAN game" menu on 127.0.0.1 and the
real headless `python -m isaac_game join 127.0.0.1:PORT --game G --ai random` (a
typed address joins ISAAC unless told) plays the
other side; the client joins a headless HARI host from its join list; a typed
address finds out which game its host plays. Whole games are played to the
results screen, and the headless side prints the same result line.

Network safety: conftest.py's autouse fixture pins every client host to
127.0.0.1 and beacons to 127.255.255.255; the headless hosts here bind 127.0.0.1.
"""

from __future__ import annotations

import random
import time

import pygame
import pytest

from isaac_game.client.lan.lobby import LanLobbyScene
from isaac_game.client.lan.menu import LanHostScene, LanJoinScene
from isaac_game.client.scenes.match import MatchScene
from isaac_game.client.scenes.pause import PauseScene
from isaac_game.client.scenes.results import ResultsScene
from isaac_game.client.scenes.title import TitleScene
from isaac_game.client.widgets.hand_cursor import focus_for
from isaac_game.lan import CLOSED, LanSession
from isaac_game.match import RandomSeat
from isaac_game.rules import Discard, Player, Slide

from ..driver import KEY_FOR_PIECE, click, key, menu_to, pad, run
from ..games.test_foundations_client import place_by_keys, place_by_mouse
from ..games.test_hari_client import (
    arrows_to,
    choose,
    slide_by_clicks,
    slide_by_drag,
    slide_by_keys,
)
from ..kinds import is_lan_game, is_lan_results
from .lanclient import Cli, fast_lan, pump, type_text

__all__ = ["fast_lan"]


def host_from_the_menu(app, game: str, colour: str = "dark") -> LanLobbyScene:
    title = app.top
    assert isinstance(title, TitleScene)
    menu_to(app, title.menu, "lan_host")
    key(app, pygame.K_RETURN)
    host = app.top
    assert isinstance(host, LanHostScene)
    menu_to(app, host.menu, "game")
    for _ in range(4):
        if host.game == game:
            break
        key(app, pygame.K_RIGHT)
    assert host.game == game
    assert host.menu.current.show(game) == game.upper()  # no "not in this client yet"
    assert host.menu.item("start").enabled()
    menu_to(app, host.menu, "colour")
    for _ in range(4):
        if host.colour == colour:
            break
        key(app, pygame.K_RIGHT)
    menu_to(app, host.menu, "start")
    key(app, pygame.K_RETURN)
    lobby = app.top
    assert isinstance(lobby, LanLobbyScene)
    assert lobby.session.adapter.game == game
    assert lobby.addresses == [f"127.0.0.1:{lobby.port}"]
    return lobby


def idle(app) -> None:
    app.frame()
    time.sleep(0.002)


def play_foundations(app, game, rng: random.Random, turn: int) -> None:
    move = rng.choice(list(game.match.state.legal_moves()))
    mover = game.human_to_move()
    (place_by_mouse if turn % 2 else place_by_keys)(app, game, move, mover)


def hari_play(app, game, move, player: Player, by_mouse: bool) -> None:
    """Play or discard a piece from the hand (HariInput), for either colour."""
    if by_mouse:
        click(app, game.hand_rows(player)[move.length].center)
        if isinstance(move, Discard):
            run(app, 1)  # the bar's button is drawn for the chosen piece
            click(app, game.play.move_input.discard_button().center)  # it asks
            click(app, game.play.move_input.discard_button().center)  # it discards
            return
        if game.play.move_input.direction[player] != move.direction:
            click(app, game.play.board.cell_center(45), button=3)
        click(app, game.play.board.cell_center(focus_for(move.cell, move.length, move.direction)))
        return
    key(app, KEY_FOR_PIECE[move.length])
    if isinstance(move, Discard):
        key(app, pygame.K_d)  # it asks
        key(app, pygame.K_d)  # it discards
        return
    if game.play.move_input.direction[player] != move.direction:
        key(app, pygame.K_r)
    arrows_to(app, game, focus_for(move.cell, move.length, move.direction))
    key(app, pygame.K_RETURN)


def choose_hari(rng: random.Random, state):
    """Slide whenever a slide is legal (a second one less often), else as `choose`."""
    slides = [m for m in state.legal_moves() if isinstance(m, Slide)]
    if slides and rng.random() < (0.8 if state.slid_value == 0 else 0.25):
        return rng.choice(slides)
    move = choose(rng, state)
    while isinstance(move, Slide):
        move = choose(rng, state)
    return move


def play_whole_game(app, game: MatchScene, rng, enter, on_move=None) -> int:
    """Enter the local player's moves until the results screen; how many were entered."""
    entered = 0
    while app.top is game:
        mover = game.human_to_move()
        state = game.match.state
        if mover is None or game.motion.passing or game.motion.anims:
            idle(app)
            continue
        if str(state.legal_moves()[0]) == "pass":  # played by itself after a moment
            pump(app, lambda s=state: game.match.state is not s)
            continue
        before = len(state.moves)
        app.draw()  # lays out the hand rows that clicks aim at
        move = enter(app, game, rng, entered)
        assert len(game.match.state.moves) > before, game.bar.text
        assert game.match.state.moves[before] == str(move)
        if on_move is not None:
            on_move(before, mover, str(move))
        entered += 1
        assert entered < 400
    return entered


def check_results(app, session, peer: Cli) -> ResultsScene:
    results = app.top
    assert is_lan_results(results), peer.dump()
    final = results.outcome.state
    assert final.is_over and final.moves == session.state.moves
    assert peer.finish() == 0, peer.dump()
    assert peer.out[-1] == "result: " + session.result()
    assert len(peer.moves()) == len(final.moves)
    app.draw()
    return results


@pytest.mark.timeout(180)
@pytest.mark.usefixtures("fast_lan")
def test_host_foundations_and_play_it_out_against_a_joining_subprocess(app):
    lobby = host_from_the_menu(app, "foundations")
    join = Cli(["join", f"127.0.0.1:{lobby.port}", "--game", "foundations", "--ai", "random",
                "--name", "Bob", "--seed", "4"])  # fmt: skip
    try:
        pump(app, lambda: not isinstance(app.top, LanLobbyScene))
        game = app.top
        assert is_lan_game(game, "foundations")
        session = game.control.session
        assert session.you == Player.DARK and game.match is session.match
        pump(app, lambda: session.opponent == "Bob")
        assert "Bob" in game.panel_info(Player.LIGHT).who
        app.draw()
        assert game.control.chat.rect.height > 0 and game.control.link_box.height > 0

        def enter(app, game, rng, turn):
            move = rng.choice(list(game.match.state.legal_moves()))
            (place_by_mouse if turn % 2 else place_by_keys)(app, game, move, game.human_to_move())
            return move

        entered = play_whole_game(app, game, random.Random(11), enter)
        assert entered >= 3 and len(session.state.moves) > 10, "\n".join(join.out)
        results = check_results(app, session, join)
        assert join.out[0] == f"game: foundations, dark {session.name} vs light Bob"
        pump(app, lambda: session.link == CLOSED)
        assert results.menu.item("rematch").text() == "Host again"  # no rematch: Bob left
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, TitleScene)
    finally:
        join.kill()


@pytest.mark.timeout(180)
@pytest.mark.usefixtures("fast_lan")
def test_host_hari_as_light_slides_go_out_one_by_one_and_undo_is_off(app):
    lobby = host_from_the_menu(app, "hari", colour="light")
    join = Cli(["join", f"127.0.0.1:{lobby.port}", "--game", "hari", "--ai", "random",
                "--name", "Bob", "--seed", "9"])  # fmt: skip
    try:
        pump(app, lambda: not isinstance(app.top, LanLobbyScene))
        game = app.top
        assert is_lan_game(game, "hari")
        session = game.control.session
        assert session.you == Player.LIGHT
        seen = {"slides": 0, "undo_checked": False}

        def enter(app, game, rng, turn):
            move = choose_hari(rng, game.match.state)
            if isinstance(move, Slide):
                slide = (slide_by_drag, slide_by_clicks, slide_by_keys)[turn % 3]
                slide(app, game, move)
            else:
                hari_play(app, game, move, game.human_to_move(), by_mouse=turn % 2 == 0)
            return move

        def on_move(n: int, mover: Player, move: str) -> None:
            if not move.startswith("s"):
                return
            seen["slides"] += 1
            # the joiner has the slide while our turn goes on
            join.wait_line(lambda line: line == f"{n + 1}. {mover.value} {move}", 10, "out")
            assert game.match.state.to_move == mover
            if not seen["undo_checked"]:
                seen["undo_checked"] = True
                ply = game.match.state.ply
                key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
                assert "off" in game.bar.text and game.match.state.ply == ply
                key(app, pygame.K_ESCAPE)
                pause = app.top
                assert isinstance(pause, PauseScene)
                assert not pause.menu.item("undo").enabled()
                assert not pause.menu.item("save").enabled()
                key(app, pygame.K_ESCAPE)
                assert app.top is game and game.match.state.ply == ply

        entered = play_whole_game(app, game, random.Random(5), enter, on_move)
        assert entered > 5 and seen["slides"] > 0 and seen["undo_checked"]
        check_results(app, session, join)
        assert join.out[0] == f"game: hari, dark Bob vs light {session.name}"
    finally:
        join.kill()


@pytest.mark.timeout(180)
@pytest.mark.usefixtures("fast_lan")
def test_join_a_headless_hari_host_from_the_join_list(app, loopback_lan_only):
    host = Cli(["host", "--game", "hari", "--ai", "random", "--name", "Hal", "--seed", "1",
                "--bind", "127.0.0.1", "--port", "0",
                "--beacon-port", str(loopback_lan_only)])  # fmt: skip
    try:
        port = host.port()
        menu_to(app, app.top.menu, "lan_join")
        key(app, pygame.K_RETURN)
        join = app.top
        assert isinstance(join, LanJoinScene)
        wanted = f"host:127.0.0.1:{port}"
        pump(app, lambda: any(i.key == wanted for i in join.menu.items), timeout=10)
        item = join.menu.item(wanted)
        assert "Hal" in item.text() and "HARI" in item.text() and item.enabled()
        assert "not in this client" not in item.text()
        menu_to(app, join.menu, wanted, via_pad=True)
        pad(app, pygame.CONTROLLER_BUTTON_A)
        pump(app, lambda: not isinstance(app.top, LanJoinScene | LanLobbyScene))
        game = app.top
        assert is_lan_game(game, "hari")
        session = game.control.session
        assert session.adapter.game == "hari" and session.you == Player.LIGHT
        assert session.opponent == "Hal"
        cut = []  # animations a new action cut short: none, the peer's actions are paced
        finish = game.motion.finish
        game.motion.finish = lambda: (cut.extend(game.motion.anims), finish())

        def enter(app, game, rng, turn):
            move = choose_hari(rng, game.match.state)
            if isinstance(move, Slide):
                (slide_by_keys if turn % 2 else slide_by_drag)(app, game, move)
            else:
                hari_play(app, game, move, game.human_to_move(), by_mouse=turn % 2 == 1)
            return move

        assert play_whole_game(app, game, random.Random(2), enter) > 5
        assert not cut
        hal = [m.split()[2] for m in host.moves() if m.split()[1] == "dark"]
        assert any(m.startswith("s") for m in hal), host.out  # Hal slid: paced too
        check_results(app, session, host)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, TitleScene)
    finally:
        host.kill()


@pytest.mark.timeout(60)
@pytest.mark.usefixtures("fast_lan")
def test_a_typed_address_learns_the_hosts_game_and_a_rematch_keeps_it(app):
    host = LanSession.host("foundations", RandomSeat("Hal", seed=1), name="Hal",
                           bind="127.0.0.1", port=0, announce=False)  # fmt: skip
    _, port = host.start()
    try:
        menu_to(app, app.top.menu, "lan_join")
        key(app, pygame.K_RETURN)
        join = app.top
        menu_to(app, join.menu, "address")
        key(app, pygame.K_RETURN)
        type_text(app, f"127.0.0.1:{port}")
        key(app, pygame.K_RETURN)
        lobby = app.top
        # the game is not known until the host's refusal names it (which may be at once)
        if isinstance(lobby, LanLobbyScene):
            assert lobby.lines()[0][1].startswith(("Joining as", "FOUNDATIONS as"))
        else:  # refused, dialled again and welcomed, all within the frame
            assert is_lan_game(lobby, "foundations")
        pump(app, lambda: is_lan_game(app.top, "foundations"), others=[host])
        game = app.top
        assert (
            game.control.session.adapter.game == "foundations"
            and game.control.session.opponent == "Hal"
        )
        assert game.control.session.you == Player.LIGHT
        # the host resigns; we ask for a rematch, which is FOUNDATIONS again
        pump(app, lambda: host.match is not None, others=[host])
        host.resign()
        pump(app, lambda: is_lan_results(app.top), others=[host])
        results = app.top
        assert results.headline()[0] == game.control.session.you
        menu_to(app, results.menu, "rematch")
        key(app, pygame.K_RETURN)
        pump(app, lambda: host.remote.rematch_proposed, others=[host])
        host.rematch()
        pump(app, lambda: is_lan_game(app.top, "foundations"), others=[host])
        again = app.top
        assert again is not game and again.control.session.games == 2
        assert again.control.session.you == Player.DARK and again.match.state.ply == 0  # swapped
    finally:
        host.close()
