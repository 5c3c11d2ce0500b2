"""Racing in the play search (``prune_z``): the cards clearly worse than the best part way
through are searched no further, and their worlds go to the close ones."""

from __future__ import annotations

import random

from hearts.bots.search import _Scores, candidates
from hearts.engine import Rules

from .helpers import search_bot
from .test_play_situations import OPEN, deal_with, position


def test_a_card_worse_in_every_world_is_dropped_and_a_close_one_kept():
    rng = random.Random(5)
    scores = _Scores(3, 1)
    for _ in range(40):
        base = rng.choice([0, 0, 13, 26])
        scores.points[0][0].append(base)                   # the best
        scores.points[1][0].append(base + 2)               # 2 points worse in every world
        scores.points[2][0].append(base + rng.choice([-3, 3]) + 0.2)  # close, noisy
    scores.done = 40
    scores.prune(1.5)
    assert scores.active == [0, 2]
    means, shoots = scores.means([10, 11, 12], 0.0)
    assert not shoots and means[11] - means[10] == 2


def test_a_moon_continuation_counts_when_the_search_drops_cards():
    scores = _Scores(2, 2)
    for w in range(30):
        scores.points[0][0].append(6)        # played on: 6 points
        scores.points[0][1].append(26)       # its moon fails
        scores.points[1][0].append(10)       # played on: 10 points
        scores.points[1][1].append(-26 if w % 5 else 26)   # its moon mostly runs
    scores.done = 30
    scores.prune(2.0)
    assert scores.active == [1]              # the moon makes the second card the best
    assert scores.shoots(1, 2.0) and not scores.shoots(0, 2.0)


def test_racing_ends_a_clear_choice_early_and_searches_a_close_one_longer():
    rules = Rules(**OPEN)
    ended = longer = 0
    for seed in range(4):
        # seat 1, void in diamonds, discards on the 9♦: the Q♠ is often clearly best
        deal = deal_with({0: "9D", 1: "QS AH KH 2C"}, voids={1: "D"}, seed=seed)
        view = position(rules, deal, "9D").view(1)
        plain = search_bot(seed, prune_z=0.0, cap=10.0)
        racing = search_bot(seed, prune_z=1.5, cap=10.0)
        card, means = plain.evaluate(view, 10.0)
        raced, raced_means = racing.evaluate(view, 10.0)
        assert set(raced_means) == set(means) == set(candidates(view))
        if racing.last_worlds < plain.last_worlds:
            # one card left standing at the halfway check: the same choice, half the work
            ended += 1
            assert raced == card
            assert racing.last_worlds <= plain.last_worlds // 2 + 1
        else:
            # every dropped card's worlds went to the close ones
            longer += 1
            assert racing.last_worlds > 2 * plain.last_worlds
            assert raced_means[raced.index] <= min(raced_means.values()) + 1.0
    assert ended and longer

