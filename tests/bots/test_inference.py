"""hearts.bots.inference: worlds are weighed by how likely they make the plays seen."""

from __future__ import annotations

import math
import random

import pytest

from hearts.bots import make_bot
from hearts.bots.inference import STRONG, PlayReader
from hearts.bots.sampling import Sampler
from hearts.bots.search import SearchBot
from hearts.bots.sim import native
from hearts.engine import Card, Hand, Rules

from .helpers import all_rule_sets, views_in_play
from .test_play_situations import OPEN, deal_with, position

QS = Card.parse("QS").mask


def _discarded_a_club():
    """Seat 1, void in diamonds, threw the 2♣ on the first trick: the rules player (and any
    sound player) would have thrown the Q♠ had it held it."""
    rules = Rules(**OPEN)
    deal = deal_with({0: "3D 4H", 1: "2C 3C", 2: "5D QS", 3: "6D"}, voids={1: "DH"}, seed=4)
    hand = position(rules, deal, "3D 2C 5D 6D", dealer=3)
    return hand.view(0)


def test_a_world_where_the_discarder_held_the_queen_is_unlikely():
    view = _discarded_a_club()
    reader = PlayReader(view)
    sampler = Sampler(view)
    rng = random.Random(1)
    worlds = [sampler.sample(rng) for _ in range(200)]
    with_queen = [w for w in worlds if w[1] & QS]
    without = [w for w in worlds if not w[1] & QS]
    assert with_queen and without
    assert max(reader.weight(w) for w in with_queen) <= STRONG
    assert min(reader.weight(w) for w in without) > STRONG


def test_inference_moves_the_queen_away_from_the_discarder():
    view = _discarded_a_club()
    sampler = Sampler(view)
    plain = SearchBot(seed=3)
    reading = SearchBot(seed=3)
    reader = PlayReader(view)
    n = 300
    by_voids = sum(bool(sampler.sample(plain.rng)[1] & QS) for _ in range(n)) / n
    by_plays = sum(bool(reading._draw(sampler, reader)[1] & QS) for _ in range(n)) / n
    assert by_voids > 0.2          # the voids alone leave it a third of the time
    assert by_plays < by_voids / 3, (by_voids, by_plays)


def test_a_seat_that_plays_like_a_shooter_is_read_as_one():
    """Seat 1 holds the top hearts, spades and clubs and plays the `shooter` bot: it wins
    the first tricks high and leads its aces. After three tricks its plays read like a
    moon attempt well above the prior; a seat that has taken nothing is no shooter while
    seat 1 holds points."""
    from hearts.bots import make_bot
    from hearts.bots.inference import SHOOTER
    from hearts.engine import Hand
    rules = Rules(pass_cycle=("hold",))
    for seed in range(3):
        deal = deal_with({1: "AC KC QC AD KD AH KH QH JH TH AS KS 2H"}, seed=seed)
        hand = Hand.from_deal(rules, deal, "hold", dealer=0)
        bots = [make_bot("rules"), make_bot("shooter"), make_bot("rules"), make_bot("rules")]
        while len(hand.view(0).tricks) < 3:
            s = hand.turn
            hand.play(s, bots[s].choose_play(hand.view(s), 1.0))
        view = hand.view(0)
        chance = PlayReader(view).shooting(Sampler(view), random.Random(1))
        assert chance[1] > 2 * SHOOTER, (seed, chance)
        assert chance[2] == chance[3] == 0.0


def test_a_card_that_follows_suit_early_reads_as_neither_with_quiet_tricks():
    """Seat 1 won the second trick with the A♠ over the 2♠ where the rules player would
    have ducked: read as a shooter's play by default, and as nothing with ``quiet=4`` (good
    players win such early tricks high too), so its chance falls back to the prior."""
    from hearts.bots.inference import SHOOTER

    from .test_play_situations import alarm_position
    hand = alarm_position()
    view = hand.view(3)
    loud = PlayReader(view).shooting(Sampler(view), random.Random(1))
    quiet = PlayReader(view, quiet=4)
    assert len(quiet.reading) < len(quiet.events)
    read = quiet.shooting(Sampler(view), random.Random(1))
    assert loud[1] > 2 * SHOOTER
    assert read[1] < loud[1] and read[1] <= SHOOTER + 1e-9, (loud, read)


@pytest.mark.skipif(native is None, reason="the C playouts are not built")
@pytest.mark.parametrize("rules", all_rule_sets(2, seed=19), ids=lambda r: r.summary()[:40])
def test_c_model_reading_weighs_worlds_as_the_python_one(rules):
    """With ``model`` every play with a choice is read by the learned model: the same
    shortfall in C and in Python, worlds told apart, weighed in (0, 1] against the
    likeliest of those `calibrate` drew."""
    rng = random.Random(rules.summary())
    checked = apart = 0
    for _, view in views_in_play(rules, 6, rules.summary()):
        reader = PlayReader(view, model=rng.choice([0.5, 1.0, 0.37]))
        sampler = Sampler(view)
        reader.calibrate(sampler, rng)
        short = set()
        for _ in range(6):
            hidden = sampler.sample(rng)
            s = reader.shortfall(hidden)
            assert s == reader.shortfall_py(hidden) >= 0
            w = reader.weight(hidden)
            assert 0.0 < w <= 1.0
            assert math.isclose(w, math.exp(-reader.model * max(0, s - reader.floor) / 100),
                                rel_tol=1e-9)
            short.add(s)
            checked += 1
        apart += len(short) > 1
    assert checked >= 24 and apart

