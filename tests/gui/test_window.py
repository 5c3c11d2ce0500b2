"""The window: resizable (every screen lays out again), size remembered, F1 and Ctrl-Q."""

from __future__ import annotations

import pygame

from hearts.gui.menu import MainMenu
from hearts.gui.settings import Settings
from hearts.gui.table import TableScreen


def _resize(drive, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    drive.step()


def test_menu_and_table_scale_with_the_window(app, drive, shots):
    _resize(drive, (1024, 640))
    assert app.size == (1024, 640)
    for b in app.screen.buttons:
        assert app.surface.get_rect().contains(b.rect)
    small = app.screen.buttons[0].rect.height
    drive.shot(shots / "menu-1024.png")
    _resize(drive, (1920, 1080))
    assert app.screen.buttons[0].rect.height > small
    drive.shot(shots / "menu-1920.png")
    app.settings.bot_level = "random"
    app.link.play_against_bots()
    drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view, what="table")
    drive.until(lambda: not app.animating, what="the deal")
    drive.shot(shots / "table-1920.png")
    app.console.open()
    _resize(drive, (800, 600))
    assert app.surface.get_rect().contains(app.console.rect)
    drive.key(pygame.K_F1)
    assert app.surface.get_rect().contains(app.dialogs[-1].rect)
    drive.shot(shots / "rules-800.png")


def test_window_size_is_remembered(config_home):
    from hearts.gui.app import App
    from tests.gui.conftest import Driver
    app = App(Settings(name="W"), size=(1280, 800), discover=False)
    _resize(Driver(app), (1100, 700))
    app.close()
    assert Settings.load().window == (1100, 700)


def test_f1_shows_the_rules_and_ctrl_q_quits(app, drive):
    assert isinstance(app.screen, MainMenu)
    drive.key(pygame.K_F1)
    dialog = app.dialogs[-1]
    assert not dialog.editable
    drive.key(pygame.K_ESCAPE)
    assert not app.dialogs
    drive.key(pygame.K_SLASH, pygame.KMOD_SHIFT, unicode="?")
    assert type(app.dialogs[-1]).__name__ == "KeysDialog"
    drive.key(pygame.K_RETURN)
    assert not app.dialogs
    drive.key(pygame.K_q, pygame.KMOD_CTRL)
    assert not app.running
