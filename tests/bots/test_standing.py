"""Playing for the game near its end (`SearchConfig.game`, `hearts.bots.standing`)."""

from __future__ import annotations

import pytest

from hearts.bots.config import HARD
from hearts.bots.standing import Standing, near_end, win_chances
from hearts.engine import Card, Hand, Rules

from .helpers import search_bot


def test_a_hand_that_ends_the_game_is_won_shared_or_lost():
    rules = Rules()
    standing = Standing(rules, [60, 99, 58, 80], seat=0)
    assert standing.value([0, 1, 25, 0]) == 0.0       # 100 ends it: 60 is the lowest
    assert standing.value([0, 1, 0, 25]) == 100.0     # 58 is
    assert standing.value([0, 1, 2, 24]) == 50.0      # 60 and 60 share it
    assert Standing(Rules(ties="play-on"), [60, 99, 58, 80], 0).value([0, 1, 2, 24]) < 100.0


def test_a_game_that_goes_on_is_valued_by_the_chances_of_the_standings():
    rules = Rules()
    chances = win_chances(rules, [40, 60, 80, 90])
    assert sum(chances) == pytest.approx(1.0)
    assert chances == sorted(chances, reverse=True) and chances[0] > 0.5
    # with more hands to play the same lead is worth less
    early = win_chances(rules, [0, 20, 40, 50])
    assert 0.25 < early[0] < chances[0]
    standing = Standing(rules, [60, 90, 58, 80], seat=0)
    # points taken by the leader are worth more to the seat than points it takes itself
    assert standing.value([0, 0, 5, 0]) < standing.value([0, 0, 0, 5]) < standing.value(
        [5, 0, 0, 0])
    # with a price on each point the seat takes, its own points cost that much more
    priced = Standing(rules, [60, 90, 58, 80], seat=0, per_point=3.0)
    assert priced.value([5, 0, 0, 0]) == pytest.approx(standing.value([5, 0, 0, 0]) + 15.0)
    assert priced.value([0, 0, 5, 0]) == standing.value([0, 0, 5, 0])


def test_near_the_end_is_a_seat_within_some_points_of_the_target():
    assert near_end(Rules(), [0, 87, 30, 30], 13) and not near_end(Rules(), [0, 86, 30, 30], 13)
    assert near_end(Rules(target=50), [0, 24, 0, 0], 26)


# Seat 0 wins eleven club tricks (taking 12 hearts and the Q♠: 70 + 25 = 95), then leads the
# 3♦; seat 1 (at 99) plays the 9♦, seat 2 (at 58, void in diamonds) throws the 5♥. Seat 3
# (at 60) holds the K♦ and 2♦: ducking hands seat 1 the heart, its 100th point, and the game
# to seat 2; taking the heart costs a point and keeps the game going.
CLUBS = ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C"]
DEAL = [
    CLUBS + ["3D", "4D"],
    ["2C", "9D", "2S", "5D", "6D", "7D", "8D", "TD", "JD", "QD", "AD", "4S", "5S"],
    ["3C", "5H", "3S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "2H"],
    ["KD", "2D", "3H", "4H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"],
]
OPEN = dict(pass_cycle=("hold",), first_lead="left-of-dealer", first_trick="anything",
            hearts_break="free", tram="off")


def last_tricks() -> Hand:
    hand = Hand.from_deal(Rules(**OPEN), DEAL, "hold", dealer=3, totals=[70, 99, 58, 60])
    discards = {s: DEAL[s][2:] for s in (1, 2, 3)}     # copies: popped below
    follow = {1: "2C", 2: "3C"}
    for k, lead in enumerate(CLUBS):
        hand.play(0, Card.parse(lead))
        for s in (1, 2, 3):
            card = follow.pop(s) if k == 0 and s in follow else discards[s].pop()
            hand.play(s, Card.parse(card))
    for s, card in ((0, "3D"), (1, "9D"), (2, "5H")):
        hand.play(s, Card.parse(card))
    assert hand.turn == 3 and hand.taken_points()[0] == 25
    return hand


def test_near_the_end_the_search_takes_a_point_to_keep_a_lost_game_going():
    view = last_tricks().view(3)
    for game, want in ((False, "2D"), (True, "KD")):
        bot = search_bot(1, HARD, cap=10.0, game=13 if game else 0)
        card, means = bot.evaluate(view, 10.0)
        assert card == Card.parse(want), (game, means)
    # the means are the chances (in %) of losing the game: all of it where the game ends
    assert means[Card.parse("2D").index] == 100.0
    assert 0.0 < means[Card.parse("KD").index] < 100.0
