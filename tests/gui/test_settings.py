"""Settings: saved as JSON under $XDG_CONFIG_HOME/hearts, kept between runs, edited on screen."""

from __future__ import annotations

import json

import pygame

from hearts.gui.settings import Settings, SettingsScreen, config_dir


def test_defaults_when_nothing_saved(config_home):
    s = Settings.load()
    assert s.animation == "normal" and s.sounds is True and s.window == (1280, 800)
    assert config_dir() == config_home / "hearts"


def test_save_and_load_round_trip(config_home):
    s = Settings(name="Ann", deck="four-colour", card_back="red", background="ocean",
                 animation="off", sounds=False, window=(1024, 640), bot_level="hard",
                 scores_at=(0.25, 1.0))
    path = s.save()
    assert path == config_home / "hearts" / "settings.json"
    assert json.loads(path.read_text())["window"] == [1024, 640]
    assert Settings.load() == s


def test_damaged_or_wrong_values_fall_back_field_by_field(config_home):
    path = config_home / "hearts" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"name": "Bo", "animation": "warp", "sounds": "yes",
                                "window": [5, 5], "deck": "classic", "extra": 1,
                                "scores_at": [0.5, 7]}))
    s = Settings.load()
    assert (s.name, s.animation, s.sounds, s.window) == ("Bo", "normal", True, (1280, 800))
    assert s.scores_at is None
    path.write_text("{not json")
    assert Settings.load() == Settings(name=Settings().name)


def test_settings_persist_across_app_instances(config_home, shots):
    from hearts.gui.app import App
    from tests.gui.conftest import Driver

    app = App(size=(1280, 800), discover=False)
    drive = Driver(app)
    try:
        app.show(SettingsScreen(app))
        drive.step()
        screen = app.screen
        name_box = screen.rows[0][1]
        drive.click(name_box.rect.center)
        for _ in range(30):
            drive.key(pygame.K_BACKSPACE)
        drive.key(pygame.K_SLASH, pygame.KMOD_SHIFT, unicode="?")   # typed, not the Keys
        assert not app.dialogs
        drive.key(pygame.K_BACKSPACE)
        drive.type("Zoë")
        deck = screen.rows[1][1]
        before = deck.value
        drive.click((deck.rect.right - 5, deck.rect.centery))     # the ▶ arrow
        assert deck.value != before
        sounds = screen.rows[5][1]
        drive.click(sounds.rect.center)
        anim = screen.rows[4][1]
        drive.click(anim.rect.center)
        drive.key(pygame.K_LEFT)                                  # keyboard works too
        chosen = (deck.value, sounds.value, anim.value)
        drive.shot(shots / "settings.png")
        drive.click_button(screen.form, "Save")
        assert type(app.screen).__name__ == "MainMenu"
    finally:
        app.close()
    again = App(size=(1280, 800), discover=False)
    try:
        s = again.settings
        assert s.name == "Zoë"
        assert (s.deck, s.sounds, s.animation) == chosen
    finally:
        again.close()


def test_ctrl_s_toggles_sound_and_saves(app, drive, config_home):
    before = app.settings.sounds
    drive.key(pygame.K_s, pygame.KMOD_CTRL)
    assert app.settings.sounds is (not before)
    assert Settings.load().sounds is (not before)


def test_settings_from_the_table_keep_the_game(app, drive, config_home, shots):
    from hearts.gui.table import TableScreen
    app.settings.bot_level = "random"
    app.link.play_against_bots()
    table = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen, what="table")
    drive.key(pygame.K_ESCAPE)
    drive.click_button(app.dialogs[-1].form, "Settings…")
    dialog = app.dialogs[-1]
    deck = dialog.inner.rows[1][1]
    drive.click((deck.rect.right - 5, deck.rect.centery))
    chosen = deck.value
    drive.shot(shots / "settings-at-table.png")
    drive.click_button(dialog.form, "Save")
    assert not app.dialogs and app.screen is table
    assert app.settings.deck == chosen and Settings.load().deck == chosen


def test_volume_bot_speed_and_trick_pause_are_set_on_screen(config_home):
    from hearts.gui import sounds
    from hearts.gui.app import App
    from tests.gui.conftest import Driver

    app = App(size=(800, 600), discover=False)
    drive = Driver(app)
    try:
        app.show(SettingsScreen(app))
        drive.step()
        rows = dict(app.screen.rows)
        for label, want in (("Volume", 0.3), ("Bot speed", "fast"), ("Pause after a trick", 2.0)):
            widget = rows[label]
            for _ in range(len(widget.options)):
                if widget.value == want:
                    break
                drive.click((widget.rect.right - 4, widget.rect.centery))
            assert widget.value == want, label
        drive.click_button(app.screen.form, "Save")
        assert sounds.shared().volume == 0.3
        saved = Settings.load()
        assert (saved.volume, saved.bot_speed, saved.trick_pause) == (0.3, "fast", 2.0)
    finally:
        app.close()
        sounds.shared().volume = 0.6


def _gold_around(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """Gold pixels on a button's edge and just outside it (where focus is drawn)."""
    outer, inner = rect.inflate(10, 10), rect.inflate(-6, -6)
    n = 0
    for x in range(outer.left, outer.right):
        for y in range(outer.top, outer.bottom):
            if inner.collidepoint(x, y):
                continue
            r, g, b = surface.get_at((x, y))[:3]
            n += r > 170 and 120 < g < 215 and b < 110
    return n


def test_one_look_for_focus_and_another_for_the_default(app, drive, shots):
    # Settings opened from the menu, Tab to Back: only Back looks selected (the gold
    # ring); Save, the default, is told by its bold label and dark edge, not gold
    drive.click_button(app.screen.form, "Settings")
    screen = app.screen
    assert isinstance(screen, SettingsScreen)
    for _ in range(40):
        if screen.form.focused is screen.cancel_button:
            break
        drive.key(pygame.K_TAB)
    assert screen.form.focused is screen.cancel_button
    drive.shot(shots / "settings-focus-back.png")
    assert _gold_around(app.surface, screen.cancel_button.rect) > 100
    assert _gold_around(app.surface, screen.save_button.rect) == 0
    drive.key(pygame.K_TAB, pygame.KMOD_SHIFT)           # back to Save: now it has the ring
    assert screen.form.focused is screen.save_button
    drive.shot(shots / "settings-focus-save.png")
    assert _gold_around(app.surface, screen.save_button.rect) > 100
    assert _gold_around(app.surface, screen.cancel_button.rect) == 0


def test_enter_in_a_text_field_presses_the_default(app, drive):
    # the new table's name typed, Enter: the table is created (Create is the default,
    # drawn bold with a dark edge), as Enter in any field that has no use for it
    from hearts.gui.lobby import CreateTableDialog

    from .helpers import host_lobby
    host_lobby(app, drive)
    drive.click_button(app.screen.form, "New table")
    dialog = app.dialogs[-1]
    assert isinstance(dialog, CreateTableDialog) and dialog.form.focused is dialog.name
    assert dialog.form.default() is dialog.ok
    drive.key(pygame.K_END)               # (the name is selected as the focus comes)
    drive.type("!")
    drive.key(pygame.K_RETURN)
    drive.until(lambda: app.session.table is not None, what="the table made")
    assert app.session.table.name == "Tester's table!"
