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


def _drawn(app, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    with clipcheck.recording(monkeypatch) as rec:
        app.draw()
    return [(text, r) for text, r, _h in rec.drawn]


def test_lobby_chat_in_the_lobby_and_at_the_table(app, drive, shots, monkeypatch):
    """A line typed in the lobby reaches a player at no table; lobby lines show under the
    table list, badge the lobby's Chat button, and reach the table marked as the lobby's."""
    host_lobby(app, drive)
    lou = Player(app, "Lou")
    try:
        drive.key(pygame.K_F2)
        assert app.console.visible
        app.draw()
        assert app.console.input.placeholder.startswith("chat to the lobby")
        drive.type("anyone for a game?")
        drive.key(pygame.K_RETURN)
        line = lou.wait_for("chat")
        assert line == {"type": "chat", "scope": "lobby", "name": "Tester",
                        "text": "anyone for a game?"}
        drive.key(pygame.K_ESCAPE)
        assert not app.console.visible
        lou.send("chat", text="me! make a table and I sit down")
        drive.until(lambda: any(x.text.endswith("I sit down") for x in app.console.lobby),
                    what="Lou's lobby line")
        drive.step(2)
        drawn = _drawn(app, monkeypatch)
        texts = [t for t, _r in drawn]
        chat_box = app.screen.chat_box
        # both lines under the list, names first; the Chat button carries the unread badge
        for name, said in (("Tester", ": anyone for a game?"),
                           ("Lou", ": me! make a table and I sit down")):
            assert name in texts and said in texts, texts
            assert chat_box.contains(dict(drawn)[said])
        chat = app.screen.button("chat")
        assert app.console.unread >= 1
        badge = [r for t, r in drawn if t == str(app.console.unread)]
        assert badge and badge[0].colliderect(chat.rect.inflate(40, 40))
        assert clipcheck.problems(app, monkeypatch) == []
        drive.shot(shots / "lobby-chat.png")
        drive.click(chat.rect.center)
        assert app.console.visible and app.console.unread == 0
        drive.key(pygame.K_ESCAPE)

        # at a table: Lou's lobby lines arrive marked as the lobby's, with the badge
        drive.click_button(app.screen.form, "New table")
        drive.click_button(app.dialogs[-1].form, "Create")
        drive.until(lambda: isinstance(app.screen, TableScreen), what="our table")
        drive.step(2)
        unread = app.console.unread
        lou.send("chat", text="is there room at your table?")
        drive.until(lambda: app.console.unread > unread, what="the lobby line at the table")
        last = app.console.lines[-1]
        assert last.name == "Lobby · Lou" and last.text == ": is there room at your table?"
        drive.step(2)
        drawn = _drawn(app, monkeypatch)
        texts = [t for t, _r in drawn]
        assert "Lobby · Lou" in texts                  # the recent lines over the table
        chat = app.screen.button("chat")
        badge = [r for t, r in drawn if t == str(app.console.unread)]
        assert badge and badge[0].colliderect(chat.rect.inflate(40, 40))
        drive.shot(shots / "lobby-chat-at-table.png")
        # chat typed at the table stays there: Lou, in the lobby, does not get it
        drive.key(pygame.K_F2)
        assert app.console.input.placeholder.startswith("chat to your table")
        drive.type("just the bots and me")
        drive.key(pygame.K_RETURN)
        drive.until(lambda: app.console.lines[-1].text.endswith("just the bots and me"),
                    what="our table line")
        assert app.console.lines[-1].name == "Tester"
        import asyncio
        try:
            got = lou.wait_for(lambda e: "just the bots" in str(e), timeout=0.5)
        except asyncio.TimeoutError:
            got = None
        assert got is None
    finally:
        lou.close()


def test_before_the_first_game_the_table_shows_its_notices(app, drive, monkeypatch, shots):
    """Someone sitting down, a kick and a rule change are the waiting table's notices,
    for the owner and for the others."""
    from .rigged import shoot
    from .table_seen import look
    bob = own_table_with_bob(app, drive)            # we own the table; Bob sat down
    try:
        screen = app.screen
        assert app.session.table.state == "waiting"
        drive.until(lambda: any("Bob sat down" in t for t, _ in screen.note_lines()),
                    what="Bob's notice")
        assert _said(look(screen, monkeypatch), "Bob sat down (West).")        # drawn
        app.send({"type": "set_rules", "rules": {"target": 50}})
        drive.until(lambda: app.session.table.rules.target == 50, what="our rule change")
        drive.step(2)
        assert _said(look(screen, monkeypatch), "You changed the rules: Game to: 100 points → "
                     "50 points.")
        app.send({"type": "kick", "seat": 1})
        assert bob.wait_for("left")["reason"] == "kicked"
        drive.until(lambda: any("Bob was removed" in t for t, _ in screen.note_lines()),
                    what="the kick's notice")
        assert _said(look(screen, monkeypatch), "Bob was removed from the table.")
        shoot(app, shots, "waiting-notices")
    finally:
        bob.close()
    # at someone else's table, before the game: their rule change is a notice there too
    app.link.disconnect()
    ann_app = _at_bobs_table(app, drive)
    try:
        screen = app.screen
        ann_app.send("set_rules", rules={"moon": "subtract"})
        drive.until(lambda: app.session.table.rules.moon == "subtract", what="Bob's rules")
        drive.step(2)
        assert _said(look(screen, monkeypatch), "Bob changed the rules: Shooting the moon: "
                     "others get 26 → shooter loses 26.")
        shoot(app, shots, "waiting-rules-changed")
    finally:
        ann_app.close()


def _said(seen, sentence: str) -> bool:
    """``sentence`` was drawn whole (a notice wraps onto lines, each drawn in turn)."""
    return sentence in " ".join(s for s, _ in seen.lines)
