"""Properties of random legal play under random rules (hypothesis).

Play is random but seeded; one seat may be "greedy" (always its highest legal card,
the others their lowest) so that moons and suns come up often."""

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts.engine import CARDS, Game, Hand, Play, Rules
from hearts.engine.rule_options import OPTIONS
from hearts.engine.rules import PASS_DIRECTIONS

from .builders import (check_game, check_hand, is_penalty, random_step, reference_leader,
                       reference_legal)

# ENGINE_PROP_EXAMPLES=2000 for a deeper run than the suite's quick one
EXAMPLES = int(os.environ.get("ENGINE_PROP_EXAMPLES", "120"))
PROPS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# every option (read from the engine's own tables so that a new option is drawn too)
INT_RANGES = {**{o.name: o.bounds for o in OPTIONS.values() if o.kind == "int"},
              "target": (1, 300), "turn_seconds": (0, 60)}


@st.composite
def any_rules(draw) -> Rules:
    """Any valid Rules."""
    d = {o.name: draw(st.sampled_from(o.values)) for o in OPTIONS.values() if o.kind == "choice"}
    d.update({o.name: draw(st.booleans()) for o in OPTIONS.values() if o.kind == "bool"})
    d.update({name: draw(st.integers(lo, hi)) for name, (lo, hi) in INT_RANGES.items()})
    d["pass_cycle"] = draw(st.lists(st.sampled_from(PASS_DIRECTIONS), min_size=1, max_size=5))
    d["sun_points"] = draw(st.none() | st.integers(-200, 200))
    assert set(d) == set(Rules.names())
    return Rules.from_dict(d)


def step(h: Hand, rng: random.Random, greedy: int | None, act=None) -> None:
    """One action: random, or greedy play when ``greedy`` is a seat: that seat plays its
    highest card, the others duck (lowest card of the suit led) and, when void, throw
    their penalty cards first."""
    if h.phase == "play":
        if not h.tricks and not h.trick:
            assert h.leader == h.turn == reference_leader(h)
        for s in range(4):
            assert h.legal_plays(s) == sorted(reference_legal(h, s))
    if greedy is None or h.phase != "play":
        random_step(h, rng, act)
        return
    seat = h.turn
    legal = h.legal_plays(seat)
    if seat == greedy:
        card = max(legal, key=lambda c: c.rank)
    elif h.trick and all(c.suit != h.trick[0][1].suit for c in legal):
        card = max(legal, key=lambda c: (is_penalty(h.rules, c), c.rank))
    else:
        card = min(legal, key=lambda c: c.rank)
    (act or h.apply)(Play(seat, card))


def deal(rules: Rules, rng: random.Random, greedy: int | None, **kw) -> Hand:
    """A random deal; with a greedy seat, one where that seat holds mostly high cards."""
    direction = rules.pass_direction(rng.randrange(4))
    if greedy is None:
        return Hand.deal(rules, rng, direction, **kw)
    ranked = sorted(CARDS, key=lambda c: -c.rank - rng.uniform(0, 5))
    rest = ranked[13:]
    rng.shuffle(rest)
    hands = [rest[0:13], rest[13:26], rest[26:39]]
    hands.insert(greedy, ranked[:13])
    return Hand.from_deal(rules, hands, direction, **kw)


def play_hand(rules: Rules, seed: int, greedy: int | None, totals=None) -> Hand:
    rng = random.Random(seed)
    h = deal(rules, rng, greedy, dealer=seed % 4, totals=totals)
    while not h.done:
        step(h, rng, greedy, None)
    return h


seeds = st.integers(0, 2**32)
greedy_seats = st.none() | st.integers(0, 3)


@PROPS
@given(seeds, greedy_seats)
def test_tram_off_plays_13_tricks_of_52_distinct_cards(seed, greedy):
    h = play_hand(Rules(tram="off"), seed, greedy)
    assert h.tram is None and len(h.tricks) == 13
    cards = [c for t in h.tricks for c in t.cards]
    assert len(set(cards)) == 52
    assert sum(h.tricks_won(s) for s in range(4)) == 13
    for t in h.tricks:
        led = t.cards[0].suit
        best = max((c for c in t.cards if c.suit == led), key=lambda c: c.rank)
        assert t.winner == t.seat_of(best)
    check_hand(h)


@PROPS
@given(seeds, greedy_seats)
def test_with_tram_tricks_and_tram_cards_make_52(seed, greedy):
    h = play_hand(Rules(), seed, greedy)
    cards = [c for t in h.tricks for c in t.cards]
    if h.tram is not None:
        cards += [c for held in h.tram.cards for c in held]
        assert len({len(held) for held in h.tram.cards}) == 1  # at a trick boundary
    assert len(cards) == 52 and set(cards) == set(CARDS)
    check_hand(h)


# rules -> the possible sums of a hand's points
SUMS = [
    (Rules(), {26, 78}),
    (Rules(moon="subtract"), {26, -26}),
    (Rules(moon="off"), {26}),
    (Rules(heart_points="face"), {117, 351}),
    (Rules.preset("spot"), {129, 387}),
    (Rules(high_spades=True), {43, 129}),
    (Rules(jack_of_diamonds=-10), {16, 68}),
    (Rules(jack_of_diamonds=-10, bonuses_on_moon="none"), {16, 78}),
    (Rules(sun="others"), {26, 78, 117}),
    (Rules(sun="bonus"), {26, 78, 54}),
    (Rules(queen_points=0), {13, 39}),
]


@PROPS
@given(st.sampled_from(range(len(SUMS))), seeds, greedy_seats)
def test_points_sum_as_each_rule_says(which, seed, greedy):
    rules, sums = SUMS[which]
    h = play_hand(rules, seed, greedy)
    assert sum(h.points()) in sums
    if h.moon is None:
        assert sum(h.points()) == min(sums, key=lambda s: abs(s - 26)) or rules.moon == "off"
    check_hand(h)


@PROPS
@given(any_rules(), seeds, greedy_seats, st.lists(st.integers(-50, 150), min_size=4, max_size=4))
def test_random_rules_hands_keep_the_invariants(rules, seed, greedy, totals):
    h = play_hand(rules, seed, greedy, totals)
    check_hand(h)
    assert Hand.from_dict(h.to_dict()) == h


@settings(max_examples=max(EXAMPLES // 2, 10), deadline=None)
@given(any_rules(), seeds)
def test_random_rules_games_keep_the_invariants(rules, seed):
    rng = random.Random(seed)
    g = Game(rules, seed=seed)
    n = 0
    while not g.over and g.hand_number < 12:
        random_step(g.hand, rng, g.apply)
        if len(g.results) > n:
            n = len(g.results)
            check_hand(g.last_hand)
    check_game(g)
    assert Game.from_dict(g.to_dict()) == g


def _hand_after(rules, seed, greedy, stop) -> Hand:
    """A hand dealt from ``seed`` after up to ``stop`` random (or greedy) actions."""
    rng = random.Random(seed)
    h = deal(rules, rng, greedy, dealer=seed % 4)
    for _ in range(stop):
        if h.done:
            break
        step(h, rng, greedy)
    return h


@PROPS
@given(any_rules(), seeds, greedy_seats, st.integers(0, 60))
def test_round_trip_and_replay_at_any_moment(rules, seed, greedy, stop):
    h = _hand_after(rules, seed, greedy, stop)
    again = Hand.from_dict(h.to_dict())
    assert again == h and again.state() == h.state()
    replay = Hand(h.rules, h.deal_masks, h.pass_direction, h.dealer, h.totals)
    for a in h.actions:
        replay.apply(a)
    assert replay == h
    for s in range(4):
        assert again.view(s) == h.view(s)


@PROPS
@given(any_rules(), seeds, st.integers(0, 300))
def test_game_round_trip_at_any_moment(rules, seed, stop):
    rng = random.Random(seed)
    g = Game(rules, seed=seed)
    for _ in range(stop):
        if g.over:
            break
        random_step(g.hand, rng, g.apply)
    again = Game.from_dict(g.to_dict())
    assert again == g and again.totals == g.totals and again.winners == g.winners


def _strings(obj) -> set[str]:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        obj = list(obj.values())
    if isinstance(obj, (list, tuple)):
        return set().union(set(), *(_strings(v) for v in obj))
    return set()


@PROPS
@given(any_rules(), seeds, greedy_seats, st.integers(0, 60))
def test_a_view_never_holds_another_seats_unplayed_cards(rules, seed, greedy, stop):
    h = _hand_after(rules, seed, greedy, stop)
    if h.tram is not None:
        return  # a TRAM shows the remaining cards to everyone
    for s in range(4):
        known = _strings(h.view(s).to_dict())
        own_pass = {str(c) for c in h.passed(s) or ()}
        for o in range(4):
            if o != s:
                assert not known & ({str(c) for c in h.held(o)} - own_pass)
