"""Screens of the computer as a teacher (the coach, the report, analysis): each part
adds its `shoot_...` function here and one line to `shoot_teacher`, which
`screenshots.visit` calls."""

from __future__ import annotations

from collections.abc import Callable

from isaac_game.rules import GameRecord

from ..scenes.report import ReportScene
from .screenshots_analysis import SEEDED, analysed_game


def shoot_report(app, save: Callable[[str], None]) -> None:
    """The report of a game of each game: before its analysis, and analysed (computed
    here, briefly, without a worker)."""
    for game in ("isaac", "foundations", "hari"):
        final, views = analysed_game(game)
        report = app.open("report", GameRecord(final, SEEDED), "seeded.isaac.txt")
        assert isinstance(report, ReportScene)
        save(f"{game}-report")
        report.analysis._finish(list(views), save=False)
        save(f"{game}-report-analysed")
        app.pop(report)


def shoot_stats(app, save: Callable[[str], None]) -> None:
    """The stats ("Your record"): empty, then with games against each kind of opponent,
    coached ones apart, a long LAN name, a hotseat, and more lines than a page holds."""
    from isaac_game.rules import Player
    from isaac_game.stats.results import GameResult, Seat, write

    scene = app.open("stats")
    save("stats-empty")
    app.pop(scene)
    you, hard = Seat("human", "Human"), Seat("hard", "hard")
    opponents = [hard, Seat("easy", "easy"), Seat("lan", "Bartholomew-Maximilian the Third")]
    opponents += [Seat("lan", f"Player {n}") for n in range(12)]
    number = 0
    for i, them in enumerate(opponents):
        for k in range(25 if i == 0 else 3):
            number += 1
            winner = (Player.DARK, Player.LIGHT, None)[(k * 7 + i) % 3]
            result = GameResult(
                f"/saves/{number:04d}.isaac.txt",
                "isaac",
                f"2026-11-{1 + k % 28:02d}",
                you,
                them,
                Player.DARK,
                winner,
                10,
                8,
                coached=(k % 9 == 4),
            )
            write(app.storage.stats, result)
    hotseat = GameResult(
        "/saves/hotseat.isaac.txt", "isaac", "2026-11-20", you, you, None, Player.LIGHT, 3, 9
    )
    write(app.storage.stats, hotseat)
    app.settings.game = "isaac"
    scene = app.open("stats")
    save("stats")
    scene.menu.item("page").step(1)
    save("stats-page-2")
    app.pop(scene)


def shoot_positions(app, save: Callable[[str], None]) -> None:
    """Your positions: the title's count, the Learn to play row, a position on the board
    (a clue asked for), a wrong try told in the analysis's words, solved, the answer."""
    from datetime import date

    from isaac_game.rules import replay
    from isaac_game.stats.practice import Blunder, add_position

    from ..learn.practice_control import PracticeControl
    from ..scenes.match import MatchScene

    block = "7v03 6h44 5h72 3v01 4v69 7v02 6h24 5h90 6h04 5v57 4v00 4h36 3v50 6h14 5v58 4v31"
    block += " 4h83 3h80 3h64 3h54 pass pass x04-11 x14-21 x24-25"
    moves = block.split()
    for n in (len(moves), len(moves) - 1):  # the rulebook's block, and the move before it
        state = replay("isaac", moves[:n])
        others = [str(m) for m in state.legal_moves()]
        best = "x02-36" if n == len(moves) else others[0]
        played = "x02-39" if n == len(moves) else others[-1]
        mover = str(state.to_move.value) if state.to_move else "dark"
        blunder = Blunder(n, mover, played, best, 0.42)
        add_position(app.storage.stats, "isaac", moves[:n], blunder, "x.isaac.txt", date.today())
    title = app.open("title")
    save("title-positions")
    learn = app.open("learn")
    learn.menu.select("positions")
    save("learn-positions")
    scene = app.open("positions")
    assert isinstance(scene, MatchScene) and isinstance(scene.control, PracticeControl)
    control = scene.control
    scene.update(0.0)
    control.show_clue()
    scene.bar.seconds = 0.0
    save("position")
    control._verdict(control.position.played, 0.42)
    scene.bar.seconds = 0.0
    save("position-wrong")
    scene.submit(scene.match.state.parse_move(control.position.best))
    scene.update(0.0)
    scene.bar.seconds = 0.0
    save("position-solved")
    control.next_puzzle()
    control.show_answer()
    scene.bar.seconds = 0.0
    save("position-answer")
    while app.top is not title:
        app.pop()
    app.pop(title)


def shoot_coach(app, save: Callable[[str], None]) -> None:
    """The coach's offer after the blunder planted in the rulebook's block position
    (Light, the human, stops on 39 where only 36 wins): the words, Hard's move as a ghost,
    Take it back and Play on. The check is not waited for: its answer is put in."""
    from isaac_game.ai.coach import Advice
    from isaac_game.rules import replay

    from ..handoff import GameSetup, history_of
    from ..scenes.match import MatchScene

    block = "7v03 6h44 5h72 3v01 4v69 7v02 6h24 5h90 6h04 5v57 4v00 4h36 3v50 6h14 5v58 4v31"
    block += " 4h83 3h80 3h64 3h54 pass pass x04-11 x14-21 x24-25"
    before = replay("isaac", block.split())
    app.settings.coach = {**app.settings.coach, "isaac": "blunders"}
    scene = app.open("match", GameSetup("isaac", "hard", "human", history=history_of(before)))
    assert isinstance(scene, MatchScene)
    scene.submit(before.parse_move("x02-39"))
    scene.motion.finish()
    played, preferred = before.parse_move("x02-39"), before.parse_move("x02-36")
    scene.coach.advice = Advice(before, played, preferred, 0.42)
    scene.bar.seconds = 0.0
    save("coach")
    app.pop(scene)
    app.settings.coach = {}


def shoot_teacher(app, save: Callable[[str], None]) -> None:
    """Every screen of the teacher's parts."""
    shoot_report(app, save)
    shoot_coach(app, save)
    shoot_stats(app, save)
    shoot_positions(app, save)
