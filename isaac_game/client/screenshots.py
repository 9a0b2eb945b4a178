"""`python -m isaac_game.client.screenshots OUTDIR [WxH ...]`: render each screen to PNG.

ISAAC's screens here; FOUNDATIONS', HARI's, the rules pages and the saves list in
screenshots_games.py.

Headless (SDL dummy drivers); used to look at the layout at several sizes.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path


def positions(seed: int = 3):
    """(mid-placement state, scoring state, finished state) from one seeded game."""
    from isaac_game.rules import new_game

    rng = random.Random(seed)
    state = new_game("isaac")
    mid = scoring = None
    while not state.is_over:
        if mid is None and len(state.pieces()) >= 12:
            mid = state
        if scoring is None and state.phase == "scoring" and len(state.moves) > 0:
            scoring = state
        moves = state.legal_moves()
        state = state.play(moves[-1] if state.phase == "scoring" else rng.choice(moves))
    return mid, scoring, state


def show_hint(game) -> None:
    """Put Hard's hint on the game's screen, computed here (no worker process)."""
    from isaac_game.ai import hint

    helper = game.hint_helper
    helper.state = game.state
    helper.move, helper.text = hint(game.state, 0.3)


def shoot(outdir: Path, size: tuple[int, int], colour_blind: bool = False) -> list[Path]:
    import pygame

    from .app import App
    from .game_scene import GameScene
    from .input import Action, Button
    from .pause import PauseScene
    from .results import ResultsScene
    from .scene import GameOutcome, GameSetup
    from .scoring import track_cell
    from .screenshots_games import shoot_games
    from .storage import Storage
    from .title import TitleScene

    home = Path(tempfile.mkdtemp())
    app = App(size=size, fullscreen=False, storage=Storage(home / "c", home / "d"), sound=False)
    app.settings.colour_blind = colour_blind
    surface = pygame.Surface(size)
    tag = f"{size[0]}x{size[1]}" + ("-cb" if colour_blind else "")
    saved: list[Path] = []

    def save(name: str) -> None:
        app.draw(surface)
        path = outdir / f"{name}-{tag}.png"
        pygame.image.save(surface, str(path))
        saved.append(path)

    title = app.push(TitleScene(app))
    save("title")
    mid, scoring, final = positions()
    from .saves_scene import history_of

    game = app.push(GameScene(app, GameSetup(history=history_of(mid))))
    game.relayout(size)
    player = mid.to_move
    game.placement.length[player] = 5
    game.placement.direction[player] = "v"
    # point at an empty spot so the ghost shows
    free = next(c for c in range(100) if mid.piece_at(c) is None and c > 40)
    game.handle(Action(Button.POINT, "mouse", pos=game.board.cell_center(free)))
    save("placement")
    show_hint(game)
    save("placement-hint")
    app.pop(game)
    game = app.push(GameScene(app, GameSetup(history=history_of(scoring))))
    game.relayout(size)
    mover = scoring.to_move
    removable = game.scoring.removable(scoring, mover)
    blocked = list(scoring.blocked_pieces())
    if blocked:
        game.handle(Action(Button.POINT, "mouse", pos=game.board.cell_center(blocked[0])))
        save("scoring-blocked")
    if removable:
        piece = max(removable, key=lambda p: scoring.removal_points(p.anchor).points)
        game.handle(Action(Button.POINT, "mouse", pos=game.board.cell_center(piece.anchor)))
        save("scoring-hover")
        game.handle(Action(Button.CLICK, "mouse", pos=game.board.cell_center(piece.anchor)))
        target = game.scoring.target
        if target is not None and target < 100:
            game.handle(
                Action(Button.POINT, "mouse", pos=game.board.cell_center(track_cell(mover, target)))
            )
        save("scoring-target")
        game.scoring.reset()
        show_hint(game)
        save("scoring-hint")
    app.push(PauseScene(app, game))
    save("pause")
    app.pop()
    app.pop(game)
    app.push(ResultsScene(app, GameOutcome(GameSetup(), final)))
    save("results")
    app.pop()
    shoot_games(app, save)  # FOUNDATIONS, HARI, every game's rules pages, saves list
    del title
    app.shutdown()
    return saved


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    outdir = Path(argv[0] if argv else "screenshots")
    outdir.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(x) for x in s.split("x")) for s in argv[1:]] or [(1280, 720), (3840, 2160)]
    for size in sizes:
        for path in shoot(outdir, size):  # type: ignore[arg-type]
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
