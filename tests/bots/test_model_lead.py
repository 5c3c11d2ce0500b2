"""The lead model fitted to `normal`'s leads (`policy.model_lead`, `SimState.leads`)."""

from __future__ import annotations

import random

import pytest

from hearts.bots.policy import play_with_reason
from hearts.bots.sim import SimState, random_deal, sim_rules
from hearts.engine import Card, Rules
from hearts.engine.cards import SUIT_MASK

from .helpers import all_rule_sets


def _mask(text: str) -> int:
    return sum(Card.parse(t).mask for t in text.split())


def _after_first_trick(seat_cards: str, trick: list[tuple[int, str]], me: int) -> SimState:
    """A deal where ``me`` holds ``seat_cards`` (and the trick's card it played), the first
    trick ``trick`` (seat, card) is played and ``me`` leads the second."""
    sr = sim_rules(Rules())
    played = {Card.parse(c).index for _, c in trick}
    mine = _mask(seat_cards) | sum(1 << Card.parse(c).index for s, c in trick if s == me)
    rest = [i for i in range(52) if not mine >> i & 1 and i not in played]
    hands = [0, 0, 0, 0]
    hands[me] = mine
    for s, c in trick:
        if s != me:
            hands[s] |= 1 << Card.parse(c).index
    for s in range(4):
        while s != me and hands[s].bit_count() < 13:
            hands[s] |= 1 << rest.pop()
    st = SimState(sr, hands)
    st.leader = st.turn = trick[0][0]
    for _, c in trick:
        st.play(Card.parse(c).index)
    assert st.turn == me and st.ntricks == 1
    return st


def test_the_model_sheds_a_lone_ace_while_every_seat_still_follows():
    """Having won the first trick with the K♣, the seat leads the A♣ it has left while every
    other seat still holds clubs (nobody can throw points on it), as `normal` does; the rules
    player leads its lowest diamond and keeps the ace for later, when it may catch points."""
    st = _after_first_trick("AC 4D JD QD KD 6H JH QH KH 3S TS QS",
                            [(3, "2C"), (0, "JC"), (1, "6C"), (2, "KC")], me=2)
    legal = st.legal()
    assert play_with_reason(st, legal) == (Card.parse("4D").index, "lead-low")
    st.leads = 1
    assert play_with_reason(st, legal) == (Card.parse("AC").index, "lead-model")


@pytest.mark.parametrize("rules", all_rule_sets(6, seed=5), ids=lambda r: r.summary()[:40])
def test_the_model_leads_the_lowest_or_highest_card_of_a_suit_it_may_lead(rules):
    sr = sim_rules(rules)
    rng = random.Random(rules.summary())
    leads = differs = 0
    for _ in range(150):
        st = random_deal(sr, rng)
        while st.ntricks < 13:
            legal = st.legal()
            if not st.trick and legal & (legal - 1):
                plain = play_with_reason(st, legal)[0]
                st.leads = 1
                card, reason = play_with_reason(st, legal)
                st.leads = 0
                if reason == "lead-model":
                    leads += 1
                    differs += card != plain
                    suit = legal & SUIT_MASK[card // 13]
                    assert legal >> card & 1
                    assert card in ((suit & -suit).bit_length() - 1, suit.bit_length() - 1)
            st.play(play_with_reason(st, legal)[0])
    assert leads > 150 and differs > leads // 10


def test_the_model_leads_change_the_search_in_play_and_in_the_pass():
    """With `model_leads` the playouts lead as the model, not as the rules player: the same
    search, seed and worlds value the cards and the passes otherwise."""
    from hearts.engine import Hand

    from .helpers import search_bot
    quick = {"early_work": 0, "pass_more": 0, "pass_spread": 2, "pass_moon": 0.0}
    rules = Rules()
    hand = Hand.deal(rules, random.Random(3), "left", dealer=0)
    pass_view = hand.view(1)
    means = []
    for model in (False, True):
        bot = search_bot(1, work=4000, pass_worlds=24, cap=30.0, model_leads=model, **quick)
        means.append(bot.search_pass(pass_view, float("inf"))[1])
    assert means[0].keys() == means[1].keys() and means[0] != means[1]
    for s in range(4):
        hand.pass_cards(s, search_bot(s, pass_worlds=8, **quick).choose_pass(hand.view(s), 30.0))
    while True:     # on to the first lead after the first trick with a choice of suits
        view = hand.view(hand.turn)
        if view.tricks and not view.trick and len({c.suit for c in view.legal}) > 1:
            break
        hand.play(view.seat, view.legal[0])
    plays = [search_bot(1, work=8000, cap=30.0, model_leads=m, **quick).evaluate(view, 30.0)[1]
             for m in (False, True)]
    assert len(plays[0]) > 1 and plays[0].keys() == plays[1].keys() and plays[0] != plays[1]
