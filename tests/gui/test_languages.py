"""The desktop client in the player's language: under LANG=de_DE.UTF-8 every screen from
the main menu to the game-over sheet is German (every line drawn is recorded: no English
sentence of the catalogue shows, and the German ones do)."""

from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Any, Iterator

import pygame

from hearts import i18n
from hearts.gui import table_draw
from hearts.gui import widgets as w
from hearts.gui.app import App
from hearts.gui.rules_dialog import RulesDialog
from hearts.gui.settings import Settings, SettingsScreen
from hearts.gui.table import TableScreen
from tests.gui.conftest import Driver
from tests.gui.helpers import play_by_keys

# English words a German screen never shows (a leak of an unmarked or untranslated line)
ENGLISH = re.compile(r"\b(the|and|you|your|You|Your|Hand|Trick|Scores|Game|Leave|Play|Hint|"
                     r"Rules|Settings|Quit|Back|Last|points|cards|pass|Pass|Waiting|turn)\b")


@contextmanager
def every_line(monkeypatch: Any) -> Iterator[list[str]]:
    """Every line of text drawn, by the screens' widgets (text fields too) and by the
    table's painters."""
    lines: list[str] = []
    real_text, real_table_text = w.text, table_draw.text

    def text(surface: Any, s: str, *a: Any, **k: Any) -> Any:
        lines.append(s)
        return real_text(surface, s, *a, **k)

    def table_text(s: str, *a: Any, **k: Any) -> Any:
        lines.append(s)
        return real_table_text(s, *a, **k)
    real_field = w.TextInput.draw

    def field(self: Any, surface: Any) -> None:           # a field's value or placeholder
        if self.visible:
            lines.append(self.value or self.placeholder)
        real_field(self, surface)
    monkeypatch.setattr(w, "text", text)
    monkeypatch.setattr(table_draw, "text", table_text)
    monkeypatch.setattr(w.TextInput, "draw", field)
    yield lines


def test_the_desktop_client_under_a_german_locale_is_german(config_home, monkeypatch,
                                                             shots) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    app = App(Settings(name="Tester", animation="off", sounds=False, bot_level="random"),
              size=(800, 600), discover=False)
    drive = Driver(app)
    try:
        assert i18n.language() == "de" and app.net.lang == "de"
        with every_line(monkeypatch) as lines:
            drive.step()
            assert app.screen.form.focused.label == "Gegen Bots spielen"
            app.show(SettingsScreen(app))
            drive.step()
            assert "Einstellungen" in lines and "Sprache" in lines
            app.show(app.main_menu())
            app.link.play_against_bots(rules={"target": 20})
            screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen,
                                 what="the table")
            drive.until(lambda: screen.model.view is not None, what="the deal")
            shot_table = False

            def table_and_rules(v: Any) -> None:
                nonlocal shot_table
                if not shot_table and len(v.tricks) >= 3 and v.trick:
                    drive.shot(shots / "de-table-800x600.png")
                    shot_table = True
                    RulesDialog(app, v.rules.to_dict(), editable=False).open()
                    drive.shot(shots / "de-rules-800x600.png")
                    app.dialogs.clear()
            play_by_keys(app, drive, screen, table_and_rules)
            drive.until(lambda: not screen.animating, 10, "the last animations")
            drive.step(3)
            drive.shot(shots / "de-game-over-800x600.png")
            sheet = screen.sheets.over_rect()             # the longer words' buttons inside it
            over = [b for b in screen.buttons if b.name in ("over-ok", "review", "leave")]
            assert len(over) == 3 and all(sheet.contains(b.rect) for b in over), (
                sheet, [b.rect for b in over])
        shown = [s for s in lines if s.strip()]
        leaks = sorted({s for s in shown if ENGLISH.search(s)})
        assert not leaks, leaks
        for german in ("Partie vorbei", "Stich", "Runde"):
            assert any(german in s for s in shown), german
    finally:
        app.close()
