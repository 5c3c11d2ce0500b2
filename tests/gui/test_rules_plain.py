"""The rules in plain words, as a person reads them (issue 59, item 17), in the real app:
pass directions are words in every language (never bare arrows), an option that does
nothing under the rules shown is greyed rather than worded as if it counted, the sun's
points are a number, and the table's info panel says of changed rules what the rules
dialog says ("custom (based on Standard)")."""

from __future__ import annotations

import pytest

from hearts.gui.rules_dialog import RulesDialog
from hearts.gui.table import TableScreen
from hearts.i18n import pgettext
from tests.gui import clipcheck

from .table_seen import look

ARROWS = set("←→↑↓↔⇄")


def _drawn(app, monkeypatch) -> list[str]:
    with clipcheck.recording(monkeypatch) as rec:
        app.draw()
    return [s for s, _r, _h in rec.drawn]


@pytest.mark.parametrize("lang", ["en", "de", "fr", "es", "it"])
def test_pass_directions_are_words_and_moot_options_are_greyed(app_in, monkeypatch, lang):
    app = app_in(lang, (800, 600))
    rules = RulesDialog(app, {}, editable=True).open()
    cycle = rules.fields["pass_cycle"]
    drawn = _drawn(app, monkeypatch)
    shown = " ".join(s for s in drawn if cycle.show(cycle.value).startswith(s.split(",")[0]))
    for d in ("left", "right", "across"):
        assert pgettext("pass direction", d) in shown, (shown, drawn)
    assert not any(set(s) & ARROWS for s in drawn), drawn
    # standard rules: no J♦, no clean-hand bonus, no sun: what only they govern is greyed
    for name in ("bonuses_on_moon", "sun_points", "moon_needs_jack", "clean_hand"):
        assert not rules.fields[name].enabled, name
    assert rules.fields["jack_of_diamonds"].enabled and rules.fields["sun"].enabled
    rules.fields["sun"].step(1)                          # the sun goes to the others
    assert rules.fields["sun_points"].enabled
    assert clipcheck.problems(app, monkeypatch) == []


def test_the_sun_points_say_their_number():
    from hearts.engine import Rules
    from hearts.engine.rule_options import OPTIONS
    o = OPTIONS["sun_points"]
    assert o.words(None, rules=Rules(sun="others")) == "the usual 39"
    assert o.words(None, rules=Rules(sun="bonus")) == "the usual -24"
    assert o.words(-30, rules=Rules(sun="bonus")) == "-30 points"


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_info_panel_says_custom_as_the_rules_dialog_does(app_in, monkeypatch, lang, shots):
    from hearts.gui.rules_dialog import custom_words
    from .conftest import Driver
    app = app_in(lang, (800, 600))
    drive = Driver(app)
    app.settings.bot_level = "random"
    app.link.play_against_bots(rules={"target": 15}, seed=3)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 20, "the table")
    drive.step()
    lines = [s for s, _ in look(screen, monkeypatch).lines]
    assert custom_words("standard") in " ".join(lines), lines      # (wrapped, maybe)
    drive.shot(shots / f"info-custom-{lang}-800x600.png")
