"""The console: chat to everyone at the table and host commands, shown with their answers."""

from __future__ import annotations

import pygame

from hearts.gui.console import BAD, OK
from tests.gui import clipcheck
from tests.gui.helpers import own_table_with_bob


def test_console_sends_chat_and_shows_chat_from_others(app, drive, shots, monkeypatch):
    bob = own_table_with_bob(app, drive)
    try:
        console = app.console
        assert not console.visible
        drive.key(pygame.K_BACKQUOTE, unicode="`")
        assert console.visible
        drive.type("`")                   # the key's own character is not typed into the line
        drive.type("hello Bob ♥")
        assert console.input.value == "hello Bob ♥"
        drive.key(pygame.K_RETURN)
        assert console.input.value == ""

        def bob_heard(e):
            return e["type"] == "update" and any(
                c.get("type") == "chat" and c.get("text") == "hello Bob ♥" for c in e["events"])
        said = bob.wait_for(bob_heard)
        assert any(c.get("name") == "Tester" for c in said["events"] if c["type"] == "chat")
        bob.send("chat", text="hi Tester, good luck")
        drive.until(lambda: any(x.name == "Bob" and "good luck" in x.text for x in console.lines),
                    what="Bob's line in the console")
        assert any(x.name == "Tester" and "hello Bob ♥" in x.text for x in console.lines)
        drive.type("/who")
        drive.key(pygame.K_RETURN)
        drive.until(lambda: any("Bob" in x.text and x.colour == OK for x in console.lines),
                    what="the answer to /who")
        drive.step(2)
        drive.shot(shots / "console.png")
        drive.key(pygame.K_ESCAPE)
        assert not console.visible
        # Closed, a new line still shows for a moment.
        bob.send("chat", text="are you there?")
        drive.until(lambda: console.peeking and console.lines[-1].text.endswith("are you there?"),
                    what="the peek line")
        drive.shot(shots / "console-peek.png")
        # Once the game runs, it peeks under the table's information panel, not over it.
        app.send({"type": "start"})
        drive.until(lambda: app.screen.model.view is not None, what="the deal")
        bob.send("chat", text="dealt!")
        drive.until(lambda: console.peeking and console.lines[-1].text.endswith("dealt!"),
                    what="the second peek line")
        with clipcheck.recording(monkeypatch) as rec:
            app.draw()
        peek = [r for t, r, _h in rec.drawn if t.endswith("dealt!")]
        info = app.screen.info_rect
        assert peek and info is not None and peek[0].top >= info.bottom
        # Lines the table shows its own way (a player leaving) are logged, but neither
        # peek nor count as unread: only words someone said do.
        unread = console.unread
        console._change({"type": "player_left", "name": "Zed", "seat": 2})
        assert console.lines[-1].text == "Zed left the table." and console.unread == unread
        assert all(x.said for x in console._recent())
    finally:
        bob.close()


def test_console_command_errors_are_shown(app, drive):
    bob = own_table_with_bob(app, drive)
    try:
        bob.send("command", text="/end 50")            # Bob does not own the table
        reply = bob.wait_for("reply")
        assert reply["ok"] is False
        app.console.open()
        drive.type("/rules set moon choose")
        drive.key(pygame.K_RETURN)
        drive.until(lambda: app.session.table.rules.moon == "choose", what="the rule")
        drive.type("/nonsense")
        drive.key(pygame.K_RETURN)
        drive.until(lambda: any(x.colour == BAD and not x.text.startswith(">")
                                for x in app.console.lines[-2:]), what="the refusal")
    finally:
        bob.close()


def test_tab_completes_commands_and_names(app, drive):
    bob = own_table_with_bob(app, drive)
    try:
        app.console.open()
        drive.type("/ki")
        drive.key(pygame.K_TAB)
        assert app.console.input.value == "/kick "
        drive.type("b")
        drive.key(pygame.K_TAB)
        assert app.console.input.value == "/kick Bob "
        drive.key(pygame.K_RETURN)
        assert bob.wait_for("left")["reason"] == "kicked"
        drive.key(pygame.K_UP)                  # history brings the line back
        assert app.console.input.value == "/kick Bob"
    finally:
        bob.close()


def test_help_is_a_list_and_rules_are_in_words_and_hints_stay_out(app, drive, shots):
    app.settings.bot_level = "random"
    app.link.play_against_bots(rules={"moon": "subtract"})
    drive.until(lambda: app.session.table is not None and app.session.table.state == "playing",
                what="the game")
    console = app.console
    drive.key(pygame.K_F2)
    assert console.visible
    start = len(console.lines)
    drive.type("/help")
    drive.key(pygame.K_RETURN)
    drive.until(lambda: any(x.text.startswith("/kick") for x in console.lines[start:]),
                what="the answer to /help")
    answer = [x.text for x in console.lines[start + 1:]]
    commands = [t for t in answer if t.startswith("/")]
    assert len(commands) >= 10                           # one command a line
    assert "F2" in answer[0]
    start = len(console.lines)
    drive.type("/rules")
    drive.key(pygame.K_RETURN)
    drive.until(lambda: any("Shooting the moon" in x.text for x in console.lines[start:]),
                what="the answer to /rules")
    text = "\n".join(x.text for x in console.lines[start:])
    assert "=" not in text and "None" not in text and "sun_points" not in text
    # only what does something under these rules: the J♦ is worth nothing, no sun
    assert "J♦ still counts" not in text and "Bonuses with a moon" not in text
    assert "Sun points" not in text and "Moon needs J♦" not in text
    drive.step(2)
    drive.shot(shots / "console-rules.png")
    drive.key(pygame.K_ESCAPE)
    # Hints show at the table, not as console lines.
    before = len(console.lines)
    hints = []
    app.link.message_hooks.append(lambda m: hints.append(m) if m.get("type") == "hint" else None)
    for _ in range(3):
        app.send({"type": "hint"})
    drive.until(lambda: len(hints) >= 3, what="three hints")
    assert not any("Hint" in x.text for x in console.lines[before:])


def test_seats_by_place_in_the_console(app, drive):
    """Tab completes a place after /bot; /bot north hard seats a hard bot where the menus
    say North; /kick west sends Bob (on the West plate) away."""
    bob = own_table_with_bob(app, drive)
    try:
        app.console.open()
        drive.type("/bot nor")
        drive.key(pygame.K_TAB)
        assert app.console.input.value == "/bot north "
        drive.type("hard")
        drive.key(pygame.K_RETURN)
        drive.until(lambda: app.session.table.seats[2].kind == "bot", what="the north bot")
        assert app.session.table.seats[2].level == "hard"
        drive.until(lambda: any(x.text == "north (seat 2): hard bot" and x.colour == OK
                                for x in app.console.lines), what="the answer")
        from hearts.gui.seat_menu import seat_label
        assert seat_label(app, 1) == "West: Bob"
        drive.type("/kick west")
        drive.key(pygame.K_RETURN)
        assert bob.wait_for("left")["reason"] == "kicked"
    finally:
        bob.close()
