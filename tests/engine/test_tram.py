"""Finishing early: tram auto (leader certain to win the rest; nothing left can change
points), claim and off. TRAM is checked at trick boundaries only."""

import random

import pytest

from hearts.engine import Card, Claim, Hand, IllegalMove, Rules, Tram, View

from .builders import (MOON_DEAL, MOON_OPENING, SPLIT_DEAL, SPLIT_SCRIPT, SUN_DEAL, hand, moon_hand,
                       play, play_rest, script, split_hand)


def all_cards(h: Hand) -> list[Card]:
    cards = [c for t in h.tricks for c in t.cards]
    if h.tram is not None:
        cards += [c for held in h.tram.cards for c in held]
    return cards


def test_auto_leader_certain_from_the_start():
    h = hand(Rules(), SUN_DEAL)
    assert h.done and h.tricks == [] and h.actions == []
    assert h.tram == Tram(0, tuple(tuple(SUN_DEAL[s]) for s in range(4)), False)
    assert h.tricks_won(0) == 13 and len(h.taken(0)) == 52
    assert h.points() == [0, 26, 26, 26]


def test_auto_leader_certain_after_trick_two():
    h = hand(Rules(), MOON_DEAL)
    play(h, MOON_OPENING[:20])  # trick 1 and the first three cards of trick 2
    assert h.phase == "play"  # mid-trick: no TRAM check
    play(h, "8C")
    assert h.done and len(h.tricks) == 2
    assert h.tram.seat == 0 and not h.tram.claimed
    assert h.tram.cards[0] == tuple(sorted(Card.parse(c) for c in "9C TC JC QC KC AS KS QS AH KH QH".split()))
    assert [h.tricks_won(s) for s in range(4)] == [12, 0, 0, 1]
    assert h.points() == moon_hand(Rules(tram="off")).points() == [0, 26, 26, 26]
    assert sorted(all_cards(h)) == sorted(Card.from_index(i) for i in range(52))


def test_auto_when_nothing_left_can_change_points():
    h = split_hand(Rules())
    assert h.done and len(h.tricks) == 7  # trick 7 played the last heart (and JD)
    assert h.tram.seat is None and not h.tram.claimed
    assert [h.tricks_won(s) for s in range(4)] == [4, 1, 0, 2]  # the rest go to nobody
    assert h.points() == split_hand(Rules(tram="off")).points() == [11, 2, 0, 13]
    assert len(all_cards(h)) == 52 and len(set(all_cards(h))) == 52
    views = [h.view(s) for s in range(4)]
    assert all(v.tram == h.tram and v.phase == "done" for v in views)


def test_auto_waits_while_a_clean_hand_bonus_is_open():
    """Seat 2 has taken no trick: the tricks left could still cost it the bonus."""
    h = split_hand(Rules(clean_hand_bonus=-5))
    assert h.tram.seat == 3 and len(h.tricks) == 9  # then seat 3 leads only top spades
    assert h.points() == split_hand(Rules(clean_hand_bonus=-5, tram="off")).points() == [11, 2, -5, 13]


def test_auto_no_points_clean_hand_does_not_wait():
    h = split_hand(Rules(clean_hand_bonus=-5, clean_hand="no-points"))
    assert h.tram.seat is None and len(h.tricks) == 7
    assert h.points() == [11, 2, -5, 13]


def test_auto_waits_for_cards_that_still_count():
    # KS (trick 9) is a point card with high_spades
    h = split_hand(Rules(high_spades=True))
    assert len(h.tricks) == 9 and h.tram.seat is None
    assert h.points() == [11, 2, 0, 30]


SUN_OPEN_DEAL = [
    "AC KC QC JC TC 9C 8C 7C 6C 2D 3D 4D 5D",
    "2C 3C 4C 5C QS 6D 7D 8D 9D TD JD QD KD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH 2S 3S 4S 5S",
    "JH QH KH AH AD 6S 7S 8S 9S TS JS KS AS",
]
# seat 0 wins the first nine tricks, which hold every heart and QS; then it leads 2D and loses
SUN_OPEN_SCRIPT = ["2C TH 6S AC", "KC 3C 2H JH", "QC 4C 3H QH", "JC 5C 4H KH", "TC QS 5H AH",
                   "9C 6D 6H 7S", "8C 7D 7H 8S", "7C 8D 8H 9S", "6C 9D 9H TS"]


@pytest.mark.parametrize("sun", ["off", "others", "bonus"])
def test_auto_waits_while_the_sun_is_open(sun):
    """After trick 9 no point card is left, but with a sun rule the tricks left decide
    whether seat 0 (which has won every trick) takes the sun."""
    h = hand(Rules(sun=sun, first_trick="anything"), SUN_OPEN_DEAL)
    script(h, SUN_OPEN_SCRIPT)
    assert h.tricks_won(0) == 9 and len(h.tricks) == 9
    if sun == "off":
        assert h.done and h.tram.seat is None
    else:
        assert h.phase == "play" and h.leader == 0
        play(h, "2D TD 2S AD")  # seat 3 wins: no sun
        assert h.done and h.tram.seat is None  # now nothing left matters
    assert h.moon is not None and h.moon.shooter == 0 and not h.moon.sun
    assert h.points() == [0, 26, 26, 26]


def test_claim_only_by_a_leader_certain_to_win():
    h = hand(Rules(tram="claim"), MOON_DEAL)
    assert not h.can_claim(0) and h.phase == "play"
    with pytest.raises(IllegalMove, match="^you cannot claim: you are not certain to win every trick left$"):
        h.claim(0)
    play(h, MOON_OPENING)
    assert h.phase == "play" and h.leader == 0  # no automatic TRAM
    assert h.can_claim(0) and not any(h.can_claim(s) for s in (1, 2, 3))
    with pytest.raises(IllegalMove, match="^you cannot claim"):
        h.claim(2)
    play(h, "KC")
    assert not h.can_claim(0)  # only between tricks
    play(h, "2D 2S 2H")
    h.claim(0)
    assert h.done and h.tram.seat == 0 and h.tram.claimed
    assert h.actions[-1] == Claim(0)
    assert h.points() == [0, 26, 26, 26]
    again = Hand.from_dict(h.to_dict())
    assert again == h and again.tram.claimed


def test_a_seat_s_view_knows_when_it_may_claim():
    # the claim button follows View.can_claim: the seat's own cards and the cards
    # played must tell exactly what the hand (which sees every card) decides
    rng = random.Random(11)
    seen = 0
    for n in range(300):
        h = Hand.deal(Rules(tram="claim", pass_count=0), n, "hold")
        while not h.done:
            for s in range(4):
                assert View.of(h, s).can_claim() == h.can_claim(s)
                seen += h.can_claim(s)
            if h.phase != "play":
                break
            h.play(h.turn, rng.choice(h.legal_plays(h.turn)))
    assert seen > 100   # the claimable moments were met, not only the others
    h = hand(Rules(tram="off"), MOON_DEAL)
    play(h, MOON_OPENING)
    assert not View.of(h, 0).can_claim()


def test_claim_is_refused_when_off():
    h = hand(Rules(tram="off"), MOON_DEAL)
    play(h, MOON_OPENING)
    with pytest.raises(IllegalMove, match="^claiming is off at this table$"):
        h.claim(0)


def test_off_plays_every_trick():
    h = hand(Rules(tram="off"), SUN_DEAL)
    play_rest(h)
    assert h.tram is None and len(h.tricks) == 13 and h.points() == [0, 26, 26, 26]
    h = hand(Rules(tram="off"), SPLIT_DEAL)
    script(h, SPLIT_SCRIPT)
    assert h.tram is None and len(h.tricks) == 13
