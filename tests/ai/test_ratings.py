"""The ladder's rating fit, checked on made-up results whose ratings are known."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from isaac_game.ai.ratings import Rating, RatingError, Result, expected_score, fit_ratings

TRUE = {"A": 0.0, "B": 150.0, "C": 320.0, "D": 500.0}


def expected(ra: float, rb: float) -> float:
    return 1 / (1 + 10 ** ((rb - ra) / 400))


def expected_results(ratings: dict[str, float], games: int) -> list[Result]:
    """Every pair plays `games` games and scores exactly what the model expects."""
    out = []
    for a, b in itertools.combinations(ratings, 2):
        wins_a = games * expected(ratings[a], ratings[b])
        out.append(Result(a, b, wins_a, 0, games - wins_a))
    return out


def test_expected_scores_give_back_the_ratings() -> None:
    fit = fit_ratings(expected_results(TRUE, 200), anchor="A")
    for p, r in TRUE.items():
        assert fit[p].value == pytest.approx(r, abs=1.0)
    assert fit["A"] == Rating(0.0, 0.0)
    assert all(fit[p].error > 0 for p in "BCD")


def test_the_expected_score_is_the_model_the_fit_uses() -> None:
    """What the level chooser says a gap means: 150 points score about 70%, and a fit of
    exactly those results gives the gap back."""
    assert expected_score(150) == pytest.approx(expected(150, 0))
    assert expected_score(150) == pytest.approx(0.7034, abs=1e-4)  # about 7 games in 10
    assert expected_score(0) == 0.5 and expected_score(-150) == pytest.approx(1 - 0.7034, abs=1e-4)
    fit = fit_ratings(
        [Result("B", "A", 700 * expected_score(150), 0, 700 * expected_score(-150))], anchor="A"
    )
    assert fit["B"].value == pytest.approx(150, abs=1e-6)


def test_anchor_is_zero_and_moving_it_shifts_everything() -> None:
    results = expected_results(TRUE, 200)
    by_a = fit_ratings(results, anchor="A")
    by_c = fit_ratings(results, anchor="C")
    assert by_c["C"] == Rating(0.0, 0.0)
    shift = by_a["C"].value
    for p in TRUE:
        assert by_c[p].value == pytest.approx(by_a[p].value - shift, abs=1e-6)


def test_draws_count_half() -> None:
    fit = fit_ratings([("X", "Y", 0, 50, 0)], anchor="X")
    assert fit["Y"].value == pytest.approx(0.0, abs=1e-9)
    # Draws and split wins carry the same information about the difference.
    split = fit_ratings([("X", "Y", 25, 0, 25)], anchor="X")
    assert fit["Y"].error == pytest.approx(split["Y"].error)
    # 30 wins, 20 draws, 10 losses is a 40 of 60 score, as 40 wins and 20 losses.
    mixed = fit_ratings([("X", "Y", 10, 20, 30)], anchor="X")
    plain = fit_ratings([Result("Y", "X", 40, 0, 20)], anchor="X")
    assert mixed["Y"].value == pytest.approx(plain["Y"].value)
    assert mixed["Y"].value == pytest.approx(400 * math.log10(2))


def test_error_shrinks_as_one_over_root_games() -> None:
    few = fit_ratings(expected_results(TRUE, 100), anchor="A")
    many = fit_ratings(expected_results(TRUE, 400), anchor="A")
    for p in "BCD":
        assert many[p].error / few[p].error == pytest.approx(0.5, rel=0.01)
    assert many["D"].value == pytest.approx(few["D"].value, abs=1e-6)


def test_str() -> None:
    assert str(Rating(1240.4, 34.6)) == "1,240 ± 35"
    assert str(Rating(-87.2, 12.0)) == "-87 ± 12"


def test_disconnected_results_are_refused_with_the_names() -> None:
    results = [("A", "B", 5, 0, 5), ("C", "D", 3, 1, 6)]
    with pytest.raises(RatingError, match="never met") as err:
        fit_ratings(results, anchor="A")
    assert "A, B" in str(err.value) and "C, D" in str(err.value)


def test_a_player_who_won_or_lost_everything_is_named() -> None:
    won = [("A", "B", 5, 2, 5), ("B", "C", 4, 0, 6), ("Top", "C", 10, 0, 0), ("Top", "A", 3, 0, 0)]
    with pytest.raises(
        RatingError, match=r"Top won every game it played against A, C, .*more games"
    ):
        fit_ratings(won, anchor="A")
    lost = [("A", "B", 5, 2, 5), ("Low", "B", 0, 0, 8)]
    with pytest.raises(RatingError, match="Low lost every game it played against B,"):
        fit_ratings(lost, anchor="A")
    # A group that beat everyone outside it, though not each other all the time.
    group = [("A", "B", 5, 0, 5), ("B", "C", 0, 0, 9), ("C", "D", 4, 1, 4)]
    with pytest.raises(RatingError, match="C, D won every game they played against B,"):
        fit_ratings(group, anchor="A")


def test_an_absent_anchor_is_refused() -> None:
    with pytest.raises(RatingError, match="anchor Z"):
        fit_ratings([("A", "B", 5, 0, 5)], anchor="Z")


def test_sampled_games_recover_the_ratings_within_three_errors() -> None:
    rng = random.Random(25)
    truth = {"L1": 0.0, "L2": 130.0, "L3": 260.0, "L4": 420.0, "L5": 560.0}
    results = []
    for a, b in itertools.combinations(truth, 2):
        if truth[b] - truth[a] > 300:  # like a ladder: far-apart steps rarely meet
            continue
        chance = expected(truth[a], truth[b])
        tally = [0, 0, 0]
        for _ in range(200):
            r = rng.random()
            # a draw one game in ten, taken evenly from both sides' chances
            tally[0 if r < chance - 0.05 else 1 if r < chance + 0.05 else 2] += 1
        results.append(Result(a, b, *tally))
    fit = fit_ratings(results, anchor="L1")
    for p, r in truth.items():
        assert abs(fit[p].value - r) <= 3 * fit[p].error + 1e-9, (p, fit[p], r)
