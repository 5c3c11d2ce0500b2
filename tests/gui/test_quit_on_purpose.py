"""Quitting on purpose is not a lost connection (issue 59, item 13, the desktop's half):
Alice quits her LAN game with Ctrl-Q and confirms; the host is told she leaves before the
window goes, so Bob, at the same table, reads that she left and sees a bot in her seat at
once, never that her connection was lost."""

from __future__ import annotations

import pygame

from hearts.gui.menu import JoinScreen
from hearts.gui.table import TableScreen

from .helpers import Player, host_lobby


def test_quitting_at_a_lan_table_says_so_to_the_others(app, drive):
    host_lobby(app, drive)                      # a host on loopback, in this process
    port = app.session.port
    app.show(JoinScreen(app))                   # Alice joins it as a guest does
    drive.type(f"127.0.0.1:{port}")
    drive.key(pygame.K_RETURN)
    drive.until(lambda: type(app.screen).__name__ == "LobbyScreen", what="the lobby")
    drive.click_button(app.screen.form, "New table")
    drive.click_button(app.dialogs[-1].form, "Create")
    drive.until(lambda: app.session.table is not None, what="our table")
    bob = Player(app, "Bob")
    bob.send("sit", table=app.session.table.id, seat=1)
    bob.wait_for("table")
    drive.until(lambda: app.session.table.seats[1].name == "Bob", what="Bob seated")
    app.send({"type": "start"})
    drive.until(lambda: isinstance(app.screen, TableScreen) and app.session.table.state
                == "playing", what="the game")
    changes: list[dict] = []

    def said(e: dict) -> bool:
        changes.extend(c for c in e.get("events") or () if isinstance(c, dict))
        return any(c.get("type") in ("player_left", "player_dropped") for c in changes)
    drive.key(pygame.K_q, pygame.KMOD_CTRL)
    assert app.dialogs and app.dialogs[-1].title == "Quit"
    drive.click_button(app.dialogs[-1].form, "Quit")
    bob.wait_for(lambda e: e.get("type") == "update" and said(e))
    kinds = [c["type"] for c in changes]
    assert "player_left" in kinds and "player_dropped" not in kinds, kinds
    drive.until(lambda: not app.running, 5, "the app quitting")
    seat = bob.client.mirror.info.seats[0]         # a bot plays her seat at once
    assert seat.kind == "bot" or seat.auto, seat
    bob.close()
