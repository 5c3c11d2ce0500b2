"""Multiplayer notices: kick asks first (Cancel is the default), the kicked player is told
at once with the table's name, rule changes are listed, chat has an unread badge."""

from __future__ import annotations

import pygame

from hearts.gui.dialog import MessageDialog
from hearts.gui.table import TableScreen
from tests.gui import clipcheck
from tests.gui.helpers import Player, host_lobby, own_table_with_bob


def test_kick_asks_first_and_enter_keeps_the_player(app, drive, shots, monkeypatch):
    bob = own_table_with_bob(app, drive)
    try:
        drive.key(pygame.K_ESCAPE)
        drive.click_button(app.dialogs[-1].form, "West: Bob")
        drive.click_button(app.dialogs[-1].form, "Kick Bob")
        ask = app.dialogs[-1]
        assert isinstance(ask, MessageDialog) and ask.title == "Kick Bob?"
        assert "“Tester's table”" in ask.message
        assert ask.form.focused.label == "Cancel"          # not the kick
        drive.step()
        drive.shot(shots / "kick-confirm.png")
        assert clipcheck.problems(app, monkeypatch) == []
        drive.key(pygame.K_RETURN)
        drive.step(5)
        assert not app.dialogs and app.session.table.seats[1].name == "Bob"
        drive.key(pygame.K_ESCAPE)
        drive.click_button(app.dialogs[-1].form, "West: Bob")
        drive.click_button(app.dialogs[-1].form, "Kick Bob")
        drive.click_button(app.dialogs[-1].form, "Kick")
        assert bob.wait_for("left")["reason"] == "kicked"
    finally:
        bob.close()


def _at_bobs_table(app, drive) -> Player:
    host_lobby(app, drive)
    bob = Player(app, "Bob")
    bob.send("create_table", name="Bob's den", seat=0)
    tid = bob.wait_for("table")["table"]["id"]
    app.send({"type": "sit", "table": tid})
    drive.until(lambda: isinstance(app.screen, TableScreen) and app.session.table is not None,
                what="a seat at Bob's table")
    return bob


def test_the_kicked_player_is_told_at_once_with_the_tables_name(app, drive, shots):
    bob = _at_bobs_table(app, drive)
    try:
        bob.send("kick", seat=app.session.seat)
        told = drive.until(lambda: next((d for d in app.dialogs
                                         if isinstance(d, MessageDialog)), None), what="told")
        assert type(app.screen).__name__ == "LobbyScreen"
        assert told.title == "Removed from the table" and "“Bob's den”" in told.message
        drive.step()
        drive.shot(shots / "kicked.png")
    finally:
        bob.close()


def test_rule_changes_are_listed_and_chat_has_an_unread_badge(app, drive, shots, monkeypatch):
    bob = _at_bobs_table(app, drive)
    try:
        screen = app.screen
        bob.send("set_rules", rules={"moon": "subtract", "queen_points": 14})
        drive.until(lambda: app.session.table.rules.queen_points == 14, what="the new rules")
        drive.step(3)
        text = " / ".join(line.text for line in app.console.lines)
        assert "Bob changed the rules:" in text
        assert "Q♠ points: 13 points → 14 points" in text
        assert "Shooting the moon" in text
        notes = [n.text for n in screen.model.notes]
        assert any(n.startswith("Bob changed the rules: ") and "Q♠ points: 13 points → 14 "
                   "points" in n for n in notes), notes
        # Chat while the console is closed: a badge on the Chat button, cleared on opening.
        unread = app.console.unread
        bob.send("chat", text="your turn soon")
        drive.until(lambda: app.console.unread > unread, what="the chat line")
        chat = screen.button("chat")
        assert chat is not None
        with clipcheck.recording(monkeypatch) as rec:
            app.draw()
        badge = [r for s, r, _h in rec.drawn if s == str(app.console.unread)]
        assert badge and badge[0].colliderect(chat.rect.inflate(40, 40))
        drive.shot(shots / "chat-badge.png")
        drive.click(chat.rect.center)
        assert app.console.visible and app.console.unread == 0
    finally:
        bob.close()


def test_chat_in_the_lobby_says_where_it_goes(app, drive):
    host_lobby(app, drive)
    drive.key(pygame.K_F2)
    assert app.console.visible
    drive.type("hello")
    drive.key(pygame.K_RETURN)
    assert "sit at or watch a table first" in app.console.lines[-1].text
