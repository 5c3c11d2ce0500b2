"""Passing options, game-end options and table options, each on a hand built for it.

Game-end tests play `SPLIT_DEAL` (points [11, 2, 0, 13]) as the current hand of a
game whose totals are set beforehand (builders.split_game)."""

import random

import pytest

from hearts.engine import Card, Game, IllegalMove, Rules

from .builders import (MOON_DEAL, MOON_OPENING, SPLIT_DEAL, fill, game_with_deal, hand, highest,
                       random_step, script, split_game)


# -- pass_cycle and pass_count ----------------------------------------------------------------
@pytest.mark.parametrize("direction,offset", [("left", 1), ("right", 3), ("across", 2)])
def test_passed_cards_move_in_the_pass_direction(direction, offset):
    h = hand(Rules(), fill({}), pass_direction=direction)
    assert h.phase == "pass" and h.pass_to == offset and h.turn is None
    before = [h.held(s) for s in range(4)]
    passes = {s: before[s][:3] for s in range(4)}
    for s in (2, 0, 3):  # any order; cards change hands when the last seat has passed
        h.pass_cards(s, passes[s])
        assert h.phase == "pass" and h.has_passed(s) and h.held(s) == before[s]
    assert not h.has_passed(1)
    h.pass_cards(1, passes[1])
    assert h.phase == "play"
    for s in range(4):
        to = (s + offset) % 4
        assert h.passed(s) == passes[s]
        assert h.received(to) == passes[s]
        assert set(h.held(to)) == set(before[to]) - set(passes[to]) | set(passes[s])
        v = h.view(s)
        assert v.pass_to == to and v.pass_from == (s - offset) % 4
    # the 2C holder after the pass leads
    assert Card.parse("2C") in h.held(h.turn)


def test_pass_count_one_and_zero():
    h = hand(Rules(pass_count=1), SPLIT_DEAL, pass_direction="left")
    for s in range(4):
        with pytest.raises(IllegalMove, match="^pass exactly 1 card$"):
            h.pass_cards(s, h.held(s)[:3])
        h.pass_cards(s, h.held(s)[-1:])
    assert h.phase == "play"
    assert [h.received((s + 1) % 4) for s in range(4)] == [[max(SPLIT_DEAL[s])] for s in range(4)]
    h = hand(Rules(pass_count=0), SPLIT_DEAL, pass_direction="left")
    assert h.phase == "play" and h.pass_direction == "hold" and h.held(0) == sorted(SPLIT_DEAL[0])


@pytest.mark.parametrize("cycle,expected", [
    (("left", "right", "across", "hold"), ["left", "right", "across", "hold", "left", "right"]),
    (("left", "right", "across"), ["left", "right", "across", "left", "right", "across"]),
    (("right",), ["right"] * 6),
    (("hold",), ["hold"] * 6),
])
def test_games_follow_the_pass_cycle(cycle, expected):
    rules = Rules(pass_cycle=cycle, target=10000)
    g = Game(rules, seed=3)
    rng = random.Random(3)
    seen = []
    while len(seen) < 6:
        seen.append(g.hand.pass_direction)
        assert g.hand.dealer == g.hand_number % 4
        assert g.hand.phase == ("play" if seen[-1] == "hold" else "pass") or g.hand.done
        n = g.hand_number
        while g.hand_number == n:
            random_step(g.hand, rng, g.apply)
    assert seen == expected


def test_pass_count_zero_holds_every_hand():
    g = Game(Rules(pass_count=0), seed=1)
    assert g.hand.pass_direction == "hold" and g.hand.phase in ("play", "done")


# -- target and end_when ------------------------------------------------------------------------
def test_reach_ends_at_the_target():
    g = split_game(Rules(), [89, 0, 0, 0])
    assert g.totals == [100, 2, 0, 13] and g.over and g.winners == [2]
    assert g.results[-1].points == (11, 2, 0, 13) and g.results[-1].totals == (100, 2, 0, 13)
    with pytest.raises(IllegalMove, match="^the game is over$"):
        g.play(0, "2C")


def test_below_the_target_a_new_hand_is_dealt():
    g = split_game(Rules(), [88, 0, 0, 0])
    assert not g.over and g.winners is None
    assert g.hand_number == 1 and g.hand.totals == [99, 2, 0, 13] and g.hand.dealer == 1
    assert g.hand.pass_direction == "right"


@pytest.mark.parametrize("start,over", [(89, False), (90, True)])
def test_exceed_needs_more_than_the_target(start, over):
    g = split_game(Rules(end_when="exceed"), [start, 0, 0, 0])
    assert g.over == over
    if over:
        assert g.winners == [2]


def test_target_option():
    assert split_game(Rules(target=50), [39, 0, 0, 0]).over
    assert not split_game(Rules(target=50), [38, 0, 0, 0]).over
    assert not split_game(Rules(target=500), [400, 0, 0, 0]).over


# -- exact_target ------------------------------------------------------------------------------
@pytest.mark.parametrize("rules,totals,winners,after", [
    (Rules(), [89, 50, 60, 70], [1], [100, 52, 60, 83]),
    (Rules(exact_target="wins"), [89, 50, 60, 70], [0], [100, 52, 60, 83]),
    (Rules(exact_target="wins", end_when="exceed"), [89, 50, 60, 70], [0], [100, 52, 60, 83]),
    (Rules(exact_target="wins"), [89, 99, 0, 0], [0], [100, 101, 0, 13]),  # exact beats lowest
    (Rules(), [89, 99, 0, 0], [2], [100, 101, 0, 13]),
    (Rules(exact_target="halves"), [89, 50, 60, 70], None, [50, 52, 60, 83]),
    (Rules(exact_target="halves"), [89, 99, 0, 0], [2], [50, 101, 0, 13]),
    (Rules(exact_target="halves", target=50), [39, 0, 0, 0], None, [25, 2, 0, 13]),
])
def test_exact_target(rules, totals, winners, after):
    """Edge case: a player on exactly the target under each exact_target value."""
    g = split_game(rules, totals)
    assert g.results[0].totals == tuple(after)
    assert g.winners == winners


def test_exact_target_none_under_exceed_plays_on():
    g = split_game(Rules(end_when="exceed"), [89, 50, 60, 70])
    assert g.totals == [100, 52, 60, 83] and not g.over


def test_two_players_exactly_on_target_share():
    g = split_game(Rules(exact_target="wins"), [89, 98, 0, 0])
    assert g.totals == [100, 100, 0, 13] and g.winners == [0, 1]


# -- ties ------------------------------------------------------------------------------------
TIE = [0, 0, 2, 90]  # + [11, 2, 0, 13] = [11, 2, 2, 103]: seats 1 and 2 tie lowest


def test_ties_share():
    g = split_game(Rules(), TIE)
    assert g.totals == [11, 2, 2, 103] and g.winners == [1, 2]


def test_ties_random_draws_one_reproducibly():
    drawn = {split_game(Rules(ties="random"), TIE, seed=s).winners[0] for s in range(30)}
    assert drawn == {1, 2}
    for s in range(5):
        a = split_game(Rules(ties="random"), TIE, seed=s)
        b = split_game(Rules(ties="random"), TIE, seed=s)
        assert len(a.winners) == 1 and a.winners == b.winners


def test_ties_play_on_deals_another_hand_until_one_is_lowest():
    g = split_game(Rules(ties="play-on"), TIE, seed=4)
    assert not g.over and g.hand_number == 1 and g.totals == [11, 2, 2, 103]
    rng = random.Random(4)
    while not g.over:
        random_step(g.hand, rng, g.apply)
    low = min(g.totals)
    assert g.winners == [s for s in range(4) if g.totals[s] == low] and len(g.winners) == 1


def test_ties_above_the_lowest_do_not_matter():
    g = split_game(Rules(ties="play-on"), [0, 9, 11, 90])  # -> [11, 11, 11, 103]
    assert g.totals == [11, 11, 11, 103]
    assert not g.over  # three share the lowest: play on
    g = split_game(Rules(ties="play-on"), [0, 20, 20, 90])  # [11, 22, 20, 103]
    assert g.winners == [0]


# -- floor_at_zero ---------------------------------------------------------------------------
@pytest.mark.parametrize("floor,total", [(False, -5), (True, 0)])
def test_floor_at_zero_with_a_clean_hand_bonus(floor, total):
    g = split_game(Rules(clean_hand_bonus=-5, floor_at_zero=floor), [0, 0, 0, 0])
    assert g.totals == [11, 2, total, 13]


def moon_game(rules: Rules, totals: list[int]) -> Game:
    g = game_with_deal(rules, MOON_DEAL, totals)
    script(g.hand, [MOON_OPENING], g.play)
    while g.hand.phase == "play":
        h = g.hand
        legal = h.legal_plays(h.turn)
        g.play(h.turn, highest(h, h.turn, legal) if h.turn == 0 else legal[0])
    return g


@pytest.mark.parametrize("floor,total", [(False, -16), (True, 0)])
def test_floor_at_zero_with_a_subtracted_moon(floor, total):
    g = moon_game(Rules(moon="subtract", floor_at_zero=floor), [10, 0, 0, 0])
    assert g.totals == [total, 0, 0, 0]


def test_moon_choice_inside_a_game():
    g = moon_game(Rules(moon="choose"), [10, 20, 30, 40])
    assert g.hand.phase == "moon-choice" and g.results == []
    g.choose_moon(0, "subtract")
    assert g.totals == [-16, 20, 30, 40] and g.hand_number == 1


# -- display --------------------------------------------------------------------------------
def test_display_countdown_shows_target_minus_points():
    g = split_game(Rules(display="countdown"), [50, 0, 0, 0])
    assert g.totals == [61, 2, 0, 13] and g.scores == [61, 2, 0, 13]
    assert g.display_totals() == [39, 98, 100, 87]
    g = split_game(Rules(display="countdown"), [89, 0, 0, 0])
    assert g.display_totals() == [0, 98, 100, 87]  # the game ends at zero
    assert g.over and g.winners == [2]  # the highest countdown wins
    assert split_game(Rules(), [50, 0, 0, 0]).display_totals() == [61, 2, 0, 13]


# -- allow_undo ----------------------------------------------------------------------------
def test_undo_is_off_by_default():
    g = Game(Rules(), seed=1)
    with pytest.raises(IllegalMove, match="^undo is off at this table$"):
        g.undo(0)


def test_undo_takes_back_the_seats_last_card_and_what_followed():
    rules = Rules(allow_undo=True, pass_cycle=("hold",), tram="off")
    g = Game(rules, seed=7)
    rng = random.Random(7)
    with pytest.raises(IllegalMove, match="^you have no card to take back in this hand$"):
        g.undo(1)
    while g.hand.trick_number < 2 or g.hand.trick:
        random_step(g.hand, rng, g.apply)
    seat = g.hand.turn  # leads: the other three play after it
    before = g.state()
    card = g.hand.legal_plays(seat)[-1]
    g.play(seat, card)
    for _ in range(3):  # the other three seats
        random_step(g.hand, rng, g.apply)
    assert g.undo(seat) == 4
    assert g.state() == before and g.hand.turn == seat
    assert card in g.hand.held(seat)
    g.play(seat, card)  # and play goes on


def test_undo_stays_within_the_hand():
    rules = Rules(allow_undo=True, pass_cycle=("hold",), tram="off", target=10000)
    g = Game(rules, seed=2)
    rng = random.Random(2)
    while g.hand_number == 0:
        random_step(g.hand, rng, g.apply)
    with pytest.raises(IllegalMove, match="no card to take back"):
        g.undo(0)
    assert len(g.results) == 1


# -- open_hands -----------------------------------------------------------------------------
def test_open_hands_view_reveals_every_hand():
    rules = Rules(open_hands=True, pass_cycle=("hold",))
    g = Game(rules, seed=5)
    v = g.view(1, reveal=True)
    assert v.others == tuple(tuple(g.hand.held(s)) for s in range(4))
    assert v.to_dict()["others"] == [[str(c) for c in g.hand.held(s)] for s in range(4)]
    assert g.view(1).others is None


def test_turn_seconds_is_a_table_setting():
    assert Rules(turn_seconds=30).turn_seconds == 30
