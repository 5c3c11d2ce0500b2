"""Which cards may be played: follow suit, first lead, trick 1, breaking hearts; the
messages of IllegalMove name the rule."""

import pytest

from hearts.engine import Card, Hand, IllegalMove, Rules, parse_cards

from .builders import fill, hand, play

HEARTS_BUT_AH = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
OFF = Rules(tram="off")


def cards(text: str) -> list[Card]:
    return sorted(parse_cards(text))


def trick1(seat1: str, rules: Rules = OFF):
    """Seat 0 leads 2C; seat 1 (holding ``seat1``) is next to play. Seats 2 and 3 get
    the other clubs so that seat 0 has no tram."""
    h = hand(rules, fill({0: "2C", 1: seat1}, order=(2, 3, 0)))
    play(h, "2C")
    assert h.turn == 1
    return h


# -- trick 1 under first_trick -----------------------------------------------------------
def test_qs_and_twelve_hearts_on_trick_one_may_play_all_13():
    h = trick1("QS " + HEARTS_BUT_AH)
    assert h.legal_plays(1) == cards("QS " + HEARTS_BUT_AH)
    h.play(1, "QS")
    assert h.hearts_broken  # queen_breaks_hearts is on by default


def test_jd_and_twelve_hearts_on_trick_one_only_jd():
    """JD is not a point card for the no-points rule, even when it is worth -10."""
    for rules in (OFF, OFF.replace(jack_of_diamonds=-10), OFF.replace(moon_needs_jack=True)):
        h = trick1("JD " + HEARTS_BUT_AH, rules)
        assert h.legal_plays(1) == [Card.parse("JD")]
        with pytest.raises(IllegalMove, match="^no hearts on the first trick$"):
            h.play(1, "2H")


def test_no_points_void_in_clubs_must_discard_a_non_point_card():
    h = trick1("QS 2D " + HEARTS_BUT_AH[3:])
    assert h.legal_plays(1) == [Card.parse("2D")]
    with pytest.raises(IllegalMove, match="^no points on the first trick$"):
        h.play(1, "QS")


def test_hearts_if_void_allows_hearts_but_not_qs():
    rules = OFF.replace(first_trick="hearts-if-void")
    h = trick1("QS " + HEARTS_BUT_AH, rules)
    assert h.legal_plays(1) == cards(HEARTS_BUT_AH)
    with pytest.raises(IllegalMove, match="^no points on the first trick$"):
        h.play(1, "QS")
    h = trick1("QS 2D " + HEARTS_BUT_AH[3:], rules)
    assert h.legal_plays(1) == cards("2D " + HEARTS_BUT_AH[3:])


def test_hearts_if_void_only_qs_left_may_play_it():
    rules = OFF.replace(first_trick="hearts-if-void")
    # seat 1: QS and 12 hearts, but here it must play something: hearts are allowed, QS barred
    h = trick1("QS " + HEARTS_BUT_AH, rules)
    assert Card.parse("QS") not in h.legal_plays(1)


def test_anything_allows_every_card_when_void():
    h = trick1("QS 2D " + HEARTS_BUT_AH[3:], OFF.replace(first_trick="anything"))
    assert h.legal_plays(1) == cards("QS 2D " + HEARTS_BUT_AH[3:])
    h.play(1, "QS")


def test_follow_suit_beats_first_trick_rule():
    h = trick1("3C QS " + HEARTS_BUT_AH[3:])
    assert h.legal_plays(1) == [Card.parse("3C")]
    with pytest.raises(IllegalMove, match="^you must follow clubs$"):
        h.play(1, "QS")


def test_high_spades_are_point_cards_on_trick_one():
    """Interpretation: with high_spades, AS and KS count as points for the trick-1 rule."""
    rules = OFF.replace(high_spades=True)
    h = trick1("AS KS 2D " + HEARTS_BUT_AH[6:], rules)
    assert h.legal_plays(1) == [Card.parse("2D")]
    h = trick1("AS KS QS " + HEARTS_BUT_AH[6:], rules)  # only point cards: all legal
    assert len(h.legal_plays(1)) == 13
    h = trick1("AS KS 2D " + HEARTS_BUT_AH[6:], rules.replace(first_trick="hearts-if-void"))
    assert h.legal_plays(1) == cards("2D " + HEARTS_BUT_AH[6:])


def test_after_trick_one_a_void_player_may_discard_anything():
    h = hand(OFF, fill({0: "2C 3C", 1: "4C QS 2D " + HEARTS_BUT_AH[6:], 2: "AC KC"}, order=(3, 0, 2)))
    play(h, "2C 4C AC 5C")
    assert h.leader == 2
    play(h, "KC 6C 3C")
    assert h.legal_plays(1) == cards("QS 2D " + HEARTS_BUT_AH[6:])
    h.play(1, "QS")
    assert h.tricks[1].winner == 2 and Card.parse("QS") in h.taken(2)


# -- first_lead -------------------------------------------------------------------------
def test_two_of_clubs_holder_must_lead_it():
    h = hand(OFF, fill({2: "2C 3C 4C"}, order=(0, 1, 3, 2)))
    assert h.turn == h.leader == 2
    assert h.legal_plays(2) == [Card.parse("2C")]
    assert h.legal_plays(0) == []
    with pytest.raises(IllegalMove, match="^you must lead the 2♣$"):
        h.play(2, "3C")


def test_any_club_lets_the_2c_holder_lead_any_club():
    h = hand(OFF.replace(first_lead="any-club"), fill({2: "2C 3C 4C AH"}, order=(0, 1, 3, 2)))
    assert h.turn == 2
    assert h.legal_plays(2) == cards("2C 3C 4C")
    with pytest.raises(IllegalMove, match="^you must lead a club$"):
        h.play(2, "AH")
    h.play(2, "4C")
    assert h.turn == 3


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_left_of_dealer_leads_any_non_heart(dealer):
    rules = OFF.replace(first_lead="left-of-dealer")
    h = hand(rules, fill({0: "2C 3H 4D 5S QS"}), dealer=dealer)
    lead = (dealer + 1) % 4
    assert h.leader == h.turn == lead
    legal = h.legal_plays(lead)
    assert legal and all(c.suit != 2 for c in legal)
    assert legal == [c for c in h.held(lead) if c.suit != 2]
    if lead == 0:
        assert Card.parse("QS") in legal  # the opening lead is bound only by the hearts rule
        with pytest.raises(IllegalMove, match="^hearts are not broken yet$"):
            h.play(0, "3H")


def test_left_of_dealer_leader_with_only_hearts_leads_a_heart():
    rules = OFF.replace(first_lead="left-of-dealer", hearts_break="free")
    h = hand(rules, fill({1: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"}), dealer=0)
    assert h.legal_plays(1) == h.held(1)


# -- hearts_break, queen_breaks_hearts, lead_hearts_over_queen ------------------------------
def won_trick1(seat1: str, rules: Rules = OFF):
    """Seat 1 wins trick 1 with AC (seat 0 leads 2C) and leads trick 2."""
    h = hand(rules, fill({0: "2C", 1: seat1}, order=(2, 3, 0)))
    play(h, "2C AC")
    while h.trick:
        h.play(h.turn, h.legal_plays(h.turn)[0])
    assert h.leader == h.turn == 1 and not h.hearts_broken
    return h


def test_leader_with_only_hearts_may_lead_any_heart_before_they_are_broken():
    h = won_trick1("AC " + HEARTS_BUT_AH)
    assert h.legal_plays(1) == cards(HEARTS_BUT_AH)
    h.play(1, "7H")
    assert h.hearts_broken


def test_hearts_unbroken_cannot_be_led():
    h = won_trick1("AC 2D " + HEARTS_BUT_AH[3:])
    assert h.legal_plays(1) == [Card.parse("2D")]
    with pytest.raises(IllegalMove, match="^hearts are not broken yet$"):
        h.play(1, "5H")


def test_hearts_break_free_allows_hearts_from_trick_two():
    h = won_trick1("AC 2D " + HEARTS_BUT_AH[3:], OFF.replace(hearts_break="free"))
    assert h.legal_plays(1) == cards("2D " + HEARTS_BUT_AH[3:])
    h.play(1, "5H")


def test_qs_and_hearts_only_qs_may_be_led():
    h = won_trick1("AC QS " + HEARTS_BUT_AH[3:])
    assert h.legal_plays(1) == [Card.parse("QS")]
    with pytest.raises(IllegalMove, match="^hearts are not broken yet$"):
        h.play(1, "3H")


def test_lead_hearts_over_queen_allows_hearts_with_qs():
    h = won_trick1("AC QS " + HEARTS_BUT_AH[3:], OFF.replace(lead_hearts_over_queen=True))
    assert h.legal_plays(1) == cards("QS " + HEARTS_BUT_AH[3:])
    h.play(1, "3H")


def test_lead_hearts_over_queen_only_when_qs_is_the_only_other_card():
    h = won_trick1("AC QS 2D " + HEARTS_BUT_AH[6:], OFF.replace(lead_hearts_over_queen=True))
    assert h.legal_plays(1) == cards("QS 2D")


def _qs_discarded_on_trick1(qbreaks: bool):
    rules = OFF.replace(first_trick="anything", queen_breaks_hearts=qbreaks)
    # seat 1 void in clubs discards QS; seat 2 wins with AC and leads trick 2
    h = hand(rules, fill({0: "2C", 1: "QS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                          2: "AC 2H 3S 4S 5S 6S 7S 8S 9S TS JS KS AS"}, order=(3, 0)))
    play(h, "2C QS AC")
    play(h, str(h.legal_plays(3)[0]))
    assert h.leader == 2
    return h


def test_queen_breaks_hearts_off_a_discarded_qs_leaves_hearts_unbroken():
    h = _qs_discarded_on_trick1(False)
    assert not h.hearts_broken
    assert Card.parse("2H") not in h.legal_plays(2)
    with pytest.raises(IllegalMove, match="^hearts are not broken yet$"):
        h.play(2, "2H")


def test_queen_breaks_hearts_on_a_discarded_qs_breaks_hearts():
    h = _qs_discarded_on_trick1(True)
    assert h.hearts_broken
    assert Card.parse("2H") in h.legal_plays(2)


# -- follow suit and trick winners ----------------------------------------------------------
def test_must_follow_the_suit_led_and_highest_of_that_suit_wins():
    h = hand(OFF, fill({0: "2C 3D", 1: "3C AD", 2: "KC AS", 3: "4C"}, order=(3, 2, 1, 0)))
    play(h, "2C")
    with pytest.raises(IllegalMove, match="^you must follow clubs$"):
        h.play(1, "AD")
    play(h, "3C KC 4C")
    assert h.tricks[0].winner == 2 and h.leader == 2 and h.tricks_won(2) == 1
    assert h.tricks[0].seat_of(Card.parse("3C")) == 1
    assert h.tricks[0].plays()[0] == (0, Card.parse("2C"))


def test_off_suit_card_does_not_win():
    # seat 1 is void in clubs and discards AD on trick 1; a club still wins
    h = hand(OFF, fill({0: "2C", 1: "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"}, order=(2, 3, 0)))
    play(h, "2C AD")
    while h.trick:
        h.play(h.turn, h.legal_plays(h.turn)[0])
    assert h.tricks[0].winner != 1


# -- IllegalMove messages -------------------------------------------------------------------
def test_not_your_turn_and_not_held():
    h = hand(OFF, fill({0: "2C"}, order=(2, 3, 1, 0)))
    with pytest.raises(IllegalMove, match="^it is not your turn$"):
        h.play(1, h.held(1)[0])
    with pytest.raises(IllegalMove, match="^you do not hold 7♦$"):
        h.play(0, "7D")
    with pytest.raises(IllegalMove, match="not a card"):
        h.play(0, "ZZ")
    assert h.actions == []


def test_illegal_moves_change_nothing():
    h = trick1("QS 2D " + HEARTS_BUT_AH[3:])
    before = h.state()
    for seat, card in [(1, "QS"), (2, "2D"), (1, "AS"), (1, "3H")]:
        with pytest.raises(IllegalMove):
            h.play(seat, card)
    assert h.state() == before


def test_playing_while_passing_or_after_the_hand():
    h = hand(Rules(), fill({}), pass_direction="left")
    with pytest.raises(IllegalMove, match="^cards are still being passed$"):
        h.play(0, "2C")
    assert h.legal_plays(0) == []
    h = hand(Rules(), fill({}, order=(0,)))  # seat 0 holds all clubs: TRAM at once
    assert h.done
    with pytest.raises(IllegalMove, match="^the hand is over$"):
        h.play(0, "2C")


# -- passing ---------------------------------------------------------------------------------
def test_pass_errors_name_the_problem():
    h = hand(Rules(), fill({0: "2C 3C 4C 5C"}), pass_direction="left")
    with pytest.raises(IllegalMove, match="^pass exactly 3 different cards$"):
        h.pass_cards(0, ["2C", "3C"])
    with pytest.raises(IllegalMove, match="^pass exactly 3 different cards$"):
        h.pass_cards(0, ["2C", "3C", "2C"])
    with pytest.raises(IllegalMove, match="^pass exactly 3 different cards$"):
        h.pass_cards(0, ["2C", "3C", "4C", "5C"])
    with pytest.raises(IllegalMove, match="^you do not hold A♠$"):
        h.pass_cards(0, ["2C", "3C", "AS"])
    with pytest.raises(IllegalMove, match="not a card"):
        h.pass_cards(0, ["2C", "3C", "XX"])
    with pytest.raises(IllegalMove, match="^no such seat: 4$"):
        h.pass_cards(4, ["2C", "3C", "4C"])
    h.pass_cards(0, ["2C", "3C", "4C"])
    with pytest.raises(IllegalMove, match="^you have already passed$"):
        h.pass_cards(0, ["5C", "6C", "7C"])
    assert h.phase == "pass"


def test_passing_on_a_hold_hand_is_refused():
    h = hand(OFF, fill({0: "2C"}, order=(1, 2, 3, 0)))
    with pytest.raises(IllegalMove, match="^it is not the time to pass cards$"):
        h.pass_cards(0, ["2C", "3C", "4C"])


def test_the_view_and_the_engine_give_one_wording_for_every_card():
    """`View.why_illegal` (what a client shows) equals the engine's error, card by card."""
    import random

    from .builders import random_step
    rng = random.Random(11)
    checked = 0
    for rules in (Rules(), Rules.preset("black-maria"), Rules(first_lead="any-club",
                                                              first_trick="hearts-if-void")):
        for deal in range(12):
            h = Hand.deal(rules, deal, "hold")
            while not h.done:
                if h.phase == "play":
                    for seat in range(4):
                        v = h.view(seat)
                        for card in v.hand:
                            why = v.why_illegal(card)
                            if card in v.legal:
                                assert why is None
                                continue
                            with pytest.raises(IllegalMove) as e:
                                h.play(seat, card)      # refused before anything changes
                            assert why == str(e.value), (card, why, str(e.value))
                            checked += 1
                random_step(h, rng)
    assert checked > 1000
