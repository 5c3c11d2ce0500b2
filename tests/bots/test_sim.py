"""The bots' mask simulator against the engine: same legal cards, same final points."""

from __future__ import annotations

import random

import pytest

from hearts.bots.sim import SimState, random_deal, sim_rules, state_from_view
from hearts.engine import Hand, Rules
from hearts.engine.scoring import find_moon

from .helpers import all_rule_sets


def _bits(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


@pytest.mark.parametrize("rules", all_rule_sets(40, seed=3), ids=lambda r: r.summary()[:40])
def test_sim_matches_engine(rules):
    rules = rules.replace(tram="off") if random.Random(rules.summary()).random() < 0.5 else rules
    for k in range(6):
        rng = random.Random(f"{rules.summary()}/{k}")
        hand = Hand.deal(rules, rng, rules.pass_direction(k), dealer=k % 4, totals=[rng.randint(0, 90) for _ in range(4)])
        if hand.phase == "pass":
            for s in range(4):
                hand.pass_cards(s, rng.sample(hand.held(s), rules.pass_count))
        sim = SimState(sim_rules(rules), [hand.held_mask(s) for s in range(4)], hand.totals)
        sim.leader = sim.turn = hand.turn
        check_at = rng.randrange(52)
        n = 0
        while hand.phase == "play":
            seat = hand.turn
            assert sim.turn == seat
            assert sim.legal() == hand.legal_mask(seat)
            if n == check_at:
                # a state rebuilt from a view plus the true hidden hands agrees too
                view = hand.view(seat)
                rebuilt = state_from_view(view, [hand.held_mask(s) for s in range(4)])
                assert rebuilt.legal() == hand.legal_mask(seat)
                assert rebuilt.taken == sim.taken and rebuilt.broken == sim.broken
            card = rng.choice(_bits(hand.legal_mask(seat)))
            hand.play(seat, hand.held(seat)[[c.index for c in hand.held(seat)].index(card)])
            sim.play(card)
            n += 1
        while sim.ntricks < 13:  # the engine may have ended early (TRAM)
            sim.play(rng.choice(_bits(sim.legal())))
        if hand.phase == "moon-choice":
            hand.choose_moon(hand.turn, "add")
            assert sim.points(lambda st, moon: "add") == hand.points()
        else:
            assert sim.points() == hand.points()


def test_moonless_policy_plays_as_the_rules_player_once_the_moon_is_dead():
    """The playouts' shortcut (no moon checks once two seats hold moon cards) changes no choice."""
    from hearts.bots.policy import moonless_policy, play_policy
    checked = 0
    for rules in all_rule_sets(6, seed=5):
        sr = sim_rules(rules)
        rng = random.Random(rules.summary())
        for _ in range(30):
            st = random_deal(sr, rng)
            while st.ntricks < 13:
                legal = st.legal()
                card = play_policy(st, legal)
                if sum(1 for t in st.taken if t & sr.moon_cards) > 1:
                    assert moonless_policy(st, legal) == card
                    checked += 1
                st.play(card)
    assert checked > 1000


def test_rules_playout_plays_as_the_rules_player():
    """The search's playout shortcut (lone cards played unasked, no moon checks once the moon
    is dead) ends every hand exactly as `playout` with `play_policy` does."""
    from hearts.bots.policy import play_policy, rules_playout
    from hearts.bots.sim import playout
    for rules in all_rule_sets(6, seed=7):
        sr = sim_rules(rules)
        rng = random.Random(rules.summary())
        for _ in range(40):
            st = random_deal(sr, rng)
            a, b = playout(st.copy(), play_policy), rules_playout(st.copy())
            assert (a.taken, a.won, a.played, a.ntricks) == (b.taken, b.won, b.played, 13)


def test_points_of_a_seat_are_its_points():
    """The search's shortcut for one seat's points agrees with the engine's scoring, moons
    and clean-hand bonuses included."""
    from hearts.bots.moon import moon_playout
    moons = 0
    for rules in all_rule_sets(30, seed=13):
        sr = sim_rules(rules)
        rng = random.Random(rules.summary())
        for k in range(30):
            st = random_deal(sr, rng)
            st.totals = tuple(rng.randint(0, 90) for _ in range(4))
            shooter = rng.randrange(4)
            moon_playout(st, 1 << shooter if k % 2 else 0, (shooter + 1) & 3)
            moons += any(t & sr.moon_cards == sr.moon_cards for t in st.taken)
            assert [st.points_of(s) for s in range(4)] == st.points()
    assert moons > 10


def _shot_hands(sr, seed: int, n: int = 400):
    """``n`` random hands played out with one seat trying for the moon: (state, moon or None)."""
    from hearts.bots.moon import moon_playout
    rng = random.Random(seed)
    for _ in range(n):
        st = random_deal(sr, rng)
        shooter = rng.randrange(4)
        moon_playout(st, 1 << shooter, (shooter + 1) & 3)
        yield st, find_moon(sr.rules, st.taken, st.won)


def test_weighed_points_count_a_moon_against_the_seat_more():
    """With a moon weight, a moon shot by another seat costs the weight times its points;
    the shooter's own points, and every hand without a moon, are unchanged."""
    sr = sim_rules(Rules())
    against = plain = 0
    for st, moon in _shot_hands(sr, 5):
        for s in range(4):
            weighed = st.weighed_points(s, 2.5)
            if moon is not None and moon.shooter != s:
                against += 1
                assert weighed == 2.5 * st.points_of(s) == 2.5 * 26
            else:
                plain += 1
                assert weighed == st.points_of(s)
    assert against > 0 and plain > 0
