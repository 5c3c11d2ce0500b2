"""Every preset: its options as docs/rules.md lists them, and whole games played to the end."""

import pytest

from hearts.engine import PRESETS, Rules

from .builders import checked_random_game, split_hand

EXPECTED = {
    "standard": {},
    "omnibus": {"jack_of_diamonds": -10, "moon_needs_jack": True},
    "black-maria": {"pass_cycle": ["right"], "first_lead": "left-of-dealer", "first_trick": "anything",
                    "hearts_break": "free", "high_spades": True, "moon": "off"},
    "spot": {"heart_points": "face", "queen_points": 25, "target": 500},
    "tournament": {"pass_cycle": ["left", "right", "across"]},
    "gamebot": {"queen_breaks_hearts": False, "ties": "play-on"},
    "hearts2": {"queen_breaks_hearts": False, "ties": "play-on", "exact_target": "halves",
                "moon": "new-moon", "jack_of_diamonds": -10, "moon_needs_jack": True,
                "bonuses_on_moon": "none", "clean_hand_bonus": -5, "clean_hand": "no-points",
                "floor_at_zero": True},
    "skelly": {"jack_of_diamonds": -10, "exact_target": "wins", "end_when": "exceed", "moon": "choose"},
}


def test_every_preset_is_listed():
    assert list(PRESETS) == list(EXPECTED)


@pytest.mark.parametrize("name", list(EXPECTED))
def test_preset_options(name):
    r = Rules.preset(name)
    assert r.changes() == EXPECTED[name]
    assert r.preset_name() == name and r.summary() == name
    assert Rules.from_dict({"preset": name}) == r


@pytest.mark.parametrize("name", list(EXPECTED))
@pytest.mark.parametrize("seed", range(12))
def test_whole_games_end_with_the_right_winners(name, seed):
    rules = Rules.preset(name)
    g = checked_random_game(rules, seed)
    assert g.over and g.winners
    assert any(t >= rules.target for t in g.totals) or (
        rules.exact_target == "wins" and rules.target in g.totals)
    for r in g.results:
        assert r.number == g.results.index(r)


def test_hearts2_game_with_a_halved_total():
    """Find a seed where hearts2's Perfect 100 halves a total, and check it."""
    rules = Rules.preset("hearts2")
    for seed in range(300):
        g = checked_random_game(rules.replace(target=30), seed)
        before = [0, 0, 0, 0]
        for r in g.results:
            raw = [max(0, b + p) for b, p in zip(before, r.points)]
            if 30 in raw:
                assert r.totals[raw.index(30)] == 15
                return
            before = list(r.totals)
    pytest.fail("no halved total in 300 games")


def test_spot_hand_points():
    h = split_hand(Rules.preset("spot").replace(tram="off"))
    assert h.points() == [93, 11, 0, 25]


def test_black_maria_hand_points():
    h = split_hand(Rules.preset("black-maria").replace(first_lead="two-of-clubs", tram="off"))
    assert h.points() == [11, 2, 0, 30]
