"""No text cut, too small or outside its box on the client's own screens and dialogs at
800x600, 1280x800 and 1920x1080 (measured: every line drawn against its box), in English
and in every language with a catalogue: German and French (the longest) at every size,
the others in the smallest window."""

from __future__ import annotations

import pygame
import pytest

from hearts.i18n import _
from hearts.gui.lobby import CreateTableDialog, LobbyScreen
from hearts.gui.menu import JoinScreen
from hearts.gui.rules_dialog import RulesDialog
from hearts.gui.seat_menu import KeysDialog, SeatMenu, TableMenu
from hearts.gui.settings import Settings, SettingsScreen
from hearts.net.discovery import HostInfo
from tests.gui import clipcheck
from tests.gui.conftest import Driver
from tests.gui.helpers import Player, host_lobby

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
CASES = [(lang, size) for lang in ("en", "de", "fr") for size in SIZES] + [
    ("es", SIZES[0]), ("it", SIZES[0])]


@pytest.fixture(params=CASES, ids=lambda c: f"{c[0]}-{c[1][0]}x{c[1][1]}")
def sized(request, app_in):
    lang, size = request.param
    a = app_in(lang, size)
    return a, Driver(a)


def _check(app, drive, monkeypatch, shots, name) -> None:
    drive.step()
    w, h = app.size
    drive.shot(shots / f"{name}-{app.settings.language}-{w}x{h}.png")
    assert clipcheck.problems(app, monkeypatch) == [], name


def test_menu_settings_join_rules_keys(sized, monkeypatch, shots):
    app, drive = sized
    _check(app, drive, monkeypatch, shots, "clip-menu")
    app.show(SettingsScreen(app))
    _check(app, drive, monkeypatch, shots, "clip-settings")
    app.show(JoinScreen(app))
    app.screen.on_hosts([
        HostInfo("Ann's host with a long name", "Ann's host", ("192.168.101.107",), 7895,
                 {"tables": "12", "seats": "0", "rules": "custom: queen_points=14",
                  "players": "30"}),
        HostInfo("Lab", "Lab", ("10.0.0.9",), 7000, {"tables": "0", "seats": "0"})], None)
    _check(app, drive, monkeypatch, shots, "clip-join")
    app.show(app.main_menu())
    RulesDialog(app, {"preset": "omnibus", "floor_at_zero": True}, editable=True).open()
    _check(app, drive, monkeypatch, shots, "clip-rules")
    app.dialogs.clear()
    KeysDialog(app).open()
    _check(app, drive, monkeypatch, shots, "clip-keys")


def test_lobby_new_table_table_menu_and_seat_menu(sized, monkeypatch, shots):
    app, drive = sized
    host_lobby(app, drive)
    ann = Player(app, "Annabelle Featherstonehaugh")
    try:
        ann.send("create_table", name="A table with a rather long name", seat=0,
                 rules={"preset": "hearts2", "queen_points": 14})
        first = ann.wait_for("table")["table"]["id"]
        drive.until(lambda: app.session.tables, what="the table list")
        assert isinstance(app.screen, LobbyScreen)
        _check(app, drive, monkeypatch, shots, "clip-lobby-quiet")
        ann.send("leave")                       # lobby lines come from people at no table
        ann.send("chat", text="Anyone for a game of omnibus with the queen at fourteen "
                              "points? I will open a table with a rather long name, and "
                              "there is room for three more: sit down when you see it!")
        ann.send("create_table", name="A table with a rather long name", seat=0,
                 rules={"preset": "hearts2", "queen_points": 14})
        tid = ann.wait_for(lambda e: e["type"] == "table" and e["table"]["id"] != first)[
            "table"]["id"]
        drive.until(lambda: app.console.lobby and [t["id"] for t in app.session.tables] == [tid],
                    what="the lobby line and the new table")
        _check(app, drive, monkeypatch, shots, "clip-lobby")
        CreateTableDialog(app).open()
        _check(app, drive, monkeypatch, shots, "clip-new-table")
        app.dialogs.clear()
        drive.click_button(app.screen.form, _("Sit"))
        drive.until(lambda: app.session.table is not None and app.link.at_table(), what="seated")
        drive.key(pygame.K_ESCAPE)
        assert isinstance(app.dialogs[-1], TableMenu)
        _check(app, drive, monkeypatch, shots, "clip-table-menu")
        app.dialogs.clear()
        SeatMenu(app, 0).open()
        _check(app, drive, monkeypatch, shots, "clip-seat-menu")
    finally:
        ann.close()


@pytest.mark.parametrize("lang,size", [("en", (800, 600)), ("en", (1280, 800))] + [
    (lang, (800, 600)) for lang in ("de", "fr", "es", "it")], ids=lambda c: str(c))
def test_the_text_size_setting_grows_everything_and_it_still_fits(app_in, monkeypatch,
                                                                  shots, lang, size):
    app = app_in(lang, size)
    drive = Driver(app)
    before = app.screen.buttons[0].rect.height
    app.show(SettingsScreen(app))
    screen = app.screen
    text_size = dict(screen.rows)[_("Text size")]
    while text_size.value != 1.5:
        drive.click((text_size.rect.right - 4, text_size.rect.centery))
    drive.click_button(screen.form, _("Save"))
    assert app.settings.ui_scale == 1.5
    assert Settings.load().ui_scale == 1.5                      # kept
    menu = app.screen
    assert menu.buttons[0].rect.height > before * 1.2
    _check(app, drive, monkeypatch, shots, "clip-menu-ui150")
    app.show(SettingsScreen(app))
    _check(app, drive, monkeypatch, shots, "clip-settings-ui150")
    app.show(JoinScreen(app))
    _check(app, drive, monkeypatch, shots, "clip-join-ui150")
    app.show(app.main_menu())
    RulesDialog(app, {}, editable=True).open()
    _check(app, drive, monkeypatch, shots, "clip-rules-ui150")



@pytest.mark.parametrize("lang", ["en", "de", "fr", "es", "it"])
def test_a_table_at_play_in_the_lobby_at_800x600(app_in, monkeypatch, shots, lang):
    # the lobby's Game column: a table being played says its state and hand whole
    app = app_in(lang)
    drive = Driver(app)
    host_lobby(app, drive)
    ann = Player(app, "Annabelle Featherstonehaugh")
    ann.send("create_table", name="A table with a rather long name", seat=0,
             rules={"preset": "hearts2", "queen_points": 14})
    ann.wait_for("table")
    ann.send("start")
    drive.until(lambda: [t.get("hand") for t in app.session.tables] == [0], 20,
                "the game under way in the list")
    assert app.screen.list.rows[0].split("\t")[2].split("\n")[1] == _("hand {n}").format(n=1)
    drive.step()
    drive.shot(shots / f"clip-lobby-playing-{lang}.png")
    game = [p for p in clipcheck.problems(app, monkeypatch)
            if any(part in p for part in app.screen.list.rows[0].split("\t")[2].split("\n"))]
    assert game == []
    ann.close()
