"""The information-set search of the other seats' plays (hearts/bots/ismcts.py)."""

from __future__ import annotations

import random

import pytest

from hearts.bots.ismcts import ISTree, ismcts_cards, ismcts_cards_py, new_tree, redeal
from hearts.bots.moon import score_cards
from hearts.bots.sim import SimState, native, random_deal, sim_rules
from hearts.engine import Rules

from .helpers import all_rule_sets
from .test_native_playout import _advance, _bits


def _worlds(st: SimState, rng: random.Random, n: int) -> list[list[int]]:
    """``n`` deals of the cards the seat to play does not hold, each seat its count."""
    others = [s for s in range(4) if s != st.turn]
    out = []
    for _ in range(n):
        rest = [i for i in range(52) if any(st.hands[s] >> i & 1 for s in others)]
        rng.shuffle(rest)
        hidden = list(st.hands)
        for s in others:
            k = st.hands[s].bit_count()
            hidden[s] = sum(1 << i for i in rest[:k])
            rest = rest[k:]
        out.append(hidden)
    return out


@pytest.mark.skipif(native is None, reason="the C playouts are not built")
@pytest.mark.parametrize("rules", [Rules(), *all_rule_sets(4, seed=23)],
                         ids=lambda r: r.summary()[:40])
def test_c_information_set_search_is_the_python_one(rules):
    """The same worlds in the same order grow the same trees and give the same values, in C
    and in Python, with and without the moon model's shooters, and with the other seats
    searched from their own views (``views``)."""
    rng = random.Random(rules.summary())
    sr = sim_rules(rules)
    differ = 0
    for k in range(8):
        st = _advance(random_deal(sr, rng), rng, rng.randrange(0, 40))
        if st.ntricks >= 13:
            continue
        me, cards = st.turn, _bits(st.legal())
        shooter = 1 << ((me + 1) & 3)
        c_tree, py_tree = new_tree(), ISTree()
        views = (0, 1, 3)[k % 3]
        for w, hidden in enumerate(_worlds(st, rng, 24)):
            shooters = shooter if w % 4 == 3 else -1
            iters, plies = (1 + k % 2, (4, 8, 12)[w % 3])
            got = ismcts_cards(c_tree, st, cards, me, shooters, hidden, iters, plies, 0.5,
                               views=views)
            assert got == ismcts_cards_py(py_tree, st, cards, me, shooters, hidden, iters,
                                          plies, 0.5, views=views)
            differ += got != score_cards(st, cards, me, shooters, hidden)
    assert differ > 0     # searched lines that are not the playouts' were compared


def test_no_plies_is_the_playouts():
    rng = random.Random(2)
    st = _advance(random_deal(sim_rules(Rules()), rng), rng, 9)
    cards = _bits(st.legal())
    tree = new_tree()
    for hidden in _worlds(st, rng, 5):
        assert (ismcts_cards(tree, st, cards, st.turn, -1, hidden, 2, 0, 0.5)
                == score_cards(st, cards, st.turn, -1, hidden))


def test_one_tree_is_grown_over_the_worlds():
    """A node is the plays seen, not a world: every world's steps pass through the root of
    their candidate, and a seat's first play after it is one node whatever the world."""
    rng = random.Random(8)
    st = _advance(random_deal(sim_rules(Rules()), rng), rng, 5)
    cards = _bits(st.legal())
    tree = ISTree()
    worlds = _worlds(st, rng, 30)
    for hidden in worlds:
        ismcts_cards_py(tree, st, cards, st.turn, -1, hidden, 2, 8, 0.5)
    for c in cards:
        root = tree.roots[c]
        assert root.visits == 2 * len(worlds)
        assert len({kid.card for kid in root.children}) == len(root.children)
        assert sum(kid.visits for kid in root.children) == root.visits
        # the next seat's cards were tried across worlds that deal them differently
        assert max(kid.avail for kid in root.children) > 1


def test_a_redeal_keeps_the_viewers_hand_and_what_it_has_seen():
    """From a seat's view: its hand kept, the other three hands' cards shuffled among them,
    each its count, none dealt a suit it has shown it lacks; the same random state the same
    deal."""
    rng = random.Random(4)
    moved = 0
    for k in range(60):
        st = _advance(random_deal(sim_rules(Rules()), rng), rng, rng.randrange(0, 44))
        view = rng.randrange(4)
        seed = rng.getrandbits(64)
        out, _ = redeal(st, view, seed)
        if out is None:
            continue
        assert out.hands[view] == st.hands[view]
        assert sum(out.hands) == sum(st.hands)
        assert [h.bit_count() for h in out.hands] == [h.bit_count() for h in st.hands]
        for s in range(4):
            for suit in range(4):
                if st.voids[s] >> suit & 1:
                    assert not out.hands[s] >> (13 * suit) & 0x1FFF
        moved += out.hands != st.hands
        assert redeal(st, view, seed)[0].hands == out.hands
    assert moved > 40


def test_the_other_seats_learn_only_from_their_own_views():
    """With ``views``, a seat's choices at a node are counted only in the steps of worlds
    re-dealt from its view: the next seat's first plays after the candidate are visited once
    for each world in which it took its turn (every third), never in this seat's worlds."""
    rng = random.Random(6)
    st = _advance(random_deal(sim_rules(Rules()), rng), rng, 4)   # this seat leads
    assert not st.trick
    me, cards = st.turn, _bits(st.legal())
    tree = ISTree()
    worlds = _worlds(st, rng, 30)
    for hidden in worlds:
        ismcts_cards_py(tree, st, cards, me, -1, hidden, 2, 8, 0.5, views=1)
    for c in cards:
        root = tree.roots[c]
        assert sum(kid.visits for kid in root.children) == len(worlds) // 3
    # without views every step counts for every seat
    plain = ISTree()
    for hidden in worlds:
        ismcts_cards_py(plain, st, cards, me, -1, hidden, 2, 8, 0.5)
    assert sum(kid.visits for kid in plain.roots[cards[0]].children) == 2 * len(worlds)
