"""Cross-check of our engine against DeepMind OpenSpiel's ``hearts`` game.

Both engines get the same deal, pass direction, passes and plays; at every
decision the turn, the legal set and hearts broken are compared, after every
trick the winner and the points so far, and at the end the points (OpenSpiel's
``points`` and ``26 - returns``). The option mapping and what OpenSpiel does
differently on purpose (``must_break_hearts=False`` sets its hearts-broken flag
from the start; the last trick's winner is only visible in the points) are
documented in `hearts.bench.openspiel_driver`.
"""

from __future__ import annotations

import random

import pytest

from hearts.bench.openspiel_driver import (Mismatch, Stats, all_option_sets, crosscheck,
                                           crosscheck_hand, load_pyspiel, rules_for)
from hearts.engine import Rules, mask_of
from hearts.engine.cards import FULL_DECK, cards_of

pyspiel = load_pyspiel()
pytestmark = pytest.mark.skipif(pyspiel is None, reason="open_spiel is not installed")

RANDOM_HANDS = 7_680   # 30 per option set (more: `hearts bench openspiel --hands N`)


@pytest.fixture(scope="module")
def games():
    return [(o, pyspiel.load_game("hearts", o), rules_for(o)) for o in all_option_sets()]


def test_mapping_names_every_openspiel_option():
    params = pyspiel.load_game("hearts").get_parameters()
    assert sorted(params) == sorted(all_option_sets()[0])
    defaults = rules_for({k: bool(v) for k, v in params.items()})
    assert defaults == Rules(pass_cycle=("left", "right", "across", "hold"), tram="off")


def test_random_hands_agree_under_all_256_option_sets():
    stats = crosscheck(pyspiel, RANDOM_HANDS, seed=2026)
    assert stats.hands == RANDOM_HANDS
    assert stats.decisions == 52 * RANDOM_HANDS
    assert set(stats.directions) == {"left", "right", "across", "hold"}
    # the hands exercised the scoring rules that differ between the option sets
    assert stats.moons > 50
    assert stats.moons_with_jd > 10
    assert stats.clean_hand_bonuses > 100
    assert stats.queen_and_hearts_leads > 5
    assert stats.first_trick_discards_with_points > 300


def _deal(fixed: dict[int, str], rng: random.Random) -> list[int]:
    """Four masks: the seats in ``fixed`` hold exactly those cards, the rest is dealt."""
    masks = [0, 0, 0, 0]
    for seat, text in fixed.items():
        masks[seat] = mask_of(text.split())
    rest = cards_of(FULL_DECK ^ (masks[0] | masks[1] | masks[2] | masks[3]))
    rng.shuffle(rest)
    for seat in range(4):
        while masks[seat].bit_count() < 13:
            masks[seat] |= rest.pop().mask
    return masks


HEARTS_2_TO_K = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
EDGE_DEALS = {
    # docs/rules.md: QS and 12 hearts on trick 1 under no-points: all 13 are legal
    "queen and twelve hearts on trick 1": {0: "2C", 1: "QS " + HEARTS_2_TO_K},
    # docs/rules.md: JD and 12 hearts on trick 1 under no-points: only JD is legal
    "jack of diamonds and twelve hearts on trick 1": {0: "2C", 1: "JD " + HEARTS_2_TO_K},
    # the winner of trick 1 then leads from QS + hearts with hearts unbroken
    "lead from queen and hearts": {0: "2C", 1: "AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"},
    # the winner of trick 1 then leads from hearts only, unbroken
    "lead from hearts only": {0: "2C", 2: "AC " + HEARTS_2_TO_K},
    # a hand built to shoot the moon with the JD
    "moon with the jack": {0: "2C AC AS KS QS AH KH QH JH TH AD KD JD"},
}


@pytest.mark.parametrize("name", sorted(EDGE_DEALS))
def test_edge_deals_agree_under_all_256_option_sets(games, name):
    stats = Stats()
    rng = random.Random(name)
    for options, game, rules in games:
        for _ in range(3):
            deal = _deal(EDGE_DEALS[name], rng)
            crosscheck_hand(game, rules, options, rng.randrange(1 << 30), stats, deal, "hold")
    assert stats.hands == 3 * 256
    if "trick 1" in name:
        assert stats.first_trick_discards_with_points >= 3 * 256
    if name == "lead from queen and hearts":
        assert stats.queen_and_hearts_leads > 100
    if name == "lead from hearts only":
        assert stats.hearts_only_leads > 100
    if name == "moon with the jack":
        assert stats.moons_with_jd > 20


@pytest.mark.parametrize("option, wrong", [
    ("qs_breaks_hearts", {"queen_breaks_hearts": False}),
    ("no_pts_on_first_trick", {"first_trick": "hearts-if-void"}),
    ("jd_bonus", {"jack_of_diamonds": -9}),
    ("avoid_all_tricks_bonus", {"clean_hand": "no-points"}),
    ("can_lead_hearts_instead_of_qs", {"lead_hearts_over_queen": False}),
])
def test_a_wrong_mapping_is_caught(games, option, wrong):
    """The cross-check can fail: a mapping that differs from OpenSpiel's rule is found."""
    rng = random.Random(option)
    with pytest.raises(Mismatch):
        for options, game, rules in games:
            if not options[option]:
                continue
            bad = rules.replace(**wrong)
            for _ in range(20):
                deal = _deal(EDGE_DEALS["lead from queen and hearts"], rng)
                crosscheck_hand(game, bad, options, rng.randrange(1 << 30), Stats(), deal,
                                "hold")


def test_the_bench_cross_checks_as_many_hands_as_asked(capsys):
    from hearts.cli import main
    assert main(["bench", "openspiel", "--hands", "300", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "300 hands over the 256 option sets agree" in out
    assert "decisions 15600," in out
