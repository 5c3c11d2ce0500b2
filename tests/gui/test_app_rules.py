"""The rules dialog: values in words, help on hover and focus, a legend for changed
options, presets first with their description, advanced options folded; a customised new
table says what it is based on."""

from __future__ import annotations

import pygame
import pytest

from hearts.engine.rule_options import OPTIONS, PRESET_DESCRIPTIONS
from hearts.gui.lobby import CreateTableDialog
from hearts.gui.rules_dialog import RulesDialog
from tests.gui import clipcheck
from tests.gui.helpers import host_lobby


def _drawn(app, monkeypatch) -> list[str]:
    with clipcheck.recording(monkeypatch) as rec:
        app.draw()
    return [s for s, _r, _h in rec.drawn]


def test_rules_dialog_words_help_legend_and_folding(app, drive, shots, monkeypatch):
    host_lobby(app, drive)
    drive.click_button(app.screen.form, "New table")
    create = app.dialogs[-1]
    assert isinstance(create, CreateTableDialog)
    drive.click_button(create.form, "All rules…")
    rules = app.dialogs[-1]
    assert isinstance(rules, RulesDialog)
    text = _drawn(app, monkeypatch)
    assert PRESET_DESCRIPTIONS["standard"] in text              # the preset, described
    assert "100 points" in text and "off" in text and "2♣ leads" in text   # words, not values
    assert "changed from the preset" in text                    # the legend
    assert not rules.fields["floor_at_zero"].visible            # folded
    # Help follows the mouse, then the keyboard focus.
    moon = rules.fields["moon"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=moon.rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    drive.step()
    assert rules._note()[0].endswith(OPTIONS["moon"].help)
    drive.click((moon.rect.right - 4, moon.rect.centery))        # others get 26 -> shooter loses
    away = (rules.rect.centerx, rules.rect.top + 8)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    drive.step()
    rules.form.focus(rules.fields["target"])
    assert rules._note()[0].endswith(OPTIONS["target"].help)
    assert rules.changed("moon") and not rules.changed("target")
    assert rules.preset.show(rules.preset.value) == "custom (based on Standard)"
    drive.click_button(rules.form, "More options  ▾")
    assert rules.fields["floor_at_zero"].visible
    drive.step()
    drive.shot(shots / "rules-unfolded.png")
    assert clipcheck.problems(app, monkeypatch) == []
    drive.click_button(rules.form, "OK")
    # The new-table dialog says what the rules are based on.
    assert app.dialogs[-1] is create
    assert create.preset.show(create.preset.value) == "custom (based on Standard)"
    assert "custom (based on Standard)" in _drawn(app, monkeypatch)
    drive.click_button(create.form, "Create")
    drive.until(lambda: app.session.table is not None, what="the table")
    assert app.session.table.rules.moon != "add"
    drive.key(pygame.K_ESCAPE)
    menu = app.dialogs[-1]
    assert "custom (based on Standard)" in menu.subtitle


@pytest.mark.parametrize("lang", ["en", "de", "fr", "es", "it"])
def test_every_label_and_its_help_read_whole_under_the_mouse(app_in, monkeypatch, lang):
    # at 800x600 a hovered label goes bold only where bold still fits, and its help (a
    # note of two lines at most) shows whole: the check counts a wrapped note drawn in
    # part as cut
    app = app_in(lang)
    rules = RulesDialog(app, {"preset": "omnibus"}, editable=True).open()
    assert isinstance(rules, RulesDialog)
    rules._toggle_fold()                            # every option shown
    assert rules.fields["floor_at_zero"].visible
    hovered = []
    for name in rules.label_rects:
        rules.hovered = name
        assert rules._note()[0].endswith(OPTIONS[name].help_in())
        assert clipcheck.problems(app, monkeypatch) == [], name
        hovered.append(name)
    assert len(hovered) == len(OPTIONS)
