"""Dealing the unseen cards: the lean by the pass (the seat passed to has passed on the
cards players pass)."""

from __future__ import annotations

import random

from hearts.bots import make_bot
from hearts.bots.sampling import Sampler, keep_odds
from hearts.bots.sim import AS, QS, sim_rules
from hearts.engine import Hand, Rules, View

TWO_CLUBS, TWO_DIAMONDS, ACE_HEARTS = 0, 13, 38


def test_keep_odds_follow_what_players_pass():
    keep = keep_odds(sim_rules(Rules()), 3)
    assert keep[QS] < 0.3 and keep[AS] < 0.1 and keep[ACE_HEARTS] < 0.1
    assert keep[TWO_CLUBS] > 0.95 and keep[TWO_DIAMONDS] > 0.95
    assert keep == keep_odds(sim_rules(Rules()), 3)           # the same figures every time


def _view_after_pass(direction: str, card: int) -> View:
    """Seat 0 after everyone passed as the rules bot, ``card`` neither held, passed nor
    received by it."""
    for seed in range(200):
        hand = Hand.deal(Rules(), random.Random(seed), direction)
        if hand.held_mask(0) >> card & 1:
            continue
        for s in range(4):
            hand.pass_cards(s, make_bot("rules").choose_pass(hand.view(s), 1))
        view = hand.view(0)
        if not hand.held_mask(0) >> card & 1:
            return view
    raise AssertionError("no such deal")


def _shares(view: View, card: int, pass_flow: float, n: int = 1500) -> list[float]:
    sampler = Sampler(view, pass_flow)
    rng = random.Random(7)
    counts = [0, 0, 0, 0]
    for _ in range(n):
        world = sampler.sample(rng)
        counts[next(s for s in range(4) if world[s] >> card & 1)] += 1
    return [c / n for c in counts]


def test_the_seat_passed_to_holds_the_queen_less_often():
    for direction in ("left", "across", "right"):
        view = _view_after_pass(direction, QS)
        to = view.pass_to
        others = [s for s in (1, 2, 3) if s != to]
        plain = _shares(view, QS, 1.0)
        assert 0.25 < plain[to] < 0.42                       # no lean: about a third
        leaned = _shares(view, QS, 0.1)
        assert leaned[to] < 0.25
        assert all(leaned[s] > leaned[to] + 0.1 for s in others)


def test_low_cards_and_held_hands_are_not_leaned():
    view = _view_after_pass("left", TWO_DIAMONDS)
    assert 0.25 < _shares(view, TWO_DIAMONDS, 0.1)[view.pass_to] < 0.42
    hold = Hand.deal(Rules(), random.Random(3), "hold")
    s = hold.turn
    assert Sampler(hold.view(s), 0.1).lean_seat == -1
