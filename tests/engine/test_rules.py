"""Rules: defaults, checking, console text, errors that name the option."""

import pytest

from hearts.engine import PRESETS, Rules, RulesError
from hearts.engine.rules import describe, parse_value

DEFAULTS = {
    "pass_cycle": ["left", "right", "across", "hold"], "pass_count": 3,
    "first_lead": "two-of-clubs", "first_trick": "no-points", "hearts_break": "required",
    "queen_breaks_hearts": True, "lead_hearts_over_queen": False, "heart_points": "one",
    "queen_points": 13, "high_spades": False, "jack_of_diamonds": 0, "clean_hand_bonus": 0,
    "clean_hand": "no-tricks", "moon": "add", "moon_needs_jack": False,
    "bonuses_on_moon": "jack", "sun": "off", "sun_points": None, "target": 100,
    "end_when": "reach", "exact_target": "none", "ties": "share", "floor_at_zero": False,
    "display": "penalty", "tram": "auto", "turn_seconds": 0, "allow_undo": False,
    "open_hands": False,
}


def test_defaults_are_those_of_rules_md():
    assert Rules().to_dict() == DEFAULTS
    assert Rules.names() == list(DEFAULTS)


def test_sun_points_default_per_mode():
    assert Rules().sun_value == 0
    assert Rules(sun="others").sun_value == 39
    assert Rules(sun="bonus").sun_value == -24
    assert Rules(sun="bonus", sun_points=-10).sun_value == -10


def test_pass_direction_cycles_and_pass_count_zero_holds():
    r = Rules()
    assert [r.pass_direction(n) for n in range(6)] == ["left", "right", "across", "hold", "left", "right"]
    assert Rules(pass_cycle=("right",)).pass_direction(5) == "right"
    assert Rules(pass_count=0).pass_direction(0) == "hold"


def test_pass_cycle_accepts_text_and_lists():
    assert Rules(pass_cycle="left, right").pass_cycle == ("left", "right")
    assert Rules.from_dict({"pass_cycle": ["across"]}).pass_cycle == ("across",)


def test_dict_round_trip_and_changes():
    r = Rules(moon="choose", pass_cycle=("right",), sun_points=12)
    assert Rules.from_dict(r.to_dict()) == r
    assert r.changes() == {"moon": "choose", "pass_cycle": ["right"], "sun_points": 12}
    assert Rules.from_dict({"preset": "omnibus", "target": 50}) == Rules.preset("omnibus").replace(target=50)


def test_summary_names_preset_or_changes():
    assert Rules().summary() == "standard"
    assert Rules.preset("skelly").summary() == "skelly"
    assert Rules(target=50, high_spades=True).summary() == "custom: high_spades=on, target=50"


@pytest.mark.parametrize("name,text,value", [
    ("moon", "choose", "choose"), ("high_spades", "on", True), ("high_spades", "off", False),
    ("open_hands", "yes", True), ("target", "50", 50), ("sun_points", "default", None),
    ("sun_points", "-30", -30), ("pass_cycle", "left,across", ("left", "across")),
])
def test_with_text(name, text, value):
    assert getattr(Rules().with_text(name, text), name) == value
    assert parse_value(name, text) == value


def _one_sentence(msg: str) -> None:
    assert msg and "\n" not in msg
    assert msg.count(". ") == 0, msg


@pytest.mark.parametrize("build,option,accepts", [
    (lambda: Rules.from_dict({"moon": "sideways"}), "moon", "add, subtract, choose, new-moon, auto, off"),
    (lambda: Rules.from_dict({"first_lead": "ace"}), "first_lead", "two-of-clubs, any-club, left-of-dealer"),
    (lambda: Rules.from_dict({"target": 0}), "target", "1 to 10000"),
    (lambda: Rules.from_dict({"target": "100"}), "target", "whole number"),
    (lambda: Rules.from_dict({"high_spades": "yes"}), "high_spades", "true or false"),
    (lambda: Rules.from_dict({"pass_cycle": []}), "pass_cycle", "left, right, across, hold"),
    (lambda: Rules.from_dict({"pass_cycle": ["up"]}), "pass_cycle", "left, right, across, hold"),
    (lambda: Rules().replace(ties="coin"), "ties", "share, play-on, random"),
    (lambda: Rules().replace(pass_count=7), "pass_count", "0 to 6"),
    (lambda: Rules().replace(queen_points=True), "queen_points", "whole number"),
    (lambda: Rules().with_text("tram", "maybe"), "tram", "auto, claim, off"),
    (lambda: Rules().with_text("allow_undo", "maybe"), "allow_undo", "on or off"),
    (lambda: Rules().with_text("target", "lots"), "target", "whole number from 1 to 10000"),
    (lambda: Rules().with_text("sun_points", "x"), "sun_points", "or default"),
    (lambda: Rules().with_text("pass_cycle", "left sideways"), "pass_cycle", "left, right"),
])
def test_bad_values_rejected_naming_option_and_accepted_values(build, option, accepts):
    with pytest.raises(RulesError) as e:
        build()
    msg = str(e.value)
    _one_sentence(msg)
    assert f"'{option}'" in msg and accepts in msg


@pytest.mark.parametrize("build", [
    lambda: Rules.from_dict({"moons": "add"}),
    lambda: Rules().replace(colour="red"),
    lambda: Rules().with_text("colour", "red"),
])
def test_unknown_rule_names_rejected(build):
    with pytest.raises(RulesError, match=r"unknown rule '(moons|colour)'; rules are: pass_cycle, ") as e:
        build()
    _one_sentence(str(e.value))


@pytest.mark.parametrize("build", [
    lambda: Rules.preset("bridge"),
    lambda: Rules.from_dict({"preset": "bridge"}),
])
def test_unknown_preset_rejected_listing_presets(build):
    with pytest.raises(RulesError, match="unknown preset 'bridge'; presets are: standard, omnibus") as e:
        build()
    _one_sentence(str(e.value))


def test_rules_from_non_dict_rejected():
    with pytest.raises(RulesError, match="map of option names"):
        Rules.from_dict(["moon"])


def test_describe_every_option():
    for name in Rules.names():
        assert describe(name)


def test_rules_are_hashable_values():
    assert hash(Rules()) == hash(Rules.preset("standard"))
    assert len({Rules.preset(p) for p in PRESETS}) == len(PRESETS)
