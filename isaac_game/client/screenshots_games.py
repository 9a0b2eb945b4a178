"""FOUNDATIONS and HARI screens, the rules pages of every game and the saves list,
for `screenshots.py` (which renders ISAAC's screens and then calls `shoot_games`).

Positions come from the seeded whole games the rules pages show, so every shot is
a real position reached through the engine.
"""

from __future__ import annotations

from collections.abc import Callable

from isaac_game.rules import GameState


def _pick(states, want: Callable[[GameState], bool], start: float = 0.5) -> int:
    """The first index from `start` (a fraction of the game) whose state suits `want`."""
    first = int(len(states) * start)
    for i in list(range(first, len(states))) + list(range(first)):
        if want(states[i]):
            return i
    return first


def _foundations(app, save) -> None:
    from .foundations_scene import FoundationsScene
    from .games import replay_scene
    from .input import Action, Button
    from .pause import PauseScene
    from .results import ResultsScene
    from .rules_book import play_through
    from .rules_foundations import finished_game
    from .scene import GameOutcome, GameSetup

    final = finished_game()
    states = play_through("foundations", final.moves)
    i = _pick(states, lambda s: s.top_level >= 2 and str(s.legal_moves()[0]) != "pass", 0.45)
    game = app.push(FoundationsScene(app, GameSetup("foundations", history=tuple(states[: i + 1]))))
    game.relayout(app.screen.get_size())
    state = game.state
    move = next(iter(state.legal_moves()))
    cell = move.cell + ((move.length - 1) // 2) * (1 if move.direction == "h" else 10)
    game.placement.length[state.to_move] = move.length
    game.placement.direction[state.to_move] = move.direction
    game.handle(Action(Button.POINT, "mouse", pos=game.board.cell_center(cell)))
    save("foundations-play")
    stacked = max(range(100), key=state.height)
    game.handle(Action(Button.POINT, "mouse", pos=game.board.cell_center(stacked)))
    game.hover_rest = 1.0
    save("foundations-tooltip")
    app.push(PauseScene(app, game))
    save("foundations-pause")
    app.pop()
    app.pop(game)
    app.push(ResultsScene(app, GameOutcome(GameSetup("foundations"), final)))
    save("foundations-results")
    app.pop()
    replay = app.push(replay_scene(app, final, "A seeded game"))
    replay.step(len(final.moves) * 2 // 3)
    save("foundations-replay")
    app.pop()


def _hari(app, save) -> None:
    from .games import replay_scene
    from .hari_scene import HariScene
    from .input import Action, Button
    from .results import ResultsScene
    from .rules_hari import finished_game
    from .scene import GameOutcome, GameSetup

    states = finished_game()
    final = states[-1]

    def can_slide(s) -> bool:
        return not s.slid_value and any(
            p.owner == s.to_move and s.slide_range(p.anchor).any for p in s.pieces()
        )

    i = _pick(states, lambda s: not s.is_over and can_slide(s), 0.4)
    game = app.push(HariScene(app, GameSetup("hari", history=tuple(states[: i + 1]))))
    game.relayout(app.screen.get_size())
    state = game.state
    mover = state.to_move
    empty = next(c for c in (44, 45, 54, 55, 34, 65, 23, 76) if state.piece_at(c) is None)
    game.handle(Action(Button.POINT, "mouse", pos=game.board.cell_center(empty)))
    save("hari-play")
    piece = next(p for p in state.pieces() if p.owner == mover and state.slide_range(p.anchor).any)
    game.handle(Action(Button.CLICK, "mouse", pos=game.board.cell_center(piece.anchor)))
    rng = state.slide_range(piece.anchor)
    step = 1 if piece.direction == "h" else 10
    delta = rng.high if rng.high else rng.low
    if delta:
        cell = piece.anchor + delta * step
        game.handle(Action(Button.POINT, "mouse", pos=game.board.cell_center(cell)))
    save("hari-slide")
    app.pop(game)
    j = _pick(states, lambda s: s.slid_value > 0 and s.to_move is not None, 0.35)
    game = app.push(HariScene(app, GameSetup("hari", history=tuple(states[: j + 1]))))
    game.relayout(app.screen.get_size())
    game.hari.focus, game.hari.pointer = None, True
    save("hari-midturn")
    app.pop(game)
    app.push(ResultsScene(app, GameOutcome(GameSetup("hari", light="medium"), final)))
    save("hari-results")
    app.pop()
    replay = app.push(replay_scene(app, final, "A seeded game"))
    replay.step(len(final.moves) // 2)
    save("hari-replay")
    app.pop()


def _rules(app, save) -> None:
    from .rules_scene import GAMES, RulesScene

    for game in GAMES:
        rules = app.push(RulesScene(app, game))
        for page in range(rules.pages):
            rules.page = page
            save(f"rules-{game}{page + 1}")
        app.pop()


def _saves(app, save) -> None:
    from .rules_book import play_through
    from .rules_foundations import finished_game as foundations_game
    from .rules_hari import finished_game as hari_game
    from .saves_scene import SavesScene

    storage = app.storage
    isaac = play_through("isaac", ("5v04", "3h71", "4h52"))[-1]
    for n, (state, light) in enumerate(
        ((isaac, "human"), (foundations_game(), "easy"), (hari_game()[-1], "hard"))
    ):
        headers = {"Dark": "Human", "Light": "Human" if light == "human" else f"Computer ({light})"}
        headers |= {"DarkPlayer": "human", "LightPlayer": light}
        storage.save_game(
            storage.saves_dir / f"2026-05-0{n + 1}_1{n}-30-00.isaac.txt", state, headers
        )
    app.push(SavesScene(app, "continue"))
    save("saves")
    app.pop()


def shoot_games(app, save: Callable[[str], None]) -> None:
    """Every FOUNDATIONS and HARI screen, every game's rules pages, the saves list."""
    _foundations(app, save)
    _hari(app, save)
    _rules(app, save)
    _saves(app, save)
