"""The model of `normal`'s play (`hearts/bots/play_model.py`): its choices, and its playouts in C
as in Python."""

from __future__ import annotations

import random

import pytest

from hearts.bots.moon import STRONG_DEFENCE, moon_plausible
from hearts.bots.play_model import (CONTEXTS, N_FEATURES, PLAY_WEIGHTS, groups, model_card,
                                    model_cards, model_cards_py, packed, scores, shortfall)
from hearts.bots.policy import play_policy
from hearts.bots.sim import SimState, native, random_deal, searched_as, sim_rules
from hearts.engine import Rules

from .helpers import all_rule_sets, play_hand, search_bot

WIDTH = N_FEATURES * CONTEXTS


def _advance(st: SimState, rng: random.Random, plays: int) -> SimState:
    for _ in range(plays):
        if st.ntricks == 13:
            break
        legal = st.legal()
        st.play(rng.choice([c for c in range(52) if legal >> c & 1]))
    return st


def _states(rules: Rules, n: int, seed: int) -> list[SimState]:
    rng = random.Random(seed)
    sr = sim_rules(rules)
    return [_advance(random_deal(sr, rng), rng, rng.randrange(0, 48)) for _ in range(n)]


def test_the_fitted_weights_fit_the_features():
    assert len(PLAY_WEIGHTS) == WIDTH
    assert any(PLAY_WEIGHTS)
    with pytest.raises(ValueError):
        packed(PLAY_WEIGHTS[1:])


def test_weights_on_the_rules_card_alone_play_as_the_rules_player():
    """The first feature of each context is "the rules player's card": weighted alone, the
    model plays the rules player's group, its lowest card."""
    weights = tuple(100 if i % N_FEATURES == 0 else 0 for i in range(WIDTH))
    seen = 0
    for st in _states(Rules(), 200, 3):
        legal = st.legal()
        if st.ntricks == 13 or legal & (legal - 1) == 0:
            continue
        reps = groups(st, legal)
        assert model_card(st, legal, weights) == searched_as(reps, play_policy(st, legal))
        seen += len(reps) > 1
    assert seen > 100


def test_the_model_plays_a_legal_card_of_each_group():
    for st in _states(Rules(), 100, 4):
        legal = st.legal()
        if st.ntricks < 13:
            card = model_card(st, legal, PLAY_WEIGHTS)
            assert legal >> card & 1
            assert card in groups(st, legal) or legal & (legal - 1) == 0


def test_the_shortfall_of_a_play_is_its_groups_score_below_the_best():
    """0 for the model's own card, and for any card of a group its score below the best's
    (the log of their chances times 100), the same for every card of the group."""
    seen = 0
    for st in _states(Rules(), 100, 6):
        legal = st.legal()
        if st.ntricks == 13 or legal & (legal - 1) == 0:
            continue
        by_group = scores(st, legal, PLAY_WEIGHTS)
        best = max(by_group.values())
        assert shortfall(st, legal, model_card(st, legal)) == 0
        for c in range(52):
            if legal >> c & 1:
                assert shortfall(st, legal, c) == best - by_group[searched_as(by_group, c)] >= 0
                seen += c not in by_group
    assert seen > 20        # cards that are not their group's lowest


@pytest.mark.skipif(native is None, reason="the C playouts are not built")
@pytest.mark.parametrize("rules", all_rule_sets(2, seed=17),
                         ids=lambda r: r.summary()[:40])
def test_c_model_playouts_score_as_the_python_ones(rules):
    """The same points after every card, in C and Python: plain and moon playouts, with the
    fitted and with random weights, this seat by the model or the rules player, and its best
    lines in the last tricks."""
    rng = random.Random(rules.summary())
    differ = 0
    for k, st in enumerate(_states(rules, 24, 5)):
        if st.ntricks == 13:
            continue
        weights = PLAY_WEIGHTS if k % 2 else tuple(rng.randint(-300, 300) for _ in range(WIDTH))
        cards = [c for c in range(52) if st.legal() >> c & 1]
        me = st.turn
        shooters = sum(1 << s for s in range(4) if s != me and moon_plausible(st, s, 6))
        shooters |= STRONG_DEFENCE if k % 3 == 0 else 0
        for mask in (-1, shooters):
            for own, model_me in ((False, False), (False, True), (st.ntricks >= 8, False)):
                got = model_cards(st, cards, me, mask, None, 2.0, own, weights, model_me)
                assert got == model_cards_py(st, cards, me, mask, None, 2.0, own, weights,
                                             model_me)
        differ += model_cards(st, cards, me, -1, weights=weights) != model_cards_py(
            st, cards, me, -1, weights=tuple(100 if i % N_FEATURES == 0 else 0
                                             for i in range(WIDTH)))
    assert differ > 0       # the model is not the rules player in disguise


def test_a_search_with_the_model_in_its_playouts_plays_a_hand():
    bots = [search_bot(s, playout_model=1 + s % 2, cap=10.0) for s in range(4)]
    play_hand(Rules(), bots, seed=5)
