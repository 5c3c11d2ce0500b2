"""Games are hard to lose: leaving or quitting a running game asks first, and a game
against bots is saved by the in-process host and offered back on the next start."""

from __future__ import annotations

import argparse

import pygame
import pytest

from hearts.cli import UserError
from hearts.commands.play import add_arguments, saved_to_continue
from hearts.gui.app import App
from hearts.gui.dialog import MessageDialog
from hearts.gui.settings import Settings
from hearts.gui.table import TableScreen
from tests.gui.conftest import Driver
from tests.gui.helpers import play_until


def _app() -> App:
    return App(Settings(name="Tester", animation="off", sounds=False, bot_level="random"),
               size=(1280, 800), discover=False, save_games=True)


def _view(app: App):
    return app.screen.model.view if isinstance(app.screen, TableScreen) else None


def test_a_closed_bot_game_is_offered_back_and_continues(config_home, shots):
    app = _app()
    drive = Driver(app)
    try:
        assert app.screen.form.find("Continue your game") is None
        drive.click_button(app.screen.form, "Play against bots")
        drive.until(lambda: _view(app), 15, "the table")
        play_until(app, drive, lambda: _view(app) is not None
                    and sum(_view(app).totals) > 0 and _view(app).phase == "play")
        totals = list(_view(app).totals)
        # Ctrl-Q asks first; Enter keeps playing (the safe default).
        drive.key(pygame.K_q, pygame.KMOD_CTRL)
        ask = app.dialogs[-1]
        assert isinstance(ask, MessageDialog) and ask.title == "Quit" and "saved" in ask.message
        assert ask.form.focused.label == "Keep playing"
        drive.step(2)
        drive.shot(shots / "quit-confirm.png")
        drive.key(pygame.K_RETURN)
        assert app.running and not app.dialogs
        drive.key(pygame.K_q, pygame.KMOD_CTRL)
        drive.click_button(app.dialogs[-1].form, "Quit")
        assert not app.running
    finally:
        app.close()
    saved = config_home.parent / "data" / "hearts" / "bots-game"
    assert list(saved.glob("table-*.msgpack"))
    # Straight to a table (`scripts/play` is `hearts play --bots`): the saved game goes on;
    # a new one by its rules or seed must be asked for with --new, or it would replace it.
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    found = saved_to_continue(parser.parse_args(["--bots"]))
    assert found is not None and found.seat == 0 and found.totals == totals
    for flags in (["--bots", "--rules", "omnibus"], ["--seed", "3"]):
        with pytest.raises(UserError, match="--new"):
            saved_to_continue(parser.parse_args(flags))
    assert saved_to_continue(parser.parse_args(["--bots", "--new"])) is None
    assert saved_to_continue(parser.parse_args(["--bots", "--exit-after-hands", "1"])) is None

    app = _app()
    drive = Driver(app)
    try:
        menu = app.screen
        cont = menu.form.find("Continue your game")
        assert cont is not None and menu.form.find("New game against bots") is not None
        mine, best = totals[0], min(totals)
        line = menu._bots_line()
        assert line.startswith("Your game: hand 2, ")
        assert (f"you lead with {mine}" in line) if totals.count(best) == 1 and mine == best \
            else (f"with {mine}" in line)
        drive.step()
        drive.shot(shots / "menu-continue.png")
        # A new game would replace the saved one: it asks, and keeping it is the default.
        drive.click_button(menu.form, "New game against bots")
        ask = app.dialogs[-1]
        assert "is replaced" in ask.message and ask.form.focused.label == "Keep it"
        drive.key(pygame.K_RETURN)
        assert not app.dialogs and app.screen is menu
        drive.click(cont.rect.center)
        drive.until(lambda: _view(app), 15, "the saved game")
        v = _view(app)
        assert app.session.seat == 0 and list(v.totals) == totals
        assert app.session.table.state == "playing" and not app.dialogs
    finally:
        app.close()


def test_leaving_a_running_game_asks_first(app, drive):
    app.settings.bot_level = "random"
    app.link.play_against_bots()
    drive.until(lambda: _view(app), 15, "table")
    drive.key(pygame.K_ESCAPE)
    menu = app.dialogs[-1]
    assert not any("Password" in b.label for b in menu.items)     # a solo game: no friends
    drive.click_button(menu.form, "Leave the table")
    ask = app.dialogs[-1]
    assert ask.title == "Leave the game" and ask.form.focused.label == "Keep playing"
    drive.key(pygame.K_RETURN)
    assert isinstance(app.screen, TableScreen) and not app.dialogs
    drive.key(pygame.K_ESCAPE)
    drive.click_button(app.dialogs[-1].form, "Leave the table")
    drive.click_button(app.dialogs[-1].form, "Leave")
    drive.until(lambda: type(app.screen).__name__ == "MainMenu", what="the menu")


def test_the_close_button_asks_but_a_signal_quits_at_once(app, drive):
    """SDL turns both the window's close button and SIGTERM/SIGINT into QUIT; only the
    button (WINDOWCLOSE first) asks, so `kill` or a session's end never hangs the client."""
    app.settings.bot_level = "random"
    app.link.play_against_bots()
    drive.until(lambda: _view(app), 15, "table")
    drive.until(lambda: app.session.table and app.session.table.state == "playing", what="the game")
    app.dispatch(pygame.event.Event(pygame.WINDOWCLOSE))
    app.dispatch(pygame.event.Event(pygame.QUIT))
    ask = app.dialogs[-1]
    assert isinstance(ask, MessageDialog) and ask.title == "Quit" and app.running
    drive.key(pygame.K_RETURN)                     # Keep playing
    assert app.running and not app.dialogs
    app.dispatch(pygame.event.Event(pygame.QUIT))  # what SIGTERM becomes
    assert not app.running
