"""hearts.bots.moon: when a hand can run, the shooter's play and pass, the early alarm."""

from __future__ import annotations

import random

from hearts.bots.moon import (STRONG_DEFENCE, early_alarm, hand_losers, moon_plausible,
                              moon_playout, shoot_pass, shoot_play, suit_losers)
from hearts.bots.sim import FULL, SimState, sim_rules
from hearts.engine import Card, Rules, parse_cards
from hearts.engine.scoring import find_moon


def mask(text: str) -> int:
    return sum(c.mask for c in parse_cards(text))


def ranks(text: str) -> int:
    """A 13-bit rank mask from ranks like "A K 2"."""
    return sum(1 << "23456789TJQKA".index(r) for r in text.split())


def test_suit_losers():
    assert suit_losers(ranks("A K Q"), ranks("J T 9 8 7 6 5 4 3 2")) == 0
    assert suit_losers(ranks("2 3"), ranks("A K Q J")) == 2
    # the long suit runs once the others are out of it
    assert suit_losers(ranks("A K Q 5 4 3"), ranks("J T 9 8 7 6 2")) == 0
    assert suit_losers(ranks("A 5"), ranks("K Q J T 9 8 7 6")) == 1
    assert suit_losers(0, ranks("A")) == 0


def test_hand_losers_counts_hearts_and_spades_under_the_queen_as_fatal():
    hand = mask("AH KH QH JH TH 9H 8H 2H AS KS AC KC QC")
    assert hand_losers(hand, FULL & ~hand) == (0, 0)
    weak = mask("2H 3H 4S 5S 2C 3C 4C 5C 2D 3D 4D 5D 6D")
    losers, fatal = hand_losers(weak, FULL & ~weak)
    assert losers >= 8 and fatal >= 4
    no_hearts = mask("AS KS QS AC KC QC JC AD KD QD JD TD 9D")
    assert hand_losers(no_hearts, FULL & ~no_hearts)[1] == 1   # hearts led by others cannot be won


def test_moon_plausible_only_while_nobody_else_has_a_point():
    sr = sim_rules(Rules())
    strong = mask("AH KH QH JH TH 9H 8H 2H AS KS AC KC QC")
    rest = [i for i in range(52) if not strong >> i & 1]
    hands = [strong, 0, 0, 0]
    for k, i in enumerate(rest):
        hands[1 + k % 3] |= 1 << i
    st = SimState(sr, hands)
    assert moon_plausible(st, 0, risk=0)
    assert not moon_plausible(st, 1, risk=4)
    st.taken[2] |= Card.parse("3H").mask
    assert not moon_plausible(st, 0, risk=10)
    off = SimState(sim_rules(Rules(moon="off")), hands)
    assert not moon_plausible(off, 0, risk=10)


def test_shoot_pass_keeps_hearts_and_winners():
    sr = sim_rules(Rules())
    hand = mask("AH KH QH JH 4H AS KS 2C 3C AC 2D 5D AD")
    passed = {Card.from_index(i) for i in shoot_pass(sr, hand, 3)}
    assert passed == set(parse_cards("2C 2D 3C"))


def _state(rules: Rules, hands: dict[int, str], leader: int) -> SimState:
    st = SimState(sim_rules(rules), [mask(hands.get(s, "")) for s in range(4)])
    st.leader = st.turn = leader
    st.ntricks = 1      # past the first trick's rules
    st.played = FULL & ~sum(st.hands)
    return st


def test_shoot_play_leads_winners_and_takes_points_tricks():
    rules = Rules(hearts_break="free")
    st = _state(rules, {0: "AH KH 2H AS 3C", 1: "QH 5S 4C", 2: "JH 6S 5C", 3: "TH 7S 6C"}, 0)
    st.taken[0] = mask("2C 9C 8C 7C")      # nobody else has a point
    card = shoot_play(st, st.legal())
    assert card in (Card.parse("AH").index, Card.parse("AS").index)   # a sure winner
    # following a heart lead with points in the trick: win it
    st2 = _state(rules, {0: "AH 2H 3C", 1: "QH 5S", 2: "JH 6S", 3: "TH 7S"}, 1)
    st2.play(Card.parse("QH").index)
    st2.play(Card.parse("JH").index)
    st2.play(Card.parse("TH").index)
    assert shoot_play(st2, st2.legal()) == Card.parse("AH").index
    # void in the suit led: never throw a point card away
    st3 = _state(rules, {0: "AH 2H 3C", 1: "4D 5S", 2: "5D 6S", 3: "6D 7S"}, 3)
    st3.play(Card.parse("6D").index)
    assert shoot_play(st3, st3.legal()) == Card.parse("3C").index


def test_early_alarm_rises_before_the_late_one():
    rules = Rules()
    st = _state(rules, {0: "2C", 1: "3C", 2: "4C", 3: "5C"}, 0)
    st.taken[1] = mask("2H 3H")
    st.won[1] = 2
    assert early_alarm(st, 0) == 1 and early_alarm(st, 1) == -1
    st.taken[1] = mask("QS")          # the Q♠ alone is the usual dump, not a moon
    assert early_alarm(st, 0) == -1
    st.won[1] = 3
    assert early_alarm(st, 0) == 1
    st.taken[2] = mask("4H")          # two seats with points: no moon
    assert early_alarm(st, 0) == -1


def test_strong_defenders_stop_the_moons_rules_players_let_through():
    """Seat 0 tries for the moon without the A♥, in random deals of the other cards: the rules
    players let it through in about a third of them, seats that defend as the search does
    (`STRONG_DEFENCE`: the early alarm, stoppers kept) almost never."""
    sr = sim_rules(Rules())
    hand = mask("KH QH JH TH 9H 8H AS KS AC KC QC AD 2D")
    rng = random.Random(3)
    shot = {0: 0, STRONG_DEFENCE: 0}
    for _ in range(200):
        rest = [i for i in range(52) if not hand >> i & 1]
        rng.shuffle(rest)
        hands = [hand] + [sum(1 << i for i in rest[13 * k:13 * k + 13]) for k in range(3)]
        for defence in shot:
            st = SimState(sr, list(hands), (0, 0, 0, 0))
            st.leader = st.turn = next(s for s in range(4) if hands[s] & 1)   # the 2♣
            moon_playout(st, 1 | defence, 0)
            moon = find_moon(sr.rules, st.taken, st.won)
            shot[defence] += moon is not None and moon.shooter == 0
    assert shot[0] > 50 and shot[STRONG_DEFENCE] < shot[0] / 10
