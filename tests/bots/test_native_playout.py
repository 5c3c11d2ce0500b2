"""The playouts in C (`hearts/bots/_playout.c`) play exactly as the Python ones they stand for."""

from __future__ import annotations

import random

import pytest

from hearts.bots.inference import PlayReader
from hearts.bots.moon import (STRONG_DEFENCE, moon_playout, moon_playout_py, moon_plausible,
                              score_cards, score_cards_py, shoot_play)
from hearts.bots.policy import rules_playout, rules_playout_py
from hearts.bots.sampling import Sampler
from hearts.bots.sim import SimState, native, random_deal, sim_rules
from hearts.engine import Hand, Rules
from hearts.engine.scoring import find_moon

from .helpers import all_rule_sets, search_bot, views_in_play

FIELDS = ("hands", "taken", "won", "played", "ntricks", "leader", "turn", "trick",
          "trick_mask", "led", "best", "winner", "broken", "voids")


def _state(st: SimState) -> tuple:
    return tuple(tuple(v) if isinstance(v := getattr(st, f), list) else v for f in FIELDS)


def _bits(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


def _moon_deal(sr, rng: random.Random) -> SimState:
    """A deal where one seat holds many of the top cards (a hand that may run), so the moon
    attempt, the alarms and the defence are all played."""
    deck = list(range(52))
    rng.shuffle(deck)
    strong = rng.randrange(4)
    tops = sorted(deck, key=lambda c: -(c % 13) + rng.random() * 6)[:rng.randrange(8, 13)]
    rest = [c for c in deck if c not in tops]
    hands = [0, 0, 0, 0]
    for c in tops:
        hands[strong] |= 1 << c
    for c in rest:
        s = next(s for s in rng.sample(range(4), 4) if hands[s].bit_count() < 13)
        hands[s] |= 1 << c
    st = SimState(sr, hands)
    st.leader = st.turn = next(s for s in range(4) if hands[s] & 1)
    return st


def _advance(st: SimState, rng: random.Random, plays: int, shooter: int = -1) -> SimState:
    """``plays`` cards into the hand: random legal cards, or the moon attempt for ``shooter``."""
    for _ in range(plays):
        if st.ntricks == 13:
            break
        legal = st.legal()
        st.play(shoot_play(st, legal) if st.turn == shooter else rng.choice(_bits(legal)))
    return st


def test_the_playouts_are_built_in_c():
    """`pip install` builds the extension here (a machine without a compiler falls back to
    the Python playouts, which the tests below compare it with)."""
    assert native is not None


@pytest.mark.skipif(native is None, reason="the C playouts are not built")
@pytest.mark.parametrize("rules", all_rule_sets(12, seed=11), ids=lambda r: r.summary()[:40])
def test_c_playouts_play_as_the_python_ones(rules):
    sr = sim_rules(rules)
    rng = random.Random(rules.summary())
    moons = replied = 0
    for k in range(30):      # 17 rule sets × 30 positions (the suite's time: docs/install.md)
        if k % 2:
            st = _moon_deal(sr, rng)
            _advance(st, rng, rng.randrange(0, 30), shooter=st.turn if k % 4 == 1 else -1)
        else:
            st = _advance(random_deal(sr, rng), rng, rng.randrange(0, 48))
        a, b = st.copy(), st.copy()
        rules_playout_py(a)
        assert rules_playout(b) is b
        assert _state(a) == _state(b)
        me = rng.randrange(4)
        shooters = sum(1 << s for s in range(4) if s != me and moon_plausible(st, s, 6))
        shooters |= rng.randrange(16) & ~(1 << me) if k % 3 == 0 else 0
        shooters |= STRONG_DEFENCE if k % 5 < 2 else 0
        a, b = st.copy(), st.copy()
        moon_playout_py(a, shooters, me)
        assert moon_playout(b, shooters, me) is b
        assert _state(a) == _state(b)
        moons += find_moon(rules, a.taken, a.won) is not None
        # every card at once, scored for one seat, as the search does
        cards = _bits(st.legal()) if st.ntricks < 13 else []
        for mask in (-1, shooters):
            assert score_cards(st, cards, me, mask) == score_cards_py(st, cards, me, mask)
            assert (score_cards(st, cards, me, mask, moon_weight=2.0)
                    == score_cards_py(st, cards, me, mask, moon_weight=2.0))
            # the seats after the one to play reply by playing each of their cards out
            m = mask & ~(1 << st.turn) if mask >= 0 else mask
            for depth in (1, 2):
                answered = score_cards(st, cards, st.turn, m, replies=depth)
                assert answered == score_cards_py(st, cards, st.turn, m, replies=depth)
                replied += answered != score_cards(st, cards, st.turn, m)
        if cards and st.ntricks < 12:   # the same with the other seats' cards dealt again
            rest = [i for i in range(52) if (st.hands[0] | st.hands[1] | st.hands[2]
                                             | st.hands[3]) >> i & 1 and not st.hands[st.turn] >> i & 1]
            rng.shuffle(rest)
            hidden = list(st.hands)
            for s in range(4):
                if s != st.turn:
                    n = st.hands[s].bit_count()
                    hidden[s] = sum(1 << i for i in rest[:n])
                    rest = rest[n:]
            assert (score_cards(st, cards, me, shooters, hidden)
                    == score_cards_py(st, cards, me, shooters, hidden))
    if rules.moon != "off":
        assert moons > 0   # the moon attempt's own plays were compared, not only the ducks
    assert replied > 0     # replies that are not the rules player's were compared


@pytest.mark.skipif(native is None, reason="the C playouts are not built")
@pytest.mark.skipif(native is None, reason="the C playouts are not built")
@pytest.mark.parametrize("rules", [Rules(), *all_rule_sets(6, seed=13)],
                         ids=lambda r: r.summary()[:40])
def test_c_best_lines_are_the_python_ones(rules):
    """The seat to play tries every line of its last cards (`best_line`) in C as in Python:
    the same ends, with the rules player's and the shooters' playouts around it."""
    sr = sim_rules(rules)
    rng = random.Random(rules.summary())
    differ = 0
    for k in range(40):
        if k % 2:
            st = _advance(_moon_deal(sr, rng), rng, rng.randrange(28, 40),
                          shooter=rng.randrange(4) if k % 4 == 1 else -1)
        else:
            st = _advance(random_deal(sr, rng), rng, rng.randrange(30, 50))
        if st.ntricks == 13:
            continue
        me = st.turn
        shooters = sum(1 << s for s in range(4) if s != me and moon_plausible(st, s, 6))
        cards = _bits(st.legal())
        for mask in (-1, shooters, shooters | STRONG_DEFENCE):
            for weight in (1.0, 4.0):
                best = score_cards(st, cards, me, mask, moon_weight=weight, own=True)
                assert best == score_cards_py(st, cards, me, mask, moon_weight=weight, own=True)
                played = score_cards(st, cards, me, mask, moon_weight=weight)
                differ += best != played
                if rules == Rules():    # points as line_score ranks them: never worse
                    assert all(b <= p for b, p in zip(best, played))
    assert differ > 0   # the best lines were not the policy's own plays throughout


def test_c_playouts_refuse_what_is_not_a_state():
    with pytest.raises(AttributeError):
        native.rules_playout(object())
    st = random_deal(sim_rules(Rules()), random.Random(1))
    st.trick = [60]     # no such card
    with pytest.raises(ValueError):
        native.rules_playout(st)
    with pytest.raises(TypeError):
        native.moon_playout(st, "all", 0)
    st = random_deal(sim_rules(Rules()), random.Random(1))
    held = st.hands[st.turn]
    other = next(i for i in range(52) if not held >> i & 1)
    with pytest.raises(ValueError, match="not in the hand"):
        native.score_cards(st, [other], 0, -1)
    with pytest.raises(ValueError, match="a seat"):
        native.score_cards(st, [], 4, -1)
    # a deal the playouts could not finish: one error, nothing played
    short = st.copy()
    short.hands[2] &= short.hands[2] - 1        # a card missing
    for call in (lambda: native.rules_playout(short), lambda: native.moon_playout(short, 0, 1),
                 lambda: native.score_cards(st, [held.bit_length() - 1], 0, -1, short.hands)):
        with pytest.raises(ValueError, match="do not fit"):
            call()
    assert short.ntricks == 0 and short.hands[2].bit_count() == 12
    twice = st.copy()
    twice.hands[1] |= twice.hands[0] & -twice.hands[0]
    with pytest.raises(ValueError, match="do not fit"):
        native.rules_playout(twice)
    sr = sim_rules(Rules())
    unseen = [i for i in range(52) if not held >> i & 1]
    ok = sum(1 << i for i in _bits(held)[:3])
    assert len(native.score_passes(sr.native, list(unseen), held, 0, 1, 3, [ok], -1,
                                   random.Random(1).getrandbits)[0]) == 1
    for bad_unseen, bad_pass in ((unseen[:-1], ok), (unseen[:-1] + [_bits(held)[0]], ok),
                                 (unseen, ok | (1 << unseen[0])), (unseen, ok & (ok - 1))):
        with pytest.raises(ValueError, match="score_passes"):
            native.score_passes(sr.native, list(bad_unseen), held, 0, 1, 3, [bad_pass], -1,
                                random.Random(1).getrandbits)


@pytest.mark.skipif(native is None, reason="the C playouts are not built")
@pytest.mark.parametrize("preset", ["standard", "omnibus", "spot"])
def test_c_reading_weighs_worlds_as_the_python_one(preset):
    """The worlds dealt, `PlayReader.weight` and the shooter's ratios, in C and in Python, on
    views from hands played by bots that lead winners (``shooter``) and bots that duck
    (``rules``)."""
    rules = Rules.preset(preset)
    checked = lowered = read = 0
    for k, view in views_in_play(rules, 8, preset, first=8):
        rng = random.Random(f"{preset}/{k}/worlds")
        reader = PlayReader(view, quiet=4 * (k % 2))   # half the hands read without early follows
        assert reader.packed is not None
        sampler = Sampler(view)
        for j in range(20):
            # the C dealer deals the Python one's worlds from the same random numbers
            favour = (rng.choice(sampler.others), rng.getrandbits(52), 6) if j % 2 else None
            a, b = random.Random(j), random.Random(j)
            for strict in (True, False):
                assert sampler._try(a, strict, favour) == sampler.try_py(b, strict, favour)
            hidden = sampler.sample(rng)
            w = reader.weight(hidden)
            assert w == reader.weight_py(hidden)
            ratios = native.shoot_ratios(reader.sr.native, reader.packed[1], hidden,
                                         reader.strong, reader.weak, reader.mild,
                                         reader.open_mask)
            assert ratios == reader.ratios_py(hidden)
            checked += 1
            lowered += w < 1
            read += any(r != 1.0 for r in ratios)
    assert checked >= 100 and lowered and read   # worlds were told apart, not all weighed 1


@pytest.mark.skipif(native is None, reason="the C playouts are not built")
@pytest.mark.parametrize("rules", all_rule_sets(6, seed=17), ids=lambda r: r.summary()[:40])
def test_c_pass_search_scores_as_the_python_one(rules, monkeypatch):
    """One deal of the pass search (the others' passes by the rules player, each candidate
    pass played out, and with ``pass_moon`` again with the receiver trying for the moon; with
    ``pass_weight``, moons against the seat weighed), in C and in Python, from the same random
    numbers."""
    from hearts.bots import search
    if not rules.pass_count:
        pytest.skip("no passing")
    for k in range(24):
        bot = search_bot(1, pass_moon=0.5 if k % 2 else 0.0, pass_risk=10,
                         pass_weight=2.0 if k % 3 else 1.0)
        rng = random.Random(f"{rules.summary()}/{k}")
        direction = [d for d in rules.pass_cycle if d != "hold"] or ["left"]
        # near the game's end every third time
        totals = [rules.target - rng.randrange(1, 30) for _ in range(4)] if k % 3 else None
        hand = Hand.deal(rules, rng, direction[k % len(direction)], dealer=k % 4,
                         totals=totals)
        view = hand.view(k % 4)
        sr = sim_rules(rules)
        mine = sum(c.mask for c in view.hand)
        masks = [sum(1 << i for i in rng.sample(_bits(mine), rules.pass_count)) for _ in range(6)]
        unseen = [i for i in range(52) if not mine >> i & 1]
        got = [bot._score_passes(sr, random.Random(j), list(unseen), mine, rules.pass_count,
                                 masks, view) for j in range(5)]
        with monkeypatch.context() as m:
            m.setattr(search, "native", None)
            want = [bot._score_passes(sr, random.Random(j), list(unseen), mine,
                                      rules.pass_count, masks, view)
                    for j in range(5)]
        assert got == want


@pytest.mark.skipif(native is None, reason="the C playouts are not built")
def test_c_playouts_in_threads_score_as_one_thread():
    """The playouts let other threads run (the host's bots think side by side); two threads
    scoring the same worlds get what one thread gets."""
    from concurrent.futures import ThreadPoolExecutor
    sr = sim_rules(Rules())
    rng = random.Random(9)
    states = [_advance(random_deal(sr, rng), rng, rng.randrange(0, 30)) for _ in range(200)]

    def score(st: SimState) -> list[int]:
        return score_cards(st, _bits(st.legal()), st.turn) + score_cards(st, _bits(st.legal()),
                                                                          st.turn, 0b1010)
    alone = [score(st) for st in states]
    with ThreadPoolExecutor(2) as pool:
        for _ in range(3):
            assert list(pool.map(score, states)) == alone
