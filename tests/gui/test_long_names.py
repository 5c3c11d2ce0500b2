"""Names are shown whole (issue 59, item 15), in the real app: the settings take a name
as long as the host allows (24), the plate at 800x600 shows all of it with "(you)", and a
replay's seat labels ("Basil (normal bot)") are not cut at 800x600."""

from __future__ import annotations

import pygame
import pytest

from hearts.gui.table import TableScreen
from hearts.net.limits import Limits
from tests.gui import clipcheck

from .table_seen import look
from .test_records import keep_bot_games, open_leaderboard

LONG = "Maximiliane Featherstone"


@pytest.mark.parametrize("name,size", [(LONG, (1280, 800)), ("Bob Longname", (800, 600))])
def test_a_name_as_long_as_the_host_allows_is_taken_and_shown_whole(app_in, monkeypatch,
                                                                     name, size):
    from hearts.gui.settings import SettingsScreen
    from .conftest import Driver
    assert len(LONG) == Limits().max_name
    app = app_in("en", size)
    drive = Driver(app)
    app.show(SettingsScreen(app))
    field = next(x for x in app.screen.form.widgets if getattr(x, "value", None) == "Tester")
    app.screen.form.focus(field)
    drive.type(name)                              # replaces the selected "Tester"
    assert field.value == name
    drive.click_button(app.screen.form, "Save")
    assert app.settings.name == name
    app.settings.bot_level = "random"
    app.link.play_against_bots(seed=3)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 20, "the table")
    drive.step()
    screen.cache.clear()                       # the plates drawn afresh, while looked at
    lines = [t for t, _ in look(screen, monkeypatch).lines]
    you = next(i for i, t in enumerate(lines) if t.endswith("(you)"))   # our plate
    assert lines[you] == f"{name} (you)" or f"{lines[you - 1]} {lines[you]}" == f"{name} (you)", \
        lines[you - 1:you + 1]


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_replays_seat_labels_are_whole_at_800x600(app_in, monkeypatch, lang):
    from .conftest import Driver
    app = app_in(lang, (800, 600))
    drive = Driver(app)
    keep_bot_games(app, 1, (("Ada", "hard"), ("Basil", "normal"), ("Dexter", "normal")))
    open_leaderboard(app, drive)
    drive.click_button(app.dialogs[-1].form, app.dialogs[-1].games_button.label)
    history = app.dialogs[-1]
    drive.click_button(history.form, history.replay_button.label)
    replay = app.dialogs[-1]
    assert type(replay).__name__ == "ReplaySheet"
    for _ in range(3):
        drive.key(pygame.K_RIGHT)
    cut = [p for p in clipcheck.problems(app, monkeypatch) if p.startswith("ReplaySheet")]
    assert cut == [], cut
