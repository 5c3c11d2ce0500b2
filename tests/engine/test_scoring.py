"""Points of a hand under every card-value, moon, sun and bonus option, each on a
hand built for it (see builders: SPLIT_DEAL, MOON_DEAL, MOON_NOJACK_DEAL, SUN_DEAL)."""

import pytest

from hearts.engine import Card, IllegalMove, Moon, MoonChoice, Rules, parse_cards

from .builders import SUN_DEAL, hand, moon_hand, play_rest, split_hand

OFF = Rules(tram="off")


def test_split_hand_standard_points():
    h = split_hand(OFF)
    assert h.done and h.moon is None and h.tram is None
    assert h.points() == [11, 2, 0, 13]
    assert [h.tricks_won(s) for s in range(4)] == [4, 2, 0, 7]
    assert sum(h.points()) == 26


def test_points_while_playing_are_taken_points():
    h = hand(OFF, SUN_DEAL)
    play_rest(h)  # seat 0 takes every card
    assert h.taken_points() == [26, 0, 0, 0]  # before moon scoring
    assert h.points() == [0, 26, 26, 26]


@pytest.mark.parametrize("changes,points", [
    ({}, [11, 2, 0, 13]),
    ({"heart_points": "face"}, [93, 11, 0, 13]),           # 2..10, J 11, Q 12, K 13, A 14
    ({"queen_points": 5}, [11, 2, 0, 5]),
    ({"queen_points": 25, "heart_points": "face"}, [93, 11, 0, 25]),
    ({"high_spades": True}, [11, 2, 0, 30]),               # AS 7 and KS 10 to seat 3
    ({"jack_of_diamonds": -10}, [1, 2, 0, 13]),            # seat 0 took JD
    ({"jack_of_diamonds": 5}, [16, 2, 0, 13]),
    ({"clean_hand_bonus": -5}, [11, 2, -5, 13]),           # seat 2 took no trick
    ({"clean_hand_bonus": -5, "clean_hand": "no-points"}, [11, 2, -5, 13]),
])
def test_card_values(changes, points):
    h = split_hand(OFF.replace(**changes))
    assert h.points() == points


@pytest.mark.parametrize("clean_hand,points", [
    ("no-tricks", [26, -5, -5, 0]),   # seat 3 won trick 1 (no points): no bonus
    ("no-points", [26, -5, -5, -5]),  # ... but it took no penalty card: bonus
])
def test_clean_hand_kinds(clean_hand, points):
    h = moon_hand(OFF.replace(moon="off", clean_hand_bonus=-5, clean_hand=clean_hand))
    assert h.moon is None
    assert h.points() == points


def test_clean_hand_no_points_ignores_a_taken_jd():
    """JD is a bonus card, not a penalty card: taking it keeps a hand clean."""
    h = moon_hand(OFF.replace(moon="off", clean_hand_bonus=-5, clean_hand="no-points",
                              jack_of_diamonds=-10), jack=False)
    # seat 3 won trick 1 holding JD: -10 for the jack, -5 clean
    assert h.points() == [26, -5, -5, -15]


# -- moon ------------------------------------------------------------------------------------
def test_moon_add():
    h = moon_hand(OFF)
    assert h.moon == Moon(0, False, "add")
    assert h.points() == [0, 26, 26, 26]
    assert [h.tricks_won(s) for s in range(4)] == [12, 0, 0, 1]


def test_moon_subtract():
    h = moon_hand(OFF.replace(moon="subtract"))
    assert h.moon == Moon(0, False, "subtract")
    assert h.points() == [-26, 0, 0, 0]


@pytest.mark.parametrize("choice,points", [("add", [0, 26, 26, 26]), ("subtract", [-26, 0, 0, 0])])
def test_moon_choose_waits_for_the_shooter(choice, points):
    h = moon_hand(OFF.replace(moon="choose"))
    assert h.phase == "moon-choice" and h.turn == 0 and not h.done
    assert h.moon == Moon(0, False, None)
    assert h.legal_plays(0) == []
    assert h.view(0).phase == "moon-choice" and h.view(2).turn == 0
    with pytest.raises(IllegalMove, match="^only the shooter chooses$"):
        h.choose_moon(1, "add")
    with pytest.raises(IllegalMove, match="^choose add or subtract$"):
        h.choose_moon(0, "both")
    with pytest.raises(IllegalMove):
        h.play(0, "2C")
    h.choose_moon(0, choice)
    assert h.done and h.moon.choice == choice and h.points() == points
    assert h.actions[-1] == MoonChoice(0, choice)
    with pytest.raises(IllegalMove, match="^there is no moon to choose for$"):
        h.choose_moon(0, choice)


def test_choose_moon_without_a_moon():
    h = split_hand(OFF.replace(moon="choose"))
    assert h.done and h.moon is None
    with pytest.raises(IllegalMove, match="^there is no moon to choose for$"):
        h.choose_moon(0, "add")


@pytest.mark.parametrize("total,phase", [(0, "done"), (25, "done"), (26, "moon-choice"), (80, "moon-choice")])
def test_new_moon_choice_only_from_26(total, phase):
    h = moon_hand(OFF.replace(moon="new-moon"), totals=[total, 0, 0, 0])
    assert h.phase == phase
    if phase == "done":
        assert h.points() == [0, 26, 26, 26]
    else:
        h.choose_moon(0, "subtract")
        assert h.points() == [-26, 0, 0, 0]


@pytest.mark.parametrize("totals,choice", [
    ([0, 0, 0, 0], "add"),          # game goes on
    ([70, 60, 70, 70], "add"),      # adding ends the game, shooter (70) lowest: wins
    ([70, 30, 80, 80], "subtract"),  # adding ends it with seat 1 (56) lowest: subtract
    ([99, 98, 98, 98], "add"),      # add: [99, 124, 124, 124], the shooter wins
    ([99, 98, 50, 98], "subtract"),  # add: [99, 124, 76, 124], seat 2 would win
])
def test_moon_auto(totals, choice):
    h = moon_hand(OFF.replace(moon="auto"), totals=totals)
    assert h.moon.choice == choice
    assert h.points() == ([0, 26, 26, 26] if choice == "add" else [-26, 0, 0, 0])


def test_moon_auto_respects_exceed():
    h = moon_hand(OFF.replace(moon="auto", end_when="exceed"), totals=[74, 30, 74, 74])
    assert h.moon.choice == "add"  # [74, 56, 100, 100]: nobody above 100
    h = moon_hand(OFF.replace(moon="auto"), totals=[74, 30, 74, 74])
    assert h.moon.choice == "subtract"  # reach: 100 ends it with seat 1 lowest


def test_moon_off_counts_penalty_cards_as_taken():
    h = moon_hand(OFF.replace(moon="off"))
    assert h.moon is None
    assert h.points() == [26, 0, 0, 0]


def test_moon_needs_jack():
    rules = OFF.replace(moon_needs_jack=True)
    h = moon_hand(rules)  # seat 0 took JD too
    assert h.moon is not None and h.points() == [0, 26, 26, 26]
    h = moon_hand(rules, jack=False)  # seat 3 took JD: no moon
    assert Card.parse("JD") in h.taken(3)
    assert h.moon is None and h.points() == [26, 0, 0, 0]
    h = moon_hand(OFF, jack=False)  # without the option the same hand is a moon
    assert h.moon is not None and h.points() == [0, 26, 26, 26]


def test_moon_with_jd_bonus_shooter_ends_at_minus_ten():
    """Edge case: a moon with jack_of_diamonds=-10 and bonuses_on_moon=jack."""
    h = moon_hand(OFF.replace(jack_of_diamonds=-10, bonuses_on_moon="jack"))
    assert h.points() == [-10, 26, 26, 26]
    h = moon_hand(OFF.replace(jack_of_diamonds=-10, bonuses_on_moon="jack", moon="subtract"))
    assert h.points() == [-36, 0, 0, 0]


def test_bonuses_on_moon_jack_counts_jd_for_another_seat():
    h = moon_hand(OFF.replace(jack_of_diamonds=-10), jack=False)
    assert h.points() == [0, 26, 26, 16]


@pytest.mark.parametrize("jack", [True, False])
def test_bonuses_on_moon_none_drops_jd(jack):
    h = moon_hand(OFF.replace(jack_of_diamonds=-10, bonuses_on_moon="none"), jack=jack)
    assert h.points() == [0, 26, 26, 26]


@pytest.mark.parametrize("bonuses", ["jack", "none"])
def test_no_clean_hand_bonus_on_a_moon(bonuses):
    h = moon_hand(OFF.replace(clean_hand_bonus=-5, bonuses_on_moon=bonuses))
    assert h.points() == [0, 26, 26, 26]


def test_moon_value_follows_card_values():
    assert moon_hand(OFF.replace(high_spades=True)).points() == [0, 43, 43, 43]  # needs AS KS too
    assert moon_hand(OFF.replace(heart_points="face")).points() == [0, 117, 117, 117]
    assert moon_hand(OFF.replace(heart_points="face", queen_points=25)).points() == [0, 129, 129, 129]


def test_high_spades_moon_needs_both_high_spades():
    # SPLIT: seat 3 has QS, AS, KS but no heart: not a moon
    h = split_hand(OFF.replace(high_spades=True))
    assert h.moon is None


# -- sun -----------------------------------------------------------------------------------
def sun_hand(**changes):
    h = hand(OFF.replace(**changes), SUN_DEAL)
    play_rest(h)
    assert [h.tricks_won(s) for s in range(4)] == [13, 0, 0, 0]
    return h


@pytest.mark.parametrize("changes,points,sun", [
    ({}, [0, 26, 26, 26], False),
    ({"sun": "others"}, [0, 39, 39, 39], True),
    ({"sun": "others", "sun_points": 50}, [0, 50, 50, 50], True),
    ({"sun": "bonus"}, [-24, 26, 26, 26], True),
    ({"sun": "bonus", "sun_points": -10}, [-10, 26, 26, 26], True),
    ({"sun": "others", "moon": "subtract"}, [-39, 0, 0, 0], True),
    ({"sun": "bonus", "moon": "subtract"}, [-50, 0, 0, 0], True),
    ({"sun": "others", "moon": "off"}, [26, 0, 0, 0], False),  # no moon, no sun
])
def test_sun(changes, points, sun):
    h = sun_hand(**changes)
    assert h.points() == points
    assert (h.moon is not None and h.moon.sun) == sun


@pytest.mark.parametrize("sun", ["others", "bonus"])
def test_a_moon_without_every_trick_is_no_sun(sun):
    h = moon_hand(OFF.replace(sun=sun))
    assert h.moon == Moon(0, False, "add") and h.points() == [0, 26, 26, 26]


def test_sun_by_tram_counts_every_trick():
    h = hand(Rules(sun="others"), SUN_DEAL)  # TRAM at once: seat 0 is certain to win all
    assert h.done and h.tram is not None and h.tram.seat == 0 and h.tricks == []
    assert h.tricks_won(0) == 13 and h.points() == [0, 39, 39, 39]


def test_taken_cards_and_moon_cards():
    h = moon_hand(OFF)
    assert set(parse_cards("QS AH KH 2H JD")) <= set(h.taken(0))
    assert h.taken(1) == [] and h.taken(2) == []
    assert h.taken(3) == parse_cards("2C 3C 4C 5C")
