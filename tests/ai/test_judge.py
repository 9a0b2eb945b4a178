"""The teacher speaks with one voice (ai/judge.py): the hint, the coach, the analysis and
practice read one judge, in all three games.

The three stories of the issue, each over positions of every game:
1. the hint's move, played, draws no remark from the coach and no mark in the analysis;
2. what the coach says a move gave away is what the analysis says of it, to the digit;
3. the move that made a practice position never solves it, and the judge's move does.
And the judge answers the same when asked twice, in two processes, while another
process keeps a core busy."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from isaac_game.ai.analysis import analyse, reviews_of, view_position
from isaac_game.ai.coach import check_move
from isaac_game.ai.generic import rule_of_thumb
from isaac_game.ai.hint import hint
from isaac_game.ai.judge import BLUNDER, Judge, WinChance, key, remember, remembered
from isaac_game.ai.practice import tried_loss
from isaac_game.rules import GameState, Player, new_game
from isaac_game.stats.practice import solves

from .positions import BLOCK_LAST

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("isaac", "foundations", "hari")


def positions(game: str, count: int = 2, most: int = 8) -> list[GameState]:
    """Positions of `game` to move in, at most `most` moves into a game both sides play
    by the rule of thumb, from a fixed seed (ISAAC's scoring phase: the block position)."""
    found: list[GameState] = []
    rng = random.Random(f"judge-test|{game}")
    while len(found) < count:
        state = new_game(game)
        stop = rng.randrange(1, most)
        while not state.is_over and len(state.moves) < stop:
            state = state.play(rule_of_thumb(state, rng))
        if not state.is_over and len(state.legal_moves()) > 1:
            found.append(state)
    return found


def another_move(state: GameState, best: str, seed: int) -> str:
    others = [str(m) for m in state.legal_moves() if str(m) != best]
    return random.Random(seed).choice(others)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", GAMES)
def test_the_hints_move_is_never_scolded_and_the_coach_says_what_review_says(game):
    known: dict = {}  # one game's judgements, as the window keeps them
    for n, state in enumerate(positions(game)):
        move, _words = hint(state, known=known)
        moves = (*state.moves, str(move))
        review, judged = check_move(game, moves)  # a fresh judge: the same answer
        assert review.preferred == move  # the coach's "Hard would play" is the hint
        assert review.loss == 0.0 and review.mark is None  # story 1: played, no remark
        analysed = analyse(game, moves, known=known)
        assert analysed[-1].mark is None and analysed[-1].loss == 0.0  # ...and no mark
        # story 2: another move, as the coach and the analysis weigh it
        other = another_move(state, str(move), n)
        coach, _judged = check_move(game, (*state.moves, other), judged)
        reviewed = analyse(game, (*state.moves, other), known=known)[-1]
        assert (coach.loss, coach.mark, coach.preferred) == (
            reviewed.loss,
            reviewed.mark,
            reviewed.preferred,
        )


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", GAMES)
def test_a_practice_position_is_never_solved_by_the_move_that_made_it(game):
    known: dict = {}
    for n, state in enumerate(positions(game)):
        best, loss, _known = tried_loss(game, state.moves, str(hint(state, known=known)[0]))
        assert loss == 0.0 and solves(best, best, loss, played="x")  # the judge's move
        blunder = another_move(state, best, n)
        best_again, loss, _known = tried_loss(game, state.moves, blunder)
        assert best_again == best
        analysed = analyse(game, (*state.moves, blunder), known=known)[-1]
        assert loss == analysed.loss  # the number that made it a position
        assert not solves(best, blunder, loss, played=blunder)  # story 3


def test_the_blunder_of_the_story_gives_away_what_the_analysis_said():
    """ISAAC's block position: x02-39 loses where x02-36 wins (docs/rules.md 1.6)."""
    best, loss, _known = tried_loss("isaac", tuple(BLOCK_LAST), "x02-39")
    assert best == "x02-36" and loss >= BLUNDER
    assert not solves(best, "x02-39", loss, played="x02-39")
    best, loss, _known = tried_loss("isaac", tuple(BLOCK_LAST), "x02-36")
    assert loss == 0.0 and solves(best, "x02-36", loss, played="x02-39")


def test_a_chance_carries_its_point_of_view():
    chance = WinChance.of(Player.LIGHT, 0.7)
    assert chance.pov(Player.LIGHT) == 0.7 and round(chance.pov(Player.DARK), 9) == 0.3
    assert chance.dark == pytest.approx(0.3)


def test_a_view_judged_once_is_read_back_not_judged_again():
    """What a worker judged is kept in the window's process and handed to the next task:
    it is never judged again, so it can never be judged otherwise."""
    state = positions("hari", 1)[0]
    view, judged = view_position("hari", state.moves)
    assert view is not None
    remember(judged)
    names = [key("hari", state.moves), key("hari", (*state.moves, view.best))]
    known = remembered(names)
    assert set(known) == set(names)
    planted = {name: (0.123, best) for name, (_dark, best) in known.items()}
    again = Judge(planted).view(state)  # read back, not searched
    assert again is not None and again.chance.dark == 0.123 and again.best == view.best


SPIN = "while True: pass"
ASK = """
import sys
from isaac_game.ai.judge import Judge
from isaac_game.rules import new_game
state = new_game(sys.argv[1])
for move in sys.argv[2:]:
    state = state.play(move)
view = Judge().view(state)
print(view.best, repr(view.chance.dark), repr(view.after_best.dark))
"""


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", GAMES)
def test_asked_twice_on_a_busy_machine_the_judge_answers_the_same(game):
    state = positions(game, 1)[0]
    busy = subprocess.Popen([sys.executable, "-c", SPIN])
    try:
        answers = [
            subprocess.run(
                [sys.executable, "-c", ASK, game, *state.moves],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=120,
            )
            for _ in range(2)
        ]
    finally:
        busy.kill()
        busy.wait()
    assert all(a.returncode == 0 for a in answers), answers[0].stderr
    assert answers[0].stdout == answers[1].stdout
    here = Judge().view(state)  # and the window's own process says the same
    assert here is not None
    assert answers[0].stdout.split() == [
        here.best,
        repr(here.chance.dark),
        repr(here.after_best.dark),
    ]


def test_reviews_read_from_views_agree_with_the_coach():
    """Review rebuilds its reviews from the views it keeps: the same numbers."""
    state = positions("foundations", 1)[0]
    moves = state.moves[-3:] if len(state.moves) >= 3 else state.moves
    start = state.moves[: len(state.moves) - len(moves)]
    judge = Judge()
    views = []
    for i in range(len(state.moves) + 1):
        s = new_game("foundations")
        for m in state.moves[:i]:
            s = s.play(m)
        views.append(judge.view(s))
    reviews = reviews_of("foundations", state.moves, views)
    for i in range(len(start), len(state.moves)):
        coach, _judged = check_move("foundations", state.moves[: i + 1], judge.known)
        assert (coach.loss, coach.preferred) == (reviews[i].loss, reviews[i].preferred)


def test_a_mark_stands_clear_of_the_judges_noise_in_its_game():
    """HARI's judge is the noisiest (docs/strength.md, "The judge"): a 12% loss there is
    within two of its 95th-percentile spreads, so it is not called a mistake, while in
    ISAAC it is; a blunder is a blunder in every game."""
    from isaac_game.ai.judge import SPREADS, MoveReview

    def review(game: str, loss: float) -> MoveReview:
        return MoveReview(3, Player.DARK, "a", "b", 0.8, 0.8 - loss, game)

    assert review("isaac", 0.12).mark == "mistake"
    assert review("hari", 0.12).mark is None
    assert review("hari", 2 * SPREADS["hari"][1] + 0.01).mark == "mistake"
    assert all(review(game, 0.3).mark == "blunder" for game in GAMES)
    assert review("hari", 0.04).about_as_good and not review("isaac", 0.04).about_as_good
