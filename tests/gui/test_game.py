"""A whole game against bots on an in-process host, played with posted key presses only."""

from __future__ import annotations

import time

import pygame

from hearts.engine import Rules
from hearts.gui.table import TableScreen


def test_whole_game_against_bots_by_keyboard(app, drive, shots):
    app.settings.bot_level = "random"            # fast bots: the test is about the client
    seen: list[dict] = []
    app.link.message_hooks.append(lambda m: seen.extend(m.get("events") or [])
                             if m.get("type") == "update" else None)
    hints: list[dict] = []
    app.link.message_hooks.append(lambda m: hints.append(m) if m.get("type") == "hint" else None)
    # From the main menu: Enter on "Play against bots".
    assert app.screen.form.focused.label == "Play against bots"
    drive.key(pygame.K_RETURN)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen,
                         what="the table")
    assert app.session.owner and app.session.seat == 0
    # A short game: F1, the target box, 12, Apply (the target may change mid-game).
    drive.until(lambda: app.session.table and app.session.table.state == "playing",
                what="the game to start")
    drive.key(pygame.K_F1)
    rules = app.dialogs[-1]
    drive.click(rules.fields["target"].rect.center)
    for _ in range(4):
        drive.key(pygame.K_BACKSPACE)
    drive.type("12")
    drive.click_button(rules.form, "Apply")
    drive.until(lambda: app.session.table.rules.target == 12, what="the new target")
    passed_keys = plays = 0
    shot_pass = shot_play = False
    asked_hint = False
    passed_this_hand = False
    end = time.monotonic() + 60     # a game to 12 is a hand or two: under 1 s unloaded
    while not any(c.get("type") == "game_over" for c in seen):
        assert time.monotonic() < end, "the game did not finish"
        drive.step()
        v = screen.model.view
        if v is None:
            continue
        if v.phase == "pass" and v.passed is None and not passed_this_hand:
            if not shot_pass:
                drive.shot(shots / "table-pass.png")
                shot_pass = True
            for k in (pygame.K_1, pygame.K_2, pygame.K_3)[: v.rules.pass_count]:
                drive.key(k)
            if not shot_play:
                drive.shot(shots / "table-pass-selected.png")
            drive.key(pygame.K_RETURN)
            passed_this_hand = True
            passed_keys += 1
        elif v.phase == "play" and v.my_turn:
            passed_this_hand = False
            if not asked_hint:
                drive.key(pygame.K_h, pygame.KMOD_CTRL)
                drive.until(lambda: hints, what="a hint")
                asked_hint = True
            if not shot_play and len(v.tricks) >= 2:
                drive.shot(shots / "table-play.png")
                shot_play = True
            drive.key(pygame.K_RIGHT)            # the cursor skips cards that may not be played
            drive.key(pygame.K_RETURN)
            plays += 1
            drive.until(lambda: screen.model.view is not v, 5, "the host's answer")
        elif v.phase == "moon-choice" and v.moon is not None and v.moon.shooter == v.seat:
            drive.key(pygame.K_a)
        elif v.phase != "pass":
            passed_this_hand = False
    drive.until(lambda: not screen.animating, 10, "the last animations")
    drive.step(2)
    drive.shot(shots / "table-game-over.png")
    over = next(c for c in seen if c.get("type") == "game_over")
    assert max(over["totals"]) >= 12 and over["winners"]
    assert plays >= 5 and passed_keys >= 1        # TRAM may end a hand early
    played_by_me = [c for c in seen if c.get("type") == "card_played" and c.get("seat") == 0]
    assert len(played_by_me) == plays
    assert app.session.table.state == "over"
    # Ctrl-N deals a new game at the same table (the owner's shortcut).
    seen.clear()
    drive.key(pygame.K_n, pygame.KMOD_CTRL)
    drive.until(lambda: any(c.get("type") == "game_started" for c in seen), what="a new game")


def test_demo_four_bots_while_we_watch(app, drive, shots):
    app.settings.bot_level = "random"
    scored: list[dict] = []
    app.link.message_hooks.append(lambda m: scored.extend(
        c for c in m.get("events") or () if c.get("type") == "hand_scored")
        if m.get("type") == "update" else None)
    app.link.play_against_bots(rules={"target": 200}, demo=True)
    drive.until(lambda: scored, 30, "a hand played by four bots")
    assert app.session.seat is None and isinstance(app.screen, TableScreen)
    assert all(s.kind == "bot" for s in app.session.table.seats)
    drive.shot(shots / "table-demo.png")


def test_a_change_at_the_table_stays_there_and_settings_choose_the_next_games_rules(
        app, drive, config_home, shots):
    """F1 or /end N at a game against bots changes that game only; the rules new games
    against bots start with change in Settings alone."""
    from hearts.gui.settings import Settings
    app.settings.bot_level = "random"
    app.link.play_against_bots()
    drive.until(lambda: app.session.table and app.session.table.state == "playing",
                what="the game")
    app.send({"type": "command", "text": "/end 10"})          # the target of this game
    drive.until(lambda: app.session.table.rules.target == 10, what="the new target")
    drive.key(pygame.K_ESCAPE)
    drive.click_button(app.dialogs[-1].form, "End the game…")
    drive.click_button(app.dialogs[-1].form, "End it")
    drive.until(lambda: app.session.table.state == "over", what="the end")
    drive.key(pygame.K_F1)
    rules = app.dialogs[-1]
    assert not rules.locked
    while rules.preset.value != "omnibus":
        rules.preset.step(1)
    drive.click_button(rules.form, "Apply")
    drive.until(lambda: app.session.table.rules.jack_of_diamonds == -10, what="omnibus")
    drive.key(pygame.K_n, pygame.KMOD_CTRL)
    drive.until(lambda: app.session.table.state == "playing", what="the new game")
    assert app.session.table.rules.moon_needs_jack is True        # this table keeps them
    assert Settings.load().bot_rules == {} and app.settings.bot_rules == {}
    # The next game against bots has the default rules...
    app.link.disconnect()
    drive.key(pygame.K_RETURN)
    drive.until(lambda: app.session.table and app.session.table.state == "playing",
                what="the next game")
    assert app.session.table.rules == Rules()
    # ...until Settings say otherwise.
    app.link.disconnect()
    drive.click_button(app.screen.form, "Settings")
    drive.click_button(app.screen.form, "Standard…")
    rules = app.dialogs[-1]
    while rules.preset.value != "omnibus":
        rules.preset.step(1)
    drive.click_button(rules.form, "OK")
    assert app.screen.form.find("Omnibus…") is not None
    drive.shot(shots / "settings-bot-rules.png")
    drive.click_button(app.screen.form, "Save")
    assert Settings.load().bot_rules == {"jack_of_diamonds": -10, "moon_needs_jack": True}
    drive.click_button(app.screen.form, "Play against bots")
    drive.until(lambda: app.session.table and app.session.table.state == "playing",
                what="a game with the chosen rules")
    assert app.session.table.rules.moon_needs_jack is True
