"""The one description of every rule option, and what is derived from it."""

from pathlib import Path

import pytest

from hearts.engine import PRESETS, Rules, RulesError
from hearts.docgen import rules_doc
from hearts.engine.rule_options import (OPTIONS, PRESET_DESCRIPTIONS, changes_in_words,
                                        rules_in_words)

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def test_every_field_of_rules_is_described_in_order():
    assert list(OPTIONS) == Rules.names()
    assert set(PRESET_DESCRIPTIONS) == set(PRESETS)


@pytest.mark.parametrize("name", list(OPTIONS))
def test_each_option_has_words_for_every_value(name):
    o = OPTIONS[name]
    assert o.label and o.help.endswith(".") and "_" not in o.label
    default = getattr(Rules(), name)
    assert o.words(default)
    for value in o.values:
        words = o.words(value)
        assert words and words != value or value in ("off",), (name, value)
        Rules().replace(**{name: value})           # each listed value is accepted
    if o.kind in ("int", "optional-int"):
        low, high = o.bounds
        Rules().replace(**{name: low}), Rules().replace(**{name: high})
        with pytest.raises(RulesError, match=name):
            Rules().replace(**{name: high + 1})


def test_values_outside_the_description_are_refused():
    with pytest.raises(RulesError, match="one of two-of-clubs, any-club, left-of-dealer"):
        Rules(first_lead="queen")  # type: ignore[arg-type]


def test_rules_and_changes_read_in_words():
    lines = rules_in_words(Rules.preset("black-maria"))
    assert "Shooting the moon: no moon" in lines
    assert "A♠ 7, K♠ 10: on" in lines and "Pass directions: always right" in lines
    assert not any("=" in line or "None" in line or "_" in line for line in lines)
    assert changes_in_words(Rules(), Rules(moon="choose", target=50)) == [
        "Shooting the moon: others get 26 → shooter chooses",
        "Game to: 100 points → 50 points"]


def test_a_change_map_becomes_rules_in_one_place():
    r = Rules().with_changes({"pass_cycle": ["left"], "moon": "off"})
    assert r.pass_cycle == ("left",) and r.moon == "off"
    assert Rules(moon="off").with_changes({"preset": "omnibus"}) == Rules.preset("omnibus")
    for bad in ({"moon": "sideways"}, {"nonsense": 1}, ["moon"], {"preset": "nope"}):
        with pytest.raises(RulesError):
            Rules().with_changes(bad)  # type: ignore[arg-type]


def test_the_docs_tables_are_generated_from_the_descriptions():
    text = DOC.read_text(encoding="utf-8")
    assert rules_doc(text) == text, (
        "docs/rules.md differs from the option descriptions: run python -m hearts.docgen")
    for name in OPTIONS:
        assert f"| `{name}` |" in text


def test_rules_in_words_leave_out_what_does_nothing():
    from hearts.engine.rule_options import applies
    plain = rules_in_words(Rules())
    assert not any(line.startswith(("Bonuses with a moon", "Moon needs J♦", "Sun points",
                                    "Clean hand means")) for line in plain)
    omnibus = rules_in_words(Rules.preset("omnibus"))
    assert any(line.startswith("Bonuses with a moon") for line in omnibus)
    assert not applies("sun", Rules(moon="off")) and applies("sun", Rules())
