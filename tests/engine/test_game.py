"""Games: seeded deals, dealer and lead rotation, totals, saving and replay."""

import random

import msgpack
import pytest

from hearts.engine import (Card, Claim, Game, IllegalMove, MoonChoice, Pass, Play, Rules,
                          action_from_wire)

from .builders import check_game, checked_random_game, random_step


def test_a_game_is_its_rules_seed_and_actions():
    a, b = Game(Rules(), seed=11), Game(Rules(), seed=11)
    assert [a.hand.held(s) for s in range(4)] == [b.hand.held(s) for s in range(4)]
    assert a == b
    c = Game(Rules(), seed=12)
    assert [a.hand.held(s) for s in range(4)] != [c.hand.held(s) for s in range(4)]
    assert isinstance(Game().seed, int)


def test_first_hand_and_defaults():
    g = Game(seed=1)
    assert g.rules == Rules() and g.totals == [0, 0, 0, 0] and g.scores == [0, 0, 0, 0]
    assert g.hand_number == 0 and g.hand.dealer == 0 and g.hand.pass_direction == "left"
    assert g.hand.phase == "pass" and not g.over and g.winners is None and g.results == []
    assert g.view(2) == g.hand.view(2)


def test_totals_carry_into_each_hand_and_dealer_rotates():
    rules = Rules(first_lead="left-of-dealer", pass_cycle=("hold",), target=10000, tram="off")
    g = Game(rules, seed=3)
    rng = random.Random(3)
    for n in range(6):
        assert g.hand_number == n and g.hand.dealer == n % 4
        assert g.hand.leader == (n + 1) % 4 and g.hand.turn == (n + 1) % 4
        assert g.hand.totals == g.totals
        while g.hand_number == n:
            random_step(g.hand, rng, g.apply)
        assert g.results[-1].number == n and list(g.results[-1].totals) == g.totals
        assert g.last_hand.done
    check_game(g)


@pytest.mark.parametrize("seed", range(3))
def test_dict_round_trip_at_every_action(seed):
    rules = Rules(moon="choose", tram="claim", target=60)
    rng = random.Random(seed)
    g = Game(rules, seed=seed)
    steps = 0
    while not g.over:
        random_step(g.hand, rng, g.apply)
        steps += 1
        if steps % 7 == 0 or g.over:
            d = g.to_dict()
            again = Game.from_dict(msgpack.unpackb(msgpack.packb(d)))
            assert again == g and again.log == g.log and again.winners == g.winners
    check_game(g)


def test_actions_as_plain_lists():
    g = Game(Rules(pass_cycle=("hold",)), seed=9)
    seat = g.hand.turn
    g.apply(action_from_wire(["play", seat, "2C"]))
    assert g.log[-1] == Play(seat, Card.parse("2C"))
    assert g.log[-1].to_wire() == ["play", seat, "2C"]
    with pytest.raises(IllegalMove, match="^it is not your turn$"):
        g.apply(Play(seat, "3C"))


def test_replaying_a_bad_log_fails_loudly():
    g = Game(Rules(pass_cycle=("hold",)), seed=9)
    seat = g.hand.turn
    with pytest.raises(IllegalMove):
        Game.from_dict({"rules": {}, "seed": 9, "actions": [["play", (seat + 1) % 4, "2C"]]})
    with pytest.raises(ValueError):
        Game.from_dict({"rules": {}, "seed": 9, "actions": [["jump", seat]]})
    with pytest.raises(ValueError):
        Game.from_dict({"rules": {}, "seed": 9, "actions": ["play"]})


def test_game_over_refuses_actions_and_keeps_the_last_hand():
    g = checked_random_game(Rules(target=20), 2)
    assert g.over and g.hand is g.last_hand and g.hand.done
    for action in (Play(0, "2C"), Pass(0, ("2C", "3C", "4C")), Claim(0), MoonChoice(0, "add")):
        with pytest.raises(IllegalMove, match="^the game is over$"):
            g.apply(action)


def test_game_methods_log_actions():
    g = Game(Rules(), seed=4)
    for s in range(4):
        g.pass_cards(s, g.hand.held(s)[:3])
    assert [a.kind for a in g.log] == ["pass"] * 4
    seat = g.hand.turn
    g.play(seat, "2C")
    assert isinstance(g.log[-1], Play) and g.log[-1].seat == seat
    with pytest.raises(IllegalMove):
        g.claim(seat)
    with pytest.raises(IllegalMove):
        g.choose_moon(seat, "add")
    assert len(g.log) == 5


def test_a_hand_that_ends_by_tram_before_any_card_is_scored(monkeypatch):
    """A hold hand dealt so that the leader is certain to win every trick ends at once
    (TRAM); the game must score it and deal the next hand rather than wait forever.
    Such a deal is about one in 10**9, so the deal is forced here."""
    from hearts.engine import Hand

    from .builders import SUN_DEAL
    real_deal = Hand.deal.__func__
    dealt = []

    def deal(cls, rules, rng, direction, dealer=0, totals=None):
        if not dealt:
            dealt.append(1)
            return Hand.from_deal(rules, SUN_DEAL, direction, dealer, totals)
        return real_deal(cls, rules, rng, direction, dealer, totals)

    monkeypatch.setattr(Hand, "deal", classmethod(deal))
    g = Game(Rules(pass_cycle=("hold", "left")), seed=1)
    assert g.results and g.results[0].points == (0, 26, 26, 26) and g.results[0].tram.seat == 0
    assert g.hand_number == 1 and g.hand.phase == "pass" and g.totals == [0, 26, 26, 26]


def test_hand_construction_is_checked():
    from hearts.engine import Hand, parse_cards

    from .builders import SPLIT_DEAL
    with pytest.raises(ValueError, match="four hands"):
        Hand.from_deal(Rules(), SPLIT_DEAL[:3], "hold")
    short = [list(h) for h in SPLIT_DEAL]
    short[0] = short[0][:12]
    with pytest.raises(ValueError, match="13 different cards"):
        Hand.from_deal(Rules(), short, "hold")
    twice = [list(h) for h in SPLIT_DEAL]
    twice[0] = twice[0][:12] + [twice[1][0]]
    with pytest.raises(ValueError, match="all 52 cards once"):
        Hand.from_deal(Rules(), twice, "hold")
    with pytest.raises(ValueError, match="pass direction"):
        Hand.from_deal(Rules(), SPLIT_DEAL, "sideways")
    with pytest.raises(ValueError, match="dealer"):
        Hand.from_deal(Rules(), SPLIT_DEAL, "hold", dealer=4)
    with pytest.raises(ValueError, match="not a card"):
        Hand.from_deal(Rules(), [["ZZ"] + list(SPLIT_DEAL[0][1:])] + SPLIT_DEAL[1:], "hold")
    assert Hand.from_deal(Rules(), [[str(c) for c in h] for h in SPLIT_DEAL], "hold").held(0) == \
        sorted(parse_cards("2C 2D 3D 4D 5D 6D 7D 8D 9D AH KH QH JH"))


def test_seeded_deals_partition_the_deck():
    from hearts.engine import CARDS, Hand
    a = Hand.deal(Rules(), 42, "left")
    b = Hand.deal(Rules(), random.Random(42), "left")
    assert [a.held(s) for s in range(4)] == [b.held(s) for s in range(4)]
    assert sorted(c for s in range(4) for c in a.held(s)) == list(CARDS)
    assert all(len(a.held(s)) == 13 for s in range(4))
    assert [a.held(s) for s in range(4)] != [Hand.deal(Rules(), 43, "left").held(s) for s in range(4)]
