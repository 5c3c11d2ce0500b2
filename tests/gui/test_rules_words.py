"""The table says its rules in words, as the rules dialog does ("Omnibus, Game to: 50
points"), never as option names; and a change made at a table stays at that table."""

from __future__ import annotations

import re

import pygame

from hearts.gui.table import TableScreen

from .rigged import shoot
from .table_seen import look

OMNIBUS_TO_50 = {"jack_of_diamonds": -10, "moon_needs_jack": True, "target": 50}


def _internal(text: str) -> bool:
    """An option's internal name or value ("custom: moon_needs_jack=on")."""
    return ("custom" in text and "custom (based on" not in text
            or re.search(r"\w=\w|[a-z]_[a-z]", text) is not None)


def test_the_info_box_and_the_scoreboard_say_the_rules_in_words(app, drive, monkeypatch, shots):
    app.settings.bot_level = "random"
    app.link.play_against_bots(rules=OMNIBUS_TO_50, seed=4)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 20, "the table")
    drive.step()
    lines = [s for s, _ in look(screen, monkeypatch).lines]
    # only the target differs from Omnibus, and it is said above: the rules line says
    # what the rules dialog says of them (issue 59, item 17)
    assert "custom (based on Omnibus)" in lines and "pass left ← · game to 50" in lines
    assert not any(_internal(s) for s in lines), lines
    shoot(app, shots, "rules-info-box")
    drive.key(pygame.K_TAB)
    lines = [s for s, _ in look(screen, monkeypatch).lines]
    assert "game to 50 · custom (based on Omnibus)" in lines
    assert not any(_internal(s) for s in lines), lines
    shoot(app, shots, "rules-scoreboard")


def test_the_info_box_says_no_passing_once(app, drive, monkeypatch, shots):
    # "no passing · game to 100" above, so the rules line says "custom (based on Standard)"
    # as the rules dialog does, not "Standard, Pass directions: no passing" (which wrapped
    # to a third line at 800x600) nor "Standard" (they are not)
    app.settings.bot_level = "random"
    app.link.play_against_bots(rules={"pass_cycle": ["hold"]}, seed=4)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 20, "the table")
    drive.step()
    lines = [s for s, _ in look(screen, monkeypatch).lines]
    assert "no passing · game to 100" in lines and "custom (based on Standard)" in lines
    assert not any("Pass directions" in s for s in lines), lines
    shoot(app, shots, "rules-info-box-no-passing")


def test_the_lobby_says_each_tables_rules_in_words(app, drive, monkeypatch, shots):
    # Bob opens a table with his own rules; the lobby's list says them as the rules
    # dialog and the table do ("Omnibus, Game to: 50 points, ..."), not "custom"
    from hearts.engine import Rules
    from hearts.engine.rule_options import rules_title
    from hearts.gui.lobby import LobbyScreen

    from . import clipcheck
    from .helpers import Player, host_lobby
    host_lobby(app, drive)
    bob = Player(app, "Bob")
    try:
        rules = {**OMNIBUS_TO_50, "moon": "choose"}
        bob.send("create_table", name="Bob's", rules=rules)
        bob.wait_for("table")
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        drive.until(lambda: len(screen.list.rows) == 1, what="Bob's table in the list")
        words = rules_title(Rules.from_dict(rules))
        assert words.startswith("Omnibus, ")
        with clipcheck.recording(monkeypatch) as rec:
            app.draw()
        drawn = " ".join(s for s, _r, _h in rec.drawn)
        assert "Omnibus" in drawn and "Game to: 50 points" in drawn, drawn
        assert not _internal(drawn.replace("Bob's", "")), drawn
        drive.shot(shots / "lobby-rules-in-words.png")
        for size in ((800, 600), (1280, 800)):
            app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
            app._resized()
            drive.shot(shots / f"lobby-rules-in-words-{size[0]}x{size[1]}.png")
    finally:
        bob.close()


def test_the_moons_words_say_its_value_under_the_rules(app, drive, monkeypatch, shots):
    # A♠ 7 and K♠ 10 count: the moon is worth 43, and every place that words the moon
    # option says 43 (the info box, the rules dialog on F1, the rules dialog's choices)
    from hearts.gui.rules_dialog import RulesDialog

    from . import clipcheck
    app.settings.bot_level = "random"
    app.link.play_against_bots(rules={"high_spades": True, "moon": "auto"}, seed=4)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 20, "the table")
    drive.step()
    lines = " ".join(s for s, _ in look(screen, monkeypatch).lines)
    assert "others get 43 unless it loses" in lines, lines
    assert "26" not in lines.replace("2026", ""), lines
    drive.key(pygame.K_F1)
    dialog = app.dialogs[-1]
    assert isinstance(dialog, RulesDialog)
    with clipcheck.recording(monkeypatch) as rec:
        app.draw()
    drawn = [s for s, _r, _h in rec.drawn]
    assert "others get 43 unless it loses" in drawn, drawn
    assert not any("26" in s for s in drawn), [s for s in drawn if "26" in s]
    drive.shot(shots / "rules-moon-43.png")
