"""Every text on the desktop meets WCAG AA contrast (issue 59, item 4): measured on the
real app's frames (see contrast.py), screen by screen, at 800x600 and 1280x800."""

from __future__ import annotations

import pygame
import pytest

from hearts.gui.table import TableScreen

from .contrast import low_contrast, ratio
from .helpers import host_lobby
from .test_records import keep_bot_games, open_leaderboard

SIZES = [(800, 600), (1280, 800)]


def test_the_measure_is_wcags():
    assert round(float(ratio((0, 0, 0), (255, 255, 255))), 1) == 21.0
    assert round(float(ratio((119, 119, 119), (255, 255, 255))), 2) == 4.48


@pytest.mark.parametrize("size", SIZES)
def test_the_menu_and_its_screens(app_in, monkeypatch, size):
    from hearts.gui.menu import JoinScreen
    from hearts.gui.settings import SettingsScreen
    app = app_in("en", size)
    assert low_contrast(app, monkeypatch) == []
    app.show(SettingsScreen(app))
    assert low_contrast(app, monkeypatch) == []
    app.show(JoinScreen(app))
    assert low_contrast(app, monkeypatch) == []


@pytest.mark.parametrize("size", SIZES)
def test_the_table_in_play_and_its_summary(app_in, monkeypatch, size):
    from .conftest import Driver
    app = app_in("en", size)
    drive = Driver(app)
    app.settings.bot_level = "random"
    app.link.play_against_bots(seed=3)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 20, "the table")
    drive.step()
    assert low_contrast(app, monkeypatch) == []
    drive.key(pygame.K_TAB)
    assert low_contrast(app, monkeypatch) == []


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_the_rules_and_the_leaderboard(app_in, monkeypatch, size):
    from .conftest import Driver
    app = app_in("en", size)
    drive = Driver(app)
    host_lobby(app, drive)
    assert low_contrast(app, monkeypatch) == []
    drive.click_button(app.screen.form, "New table")
    assert low_contrast(app, monkeypatch) == []
    drive.click_button(app.dialogs[-1].form, "All rules…")
    assert low_contrast(app, monkeypatch) == []
    app.dialogs.clear()
    keep_bot_games(app, 1)
    open_leaderboard(app, drive)
    assert low_contrast(app, monkeypatch) == []


@pytest.mark.parametrize("size", SIZES)
def test_the_demo_its_open_hands_and_its_final_sheet(app_in, monkeypatch, size):
    from .conftest import Driver
    app = app_in("fr", size)
    drive = Driver(app)
    app.settings.bot_level = "random"
    app.link.play_against_bots(rules={"target": 15}, demo=True, seed=3)
    # the open hands as the demo deals, passes or plays them (under load a frame may come
    # only after the first trick's plays: any phase of the first hand will do)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 60, "the demo")
    assert low_contrast(app, monkeypatch) == []
    drive.until(lambda: screen.game_over(), 60, "the final sheet")
    drive.step()
    assert low_contrast(app, monkeypatch) == []
