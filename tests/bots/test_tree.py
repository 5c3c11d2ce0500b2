"""The other seats searched in each world (`hearts.bots.tree`): the C search is the Python
one, a searched seat never does worse in the world than the playouts' card, and the search
reduces to the playouts with no steps."""

from __future__ import annotations

import random
import zlib

import pytest

from hearts.bots.moon import _plays_as_under, _policy_card, line_score, moon_plausible, score_cards
from hearts.bots.policy import rules_playout_py
from hearts.bots.sim import SimState, native, random_deal, sim_rules
from hearts.bots.tree import tree_cards, tree_cards_py, tree_line
from hearts.engine import Rules

from .helpers import all_rule_sets
from .test_native_playout import _advance, _bits, _moon_deal


def _states(rules: Rules, n: int, seed: int) -> list[tuple[SimState, int]]:
    """``n`` states in play, half from deals where one seat may run, with a shooters mask."""
    sr = sim_rules(rules)
    rng = random.Random(seed)
    out = []
    for k in range(n):
        if k % 2:
            st = _moon_deal(sr, rng)
            _advance(st, rng, rng.randrange(0, 30), shooter=st.turn if k % 4 == 1 else -1)
        else:
            st = _advance(random_deal(sr, rng), rng, rng.randrange(0, 44))
        me = st.turn
        shooters = -1 if k % 3 == 0 else sum(1 << s for s in range(4)
                                             if s != me and moon_plausible(st, s, 6))
        out.append((st, shooters))
    return out


@pytest.mark.skipif(native is None, reason="the C playouts are not built")
@pytest.mark.parametrize("rules", [Rules(), *all_rule_sets(5, seed=21)],
                         ids=lambda r: r.summary()[:40])
def test_c_tree_search_is_the_python_one(rules):
    rng = random.Random(5)
    searched = 0
    # (crc32, not hash(): the same states in every process, whatever PYTHONHASHSEED)
    for st, shooters in _states(rules, 12, seed=zlib.crc32(rules.summary().encode()) & 0xFFFF):
        if st.ntricks >= 13:
            continue
        cards = _bits(st.legal())
        me = st.turn
        for iters, plies, search_me in ((3, 4, True), (20, 8, False), (40, 12, True),
                                        (30, 8, False)):
            explore = rng.choice((0.2, 0.5, 1.0))
            got = tree_cards(st, cards, me, shooters, None, iters, plies, explore,
                             search_me=search_me)
            assert got == tree_cards_py(st, cards, me, shooters, None, iters, plies, explore,
                                        search_me=search_me)
            searched += got != score_cards(st, cards, me, shooters)
        assert (tree_cards(st, cards, me, shooters, None, 16, 8, 0.5, moon_weight=3.0)
                == tree_cards_py(st, cards, me, shooters, None, 16, 8, 0.5, moon_weight=3.0))
    assert searched > 0     # searched lines that are not the playouts' were compared


def test_no_steps_is_the_playouts():
    for st, shooters in _states(Rules(), 20, seed=3):
        if st.ntricks < 13:
            cards = _bits(st.legal())
            assert (tree_cards_py(st, cards, st.turn, shooters, None, 0, 8, 0.5)
                    == score_cards(st, cards, st.turn, shooters))


def _max_n(st: SimState, shooters: int, me: int) -> list[float]:
    """Every seat's line_score at the end of the hand when each seat in turn plays the card
    (the playouts' first, then the others from the lowest, one of cards that play alike)
    whose line is least for itself, every line searched to the end."""
    if st.ntricks >= 13:
        return [line_score(st, s) for s in range(4)]
    legal = st.legal()
    card = _policy_card(st, legal, shooters, me)
    best: list[float] | None = None
    for c in [card] + [c for c in _bits(legal) if c != card and not _plays_as_under(st, legal, c)]:
        nxt = st.copy()
        nxt.play(c)
        v = _max_n(nxt, shooters, me)
        if best is None or v[st.turn] < best[st.turn]:
            best = v
    assert best is not None
    return best


def test_a_search_of_the_whole_end_is_max_n():
    """With the last two tricks inside the tree and steps enough to see every line, each
    seat plays the line best for itself given the others' best answers (max-n), found
    through the tree; with fewer plies than are left, the playouts finish the lines."""
    rng = random.Random(4)
    sr = sim_rules(Rules())
    checked = 0
    for k in range(30):
        st = _advance(random_deal(sr, rng), rng, 44 + rng.randrange(0, 4))
        shooters = -1 if k % 2 else 0
        end = tree_line(st, 2000, 16, 0.5, shooters, st.turn)
        assert end.ntricks == 13 and sum(end.won) == 13
        assert [line_score(end, s) for s in range(4)] == _max_n(st, shooters, st.turn)
        checked += 1
    assert checked == 30


def test_searched_lines_are_whole_hands_and_differ_from_the_playouts():
    """A searched line is a legal end of the hand (every card played once, 13 tricks) and,
    in many states, not the playouts' line: the other seats answer by search."""
    differ = 0
    for st, shooters in _states(Rules(), 40, seed=9):
        if st.ntricks >= 13:
            continue
        played = rules_playout_py(st.copy())
        end = tree_line(st, 40, 8, 0.5, -1, st.turn)
        assert end.ntricks == 13 and end.played == (1 << 52) - 1 and sum(end.won) == 13
        differ += end.taken != played.taken
    assert differ > 0
