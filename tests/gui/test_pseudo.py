"""Pseudo-localisation as the guard: in the test language `pseudo` (every catalogue string
accented, a third longer and wrapped "[!! … !!]") every line the desktop client draws, on
every screen from the menu to the game-over sheet, came from the catalogue: what is left
once the pseudo parts are taken out is data (names, numbers, cards, addresses), never a
word of English that skipped the catalogue."""

from __future__ import annotations

import re
from typing import Any

import pygame

from hearts import i18n
from hearts.gui.app import App
from hearts.gui.lobby import (CreateTableDialog, LobbyScreen, OwnerPasswordDialog,
                              PasswordDialog)
from hearts.gui.menu import JoinScreen
from hearts.gui.rules_dialog import RulesDialog
from hearts.gui.seat_menu import KeysDialog, SeatMenu, TableMenu
from hearts.gui.settings import Settings, SettingsDialog, SettingsScreen
from hearts.gui.table import TableScreen
from hearts.net.discovery import HostInfo
from hearts.net.table import BOT_NAMES
from tests.gui.conftest import Driver
from tests.gui.helpers import Player, host_lobby, play_by_keys
from tests.gui.test_languages import every_line

_MARKS = re.compile(r"\[!!|!!\]|~+")
_CARD = re.compile(r"(10|[2-9TJQKA])[♣♦♥♠CDHS]")
_URL = re.compile(r"https?://\S+")


def not_from_the_catalogue(line: str, data: tuple[str, ...]) -> str:
    """The English words of ``line`` ("" when there are none): pseudo accents every word of
    a catalogue string, so a word in plain ASCII letters that is not data (names, cards,
    addresses) skipped the catalogue, be it a whole line or a value put into a sentence."""
    rest = line
    for d in sorted(data, key=len, reverse=True):
        rest = rest.replace(d, " ")
    rest = _MARKS.sub(" ", _URL.sub(" ", _CARD.sub(" ", rest)))
    return " ".join(word for word in re.findall(r"[^\W\d_]+", rest)
                    if re.fullmatch(r"[A-Za-z]{2,}", word))


def test_every_line_the_client_draws_comes_from_the_catalogue(config_home, monkeypatch):
    app = App(Settings(name="Tester", animation="off", sounds=False, bot_level="random",
                       language=i18n.PSEUDO), size=(1920, 1080), discover=False)
    drive = Driver(app)
    data = ("Tester", "Annabelle", "Oak", *BOT_NAMES, "Lab", "Den", "hello")
    try:
        with every_line(monkeypatch) as lines:
            drive.step()
            app.show(SettingsScreen(app))
            drive.step()
            app.show(JoinScreen(app))
            app.screen.on_hosts([
                HostInfo("Den", "Den", ("192.168.1.7",), 7895,
                         {"tables": "2", "seats": "3", "rules": "omnibus", "players": "5"}),
                HostInfo("Lab", "Lab", ("10.0.0.9",), 7000, {"tables": "0", "seats": "0"})],
                None)
            drive.step()
            app.show(app.main_menu())
            KeysDialog(app).open()
            drive.step()
            app.dialogs.clear()
            host_lobby(app, drive)
            ann = Player(app, "Annabelle")
            try:
                ann.send("create_table", name="Oak", seat=0, rules={"preset": "omnibus"})
                drive.until(lambda: app.session.tables, what="the table list")
                drive.step()
                CreateTableDialog(app).open()
                drive.step()
                RulesDialog(app, {"preset": "black-maria", "target": 50}, editable=True).open()
                drive.step()
                app.dialogs.clear()
                assert isinstance(app.screen, LobbyScreen)
                drive.click_button(app.screen.form, i18n._("Sit"))
                drive.until(lambda: app.session.table is not None and app.link.at_table(),
                            what="seated")
                drive.step()
                TableMenu(app).open()
                drive.step()
                app.dialogs.clear()
                SeatMenu(app, 2).open()
                drive.step()
                app.dialogs.clear()
                app.console.open()
                ann.send("chat", text="hello")
                drive.step(3)
                app.console.toggle("")
            finally:
                ann.close()
            app.link.disconnect()
            drive.until(lambda: type(app.screen).__name__ == "MainMenu", what="the menu")
            drive.step(5)
            app.link.play_against_bots(rules={"target": 15})
            screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen,
                                 what="the table")
            drive.until(lambda: screen.model.view is not None, 20, "the deal")
            def hint_and_scores(v: Any) -> None:
                if len(v.tricks) == 5:
                    drive.key(pygame.K_h, pygame.KMOD_CTRL)      # a hint, worded
                    drive.key(pygame.K_TAB)                      # the scores
                    drive.step()
                    drive.key(pygame.K_TAB)
            play_by_keys(app, drive, screen, hint_and_scores)
            drive.until(lambda: not screen.animating, 10, "the last animations")
            drive.step(3)
        leaks = sorted({f"{line!r} -> {left.strip()!r}" for line in lines if line.strip()
                        for left in [not_from_the_catalogue(line, data)] if left})
        assert not leaks, "\n".join(leaks)
        assert len(set(lines)) > 150            # every screen was drawn
    finally:
        app.close()


def test_the_check_finds_english_and_lets_data_through():
    tr = i18n.translation(i18n.PSEUDO)
    said = tr.gettext("{name} plays {card}.").format(name="Ann", card="Q♠")
    assert not_from_the_catalogue(said, ("Ann",)) == ""
    nested = i18n.T_("Hint: {what}", what=i18n.T_("hint")).said(tr)
    assert not_from_the_catalogue(nested, ()) == ""
    assert not_from_the_catalogue(tr.gettext("Hand {hand}").format(hand=3)[:12] + "…", ()) == ""
    assert not_from_the_catalogue("Waiting for Ann", ("Ann",)) == "Waiting for"
    hard = tr.gettext("{level} bots").format(level="hard")      # a value that skipped it
    assert not_from_the_catalogue(hard, ()) == "hard"


def test_the_dialogs_and_the_records_sheets_come_from_the_catalogue(config_home, monkeypatch):
    """Passwords, settings at the table, the leaderboard, the finished games, a replay."""
    from tests.gui.test_records import keep_bot_games
    app = App(Settings(name="Tester", animation="off", sounds=False, language=i18n.PSEUDO),
              size=(1280, 800), discover=False)
    drive = Driver(app)
    data = ("Tester", "Ada", "Basil", "Clara", "Bots")
    try:
        keep_bot_games(app, 2)
        with every_line(monkeypatch) as lines:
            for dialog in (PasswordDialog(app, "sit", 1, wrong=True), OwnerPasswordDialog(app),
                           SettingsDialog(app)):
                dialog.open()
                drive.step()
                app.dialogs.clear()
            drive.step()
            drive.click_button(app.screen.form, i18n._("Leaderboard"))
            board = app.dialogs[-1]
            drive.step()
            drive.key(pygame.K_RIGHT)                       # tonight -> all time
            drive.step()
            drive.click_button(board.form, i18n._("Games"))
            history = app.dialogs[-1]
            drive.step()
            drive.click_button(history.form, i18n._("Replay"))
            replay = app.dialogs[-1]
            for _ in range(3):                              # the deal, the pass, a trick
                drive.key(pygame.K_RIGHT)
            drive.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)    # a card
            replay.level.value = "easy"
            drive.click_button(replay.form, i18n._("What would it play?"))
            drive.until(lambda: replay.hint is not None, timeout=20, what="the bot's hint")
            drive.step()
            drive.key(pygame.K_END)                         # the hand's end
            drive.step()
        leaks = sorted({f"{line!r} -> {left.strip()!r}" for line in lines if line.strip()
                        for left in [not_from_the_catalogue(line, data)] if left})
        assert not leaks, "\n".join(leaks)
        assert len(set(lines)) > 40
    finally:
        app.close()


def test_the_moon_choice_and_an_early_end_come_from_the_catalogue(config_home, monkeypatch):
    """A shot moon with the rest of the tricks claimed: the choice, the summary, the cards
    left on the table."""
    from tests.gui.rigged import MOON, play_my_cards, rig_first_deal
    rig_first_deal(monkeypatch, MOON)
    app = App(Settings(name="Tester", animation="normal", sounds=False, bot_level="random",
                       language=i18n.PSEUDO), size=(800, 600), discover=False)
    drive = Driver(app)
    drive.time_lapse()
    try:
        with every_line(monkeypatch) as lines:
            app.link.play_against_bots(rules={"pass_cycle": ["hold"], "moon": "choose",
                                              "tram": "auto"}, seed=1)
            screen = drive.until(lambda: isinstance(app.screen, TableScreen)
                                 and app.screen.model.view and app.screen, 20, "the table")
            play_my_cards(app, drive, lambda: screen.button("moon-add") is not None)
            screen.cache.clear()
            drive.step(3)
            drive.key(pygame.K_s)
            drive.until(lambda: screen.model.summary is not None, 20, "the hand's summary")
            screen.cache.clear()
            drive.step(3)
        leaks = sorted({f"{line!r} -> {left!r}" for line in lines if line.strip()
                        for left in [not_from_the_catalogue(line, ("Tester", *BOT_NAMES))]
                        if left})
        assert not leaks, "\n".join(leaks)
        moon = "šĥöţ ţĥé mööñ"                                # "shot the moon", in pseudo
        assert any(moon in line for line in lines) and any("26" in line for line in lines)
    finally:
        app.close()
