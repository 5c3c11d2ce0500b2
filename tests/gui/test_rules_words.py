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
    return "custom" in text or re.search(r"\w=\w|[a-z]_[a-z]", text) is not None


def test_the_info_box_and_the_scoreboard_say_the_rules_in_words(app, drive, monkeypatch, shots):
    app.settings.bot_level = "random"
    app.link.play_against_bots(rules=OMNIBUS_TO_50, seed=4)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 20, "the table")
    drive.step()
    lines = [s for s, _ in look(screen, monkeypatch).lines]
    assert "Omnibus" in lines and "pass left ← · game to 50" in lines
    assert not any(_internal(s) for s in lines), lines
    shoot(app, shots, "rules-info-box")
    drive.key(pygame.K_TAB)
    lines = [s for s, _ in look(screen, monkeypatch).lines]
    assert "game to 50 · Omnibus" in lines
    assert not any(_internal(s) for s in lines), lines
    shoot(app, shots, "rules-scoreboard")
